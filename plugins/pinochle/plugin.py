"""Entry point of the two-hand Pinochle plugin: registers the game with cardcore."""

from cardcore import hookimpl

from .game import PinochleGame


@hookimpl
def register_games(register):
    register(PinochleGame)


@hookimpl
def register_rules_sections(register):
    # the call of Out: a claim to have reached the target, open beside every decision
    from .claim import NAME, ClaimRule, ClaimSection

    register(NAME, ClaimSection(), ClaimRule)


@hookimpl
def register_bots(register):
    from .bots import PinochleHeuristicBot

    register("heuristic", PinochleHeuristicBot, games={"pinochle"})
