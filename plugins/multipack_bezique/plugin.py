"""Entry point of the multi-pack Bezique plugin: registers its three games with cardcore."""

from cardcore import hookimpl

from .game import GAMES


@hookimpl
def register_games(register):
    for game in GAMES:
        register(game)
