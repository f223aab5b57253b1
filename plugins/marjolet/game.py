"""Marjolet: all its rules are data; the class names the rules file."""

from cardcore.game import TrickGame


class MarjoletGame(TrickGame):
    name = "marjolet"
    title = "Marjolet (Parlett, Penguin Book of Card Games)"
    rules_resource = "marjolet.yaml"
