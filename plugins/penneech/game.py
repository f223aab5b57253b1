"""Penneech: all its rules are data; the class names the rules file."""

from cardcore.game import TrickGame


class PenneechGame(TrickGame):
    name = "penneech"
    title = "Penneech (Cotton 1674, after Parlett)"
    rules_resource = "penneech.yaml"
