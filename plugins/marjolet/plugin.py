"""Entry point of the Marjolet plugin: registers the game with cardcore."""

from cardcore import hookimpl

from .game import MarjoletGame


@hookimpl
def register_games(register):
    register(MarjoletGame)


@hookimpl
def register_bots(register):
    from .bots import MarjoletHeuristicBot

    register("heuristic", MarjoletHeuristicBot, games={"marjolet"})
