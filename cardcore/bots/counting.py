"""Helpers for heuristic bots: what a seat may know by counting, at a table of any size, and the
last tricks played out by count once nothing is hidden any more.

Everything here reads only public state and the seat's own cards: the cards already played
(``state.won``), the tables, the current trick, the stock size, the suits a seat has shown it
is void in (``state.voids``) and the seat's own holding. Seats are seen through the table
(``state.table``): partners are allies, every seat of another side an opponent, and each other
seat is tracked on its own (what it may still hold). Once nothing lies face down any more and
the voids leave each unseen card one possible holder, a careful player *counts* every hand;
:class:`CountedEndgame` then finds the best card by looking to the end of the deal (whist
players' stoppers, finesses and squeezes fall out of it).
"""

from __future__ import annotations

from math import comb
from typing import Callable, Hashable

from ..cards import iter_bits
from ..seats import Table
from ..tricks import beats, legal_plays, trick_winner


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
    """Cards ``seat`` has not seen: in the other seats' hidden hands or lying face down.

    The deck minus the cards played, the current trick, ``seat``'s own holding, every table,
    the cards turned for trump, the faced turn-up still under the stock, the other seats'
    cards known to be in their hands (e.g. a turn-up taken by exchange, a meld shown) and, for
    the declarer, the cards he laid aside. To the others, the widow's cards the declarer did not
    show in a meld lie, after his discard, in his hand or among his discards
    (``state.held_or_aside``): where is unseen, so they count here, as possible cards of his hand
    (:func:`may_hold`) unless of a suit he lacks."""
    known = played_mask(state) | trick_mask(state) | state.holding(seat) | state.turned
    if seat == state.declarer and "discards" in state.rounds[-1]:
        known |= state.widow  # his discards: face down, seen by him alone
    for s in range(state.n):
        known |= state.tableaus[s]
        if s != seat:
            known |= state.known[s] & state.hands[s]
    if state.faced is not None and state.stock_left > 0:
        known |= 1 << state.faced
    return state.deck.full_mask & ~known


def seen_holding(state, other: int) -> int:
    """The cards of ``other``'s holding that the other seats know: its table and the cards seen
    going into its hand."""
    return state.tableaus[other] | (state.known[other] & state.hands[other])


def opponent_known(state, seat: int) -> int:
    """The cards ``seat`` knows its opponents hold (every seat of another side), together."""
    out = 0
    for o in state.table.opponents(seat):
        out |= seen_holding(state, o)
    return out


def hidden_count(state, other: int) -> int:
    """How many of ``other``'s cards the other seats cannot see (hand sizes are public)."""
    hand = state.hands[other]
    return hand.bit_count() - (state.known[other] & hand).bit_count()


def hidden_hand_size(state, seat: int) -> int:
    """How many of its opponents' cards ``seat`` cannot see, all opponents together."""
    return sum(hidden_count(state, o) for o in state.table.opponents(seat))


def void_mask(state, other: int) -> int:
    """The cards of the suits ``other`` has shown it holds none of (a discard under an obligation
    to follow, or to trump)."""
    out = 0
    for suit in state.voids[other]:
        out |= state.deck.suit_masks[suit]
    return out


def may_hold(state, seat: int) -> list[int]:
    """For each seat, the cards it may hold as far as ``seat`` knows: its own hand for ``seat``;
    for every other seat the cards seen going into its holding, plus, while some of its cards
    are hidden, every unseen card of a suit it is not known to be void in."""
    unseen = unseen_mask(state, seat)
    out = []
    for s in range(state.n):
        if s == seat:
            out.append(state.holding(seat))
            continue
        possible = seen_holding(state, s)
        if hidden_count(state, s):
            possible |= unseen & ~void_mask(state, s)
        out.append(possible)
    return out


