"""Cinq Cents (Single Bezique), PB94: 32 cards, to 500; captured cards Ace 11, Ten 10 etc. (K 4,
Q 3, J 2, RM §6); Q J (Q♠ J♦) is binage; trump sequence 250, plain sequence 120; royal and
common marriages count, but not quartets (Penguin); Boussac's quartets are an option (RM §11
item 31: Aces 100, Tens 80, Kings 60, Queens 40, Jacks 20). Trump is hearts (turn-up 8H)."""

import pytest

from cardcore import load_game

from .conftest import new_state, trick, won_opening

CINQ = {"game": "cinq-cents"}

TABLE = [
    ("AH TH KH QH JH", "meld AH TH KH QH JH", 250),   # trump sequence
    ("AS TS KS QS JS", "meld AS TS KS QS JS", 120),   # plain sequence
    ("KH QH", "meld KH QH", 40),                       # royal marriage
    ("KS QS", "meld KS QS", 20),                       # common marriage
    ("QS JD", "meld QS JD", 40),                       # binage
]


@pytest.mark.parametrize("held, action, points", TABLE, ids=[t[1] for t in TABLE])
def test_cinq_cents_meld_values(held, action, points):
    s = won_opening(held, hand1="9C 8D 7C", **CINQ)
    assert action in s.legal_actions()
    s.apply(action)
    assert s.scores == [points, 0]


def test_penguin_counts_no_quartets():
    s = won_opening("AS AH AD AC", hand1="9C 8D 7C", **CINQ)
    assert not any(a.startswith("meld") for a in s.legal_actions())


BOUSSAC = [("AS AH AD AC", 100), ("TS TH TD TC", 80), ("KS KH KD KC", 60), ("QS QH QD QC", 40),
           ("JS JH JD JC", 20)]


@pytest.mark.parametrize("held, points", BOUSSAC, ids=[b[0] for b in BOUSSAC])
def test_boussac_quartets(held, points):
    s = won_opening(held, hand1="9C 8D 7C", quartets="boussac", **CINQ)
    s.apply("meld " + held)
    assert s.scores == [points, 0]


def test_captured_cards_count_11_10_4_3_2():
    s = new_state("AS KS 8C", "TS QS 9D", **CINQ)
    trick(s, "AS", "TS", winner=0)
    assert s.scores == [21, 0]                      # Ace 11 + Ten 10
    s.apply("pass") if "pass" in s.legal_actions() else None
    trick(s, "KS", "QS", winner=0)
    assert s.scores == [21 + 4 + 3, 0]              # King 4 + Queen 3


def test_cinq_cents_plays_to_500():
    game = load_game("cinq-cents")
    assert game.rules.game_end.target == 500
    assert sum(game.rules.card_points[0].values[c[0]] for c in game.deck.names if c[0] in "ATKQJ") == 120
