"""The widow (phase kind ``widow``): the cards dealt apart are turned face up and taken into
the declarer's hand. Everyone has seen them: they stay known in his hand."""

from __future__ import annotations

from typing import Literal

from ...ruleset import DecisionPhase
from ..events import log
from ..moved import renamed_classes
from .registry import next_phase, register_phase_kind


class WidowPhase(DecisionPhase):
    kind: Literal["widow"]
    to: Literal["bidder"] = "bidder"
    face_up: bool = True

    def describe(self) -> str:
        return "the widow is turned face up and taken by the declarer"


class WidowKind:
    decisions = ()

    def enter(self, state, phase) -> None:
        seat, widow = state.declarer, state.widow
        state.rounds[-1]["widow"] = state.deck.names_of(widow)
        if state.log_events or state.kept_events:
            log(state, "widow", seat=seat, cards=state.deck.names_of(widow))
        state.hands[seat] |= widow
        state.known[seat] |= widow
        state.widow = 0
        next_phase(state)

    def over(self, state) -> bool:
        return True


register_phase_kind("widow", WidowKind(), WidowPhase)

__getattr__ = renamed_classes(__name__, Widow="WidowKind")  # its name before it was WidowKind
