"""The settlement of a deal played to a contract (phase kind ``settle``).

The end-of-deal counts come first (the last trick), then the declarer's counters laid aside
(``counters-discarded``), then the contract is judged on the deal's points, which until now
reached only the round's ``points``:

- ``per: seat`` (a declarer alone against each opponent): the stake of the bid is
  ``base + per_50 × ⌊(bid - base_bid) / bracket⌋`` (bracket 50) (``base`` for a bid under ``base_bid``, all of
  them scaled); made, with or without play, each opponent pays him one stake; failed in play he
  pays each two; conceded, one.
- ``per: side`` (the bidding side first): made, it adds its points; set, it loses its bid. If
  that takes it to the target, the opponents add nothing; otherwise they add their points if
  they took a trick, nothing if they took none.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ...cards import iter_bits
from ...ruleset import DecisionPhase, Strict
from ..dealing import card_value
from ..events import log
from ..flow import end_round
from ..moved import renamed_classes
from ..scoring import count_deal, score, settle_scores
from .auction import ANNULLED, auction_data  # noqa: F401  (ANNULLED: read here with OUTCOMES)
from .registry import register_phase_kind


class StakeRule(Strict):
    base_bid: int
    base: int = 1
    per_50: int
    bracket: int = Field(50, ge=1, description="the further bid each per_50 is added for (scaled as the bids)")


class BiddingSideRule(Strict):
    made: Literal["points-at-least-bid"] = "points-at-least-bid"
    if_made: Literal["add-points"] = "add-points"
    if_set: Literal["subtract-bid"] = "subtract-bid"


class OpponentsRule(Strict):
    took_a_trick: Literal["add-points"] = "add-points"
    took_no_trick: Literal["add-nothing"] = "add-nothing"


class SettlePhase(DecisionPhase):
    """The deal's points against the contract. ``per: seat``: the declarer is paid a stake by each
    opponent (or pays it). ``per: side``: the bidding side scores its points or loses its bid,
    first; then the opponents score theirs if they took a trick."""

    kind: Literal["settle"]
    points: list[Literal["melds", "counters-won", "counters-discarded", "last-trick"]]
    per: Literal["seat", "side"] = "seat"
    made: Literal["points-at-least-bid"] = "points-at-least-bid"
    stake: StakeRule | None = None
    settlement: Literal["each-opponent"] = "each-opponent"
    made_pays: Literal["stake"] = "stake"
    failed_pays: Literal["double-stake"] = "double-stake"
    conceded_pays: Literal["stake"] = "stake"
    order: list[Literal["bidding-side", "opponents"]] = ["bidding-side", "opponents"]
    bidding_side: BiddingSideRule | None = None
    bidding_side_reaches_target: Literal["wins-and-opponents-add-nothing"] = "wins-and-opponents-add-nothing"
    opponents: OpponentsRule | None = None

    def scaled(self, scale) -> "SettlePhase":
        if self.stake is None:
            return self
        return self.model_copy(update={"stake": self.stake.model_copy(
            update={"base_bid": scale(self.stake.base_bid), "bracket": scale(self.stake.bracket)})})

    def describe(self) -> str:
        if self.per == "seat":
            return (f"the bid is made with melds, counters and the last trick; stake {self.stake.base} at "
                    f"{self.stake.base_bid} plus {self.stake.per_50} per further {self.stake.bracket}: made, each opponent pays "
                    "the declarer one stake; failed, he pays each two; conceded, one")
        return ("the bidding side first: its points if they reach the bid, else minus the bid; the target "
                "reached, it wins; else the opponents score their points if they took a trick")

    @model_validator(mode="after")
    def _per(self) -> "SettlePhase":
        if self.per == "seat" and self.stake is None:
            raise ValueError("a settlement per seat needs its stake")
        if self.per == "side" and (self.bidding_side is None or self.opponents is None):
            raise ValueError("a settlement per side needs bidding_side and opponents")
        return self

# What a deal settled ``per`` seat or side can come to (its round summary's ``outcome``); a deal
# that everyone passed is ``annulled`` by the auction instead.
OUTCOMES = {"seat": ("made", "made-without-play", "failed", "conceded"), "side": ("made", "set")}


class SettleKind:
    decisions = ()

    def enter(self, state, phase) -> None:
        contract = auction_data(state)
        if contract.outcome is None:  # played out: the end-of-deal counts first
            count_deal(state)
        declarer = state.declarer
        if "counters-discarded" in phase.points and state.widow:
            points = sum(card_value(state, c, "won", state.trump) for c in iter_bits(state.widow))
            score(state, declarer, points, "counters discarded")
        made = state.round_points[declarer] >= contract.contract
        if phase.per == "seat":
            outcome = contract.outcome or ("made" if made else "failed")
            stake = _stake(phase.stake, contract.contract)
            amount = {"made": stake, "made-without-play": stake, "failed": -2 * stake, "conceded": -stake}[outcome]
            per_side = state.table.settle_against(state.table.side_of(declarer), amount)
        else:
            outcome = "made" if made else "set"
            table = state.table
            bidding = table.side_of(declarer)
            per_side = [0] * len(table.sides)
            per_side[bidding] = state.round_points[declarer] if made else -contract.contract
            target = state.rules.game_end.target
            reached = target is not None and state.side_scores[bidding] + per_side[bidding] >= target
            if not reached:
                won = {table.side_of(w) for _, w in state.trick_winners}
                for side, seats in enumerate(table.sides):
                    if side != bidding and side in won:
                        per_side[side] = state.round_points[seats[0]]
            state.rounds[-1]["tricks"] = [sum(1 for _, w in state.trick_winners if w == s) for s in table.seats]
        contract.outcome = outcome
        state.rounds[-1]["outcome"] = outcome
        if state.log_events or state.kept_events:
            log(state, "settle", declarer=declarer, bid=contract.contract, outcome=outcome)
        settle_scores(state, per_side)
        end_round(state, counted=True)

    def over(self, state) -> bool:
        return True


def _stake(rule, bid: int) -> int:
    if bid < rule.base_bid:
        return rule.base
    return rule.base + rule.per_50 * ((bid - rule.base_bid) // rule.bracket)


register_phase_kind("settle", SettleKind(), SettlePhase)

__getattr__ = renamed_classes(__name__, Settle="SettleKind")  # its name before it was SettleKind
