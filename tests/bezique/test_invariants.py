"""The structural invariants of RM §10 for two-hand Bezique and Cinq Cents, over whole random
games (every deal of each):

| game       | cards | dealt | stock (incl. turn-up) | stock tricks | end tricks | card points |
| Bezique    | 64    | 8+8   | 48                    | 24           | 8          | 160 + last 10 |
| Cinq Cents | 32    | 8+8   | 16                    | 8            | 8          | 120 (11/10/4/3/2) + last 10 |
"""

import pytest

from cardcore import load_game
from helpers import random_game

CASES = [
    # game string, cards, stock incl. turn-up, stock tricks, end tricks, card points in the pack
    ("bezique", 64, 48, 24, 8, 160),
    ("bezique(brisques=end-of-hand,last_trick=24th,endgame_trumping=optional,endgame_ten=whist)", 64, 48, 24, 8, 160),
    ("bezique(trump_seven=also-when-played,bezique_cards=by-trump)", 64, 48, 24, 8, 160),
    ("cinq-cents", 32, 16, 8, 8, 120),
    ("cinq-cents(quartets=boussac)", 32, 16, 8, 8, 120),
]


def per_deal(events):
    deals, current = [], None
    for e in events:
        if e["type"] == "deal":
            current = []
            deals.append(current)
        elif current is not None:
            current.append(e)
    return deals


@pytest.mark.parametrize("spec, cards, stock, stock_tricks, end_tricks, card_points", CASES,
                         ids=[c[0] for c in CASES])
@pytest.mark.parametrize("seed", [1, 2])
def test_rm_10_invariants(spec, cards, stock, stock_tricks, end_tricks, card_points, seed):
    game = load_game(spec)
    s = random_game(game, seed)
    assert s.is_terminal()
    for record in s.deals:
        assert [len(h) for h in record["hands"]] == [8, 8]
        assert len(record["stock"]) + 1 == stock       # the face-down stock and the turn-up
        assert sorted(record["stock"] + [record["turnup"]] + record["hands"][0] + record["hands"][1]) == \
            sorted(game.deck.names)
        assert len(game.deck.names) == cards
    for events in per_deal(s.events):
        phase_of_trick, phase = [], None
        for e in events:
            if e["type"] == "phase":
                phase = e["phase"]
            elif e["type"] == "trick":
                phase_of_trick.append(phase)
        assert phase_of_trick.count("stock") == stock_tricks
        assert phase_of_trick.count("end-game") == end_tricks
        scores = [e for e in events if e["type"] == "score"]
        counted = sum(e["points"] for e in scores if e["source"] in ("card won", "brisques"))
        assert counted == card_points
        assert sum(e["points"] for e in scores if e["source"] == "last trick") == 10
