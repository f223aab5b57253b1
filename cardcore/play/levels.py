"""The bots named by strength (``--level``), shared by the terminal game and ``cardcore serve``."""

from __future__ import annotations

from ..plugins import bot_names

LEVELS = {"easy": "greedy", "normal": "heuristic, or greedy where the game has none",
          "hard": "ismcts(iterations=3000,guide=heuristic), unguided where the game has no heuristic"}


def level_bot(level: str, game) -> str:
    """The bot spec of a strength level for this game (a ``Game``): the rules file's own
    ``levels`` entry where it has one, else the general level."""
    own = game.rules.levels.get(level)
    if own is not None:
        return own
    has_heuristic = "heuristic" in bot_names(game.name)
    if level == "normal":
        return "heuristic" if has_heuristic else "greedy"
    if level == "hard":  # the search guided by the heuristic beats it (bench/README.md)
        return "ismcts(iterations=3000,guide=heuristic)" if has_heuristic else "ismcts(iterations=3000)"
    return LEVELS[level]
