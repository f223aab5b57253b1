"""cardcore: historical two-player trick-and-draw card games, their variants, and their study.

The core never names a game: games are plugins (entry-point group ``cardcore``) whose rules are
YAML files. Public API::

    from cardcore import load_game
    game = load_game("penchant", options={"scoring": "19th-century"})
    state = game.new_game(seed=7)
"""

from __future__ import annotations

from typing import Any

from .errors import CardcoreError, IllegalAction, OptionError, RecordError, RulesError
from .hookspecs import hookimpl

__version__ = "0.1.0"
__all__ = [
    "load_game", "game_names", "hookimpl", "CardcoreError", "IllegalAction", "OptionError",
    "RecordError", "RulesError", "__version__",
]


def load_game(name: str, options: dict[str, Any] | None = None):
    """The game ``name`` (or a game string ``name(k=v,...)``) with ``options`` applied.

    Options in the game string come first; ``options`` override them. Raises OptionError for an
    unknown game, option or value, listing the valid ones.
    """
    from .options import parse_game_string
    from .plugins import get_games

    game_name, string_options = parse_game_string(name)
    games = get_games()
    if game_name not in games:
        valid = ", ".join(sorted(games)) or "(none installed)"
        raise OptionError(f"unknown game {game_name!r}; installed games: {valid}")
    return games[game_name].game_class({**string_options, **(options or {})})


def game_names() -> list[str]:
    from .plugins import get_games

    return sorted(get_games())
