"""The heuristic bots of Penchant, Marjolet and Penneech at tables of more than two seats.

Their rules files seat two, but a rules file of the same game for more seats must not crash a
bot: each variant here is the shipped rules file with ``players`` changed (and partnerships at
four), the winner's and the loser's draws made one draw by each player in turn from the winner,
and the loser's own declaration step left out (the core refuses ``who: loser`` at a bigger
table). Penneech for three is the test game ``penneech3`` (tests/seatgames). Every seat is played
by the game's heuristic bot to the end of the game.
"""

from __future__ import annotations

import re
from importlib import resources

import pytest
import seatgames

from cardcore import load_game
from cardcore.game import read_rules
from cardplugins.marjolet.bots import MarjoletHeuristicBot
from cardplugins.marjolet.game import MarjoletGame
from cardplugins.penchant.bots import PenchantHeuristicBot
from cardplugins.penchant.game import PenchantGame
from cardplugins.penneech.bots import PenneechHeuristicBot
from cardplugins.penneech.game import PenneechGame

PARTNERS = "sides: [[0, 2], [1, 3]]\n"


def variant(base, players: int, sides: str = ""):
    """``base``'s game with its rules file for ``players`` seats (see the module's docstring)."""
    text = resources.files("cardrules").joinpath(base.rules_resource).read_text(encoding="utf-8")
    name = f"{base.name}{players}"
    text = text.replace("\nplayers: 2\n", f"\nplayers: {players}\n{sides}").replace(
        f"\ngame: {base.name}\n", f"\ngame: {name}\n")
    text = re.sub(r"(      - step: draw\n        who: )winner\n", r"\1each-from-winner\n", text)
    text = re.sub(r"      - step: (?:draw|declare)\n        who: loser\n(?:        .*\n)*?        source: .*\n", "", text)
    assert "who: loser" not in text
    rules = read_rules(text, f"{name}.yaml", name)
    return type(f"{base.__name__}{players}", (base,), {"name": name, "rules_source": classmethod(lambda cls: rules)})()


def play_out(game, bot_class, seed: int):
    state = game.new_game(seed=seed)
    bots = [bot_class(game, seed=seat) for seat in range(state.n)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))  # IllegalAction if a bot errs
    return state


@pytest.mark.parametrize("base, bot_class", [(PenchantGame, PenchantHeuristicBot),
                                             (MarjoletGame, MarjoletHeuristicBot),
                                             (PenneechGame, PenneechHeuristicBot)])
def test_four_seats_in_partnerships(base, bot_class):
    game = variant(base, 4, PARTNERS)
    assert game.table.sides == ((0, 2), (1, 3))
    s = play_out(game, bot_class, seed=3)
    a, b = s.side_scores
    assert s.result["winner"] is not None and s.table.same_side(s.result["winner"], 0 if a > b else 1)
    assert s.scores == [a, b, a, b]


def test_penneech_for_three():
    with seatgames.registered():
        game = load_game("penneech3")
        for seed in range(2):
            s = play_out(game, PenneechHeuristicBot, seed)
            assert s.result is not None and sum(s.returns()) == 0
