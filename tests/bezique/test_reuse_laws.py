"""The re-use laws of two-hand Bezique (RM §5 Declaring rules, from Hoffmann, F325, F326):

1. a card once scored cannot be used again in a combination of the same kind;
2. no lower combination of a class from the cards of a higher one (sequence then marriage is
   forbidden; marriage then the sequence is allowed);
3. a new announcement in a class needs at least one new card from hand (bezique 40, then the
   second pair: double bezique 500 is fine; a second single bezique 40, then 500 is not);
4. a broken quartet cannot be re-formed with a replacement (F325; RM §11 item 36).
Other kinds are free: four Kings including K♠, then the marriage K♠ Q♠. Trump is hearts.
"""

import pytest

from cardcore import IllegalAction

from .conftest import next_win, won_opening


def test_royal_marriage_then_sequence_scores_both():
    s = won_opening("KH QH AH TH JH")
    s.apply("meld KH QH")
    next_win(s, "8S")
    assert "meld AH TH KH QH JH" in s.legal_actions()
    s.apply("meld AH TH KH QH JH")
    assert s.scores == [40 + 250, 0]


def test_sequence_then_royal_marriage_with_a_new_queen_is_refused():
    s = won_opening("AH TH KH QH JH QH")
    s.apply("meld AH TH KH QH JH")
    next_win(s, "8S")
    assert "meld KH QH" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="scores more"):
        s.apply("meld KH QH")
    assert s.scores == [250, 0]


def test_a_queen_marries_once():
    # K♥ Q♥ married; a second K♥ from hand with the table's Q♥ is the same kind again
    s = won_opening("KH QH KH")
    s.apply("meld KH QH")
    next_win(s, "8S")
    assert "meld KH QH" not in s.legal_actions()


def test_bezique_then_double_bezique_with_the_second_pair_scores_540():
    s = won_opening("QS JD QS JD")
    s.apply("meld QS JD")
    next_win(s, "8S")
    assert "meld QS QS JD JD" in s.legal_actions()
    s.apply("meld QS QS JD JD")
    assert s.scores == [540, 0]


def test_two_single_beziques_then_the_double_is_refused():
    s = won_opening("QS JD QS JD")
    s.apply("meld QS JD")
    next_win(s, "8S")
    s.apply("meld QS JD")                 # the second pair, all from hand: a second single, 40
    assert s.scores == [80, 0]
    next_win(s, "9S")
    assert "meld QS QS JD JD" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="fresh card"):
        s.apply("meld QS QS JD JD")


def test_four_kings_again_with_a_replacement_king_is_refused():
    s = won_opening("KS KH KD KC KS")
    s.apply("meld KS KH KD KC")
    next_win(s, "8S")
    assert "meld KS KH KD KC" not in s.legal_actions()


def test_a_broken_quartet_cannot_be_re_formed():
    s = won_opening("KS KH KD KC KS")
    s.apply("meld KS KH KD KC")
    next_win(s, "KS from table")    # the table's K♠ goes to the trick: the quartet is broken
    assert s.deck.names_of(s.tableaus[0]) == ["KH", "KD", "KC"] and "KS" in s.deck.names_of(s.hands[0])
    next_win(s, "8S")
    assert not any(a.startswith("meld K") for a in s.legal_actions())


def test_four_kings_then_a_marriage_of_another_class():
    s = won_opening("KS KH KD KC QS")
    s.apply("meld KS KH KD KC")
    next_win(s, "8S")
    s.apply("meld KS QS")
    assert s.scores == [80 + 20, 0]


def test_every_meld_needs_a_card_from_hand():
    s = won_opening("KS KH KD KC")
    s.apply("meld KS KH KD KC")
    next_win(s, "8S")
    assert not any(a.startswith("meld") for a in s.legal_actions())
