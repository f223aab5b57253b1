"""Cards as small integers, decks described by data, and the card notation of the contracts.

A card is an index into its deck: ``pack * (suits * ranks) + suit * ranks + rank``. Sets of cards
are Python ints used as bit sets, because legal-move generation and meld detection run millions of
times in simulation. Strings exist only at the API boundary (``QS``, ``TH``, ``7D``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import chain
from operator import getitem
from typing import Iterable, Iterator, Sequence

from .errors import CardcoreError

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "SHDC"  # also the canonical suit order for sorting cards in actions and records
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SYMBOL_OF_SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_NAMES = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
    "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace",
}


class CardError(CardcoreError):
    """Text that is not a card of this deck."""


def normalise_card_text(text: str) -> str:
    """``10h``, ``q♠``, ``Qs`` -> ``TH``, ``QS``, ``QS``; raises CardError if not card-shaped."""
    t = text.strip()
    if not t:
        raise CardError("empty card")
    suit = t[-1]
    suit = SUIT_SYMBOLS.get(suit, suit.upper())
    rank = t[:-1].upper()
    if rank == "10":
        rank = "T"
    if len(rank) != 1 or rank not in RANK_CHARS or suit not in SUIT_CHARS:
        raise CardError(
            f"{text!r} is not a card: write rank then suit, e.g. QS, TH, 10h, 7♦ "
            f"(ranks {' '.join(RANK_CHARS)}; suits {' '.join(SUIT_CHARS)})"
        )
    return rank + suit


def iter_bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of ``mask``, lowest first."""
    return iter(bits(mask))


_chain = chain.from_iterable


def _bits_of_big(mask: int) -> list[int]:
    """The set bits of a mask beyond 64 bits (a deck of more than two packs): its bytes, each
    looked up in the table of its position, all in C calls, however many cards it holds."""
    size = (mask.bit_length() + 7) >> 3
    if size > len(_BYTE_BITS):
        _BYTE_BITS.extend(_byte_bits(k) for k in range(len(_BYTE_BITS), size))
    return [*_chain(map(getitem, _BYTE_BITS, mask.to_bytes(size, "little")))]


def _byte_bits(k: int) -> list[tuple[int, ...]]:
    """Per value of the byte at position ``k`` of a mask, the indices of its set bits."""
    return [tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256)]


# The set bits of every byte value at each byte position of a 256-bit mask (eight packs of
# 32), grown when a bigger mask is asked about: a hand's cards are then a few table look-ups
# instead of a loop over its bits.
_BYTE_BITS = [_byte_bits(k) for k in range(32)]
_B0, _B1, _B2, _B3, _B4, _B5, _B6, _B7 = _BYTE_BITS[:8]
# The same for 11-bit pieces of a mask of one 32-card pack: three look-ups, not four.
_L0, _L1, _L2 = ([tuple(11 * k + i for i in range(11) if b >> i & 1) for b in range(2048)] for k in range(3))


def or_all(masks) -> int:
    """The union of bit sets."""
    out = 0
    for m in masks:
        out |= m
    return out


def bits(mask: int) -> list[int]:
    """Indices of the set bits of ``mask``, lowest first, as a list."""
    if mask < 0x200000000:
        return [*_L0[mask & 2047], *_L1[mask >> 11 & 2047], *_L2[mask >> 22]]
    if mask < 0x10000000000000000:
        return [*_B0[mask & 255], *_B1[mask >> 8 & 255], *_B2[mask >> 16 & 255], *_B3[mask >> 24 & 255],
                *_B4[mask >> 32 & 255], *_B5[mask >> 40 & 255], *_B6[mask >> 48 & 255], *_B7[mask >> 56]]
    return _bits_of_big(mask)


def popcount(mask: int) -> int:
    return mask.bit_count()


