"""simulate's games through the public path, made cheaper without changing a move: the random
bot is handed the legal actions simulate has counted, and draws from them as it draws from its
own; in a one-pack game it draws its cards and melds from ``legal_moves()`` put in the order of
the actions, and they are carried out by ``apply_move``."""

import random

import pytest

from cardcore import load_game
from cardcore.bots import make_bot
from cardcore.engine.kinds import DECLARE, PLAY
from cardcore.sim.play import in_action_order, play_game, play_one
from cardcore.state import State


def counting(monkeypatch, name):
    calls = []
    method = getattr(State, name)

    def counted(state, *args):
        calls.append(1)
        return method(state, *args)

    monkeypatch.setattr(State, name, counted)
    return calls


def test_the_legal_actions_are_asked_once_per_decision(monkeypatch):
    asked = counting(monkeypatch, "legal_actions")
    r = play_one("pinochle", ("random", "random"), 0, 1)
    assert len(asked) == r["decisions"]


def test_a_one_pack_game_is_played_by_its_moves(monkeypatch):
    # Penchant's decisions are all cards and declarations: no action is listed or read
    asked, applied = counting(monkeypatch, "legal_actions"), counting(monkeypatch, "apply")
    r = play_one("penchant", ("random", "random"), 0, 1)
    assert r["decisions"] > 100 and not asked and not applied


def test_the_random_bot_handed_the_actions_draws_as_it_draws_alone():
    game = load_game("marjolet")
    alone, handed = make_bot("random", game, seed=4), make_bot("random", game, seed=4)
    state = game.new_game(seed=9)
    while state.result is None:
        action = alone.choose(state)
        assert handed.choose_among(state, state.legal_actions()) == action
        state.apply(action)


ONE_PACK = ("penchant", "marjolet", "penneech", "cinq-cents", "penchant(jail_free_seven=true)")


def random_table(game, seed):
    return [make_bot("random", game, seed=seed * 10 + seat) for seat in range(game.players)]


@pytest.mark.parametrize("game_string", ONE_PACK)
def test_the_moves_in_action_order_name_the_legal_actions(game_string):
    # legal_moves() lists cards lowest index first and the melds as they were found; put in
    # order, each names the action legal_actions() lists at its place, at every card and
    # declaration of these games
    game = load_game(game_string)
    assert game.deck.packs == 1
    seen = set()
    for seed in range(4):
        state, rng = game.new_game(seed=seed), random.Random(seed)
        while state.result is None:
            legal = state.legal_actions()
            if state.decision in (PLAY, DECLARE):
                moves = in_action_order(state, state.legal_moves())
                assert [state.move_action(m) for m in moves] == legal
                seen.add(state.decision)
            state.apply(rng.choice(legal))
    assert seen == {PLAY, DECLARE} or game_string == "penneech"  # Penneech declares nothing


@pytest.mark.parametrize("game_string", ONE_PACK + ("pinochle", "auction-pinochle"))
def test_simulate_plays_the_game_the_actions_play(game_string):
    # the same bots asked for actions and carried out by apply(): the same game, move for move,
    # the same events, tallies and result, and the same count of legal actions
    game = load_game(game_string)
    for seed in range(3):
        state, decisions, counted = play_game(game, random_table(game, seed), seed)
        plain, bots, legal_count = game.new_game(seed=seed), random_table(game, seed), 0
        while plain.result is None:
            legal_count += len(plain.legal_actions())
            plain.apply(bots[plain.current_player].choose(plain))
        assert state.actions == plain.actions and decisions == len(plain.actions)
        assert [e.to_dict() for e in state.events] == [e.to_dict() for e in plain.events]
        assert (state.tallies, state.scores, state.result) == (plain.tallies, plain.scores, plain.result)
        assert counted == legal_count
