"""Bots: computer players for every game, registered through the ``register_bots`` hook.

A bot is made by ``factory(game, seed=None, **params)`` and answers ``choose(state) -> action``
for the state's current player; a bot may also answer ``choose_among(state, legal)``, the same
choice made from ``legal``, a list it is handed: the legal actions, or the moves naming them one
per action in their order (``simulate``'s, :func:`cardcore.engine.kernel.moves_in_action_order`), and
answer an element of it.
Bots see only what that seat may know: ``state.legal_actions()``, ``state.observation(seat)``,
and worlds sampled by ``state.determinize(seat, rng)``. Names take parameters in the
game-string style: ``ismcts(iterations=2000)``.
"""

from __future__ import annotations

from ..hookspecs import hookimpl
from .spec import make_bot, parse_bot_spec

__all__ = ["make_bot", "parse_bot_spec"]


@hookimpl
def register_bots(register):
    from .search import ISMCTSBot, PIMCBot
    from .simple import GreedyBot, RandomBot

    register("random", RandomBot)
    register("greedy", GreedyBot)
    register("ismcts", ISMCTSBot)
    register("pimc", PIMCBot)
