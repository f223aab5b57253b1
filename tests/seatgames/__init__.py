"""Test games for tables of three and four seats (not shipped): the proof that the engine, the
conformance suite and the adapters work for any number of seats and for partnerships.

``triad``: three players alone, a stock drawn by each player in turn from the trick's winner,
a declaration turn for each player in turn, card points and the last trick.
``quartet``: four players in two fixed partnerships (0 and 2 against 1 and 3), all the cards
dealt (no stock), card points per side, the last trick.
``penneech3``: Penneech's rules file with ``players: 3``, as a new user would first try it.

:func:`registered` registers them for the length of a test module.
"""

from __future__ import annotations

import contextlib
import functools
from importlib import resources

from cardcore import hookimpl
from cardcore.game import TrickGame, read_rules


class TriadGame(TrickGame):
    name = "triad"
    title = "Triad (a three-seat test game)"
    rules_package = "seatgames"
    rules_resource = "triad.yaml"


class QuartetGame(TrickGame):
    name = "quartet"
    title = "Quartet (a four-seat partnership test game)"
    rules_package = "seatgames"
    rules_resource = "quartet.yaml"


class Penneech3Game(TrickGame):
    """Penneech's own rules file for three players: its rules, seven cards each from a full pack."""

    name = "penneech3"
    title = "Penneech for three (a test game)"

    @classmethod
    def rules_source(cls):
        return _penneech3_source()


@functools.cache
def _penneech3_source():
    text = resources.files("cardrules").joinpath("penneech.yaml").read_text(encoding="utf-8")
    text = text.replace("\nplayers: 2\n", "\nplayers: 3\n").replace("\ngame: penneech\n", "\ngame: penneech3\n")
    return read_rules(text, "penneech3.yaml", "penneech3")


GAMES = (TriadGame, QuartetGame, Penneech3Game)
NAMES = tuple(g.name for g in GAMES)


class _Plugin:
    @hookimpl
    def register_games(self, register):
        for game in GAMES:
            register(game)


@contextlib.contextmanager
def registered():
    """The test games registered beside the installed ones, and forgotten afterwards."""
    from cardcore.plugins import register_plugin, reset_plugins

    reset_plugins()
    register_plugin(_Plugin(), "seatgames")
    try:
        yield
    finally:
        reset_plugins()
