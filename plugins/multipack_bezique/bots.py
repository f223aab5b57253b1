"""The multi-pack games' heuristic bot: the Bezique family's shared one, and at six-pack's
dealer's guess (packet_guess) the aim, 24: every size is as likely, and the bot does not look."""

from cardcore.engine.phases import habitual_action
from cardplugins.bezique.bots import BeziqueHeuristicBot


class MultipackHeuristicBot(BeziqueHeuristicBot):
    def choose(self, state) -> str:
        guess = habitual_action(state)  # the dealer's guess: the aim (guess.Guess.habitual)
        return guess if guess is not None else super().choose(state)
