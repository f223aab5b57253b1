"""Card notation (DESIGN.md, Card notation) and decks described by data."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardcore.cards import CardError, Deck, bits, normalise_card_text

PIQUET = ("7", "8", "9", "T", "J", "Q", "K", "A")  # Penchant: 7 low ... A high (Kandell fn 2)
MARJOLET = ("7", "8", "9", "J", "Q", "K", "T", "A")  # A T K Q J 9 8 7 (Penguin p. 94)


@pytest.mark.parametrize("text, card", [
    ("QS", "QS"), ("qs", "QS"), ("Qs", "QS"), ("10h", "TH"), ("10H", "TH"), ("th", "TH"),
    ("q♠", "QS"), ("7♦", "7D"), ("A♣", "AC"), ("K♥", "KH"), (" 9c ", "9C"),
])
def test_input_notation_is_canonicalised(text, card):
    assert normalise_card_text(text) == card


@pytest.mark.parametrize("text", ["", "ZZ", "1S", "QX", "Q", "11H", "QSS"])
def test_malformed_cards_are_refused_with_the_notation(text):
    with pytest.raises(CardError, match="rank then suit|empty"):
        normalise_card_text(text)


def test_a_card_outside_the_deck_is_refused():
    deck = Deck(PIQUET, ("S", "H", "D", "C"))
    with pytest.raises(CardError, match="not in this game's deck"):
        deck.parse("2S")
    assert deck.parse("10d") == "TD"


def test_piquet_and_full_pack_sizes():
    assert Deck(PIQUET, ("S", "H", "D", "C")).size == 32
    full = Deck(tuple("23456789TJQKA"), ("S", "H", "D", "C"))
    assert full.size == 52
    two_packs = Deck(PIQUET, ("S", "H", "D", "C"), packs=2)
    assert two_packs.size == 64
    assert len(two_packs.by_name["QS"]) == 2  # identical cards share one name


def test_canonical_order_is_suits_s_h_d_c_then_rank_high_to_low():
    deck = Deck(PIQUET, ("S", "H", "D", "C"))
    mask = sum(1 << deck.card_index(n) for n in ["JC", "7D", "TH", "KS", "AS"])
    assert deck.names_of(mask) == ["AS", "KS", "TH", "7D", "JC"]


def test_canonical_rank_order_follows_the_games_plain_order():
    deck = Deck(MARJOLET, ("S", "H", "D", "C"))
    mask = sum(1 << deck.card_index(n) for n in ["KS", "TS", "AS", "9S"])
    assert deck.names_of(mask) == ["AS", "TS", "KS", "9S"]


def test_rank_order_with_a_per_suit_exception():
    # Penneech: the seven of diamonds is the highest diamond (Wikipedia, Cards; rules.md §4).
    ranks = tuple("23456789TJQKA")
    d_order = tuple("23456") + tuple("89TJQKA") + ("7",)
    deck = Deck(ranks, ("S", "H", "D", "C"), order={"D": d_order})
    strength = lambda n: deck.strength[deck.card_index(n)]  # noqa: E731
    assert strength("7D") > strength("AD") > strength("KD")
    assert strength("7S") < strength("8S")  # the exception is for diamonds only
    assert strength("AS") > strength("KS")


@given(st.integers(min_value=0, max_value=(1 << 300) - 1),
       st.sampled_from([8, 32, 33, 34, 48, 64, 65, 128, 192, 200, 256, 257, 300]))
def test_bits_lists_every_set_bit_lowest_first(value, width):
    """A mask of any deck's size (11-bit look-ups below 33 bits, then bytes; the bytes' tables
    cover eight packs of 32 and grow for a bigger deck)."""
    mask = value & ((1 << width) - 1)
    assert bits(mask) == [i for i in range(width) if mask >> i & 1]
    assert bits(1 << (width - 1)) == [width - 1]
