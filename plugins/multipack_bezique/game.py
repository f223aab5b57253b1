"""Multi-pack Bezique: every rule is in the rules files; each class names its file."""

from cardcore.game import TrickGame


class RubiconBeziqueGame(TrickGame):
    name = "rubicon-bezique"
    title = "Rubicon Bezique, four packs (Parlett, Penguin Book of Card Games; Portland Club laws)"
    rules_resource = "rubicon-bezique.yaml"


class SixPackBeziqueGame(TrickGame):
    name = "six-pack-bezique"
    title = "Six-pack (Chinese) Bezique (Parlett, Penguin Book of Card Games)"
    rules_resource = "six-pack-bezique.yaml"


class EightPackBeziqueGame(TrickGame):
    name = "eight-pack-bezique"
    title = "Eight-pack Bezique (Parlett, Penguin Book of Card Games)"
    rules_resource = "eight-pack-bezique.yaml"


GAMES = (RubiconBeziqueGame, SixPackBeziqueGame, EightPackBeziqueGame)
