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


# The ceiling of the bids: no side can make more in a deal than the best melds of the whole pack
# (the bidder's eighteen cards are part of it), every card point and the last trick (PB95,
# Object: "(a) melds ... (b) card-points ... (c) 10 for winning the last trick"). The double pack's
# best melds, trumps S: sequences two trump flushes 2 x 150 and the other suits' two marriages
# each 6 x 20 = 420; arounds 2 x (100 + 80 + 60 + 40) = 560; pinochles 2 x 40 = 80; two dix 20:
# 1080. Modern count: A T K 10 each, 8 of each = 240; last trick 10. 1080 + 240 + 10 = 1330.
CEILING = 1080 + 240 + 10


@pytest.mark.parametrize("options, ceiling", [
    ({}, CEILING),
    # simplified: melds and the last trick divided by ten (108, 1), A T K 1 each (24)
    ({"card_points": "simplified"}, 108 + 24 + 1),
    # traditional: A 11, T 10, K 4, Q 3, J 2, 8 of each = 240, as the modern count
    ({"card_points": "traditional"}, CEILING),
    # by agreement: both trump flushes 1500 instead of 2 x 150, both pinochles 300 instead of 2 x 40
    ({"double_flush": True, "double_pinochle": True}, CEILING - 300 + 1500 - 80 + 300),
])
def test_no_bid_above_the_most_a_side_can_make(options, ceiling):
    s = new_state(**options)
    step = 1 if options.get("card_points") == "simplified" else 10
    low = 30 if step == 1 else 300
    assert s.legal_actions() == [f"bid {n}" for n in range(low, ceiling + 1, step)] + ["pass"]
    for too_high in (ceiling + step, 5000, 999999990, "9" * 4301):  # int() reads at most 4,300 digits
        with pytest.raises(IllegalAction, match=f"no bid may exceed {ceiling}, the most") as refusal:
            s.apply(f"bid {too_high}")
        assert len(str(refusal.value)) < 300     # a long bid is not echoed back whole
    assert s.actions == []
    s.apply(f"bid {ceiling}")                    # the ceiling itself may be bid
    assert s.legal_actions() == ["pass"]         # and nothing above it


def test_every_legal_bid_is_listed_in_a_stable_order():
    # PB95: "either passes or makes a higher bid than any that has gone before ... rise in tens":
    # every such bid up to the ceiling is legal, and listed lowest first, then pass
    s = new_state()
    auction(s, "bid 350", "bid 420")
    assert s.legal_actions() == [f"bid {n}" for n in range(430, CEILING + 1, 10)] + ["pass"]
    assert s.legal_moves() == s.legal_actions()
    s.apply("bid 900")                           # any of them is accepted
    assert this_round(s)["bid"] == 900


@pytest.mark.parametrize("word", ["²", "³⁰⁰", "٣٠٠", "３００", "-300", "+300", "3e2", "300.0"])
def test_a_bid_is_ascii_digits(word):
    s = new_state()
    with pytest.raises(IllegalAction, match="bid N"):
        s.apply(f"bid {word}")
    assert s.actions == [] and s.current_player == 0
