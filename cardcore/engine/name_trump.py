"""Naming trump (phase kind ``name-trump``): the declarer says ``trump S`` (any suit)."""

from __future__ import annotations

from ..errors import CardcoreError, IllegalAction
from .phases import next_phase, register_phase_kind

TRUMP = "trump"


class NameTrumpKind:
    decisions = (TRUMP,)

    def enter(self, state, phase) -> None:
        state.decision = TRUMP
        state.current_player = state.declarer
        state.naming_rule = phase

    def over(self, state) -> bool:
        return state.decision != TRUMP

    def legal_actions(self, state) -> list[str]:
        return [f"{TRUMP} {s}" for s in state.deck.suits]

    def apply(self, state, seat: int, verb: str, args: list[str], action: str) -> None:
        suit = _suit(state, args) if verb == TRUMP else None
        if suit is None:
            raise IllegalAction(action, f"the declarer names trumps now: 'trump S' with a suit of "
                                        f"{' '.join(state.deck.suits)} ({state.naming_rule.source})")
        state.actions.append(f"{TRUMP} {state.deck.suits[suit]}")
        state._set_trump(suit)
        state.trump_fixed = True
        if state.log_events:
            state._event("trump", suit=state.deck.suits[suit], seat=seat, reason="named by the declarer")
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


register_phase_kind("name-trump", NameTrumpKind())
