"""The adapters at tables of three and four seats (the test games of ``seatgames``): OpenSpiel
with num_players N, PettingZoo with agents player_0 .. player_{N-1}, returns zero-sum."""

import random

import pytest
import seatgames

from cardcore import load_game

pytestmark = [  # as in test_pettingzoo.py: our observations are {"observation", "action_mask"} dicts
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
]


@pytest.fixture(autouse=True, scope="module")
def _seat_games():
    with seatgames.registered():
        yield


@pytest.mark.parametrize("name", seatgames.NAMES)
def test_openspiel_plays_n_seats(name):
    pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed here")
    from cardcore.adapters import openspiel as adapter

    adapter.register_all()
    game = pyspiel.load_game(adapter.short_name(name) + "(max_deals=2)")
    n = load_game(name).players
    assert game.num_players() == n
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    rng = random.Random(3)
    state = game.new_initial_state()
    movers = set()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            movers.add(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
    assert movers == set(range(n))
    assert sum(state.returns()) == pytest.approx(0)


@pytest.mark.parametrize("name", seatgames.NAMES)
def test_pettingzoo_agents_are_every_seat(name):
    pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed here")
    from pettingzoo.test import api_test

    from cardcore.adapters import pettingzoo as adapter

    n = load_game(name).players
    env = adapter.env(name, max_deals=2)
    assert env.possible_agents == [f"player_{s}" for s in range(n)]
    api_test(env, num_cycles=300)
    env.reset(seed=5)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        env.step(None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"]))
    assert sum(totals.values()) == pytest.approx(0)
    state = env.unwrapped.game_state
    if state.is_terminal():
        assert [totals[a] for a in env.possible_agents] == state.returns()
