"""The multi-pack games' heuristic bot: the Bezique family's shared one, and at six-pack's
dealer's guess (packet_guess) the aim, 24: every size is as likely, and the bot does not look."""

from cardcore.engine.phases.guess import habitual_guess
from cardplugins.bezique.bots import BeziqueHeuristicBot


class MultipackHeuristicBot(BeziqueHeuristicBot):
    def choose(self, state) -> str:
        guess = habitual_guess(state)
        return guess if guess is not None else super().choose(state)
