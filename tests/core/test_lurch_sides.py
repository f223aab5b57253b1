"""The lurch with more than two sides: every side under the threshold at the game's end is lurched
against the winner (game_end.lurch in the rules file: ``below`` and ``multiplier``).

The game is Triad (tests/seatgames/triad.yaml: three players alone; cards won score A 11, T 10,
K 4, Q 3, J 2 at once; 5 per ace won and 10 for the last trick at the end of the deal) dealt
eight each with no stock, one deal, and a lurch added: ``below`` as each test says, doubled.
Seat 2 deals, seat 0 leads every trick but the last, follow suit and win when able (FtR; the
first trick is the drawing phase's, free, and its declarations are all passed):
  seat 0: AS KS QS JS TS 9S AH 9D
  seat 1: KH QH JH TH 9H AD KD QD
  seat 2: JD TD AC KC QC JC TC 9C
  tricks (seat 0, 1, 2)          seat 0 takes
  AS 9H 9C                       11
  KS TH TC                       4 + 10 + 10 = 24
  QS JH JC                       3 + 2 + 2 = 7
  JS QH QC                       2 + 3 + 3 = 8
  TS KH KC                       10 + 4 + 4 = 18
  9S QD AC                       3 + 11 = 14
  AH KD TD   (1 and 2 hold no heart)   11 + 4 + 10 = 25
  9D AD JD   seat 1 follows and wins: 11 + 2 = 13 and the last trick 10
Seat 0: 107 in cards and three aces (AS AC AH) 15 = 122. Seat 1: 13 + 10 + one ace 5 = 28.
Seat 2: 0.
"""

from __future__ import annotations

from importlib import resources

import pytest
import seatgames
from helpers import build_deal, play_trick

from cardcore.game import read_rules
from cardcore.text import facts
from cardcore.text.lines import seat_names
from cardcore.text.replay import result_line

DECK = [r + s for s in "SHDC" for r in "AKQJT9"]
HANDS = ["AS KS QS JS TS 9S AH 9D", "KH QH JH TH 9H AD KD QD", "JD TD AC KC QC JC TC 9C"]
TRICKS = [("AS", "9H", "9C"), ("KS", "TH", "TC"), ("QS", "JH", "JC"), ("JS", "QH", "QC"),
          ("TS", "KH", "KC"), ("9S", "QD", "AC"), ("AH", "KD", "TD"), ("9D", "AD", "JD")]


def finished_triad(below: int):
    text = resources.files("seatgames").joinpath("triad.yaml").read_text(encoding="utf-8")
    text = text.replace("  hand_size: 6\n", "  hand_size: 8\n").replace(
        "game_end:\n  rounds: {option: rounds}\n",
        "game_end:\n  rounds: 1\n  lurch:\n    below: %d\n    multiplier: 2\n"
        "    source: \"T, a side under the threshold is lurched\"\n" % below)
    rules = read_rules(text, "triad-lurch.yaml", "triad")
    game = type("TriadLurch", (seatgames.TriadGame,), {"rules_source": classmethod(lambda _: rules)})()
    s = game.new_game(deals=[build_deal(DECK, HANDS, dealer=2, hand_size=8)])
    for trick in TRICKS[:-1]:
        play_trick(s, *trick, winner=0)
        while s.decision == "declare":  # the first trick's declarations: everyone passes
            s.apply("pass")
    play_trick(s, *TRICKS[-1], winner=1)
    assert s.is_terminal() and s.scores == [122, 28, 0]
    return s


def test_only_the_side_under_the_threshold_is_lurched():
    s = finished_triad(below=20)
    assert s.result["winner"] == 0 and "winners" not in s.result  # one winner
    assert s.result["lurched"] is True and s.result["lurched_seats"] == [2]
    assert s.result["game_score"] == 122 - 28  # over the best other side, which is not lurched
    # each side settles with each other by the difference; seat 2 pays seat 0 double: 122 more
    assert s.returns() == [(122 - 28) + (122 - 0) + 122, (28 - 122) + (28 - 0), (0 - 122) + (0 - 28) - 122]
    assert s.returns() == [338, -66, -272] and sum(s.returns()) == 0


def test_every_side_under_the_threshold_is_lurched_against_the_winner():
    s = finished_triad(below=30)
    assert s.result["lurched_seats"] == [1, 2]
    assert s.result["game_score"] == (122 - 28) * 2
    assert s.returns() == [216 + 94 + 122, -66 - 94, -150 - 122] == [432, -160, -272]


def test_nobody_under_the_threshold():
    s = finished_triad(below=0)
    assert s.result["lurched"] is False and s.result["lurched_seats"] == []
    assert s.returns() == [216, -66, -150]


@pytest.mark.parametrize("below, said", [(20, "(East lurched: under 20, x2)"),
                                         (30, "(West, East lurched: under 30, x2)")])
def test_the_lurched_are_named(below, said):
    s = finished_triad(below)
    names = seat_names(3, me=0, table=s.table)
    line = "".join(str(part) for part in facts.game_over_line(s, names))
    assert line.startswith(f"Game over: You win by {s.result['game_score']} {said}; ")
    grid = facts.game_grid(s, names)
    assert grid.rows[-1][1:] == ["", "lurched" if below == 30 else "", "lurched"]
    assert result_line(s.result, names).startswith(f"Finished: You win by {s.result['game_score']} (")
