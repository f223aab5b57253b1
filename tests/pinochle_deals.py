"""Deals for the Pinochle scenario tests: a few named cards per hand, the rest of the 48-card
double pack (two of each A T K Q J 9 per suit) as filler, and the skip marker for games the
engine does not register yet.

Filler is taken from the rest of the pack in canonical order (suits S H D C, ranks A T K Q J 9,
each card twice), hand by hand in the order the parts are given, so a test that depends on a
filler card says so.
"""

from __future__ import annotations

from collections import Counter

import pytest

from cardcore import OptionError, load_game

SUITS = "SHDC"
RANKS = "ATKQJ9"  # high to low: the canonical order of cards in actions
DOUBLE_DECK = [r + s for s in SUITS for r in RANKS for _ in range(2)]


def cards(text) -> list[str]:
    return text.split() if isinstance(text, str) else list(text)


def not_registered(game: str) -> bool:
    try:
        load_game(game)
    except OptionError:  # load_game's answer for a game no plugin registers
        return True
    return False


def skip_unless_registered(game: str):
    return pytest.mark.skipif(not_registered(game), reason="Pinochle games not registered yet")


def fill(parts, sizes) -> list[list[str]]:
    """Each part padded to its size with the next unused cards of the double pack; the last
    size may be None for "all the rest". Fails if a card is named more than twice."""
    named = Counter(c for part in parts for c in cards(part))
    over = [c for c, n in named.items() if n > 2 or c not in DOUBLE_DECK]
    assert not over, f"not in a double pack (or named more than twice): {over}"
    spare = Counter(DOUBLE_DECK) - named
    rest = []
    for c in DOUBLE_DECK:
        if spare[c] > 0:
            rest.append(c)
            spare[c] -= 1
    out = []
    for part, size in zip(parts, sizes):
        part = cards(part)
        need = len(rest) if size is None else size - len(part)
        assert need >= 0, f"{part} has more than {size} cards"
        out.append(part + rest[:need])
        rest = rest[need:]
    assert not rest, f"{len(rest)} cards left over"
    assert sorted(c for part in out for c in part) == sorted(DOUBLE_DECK)
    return out


def two_hand_deal(hand0="", hand1="", turnup="JH", stock_top="", dealer=1) -> dict:
    """Twelve each and the turn-up; the stock starts with ``stock_top`` (stock_top[0] is drawn
    by the first trick's winner, stock_top[1] by its loser, ...)."""
    h0, h1, turned, stock = fill([hand0, hand1, [turnup], stock_top], [12, 12, 1, None])
    assert len(stock) == 23
    return {"dealer": dealer, "hands": [h0, h1], "turnup": turned[0], "stock": stock}


def sweep_deal(leads0, follows1, draws0, draws1, turnup, dealer=1) -> dict:
    """A two-hand deal whose twelve stock tricks are ``leads0[i]`` (seat 0, the elder) against
    ``follows1[i]``, each won by seat 0. Seat 0 then holds ``draws0`` for the end-game, seat 1
    ``draws1`` and the turn-up (the loser of the twelfth trick takes it)."""
    l0, f1, d0, d1 = map(cards, (leads0, follows1, draws0, draws1))
    assert (len(l0), len(f1), len(d0), len(d1)) == (12, 12, 12, 11)
    stock = [c for pair in zip(d0, d1) for c in pair] + [d0[-1]]
    assert sorted(l0 + f1 + stock + [turnup]) == sorted(DOUBLE_DECK)
    return {"dealer": dealer, "hands": [l0, f1], "turnup": turnup, "stock": stock}


def auction_deal(hands, widow, dealer=2) -> dict:
    """Fifteen each (filled) and a widow of three."""
    h0, h1, h2, w = fill([*hands, widow], [15, 15, 15, 3])
    return {"dealer": dealer, "hands": [h0, h1, h2], "widow": w, "stock": []}


def partnership_deal(hands, dealer=3) -> dict:
    """Twelve each (filled)."""
    return {"dealer": dealer, "hands": fill(hands, [12, 12, 12, 12]), "stock": []}


def play_first_legal_cards(state) -> int:
    """Play out the tricks in progress with each player's first legal card until the next
    decision is not a card to play (the deal is over); return the number of cards played."""
    played = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        card = next((a for a in legal if a.startswith("play ")), None)
        if card is None:
            return played
        state.apply(card)
        played += 1
    return played


def play_tricks(state, tricks) -> None:
    """Play the given tricks card by card (each trick a string of cards in playing order)."""
    for trick in tricks:
        for card in cards(trick):
            state.apply("play " + card)
