"""Whether hidden cards can still be dealt to seats known to lack some suits (Hall's condition).

A seat that showed a void may hold no card of that suit; dealing the unseen cards to such seats
one at a time, a card that fits its own seat can still leave a later seat too few cards of the
suits it may hold. :class:`VoidFit` tells, at each card, whether the rest can still be dealt:
the adapters' resampler (``adapters.chance``) and ``determinize`` (``engine.knowledge``) deal
with it.
"""

from __future__ import annotations


class VoidFit:
    """Whether the cards left can still be dealt to the hidden steps left, each step's card of a
    suit its holder is not known to lack.

    A card chosen for one step without this may leave the later steps too few cards they allow:
    where the voids leave a seat one possible set of cards (every unseen card of the suits it
    still holds), almost every random deal, and every branch of a search under such a card, is
    a dead end found only cards later. The steps fall into a few kinds (one per holder's
    voids), so Hall's condition is cheap to check exactly: every set of kinds must find, among
    the cards left, at least as many of the suits they allow between them as they have steps.
    """

    def __init__(self, deck, avoid: list[int]):
        suits = range(len(deck.suits))
        # a void mask is whole suits (chance.void_mask): the suits each step allows
        allowed = [frozenset(s for s in suits if not a & deck.suit_masks[s]) for a in avoid]
        kinds = sorted(set(allowed), key=sorted)
        kind_of = [kinds.index(a) for a in allowed]
        self.suit_of, self.suits = deck.suit_of, len(deck.suits)
        # per set of kinds (all but the sets that allow every suit: the pool is never short),
        # the kinds' indices and the suits they allow between them
        self.groups = []
        for bits in range(1, 1 << len(kinds)):
            members = [i for i in range(len(kinds)) if bits >> i & 1]
            union = frozenset().union(*(kinds[i] for i in members))
            if len(union) < len(suits):
                self.groups.append((members, sorted(union)))
        # the steps after step k, per kind
        self.after = []
        counts = [0] * len(kinds)
        for k in reversed(range(len(avoid))):
            self.after.append(list(counts))
            counts[kind_of[k]] += 1
        self.after.reverse()

    def suit_counts(self, cards) -> list[int]:
        """How many of ``cards`` each suit has (what :meth:`fits` is given)."""
        counts = [0] * self.suits
        for c in cards:
            counts[self.suit_of[c]] += 1
        return counts

    def fits(self, k: int, counts: list[int], card: int) -> bool:
        """Whether, ``card`` dealt at step ``k``, the cards left can fill the steps after ``k``;
        ``counts`` are the cards left before it (``card`` among them) per suit."""
        if not self.groups:
            return True
        need = self.after[k]
        suit = self.suit_of[card]
        for members, suits in self.groups:
            have = sum(counts[s] for s in suits) - (suit in suits)
            if have < sum(need[i] for i in members):
                return False
        return True
