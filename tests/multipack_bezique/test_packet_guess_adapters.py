"""The dealer's guess (RM §7.2, option packet_guess) in the OpenSpiel and PettingZoo adapters: the
packet is a chance node after the cards (each size as likely), the guess an action of the
non-dealer, the packet hidden from both seats until the guess and shown to both after it; the
games stay zero-sum. (The adapters' own suites run it too, through the dealers-guess preset.)"""

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="the openspiel extra (pip install 'cardcore[openspiel]') is not installed here")

import cardcore.adapters.openspiel  # noqa: E402,F401  (registers the games)

SPIEL = "cardcore_six-pack-bezique(packet_guess=true,packet_spread=2)"


def to_the_guess(seed: int):
    """Deal at random up to the guess; the packet chance node's outcomes on the way."""
    rng = random.Random(seed)
    state = pyspiel.load_game(SPIEL).new_initial_state()
    packet_outcomes = None
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        action = rng.choice([o for o, _ in outcomes])
        if state.action_to_string(pyspiel.PlayerId.CHANCE, action).startswith("packet "):
            packet_outcomes = outcomes
        state.apply_action(action)
    return state, packet_outcomes


def test_the_packet_is_a_chance_node_of_five_equally_likely_sizes():
    state, outcomes = to_the_guess(1)
    assert [o for o, _ in outcomes] == [22, 23, 24, 25, 26]
    assert all(p == pytest.approx(0.2) for _, p in outcomes)
    guesser = state.current_player()
    assert guesser != state._core.engine.dealer
    assert [state.action_to_string(guesser, a) for a in state.legal_actions()] == \
        ["guess 22", "guess 23", "guess 24", "guess 25", "guess 26"]


def test_the_packet_is_hidden_until_the_guess_and_shown_to_both_after():
    state, _ = to_the_guess(2)
    guesser = state.current_player()
    true_packet = state._core.engine.deals[-1]["packet"]
    rng = random.Random(0)
    for seat in (0, 1):
        assert "packet" not in state.information_state_string(seat)
        sizes = {state.resample_from_infostate(seat, rng.random)._core.engine.deals[-1]["packet"] for _ in range(40)}
        assert sizes == {22, 23, 24, 25, 26}, sizes  # any size: nobody knows it
    state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(guesser, a) == "guess 24"))
    for seat in (0, 1):
        text = state.information_state_string(seat)
        assert f"P{guesser} guess 24" in text and f"the size of the packet the dealer lifted: {true_packet}" in text
        worlds = {state.resample_from_infostate(seat, rng.random)._core.engine.deals[-1]["packet"] for _ in range(5)}
        assert worlds == {true_packet}


def test_random_openspiel_games_are_zero_sum_and_score_the_guess():
    game = pyspiel.load_game(SPIEL)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        engine = state._core.engine
        assert sum(state.returns()) == 0
        summary = engine.rounds[0]
        awards = 150 * (summary["guess"]["guessed"] == summary["packet"]) + 250 * (summary["packet"] == 24)
        assert sum(e["points"] for e in engine.events if e["type"] == "score"
                   and e["source"] in ("packet guessed", "packet of 24")) == awards


def test_pettingzoo_games_with_the_guess_are_zero_sum():
    pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed here")
    from cardcore.adapters.pettingzoo import env

    for seed in range(2):
        e = env(game="six-pack-bezique", options={"packet_guess": True})
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        totals = dict.fromkeys(e.agents, 0.0)
        first = None
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            totals[agent] += reward
            if terminated or truncated:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            if first is None:
                first = [e.unwrapped.action_string(i) for i in legal]
            e.step(int(rng.choice(legal)))
        assert first == [f"guess {n}" for n in range(20, 29)]
        assert sum(totals.values()) == 0 and any(totals.values())
