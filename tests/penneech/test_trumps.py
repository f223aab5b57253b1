"""Penneech's trumps: turned from the stock, by the dealer first, then by every trick's winner.

WP, Deal: "The dealer deals 7 cards each, individually, and turns the next for trumps".
WP, Play: "The trick winner turns the next card of the stock for trump and pegs its value (see
below) if it is a counter before leading to the next trick. The winner of the last trick turns
the next card of the stock and likewise scores for it if it is a counting card."
WP, Scoring: "An Ace is worth 5 points, a king 4, a queen 3 and a knave 2. The 7 ... is worth 14
points when turned". RM §4 / §11 item 17: the dealer pegs the first turn-up (Parlett); option
dealer_scores_first_turnup=false (Cotton is silent).
"""

import pytest

from .conftest import DEAL_Q, TRICKS_Q, game, new_state, play, trump

# Hands without the turned cards below; each holds an honour (no throw-in).
HC = "AC KC QC TC 9C 8C 6C"
HH = "KH JH TH 9H 8H 6H 5H"


@pytest.mark.parametrize("turn, points", [
    ("AS", 5), ("KS", 4), ("QH", 3), ("JC", 2),  # WP, Scoring: A 5, K 4, Q 3, J 2
    ("7D", 14),                                   # WP, Scoring: the penneech 14 when turned
    ("AD", 5),                                    # the ace of diamonds is an ordinary ace
    ("TS", 0), ("7S", 0), ("2H", 0),              # not counters
])
@pytest.mark.parametrize("dealer", [1, 0])
def test_dealer_scores_the_first_turnup_if_a_counter(turn, points, dealer):
    # RM §4: Parlett, the dealer "if it is an honour, pegs its point-value".
    s = new_state(HC, HH, turns=[turn], dealer=dealer)
    expected = [0, 0]
    expected[dealer] = points
    assert s.scores == expected
    assert trump(s) == turn[1]
    assert s.summary()["rounds"][0]["turned"] == [{"card": turn, "seat": dealer, "points": points}]


@pytest.mark.parametrize("turn", ["KS", "7D"])
def test_first_turnup_scores_nothing_with_the_option_off(turn):
    # RM §11 item 17: dealer_scores_first_turnup=false (Cotton silent). The card is still turned
    # and sets trump.
    s = new_state(HC, HH, turns=[turn], dealer_scores_first_turnup=False)
    assert s.scores == [0, 0]
    assert trump(s) == turn[1]


def test_later_turns_still_score_with_the_option_off():
    # RM §11 item 17 concerns the dealer's first turn-up only; WP, Play: the trick winner pegs.
    s = new_state("9S AC 8C 7C 6C 5C 4C", "3S KS QS 5H 6H 7H 8H", turns=["2S", "KH"],
                  dealer_scores_first_turnup=False)
    assert play(s, "9S", "3S") == 0
    assert s.scores == [4, 0]


def test_trump_changes_every_trick_the_winner_turns_scores_and_leads():
    # WP, Play (above). Trick 1, spades trump (2S, no score): seat 0 wins with 9S, turns KH
    # (4, hearts trump) and leads. Trick 2: seat 1 trumps the club lead with 5H, turns QD (3,
    # diamonds trump) and leads.
    s = new_state("9S 4C AC KC QC JC TC", "3S 5H 6H 7H 8H KS QS", turns=["2S", "KH", "QD"])
    assert trump(s) == "S" and s.scores == [0, 0]
    assert play(s, "9S", "3S") == 0
    assert trump(s) == "H" and s.scores == [4, 0] and s.current_player == 0
    assert play(s, "4C", "5H") == 1
    assert trump(s) == "D" and s.scores == [4, 3] and s.current_player == 1
    rounds = s.summary()["rounds"][0]
    assert rounds["turned"] == [
        {"card": "2S", "seat": 1, "points": 0},
        {"card": "KH", "seat": 0, "points": 4},
        {"card": "QD", "seat": 1, "points": 3},
    ]
    assert rounds["trumps"] == ["S", "H"]  # the trump in force for each trick played
    assert s.observation(0)["turned"] == ["2S", "KH", "QD"]
    assert s.stock_left == 35  # 38 less three turned


def test_no_drawing_from_the_stock():
    # RM §4: the stock is "used only to turn trumps (no drawing; 7 tricks per deal)".
    s = new_state("9S 4C AC KC QC JC TC", "3S 5H 6H 7H 8H KS QS", turns=["2S", "KH", "QD"])
    play(s, "9S", "3S")
    assert len(s.deck.names_of(s.hands[0])) == len(s.deck.names_of(s.hands[1])) == 6


def test_after_the_seventh_trick_the_winner_turns_one_more():
    # WP, Play: "The winner of the last trick turns the next card of the stock and likewise
    # scores for it if it is a counting card." Seat 0 wins trick 7 and turns KC: 4.
    s = game().new_game(seed=3, deals=[DEAL_Q])
    for lead, follow, winner in TRICKS_Q:
        play(s, lead, follow, winner)
    turned = s.rounds[0]["turned"]
    assert len(turned) == 8  # the dealer's first and one per trick
    assert [t["seat"] for t in turned] == [1, 0, 0, 1, 1, 0, 0, 0]
    assert turned[-1] == {"card": "KC", "seat": 0, "points": 4}
    assert s.rounds[0]["trumps"] == ["C"] * 7
    # seat 0: KC turned 4 + cards: 5 tricks = 10 cards, 3 beyond seven (WP, Scoring) = 7
    assert s.rounds[0]["points"] == [7, 0]
    assert len(s.rounds) == 2  # 61 not reached: another deal (WP, Scoring: game is 61)
