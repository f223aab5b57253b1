"""The widow (phase kind ``widow``): the cards dealt apart are turned face up and taken into
the declarer's hand. Everyone has seen them: they stay known in his hand."""

from __future__ import annotations

from .phases import next_phase, register_phase_kind


class WidowKind:
    decisions = ()

    def enter(self, state, phase) -> None:
        seat, widow = state.declarer, state.widow
        state.rounds[-1]["widow"] = state.deck.names_of(widow)
        if state.log_events:
            state._event("widow", seat=seat, cards=state.deck.names_of(widow))
        state.hands[seat] |= widow
        state.known[seat] |= widow
        state.widow = 0
        next_phase(state)

    def over(self, state) -> bool:
        return True


register_phase_kind("widow", WidowKind())
