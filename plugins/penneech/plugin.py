"""Entry point of the Penneech plugin: registers the game with cardcore."""

from cardcore import hookimpl

from .game import PenneechGame


@hookimpl
def register_games(register):
    register(PenneechGame)


@hookimpl
def register_phase_kinds(register):
    # the throw-in before the first lead, a kind of this game's own
    from .throw_in import THROW_IN, ThrowInKind, ThrowInPhase

    register(THROW_IN, ThrowInKind(), ThrowInPhase)


@hookimpl
def register_rules_sections(register):
    # which hands may be thrown in, and who deals again
    from .throw_in import NAME, ThrowInRule, ThrowInSection

    register(NAME, ThrowInSection(), ThrowInRule)


@hookimpl
def register_bots(register):
    from .bots import PenneechHeuristicBot

    register("heuristic", PenneechHeuristicBot, games={"penneech"})
