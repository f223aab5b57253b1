"""RM §10's structural invariants for the multi-pack games, on whole games played at random:

| game     | cards | dealt | stock (no turn-up) | stock tricks | end tricks | brisques |
| Rubicon  | 128   | 9+9   | 110                | 55           | 9          | 32 (320) |
| Six-pack | 192   | 12+12 | 168                | 84           | 12         | none     |
| Eight    | 256   | 15+15 | 226                | 113          | 15         | none     |
"""

import random

import pytest

from cardcore import load_game

# the last column: PB94's table, winning the last trick 50 / 250 / 250
TABLE = [
    ("rubicon-bezique", 128, 9, 110, 55, 9, 50),
    ("six-pack-bezique", 192, 12, 168, 84, 12, 250),
    ("eight-pack-bezique", 256, 15, 226, 113, 15, 250),
]


@pytest.mark.parametrize("game, cards, dealt, stock, stock_tricks, end_tricks, last", TABLE, ids=[t[0] for t in TABLE])
def test_cards_deal_and_tricks(game, cards, dealt, stock, stock_tricks, end_tricks, last):
    s = load_game(game).new_game(seed=7)
    assert s.deck.size == cards
    assert [h.bit_count() for h in s.hands] == [dealt, dealt]
    assert len(s.stock) == stock and s.faced is None        # no turn-up
    rng = random.Random(7)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    phases = [p for p, _ in s.trick_winners]
    assert phases.count(0) == stock_tricks and phases.count(1) == end_tricks
    assert sum(w.bit_count() for won in s.won for w in won) == cards   # every card won once
    assert s.summary()["rounds"][0]["last_trick"] == {"player": s.trick_winners[-1][1], "points": last}


def test_rubicon_pack_holds_32_brisques():
    game = load_game("rubicon-bezique")
    assert game.compiled.counter_masks["brisques"].bit_count() == 32


def test_six_and_eight_packs_count_no_brisques():
    for name in ("six-pack-bezique", "eight-pack-bezique"):
        game = load_game(name)
        assert not game.rules.counters and game.rules.game_end.settlement.tie_counter is None
