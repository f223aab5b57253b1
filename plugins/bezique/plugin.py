"""Entry point of the Bezique plugin: registers two-hand Bezique and Cinq Cents with cardcore."""

from cardcore import hookimpl

from .game import BeziqueGame, CinqCentsGame


@hookimpl
def register_games(register):
    register(BeziqueGame)
    register(CinqCentsGame)


@hookimpl
def register_bots(register):
    from .bots import BeziqueHeuristicBot

    register("heuristic", BeziqueHeuristicBot, games={"bezique", "cinq-cents"})
