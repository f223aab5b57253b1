"""Double and grand pinochle at two-hand.

PB95, Two-hand Pinochle: "Double pinochle counts only 80, but can be declared in one trick rather
than requiring one each. (Variant. Many players now give it 300.) Similarly, grand pinochle
(K♠ Q♠ J♦) may be declared at one trick for 60, or 80 if spades are trump." RM §11 item 39.
"""

import pytest

from cardcore.errors import IllegalAction

from .conftest import finish_turn, registered, trick, won_opening

pytestmark = registered


def test_double_pinochle_in_one_trick_scores_80():
    s = won_opening("QS QS JD JD")
    s.apply("meld QS QS JD JD")
    assert s.scores == [80, 0]


def test_double_pinochle_variant_300():
    s = won_opening("QS QS JD JD", double_pinochle=300)
    s.apply("meld QS QS JD JD")
    assert s.scores == [300, 0]


def test_two_single_pinochles_on_two_tricks():
    # "rather than requiring one each": one each scores 40 + 40 = 80
    s = won_opening("QS QS JD JD 9C", "9D")
    s.apply("meld QS JD")
    finish_turn(s)
    trick(s, "9C", "9D", winner=0)
    s.apply("meld QS JD")
    assert s.scores == [80, 0]


@pytest.mark.parametrize("turnup, points", [("JH", 60), ("JS", 80)])
def test_grand_pinochle(turnup, points):
    # hearts trump: 60; spades trump (turn-up JS): 80
    s = won_opening("KS QS JD", turnup=turnup)
    s.apply("meld KS QS JD")
    assert s.scores == [points, 0]


def test_grand_pinochle_can_be_left_out():
    s = won_opening("KS QS JD", grand_pinochle=False)
    assert "meld KS QS JD" not in s.legal_actions()


def test_by_agreement_flushes():
    # PB95, additional melds by agreement: K & Q flush A T K K Q Q J 230; K or Q flush 190.
    # Without the agreement A T K K Q Q J holds only the flush (150) as one meld.
    s = won_opening("AH TH KH KH QH QH JH", king_queen_flush=True)
    s.apply("meld AH TH KH KH QH QH JH")
    assert s.scores == [230, 0]
    s = won_opening("AH TH KH KH QH JH", king_queen_flush=True)
    s.apply("meld AH TH KH KH QH JH")
    assert s.scores == [190, 0]
    s = won_opening("AH TH KH KH QH QH JH")
    assert "meld AH TH KH KH QH QH JH" not in s.legal_actions()


def test_double_flush_by_agreement():
    # PB95: double flush 2 × ATKQJ of trumps 1500 (with the agreement). Both JH are in hand, so
    # the turn-up is 9H (hearts trump), a dix for the dealer: [1500, 10]
    s = won_opening("AH AH TH TH KH KH QH QH JH JH", turnup="9H", double_flush=True)
    s.apply("meld AH AH TH TH KH KH QH QH JH JH")
    assert s.scores == [1500, 10]


def test_without_the_agreement_two_flushes_are_two_melds():
    # PB95, Note: two distinct identical melds both score: 150 + 150 over two tricks
    s = won_opening("AH AH TH TH KH KH QH QH JH JH 9C", "9D", turnup="9H")
    assert "meld AH AH TH TH KH KH QH QH JH JH" not in s.legal_actions()
    s.apply("meld AH TH KH QH JH")
    finish_turn(s)
    trick(s, "9C", "9D", winner=0)
    s.apply("meld AH TH KH QH JH")
    assert s.scores == [300, 10]


def test_grand_pinochle_refused_after_double_pinochle_names_the_meld_that_blocks_it():
    # RM §5 Declaring rules: a scored card serves again only in another class or in a higher
    # meld of its class. Double pinochle (80) scored Q♠ and J♦; grand pinochle K♠ Q♠ J♦ is of
    # the same class and scores 60 with hearts trump: refused, and the refusal says by what.
    s = won_opening("QS QS JD JD KS 9C", "9D")
    s.apply("meld QS QS JD JD")
    finish_turn(s)
    trick(s, "9C", "9D", winner=0)
    assert "meld KS QS JD" not in s.legal_actions()
    with pytest.raises(IllegalAction) as refused:
        s.apply("meld KS QS JD")
    reason = refused.value.reason
    assert "QS JD scored in your double-pinochle (80)" in reason
    assert "of the same class (pinochles)" in reason and "grand-pinochle scores 60" in reason
    assert "pinochles meld" not in reason
