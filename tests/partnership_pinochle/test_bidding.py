"""The auction for four: eldest must open at 100 (or 200), bids rise by tens, a passer is out,
a bid followed by three passes establishes the bidding side, whose bidder names trumps.

PB95, Auction Pinochle for four, Bidding: "Eldest may not pass but must make an opening bid of at
least 100 (variant: 200). Each in turn may thereafter pass or bid any higher multiple of ten. A
player having once passed may not bid again. A bid followed by three passes establishes the
bidding side, and the player who made it announces trumps, without consulting his partner."
"""

import pytest

from cardcore import IllegalAction

from .conftest import auction, new_state, registered, this_round

pytestmark = registered


def test_eldest_must_open_at_100():
    s = new_state()
    assert s.current_player == 0
    legal = s.legal_actions()
    assert "pass" not in legal
    assert "bid 100" in legal and "bid 90" not in legal
    with pytest.raises(IllegalAction):
        s.apply("pass")


def test_variant_opening_at_200():
    s = new_state(minimum_bid=200)
    assert "bid 200" in s.legal_actions() and "bid 190" not in s.legal_actions()


def test_bids_rise_in_tens_and_a_passer_is_out():
    s = new_state()
    s.apply("bid 100")
    assert s.current_player == 1 and "pass" in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply("bid 105")
    auction(s, "pass", "bid 110", "pass")        # seat 1 out, seat 2 bids, seat 3 out
    assert s.current_player == 0                  # seat 1 is skipped
    auction(s, "bid 120")
    assert s.current_player == 2
    s.apply("pass")
    # three passes after 120: seat 0 names trumps, alone
    assert s.current_player == 0
    assert sorted(s.legal_actions()) == ["trump C", "trump D", "trump H", "trump S"]
    assert this_round(s)["bidder"] == 0 and this_round(s)["bid"] == 120


def test_opening_bid_then_three_passes():
    s = new_state()
    auction(s, "bid 100", "pass", "pass", "pass")
    assert s.current_player == 0
    assert this_round(s)["bid"] == 100
