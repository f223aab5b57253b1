"""Entry point of the Penneech plugin: registers the game with cardcore."""

from cardcore import hookimpl

from .game import PenneechGame


@hookimpl
def register_games(register):
    register(PenneechGame)


@hookimpl
def register_bots(register):
    from .bots import PenneechHeuristicBot

    register("heuristic", PenneechHeuristicBot, games={"penneech"})
