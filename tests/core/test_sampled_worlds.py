"""Worlds sampled by the search bots: quiet (no events) and ended with the deal they look at."""

import random

from cardcore import load_game


def _play_with(state, moves_rng, until):
    while state.result is None and not until(state):
        moves = state.legal_moves()
        state.apply_move(moves[moves_rng.randrange(len(moves))])


def test_a_stopped_world_ends_with_its_deal_and_keeps_that_deal_s_scores():
    game = load_game("penchant")
    real = game.new_game(seed=11)
    world = real.clone()
    world.log_events = False
    world.stop_after_deal = True
    _play_with(real, random.Random(3), until=lambda s: len(s.rounds) > 1)
    _play_with(world, random.Random(3), until=lambda s: False)
    assert world.result["stopped"] is True
    assert len(world.rounds) == 1 and len(world.deals) == 1  # no second deal was dealt
    assert world.scores == real.rounds[0]["points"]  # the same moves, the same first deal
    assert world.rounds[0]["points"] == real.rounds[0]["points"]
    assert world.events == real.events[:len(world.events)]  # nothing logged after the clone


def test_a_world_stopped_in_the_last_deal_gets_the_real_result():
    game = load_game("penchant")  # four deals
    real = game.new_game(seed=12)
    _play_with(real, random.Random(4), until=lambda s: len(s.rounds) == 4)
    world = real.clone()
    world.stop_after_deal = True
    _play_with(real, random.Random(5), until=lambda s: False)
    _play_with(world, random.Random(5), until=lambda s: False)
    assert "stopped" not in world.result
    assert world.result == real.result
