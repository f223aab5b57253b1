"""What a seat may know depends on nothing it has not seen: two histories that differ only in
cards hidden from a seat give that seat the same observation, information state string,
observation string and tensor, and the same PettingZoo observation.

The pairs, for every game: a random game stopped at a player's turn, and the same game with two
cards of the current deal that a seat has not seen changing places (two cards of other seats'
hidden hands, or a card drawn by another seat), every action replayed as it was (a pair where an
action is no longer legal, or where the same actions no longer show the same melds, is left
out: those cards were not hidden). In Auction Pinochle also the same game with another discard,
which only the declarer sees ("discards, face down": PB95, Auction Pinochle for three, Play).
"""

from __future__ import annotations

import functools
import random

import numpy as np
import pytest

from cardcore.adapters.chance import CHANCE, HAND, PREFIX, STOCK, TURNUP, chance_game
from cardcore.engine.phases.discard import DISCARD

from .cases import base_options, game_names, show

GAMES_PER_NAME = 4
SWAPS_PER_GAME = 4
DEALT = (HAND, STOCK, PREFIX, TURNUP)


def game_string(name: str) -> str:
    options = base_options(name)
    options.pop("max_deals", None)  # the adapters' deal cap, not an option of the game
    body = ",".join(f"{k}={show(v)}" for k, v in options.items())
    return name + (f"({body})" if body else "")


def random_game(g, rng: random.Random, stop_at=None):
    """Random chance outcomes and legal actions (no claim: a wrong one ends the game at once),
    until ``stop_at(state)`` or a random number of steps, then on to a player's turn."""
    state = g.new_state()
    steps = rng.randrange(10, 160)
    claim = g.game.rules.claim
    while not state.is_terminal() and (steps > 0 or state.current_player() == CHANCE):
        if stop_at is not None and state.current_player() != CHANCE and stop_at(state):
            break
        legal = state.legal_ids()
        if claim is not None and state.current_player() != CHANCE:
            legal = [a for a in legal if g.actions.strings[a] != claim.action] or legal
        state.apply(rng.choice(legal))
        steps -= 1
    return None if state.is_terminal() else state


def replayed(truth, history: list[int]):
    """The current deal of ``truth`` replayed with ``history`` (None: an action is illegal there,
    or the same actions show other melds)."""
    world = truth.snapshot.clone()
    if not world._replay(history[truth.mark:], truth.players[truth.mark:]) or \
            world.current_player() != truth.current_player():
        return None
    e, t = world.engine, truth.engine
    if e.actions != t.actions or e.meld_log != t.meld_log:
        return None
    return world


def hidden_from(state, seat: int) -> int:
    """The cards of the current deal ``seat`` has not seen, as the engine holds them."""
    e = state.engine
    hidden = e.unseen_apart(seat)
    for mask in e.hidden_in_hands(seat).values():
        hidden |= mask
    return hidden


def swaps(truth, rng: random.Random):
    """(seat, world): ``truth`` with two cards hidden from ``seat`` changing places."""
    names = truth.g.deck.names
    for _ in range(SWAPS_PER_GAME):
        seat = rng.randrange(truth.g.n)
        hidden = hidden_from(truth, seat)
        steps = [i for i in range(truth.mark, len(truth.history))
                 if truth.kinds[i] in DEALT and hidden >> truth.history[i] & 1]
        if len(steps) < 2:
            continue
        i, j = rng.sample(steps, 2)
        if names[truth.history[i]] == names[truth.history[j]]:
            continue
        history = list(truth.history)
        history[i], history[j] = history[j], history[i]
        world = replayed(truth, history)
        if world is not None:
            yield seat, world


def other_discards(truth, rng: random.Random):
    """(seat, world) for each other seat: ``truth`` with another discard, the rest replayed."""
    strings = truth.g.actions.strings
    at = next((i for i in range(truth.mark, len(truth.history)) if truth.players[i] != CHANCE
               and strings[truth.history[i]].startswith(DISCARD + " ")), None)
    if at is None:
        return
    before = truth.snapshot.clone()
    before._replay(truth.history[truth.mark:at], truth.players[truth.mark:at])
    for action in rng.sample(before.legal_ids(), min(6, len(before.legal_ids()))):
        if action == truth.history[at]:
            continue
        world = before.clone()
        world.apply(action)
        if world._replay(truth.history[at + 1:], truth.players[at + 1:]) and \
                world.current_player() == truth.current_player():
            for seat in range(truth.g.n):
                if seat != truth.engine.declarer:
                    yield seat, world


@functools.lru_cache(maxsize=None)
def pairs(name: str) -> list:
    """(seat, truth, world) for the game ``name``: the swaps, and for a game with a discard the
    other discards, from games stopped after it."""
    g = chance_game(game_string(name))
    out = []
    for seed in range(GAMES_PER_NAME):
        rng = random.Random(f"{name}:{seed}")
        truth = random_game(g, rng)
        if truth is not None:
            out += [(seat, truth, world) for seat, world in swaps(truth, rng)]
    if any(p.kind == DISCARD for p in g.game.rules.phases):
        for seed in range(GAMES_PER_NAME):
            rng = random.Random(f"{name}:discard:{seed}")
            truth = random_game(g, rng, stop_at=lambda s: "discards" in s.engine.rounds[-1]
                                and s.engine.tricks_played >= rng.randrange(4))
            if truth is not None:
                out += [(seat, truth, world) for seat, world in other_discards(truth, rng)]
    return out


@pytest.mark.parametrize("name", game_names())
def test_a_seat_sees_nothing_of_the_cards_hidden_from_it(name):
    found = pairs(name)
    assert found, "no pair of histories to compare"
    for seat, truth, world in found:
        assert world.engine.observation(seat) == truth.engine.observation(seat)
        assert world.information_state(seat) == truth.information_state(seat)
        assert world.observation_string(seat) == truth.observation_string(seat)
        encoder = truth.g.encoder
        assert np.array_equal(encoder.encode(world.engine.observation(seat)),
                              encoder.encode(truth.engine.observation(seat)))


def test_the_auction_pairs_include_other_discards():
    assert any(world.engine.rounds[-1].get("discards") != truth.engine.rounds[-1].get("discards")
               for _, truth, world in pairs("auction-pinochle"))


@pytest.mark.parametrize("name", game_names())
def test_openspiel_strings_and_tensors_hide_them(name):
    pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed here")
    from cardcore.adapters import openspiel

    game = pyspiel.load_game(openspiel.short_name(name) + game_string(name)[len(name):])

    def spiel(state):
        out = game.new_initial_state()
        for action in state.history:
            out.apply_action(action)
        return out

    for seat, truth, world in pairs(name):
        a, b = spiel(truth), spiel(world)
        assert a.information_state_string(seat) == b.information_state_string(seat)
        assert a.observation_string(seat) == b.observation_string(seat)
        assert a.observation_tensor(seat) == b.observation_tensor(seat)


@pytest.mark.parametrize("name", game_names())
def test_pettingzoo_observations_hide_them(name):
    pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed here")
    from cardcore.adapters import pettingzoo

    options = base_options(name)
    env = pettingzoo.raw_env(name, options=options, max_deals=options.pop("max_deals", 100))
    env.reset(seed=0)
    for seat, truth, world in pairs(name):
        agent = env.possible_agents[seat]
        env.game_state = truth.engine
        a = env.observe(agent)
        env.game_state = world.engine
        b = env.observe(agent)
        assert np.array_equal(a["observation"], b["observation"])
        assert np.array_equal(a["action_mask"], b["action_mask"])
