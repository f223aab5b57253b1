"""The auction (phase kind ``auction``): bids from eldest, ``bid N`` or ``pass``.

Each bid is a multiple of the step above the highest so far, the first at least the minimum
(both scaled with the game's ``score_scale``), and none above the game's ``bid_ceiling``: the most
the bidder's side can make in a deal (:mod:`.deal_limits`), which no bid above can reach.
``legal_actions`` lists every bid the rules allow, lowest first, then ``pass``; a bid is read in
ASCII digits only. A player who passes is out for good. When one
bidder is left and everyone else is out, he becomes ``state.declarer`` and his bid
``state.contract``. If everyone passes, the deal is annulled and the next seat deals
(``all_pass``), unless eldest may not pass (``opening.may_pass: false``).
"""

from __future__ import annotations

from ..errors import IllegalAction
from .kinds import read_amount
from .phases import next_phase, register_phase_kind
from .settle import ANNULLED

BID = "bid"


BLIND_RAISES = 2  # the bids a blind bidder chooses among, from the lowest


def blind_bids(moves: list) -> list:
    """At a bid, what a player who does not weigh its hand chooses among (the random bot, a
    search's play-outs and its tree): the two lowest bids and ``pass``, each as likely. Drawn
    from every legal bid, its bids would climb toward the ceiling, which no hand reaches: nearly
    every contract would fail and the game would tell nothing."""
    prefix, bids, others = BID + " ", [], []
    for m in moves:
        (bids if isinstance(m, str) and m.startswith(prefix) else others).append(m)
    return bids[:BLIND_RAISES] + others


class AuctionKind:
    decisions = (BID,)

    def enter(self, state, phase) -> None:
        state.auction_rule = phase
        state.bids = ()  # (seat, bid or None for a pass), in order: immutable, shared by clones
        state.out = frozenset()
        state.contract = None
        state.outcome = None  # made, failed, conceded...: the settlement's
        state.shown = 0  # the cards of the declarer's melds shown, which he may not discard
        state.decision = BID
        state.current_player = state.table.next(state.dealer)
        summary = state.rounds[-1]
        summary.update(bids=[], bidder=None, bid=None, declarer=None, contract=None)

    def over(self, state) -> bool:
        return state.decision != BID

    # ---------------------------------------------------------------- rules of a bid
    def _lowest(self, state) -> int:
        rule = state.auction_rule
        if state.contract is None:
            return rule.opening.minimum
        return state.contract + rule.step

    def _may_pass(self, state) -> bool:
        return state.contract is not None or state.auction_rule.opening.may_pass

    def legal_actions(self, state) -> list[str]:
        rule = state.auction_rule
        bids = [f"{BID} {n}" for n in range(self._lowest(state), state.game.compiled.bid_ceiling + 1, rule.step)]
        return bids + (["pass"] if self._may_pass(state) else [])

    def apply(self, state, seat: int, verb: str, args: list[str], action: str) -> None:
        rule, ceiling = state.auction_rule, state.game.compiled.bid_ceiling
        bid = read_amount(args[0], ceiling) if verb == BID and len(args) == 1 else None
        if verb == "pass" and not args:
            if not self._may_pass(state):
                raise IllegalAction(action, f"eldest may not pass but must open the bidding at "
                                            f"{rule.opening.minimum} or more ({rule.source})")
            self._record(state, seat, None, "pass")
            state.out = state.out | {seat}
        elif bid is not None:
            low, step = self._lowest(state), rule.step
            if bid > ceiling:
                raise IllegalAction(action, f"no bid may exceed {ceiling}, the most the bidder's side can make "
                                            f"in a deal (the best melds of the whole pack, every card point and "
                                            f"the last trick), which no higher bid could reach")
            if bid < low or bid % step:
                why = ("the opening bid is at least" if state.contract is None else
                       "a bid must be higher than the last, at least")
                raise IllegalAction(action, f"{why} {low}, in multiples of {step} ({rule.source})")
            self._record(state, seat, bid, f"{BID} {bid}")
            state.contract, state.declarer = bid, seat
            state.rounds[-1].update(bidder=seat, bid=bid)  # the highest bid so far
        else:
            raise IllegalAction(action, f"seat {seat} bids now: 'bid N' (N in digits 0-9, at least "
                                        f"{self._lowest(state)}, at most {ceiling}, a multiple "
                                        f"of {rule.step})"
                                + (" or 'pass'" if self._may_pass(state) else "") + f" ({rule.source})")
        self._next_bidder(state, seat)

    def _record(self, state, seat: int, bid: int | None, action: str) -> None:
        state.actions.append(action)
        state.bids = state.bids + ((seat, bid),)
        state.rounds[-1]["bids"] = [{"seat": s, "bid": b} for s, b in state.bids]
        if state.log_events:
            state._event("bid", seat=seat, bid=bid)

    def _next_bidder(self, state, seat: int) -> None:
        left = [s for s in state.table.seats if s not in state.out]
        if not left:  # everyone passed
            annul(state)
            return
        if state.contract is not None and left == [state.declarer]:
            self._won(state)
            return
        nxt = state.table.next(seat)
        while nxt in state.out:
            nxt = state.table.next(nxt)
        state.current_player = nxt

    def _won(self, state) -> None:
        summary = state.rounds[-1]
        summary.update(bidder=state.declarer, bid=state.contract, declarer=state.declarer,
                       contract=state.contract)
        if state.rules.deal.first_leader == "declarer":
            state.leader = state.declarer
        next_phase(state)


def annul(state) -> None:
    """Everyone passed: nothing is scored, the deal does not count, and the next seat deals."""
    summary = state.rounds[-1]
    summary["outcome"] = ANNULLED
    if state.log_events:
        state._event("round-end", round=len(state.rounds), points=list(state.round_points),
                     scores=list(state.scores))
    state._close_round_summary()
    if state.stop_after_deal:
        state._end_game(summarized=True)
        state.result["stopped"] = True
        return
    state._start_deal()


register_phase_kind("auction", AuctionKind())
