"""Refusals: why an action is not allowed now, in words, naming the rule that forbids it.
"""

from __future__ import annotations

from ..ruleset import DeclareStep
from .declaring import declare_step, meld_refusal
from .kinds import PLAY


def _step_text(step: DeclareStep) -> str:
    if step.only is not None:
        return f"the {step.who} may declare only: {', '.join(step.only)}"
    return f"the {step.who} may not declare: {', '.join(step.exclude)}"


def explain_meld(state, seat: int, mask: int) -> str:
    """Why the cards ``mask`` cannot be declared now (the most specific rule)."""
    table = state.game.compiled.meld_table
    best = table.best(mask, state.trump)
    if best is None:
        return "these cards form no meld of this game (see `cardcore rules`)"
    if not mask & (state.hands[seat] | state.step_shown) and state.game.compiled.needs_fresh_card:
        return "a meld needs at least one fresh card from your hand, not only cards already on the table"
    step = declare_step(state)
    if step and table.best(mask, state.trump, state.game.compiled.step_melds(step)) is None:
        return f"{best.rule.name} may not be declared at this turn ({_step_text(step)}; {step.source})"
    why = meld_refusal(state, seat, best)
    return why or "not allowed now"


def named_cards(state, seat: int, cards: list[str]) -> int | None:
    """The physical cards ``cards`` names in ``seat``'s holding, those in hand first (with
    two packs a name may be a card in hand and its twin on the table: the meld the player
    means is the one with most fresh cards)."""
    hand = state.hands[seat]
    mask = state.deck.mask_of_names(cards, hand)
    if mask is not None:
        return mask
    mask = 0
    for name in cards:
        card = state.deck.find(name, hand & ~mask)
        if card is None:
            card = state.deck.find(name, state.tableaus[seat] & ~mask)
        if card is None:
            return None
        mask |= 1 << card
    return mask


def expected(state) -> str:
    who = f"seat {state.current_player}"
    if state.decision == PLAY:
        return f"{who} must play a card to the trick now"
    return f"{who} may declare a meld or pass now"


def meld_out_of_turn(state, seat: int, cards: list[str]) -> str:
    """Why a meld is refused outside a declaration turn. A refused meld comes first: it may be
    why there was no declaration turn (a turn with nothing to declare is skipped)."""
    due = expected(state)
    if state.decision != PLAY:
        return due
    mask = named_cards(state, seat, cards)
    if mask is None or len(cards) != mask.bit_count() or state.game.compiled.meld_table.best(mask, state.trump) is None:
        return due
    why = explain_meld(state, seat, mask)
    if why == "not allowed now":  # nothing refuses it but the moment
        return due
    return f"{why}; and no meld is declared now: {due}"
