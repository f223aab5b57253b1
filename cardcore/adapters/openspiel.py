"""Every installed cardcore game as an OpenSpiel Python game (extra ``cardcore[openspiel]``).

Importing this module registers each game under ``cardcore_<game>``; :func:`register_all` does
it again for games installed later. The game's options are the game parameters, plus
``max_deals``::

    import pyspiel, cardcore.adapters.openspiel
    game = pyspiel.load_game("cardcore_penchant(scoring=19th-century)")
    state = game.new_initial_state()

- **Chance** is explicit. The first dealer, every card dealt, and every stock card drawn or
  turned is a chance node whose outcome is a card index (see :mod:`.chance`).
- **Actions** are the ids of :class:`.encoding.ActionTable`: ``play C``, every meld of the meld
  table, ``pass`` and the game verbs. ``action_to_string`` gives the canonical action string.
- **Information state string** (perfect recall): what the player has seen, line by line. That
  is the deals with their dealer and turn-up, the player's own hand and draws, every action, and
  cards turned face up. There is no information state tensor: games of any number of deals have
  no fixed-size perfect-recall encoding.
- **Observation string and tensor**: ``State.observation(seat)``, the engine's account of what a
  seat may know now, as one line of text and as the tensor of :class:`.encoding.ObservationEncoder`.
- **Returns** are the engine's ``returns()``: the game score to the winner's side, its negative
  to the loser's (with more sides, each side's differences with the others), and zero until the
  end. The game is zero-sum when its sides are of one size. Utility bounds and
  ``max_game_length`` come from :func:`.encoding.game_bounds`. They are loose, because of the
  deal cap ``max_deals`` (see :mod:`.encoding`).
- **Serialization** is OpenSpiel's default: the history, plus the pickled Python state, which
  pickles as its history and is rebuilt by replaying it.
- **Resampling**: ``state.resample_from_infostate(player, sampler)`` redraws the cards that
  player has not seen (see :mod:`.chance`). OpenSpiel's Python ``ISMCTSBot`` uses it as is. The
  C++ bots (``pyspiel.ISMCTSBot``, ``pyspiel.MCTSBot``) crash on Python games, so use the Python
  ones.
"""

from __future__ import annotations

import random

import numpy as np
import pyspiel

from .. import game_names, load_game
from .chance import chance_game
from .encoding import DEFAULT_MAX_DEALS

PREFIX = "cardcore_"


def short_name(game: str) -> str:
    return PREFIX + game


class CardcoreSpielGame(pyspiel.Game):
    """Base of the per-game classes that :func:`register_all` creates."""

    cardcore_name: str
    game_type: pyspiel.GameType

    def __init__(self, params=None):
        params = {**self.game_type.parameter_specification, **(params or {})}
        options = {k: v for k, v in params.items() if k != "max_deals"}
        game = load_game(self.cardcore_name, options)
        self.chance = chance_game(game.game_string(), int(params["max_deals"]))
        n, bounds = game.players, self.chance.bounds
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.chance.actions),
            max_chance_outcomes=max(game.deck.size, n),
            num_players=n,
            min_utility=-bounds.max_utility,
            max_utility=bounds.max_utility,
            utility_sum=0.0 if self.game_type.utility == pyspiel.GameType.Utility.ZERO_SUM else None,
            max_game_length=bounds.max_game_length,
        )
        super().__init__(self.game_type, info, params)

    def new_initial_state(self):
        return CardcoreSpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return CardcoreObserver(self.chance, iig_obs_type, params)


class CardcoreSpielState(pyspiel.State):
    """An OpenSpiel state wrapping a :class:`.chance.ChanceState`."""

    def __init__(self, game: CardcoreSpielGame):
        super().__init__(game)
        self._core = game.chance.new_state()
        self._forward: list[int] | None = None  # players of history replayed by _with_history

    def current_player(self):
        if self._forward is not None:
            return self._forward[0]
        return self._core.current_player()  # OpenSpiel's ids: -1 chance, -4 terminal

    def _legal_actions(self, player):
        return self._core.legal_ids()

    def chance_outcomes(self):
        return self._core.chance_outcomes()

    def _apply_action(self, action):
        if self._forward is not None:  # the core already holds this action
            self._forward.pop(0)
            return
        self._core.apply(action)

    def _action_to_string(self, player, action):
        return self._core.action_string(int(player), action)

    def is_terminal(self):
        return self._core.is_terminal()

    def returns(self):
        return self._core.returns()

    def __str__(self):
        return str(self._core)

    def cardcore_state(self):
        """The engine state (``cardcore.state.State``) as it stands (None while the first deal is dealt)."""
        return self._core.engine

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state with the same information state for ``player_id``, unseen cards redrawn."""
        rng = random.Random(int(probability_sampler() * 2**53))
        return _with_history(self.get_game(), self._core.resample(player_id, rng))


def _with_history(game, core) -> CardcoreSpielState:
    """A pyspiel state holding ``core`` whose C++ history is the core's history.

    Only ``apply_action`` writes OpenSpiel's C++ history. So each action of the core is applied
    again, with ``current_player`` answering from the recorded players and ``_apply_action``
    doing nothing, because the core already holds the actions.
    """
    state = game.new_initial_state()
    state._core = core
    state._forward = list(core.players)
    for action in core.history:
        state.apply_action(action)
    state._forward = None
    return state


class CardcoreObserver:
    """OpenSpiel's PyObserver: information state (perfect recall, string only) or observation."""

    def __init__(self, chance, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        single = pyspiel.PrivateInfoType.SINGLE_PLAYER
        if iig_obs_type is not None and not (iig_obs_type.public_info and iig_obs_type.private_info == single):
            raise ValueError("cardcore games observe public and single-player private information only")
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        self.encoder = chance.encoder
        if self.perfect_recall:
            self.tensor, self.dict = None, {}
        else:
            self.tensor = np.zeros(self.encoder.size, np.float32)
            self.dict = self.encoder.views(self.tensor)

    def set_from(self, state, player):
        if self.tensor is None:
            return
        engine = state._core.engine
        if engine is None:
            self.tensor.fill(0)
        else:
            self.encoder.fill(engine.observation(player), self.dict)

    def string_from(self, state, player):
        core = state._core
        return core.information_state(player) if self.perfect_recall else core.observation_string(player)


def game_type(name: str) -> pyspiel.GameType:
    game = load_game(name)
    n = game.players
    # every side scores what the others lose (State.side_returns); partners of a side share it,
    # so the seats' returns sum to zero when the sides are of one size
    zero_sum = len({len(side) for side in game.table.sides}) == 1
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"cardcore {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=n,
        min_num_players=n,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**game.option_set().defaults(), "max_deals": DEFAULT_MAX_DEALS},
    )


def register_all() -> list[str]:
    """Register every installed cardcore game not yet known to OpenSpiel; return all their names."""
    known = set(pyspiel.registered_names())
    names = []
    for name in game_names():
        names.append(short_name(name))
        if short_name(name) in known:
            continue
        gt = game_type(name)
        cls = type(f"{name.title().replace('-', '').replace('_', '')}SpielGame", (CardcoreSpielGame,),
                   {"cardcore_name": name, "game_type": gt})
        pyspiel.register_game(gt, cls)
    return names


GAMES = register_all()
