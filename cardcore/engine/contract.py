"""The contract (phase kind ``contract``): once the declarer's melds are shown, a bid they
already fulfil is won without play (the deal goes straight to its settlement); otherwise the
declarer may ``concede`` at once, before the next decision (his discard), for the smaller
penalty. ``state.outcome`` records what happened, for the settlement."""

from __future__ import annotations

from ..errors import IllegalAction
from .phases import enter_phase_named, next_phase, phase_of_kind, register_offer, register_phase_kind

CONCEDE = "concede"


class ContractKind:
    decisions = ()

    def enter(self, state, phase) -> None:
        if state.round_points[state.declarer] >= state.contract:
            state.outcome = "made-without-play"
            enter_phase_named(state, phase_of_kind(state, "settle"))
            return
        state.concede_rule = phase
        next_phase(state)
        if phase.concede is not None:  # open beside the next decision only
            state.offers = (CONCEDE,)

    def over(self, state) -> bool:
        return True


def concede(state, seat: int, args: list[str], action: str) -> None:
    if args or seat != state.declarer:
        raise IllegalAction(action, f"only the declarer may concede, with 'concede' alone "
                                    f"({state.concede_rule.source})")
    state.actions.append(CONCEDE)
    state.outcome = "conceded"
    if state.log_events:
        state._event("concede", seat=seat)
    enter_phase_named(state, phase_of_kind(state, "settle"))


register_phase_kind("contract", ContractKind())
register_offer(CONCEDE, concede)
