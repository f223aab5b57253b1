"""A phase's after-trick steps written out per trick winner (cardcore/engine/written_steps.py)
do what the step loop of TrickPlayMixin._advance does, move for move.

Penchant's stock phase (K, Phase one: the winner may declare one meld, draws, the loser may
declare a penchant if the winner declared nothing, then draws) is written out; random games
played with the written plans and with the step loop alone must pass through the same states.
"""

from __future__ import annotations

import pytest
from helpers import random_moves

from cardcore import load_game


def trace(game, seed: int) -> list[tuple]:
    """After every move of a random game: the actions, whose turn and what decision, the
    hands, tables and stock position, the steps still due and the scores."""
    state = game.new_game(seed=seed)
    state.log_events = False
    seen = [(len(s.actions), s.current_player, s.decision, tuple(s.hands), tuple(s.tableaus), s.stock_pos,
             [(id(step), seat) for step, seat, _ in s.pending], s.winner_passed, tuple(s.scores))
            for s in random_moves(state, seed)]
    seen.append((state.actions, state.result))
    return seen


@pytest.fixture(scope="module")
def penchant():
    return load_game("penchant")


def test_penchant_s_stock_phase_is_written_out_for_each_winner_and_steps_left(penchant):
    stock_phase = penchant.compiled.phases[0]
    assert [step.kind for step in stock_phase.steps] == ["declare", "draw", "declare", "draw"]
    # per winner: nothing (no steps left) then one function per number of steps left
    assert [len(runs) for runs in stock_phase.written] == [5, 5]
    assert penchant.compiled.phases[1].written is None  # the meal has no steps after a trick


@pytest.mark.parametrize("seed", range(8))
def test_written_steps_pass_through_the_states_of_the_step_loop(penchant, seed, monkeypatch):
    written = trace(penchant, seed)
    for phase in penchant.compiled.phases:
        monkeypatch.setattr(phase, "written", None)
    assert trace(penchant, seed) == written


@pytest.mark.parametrize("seed", range(4))
def test_penneech_s_trump_turned_after_each_trick_is_written_out_too(seed, monkeypatch):
    """Penneech (WP, Play: the trick winner turns the next card of the stock for trump, pegging a
    counter, and leads)."""
    game = load_game("penneech")
    assert [step.kind for step in game.compiled.phases[0].steps] == ["turn-trump"]
    assert game.compiled.phases[0].written is not None
    written = trace(game, seed)
    monkeypatch.setattr(game.compiled.phases[0], "written", None)
    assert trace(game, seed) == written


def test_events_take_the_step_loop_with_the_same_game(penchant, monkeypatch):
    """With the event log on, the steps are the loop's (each draw and pass is an event), and
    the game is the one a playout plays."""
    quiet = trace(penchant, 3)
    state = penchant.new_game(seed=3)
    for _ in random_moves(state, 3):
        pass
    assert (state.actions, state.result) == quiet[-1]
    assert any(e["type"] == "draw" for e in state.events)
