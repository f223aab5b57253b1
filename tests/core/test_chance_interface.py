"""The state's chance interface (cardcore/engine/chance.py): the face-down stock, fixing which
card is drawn at a position, and queueing the next deal. Marjolet deals (PB94, Preliminaries:
six each, the turn-up under the stock, drawn last)."""

import pytest
from helpers import build_deal, play

from cardcore import load_game

DECK = [r + s for s in "SHDC" for r in "ATKQJ987"]
HANDS = ["AS TS KS QS JS 9S", "AH TH KH QH JH 9H"]


def marjolet(stock_top=("7C", "8C")):
    deal = build_deal(DECK, HANDS, stock_top, dealer=1, hand_size=6, turnup="7D")
    return load_game("marjolet").new_game(deals=[deal]), deal


def test_the_face_down_stock_leaves_out_the_turnup():
    s, deal = marjolet()
    down = s.face_down_stock()
    assert [s.deck.names[c] for c in down] == deal["stock"]  # 19 cards, the turn-up not among them
    assert len(down) == 19 and s.stock_drawn() == 0
    assert "7D" not in [s.deck.names[c] for c in down]


def test_a_fixed_card_is_the_one_drawn():
    s, deal = marjolet()
    ace = s.deck.index_of["AC"]
    s.fix_stock_card(0, ace)  # the first trick's winner now draws the ace of clubs
    # seat 0 leads the ace of spades and wins it (trump is diamonds, and no diamond is played)
    play(s, "AS", "9H", winner=0)
    while s.decision == "declare":
        s.apply("pass")
    drawn = [(e["seat"], e["card"]) for e in s.events if e["type"] == "draw"]
    assert drawn == [(0, "AC"), (1, "8C")]
    assert s.stock_drawn() == 2
    with pytest.raises(ValueError, match="face-down"):
        s.fix_stock_card(19, ace)  # the turn-up's place


def test_a_queued_deal_is_dealt_next():
    s, deal = marjolet()
    second = build_deal(DECK, HANDS[::-1], dealer=0, hand_size=6, turnup="8D")
    s.queue_deal(second)
    assert [d["dealer"] for d in s.given_deals] == [1, 0]
    assert s.given_deals[1]["turnup"] == "8D"
