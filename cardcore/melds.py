"""The generic meld engine: meld kinds from the rules tables, compiled into card patterns.

Every meld kind of the family is one of six shapes, so a game's meld table is pure data:
``set`` (n cards of one rank), ``sequence`` (n same-suit cards consecutive in the sequence order,
containing given ranks), ``flush`` (n same-suit cards containing given ranks), ``couple``
(one card of each of two ranks, in the same or in different suits), ``single`` (one card of a
rank) and ``named`` (given cards). Compiling a table lists every
card set that forms each kind, so finding the melds in a holding is a subset test per pattern.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections import Counter
from itertools import combinations, combinations_with_replacement, product
from itertools import combinations as _combinations
from typing import TYPE_CHECKING

from .cards import Deck, iter_bits, or_all

if TYPE_CHECKING:  # pragma: no cover
    from .ruleset import MeldRule


@dataclass(frozen=True)
class MeldPattern:
    mask: int
    kind: int  # index into the table's rules
    suit: int | None  # the suit of a same-suit meld (for trump-dependent points)
    first_suit: int | None = None  # a couple's first card's suit (for couples that need a trump)


@dataclass(frozen=True)
class MeldScore:
    mask: int
    rule: "MeldRule"
    points: int
    suit: int | None



def found_in(answers, pool: int, fresh: int) -> list[int]:
    """The melds within ``pool`` holding a ``fresh`` card, from the answers of every group of a
    table worked out in advance (``MeldTable.answers``): one look-up per group."""
    out: list[int] = []
    for support, by_part in answers:
        found = by_part[pool & support]
        if found:
            for mask in found:
                if mask & fresh:
                    out.append(mask)
    return out

class MeldTable:
    """Every card set forming a meld of the table. With more than two packs the physical sets
    are too many to list (any four Aces of eight packs: 35,960 sets), so the table lists each
    meld once by its card names, on the lowest copies of each card (``canonical``); a holding
    is looked up by the same lowest copies, and the sets found are mapped back to its own cards
    (:meth:`within`)."""

    def __init__(self, deck: Deck, rules: list["MeldRule"], sequence_order: tuple[str, ...]):
        self.deck = deck
        self.rules = rules
        self.canonical = deck.packs > 2
        if not self.canonical:
            self.within = self._searched
        # per card name, the bit of its first, second... copy
        ids = {name: i for i, name in enumerate(deck.by_name)}
        self._name_of = [ids[name] for name in deck.names]  # per card, its name's number
        self._copy_bits = [[1 << c for c in copies] for copies in deck.by_name.values()]
        self._copies = list(deck.by_name.values())  # per card name, its cards, lowest first
        # a deck is its packs one after the other, each card's copies one pack apart: a mask
        # cut into packs is a count per card name, a bit per pack (see lowest_copies)
        pack_size = deck.size // deck.packs
        assert all(copies == tuple(range(copies[0], deck.size, pack_size)) for copies in self._copies)
        self._sort_packs = _pack_sorter(deck.packs, pack_size)
        self._pack_size, self._first_pack = pack_size, (1 << pack_size) - 1
        # per card name, the mask of its copies: a name's copies in a holding are one AND
        self._name_masks = [_mask(copies) for copies in self._copies]
        # the distances that fold every pack onto the first, halving the packs each time
        self._fold_packs = tuple(pack_size * half for half in (128, 64, 32, 16, 8, 4, 2, 1) if half < deck.packs)
        self._names_wanted: dict[int, tuple] = {}  # a canonical set's (card name, copies) pairs
        self._name_copies: dict[int, int] = {}  # a canonical set's names' copies, every one
        # a canonical set's physical sets, by the copies of its names held, loose and fresh: a
        # seat's holding keeps most of its cards from one turn to the next (within_by_names)
        self._sets_of: dict[tuple[int, int, int, int], tuple[int, ...]] = {}
        self._named_as: dict[int, int] = {}  # each physical set found so, its canonical set (for best)
        self.patterns: dict[int, list[MeldPattern]] = {}
        for index, rule in enumerate(rules):
            for mask, suit, first_suit in _card_sets(deck, rule, sequence_order, self.canonical):
                self.patterns.setdefault(mask, []).append(MeldPattern(mask, index, suit, first_suit))
        self.items = list(self.patterns.items())
        self._reach = (1 << max((m.bit_length() for m in self.patterns), default=0)) - 1  # the copies melds take
        self._last_pool = (-1, None, [])  # the holding last searched by names, the kinds, its sets
        self._groups: dict[frozenset[str] | None, list[_Group]] = {}
        self._complete: dict[frozenset[str] | None, tuple] = {}
        self._best: dict[tuple, dict[int, MeldScore | None]] = {}  # by (trump, allowed), by card set
        self._by_card: dict[int | None, list[list[tuple[int, int]]]] = {}
        self._by_name: dict[int | None, list] = {}

    def melds_by_card(self, trump: int | None) -> list[list[tuple[int, int]]]:
        """Per card index, every meld of the table it can belong to with this trump, as (mask,
        points): what heuristic bots weigh when they keep a card for a meld. Remembered. (For a
        ``canonical`` table of more than two packs, only the lowest copies of each card have
        entries, on canonical sets: :meth:`melds_by_name` answers for every copy.)"""
        known = self._by_card.get(trump)
        if known is None:
            known = self._by_card[trump] = [[] for _ in range(self.deck.size)]
            for mask, _patterns in self.items:
                best = self.best(mask, trump)
                if best is not None:
                    for card in iter_bits(mask):
                        known[card].append((mask, best.points))
        return known

    def melds_by_name(self, trump: int | None) -> list[list[tuple[tuple[tuple[int, int], ...], int]]]:
        """Per card name (numbered as :meth:`name_counts` counts them), every meld of the table
        its name can belong to with this trump, as (the (name, copies) it wants, points): what
        :meth:`melds_by_card` is for heuristic bots, complete for every copy of every card, as
        no physical card set of many packs stands for the others. Remembered."""
        known = self._by_name.get(trump)
        if known is None:
            known = self._by_name[trump] = [[] for _ in self._copy_bits]
            for mask, _patterns in self.items:
                best = self.best(mask, trump)
                if best is not None:
                    wanted = self.names_wanted(mask)
                    for name, _k in wanted:
                        known[name].append((wanted, best.points))
        return known

    def name_of(self, card: int) -> int:
        """The number of a card's name (its copies share it)."""
        return self._name_of[card]

    def name_counts(self, mask: int) -> list[int]:
        """Per card name, how many of its copies ``mask`` holds."""
        counts = [0] * len(self._copy_bits)
        name_of = self._name_of
        for c in iter_bits(mask):
            counts[name_of[c]] += 1
        return counts

    def names_wanted(self, mask: int) -> tuple[tuple[int, int], ...]:
        """A card set's (card name number, copies) pairs."""
        wanted = self._names_wanted.get(mask)
        if wanted is None:
            wanted = self._names_wanted[mask] = tuple(Counter(self._name_of[c] for c in iter_bits(mask)).items())
        return wanted

    def points(self, pattern: MeldPattern, trump: int | None) -> int:
        rule = self.rules[pattern.kind]
        if rule.points_if_trump and trump is not None and self.deck.suits[trump] in rule.points_if_trump:
            return rule.points_if_trump[self.deck.suits[trump]]
        if rule.trump_points is not None and pattern.suit is not None and pattern.suit == trump:
            return rule.trump_points
        if isinstance(rule.points, dict):
            rank = self.deck.rank_letter((pattern.mask & -pattern.mask).bit_length() - 1)
            return rule.points[rank]
        return rule.points

    def lowest_copies(self, mask: int) -> int:
        """The same cards by name, each name on its lowest copies (the canonical set). Worked out
        on whole packs, not card by card: cut into packs, a mask is a column of bits per card
        name, and sorting every column at once (a sorting network whose compare-and-swap of two
        packs is an OR and an AND) puts each name's cards on its lowest copies. A holding of eight
        packs costs a few dozen operations on its mask, however many cards it holds."""
        for distance, low, keep in self._sort_packs:
            a = mask & low  # the lower pack of each pair compared
            b = mask >> distance & low  # the higher one, moved down beside it
            mask = mask & keep | a | b | (a & b) << distance
        return mask

    def best(self, mask: int, trump: int | None, allowed: frozenset[str] | None = None) -> MeldScore | None:
        """The best-scoring meld these exact cards form (the engine scores the better one),
        among the meld kinds named in ``allowed`` if given. Remembered: playouts ask again and
        again."""
        known = self.bests(trump, allowed)
        try:
            return known[mask]
        except KeyError:
            found = known[mask] = self._best_of(mask, trump, allowed)
            return found

    def bests(self, trump: int | None, allowed: frozenset[str] | None = None) -> dict[int, MeldScore | None]:
        """:meth:`best`'s answers so far with this trump and these kinds, by card set: read once
        for the sets of a declaration turn (a set not in it is asked of :meth:`best`)."""
        known = self._best.get((trump, allowed))
        if known is None:
            known = self._best[trump, allowed] = {}
        return known

    def _best_of(self, mask: int, trump: int | None, allowed: frozenset[str] | None) -> MeldScore | None:
        lowest = mask
        if self.canonical:  # a set the search by names found knows its canonical set
            lowest = self._named_as.get(mask) or self.lowest_copies(mask)
        if lowest != mask:  # the meld its names make on their lowest copies, on these cards
            meld = self.best(lowest, trump, allowed)
            return None if meld is None else MeldScore(mask, meld.rule, meld.points, meld.suit)
        best = None
        for pattern in self.patterns.get(lowest, ()):
            rule = self.rules[pattern.kind]
            if allowed is not None and rule.name not in allowed:
                continue
            if rule.first_suit == "trump" and (trump is None or pattern.first_suit != trump):
                continue
            if rule.trump_only and (trump is None or pattern.suit != trump):
                continue
            if rule.non_trump_only and pattern.suit == trump:
                continue
            if rule.trumps is not None and (trump is None or self.deck.suits[trump] not in rule.trumps):
                continue
            pts = self.points(pattern, trump)
            if best is None or pts > best.points:
                best = MeldScore(mask, rule, pts, pattern.suit)
        return best

    def _grouped(self, allowed: frozenset[str] | None) -> list["_Group"]:
        """The table's card sets (of the kinds in ``allowed``) grouped by the cards they can
        lie in: one rank for sets of a rank, one suit for same-suit melds, else the ranks
        involved. A holding's melds in a group depend only on its cards there, few enough to
        remember every answer."""
        by_support: dict[int, list[int]] = {}
        deck = self.deck
        for mask, patterns in self.items:
            if allowed is not None and not any(self.rules[p.kind].name in allowed for p in patterns):
                continue
            cards = list(iter_bits(mask))
            ranks = {deck.rank_of[c] for c in cards}
            suits = {deck.suit_of[c] for c in cards}
            if len(ranks) == 1:
                support = deck.rank_masks[ranks.pop()]
            elif len(suits) == 1:
                support = deck.suit_masks[suits.pop()]
            else:
                support = 0
                for r in ranks:
                    support |= deck.rank_masks[r]
            by_support.setdefault(support, []).append(mask)
        if self.canonical:
            # canonical sets take each name's lowest copies: a group's sets lie in the copies
            # they take, a few of its support's (a suit's sequences take the first copy of each
            # card), and a holding's part there is one of far fewer, more often answered
            return [_Group(or_all(masks), masks) for masks in by_support.values()]
        return [_Group(support, masks) for support, masks in by_support.items()]

    def within(self, pool: int, fresh: int, allowed: frozenset[str] | None = None, loose: int | None = None) -> list[int]:
        """Masks of every meld made of cards in ``pool`` with at least one card in ``fresh``
        (only of the kinds named in ``allowed``, if given). ``loose``: the cards whose copies
        are interchangeable (in hand, never melded; default ``fresh``), for tables of more
        than two packs. This is the search of such canonical tables; a table of one or two
        packs has :meth:`_searched` as its ``within``."""
        return [physical for sets in self.within_by_names(pool, fresh, allowed, fresh if loose is None else loose)
                for physical in sets]

    def _searched(self, pool: int, fresh: int, allowed: frozenset[str] | None = None, loose: int | None = None
                  ) -> list[int]:
        """:meth:`within` on the table's own masks; a table of one or two packs is its ``within``
        (set in ``__init__``: no second call on every declaration turn of a playout), a canonical
        table's search of its sets by name. ``loose`` is for the signature only."""
        complete = self._complete.get(allowed)
        if complete is None:
            complete = self._complete[allowed] = self._completed(allowed)
        if complete:  # every group answered in advance: one look-up each
            return found_in(complete, pool, fresh)
        out: list[int] = []
        groups = self._groups[allowed]
        for group in groups:
            sub = pool & group.support
            if sub.bit_count() < group.least:
                continue
            found = group.answers.get(sub)
            if found is None:
                found = group.answers[sub] = [m for m in group.masks if not m & ~sub]
            for mask in found:
                if mask & fresh:
                    out.append(mask)
        return out

    def answers(self, allowed: frozenset[str] | None) -> tuple[tuple[int, dict[int, tuple[int, ...]]], ...]:
        """Each group's answer for every part of its cards, as (support, answers), the look-ups
        :meth:`_searched` makes (engine.kernel makes them in place); empty where a group lies in
        more cards than that. Remembered."""
        complete = self._complete.get(allowed)
        if complete is None:
            complete = self._complete[allowed] = self._completed(allowed)
        return complete

    def _completed(self, allowed: frozenset[str] | None) -> tuple[tuple[int, dict[int, tuple[int, ...]]], ...]:
        """Where every group of the table lies in at most :data:`_COMPLETE_SUPPORT` cards (a
        one-pack table: a rank, a suit, a pair of ranks), each group's answer for every part of
        its support, as (support, answers): a search is then a look-up per group, with no count
        and no miss. Else empty (the groups' answers are remembered as they are met)."""
        groups = self._groups.get(allowed)
        if groups is None:
            groups = self._groups[allowed] = self._grouped(allowed)
        if any(g.support.bit_count() > _COMPLETE_SUPPORT for g in groups):
            return ()
        # neighbouring groups that lie together in a support that small are looked up at once
        # (two ranks of a 32-card pack): their answers in the same order as one after the other
        joined: list[tuple[int, list[int]]] = []
        for group in groups:
            if joined and (joined[-1][0] | group.support).bit_count() <= _COMPLETE_SUPPORT:
                joined[-1] = (joined[-1][0] | group.support, joined[-1][1] + group.masks)
            else:
                joined.append((group.support, group.masks))
        complete = []
        for support, masks in joined:
            cards = [1 << c for c in iter_bits(support)]
            answers: dict[int, tuple[int, ...]] = {}
            for chosen in range(1 << len(cards)):
                sub = sum(card for i, card in enumerate(cards) if chosen >> i & 1)
                answers[sub] = tuple(m for m in masks if not m & ~sub)
            complete.append((support, answers))
        return tuple(complete)

    def within_by_names(self, pool: int, fresh: int, allowed: frozenset[str] | None, loose: int
                        ) -> list[tuple[int, ...]]:
        """:meth:`within` for a table of canonical sets, by card names: per set of names forming
        a meld in ``pool`` (one ``meld ...`` action), its physical sets among the pool's own
        cards that take a card of ``fresh``; sets of names with none are left out. Copies of a
        card in ``loose`` are interchangeable (the lowest are taken); other copies (on the
        table, with a history) are tried in every choice. The pool's cards are never listed:
        its names are counted a pack at a time (:meth:`lowest_copies`), and only the copies of
        the names of a meld that can take a fresh card are looked for."""
        last = self._last_pool  # asked again for the same holding after each meld of a turn
        if last[0] == pool and last[1] == allowed:
            found = last[2]
        else:
            # the copies past the last any meld takes count for nothing: left out, the groups'
            # parts of a holding are fewer, and their answers more often known
            canonical = self.lowest_copies(pool) & self._reach
            found = self._searched(canonical, canonical, allowed)  # every set of the pool
            self._last_pool = (pool, allowed, found)
        out: list[tuple[int, ...]] = []
        if not found:
            return out
        # a canonical set holds the first copy of each of its names: the names with a fresh card
        # in the pool, on the first copies, tell the sets that may take one (most melds found
        # lie on the table since earlier turns, with no fresh card to take)
        fresh_names = self._names_in(fresh & pool)
        known, copies_of = self._sets_of, self._name_copies
        for mask in found:
            if not mask & fresh_names:
                continue
            copies = copies_of.get(mask)
            if copies is None:
                copies = copies_of[mask] = or_all(self._name_masks[n] for n, _k in self.names_wanted(mask))
            held = pool & copies
            key = (mask, held, held & loose, held & fresh)
            sets = known.get(key)
            if sets is None:
                if len(known) >= _KNOWN_SETS:
                    known.clear()
                    self._named_as.clear()
                sets = known[key] = self._physical(mask, held, held & loose, fresh)
                for physical in sets:
                    self._named_as[physical] = mask
            if sets:
                out.append(sets)
        return out

    def _physical(self, mask: int, held: int, loose: int, fresh: int) -> tuple[int, ...]:
        """The physical sets of the canonical set ``mask`` among the cards ``held`` (the
        pool's copies of its names) that take a card of ``fresh``: the lowest copies of a name
        whose copies are all ``loose``, else every choice of its copies."""
        wanted, name_masks = self.names_wanted(mask), self._name_masks
        if not held & ~loose:  # every copy interchangeable: one set, of each name's lowest copies
            physical = 0
            for n, k in wanted:
                copies = held & name_masks[n]
                physical |= copies & -copies if k == 1 else _lowest_bits(copies, k)
            return (physical,) if physical & fresh else ()
        choices = []
        for n, k in wanted:
            copies = held & name_masks[n]
            others = copies & ~loose  # copies on the table, with a history
            if not others:  # interchangeable: the lowest copies
                choices.append([copies & -copies if k == 1 else _lowest_bits(copies, k)])
                continue
            ours = copies & loose
            if k == 1:  # most names of a meld: each table copy, then the lowest in hand
                ways = _bit_list(others)
                if ours:
                    ways.append(ours & -ours)
                choices.append(ways)
                continue
            ours, others = _bit_list(ours), _bit_list(others)
            ways = []
            for from_fresh in range(min(k, len(ours)) + 1):
                if k - from_fresh > len(others):
                    continue
                base = or_all(ours[:from_fresh])
                ways += [base | or_all(rest) for rest in combinations(others, k - from_fresh)]
            choices.append(ways)
        # the parts of a set are copies of different names: their sum is their union
        return tuple(physical for physical in map(sum, product(*choices)) if physical & fresh)

    def _names_in(self, mask: int) -> int:
        """The card names of ``mask``, as the bits of the first pack: its packs folded onto the
        first, halving them each time."""
        for distance in self._fold_packs:
            mask |= mask >> distance
        return mask & self._first_pack

    def named(self, name: str) -> list[int]:
        return [m for m, pats in self.items if any(self.rules[p.kind].name == name for p in pats)]


