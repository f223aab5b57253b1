"""Random playouts every registered game and preset must pass (the conformance suite).

Parametrized over the registry, so a new game plugin gets these checks for free: cards are
conserved, a player to move always has a legal action, scores are the sum of scored events,
the record replays to the same game, the same seed gives the same game, observations hide what
they must, and determinized states agree with the observation they came from. The test games
of ``seatgames`` (three seats; four in two partnerships; Penneech for three) run with them.
"""

import json
import random

import pytest
import seatgames

from cardcore import load_game
from cardcore.cards import iter_bits
from cardcore.engine.events import EVENT_FIELDS
from cardcore.plugins import get_games
from cardcore.records import parse_record, replay
from cardcore.records import format_record
from helpers import random_action


@pytest.fixture(autouse=True, scope="module")
def _seat_games():
    with seatgames.registered():
        yield


def game_names():
    return sorted(get_games()) + list(seatgames.NAMES)


def game_strings():
    out = list(seatgames.NAMES)
    for name, entry in sorted(get_games().items()):
        out.append(name)
        for preset in sorted(entry.game_class.rules_source().presets):
            out.append(f"{name}(preset={preset})")
    return out


def all_cards(state) -> list[int]:
    cards = []
    for s in range(state.n):
        cards += iter_bits(state.hands[s] | state.tableaus[s])
        for won in state.won[s]:
            cards += iter_bits(won)
        assert not state.hands[s] & state.tableaus[s], "a card is both in hand and on the table"
    cards += state.trick + state.stock[state.stock_pos:] + list(iter_bits(state.turned | state.widow))
    return cards


def play(game_string, seed, check_each_step=False):
    state = load_game(game_string).new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if check_each_step:
            assert sorted(all_cards(state)) == list(range(state.deck.size)), "cards not conserved"
        legal = state.legal_actions()
        assert legal, f"no legal action before the end (action {len(state.actions) + 1})"
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        state.apply(random_action(state, rng))
    return state


# Games until both counts are reached: a game of one deal (multi-pack Bezique) plays sixty games,
# a game of several deals twenty, which hold sixty hands or more (Bezique to 1000 some 160,
# two-hand Pinochle to 1000 some 110, partnership Pinochle opened at 200 some 500).
PLAYOUT_GAMES, PLAYOUT_HANDS = 20, 60


@pytest.mark.parametrize("game_string", game_strings())
def test_random_playouts_keep_the_invariants(game_string):
    hands = 0
    seed = 0
    while seed < PLAYOUT_GAMES or hands < PLAYOUT_HANDS:
        state = play(game_string, seed, check_each_step=seed < 10)
        seed += 1
        hands += len(state.rounds)
        assert state.legal_actions() == [] and state.current_player is None
        # a claim is among the moves only when right, so random play never makes a wrong one,
        # and a game of several deals is played past its first (not ended there by a claim)
        assert state.result.get("claim", {}).get("right", True), "a random game ended on a wrong claim"
        if state.rules.game_end.rounds != 1:
            assert len(state.rounds) > 1, "a game of several deals ended in its first"
        table = state.table
        scored = [0] * len(table.sides)
        for e in state.events:
            if e["type"] == "score":
                scored[table.side_of(e["seat"])] += e["points"]
        assert scored == state.side_scores, "scores differ from the sum of scored events"
        assert state.scores == [state.side_scores[table.side_of(s)] for s in range(state.n)]
        for e in state.events:  # every event of a known type, with that type's fields
            assert set(EVENT_FIELDS[e["type"]]) <= set(e), e
        # a deal settled against a contract reaches the scores by its settlement, not its points
        per_round = [r.get("settlement", [0] * state.n) if state.game.compiled.settles_deals else r["points"]
                     for r in state.rounds]
        assert [sum(r[s] for r in per_round) for s in range(state.n)] == state.scores
        assert sum(state.returns()) == 0
        record = parse_record(format_record(state.record()))
        replayed = replay(record)
        assert replayed.summary() == state.summary()
        assert replayed.events == state.events
    assert hands >= PLAYOUT_HANDS


@pytest.mark.parametrize("game_string", game_strings())
def test_same_seed_same_game(game_string):
    a = play(game_string, 1234)
    b = play(game_string, 1234)
    assert a.record() == b.record() and a.events == b.events
    assert play(game_string, 1235).record()["deals"] != a.record()["deals"]


def test_thousands_of_hands_default_options():
    hands = 0
    # the first two-player game of several deals: its games run to many hands (an auction
    # game's run to a few, a multi-pack Bezique game is one deal). Games until a thousand hands
    # are played: a game of long deals (Bezique's nine or so to 1000) needs fewer games
    name = next(n for n in sorted(get_games()) if load_game(n).players == 2 and load_game(n).rules.game_end.rounds != 1)
    for seed in range(1000, 1300):
        hands += len(play(name, seed).rounds)
        if hands >= 1000:
            break
    assert hands >= 1000


@pytest.mark.parametrize("game_string", game_names())
def test_observation_hides_the_opponents_hidden_cards(game_string):
    for seed in range(20):
        state = load_game(game_string).new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            for seat in range(state.n):
                obs = state.observation(seat)
                text = json.dumps(obs)
                assert obs["hand"] == state.deck.names_of(state.hands[seat])
                for other in range(state.n):
                    if other == seat:
                        continue
                    # by physical card: with a double pack a hidden card's twin may be known
                    known = state.deck.names_of(state.hands[other] & state.known[other])
                    assert obs["known_in_hand"].get(str(other), []) == known
                    assert obs["tableaus"][other] == state.deck.names_of(state.tableaus[other])
                stock = _mask(state.stock[state.stock_pos:])
                assert not stock & state.hands[seat] and "stock" not in obs
                assert text  # plain data, serialisable
            state.apply(random_action(state, rng))


# Deals until both counts are reached, fifteen at most: a game of a hundred or two moves checks
# worlds on thirteen to fifteen deals, one of hundreds (Bezique, multi-pack Bezique, partnership
# Pinochle: a world every fifth move) has checked 400 worlds within five to ten.
DETERMINIZE_SEEDS, DETERMINIZE_WORLDS, DETERMINIZE_MAX_SEEDS = 5, 400, 15


@pytest.mark.parametrize("game_string", game_names())
def test_determinize_agrees_with_the_observation(game_string):
    worlds = 0
    for seed in range(DETERMINIZE_MAX_SEEDS):
        if seed >= DETERMINIZE_SEEDS and worlds >= DETERMINIZE_WORLDS:
            break
        state = load_game(game_string).new_game(seed=seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            if step % 5 == 0:
                worlds += 1
                seat = state.current_player
                world = state.determinize(seat, random.Random(step))
                assert world.observation(seat) == state.observation(seat)
                assert sorted(all_cards(world)) == list(range(state.deck.size))
                for other in range(state.n):
                    assert world.hands[other].bit_count() == state.hands[other].bit_count()
                    for void in state.voids[other]:
                        if other != seat:
                            assert not world.hands[other] & state.deck.suit_masks[void]
                # the sampled world plays on: to the end of the game from each game's first
                # position, else to the end of the deal in progress (what was sampled; the deals
                # after it are dealt afresh in any world, and a long game has many)
                deal = len(world.rounds)
                while not world.is_terminal() and (step == 0 or len(world.rounds) == deal):
                    world.apply(random_action(world, rng))
            state.apply(random_action(state, rng))
            step += 1


def _mask(cards):
    m = 0
    for c in cards:
        m |= 1 << c
    return m
