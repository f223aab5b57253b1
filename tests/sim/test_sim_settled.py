"""Points by source in `simulate` for games whose deals are settled (the auction games): the
deal's own points by meld, card points and last trick, and apart from them the settlement that
reaches the score.

Deal A of tests/auction_pinochle/conftest.py: seat 0 bids 300 and names hearts; his eighteen
cards show flush 150, dix 10, aces around 100, pinochle 40 and a plain marriage 20 (320), which
fulfil the bid: no play (PB95, Auction Pinochle for three, Widow), and one stake (1 at 300) from
each opponent (Score): the settlement is +2, -1, -1.
"""

from __future__ import annotations

import pytest
from auction_pinochle.conftest import won_by_seat0
from helpers import random_game
from pinochle_deals import skip_unless_registered

from cardcore import load_game
from cardcore.sim import report
from cardcore.sim.play import summarize

pytestmark = skip_unless_registered("auction-pinochle")


def summary_of(state, seats=(0, 1, 2)):
    return summarize(state, index=0, seed=0, bot_specs=["a", "b", "c", "d"][:len(seats)], seats=list(seats),
                     decisions=1, legal_moves=1, elapsed=0.0, keep_record=False)


def test_a_deal_won_without_play_by_source():
    r = summary_of(won_by_seat0(300, deals=1))
    assert r["round_points"] == [{"flush": [150, 0, 0], "dix": [10, 0, 0], "aces-around": [100, 0, 0],
                                  "pinochle": [40, 0, 0], "plain-marriage": [20, 0, 0],
                                  "settlement": [2, -1, -1]}]
    assert r["point_classes"]["settlement"] == "settlement"
    series = {s.name: s.values.get(0) for s in report.build_series([r])}
    # all sources: the deal's 320 in melds, not the settlement besides
    assert series["points per round A: all sources"] == (320.0, 1.0)
    assert series["points per round A: settlement"] == (2.0, 1.0)
    assert series["points per round B: settlement"] == (-1.0, 1.0)
    assert series["meld share of points"] == (320.0, 320.0)
    assert series["trick share of points"] == (0.0, 320.0)


@pytest.mark.parametrize("seed", range(3))
def test_a_side_settlement_counts_for_both_partners(seed):
    """Four players: each round's settlement per bot is the round's ``settlement`` of its seat (a
    side's change of score is each partner's), and the other sources of the two partners add up
    to the side's points of the deal."""
    state = random_game(load_game("partnership-auction-pinochle"), seed)
    seats = [1, 2, 3, 0]  # bot A in seat 1, B in 2...
    r = summary_of(state, seats)
    rounds = [x for x in state.rounds if x.get("outcome") != "annulled"]
    assert len(r["round_points"]) == len(rounds)
    for by_source, summary in zip(r["round_points"], rounds):
        for bot, seat in enumerate(seats):
            assert by_source.get("settlement", [0] * 4)[bot] == summary["settlement"][seat]
        own = [sum(v[bot] for s, v in by_source.items() if s != "settlement") for bot in range(4)]
        for side in state.table.sides:
            assert sum(own[seats.index(s)] for s in side) == summary["points"][side[0]]
