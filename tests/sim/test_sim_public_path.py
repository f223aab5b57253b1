"""simulate's games through the public path, made cheaper without changing a move: the random
bot is handed the legal actions simulate has counted, and draws from them as it draws from its
own."""

from cardcore import load_game
from cardcore.bots import make_bot
from cardcore.sim.play import play_one
from cardcore.state import State


def test_the_legal_actions_are_asked_once_per_decision(monkeypatch):
    asked = []
    legal_actions = State.legal_actions

    def counted(state):
        asked.append(1)
        return legal_actions(state)

    monkeypatch.setattr(State, "legal_actions", counted)
    r = play_one("penchant", ("random", "random"), 0, 1)
    assert len(asked) == r["decisions"]


def test_the_random_bot_handed_the_actions_draws_as_it_draws_alone():
    game = load_game("marjolet")
    alone, handed = make_bot("random", game, seed=4), make_bot("random", game, seed=4)
    state = game.new_game(seed=9)
    while state.result is None:
        action = alone.choose(state)
        assert handed.choose_among(state, state.legal_actions()) == action
        state.apply(action)