def hands_by_count(state, seat: int) -> list[int] | None:
    """Every seat's holding, when ``seat`` can tell it by counting; else None.

    That needs no card face down (no stock, widow or discard unseen) and each unseen card
    placed: a card only one seat may hold is that seat's, and a seat whose possible cards are
    exactly as many as its hidden ones holds them all (repeated until nothing changes). With two
    players and the stock gone this is simply "the cards I have not seen are the other hand"."""
    unseen = unseen_mask(state, seat)
    others = [s for s in range(state.n) if s != seat]
    need = {s: hidden_count(state, s) for s in others}
    if sum(need.values()) != unseen.bit_count():
        return None  # some unseen cards lie face down
    hands = [0] * state.n
    hands[seat] = state.holding(seat)
    possible = {}
    for s in others:
        hands[s] = seen_holding(state, s)
        possible[s] = unseen & ~void_mask(state, s) if need[s] else 0
    left = unseen
    changed = True
    while left and changed:
        changed = False
        for s in others:
            possible[s] = possible[s] & left if need[s] else 0
            if need[s] and possible[s].bit_count() == need[s]:
                hands[s] |= possible[s]
                left &= ~possible[s]
                need[s], possible[s], changed = 0, 0, True
        for c in iter_bits(left):
            holders = [s for s in others if possible[s] >> c & 1]
            if len(holders) == 1:
                s = holders[0]
                hands[s] |= 1 << c
                left &= ~(1 << c)
                need[s] -= 1
                changed = True
    return None if left else hands


def p_holds_any(targets: int, unseen: int, hidden: int) -> float:
    """Chance that ``hidden`` cards dealt at random from ``unseen`` include one of ``targets``."""
    n_unseen = unseen.bit_count()
    k = (targets & unseen).bit_count()
    if k == 0 or hidden <= 0 or n_unseen == 0:
        return 0.0
    if hidden >= n_unseen:
        return 1.0
    return 1.0 - comb(n_unseen - k, hidden) / comb(n_unseen, hidden)


def p_opponents_hold_any(state, seat: int, targets: int, among: list[int] | None = None) -> float:
    """Chance that an opponent of ``seat`` (one of ``among``, by default any) holds one of
    ``targets``: 1 if one is seen in such a holding; else the chance that their hidden cards,
    together a random part of the unseen cards, include one. Only unseen cards of a suit not
    every one of them is void in count (so with one opponent, its hidden cards come from the
    unseen cards of the suits it may still hold)."""
    opponents = state.table.opponents(seat) if among is None else among
    if any(targets & seen_holding(state, o) for o in opponents):
        return 1.0
    pool = 0
    for o in opponents:
        pool |= ~void_mask(state, o)
    pool &= unseen_mask(state, seat)
    return p_holds_any(targets, pool, sum(hidden_count(state, o) for o in opponents))


def side_values(state, per_seat: list[int], shared: bool) -> list[int]:
    """A per-seat amount per side: ``shared`` when every seat of a side shows the side's amount
    (scores, round points), else summed over the side's seats (cards won)."""
    table = state.table
    if shared:
        return [per_seat[side[0]] for side in table.sides]
    return table.per_side(list(per_seat))


def rival_margin(state, per_side: list[int], seat: int) -> int:
    """How far the best other side is ahead of ``seat``'s side (negative when behind it)."""
    mine = state.table.side_of(seat)
    return max(v for i, v in enumerate(per_side) if i != mine) - per_side[mine]


def still_to_play(state, seat: int) -> list[int]:
    """The opponents of ``seat`` who play to the current trick after it."""
    table, n = state.table, state.n
    after = []
    s = table.next(seat)
    while len(state.trick) + 1 + len(after) < n:
        after.append(s)
        s = table.next(s)
    return [s for s in after if not table.same_side(s, seat)]


Play = tuple[int, int]  # (seat, card)
TrickGain = Callable[[Hashable, tuple[Play, ...], int], tuple[float, Hashable]]
FinalGain = Callable[[Hashable, int], float]