def _pack_sorter(packs: int, pack_size: int) -> tuple[tuple[int, int, int], ...]:
    """Batcher's odd-even merge sort of ``packs`` packs, as (distance, lower packs, what stays)
    per layer for :meth:`MeldTable.lowest_copies`: each layer compares packs the same distance
    apart, every pair of it at once. Comparisons with a pack past the last (the network is for
    a power of two) are left out: that pack holds nothing, so they change nothing."""
    size = 1
    while size < packs:
        size *= 2
    word = (1 << pack_size) - 1
    layers = []
    merged = 1
    while merged < size:
        step = merged
        while step >= 1:
            pairs = []
            start = step % merged
            while start < size - step:
                for i in range(min(step, size - start - step)):
                    low, high = start + i, start + i + step
                    if low // (2 * merged) == high // (2 * merged) and high < packs:
                        pairs.append(low)
                start += 2 * step
            if pairs:
                lower = sum(word << (pack_size * low) for low in pairs)
                distance = pack_size * step
                layers.append((distance, lower, ~(lower | lower << distance)))
            step //= 2
        merged *= 2
    return tuple(layers)


_KNOWN_SETS = 100_000  # physical sets remembered by a table of many packs, before it forgets them all
_COMPLETE_SUPPORT = 8  # 256 answers a group at most, listed at the first search


