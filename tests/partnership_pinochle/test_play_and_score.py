"""Melds shown at the first trick, who leads, and the settlement for sides.

PB95, Auction Pinochle for four, Play: "Eldest leads to the first trick ... (Variant: Declarer
leads first.) As each plays to the first trick, he scores for any combination that he holds and
shows." Score: "The bidding side counts its score first. If they took at least the amount bid,
they score whatever they make; if not, they deduct from their score the amount they bid. If the
bidding side thereby reaches or exceeds 1000, they win, and the opponents add nothing to their
score. Otherwise, the opponents score everything they make - unless they fail to win a single
trick, in which case their meld scores are cancelled and they score nothing."
Object: counters 240 and the last trick 10 (PB95, Auction Pinochle for three, Object).

Deal TRICK (dealer 3; seat 0 bids, names spades and leads every trick by the play below):
  seat 0: AS AS TS TS KS KS QS QS JS JS 9S 9H   melds: two flushes 300 + dix 10 = 310
  seat 1: 9S AH AH TH TH KH KH QH QH JH JH 9H   melds: dix 9S 10 + two marriages 40 = 50
  seat 2: the twelve diamonds                   melds: 40
  seat 3: the twelve clubs                      melds: 40
  Seat 0 leads his eleven spades (seat 1 must follow the first with 9S, his only spade; the
  others, void in trumps, play any card), winning eleven tricks; then leads 9H and seat 1 takes
  the last trick with AH, seats 2 and 3 throwing 9D and 9C. Opponents' tricks: one, holding AH
  10 + last trick 10 = 20. Bidding side's counters: 240 - 10 = 230.
  Bidding side: 310 + 40 + 230 = 580. Opponents: 50 + 40 + 20 = 110.
"""

import pytest

from .conftest import (SUITED, SUITED_MELDS, auction, new_state, partnership_deal,
                       play_first_legal_cards, play_tricks, registered, suit, this_round)

pytestmark = registered

TRICK = [
    "AS AS TS TS KS KS QS QS JS JS 9S 9H",
    "9S AH AH TH TH KH KH QH QH JH JH 9H",
    suit("D"),
    suit("C"),
]
SEAT0_ORDER = "AS AS TS TS KS KS QS QS JS JS 9S 9H".split()
SEAT1_ORDER = "9S AH TH TH KH KH QH QH JH JH 9H AH".split()
SEAT2_ORDER = "AD AD TD TD KD KD QD QD JD JD 9D 9D".split()
SEAT3_ORDER = "AC AC TC TC KC KC QC QC JC JC 9C 9C".split()
TRICK_PLAY = [" ".join(t) for t in zip(SEAT0_ORDER, SEAT1_ORDER, SEAT2_ORDER, SEAT3_ORDER)]


def bid_and_name(s, bid, trump="S"):
    auction(s, f"bid {bid}", "pass", "pass", "pass")
    s.apply(f"trump {trump}")


def test_melds_score_as_each_plays_to_the_first_trick():
    # the deal's points per seat (each showing its side's) grow as each plays his first card
    s = new_state()
    bid_and_name(s, 600)
    assert this_round(s)["points"] == [0, 0, 0, 0]
    s.apply("play AS")
    assert this_round(s)["points"] == [320, 0, 320, 0]
    s.apply("play AH")
    assert this_round(s)["points"] == [320, 40, 320, 40]
    s.apply("play AD")
    assert this_round(s)["points"] == [360, 40, 360, 40]
    assert s.scores == [0, 0, 0, 0]               # provisional until the settlement


def test_eldest_leads_by_default_declarer_as_variant():
    # seat 1 outbids eldest and names trumps; eldest (seat 0) leads unless first_leader=declarer
    for option, leader in (("eldest", 0), ("declarer", 1)):
        s = new_state(first_leader=option)
        auction(s, "bid 100", "bid 110", "pass", "pass", "pass")
        s.apply("trump H")
        assert s.current_player == leader, option


