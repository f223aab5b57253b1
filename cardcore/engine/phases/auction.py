"""The auction (phase kind ``auction``): bids from eldest, ``bid N`` or ``pass``.

Each bid is a multiple of the step above the highest so far, the first at least the minimum
(both scaled with the game's ``score_scale``), and none above the game's ``bid_ceiling``: the most
the bidder's side can make in a deal (:mod:`.deal_limits`), which no bid above can reach.
``legal_actions`` lists every bid the rules allow, lowest first, then ``pass``; a bid is read in
ASCII digits only. A player who passes is out for good. When one
bidder is left and everyone else is out, he becomes ``state.declarer`` and his bid the contract
(:class:`AuctionData`, which the later phases of the deal read: ``state.contract``). If everyone passes, the deal is annulled and the next seat deals
(``all_pass``), unless eldest may not pass (``opening.may_pass: false``).
"""

from __future__ import annotations

from dataclasses import dataclass

from typing import Literal

from pydantic import Field

from ...errors import IllegalAction
from ...ruleset import DecisionPhase, Strict
from ..events import log
from ..flow import start_deal
from ..kinds import read_amount
from ..moved import renamed_classes
from ..scoring import close_round_summary, end_game
from .registry import next_phase, register_phase_kind


class Opening(Strict):
    minimum: int = Field(ge=1)
    may_pass: bool = True


class AuctionPhase(DecisionPhase):
    """Bids from eldest (``bid N``, ``pass``): each bid a multiple of ``step`` above the last, a
    passer out for good, until one bidder is left. He is the declarer, his bid the contract."""

    kind: Literal["auction"]
    first: Literal["eldest"] = "eldest"
    opening: Opening
    step: int = Field(10, ge=1)
    passer: Literal["out"] = "out"
    ends_when: Literal["one-bidder-left"] = "one-bidder-left"
    all_pass: Literal["annul-and-next-deals"] | None = None
    actions: list[str] = []

    def scaled(self, scale) -> "AuctionPhase":
        return self.model_copy(update={"opening": self.opening.model_copy(
            update={"minimum": scale(self.opening.minimum)}), "step": scale(self.step)})

    def describe(self) -> str:
        return (f"bids from eldest, 'bid N' (at least {self.opening.minimum}, rising by {self.step}, no higher than "
                "the most a side can make in a deal) or 'pass'; "
                "a passer is out; the last bidder left is the declarer"
                + ("" if self.opening.may_pass else "; eldest may not pass")
                + ("; if all pass the deal is annulled and the next seat deals" if self.all_pass else ""))

BID = "bid"
KIND = "auction"
# a deal everyone passed: its round summary's ``outcome`` (see settle.OUTCOMES for the others)
ANNULLED = "annulled"


@dataclass(slots=True)
class AuctionData:
    """What an auction keeps, from its start to the deal's end, for the phases played to its
    contract (the widow, the melds shown, the concession, the discard, the settlement); the
    state holds it as ``state.phase_data["auction"]`` and a clone copies it."""

    rule: AuctionPhase
    bids: tuple = ()  # (seat, bid or None for a pass), in order: immutable, shared by copies
    out: frozenset = frozenset()  # the seats that passed, out for good
    contract: int | None = None  # the highest bid so far; once won, the contract
    outcome: str | None = None  # made, failed, conceded...: the settlement's
    shown: int = 0  # the cards of the declarer's melds shown, which he may not discard

    def copy(self) -> "AuctionData":
        return AuctionData(self.rule, self.bids, self.out, self.contract, self.outcome, self.shown)


