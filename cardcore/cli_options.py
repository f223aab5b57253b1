"""What the commands share: the game options on the command line, and the game they make."""

from __future__ import annotations

import click

from . import load_game
from .options import parse_assignments

option_pairs = click.option(
    "-o", "--option", "option_pairs", multiple=True, metavar="NAME=VALUE",
    help="Set a game option (repeatable). `cardcore rules GAME` lists them.",
)
preset_option = click.option("--preset", metavar="NAME", help="Start from a named preset of options.")


def make_game(game: str, option_pairs, preset: str | None):
    """The game of a game string, ``-o`` options and a preset (OptionError lists valid ones)."""
    options = parse_assignments(list(option_pairs))
    if preset:
        options["preset"] = preset
    return load_game(game, options)