class _Group:
    """Card sets lying within ``support``, and the ones found in each part of it seen so far."""

    __slots__ = ("support", "masks", "least", "answers")

    def __init__(self, support: int, masks: list[int]):
        self.support = support
        self.masks = masks
        self.least = min(m.bit_count() for m in masks)
        self.answers: dict[int, list[int]] = {}


def _card_sets(deck: Deck, rule: "MeldRule", sequence_order: tuple[str, ...], canonical: bool = False):
    """Yield (mask, suit, first suit) for every physical card set forming ``rule``; with
    ``canonical``, each set of card names once, on the lowest copies of each card."""
    suits = range(len(deck.suits))
    def cards(rank: str, suit: int) -> list[int]:
        return list(deck.by_name[rank + deck.suits[suit]])

    def one(rank: str, suit: int) -> list[int]:  # the copies a set taking one of that card may take
        copies = deck.by_name[rank + deck.suits[suit]]
        return list(copies[:1] if canonical else copies)

    def combinations(copies, k):  # the copies of one card a set takes k of
        if not canonical:
            return _combinations(copies, k)
        return [tuple(copies[:k])] if k <= len(copies) else []

    if rule.kind == "set" and canonical:
        for rank in rule.ranks or deck.ranks:
            names = [rank + s for s in deck.suits]
            for combo in combinations_with_replacement(names, rule.size):
                wanted = Counter(combo)
                if rule.distinct_suits and len(wanted) < len(combo):
                    continue
                if max(wanted.values()) > deck.packs:
                    continue
                yield _mask(c for name, k in wanted.items() for c in deck.by_name[name][:k]), None, None
    elif rule.kind == "set":
        for rank in rule.ranks or deck.ranks:
            physical = [c for s in suits for c in cards(rank, s)]
            for combo in _combinations(physical, rule.size):
                if rule.distinct_suits and len({deck.suit_of[c] for c in combo}) < len(combo):
                    continue
                yield _mask(combo), None, None
    elif rule.kind == "sequence":
        for s in suits:
            for start in range(len(sequence_order) - rule.size + 1):
                window = sequence_order[start:start + rule.size]
                if set(rule.contains) <= set(window):
                    for combo in product(*(one(r, s) for r in window)):
                        yield _mask(combo), s, s
    elif rule.kind == "flush":
        more = rule.size - len(rule.contains)
        if rule.extra_one_of is not None:  # further cards of these ranks, a rank possibly again
            extras = list(combinations_with_replacement(rule.extra_one_of, more))
        else:
            extras = list(_combinations([r for r in deck.ranks if r not in rule.contains], more))
        for s in suits:
            for extra in extras:
                wanted = Counter((*rule.contains, *extra))
                # a rank wanted k times takes k of its copies (a double pack has two of each card)
                choices = [combinations(cards(r, s), k) for r, k in wanted.items()]
                for combo in product(*choices):
                    yield _mask(c for part in combo for c in part), s, s
    elif rule.kind == "single":
        for s in suits:
            for c in one(rule.ranks[0], s):
                yield 1 << c, s, s
    elif rule.kind == "named":
        wanted = Counter(rule.cards)
        choices = [combinations(deck.by_name[name], k) for name, k in wanted.items()]
        suits_named = {name[-1] for name in wanted}
        suit = deck.suits.index(suits_named.pop()) if len(suits_named) == 1 else None
        for combo in product(*choices):
            yield _mask(c for part in combo for c in part), suit, suit
    elif rule.kind == "couple":
        first, second = rule.ranks
        for s1 in suits:
            for s2 in suits:
                if rule.suits != "any" and (rule.suits == "same") != (s1 == s2):
                    continue
                for a in one(first, s1):
                    for b in one(second, s2):
                        yield (1 << a) | (1 << b), s1 if s1 == s2 else None, s1
    else:  # pragma: no cover - the rules model admits no other kind
        raise ValueError(rule.kind)