class CountedEndgame:
    """Exact play of the remaining tricks when every hand is known by count.

    ``trick_gain(ctx, plays, winner)`` returns (points for my side minus points for the other
    sides earned by this trick, the new context); ``plays`` are the trick's (seat, card) in the
    order played, ``winner`` the seat that took it. ``final_gain(ctx, last_winner)`` scores the
    end of the deal (book bonus, last trick...). ``ctx`` is any hashable summary the scoring
    needs (counts of cards won, who has won a trick). My side's seats choose the best card for
    the side, every other seat the worst for it. Positions between tricks are memoised, so one
    solve serves every later decision of the same end game.
    """

    def __init__(self, deck, rule, trump: int | None, me: int,
                 trick_gain: TrickGain, final_gain: FinalGain, table: Table | None = None):
        self.deck, self.rule, self.trump, self.me = deck, rule, trump, me
        self.trick_gain, self.final_gain = trick_gain, final_gain
        self.table = table = table if table is not None else Table(2)
        self.order = [tuple(table.order_from(s)) for s in table.seats]  # each seat in turn from a leader
        self.ours = [table.same_side(s, me) for s in table.seats]
        self.memo: dict = {}

    def _boundary(self, hands: tuple[int, ...], leader: int, ctx) -> float:
        if not all(hands):  # the last trick is played (its winner leads nothing more)
            return self.final_gain(ctx, leader)
        key = (hands, leader, ctx)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        vals = [self._after(hands, leader, (c,), c, leader, ctx) for c in iter_bits(hands[leader])]
        best = max(vals) if self.ours[leader] else min(vals)
        self.memo[key] = best
        return best

    def _after(self, hands: tuple[int, ...], leader: int, cards: tuple[int, ...], best: int, winner: int,
               ctx) -> float:
        """The value once ``cards`` (not all of the trick) lie in the trick led by ``leader``
        (still counted in ``hands``), ``best`` of them winning it for ``winner``."""
        order = self.order[leader]
        seat = order[len(cards)]
        deck, trump = self.deck, self.trump
        lead = cards[0]
        # what the obligations look at: the suit led and the card winning so far
        legal = legal_plays(deck, self.rule, hands[seat], [lead] if best == lead else [lead, best], trump)
        then = self._resolve if len(cards) + 1 == len(order) else self._after
        vals = [then(hands, leader, cards + (c,), c, seat, ctx) if beats(deck, c, best, trump)
                else then(hands, leader, cards + (c,), best, winner, ctx)
                for c in iter_bits(legal)]
        return max(vals) if self.ours[seat] else min(vals)

    def _resolve(self, hands: tuple[int, ...], leader: int, cards: tuple[int, ...], best: int, winner: int,
                 ctx) -> float:
        """The value of the trick ``cards`` led by ``leader``, won by ``winner``, and the rest."""
        plays = tuple(zip(self.order[leader], cards))
        gain, ctx2 = self.trick_gain(ctx, plays, winner)
        h = list(hands)
        for seat, card in plays:
            h[seat] &= ~(1 << card)
        return gain + self._boundary(tuple(h), winner, ctx2)

    def values(self, hands: tuple[int, ...], trick: list[Play], ctx) -> dict[int, float]:
        """Value (for my side) of each card I may play now; ``trick`` is [(seat, card)] so far."""
        me, deck, trump = self.me, self.deck, self.trump
        if not trick:
            return {c: self._after(hands, me, (c,), c, me, ctx) for c in iter_bits(hands[me])}
        cards = tuple(c for _, c in trick)
        pos = trick_winner(deck, list(cards), trump)
        best, winner = cards[pos], trick[pos][0]
        legal = legal_plays(deck, self.rule, hands[me], list(cards), trump)
        leader = trick[0][0]
        then = self._resolve if len(cards) + 1 == self.table.n else self._after
        return {d: then(hands, leader, cards + (d,), d, me, ctx) if beats(deck, d, best, trump)
                else then(hands, leader, cards + (d,), best, winner, ctx)
                for d in iter_bits(legal)}
