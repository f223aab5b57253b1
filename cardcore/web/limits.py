"""The ceilings of what one web request may ask: the size of its body, and the work of the bots
and comparisons it starts. The terminal's commands have no such ceilings (its user chose the
work); a page of the server is reached by anything the browser runs, so its requests are bounded
to keep one of them from taking the machine. `cardcore serve --help` and the README say them."""

from __future__ import annotations

import inspect

from ..bots import parse_bot_spec
from ..errors import OptionError

MOVE_BODY_BYTES = 2 * 1024  # a move: {"action": "meld KS QS JD ..."} (at most 400 characters)
REQUEST_BODY_BYTES = 16 * 1024  # a new game or comparison: its options and bot specs
ECHO_CHARS = 500  # an error message is cut here: it may repeat what the request said

# a bot started from the web: these parameters at most (the levels' bots are within them)
BOT_CEILINGS = {"iterations": 10_000, "samples": 200, "rollouts": 20, "seconds": 5}
# a bot's guide is asked at every node of its search: from the web, only a bot without a budget
BUDGETS = tuple(BOT_CEILINGS)

# the pages that follow the tables live (server-sent events): per table (its seats, spectators and
# reloads), and in all; a quiet stream carries a heartbeat this often
LIVE_PAGES_PER_TABLE = 16
LIVE_PAGES = 64
LIVE_HEARTBEAT_SECONDS = 15

COMPARE_GAMES = 10_000  # games per arm
COMPARE_SECONDS = 30 * 60  # a comparison still playing then is stopped
COMPARE_WAITING = 3  # comparisons waiting behind the one that runs


def check_web_bot(spec: str, game) -> None:
    """Refuse a bot spec over the web's ceilings (OptionError naming the parameter); the spec is
    otherwise checked where the bot is made."""
    try:
        name, params = parse_bot_spec(spec)
    except OptionError:
        return  # said better where the bot is made
    for key, ceiling in BOT_CEILINGS.items():
        value = params.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value > ceiling:
            raise OptionError(f"bot {name!r}: {key}={value} is over the ceiling of a bot started from the web "
                              f"({key}={ceiling}); `cardcore play` and `cardcore compare` take more")
    guide = params.get("guide")
    if isinstance(guide, str) and _has_budget(guide, game):
        raise OptionError(f"bot {name!r}: guide={guide} searches at every step of the search; a bot started from "
                          "the web takes a guide without a search budget (e.g. heuristic or greedy); "
                          "`cardcore play` and `cardcore compare` take any")


def _has_budget(spec: str, game) -> bool:
    """Whether the bot named takes a search budget (iterations, samples...), from its parameters;
    ``spec`` may give the bot's own parameters (``guide=ismcts(iterations=10)``)."""
    from ..plugins import find_bot

    try:
        name = parse_bot_spec(spec)[0]
    except OptionError:
        return False  # said better where the bot is made
    entry = find_bot(name, game.name)
    if entry is None:
        return False  # unknown: refused where the bot is made, with the valid names
    try:
        parameters = inspect.signature(entry.factory).parameters
    except (TypeError, ValueError):
        return True
    return any(p in parameters for p in BUDGETS)


def ceilings_text() -> str:
    """The ceilings in words, for `cardcore serve --help` and the README."""
    bots = ", ".join(f"{k}={v}" for k, v in BOT_CEILINGS.items())
    return (f"Bots started from the web take at most {bots} (a guide: no search of its own); a comparison "
            f"at most {COMPARE_GAMES} games per arm, stopped after {COMPARE_SECONDS // 60} minutes, with "
            f"{COMPARE_WAITING} more waiting at most. Request bodies: a move {MOVE_BODY_BYTES} bytes, "
            f"a new game or comparison {REQUEST_BODY_BYTES} bytes. At most {LIVE_PAGES_PER_TABLE} pages follow "
            f"one table live, {LIVE_PAGES} in all.")
