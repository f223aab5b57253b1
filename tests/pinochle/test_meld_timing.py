"""Meld then draw (the default) or draw then meld (option meld_timing).

RM §5: at Bezique the winner declares before drawing; PB95 two-hand Pinochle is played "as at
two-hand Bezique". RM §8 and §11 item 37: dorogaved-pin has the winner draw first and meld from
thirteen cards. The first stock card, JD, completes seat 0's pinochle with its QS.
"""

from .conftest import new_state, registered, trick

pytestmark = registered


def opening(timing):
    s = new_state("QS 9C", "9D", stock_top="JD", meld_timing=timing)
    trick(s, "9C", "9D", winner=0)
    return s


def test_meld_then_draw():
    # the JD is still in the stock when seat 0 declares: no pinochle yet
    assert "meld QS JD" not in opening("meld-then-draw").legal_actions()


def test_draw_then_meld():
    s = opening("draw-then-meld")
    assert "meld QS JD" in s.legal_actions()
    s.apply("meld QS JD")
    assert s.scores == [40, 0]
