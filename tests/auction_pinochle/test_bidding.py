"""The auction: from eldest, minimum 300, rising by tens, a passer is out, all pass annuls.

PB95, Auction Pinochle for three, Bidding: "Each in turn, starting with eldest, either passes or
makes a higher bid than any that has gone before. The minimum bid is 300 (unless agreed
otherwise), and subsequent bids must rise in tens. A player having passed may not come in again.
If all pass, the hand is annulled and the next in turn deals."
"""

import pytest

from cardcore import IllegalAction

from .conftest import auction, auction_deal, deal_a, new_state, registered, this_round

pytestmark = registered


def test_eldest_bids_first_with_minimum_300():
    s = new_state()
    assert s.current_player == 0                 # dealer 2: eldest is seat 0
    legal = s.legal_actions()
    assert "pass" in legal and "bid 300" in legal and "bid 310" in legal
    assert "bid 290" not in legal
    with pytest.raises(IllegalAction):
        s.apply("bid 290")


def test_bids_rise_in_tens():
    s = new_state()
    with pytest.raises(IllegalAction):
        s.apply("bid 305")
    s.apply("bid 300")
    assert s.current_player == 1
    assert "bid 300" not in s.legal_actions()     # must be higher than any before
    assert "bid 310" in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply("bid 300")


def test_minimum_bid_option():
    s = new_state(minimum_bid=250)
    assert "bid 250" in s.legal_actions() and "bid 240" not in s.legal_actions()


def test_a_passer_is_out():
    # seat 0 bids 300, seat 1 passes, seat 2 bids 310: the turn skips seat 1 and comes to seat 0
    s = new_state()
    auction(s, "bid 300", "pass", "bid 310")
    assert s.current_player == 0
    s.apply("pass")
    # seats 0 and 1 are out: seat 2 is the bidder, to name trumps
    assert s.current_player == 2
    assert sorted(s.legal_actions()) == ["trump C", "trump D", "trump H", "trump S"]
    assert this_round(s)["bidder"] == 2 and this_round(s)["bid"] == 310


def test_the_highest_bidder_may_raise_again():
    # seat 0 300, seat 1 310, seat 2 passes: seat 0 is still in and may bid 320
    s = new_state()
    auction(s, "bid 300", "bid 310", "pass")
    assert s.current_player == 0
    s.apply("bid 320")
    assert s.current_player == 1
    s.apply("pass")
    assert s.current_player == 0                  # the bidder, to name trumps
    assert this_round(s)["bid"] == 320


def test_all_pass_annuls_the_deal_and_the_next_deals():
    # the next dealer is seat 0 (after seat 2), so the new eldest is seat 1
    s = new_state([deal_a(), auction_deal(["", "", ""], "", dealer=0)])
    auction(s, "pass", "pass", "pass")
    assert s.scores == [0, 0, 0]
    assert this_round(s)["outcome"] == "annulled"
    assert s.summary()["rounds"][1]["dealer"] == 0
    assert s.current_player == 1


def test_an_annulled_deal_is_not_counted():
    # deals=1: the annulled deal does not count; the next (HAND_A at seat 1, eldest) does. Seat 1
    # bids 300, names hearts, and his melds make 320 >= 300 with no play: each opponent pays him
    # the 1-unit stake of a 300 bid, and the one deal is over.
    s = new_state([deal_a(), deal_a(bidder=1, dealer=0)], deals=1)
    auction(s, "pass", "pass", "pass")
    auction(s, "bid 300", "pass", "pass")
    s.apply("trump H")
    assert s.is_terminal()
    assert s.scores == [-1, 2, -1]
    assert s.returns() == [-1.0, 2.0, -1.0]
