"""simulate's games through the public path, made cheaper without changing a move: the random
bot is handed the legal actions simulate has counted, and draws from them as it draws from its
own; in a one-pack game it draws its cards and melds from ``legal_moves()`` put in the order of
the actions, and they are carried out by ``apply_move``."""

import random

import pytest

from cardcore import load_game
from cardcore.bots import make_bot
from cardcore.engine.events import Event
from cardcore.engine.kernel import blind_moves
from cardcore.engine.kinds import DECLARE, PLAY
from cardcore.engine.kernel import moves_in_action_order
from cardcore.sim.play import play_game, play_one
from cardcore.state import State


def counting(monkeypatch, name):
    calls = []
    method = getattr(State, name)

    def counted(state, *args):
        calls.append(1)
        return method(state, *args)

    monkeypatch.setattr(State, name, counted)
    return calls


def test_cards_and_declarations_are_played_by_their_moves(monkeypatch):
    # Penchant's and Pinochle's decisions are all cards and declarations (a claim of Out is made
    # by apply_move through apply): no action is listed or read but the claim
    asked, applied = counting(monkeypatch, "legal_actions"), counting(monkeypatch, "apply")
    for game in ("penchant", "pinochle"):
        r = play_one(game, ("random", "random"), 0, 1)
        assert r["decisions"] > 100 and not asked and len(applied) <= 1
        applied.clear()


def test_a_bid_is_drawn_from_the_actions_asked_once(monkeypatch):
    # the other decisions (here the bids, the widow, the discard) go by their actions, listed
    # once for simulate's count and the random bot's draw together
    asked, applied = counting(monkeypatch, "legal_actions"), counting(monkeypatch, "apply")
    r = play_one("auction-pinochle", ("random",) * 3, 0, 1)
    assert 0 < len(asked) == len(applied) < r["decisions"]


def test_the_random_bot_handed_the_actions_draws_as_it_draws_alone():
    game = load_game("marjolet")
    alone, handed = make_bot("random", game, seed=4), make_bot("random", game, seed=4)
    state = game.new_game(seed=9)
    while state.result is None:
        action = alone.choose(state)
        assert handed.choose_among(state, state.legal_actions()) == action
        state.apply(action)


GAMES = ("penchant", "marjolet", "penneech", "cinq-cents", "penchant(jail_free_seven=true)",
         "pinochle", "bezique", "auction-pinochle", "partnership-auction-pinochle", "rubicon-bezique")


def random_table(game, seed):
    return [make_bot("random", game, seed=seed * 10 + seat) for seat in range(game.players)]


@pytest.mark.parametrize("game_string", GAMES)
def test_the_moves_in_action_order_name_the_legal_actions(game_string):
    # legal_moves() lists cards lowest index first, every copy of a card of several packs, and
    # the melds as they were found; put in order, one per action, each names the action
    # legal_actions() lists at its place, at every card and declaration
    game = load_game(game_string)
    seen = set()
    for seed in range(3 if game.deck.packs < 4 else 1):
        state, rng = game.new_game(seed=seed), random.Random(seed)
        while state.result is None:
            legal = state.legal_actions()
            if state.decision in (PLAY, DECLARE):
                moves = moves_in_action_order(state, state.legal_moves())
                assert [state.move_action(m) for m in moves] == legal
                seen.add(state.decision)
            state.apply(rng.choice(blind_moves(state, legal)))
    assert PLAY in seen


@pytest.mark.parametrize("game_string", GAMES)
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


@pytest.mark.parametrize("game_string", ("penchant", "marjolet", "penneech", "pinochle", "bezique"))
def test_a_game_and_its_summary_read_the_events_by_attribute(monkeypatch, game_string):
    # e["type"] goes through the mapping's Python method, e.type is a slot: a summary and a
    # game's notable_events read every event of the game
    read = []
    getitem = Event.__getitem__

    def counted(event, key):
        read.append(key)
        return getitem(event, key)

    monkeypatch.setattr(Event, "__getitem__", counted)
    r = play_one(game_string, ("random", "random"), 0, 1)
    assert r["notable"] and not read


def test_the_strict_leader_is_the_one_highest():
    from cardcore.sim.play import _strict_leader

    assert _strict_leader([3, 5, 1]) == 1
    assert _strict_leader([5, 3, 5]) is None  # a tie for the lead: no leader
    assert _strict_leader([0, 0]) is None and _strict_leader([-2, -1]) == 1