@dataclass(frozen=True, eq=False)
class Deck:
    """The cards of one game: ranks and suits of one pack, times ``packs``.

    ``order`` gives, per suit, the ranks from lowest to highest for winning tricks; it is the
    plain order unless a suit has an exception (e.g. Penneech's seven of diamonds on top).
    """

    ranks: tuple[str, ...]
    suits: tuple[str, ...]
    packs: int = 1
    order: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        per_pack = len(self.ranks) * len(self.suits)
        n = per_pack * self.packs
        names, suit_of, rank_of, strength = [], [], [], []
        for _pack in range(self.packs):
            for s in self.suits:
                suit_order = self.order.get(s, self.ranks)
                for r in self.ranks:
                    names.append(r + s)
                    suit_of.append(self.suits.index(s))
                    rank_of.append(self.ranks.index(r))
                    strength.append(suit_order.index(r))
        by_name: dict[str, list[int]] = {}
        for i, name in enumerate(names):
            by_name.setdefault(name, []).append(i)
        suit_masks = [0] * len(self.suits)
        rank_masks = [0] * len(self.ranks)
        for i in range(n):
            suit_masks[suit_of[i]] |= 1 << i
            rank_masks[rank_of[i]] |= 1 << i
        # Canonical order of the contracts: suits S H D C, then rank high to low (plain order).
        canon = sorted(
            range(n),
            key=lambda i: (SUIT_CHARS.index(names[i][1]), -rank_of[i], i),
        )
        sort_pos = [0] * n
        for pos, i in enumerate(canon):
            sort_pos[i] = pos
        object.__setattr__(self, "size", n)
        object.__setattr__(self, "names", tuple(names))
        object.__setattr__(self, "suit_of", tuple(suit_of))
        object.__setattr__(self, "rank_of", tuple(rank_of))
        object.__setattr__(self, "strength", tuple(strength))
        object.__setattr__(self, "by_name", {k: tuple(v) for k, v in by_name.items()})
        object.__setattr__(self, "index_of", {k: v[0] for k, v in by_name.items()})  # first copy
        object.__setattr__(self, "suit_masks", tuple(suit_masks))
        object.__setattr__(self, "rank_masks", tuple(rank_masks))
        object.__setattr__(self, "sort_pos", tuple(sort_pos))
        object.__setattr__(self, "full_mask", (1 << n) - 1)
        # per card, the cards of its suit that beat it (a whole trick's obligation in one AND)
        stronger = [0] * n
        for i in range(n):
            for j in range(n):
                if suit_of[j] == suit_of[i] and strength[j] > strength[i]:
                    stronger[i] |= 1 << j
        object.__setattr__(self, "stronger", tuple(stronger))

    # -- notation ---------------------------------------------------------------------------
    def name(self, card: int) -> str:
        return self.names[card]

    def suit_letter(self, card: int) -> str:
        return self.suits[self.suit_of[card]]

    def rank_letter(self, card: int) -> str:
        return self.ranks[self.rank_of[card]]

    def parse(self, text: str) -> str:
        """Canonical name of a card of this deck, from any accepted notation."""
        if text in self.by_name:  # already canonical, as every action the engine offers
            return text
        try:
            name = normalise_card_text(text)
        except CardError:
            # the generic message lists every rank there is; say only this deck's
            raise CardError(f"{text.strip()!r} is not a card: write rank then suit, e.g. "
                            f"{', '.join(self._examples())} ({self.describe()})") from None
        if name not in self.by_name:
            raise CardError(f"{name} is not in this game's deck ({self.describe()})")
        return name

    def describe(self) -> str:
        """``32 cards, ranks A K Q J T 9 8 7 (high to low), suits S H D C``, and any suit's own order."""
        packs = f"{self.packs} packs of " if self.packs > 1 else ""
        out = (f"{packs}{len(self.ranks) * len(self.suits)} cards, ranks {' '.join(reversed(self.ranks))} "
               f"(high to low), suits {' '.join(self.suits)}")
        for suit, order in self.order.items():
            out += f"; in {SUIT_NAMES[suit]}: {' '.join(reversed(order))}"
        return out

    def _examples(self) -> list[str]:
        """Three ways to write cards of this deck: ``AS``, ``10h`` (or ``7h``), ``7♣``."""
        symbol = {v: k for k, v in reversed(SUIT_SYMBOLS.items())}
        top, low, last = self.ranks[-1], self.ranks[0], self.suits[-1]
        second = self.suits[1 % len(self.suits)].lower()
        return [top + self.suits[0], ("10" if "T" in self.ranks else low) + second, low + symbol[last]]

    def sorted_cards(self, cards: Iterable[int]) -> list[int]:
        return sorted(cards, key=self.sort_pos.__getitem__)

    def names_of(self, mask: int) -> list[str]:
        """Canonically ordered names of the cards in ``mask``."""
        return [self.names[c] for c in self.sorted_cards(iter_bits(mask))]

    def find(self, name: str, within: int) -> int | None:
        """A physical card called ``name`` inside ``within`` (any copy), or None."""
        for c in self.by_name.get(name, ()):
            if within >> c & 1:
                return c
        return None

    def mask_of_names(self, names: Sequence[str], within: int) -> int | None:
        """Physical cards for ``names`` taken from ``within``; None if any is missing there."""
        mask = 0
        for n in names:
            c = self.find(n, within & ~mask)
            if c is None:
                return None
            mask |= 1 << c
        return mask

    def card_index(self, name: str) -> int:
        """The first physical card of that name (the only one in a one-pack deck)."""
        return self.by_name[name][0]
