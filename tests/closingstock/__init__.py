"""A test plugin adding a kind of its own to the engine: closing the stock.

``closing-stock`` (``closing.yaml``) is a game of twenty-four cards, six each and twelve in the
stock. After each trick of the stock phase both players draw, and then the winner, who leads
next, may close the stock (``close``) or ``pass``: closed, no more cards are drawn and the next
phase begins at once, with its obligations (follow suit and win the trick), as it would have when
the stock ran out. The step kind ``close-stock`` is the plugin's: its schema, its handler and its
decision of its own (``close`` or ``pass``), registered through the hook
``register_step_kinds``; cardcore knows nothing of it.

:func:`registered` registers the plugin for the length of a test (or module).
"""

from __future__ import annotations

import contextlib
from typing import Literal

from cardcore import IllegalAction, hookimpl
from cardcore.engine.phases import ask, next_phase, play_on
from cardcore.engine.steps import take_step
from cardcore.game import TrickGame
from cardcore.ruleset import Source, Strict

CLOSE = "close"
KIND = "close-stock"


class CloseStockStep(Strict):
    """The winner of a trick of the stock, about to lead, may close the stock."""

    step: Literal["close-stock"]
    who: Literal["winner"]
    source: Source


class CloseStock:
    """The step's handler, and the decision it asks (``close`` or ``pass``)."""

    decisions = (CLOSE,)

    def __call__(self, state, step, seat: int) -> bool:
        take_step(state)  # as every step kind's handler does
        if not state.stock_left:  # the stock ran out: nothing to close, the phase ends
            return False
        ask(state, CLOSE, seat)
        return True

    def legal_actions(self, state) -> list[str]:
        return [CLOSE, "pass"]

    def prompt(self, state) -> str:
        return f"close the stock ('{CLOSE}': no more draws, and the end game's rules apply) or 'pass'"

    def action_space(self, game, rule) -> list[str]:
        return [CLOSE]  # and pass, which every game's action space has

    def apply(self, state, seat: int, verb: str, args: list[str], action: str) -> None:
        rule = next(s for s in state.phase_rule.after_trick if s.step == KIND)
        if args or verb not in (CLOSE, "pass"):
            raise IllegalAction(action, f"seat {seat} may close the stock now ('{CLOSE}') or 'pass' ({rule.source})")
        state.actions.append(verb)
        if verb == CLOSE:
            state.rounds[-1]["closed_by"] = seat
            next_phase(state)  # the end game begins: no more draws, its obligations at once
        else:
            play_on(state)


class ClosingStockGame(TrickGame):
    name = "closing-stock"
    title = "Closing Stock (a test game)"
    rules_package = "closingstock"
    rules_resource = "closing.yaml"


class Plugin:
    @hookimpl
    def register_games(self, register):
        register(ClosingStockGame)

    @hookimpl
    def register_step_kinds(self, register):
        register(KIND, CloseStock(), CloseStockStep)


@contextlib.contextmanager
def registered():
    """The plugin registered beside the installed ones, and forgotten afterwards (its kind too)."""
    from cardcore.plugins import register_plugin, reset_plugins

    reset_plugins()
    register_plugin(Plugin(), "closingstock")
    try:
        yield
    finally:
        reset_plugins()
