"""Our games as PettingZoo AEC environments: PettingZoo's own API and seed tests, and what they
do not check (the deals follow the seed, rewards, truncation, registration)."""

import pytest

pettingzoo = pytest.importorskip(
    "pettingzoo", reason="the pettingzoo extra (pip install 'cardcore[pettingzoo]') is not installed here")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from cardcore import load_game  # noqa: E402
from cardcore.adapters import pettingzoo as adapter  # noqa: E402
from cardcore.adapters.encoding import DEFAULT_MAX_DEALS, adapted_game_names, cut_off_returns  # noqa: E402

from .cases import base_options, game_names, option_sets, played, short_options, show  # noqa: E402

# PettingZoo's advice for flat observations; ours are {"observation", "action_mask"} dicts, as
# in its own classic environments.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
]


def play(env, seed: int, actions_seed: int = 0) -> dict:
    """Random legal actions until every agent is done; the total reward of each agent."""
    env.reset(seed=seed)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(actions_seed + i)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        env.step(None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"]))
    return totals


def games_played(monkeypatch):
    """Every game the environments play from now on, as its engine state, over or cut off by
    the test's last step: kept at each reset, and the games in progress when the returned
    function is called. Games played alike by two environments (seed_test) count once."""
    games, envs = {}, []
    reset = adapter.CardcoreEnv.reset

    def keep(state):
        if state is not None and state.actions:
            games[(str(state.deals[0]), tuple(state.actions))] = state

    def counted(env, *args, **kwargs):
        keep(env.game_state)  # the game this reset leaves
        if not any(e is env for e in envs):
            envs.append(env)
        return reset(env, *args, **kwargs)

    monkeypatch.setattr(adapter.CardcoreEnv, "reset", counted)

    def gathered():
        for env in envs:
            keep(env.game_state)
        return list(games.values())

    return gathered


@pytest.mark.parametrize("name,options", option_sets(), ids=lambda v: v if isinstance(v, str) else
                         ",".join(f"{k}={show(x)}" for k, x in v.items()) or "defaults")
def test_api_and_seed_tests(name, options, monkeypatch):
    gathered = games_played(monkeypatch)
    options = dict(options)
    max_deals = options.pop("max_deals", DEFAULT_MAX_DEALS)
    api_test(adapter.env(name, options=options, max_deals=max_deals), num_cycles=1000)
    seed_test(lambda: adapter.env(name, options=options, max_deals=max_deals), num_cycles=500)
    played(gathered(), name, {**options, "max_deals": max_deals})  # their moves and deals, checked


# the installed games the adapter offers: the test games have no namespace of their own
@pytest.mark.parametrize("name", adapted_game_names())
def test_namespaces_and_registry(name):
    namespace = getattr(adapter, f"{name.replace('-', '_')}_v0")  # a module name has no hyphen
    assert str(namespace.raw_env()) == f"cardcore_{name}_v0"
    if hasattr(pettingzoo, "make"):  # PettingZoo 1.27 and later
        env = pettingzoo.make("aec", f"cardcore/{name}-v0")
        assert env.unwrapped.game.name == name


@pytest.mark.parametrize("name", game_names())
def test_the_seed_is_the_deal_seed_and_rewards_are_the_returns(name):
    options = base_options(name)
    max_deals = options.pop("max_deals", DEFAULT_MAX_DEALS)
    env = adapter.env(name, options=options, max_deals=max_deals)
    totals = play(env, seed=11)
    state = env.unwrapped.game_state
    assert state.deals[0] == load_game(name, options).new_game(seed=11).deals[0]
    assert state.is_terminal()
    assert [totals[a] for a in env.possible_agents] == state.returns()
    assert play(adapter.env(name, options=options, max_deals=max_deals), seed=11) == totals


@pytest.mark.parametrize("name", game_names())
def test_a_game_past_the_deal_cap_is_truncated(name):
    options = short_options(name)
    max_deals = options.pop("max_deals")
    env = adapter.raw_env(name, options=options, max_deals=max_deals)
    for seed in range(3):
        totals = play(env, seed)
        assert sum(totals.values()) == 0
        state = env.game_state
        assert len(state.deals) <= max_deals  # the deal past the cap is never dealt
        if not state.is_terminal():  # cut off: the next deal waits at the gate, undealt
            assert state.deal_due()
            stakes = state.rules.game_end.game_score == "stakes"
            assert list(totals.values()) == cut_off_returns(state.scores, state.table, stakes)


def test_an_illegal_action_is_refused():
    env = adapter.raw_env("penchant")
    env.reset(seed=1)
    obs = env.observe(env.agent_selection)
    illegal = int(obs["action_mask"].argmin())
    with pytest.raises(ValueError, match="not allowed"):
        env.step(illegal)


def test_render_shows_the_table():
    env = adapter.raw_env("penchant", render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert "hand" in text and "trump" in text


@pytest.mark.parametrize("name", ["penchant", "partnership-auction-pinochle"])
def test_win_loss_rewards_follow_the_engine_result(name):
    # returns="win-loss", as in the OpenSpiel adapter: +1 to the winner, -1 to the loser
    # (each seat its side's), 0 for a tie; the points game on the same seed has the same signs
    options = base_options(name)
    max_deals = options.pop("max_deals", DEFAULT_MAX_DEALS)
    for seed in range(3):
        env = adapter.env(name, options=options, max_deals=max_deals, returns="win-loss")
        totals = play(env, seed=seed)
        state = env.unwrapped.game_state
        result = state.result
        if result is None:  # cut off: the leader on the scores wins
            points = cut_off_returns(state.scores, state.table, state.rules.game_end.game_score == "stakes")
        else:
            points = state.returns()
        expected = [1.0 if p > 0 else -1.0 if p < 0 else 0.0 for p in points]
        assert [totals[a] for a in env.possible_agents] == expected
        assert set(expected) <= {-1.0, 0.0, 1.0}
        points_totals = play(adapter.env(name, options=options, max_deals=max_deals), seed=seed)
        assert [(p > 0) - (p < 0) for p in points_totals.values()] == expected


def test_unknown_returns_lists_the_valid_ones():
    with pytest.raises(ValueError, match="points, win-loss"):
        adapter.raw_env("penchant", returns="margin")


def test_the_legal_actions_are_worked_out_once_an_observation(monkeypatch):
    # the mask comes from the legal actions the observation holds, not from a second listing
    from cardcore.state import State

    env = adapter.raw_env("penchant")
    env.reset(seed=2)
    calls = []
    legal_actions = State.legal_actions

    def counted(state):
        calls.append(1)
        return legal_actions(state)

    monkeypatch.setattr(State, "legal_actions", counted)
    obs = env.observe(env.agent_selection)
    assert len(calls) == 1
    legal = sorted(env.actions.ids[a] for a in legal_actions(env.game_state))
    assert list(obs["action_mask"].nonzero()[0]) == legal


def test_the_readme_gives_each_games_observation_size_and_parts():
    import re
    from pathlib import Path

    import seatgames

    text = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    sizes = {name: (int(seats), int(size))
             for name, seats, size in re.findall(r"^\| ([a-z-]+) \| (\d) \| (\d+) \|$", text, re.M)}
    assert sorted(sizes) == sorted(set(adapted_game_names()) - set(seatgames.NAMES))
    section = text[text.index("The observation is a float32 vector"):text.index("| game | seats | observation")]
    parts = re.findall(r"`([a-z_]+)` \(", section)
    for name, (seats, size) in sizes.items():
        env = adapter.raw_env(name)
        assert (env.game.players, env.encoder.size) == (seats, size), name
        assert env.observation_space(env.possible_agents[0])["observation"].shape == (size,)
        # every part of the tensor is named in the README, in the tensor's order
        assert [p for p in parts if p in env.encoder.shapes] == list(env.encoder.shapes), name
