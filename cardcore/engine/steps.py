"""Steps after a trick: who takes each, and what each kind of step does.

A phase's ``after_trick`` list names steps (``draw``, ``turn-trump``, ``declare``) and who takes
each (``who``): ``winner``; ``loser`` (two seats only: refused at load otherwise);
``each-from-winner`` and ``every-seat`` (each seat in turn from the winner, one step each);
``declarer`` (the seat that took the contract). :func:`seats_for` turns a ``who`` into seats.

:data:`STEP_KINDS` maps a step kind to its handler ``handler(state, step, seat) -> bool`` (``step``
a :class:`.compiled.CompiledStep`, its rule ``step.rule``): it
carries the step out and returns True when it leaves a decision due (a declaration turn), False
when the step is done and the next one may run. A step that asks a decision of its own (not a
declaration turn) does as a phase kind does: its handler names it in ``decisions`` and answers
``legal_actions(state)`` and ``apply(state, seat, verb, args, action)`` for it. A handler
takes its step off the steps due with :func:`take_step` (the core's at once, a declaration turn
when it ends). :data:`STEP_SCHEMAS` maps it to its schema, a
pydantic model whose ``step`` field is ``Literal["<kind>"]``, which a phase's ``after_trick``
accepts (:func:`cardcore.engine.phases.rules_schema`). A new kind registers both with
:func:`register_step`; a plugin does so through the hook ``register_step_kinds``.
"""

from __future__ import annotations

from typing import Callable

from ..ruleset import DeclareStep, DrawStep, TurnTrumpStep
from .dealing import turn_trump
from .declaring import declaration_moves, end_step
from .events import log
from .kinds import DECLARE
from .scoring import score
from .view import view_of

StepHandler = Callable[..., bool]
STEP_KINDS: dict[str, StepHandler] = {}
STEP_SCHEMAS: dict[str, type] = {}


def register_step(kind: str, handler: StepHandler, schema: type | None = None) -> None:
    """Register the step kind ``kind``: its handler and its schema (without one, no rules file
    can name it). The same registration twice is no change; another under a name taken is
    refused."""
    if kind in STEP_KINDS:
        if STEP_KINDS[kind] is handler and STEP_SCHEMAS.get(kind) is schema:
            return
        raise ValueError(f"step kind {kind!r} is registered already")
    if schema is not None:
        STEP_SCHEMAS[kind] = schema
    STEP_KINDS[kind] = handler


def unregister_step(kind: str) -> None:
    """Forget a kind (a plugin unloaded)."""
    STEP_KINDS.pop(kind, None)
    STEP_SCHEMAS.pop(kind, None)


def seats_for(who: str, winner: int, loser: int | None, declarer: int | None, table) -> tuple[int, ...]:
    """The seats that take a step of ``who`` after a trick won by ``winner`` (lost by ``loser``,
    at two seats), in order."""
    if who == "winner":
        return (winner,)
    if who == "loser":
        return (loser,)
    if who == "declarer":
        return (declarer,)
    return tuple(table.order_from(winner))  # each-from-winner, every-seat


def take_step(state) -> None:
    """The step due is taken: it leaves the steps still due (``state.pending``), so that the next
    one runs. Every step kind's handler does so, a plugin's too."""
    state.pending.pop(0)


def _draw(state, step, seat: int) -> bool:
    """``seat`` draws the top stock card (none when the stock is out); whoever draws the faced
    turn-up last sees it shown and scores its points."""
    take_step(state)
    stock, pos = state.stock, state.stock_pos
    if pos >= len(stock):
        return False
    card = stock[pos]
    state.stock_pos = pos = pos + 1
    state.hands[seat] |= 1 << card
    if state.log_events:
        log(state, "draw", seat=seat, card=state.deck.names[card], left=state.stock_left)
    for watch in state.draw_watchers:  # a rules section's (engine.sections), mostly none
        watch(state, seat, card)
    if card == state.faced and pos == len(stock):
        state.known[seat] |= 1 << card
        state.rounds[-1]["last_card"] = {"player": seat, "card": state.deck.names[card]}
        score(state, seat, state.rules.turnup.last_card_points, "last faced card", {"card": state.deck.names[card]})
    return False


def _turn_trump(state, step, seat: int) -> bool:
    take_step(state)
    turn_trump(state, seat)
    return False


def _declare(state, step, seat: int) -> bool:
    """A declaration turn: the seat's declarations, or its pass at once when it has none. A
    ``when: winner-passed`` turn is not taken after the winner's meld."""
    if step.winner_passed_only and not state.winner_passed:
        take_step(state)
        return False
    if state.log_events or state.kept_events:  # statistics only: quiet worlds keep none
        tally_declaration_turn(state, seat)
    moves = declaration_moves(state, seat)
    if moves:
        state.decision = DECLARE
        state.current_player = seat
        state._turn_moves = moves
        return True
    end_step(state)  # nothing to declare: the same as a pass
    return False


def tally_declaration_turn(state, seat: int) -> None:
    """The game's counts of ``seat``'s declaration turn beginning (``on_declaration_turn``),
    added to ``state.tallies``: where events are logged, with the turn's step first in
    ``pending``."""
    for key, count in (state.game.on_declaration_turn(view_of(state), seat) or {}).items():
        state.tallies[key] = state.tallies.get(key, 0) + count


register_step("declare", _declare, DeclareStep)
register_step("draw", _draw, DrawStep)
register_step("turn-trump", _turn_trump, TurnTrumpStep)
