"""Who plays each seat of a match: a person (``HUMAN``, as records write it) or a bot spec, the
bots named by strength (``--level``) and the bots made for the seats; shared by the terminal game
and ``cardcore serve``, and below the records, which name a seat's player."""

from __future__ import annotations

from .bots import make_bot
from .plugins import bot_names

HUMAN = "human"

# hard: a search of at most 3,000 iterations, stopped by the clock at 2 s if it has not
# finished (a slow machine then costs strength, not patience); a rules file's `levels` sets a
# smaller cap where a decision costs more (bench/README.md, Levels)
HARD = "ismcts(iterations=3000,seconds=2,guide=heuristic)"
HARD_UNGUIDED = "ismcts(iterations=3000,seconds=2)"
LEVELS = {"easy": "greedy", "normal": "heuristic, or greedy where the game has none",
          "hard": f"{HARD}, unguided where the game has no heuristic"}


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
        return HARD if has_heuristic else HARD_UNGUIDED
    return LEVELS[level]


def seat_bots(state, players: list[str]) -> dict:
    """The bot of each seat that ``players`` does not give to a person, seeded from the game's
    seed as the terminal always has: against a person seed + 1; watching, one seed per seat."""
    seed = state.seed
    watching = all(p != HUMAN for p in players)
    return {s: make_bot(spec, state.game, None if seed is None else seed + 1 + (s if watching else 0))
            for s, spec in enumerate(players) if spec != HUMAN}
