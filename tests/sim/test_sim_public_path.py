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
from cardcore.engine.kernel import legal_moves_in_action_order, moves_in_action_order
from cardcore.sim.play import SUMMARY_EVENT_KINDS, events_read, play_game, play_one, summarize
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
def test_simulates_moves_name_the_legal_actions_in_their_order(game_string):
    # simulate's own state (the events it reads, on the kernel): its moves, one-pack cards listed
    # from the mask in the players' order, name the actions of legal_actions() place by place,
    # suits S H D C and each from its highest rank, at every card and declaration
    game = load_game(game_string)
    for seed in range(3 if game.deck.packs < 4 else 1):
        state, rng = game.new_game(seed=seed, keep_events=events_read(game)), random.Random(seed)
        while state.result is None:
            legal = state.legal_actions()
            if state.decision in (PLAY, DECLARE):
                assert [state.move_action(m) for m in legal_moves_in_action_order(state)] == legal
            state.apply(rng.choice(blind_moves(state, legal)))


def per_game(state, seats) -> dict:
    return summarize(state, index=0, seed=0, bot_specs=("random",) * len(seats), seats=seats, decisions=0,
                     legal_moves=0, elapsed=0.0, keep_record=True)


@pytest.mark.parametrize("game_string", GAMES)
def test_simulate_plays_the_game_the_actions_play(game_string):
    # the same bots asked for actions and carried out by apply(): the same game, move for move,
    # the same tallies and result, and the same count of legal actions; simulate's game logs
    # only the kinds of events it reads, on the kernel, and they are the whole log's events of
    # those kinds, from which the summary and the game's notable events come out the same
    game = load_game(game_string)
    kinds = events_read(game)
    for seed in range(3):
        state, decisions, counted = play_game(game, random_table(game, seed), seed)
        plain, bots, legal_count = game.new_game(seed=seed), random_table(game, seed), 0
        while plain.result is None:
            legal_count += len(plain.legal_actions())
            plain.apply(bots[plain.current_player].choose(plain))
        assert state.actions == plain.actions and decisions == len(plain.actions)
        assert not state.log_events and state.kept_events == kinds | {"deal"}
        assert [e.to_dict() for e in state.events] == [e.to_dict() for e in plain.events if e.type in kinds]
        assert (state.tallies, state.scores, state.result) == (plain.tallies, plain.scores, plain.result)
        assert counted == legal_count
        seats = list(range(game.players))
        assert per_game(state, seats) == per_game(plain, seats)


def test_the_events_simulate_keeps_are_the_summary_s_and_the_game_s():
    # Penchant's notable events read its tricks, melds, trumps and deals, and the blocks tallied
    # at declaration turns; an auction game's, the rounds' outcomes only; a game that keeps
    # TrickGame's notable_events reads none
    from cardcore.game import TrickGame

    assert events_read(load_game("penchant")) == SUMMARY_EVENT_KINDS | {"trick", "meld", "trump"}
    assert events_read(load_game("auction-pinochle")) == SUMMARY_EVENT_KINDS
    assert events_read(load_game("rubicon-bezique")) == SUMMARY_EVENT_KINDS

    class OwnStatistics(TrickGame):  # a plugin's game that does not say which events it reads
        def notable_events(self, state):
            return {"plays": sum(1 for e in state.events if e.type == "play")}

    assert events_read(OwnStatistics.__new__(OwnStatistics)) is None  # the whole log


def test_penchant_s_blocks_are_tallied_on_the_kernel():
    # blocks suffered (Penchant's on_declaration_turn) are counted at declaration turns the
    # kernel takes, as the reference counts them (seeds 0 to 2: 1, 3 and 4 blocks)
    game = load_game("penchant")
    found = 0
    for seed in range(3):
        state, _, _ = play_game(game, random_table(game, seed), seed)
        plain, bots = game.new_game(seed=seed), random_table(game, seed)
        while plain.result is None:
            plain.apply(bots[plain.current_player].choose(plain))
        assert state.tallies == plain.tallies
        found += state.tallies.get("blocks suffered", 0)
    assert found


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
