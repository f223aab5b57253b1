"""``legal_actions`` is remembered for the position last asked: a match asks several times at
one decision (the bot, simulate's count of moves, the display), and the answer is worked out
once. A new position, reached by a decision or set up by hand, is worked out again."""

from __future__ import annotations

import random

from cardcore import load_game
from cardcore.engine import actions


def _counting(monkeypatch, state) -> list[int]:
    calls = []
    work = actions.decision_actions

    def counted(state):
        calls.append(1)
        return work(state)

    monkeypatch.setattr(actions, "decision_actions", counted)
    return calls


def test_asked_twice_at_one_decision_the_actions_are_worked_out_once(monkeypatch):
    state = load_game("penchant").new_game(seed=3)
    calls = _counting(monkeypatch, state)
    first = state.legal_actions()
    second = state.legal_actions()
    assert first == second and len(calls) == 1
    first.append("changed by its reader")  # each caller has a list of its own
    assert state.legal_actions() == second


def test_a_decision_taken_or_a_position_set_by_hand_is_worked_out_again(monkeypatch):
    state = load_game("penchant").new_game(seed=3)
    calls = _counting(monkeypatch, state)
    state.apply(state.legal_actions()[0])
    seat, hand = state.current_player, state.hands[state.current_player]
    assert len(state.legal_actions()) == hand.bit_count() == 6  # the stock's tricks: any card of six
    assert len(calls) == 2
    state.hands[seat] = hand & (hand - 1)  # its lowest card taken out by hand: one move fewer
    assert len(state.legal_actions()) == 5 and len(calls) == 3


def test_the_remembered_actions_are_those_worked_out_afresh_over_random_games():
    for name in ("penchant", "pinochle", "auction-pinochle", "rubicon-bezique"):
        game = load_game(name)
        for seed in range(3):
            state = game.new_game(seed=seed)
            rng = random.Random(seed)
            while state.result is None:
                remembered = state.legal_actions()
                assert state.clone().legal_actions() == remembered  # a clone starts without it
                state.apply(rng.choice(remembered))
