"""Penneech's levels (rules/penneech.yaml ``levels``; the figures in bench/README.md, Levels)."""

from __future__ import annotations

from cardcore import load_game
from cardcore.bots import make_bot
from cardcore.bots.search import BotRollout, ISMCTSBot, PIMCBot
from cardcore.players import level_bot


def test_hard_plays_each_card_out_by_the_heuristic_within_two_seconds():
    """The tree search of 3,000 iterations was level with ``normal``; ``hard`` instead plays
    every legal card out by the heuristic in the same sampled worlds, and keeps the heuristic's
    card unless another does better by the margin."""
    game = load_game("penneech")
    hard = make_bot(level_bot("hard", game), game, seed=1)
    assert isinstance(hard, PIMCBot) and hard.seconds == 2.0 and hard.samples == 300
    assert type(hard.guide).__name__ == "PenneechHeuristicBot"
    assert isinstance(hard.play_out, BotRollout) and type(hard.play_out.bot) is type(hard.guide)
    assert hard.guide_margin == 0.02
    normal = make_bot(level_bot("normal", game), game, seed=1)
    assert isinstance(normal, ISMCTSBot) and normal.iterations == 200  # unchanged


def test_hard_plays_a_legal_card_at_every_decision_of_a_deal():
    game = load_game("penneech")
    state = game.new_game(seed=4)
    hard = make_bot(level_bot("hard", game).replace("samples=300", "samples=5"), game, seed=4)
    while len(state.rounds) == 1 and not state.is_terminal():
        action = hard.choose(state)
        assert action in state.legal_actions()
        state.apply(action)
