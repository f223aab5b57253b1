"""Entry point of the Penchant plugin: registers the game with cardcore."""

from cardcore import hookimpl

from .game import PenchantGame


@hookimpl
def register_games(register):
    register(PenchantGame)


@hookimpl
def register_bots(register):
    from .bots import PenchantHeuristicBot

    register("heuristic", PenchantHeuristicBot, games={"penchant"})
