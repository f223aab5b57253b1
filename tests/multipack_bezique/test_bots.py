"""The shared Bezique heuristic plays the multi-pack games, legally and reproducibly, and the
search bots play a deal of the biggest pack in common use (six packs, 192 cards)."""

import pytest

from cardcore import load_game
from cardcore.bots import make_bot


def play(game_name, specs, seed):
    game = load_game(game_name)
    s = game.new_game(seed=seed)
    bots = [make_bot(spec, game, seed=seed + i) for i, spec in enumerate(specs)]
    while not s.is_terminal():
        action = bots[s.current_player].choose(s)
        assert action in s.legal_actions()
        s.apply(action)
    return s


@pytest.mark.parametrize("game", ["rubicon-bezique", "six-pack-bezique", "eight-pack-bezique"])
def test_heuristic_plays_whole_games_reproducibly(game):
    a = play(game, ["heuristic", "random"], 5)
    b = play(game, ["heuristic", "random"], 5)
    assert a.actions == b.actions and a.result == b.result


@pytest.mark.slow
def test_ismcts_chooses_on_a_six_pack_deal():
    game = load_game("six-pack-bezique")
    s = game.new_game(seed=2)
    bot = make_bot("ismcts(iterations=20)", game, seed=2)
    for _ in range(3):
        action = bot.choose(s)
        assert action in s.legal_actions()
        s.apply(action)
