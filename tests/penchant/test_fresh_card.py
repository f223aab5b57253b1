"""Re-using table cards: one fresh card from hand is needed; table cards may be played.

K l.73: "if a pair of Queens is already declared (2 points), upon winning a trick a player may
add another Queen to form a trio (3 points). Then after winning another trick, a Jack could be
added to score a penchant (1 point). In order to add onto an existing meld at least one fresh
card must be added from the hand."  CS l.28: "re-use cards from previous melds as long as 1+
new card added from hand".
K l.75: "Melded cards upon the table ... may be used to play tricks ... the score for previous
melds is not rescinded".  CS l.24: card for trick "from hand or from previously melded".
"""

from .conftest import declaring, illegal, last, new_state, trick, play, trump_suit


def queens_position():
    # Seat 0 leads and wins tricks 1-3 (seat 1 always plays a lower or off-suit card; no trump
    # yet, K l.45). Draws: seat 0 gets AC then KC, seat 1 gets 7S then 8S.
    return new_state("QS QH QD JH 8C 7C", "9D 8D 7D 9H 8H 7H", stock_top="AC 7S KC 8S")


def test_third_queen_added_to_a_declared_pair_scores_triplets():
    s = queens_position()
    trick(s, "8C", "7D", winner=0, meld="QS QH")
    assert s.scores == [2, 0]  # K l.53 twins 2
    play(s, "7C", "8D", winner=0)
    s.apply("meld QS QH QD")  # QS QH from the table, QD fresh from hand
    assert last(s, "meld")["name"] == "triplets"
    assert s.scores == [2 + 3, 0]  # K l.73: pair 2, then trio 3 scored from scratch


def test_then_a_jack_added_to_a_table_queen_scores_a_penchant():
    s = queens_position()
    trick(s, "8C", "7D", winner=0, meld="QS QH")
    trick(s, "7C", "8D", winner=0, meld="QS QH QD")
    play(s, "AC", "9D", winner=0)
    s.apply("meld QS JH")  # QS from the table, JH fresh
    assert last(s, "meld")["name"] == "penchant"
    assert s.scores == [2 + 3 + 1, 0]  # K l.73: "a Jack could be added to score a penchant (1 point)"
    # and, being the first penchant of a trick winner, it makes the jack's suit trump (K l.89)
    assert trump_suit(s) == "H"


def test_declaring_only_table_cards_again_is_refused_for_want_of_a_fresh_card():
    s = queens_position()
    trick(s, "8C", "7D", winner=0, meld="QS QH")
    play(s, "7C", "8D", winner=0)
    assert declaring(s) == "winner"  # seat 0 may meld QS QH QD, so the turn is not skipped
    assert "meld QS QH" not in s.legal_actions()
    assert "fresh" in illegal(s, "meld QS QH")  # K l.73 "at least one fresh card"
    s.apply("meld QS QH QD")
    play(s, "AC", "9D", winner=0)
    # every card of these melds now lies on the table: none may be declared again
    assert "fresh" in illegal(s, "meld QS QH QD")
    assert "fresh" in illegal(s, "meld QH QD")


def test_a_table_card_may_be_played_in_phase_one_and_keeps_its_points():
    s = queens_position()
    trick(s, "8C", "7D", winner=0, meld="QS QH")
    trick(s, "7C", "8D", winner=0, meld="QS QH QD")
    assert s.scores == [5, 0]
    assert "play QS" in s.legal_actions()  # K l.75; CS l.24
    play(s, "QS", "9D", winner=0)
    assert "QS" not in s.deck.names_of(s.tableaus[0])
    assert s.deck.names_of(s.tableaus[0]) == ["QH", "QD"]
    assert s.scores == [5, 0]  # K l.75: "the score for previous melds is not rescinded"