def auction_data(state) -> AuctionData | None:
    """The deal's auction data, or None (no auction this deal, or none yet)."""
    return state.phase_data.get(KIND) if state.phase_data else None


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

    def action_space(self, game, rule) -> list[str]:
        """Every bid the auction could ever take (for the adapters' fixed action space)."""
        return [f"{BID} {amount}" for amount in range(rule.opening.minimum, game.compiled.bid_ceiling + 1, rule.step)]

    def most_decisions(self, game, rule) -> int:
        """The most decisions of a deal asked here or after: each bid raises the last, a pass
        each; then naming trump, the discard and the concession, once each."""
        return len(range(rule.opening.minimum, game.compiled.bid_ceiling + 1, rule.step)) + game.players + 3

    def enter(self, state, phase) -> None:
        state.phase_data = {**state.phase_data, KIND: AuctionData(phase)}
        state.decision = BID
        state.current_player = state.table.next(state.dealer)
        summary = state.rounds[-1]
        summary.update(bids=[], bidder=None, bid=None, declarer=None, contract=None)

    def over(self, state) -> bool:
        return state.decision != BID

    # ---------------------------------------------------------------- rules of a bid
    def _lowest(self, data: AuctionData) -> int:
        return data.rule.opening.minimum if data.contract is None else data.contract + data.rule.step

    def _may_pass(self, data: AuctionData) -> bool:
        return data.contract is not None or data.rule.opening.may_pass

    def legal_actions(self, state) -> list[str]:
        data = state.phase_data[KIND]
        bids = [f"{BID} {n}" for n in range(self._lowest(data), state.game.compiled.bid_ceiling + 1, data.rule.step)]
        return bids + (["pass"] if self._may_pass(data) else [])

    def apply(self, state, seat: int, verb: str, args: list[str], action: str) -> None:
        data, ceiling = state.phase_data[KIND], state.game.compiled.bid_ceiling
        rule = data.rule
        bid = read_amount(args[0], ceiling) if verb == BID and len(args) == 1 else None
        if verb == "pass" and not args:
            if not self._may_pass(data):
                raise IllegalAction(action, f"eldest may not pass but must open the bidding at "
                                            f"{rule.opening.minimum} or more ({rule.source})")
            self._record(state, data, seat, None, "pass")
            data.out = data.out | {seat}
        elif bid is not None:
            low, step = self._lowest(data), rule.step
            if bid > ceiling:
                raise IllegalAction(action, f"no bid may exceed {ceiling}, the most the bidder's side can make "
                                            f"in a deal (the best melds of the whole pack, every card point and "
                                            f"the last trick), which no higher bid could reach")
            if bid < low or bid % step:
                why = ("the opening bid is at least" if data.contract is None else
                       "a bid must be higher than the last, at least")
                raise IllegalAction(action, f"{why} {low}, in multiples of {step} ({rule.source})")
            self._record(state, data, seat, bid, f"{BID} {bid}")
            data.contract, state.declarer = bid, seat
            state.rounds[-1].update(bidder=seat, bid=bid)  # the highest bid so far
        else:
            raise IllegalAction(action, f"seat {seat} bids now: 'bid N' (N in digits 0-9, at least "
                                        f"{self._lowest(data)}, at most {ceiling}, a multiple "
                                        f"of {rule.step})"
                                + (" or 'pass'" if self._may_pass(data) else "") + f" ({rule.source})")
        self._next_bidder(state, data, seat)

    def _record(self, state, data: AuctionData, seat: int, bid: int | None, action: str) -> None:
        state.actions.append(action)
        data.bids = data.bids + ((seat, bid),)
        state.rounds[-1]["bids"] = [{"seat": s, "bid": b} for s, b in data.bids]
        if state.log_events or state.kept_events:
            log(state, "bid", seat=seat, bid=bid)

    def _next_bidder(self, state, data: AuctionData, seat: int) -> None:
        left = [s for s in state.table.seats if s not in data.out]
        if not left:  # everyone passed
            annul(state)
            return
        if data.contract is not None and left == [state.declarer]:
            self._won(state, data)
            return
        nxt = state.table.next(seat)
        while nxt in data.out:
            nxt = state.table.next(nxt)
        state.current_player = nxt

    def _won(self, state, data: AuctionData) -> None:
        state.rounds[-1].update(bidder=state.declarer, bid=data.contract, declarer=state.declarer,
                                contract=data.contract)
        if state.rules.deal.first_leader == "declarer":
            state.leader = state.declarer
        next_phase(state)


def annul(state) -> None:
    """Everyone passed: nothing is scored, the deal does not count, and the next seat deals."""
    summary = state.rounds[-1]
    summary["outcome"] = ANNULLED
    if state.log_events or state.kept_events:
        log(state, "round-end", round=len(state.rounds), points=list(state.round_points),
            scores=list(state.scores))
    close_round_summary(state)
    if state.stop_after_deal:
        end_game(state, summarized=True)
        state.result["stopped"] = True
        return
    start_deal(state)


register_phase_kind(KIND, AuctionKind(), AuctionPhase)

__getattr__ = renamed_classes(__name__, Auction="AuctionKind")  # its name before it was AuctionKind
