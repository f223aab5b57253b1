"""Every installed cardcore game as a PettingZoo AEC environment (extra ``cardcore[pettingzoo]``).

::

    from cardcore.adapters.pettingzoo import env
    e = env(game="penchant", options={"scoring": "19th-century"})
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        e.step(None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"]))

- **Agents** are ``player_0`` .. ``player_<N-1>`` (``player_<seat>``). ``agent_selection`` follows
  the engine's ``current_player``, so a trick winner who declares and then leads moves twice in
  a row.
- **Actions** are ``Discrete(n)`` over the game's global action space
  (:class:`.encoding.ActionTable`; ``env.unwrapped.action_string(i)`` names one). Observations
  are ``{"observation": Box float32, "action_mask": Box int8}``, as in PettingZoo's classic
  environments. The observation is :class:`.encoding.ObservationEncoder` applied to
  ``State.observation(seat)``; ``env.unwrapped.encoder.views(obs["observation"])`` names its
  parts. The mask, all zeros except for the agent whose turn it is, comes from the legal
  actions that observation holds, so they are worked out once a turn. An
  illegal action raises ``ValueError``. In a game with an auction a bid is ``bid N`` up to the
  engine's bid ceiling, and the mask holds exactly the bids the engine lists (see :mod:`.encoding`).
- **Rewards** come once, at the end of the game, as ``returns`` says, with the OpenSpiel
  adapter's choices (:data:`.encoding.RETURNS`): ``"points"`` (the default), the engine's
  ``returns()`` (the game score to the winner, its negative to the loser); ``"win-loss"``, +1 to
  the winner, -1 to the loser, 0 to both for a tie. A game still running when deal ``max_deals + 1``
  is due is truncated (``truncations``) and scored by :func:`.encoding.cut_off_returns` from the
  scores at the end of the last deal: the state's ``deal_gate`` (``cardcore.engine.chance``)
  pauses it before that deal is dealt, as the OpenSpiel adapter does.
- **Seeding**: ``reset(seed=s)`` deals from ``s`` exactly as ``game.new_game(seed=s)`` would, so
  the same seed and actions give the same game. ``reset()`` without a seed draws one from the
  generator of the last seeded reset (or from entropy).
- **Rendering**: ``render_mode="ansi"`` returns, and ``"human"`` prints, the table as the agent
  to move sees it.
- **Registration**: one namespace per game, as PettingZoo's classic modules have, such as
  ``cardcore.adapters.pettingzoo.penchant_v0.env()`` and ``.raw_env()``. Where PettingZoo has a
  registry (1.27 and later), each game is also registered there:
  ``pettingzoo.make("aec", "cardcore/penchant-v0")``.
"""

from __future__ import annotations

import functools
import types

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .. import IllegalAction, load_game
from .encoding import RETURNS, adapted_game_names, DEFAULT_MAX_DEALS, ActionTable, ObservationEncoder, \
    cut_off_returns, game_bounds, wants_win_loss, win_loss


class CardcoreEnv(AECEnv):
    """The AEC environment of one cardcore game and option set."""

    metadata = {"render_modes": ["ansi", "human"], "name": "cardcore_v0", "is_parallelizable": False}

    def __init__(self, game: str, options: dict | None = None, render_mode: str | None = None,
                 max_deals: int = DEFAULT_MAX_DEALS, returns: str = RETURNS[0]):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.win_loss = wants_win_loss(returns)
        self.game = load_game(game, options)
        self.metadata = {**self.metadata, "name": f"cardcore_{self.game.name}_v0"}
        self.render_mode = render_mode
        self.actions = ActionTable(self.game)
        self.bounds = game_bounds(self.game, max_deals)
        self.encoder = ObservationEncoder(self.game, self.bounds)
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.players)]
        self.agents = []
        self.action_spaces = {a: spaces.Discrete(len(self.actions)) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(self.encoder.low, self.encoder.high, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (len(self.actions),), np.int8),
            })
            for a in self.possible_agents
        }
        self.game_state = None  # the cardcore State of the game in progress
        self._seeds = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def action_string(self, action: int) -> str:
        return self.actions.strings[action]

    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is not None or self._seeds is None:
            self._seeds = np.random.default_rng(seed)
        deal_seed = seed if seed is not None else int(self._seeds.integers(2**31))
        state = self.game_state = self.game.new_game(seed=deal_seed)
        cap = self.bounds.deal_cap
        state.deal_gate = lambda: len(state.deals) < cap  # the deal past the cap waits, undealt
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game_state.current_player]

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        mask = np.zeros(len(self.actions), np.int8)
        state = self.game_state
        obs = state.observation(seat)  # with the legal actions at the seat's turn
        if "legal_actions" in obs and not any(self.truncations.values()):
            mask[self.actions.legal_ids(state, obs["legal_actions"])] = 1
        return {"observation": self.encoder.encode(obs), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        state = self.game_state
        try:
            state.apply(self.actions.strings[int(action)])
        except IllegalAction as exc:
            raise ValueError(f"{agent}: {exc}") from None
        if state.is_terminal():
            self._finish(state.returns(), self.terminations)
        elif state.deal_due():  # the deal gate paused the deal past the cap: scores as the last ended
            self._finish(cut_off_returns(state.scores, state.table, self.game.rules.game_end.game_score == "stakes"),
                         self.truncations)
        else:
            self.agent_selection = self.possible_agents[state.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self, returns: list[float], flags: dict) -> None:
        if self.win_loss:
            returns = win_loss(returns)
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = float(returns[seat])
            flags[agent] = True
        self._deads_step_first()

    def render(self):
        if self.render_mode is None:
            return None
        state = self.game_state
        seat = state.current_player if state.current_player is not None else 0
        text = "\n".join(self.encoder.text(state.observation(seat)).split(" | "))
        if state.result is not None:
            text += f"\nGame over: {state.result}"
        elif any(self.truncations.values()):
            text += f"\nCut off after {self.bounds.deal_cap} deals."
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


def raw_env(game: str, **kwargs) -> CardcoreEnv:
    return CardcoreEnv(game, **kwargs)


def env(game: str, **kwargs):
    """The environment wrapped as PettingZoo's classic environments are (order and bounds checks)."""
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw_env(game, **kwargs)))


def register_all() -> list[str]:
    """A ``<game>_v0`` namespace (``env``, ``raw_env``) per installed game, also in PettingZoo's registry."""
    import pettingzoo

    names = []
    for name in adapted_game_names():
        module_name = f"{name.replace('-', '_')}_v0"
        globals()[module_name] = types.SimpleNamespace(
            env=functools.partial(env, name), raw_env=functools.partial(raw_env, name))
        names.append(module_name)
        if hasattr(pettingzoo, "register") and f"cardcore/{name}-v0" not in getattr(pettingzoo, "aec_registry", {}):
            pettingzoo.register("aec", f"cardcore/{name}-v0", entry_point=functools.partial(env, name))
    return names


ENVIRONMENTS = register_all()
