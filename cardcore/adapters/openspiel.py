"""Every installed cardcore game as an OpenSpiel Python game (extra ``cardcore[openspiel]``).

Importing this module registers each game under ``cardcore_<game>``; :func:`register_all` does
it again for games installed later. The game's options are the game parameters, plus
``max_deals`` and ``returns``::

    import pyspiel, cardcore.adapters.openspiel
    game = pyspiel.load_game("cardcore_penchant(scoring=19th-century)")
    state = game.new_initial_state()

- **Chance** is explicit. The first dealer, every card dealt, and every stock card drawn or
  turned is a chance node whose outcome is a card index (see :mod:`.chance`).
- **Actions** are the ids of :class:`.encoding.ActionTable`: ``play C``, every meld of the meld
  table, ``pass``, the game verbs and, in a game with an auction, ``bid N`` up to the bid ceiling
  (the most a deal can make), ``trump S``, ``discard C C C`` and ``concede``.
  ``action_to_string`` gives the canonical action string.
- **Information state string** (perfect recall): what the player has seen, line by line. That
  is the deals with their dealer and turn-up, the player's own hand and draws, every action, and
  cards turned face up. There is no information state tensor: games of any number of deals have
  no fixed-size perfect-recall encoding, so ``information_state_tensor()`` and the game's
  ``information_state_tensor_shape()`` and ``_size()`` raise ``ValueError``, saying so.
- **Observation string and tensor**: ``State.observation(seat)``, the engine's account of what a
  seat may know now, as one line of text and as the tensor of :class:`.encoding.ObservationEncoder`.
- **Returns** depend on the parameter ``returns``. With ``points`` (the default) they are the
  engine's ``returns()``: the game score to the winner, its negative to the loser. With
  ``win-loss`` they are +1 to the winner, -1 to the loser, 0 to both for a tie. Both are zero
  until the end and zero-sum for two players. The utility bounds are ±1 for ``win-loss`` and,
  for ``points``, the bound of the game score that :func:`.encoding.game_bounds` derives from
  the rules. That bound is valid but far above typical scores, so a search that normalises
  returns by the bounds explores better with ``win-loss``. ``max_game_length`` comes from
  :func:`.encoding.game_bounds` too and is loose (see :mod:`.encoding`).
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

from .. import load_game
from ..engine.hidden_history import forget_past
from .chance import chance_game
from .encoding import RETURNS, adapted_game_names, DEFAULT_MAX_DEALS, wants_win_loss, win_loss

PREFIX = "cardcore_"
ADAPTER_PARAMETERS = ("max_deals", "returns")  # game parameters that are not the game's options


def short_name(game: str) -> str:
    return PREFIX + game


class CardcoreSpielGame(pyspiel.Game):
    """Base of the per-game classes that :func:`register_all` creates."""

    cardcore_name: str
    game_type: pyspiel.GameType

    def __init__(self, params=None):
        params = {**self.game_type.parameter_specification, **(params or {})}
        options = {k: v for k, v in params.items() if k not in ADAPTER_PARAMETERS}
        self.win_loss = wants_win_loss(params["returns"])
        game = load_game(self.cardcore_name, options)
        self.chance = chance_game(game.game_string(), int(params["max_deals"]))
        n, bounds = game.players, self.chance.bounds
        utility = 1.0 if self.win_loss else bounds.max_utility
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.chance.actions),
            # a number drawn at the deal is an outcome too (chance.NUMBER)
            max_chance_outcomes=max(game.deck.size, n, self.chance.number.high + 1 if self.chance.number else 0),
            num_players=n,
            min_utility=-utility,
            max_utility=utility,
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
        points = self._core.returns()
        return win_loss(points) if self.get_game().win_loss else points

    def __str__(self):
        return str(self._core)

    def cardcore_state(self, seed: int = 0):
        """The engine state (``cardcore.state.State``) as the player to move may know it.

        This is how a cardcore bot is driven from OpenSpiel: ``bot.choose(state.cardcore_state())``
        gives the action string, ``state.string_to_action`` its id. The state is a world sampled
        for the player to move (``seed`` picks it): what that player has seen is true, while the
        other seats' unseen cards and the face-down stock are redrawn consistently with the
        player's information state, the stock in a random order, and later deals are left to a
        random seed. In earlier deals the cards the player never saw are dealt again at random
        (and a declarer's discards are named to him alone): they are over and decide nothing.
        Only at a player's turn; None while the first deal is being dealt.
        """
        core = self._core
        if core.engine is None:
            return None
        if core.current_player() < 0:
            raise ValueError("cardcore_state() is a player's view: call it at a player's turn, "
                             "not at a chance node or the end of the game")
        rng = random.Random(seed)
        engine = sampled_engine(core.resample(core.current_player(), rng), rng)
        forget_past(engine, core.current_player())
        return engine

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state with the same information state for ``player_id``, unseen cards redrawn."""
        rng = random.Random(int(probability_sampler() * 2**53))
        return _with_history(self.get_game(), self._core.resample(player_id, rng))


def sampled_engine(world, rng: random.Random):
    """The engine state of a resampled ``world``, with nothing left in it that nobody has seen.

    The face-down stock cards no chance node has fixed lie in the adapter's placeholder order in
    ``world``, so they are shuffled (``fix_stock_card`` keeps the deal's record in step); later
    deals come from a seed of the world's own.
    """
    engine = world.engine.clone()
    start = max(engine.stock_drawn(), world.fixed)
    rest = engine.face_down_stock(start)
    rng.shuffle(rest)
    for position, card in enumerate(rest, start):
        engine.fix_stock_card(position, card)
    engine.deal_later_from(rng.getrandbits(31))
    return engine


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


NO_INFORMATION_STATE_TENSOR = (
    "cardcore games have no information state tensor (provides_information_state_tensor is False): "
    "a game of up to max_deals deals has no fixed-size perfect-recall encoding; use "
    "information_state_string(), or observation_tensor() (what the player may know now)")


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
        if self.tensor is None:  # the information state: asked for as a tensor
            raise ValueError(NO_INFORMATION_STATE_TENSOR)
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
        parameter_specification={**game.option_set().defaults(), "max_deals": DEFAULT_MAX_DEALS,
                                 "returns": RETURNS[0]},
    )


def register_all() -> list[str]:
    """Register every installed cardcore game not yet known to OpenSpiel; return all their names."""
    known = set(pyspiel.registered_names())
    names = []
    for name in adapted_game_names():
        names.append(short_name(name))
        if short_name(name) in known:
            continue
        gt = game_type(name)
        cls = type(f"{name.title().replace('-', '').replace('_', '')}SpielGame", (CardcoreSpielGame,),
                   {"cardcore_name": name, "game_type": gt})
        pyspiel.register_game(gt, cls)
    return names


GAMES = register_all()
