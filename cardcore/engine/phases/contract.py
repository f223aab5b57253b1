"""The contract (phase kind ``contract``): once the declarer's melds are shown, a bid they
already fulfil is won without play (the deal goes straight to its settlement); otherwise the
declarer may ``concede`` at once, before the next decision (his discard), for the smaller
penalty. The auction's data (``AuctionData.outcome``) records what happened, for the settlement."""

from __future__ import annotations

from typing import Literal

from ...errors import IllegalAction
from ...ruleset import DecisionPhase, Strict
from ..events import log
from ..moved import renamed_classes
from .auction import auction_data
from .registry import enter_phase_named, next_phase, phase_of_kind, register_offer, register_phase_kind


class ConcedeRule(Strict):
    action: Literal["concede"] = "concede"
    when: Literal["before-discard"] = "before-discard"
    penalty: Literal["single"] = "single"


class ContractPhase(DecisionPhase):
    kind: Literal["contract"]
    who: Literal["bidder"] = "bidder"
    fulfilled_by_melds: Literal["win-without-play"] = "win-without-play"
    concede: ConcedeRule | None = None

    def describe(self) -> str:
        return ("melds reaching the bid win it without play"
                + ("; otherwise the declarer may 'concede' at once, for a single stake" if self.concede else ""))

CONCEDE = "concede"


class ContractKind:
    decisions = ()

    def action_space(self, game, rule) -> list[str]:
        return [rule.concede.action] if rule.concede is not None else []

    def enter(self, state, phase) -> None:
        contract = auction_data(state)
        if state.round_points[state.declarer] >= contract.contract:
            contract.outcome = "made-without-play"
            enter_phase_named(state, phase_of_kind(state, "settle"))
            return
        next_phase(state)
        if phase.concede is not None:  # open beside the next decision only
            state.offers = (CONCEDE,)

    def over(self, state) -> bool:
        return True


def concede(state, seat: int, args: list[str], action: str) -> None:
    if args or seat != state.declarer:
        raise IllegalAction(action, f"only the declarer may concede, with 'concede' alone "
                                    f"({next(p for p in state.rules.phases if p.kind == 'contract').source})")
    state.actions.append(CONCEDE)
    auction_data(state).outcome = "conceded"
    if state.log_events or state.kept_events:
        log(state, "concede", seat=seat)
    enter_phase_named(state, phase_of_kind(state, "settle"))


register_phase_kind("contract", ContractKind(), ContractPhase)
register_offer(CONCEDE, concede)

__getattr__ = renamed_classes(__name__, Contract="ContractKind")  # its name before it was ContractKind
