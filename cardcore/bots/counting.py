"""Helpers for heuristic bots: what a seat may know by counting, and the last tricks played out
by count once nothing is hidden any more.

Everything here reads only public state and the seat's own cards: the cards already played
(``state.won``), the tables, the current trick, the stock size and the seat's own holding. Once
the stock is exhausted, the cards a seat has not seen are exactly its opponent's hand, so a
careful player *counts* that hand; :class:`CountedEndgame` then finds the best card by looking
to the end of the deal (whist players' stoppers, finesses and squeezes fall out of it).
Two players only.
"""

from __future__ import annotations

from math import comb
from typing import Callable, Hashable

from ..cards import iter_bits
from ..seats import Table
from ..tricks import beats, legal_plays

_OTHER = Table(2).other  # the solver below plays two hands against each other


def played_mask(state) -> int:
    """Every card already won in a trick (face up on the table when it was played)."""
    out = 0
    for per_phase in state.won:
        for m in per_phase:
            out |= m
    return out


def trick_mask(state) -> int:
    out = 0
    for c in state.trick:
        out |= 1 << c
    return out


def unseen_mask(state, seat: int) -> int:
    """Cards ``seat`` has not seen: in the opponent's hidden hand or in the face-down stock.

    The deck minus the cards played, the current trick, ``seat``'s own holding, every table,
    the cards turned for trump, the faced turn-up still under the stock and the opponents' cards
    known to be in their hands (e.g. a turn-up taken by exchange)."""
    known = played_mask(state) | trick_mask(state) | state.holding(seat) | state.turned
    for s in range(state.n):
        known |= state.tableaus[s]
        if s != seat:
            known |= state.known[s] & state.hands[s]
    if state.faced is not None and state.stock_left > 0:
        known |= 1 << state.faced
    return state.deck.full_mask & ~known


def opponent_known(state, seat: int) -> int:
    """The opponent's cards ``seat`` knows: table cards and cards seen going into the hand."""
    opp = state.table.other(seat)
    return state.tableaus[opp] | (state.known[opp] & state.hands[opp])


def hidden_hand_size(state, seat: int) -> int:
    """How many of the opponent's cards ``seat`` cannot see (hand sizes are public)."""
    opp = state.table.other(seat)
    return state.hands[opp].bit_count() - (state.known[opp] & state.hands[opp]).bit_count()


def p_holds_any(targets: int, unseen: int, hidden: int) -> float:
    """Chance that ``hidden`` cards dealt at random from ``unseen`` include one of ``targets``."""
    n_unseen = unseen.bit_count()
    k = (targets & unseen).bit_count()
    if k == 0 or hidden <= 0 or n_unseen == 0:
        return 0.0
    if hidden >= n_unseen:
        return 1.0
    return 1.0 - comb(n_unseen - k, hidden) / comb(n_unseen, hidden)


TrickGain = Callable[[Hashable, int, int, int], tuple[float, Hashable]]
FinalGain = Callable[[Hashable, int], float]


class CountedEndgame:
    """Exact play of the remaining tricks when both hands are known by count.

    ``trick_gain(ctx, lead, follow, me_won)`` returns (points for me minus points for the
    opponent earned by this trick, the new context); ``final_gain(ctx, me_won_last)`` scores the
    end of the deal (book bonus, last trick...). ``ctx`` is any hashable summary the scoring
    needs (counts of cards won, who has won a trick). Positions between tricks are memoised, so
    one solve serves every later decision of the same end game.
    """

    def __init__(self, deck, rule, trump: int | None, me: int,
                 trick_gain: TrickGain, final_gain: FinalGain):
        self.deck, self.rule, self.trump, self.me = deck, rule, trump, me
        self.trick_gain, self.final_gain = trick_gain, final_gain
        self.memo: dict = {}

    def _boundary(self, hands: tuple[int, int], leader: int, ctx, last_me: int) -> float:
        if not hands[leader]:
            return self.final_gain(ctx, last_me)
        key = (hands, leader, ctx)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        vals = [self._after_lead(hands, leader, c, ctx) for c in iter_bits(hands[leader])]
        best = max(vals) if leader == self.me else min(vals)
        self.memo[key] = best
        return best

    def _after_lead(self, hands, leader: int, lead: int, ctx) -> float:
        follower = _OTHER(leader)
        legal = legal_plays(self.deck, self.rule, hands[follower], [lead], self.trump)
        vals = [self._resolve(hands, leader, lead, d, ctx) for d in iter_bits(legal)]
        return max(vals) if follower == self.me else min(vals)

    def _resolve(self, hands, leader: int, lead: int, follow: int, ctx) -> float:
        winner = _OTHER(leader) if beats(self.deck, follow, lead, self.trump) else leader
        me_won = int(winner == self.me)
        gain, ctx2 = self.trick_gain(ctx, lead, follow, me_won)
        h = list(hands)
        h[leader] &= ~(1 << lead)
        h[_OTHER(leader)] &= ~(1 << follow)
        return gain + self._boundary((h[0], h[1]), winner, ctx2, me_won)

    def values(self, hands: tuple[int, int], trick: list[tuple[int, int]], ctx) -> dict[int, float]:
        """Value (for me) of each card I may play now; ``trick`` is [(seat, card)] so far."""
        me = self.me
        if not trick:
            return {c: self._after_lead(hands, me, c, ctx) for c in iter_bits(hands[me])}
        leader, lead = trick[0]
        legal = legal_plays(self.deck, self.rule, hands[me], [lead], self.trump)
        return {d: self._resolve(hands, leader, lead, d, ctx) for d in iter_bits(legal)}
