"""Naming trump (phase kind ``name-trump``): the declarer says ``trump S`` (any suit)."""

from __future__ import annotations

from typing import Literal

from ...errors import CardcoreError, IllegalAction
from ...ruleset import DecisionPhase
from ..dealing import set_trump
from ..events import log
from ..moved import renamed_classes
from .registry import next_phase, register_phase_kind


class NameTrumpPhase(DecisionPhase):
    kind: Literal["name-trump"]
    who: Literal["bidder"] = "bidder"
    actions: list[str] = []

    def describe(self) -> str:
        return "the declarer names trumps: 'trump S'"

TRUMP = "trump"


class NameTrumpKind:
    decisions = (TRUMP,)

    def action_space(self, game, rule) -> list[str]:
        return [f"{TRUMP} {suit}" for suit in game.deck.suits]

    def enter(self, state, phase) -> None:
        state.decision = TRUMP
        state.current_player = state.declarer

    def over(self, state) -> bool:
        return state.decision != TRUMP

    def legal_actions(self, state) -> list[str]:
        return [f"{TRUMP} {s}" for s in state.deck.suits]

    def apply(self, state, seat: int, verb: str, args: list[str], action: str) -> None:
        suit = _suit(state, args) if verb == TRUMP else None
        if suit is None:
            raise IllegalAction(action, f"the declarer names trumps now: 'trump S' with a suit of "
                                        f"{' '.join(state.deck.suits)} ({state.phase_rule.source})")
        state.actions.append(f"{TRUMP} {state.deck.suits[suit]}")
        set_trump(state, suit)
        state.trump_fixed = True
        if state.log_events or state.kept_events:
            log(state, "trump", suit=state.deck.suits[suit], seat=seat, reason="named by the declarer")
        next_phase(state)


def _suit(state, args: list[str]) -> int | None:
    if len(args) != 1:
        return None
    text = args[0].upper()
    if text in state.deck.suits:
        return state.deck.suits.index(text)
    try:  # a suit symbol, ♥
        card = state.deck.parse("A" + args[0])
    except CardcoreError:
        return None
    return state.deck.suits.index(card[-1])


register_phase_kind("name-trump", NameTrumpKind(), NameTrumpPhase)

__getattr__ = renamed_classes(__name__, NameTrump="NameTrumpKind")  # its name before it was NameTrumpKind
