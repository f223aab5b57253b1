"""A bot from its spec: ``ismcts(iterations=2000)`` parsed, its parameters checked, the bot
made by its registered factory."""


from __future__ import annotations

import functools
import inspect
import re

from pydantic import ValidationError

from ..errors import OptionError
from ..options import parse_game_string


def parse_bot_spec(spec: str) -> tuple[str, dict]:
    """``ismcts(iterations=2000,seconds=0.5)`` -> ("ismcts", {"iterations": 2000, "seconds": 0.5});
    a bot given as a parameter keeps its own spec: ``guide=heuristic(k=v,k2=v2)``."""
    name, raw = parse_game_string(spec, nested=True)
    return name, {k: _coerce(v) for k, v in raw.items()}


_INTEGER = re.compile(r"[+-]?[0-9]{1,30}")  # longer is no sane parameter; the bot says which range


def _coerce(text: str):
    """The value written: true/false, an integer, a number, else the text (a bot checks its type)."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if _INTEGER.fullmatch(text):
        return int(text)
    try:
        return float(text)
    except ValueError:
        return text


def make_bot(spec: str, game, seed: int | None = None):
    """The bot named by ``spec`` for ``game``; OptionError lists the valid bots or parameters,
    or says which parameter is out of its range."""
    from ..plugins import bot_names, find_bot

    name, raw = parse_game_string(spec, nested=True)
    params = {k: _coerce(v) for k, v in raw.items()}
    entry = find_bot(name, game.name)
    if entry is None:
        raise OptionError(f"unknown bot {name!r} for {game.name}; bots: {', '.join(bot_names(game.name))}")
    known = _parameter_names(entry.factory)
    unknown = [k for k in params if known is not None and k not in known]
    if unknown:
        valid = ", ".join(known) if known else "none"
        raise OptionError(f"bot {name!r} has no parameter {unknown[0]!r}; its parameters: {valid}")
    try:
        return entry.factory(game, seed=seed, **params)
    except ValidationError as exc:
        problems = "; ".join(_problem(e, raw) for e in exc.errors())
        raise OptionError(f"bot {name!r}: {problems}") from None
    except (TypeError, ValueError) as exc:
        raise OptionError(f"bot {name!r}: {exc}") from None


@functools.lru_cache(maxsize=None)  # inspect.signature is slow, and simulate makes bots per game
def _parameter_names(factory) -> tuple[str, ...] | None:
    """The parameters a spec may set (all but the game and the seed); None if any are accepted."""
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind is p.VAR_KEYWORD for p in parameters):
        return None
    return tuple(p.name for p in parameters if p.name not in ("self", "game", "seed")
                 and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))


def _problem(error: dict, raw: dict[str, str]) -> str:
    name = str(error["loc"][0]) if error["loc"] else "parameters"
    written = raw.get(name)
    shown = f"{name}={written}" if written is not None and len(written) <= 40 and written.isprintable() else name
    message = error["msg"]
    return f"{shown}: {message[0].lower()}{message[1:]}"