def _lowest_bits(mask: int, k: int) -> int:
    """The ``k`` lowest set bits of ``mask``."""
    out = 0
    for _ in range(k):
        low = mask & -mask
        out |= low
        mask ^= low
    return out


def _bit_list(mask: int) -> list[int]:
    """The set bits of ``mask``, each as a mask of its own, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def best_meld_set(table: MeldTable, holding: int, trump: int | None) -> list[MeldScore]:
    """The set of melds scoring most that ``holding`` shows at once, when a card may serve in
    one meld of each class (sequences, arounds...) and in any number of classes; two identical
    melds both score if the cards are there twice. In class order, then the melds as found.

    The search runs on card names, not physical copies, so that the two copies of a double pack
    do not multiply the cases; each meld then takes the lowest copies not yet used in its class,
    the same copies in every class, so that the cards used in all melds are as few as possible.
    """
    deck = table.deck
    candidates: dict[str, dict[tuple, MeldScore]] = {}
    for mask in table.within(holding, holding):
        meld = table.best(mask, trump)
        if meld is not None:
            key = tuple(sorted(deck.names_of(mask)))
            known = candidates.setdefault(meld.rule.meld_class, {}).get(key)
            if known is None or meld.points > known.points:
                candidates[meld.rule.meld_class][key] = meld
    held: dict[str, int] = {}
    for c in iter_bits(holding):
        held[deck.names[c]] = held.get(deck.names[c], 0) + 1
    out: list[MeldScore] = []
    for meld_class, by_key in candidates.items():
        keys = list(by_key)
        _, chosen = _best_packing(keys, [by_key[k].points for k in keys], held)
        used = 0
        for index in chosen:
            mask = 0
            for name in keys[index]:
                card = next(c for c in deck.by_name[name] if holding >> c & 1 and not (used | mask) >> c & 1)
                mask |= 1 << card
            used |= mask
            meld = table.best(mask, trump)
            out.append(meld)
    return out


def _best_packing(keys: list[tuple], points: list[int], held: dict[str, int]) -> tuple[int, list[int]]:
    """The most points from melds ``keys`` (card names) drawn from ``held`` (name counts), each
    meld usable more than once while the cards last: (points, indices chosen)."""
    names = sorted(held)
    return _packing_from(0, tuple(held[n] for n in names), keys, points, names, {})


def _packing_from(i: int, left: tuple, keys: list[tuple], points: list[int], names: list[str],
                  memo: dict[tuple, tuple[int, list[int]]]) -> tuple[int, list[int]]:
    """``_best_packing`` from meld ``i`` on, with ``left`` of each card name. A function of its
    own, not a closure calling itself: such a closure holds itself through its cell, and it and
    its memo would wait for the cyclic garbage collector instead of being freed at once."""
    if i == len(keys):
        return 0, []
    found = memo.get((i, left))
    if found is not None:
        return found
    result = _packing_from(i + 1, left, keys, points, names, memo)
    counts = dict(zip(names, left))
    need: dict[str, int] = {}
    for name in keys[i]:
        need[name] = need.get(name, 0) + 1
    if all(counts.get(n, 0) >= k for n, k in need.items()):
        for n, k in need.items():
            counts[n] -= k
        sub_points, sub = _packing_from(i, tuple(counts[n] for n in names), keys, points, names, memo)
        if sub_points + points[i] > result[0]:
            result = (sub_points + points[i], [i, *sub])
    memo[(i, left)] = result
    return result
