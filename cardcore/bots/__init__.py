"""Bots: computer players for every game, registered through the ``register_bots`` hook.

A bot is made by ``factory(game, seed=None, **params)`` and answers ``choose(state) -> action``
for the state's current player. Bots see only what that seat may know: ``state.legal_actions()``,
``state.observation(seat)``, and worlds sampled by ``state.determinize(seat, rng)``. Names take
parameters in the game-string style: ``ismcts(iterations=2000)``.
"""

from __future__ import annotations

from ..errors import OptionError
from ..hookspecs import hookimpl
from ..options import parse_game_string


def parse_bot_spec(spec: str) -> tuple[str, dict]:
    """``ismcts(iterations=2000,seconds=0.5)`` -> ("ismcts", {"iterations": 2000, "seconds": 0.5})."""
    name, raw = parse_game_string(spec)
    return name, {k: _coerce(v) for k, v in raw.items()}


def _coerce(text: str):
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def make_bot(spec: str, game, seed: int | None = None):
    """The bot named by ``spec`` for ``game``; OptionError lists the valid bots or parameters."""
    from ..plugins import bot_names, find_bot

    name, params = parse_bot_spec(spec)
    entry = find_bot(name, game.name)
    if entry is None:
        raise OptionError(f"unknown bot {name!r} for {game.name}; bots: {', '.join(bot_names(game.name))}")
    try:
        return entry.factory(game, seed=seed, **params)
    except TypeError as exc:
        raise OptionError(f"bot {name!r}: {exc}") from None
    except ValueError as exc:
        raise OptionError(f"bot {name!r}: {exc}") from None


@hookimpl
def register_bots(register):
    from .search import ISMCTSBot, PIMCBot
    from .simple import GreedyBot, RandomBot

    register("random", RandomBot)
    register("greedy", GreedyBot)
    register("ismcts", ISMCTSBot)
    register("pimc", PIMCBot)
