"""Entry point of the multi-pack Bezique plugin: registers its three games with cardcore."""

from cardcore import hookimpl

from .game import GAMES


@hookimpl
def register_games(register):
    for game in GAMES:
        register(game)


@hookimpl
def register_phase_kinds(register):
    # six-pack's dealer's guess (option packet_guess), a kind of this family's own
    from .guess import GuessKind, GuessPhase

    register("guess", GuessKind(), GuessPhase)


@hookimpl
def register_rules_sections(register):
    # carte blanche: the hand dealt without a court (rubicon and six-pack; eight-pack removes it);
    from . import carte_blanche, rounded

    register(carte_blanche.NAME, carte_blanche.CarteBlanche(), carte_blanche.CarteBlancheRule)
    # the game scored on totals rounded down, with a rubicon: a key of the game_end section
    register(rounded.NAME, rounded.Rounded(), rounded.RoundedSettlement)


@hookimpl
def register_bots(register):
    # the Bezique family's shared heuristic bot (the Bezique plugin's), which guesses 24 at the
    # dealer's guess
    from .bots import MultipackHeuristicBot

    register("heuristic", MultipackHeuristicBot, games={game.name for game in GAMES})
