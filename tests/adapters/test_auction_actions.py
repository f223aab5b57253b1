"""The auction games' finite action space in both adapters: bids up to the most a deal can make,
naming trump, the discard and the concession as action ids (see cardcore.adapters.encoding)."""

import random

import pytest

from cardcore import load_game
from cardcore.adapters.encoding import ActionTable


# The best set of melds of the whole double pack (one meld of each class per card), trumps S:
# sequences: two trump flushes 2 x 150 and three plain suits' two marriages each 6 x 20 = 420;
# arounds: aces 2 x 100, kings 2 x 80, queens 2 x 60, jacks 2 x 40 = 560; pinochles 2 x 40 = 80;
# the two dix 2 x 10 = 20: 1080. Card points, modern: A T K 10 each, 8 of each rank = 240; the
# last trick 10. Simplified divides every score by ten, the counters being A T K 1 each (24).
@pytest.mark.parametrize("name,options,cap", [
    ("auction-pinochle", {}, 1080 + 240 + 10),
    ("auction-pinochle", {"card_points": "simplified"}, 108 + 24 + 1),
    ("partnership-auction-pinochle", {}, 1080 + 240 + 10),
])
def test_the_bid_ceiling_is_the_most_a_deal_can_make(name, options, cap):
    game = load_game(name, options)
    assert game.bid_ceiling == cap  # the engine's, which the action space stops at
    auction = game.rules.phases[0]
    bids = [int(a.split()[1]) for a in ActionTable(game).strings if a.startswith("bid ")]
    assert bids == list(range(auction.opening.minimum, cap + 1, auction.step))


def test_a_bid_offers_every_higher_bid_up_to_the_cap_and_pass():
    game = load_game("auction-pinochle")
    table, state = ActionTable(game), game.new_game(seed=3)
    state.apply("bid 350")
    legal = [table.strings[i] for i in table.legal_ids(state)]
    assert sorted(legal) == sorted([f"bid {n}" for n in range(360, 1331, 10)] + ["pass"])
    state.apply(f"bid {1330}")  # the cap itself: nothing higher is left but to pass
    assert [table.strings[i] for i in table.legal_ids(state)] == ["pass"]


def test_eldest_must_open_at_four():
    game = load_game("partnership-auction-pinochle")
    table, state = ActionTable(game), game.new_game(seed=3)
    legal = [table.strings[i] for i in table.legal_ids(state)]
    assert "pass" not in legal and legal[0] == "bid 100" and legal[-1] == "bid 1330"


def test_the_adapters_offer_exactly_the_bids_the_engine_lists():
    # one list of legal bids for every caller: the engine, a bot given the state, the adapters
    game = load_game("auction-pinochle")
    table, state = ActionTable(game), game.new_game(seed=3)
    for bid in (None, "bid 300", "bid 720", "bid 1320"):
        if bid:
            state.apply(bid)
        ids = table.legal_ids(state)
        assert sorted(table.strings[i] for i in ids) == sorted(state.legal_actions())
        assert ids == sorted(table.id(a) for a in state.legal_actions())


def test_every_decision_of_an_auction_game_is_an_action_id():
    """Random games: at each decision the ids the adapter offers are exactly the actions the
    engine lists, and each is accepted."""
    game = load_game("auction-pinochle")
    table = ActionTable(game)
    seen = set()
    for seed in range(4):
        state, rng = game.new_game(seed=seed), random.Random(seed)
        while not state.is_terminal():
            ids = table.legal_ids(state)
            assert {table.strings[i] for i in ids} == set(state.legal_actions())
            seen.add(state.decision)
            state.apply(table.strings[rng.choice(ids)])
    assert {"bid", "trump", "discard", "play"} <= seen
