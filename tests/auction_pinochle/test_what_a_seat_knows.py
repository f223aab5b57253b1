"""What a seat may know of the deals of a game, in the worlds sampled for it (``determinize``).

Deal A (conftest.py): seat 0 takes the contract; the widow AC KD TC is turned face up (PB95,
Widow: "The bidder turns the widow face up"); his melds are shown (flush AH TH KH QH JH, dix 9H,
aces AS AH AD AC, pinochle QS JD, marriage KC QC). If he concedes, nothing is played: the other
cards of his hand and the whole of seat 2's hand are never seen by seat 1. His discards are
"face down" (Play): seen by him alone.
"""

from __future__ import annotations

import random
from collections import Counter

from .conftest import HAND_A, WIDOW_A, registered, won_by_seat0

pytestmark = registered

SHOWN = "AH TH KH QH JH 9H AS AD AC QS JD KC QC".split()


def test_a_conceded_deal_stays_hidden_in_the_next():
    s = won_by_seat0(400, deals=2)
    s.apply("concede")
    assert len(s.rounds) == 2 and s.current_player == 1  # deal 2: seat 0 deals, seat 1 bids first
    true = s.deals[0]
    world = s.determinize(1, random.Random(7))
    past = world.deals[0]
    # what seat 1 saw is as it was: its hand, the widow, the melds shown in seat 0's hand
    assert past["hands"][1] == true["hands"][1] and past["widow"] == true["widow"] == WIDOW_A.split()
    assert not Counter(SHOWN) - Counter(past["hands"][0] + past["widow"])
    # the cards it never saw are dealt again among the places it never saw
    assert Counter(past["hands"][0] + past["hands"][2]) == Counter(true["hands"][0] + true["hands"][2])
    assert sorted(past["hands"][2]) != sorted(true["hands"][2])
    assert sorted(past["hands"][0]) != sorted(HAND_A.split())


def test_the_current_deal_record_is_the_sampled_world():
    s = won_by_seat0(400, deals=2)
    s.apply("concede")
    world = s.determinize(1, random.Random(3))
    names = [sorted(world.deck.names_of(h)) for h in world.hands]
    assert [sorted(h) for h in world.deals[-1]["hands"]] == names
    assert world.deals[-1]["hands"][1] == s.deals[-1]["hands"][1]  # its own, as dealt
    assert world.deals[-1]["hands"] != s.deals[-1]["hands"]
    # dealt again from its record, the current deal is the world's (the earlier ones need not
    # replay: their unseen cards were dealt again without regard to the moves made)
    again = s.game.new_game(deals=[world.deals[-1]])
    assert [sorted(again.deck.names_of(h)) for h in again.hands] == names


def test_discards_are_named_to_the_declarer_alone():
    s = won_by_seat0(350)  # 320 in melds: not enough, so he discards
    s.apply("discard TS 9D 9C")
    truth = ["TS", "9D", "9C"]
    assert s.rounds[-1]["discards"] == truth
    seen = set()
    for k in range(5):
        world = s.determinize(1, random.Random(k))
        discards = world.rounds[-1]["discards"]
        assert sorted(discards) == sorted(world.deck.names_of(world.widow))  # the world's own
        seen.add(tuple(sorted(discards)))
    assert len(seen) > 1  # sampled, not the true ones each time
    assert s.determinize(0, random.Random(0)).rounds[-1]["discards"] == truth  # he knows them


def test_a_world_sampled_elsewhere_forgets_the_deals_over():
    # the OpenSpiel adapter's cardcore_state() samples the current deal itself, then forgets
    # the earlier deals as determinize does
    from cardcore.engine.hidden_history import forget_past

    s = won_by_seat0(400, deals=2)
    s.apply("concede")
    world = s.clone()
    forget_past(world, 1)
    assert world.deals[-1] == s.deals[-1] and world.deals[0]["hands"][1] == s.deals[0]["hands"][1]
    assert sorted(world.deals[0]["hands"][2]) != sorted(s.deals[0]["hands"][2])
    assert world.deals[0] == s.determinize(1, random.Random(0)).deals[0]  # the same past for seat 1
