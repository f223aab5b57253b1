"""Entry point of the Penneech plugin: registers the game with cardcore."""

from cardcore import hookimpl

from .game import PenneechGame


@hookimpl
def register_games(register):
    register(PenneechGame)
