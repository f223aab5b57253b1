"""Penneech scoring for cards won: trump honours, the penneech, and cards beyond seven.

WP, Scoring: "Players score for cards won in tricks, for turning a counter as trumps and for
turning a counter after the last trick is taken. An Ace is worth 5 points, a king 4, a queen 3
and a knave 2. The 7, called penneech, is the highest card when diamonds are trumps and is worth
14 points when turned or 7 points in the hand. If diamonds are not trumps it has no scoring
value ... Players also score 1 point per card taken in excess of seven."
RM §4 / §11 item 19: honours count only of "the trump suit in force for that trick" (Cotton
1674 "The Ace and Coat-Cards of Trumps", pagat). §11 item 20: the penneech's 7 "in hand" =
captured while diamonds are trump (Parlett).
"""

import pytest

from .conftest import DEAL_Q, TRICKS_Q, game, new_state, play, score_events


@pytest.mark.parametrize("honour, points", [("AS", 5), ("KS", 4), ("QS", 3), ("JS", 2)])
def test_trump_honours_won_score(honour, points):
    # WP, Scoring: A 5, K 4, Q 3, J 2, of trumps (RM §4). Spades trump (turn TS, no counter).
    s = new_state(f"{honour} 9C 8C 7C 6C 5C AC", "3S KH QH 5H 6H 7H 8H", turns=["TS"])
    assert play(s, honour, "3S") == 0
    assert s.scores == [points, 0]
    assert score_events(s, "card won") == [(0, points)]


@pytest.mark.parametrize("lead, follow", [("AH", "KH"), ("QD", "JD"), ("KC", "AC")])
def test_honours_of_a_plain_suit_score_nothing(lead, follow):
    # RM §4 / §11 item 19: honours count only as trumps. Spades trump.
    s = new_state(f"{lead} 9C 8C 7C 6C 5C 4C", f"{follow} 2H 3H 4H 5H 6H 7H", turns=["TS"])
    play(s, lead, follow)
    assert s.scores == [0, 0]


def test_both_cards_of_the_trick_score_for_its_winner():
    # WP, Scoring: points for *cards won*. Seat 1 takes KS (seat 0's) with AS: 4 + 5 = 9.
    s = new_state("KS 9C 8C 7C 6C 5C AC", "AS KH QH 5H 6H 7H 8H", turns=["TS"])
    assert play(s, "KS", "AS") == 1
    assert s.scores == [0, 9]


def test_honours_score_with_the_trump_of_their_own_trick_only():
    # RM §4: "an honour captured in trick k counts iff its suit = trump of trick k". Trick 1,
    # spades trump: AH and KH score nothing; seat 0 then turns 2H (hearts trump from trick 2),
    # which does not make them count after the fact. Trick 2: QH and JH are trumps: 3 + 2 = 5.
    s = new_state("AH QH 9C 8C 7C 6C 5C", "KH JH 9D 8D 6D 5D 4D", turns=["2S", "2H"])
    assert play(s, "AH", "KH") == 0
    assert s.scores == [0, 0] and s.deck.suits[s.trump] == "H"
    assert play(s, "QH", "JH") == 0
    assert s.scores == [5, 0]


def test_penneech_turned_by_a_trick_winner_scores_14():
    # WP, Scoring: "worth 14 points when turned"; WP, Play: the trick winner pegs it.
    s = new_state("9S AC 8C 7C 6C 5C 4C", "3S KS QS 5H 6H 7H 8H", turns=["2S", "7D"])
    assert play(s, "9S", "3S") == 0
    assert s.scores == [14, 0] and s.deck.suits[s.trump] == "D"


def test_penneech_won_while_diamonds_are_trump_scores_7():
    # WP, Scoring: "7 points in the hand"; RM §11 item 20: captured while diamonds are trump.
    s = new_state("7D AC 8C 7C 6C 5C 4C", "3D KS QS 5H 6H 7H 8H", turns=["2D"])
    assert play(s, "7D", "3D") == 0
    assert s.scores == [7, 0]


def test_penneech_won_while_diamonds_are_not_trump_scores_nothing():
    # WP, Scoring: "If diamonds are not trumps it has no scoring value".
    s = new_state("7D AC 8C 7C 6C 5C 4C", "3D KS QS 5H 6H 7H 8H", turns=["2S"])
    assert play(s, "7D", "3D") == 0
    assert s.scores == [0, 0]


def test_penneech_held_but_not_played_scores_nothing_yet():
    # RM §11 item 20: the "7 in hand" is read as the penneech captured (Parlett), not merely held
    # (one reading of Cotton). Diamonds trump; seat 0 holds 7D and wins a trick without it.
    s = new_state("7D AC 8C 7C 6C 5C 4C", "3C KS QS 5H 6H 7H 8H", turns=["2D"])
    assert play(s, "AC", "3C") == 0
    assert s.scores == [0, 0]


def test_one_point_per_card_won_beyond_seven():
    # WP, Scoring: "1 point per card taken in excess of seven". Deal Q (test_trumps): seat 0
    # wins 5 tricks = 10 cards: 3 points; seat 1 wins 2 tricks = 4 cards: nothing.
    s = game().new_game(seed=3, deals=[DEAL_Q])
    for lead, follow, winner in TRICKS_Q:
        play(s, lead, follow, winner)
    assert score_events(s, "cards") == [(0, 3)]
    assert s.rounds[0]["cards"] == [10, 4]
