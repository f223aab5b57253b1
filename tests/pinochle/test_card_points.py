"""Card points and the last trick; the cards and points of a whole deal (RM §10).

PB95, Cards: A T K Q J 9 count traditional 11 10 4 3 2 0, modern 10 10 10 0 0 0, simplified 1 1 1
0 0 0. Last trick 10 (PB95, Auction Pinochle for three, Object: "The total available for
card-points and last is 250"). YML notes: as at Bezique, counters score as tricks are won.
RM §10: 48 cards, 12 + 12 dealt, 24 in the stock with the turn-up, 12 stock tricks then 12.
"""

import pytest

from .conftest import deals_played, new_state, play_out_deal, registered, trick

pytestmark = registered


@pytest.mark.parametrize("system, ace_ten, king_queen", [
    ("traditional", 11 + 10, 4 + 3),
    ("modern", 10 + 10, 10 + 0),
    ("simplified", 1 + 1, 1 + 0),
])
def test_counters_won_score_as_the_trick_is_won(system, ace_ten, king_queen):
    # AC takes TC (same suit, the Ace higher); KC takes QC
    s = new_state("AC KC", "TC QC", card_points=system)
    trick(s, "AC", "TC", winner=0)
    assert s.scores == [ace_ten, 0]
    if "pass" in s.legal_actions():
        s.apply("pass")
    trick(s, "KC", "QC", winner=0)
    assert s.scores == [ace_ten + king_queen, 0]


def test_identical_cards_first_played_wins():
    # RM §5 (two-hand Bezique): of two identical cards the first played wins: AC v AC, the
    # leader takes 11 + 11 traditional
    s = new_state("AC", "AC")
    trick(s, "AC", "AC", winner=0)
    assert s.scores == [22, 0]


@pytest.mark.parametrize("system, total", [("traditional", 240 + 10), ("modern", 240 + 10),
                                           ("simplified", 24 + 1)])
def test_a_deal_holds_its_points_and_cards(system, total):
    # No melds, no dix turned: the deal's points are the counters of the pack plus the last trick.
    # traditional: 8 × (11 + 10 + 4 + 3 + 2) = 240; modern 8 × 30 = 240; simplified 8 × 3 = 24,
    # last trick 10 (1 when simplified). 48 cards are played: 12 stock tricks and 12 more.
    s = new_state(turnup="JH", card_points=system)
    assert play_out_deal(s) == 48
    assert deals_played(s) == 2 or s.is_terminal()
    assert sum(s.summary()["rounds"][0]["points"]) == total