def test_made_and_opponents_without_a_trick_score_nothing():
    # SUITED, bid 600: side 0-2 makes 320 + 40 + 250 = 610 >= 600; the opponents, who took no
    # trick, lose their 80 in melds and score nothing
    s = new_state()
    bid_and_name(s, 600)
    assert play_first_legal_cards(s) == 48
    assert s.scores == [610, 0, 610, 0]
    assert this_round(s)["outcome"] == "made"


def test_set_deducts_the_bid():
    # SUITED, bid 620 > 610: the bidding side loses 620; the opponents took no trick: 0
    s = new_state()
    bid_and_name(s, 620)
    play_first_legal_cards(s)
    assert s.scores == [-620, 0, -620, 0]
    assert this_round(s)["outcome"] == "set"


def test_opponents_who_took_a_trick_score_what_they_make():
    s = new_state(TRICK)
    bid_and_name(s, 500)
    play_tricks(s, TRICK_PLAY)
    assert s.scores == [580, 110, 580, 110]


def test_set_bidding_side_and_scoring_opponents():
    s = new_state(TRICK)
    bid_and_name(s, 600)
    play_tricks(s, TRICK_PLAY)
    assert s.scores == [-600, 110, -600, 110]


def test_bidding_side_reaching_1000_wins_and_opponents_add_nothing():
    # deal 1 (SUITED, dealer 3): side 0-2 610, opponents 0. Deal 2 (TRICK, dealer 0: seat 1 is
    # eldest and must open; seat 0 outbids with 500 and, as declarer, leads): 610 + 580 = 1190
    # >= 1000, so side 0-2 wins and the opponents' 110 is not added.
    deals = [partnership_deal(SUITED, dealer=3), partnership_deal(TRICK, dealer=0)]
    s = new_state(deal_list=deals, first_leader="declarer")
    bid_and_name(s, 600)
    play_first_legal_cards(s)
    assert s.scores == [610, 0, 610, 0]
    auction(s, "bid 100", "pass", "pass", "bid 500", "pass")
    s.apply("trump S")
    assert s.current_player == 0
    play_tricks(s, TRICK_PLAY)
    assert s.is_terminal()
    assert s.scores == [1190, 0, 1190, 0]
    assert s.returns() == [1.0, -1.0, 1.0, -1.0]


def test_double_flush_by_agreement_wins_in_one_deal():
    # double_flush: seat 0's spades meld 1500 + 20 (dixes); side 0-2: 1520 + 40 + 250 = 1810,
    # over 600 and over 1000: the game is won in one deal
    s = new_state(double_flush=True)
    bid_and_name(s, 600)
    play_first_legal_cards(s)
    assert s.is_terminal()
    assert s.scores == [1810, 0, 1810, 0]
    assert s.returns() == [1.0, -1.0, 1.0, -1.0]


def test_melds_of_the_suited_deal():
    # the per-seat melds of conftest.SUITED, read once everyone has played to trick 1
    s = new_state()
    bid_and_name(s, 600)
    for card in ("AS", "AH", "AD", "AC"):
        s.apply("play " + card)
    melds = this_round(s)["melds"]
    by_seat = [sum(m["points"] for m in melds if m["player"] == seat) for seat in range(4)]
    assert by_seat == SUITED_MELDS


@pytest.mark.parametrize("system", ["modern", "traditional"])
def test_the_deal_holds_250_in_cards_and_last(system):
    # SUITED: the bidding side takes every trick: its counters and last are all 250, so
    # the side's points are 320 + 40 + 250 = 610 in both counts. RM §10: 12 tricks of 4.
    s = new_state(card_points=system)
    bid_and_name(s, 600)
    assert play_first_legal_cards(s) == 48
    assert s.scores == [610, 0, 610, 0]


def test_simplified_count_divides_the_target_too():
    # PB95, Melds: with the simplified count every quoted score is divided by 10, the target of
    # 1000 (Object) among them: 100. double_flush: seat 0 melds 150 + 1 + 1 (dixes), seat 2 two
    # marriages 2 + 2, the side takes every card: 24 + 1 (last). 152 + 4 + 25 = 181 >= 100 wins.
    s = new_state(double_flush=True, card_points="simplified")
    bid_and_name(s, 60)
    play_first_legal_cards(s)
    assert s.is_terminal()
    assert s.scores == [181, 0, 181, 0]
