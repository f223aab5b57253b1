"""Helpers for the two-hand Bezique and Cinq Cents scenario tests, through the public API only.

Sources cited in the tests:
  PB94 = /work/shared/seeds/penguin-bezique-marjolet.txt (Parlett, Penguin Book of Card Games
         p. 94: the Bezique family, Single Bezique)
  RM   = /work/shared/research/rules.md (§5 two-hand Bezique, §6 Cinq Cents, §10, §11 24-31)
  YML  = rules/bezique.yaml, rules/cinq-cents.yaml (their `notes:` record the choices made)

Conventions: seat 1 deals, so seat 0 is the elder and leads (RM §5). The turn-up is 8H unless
said: hearts are trump and it is no seven. The hands are filled with eights and nines (no meld
can use them) before any other card, so a test names every card that matters. The opening
trick 8C (seat 0) against 9D (seat 1) is won by the leader, off-suit and no trump, and carries
no brisque, so the score after it is exactly what the winner then declares.
"""

from __future__ import annotations

from collections import Counter

from cardcore import load_game
from helpers import finish_turn, trick  # noqa: F401  (re-exported to the tests)

SUITS = "SHDC"
RANKS = "ATKQJ987"


def pack(packs: int) -> list[str]:
    return [r + s for s in SUITS for r in RANKS for _ in range(packs)]


def _filler_order(deck: list[str]) -> list[str]:
    """Eights and nines first (they form no meld), then the rest in canonical order."""
    low = [c for c in deck if c[0] in "89"]
    return low + [c for c in deck if c[0] not in "89"]


def deal(hand0="", hand1="", turnup="8H", stock_top="", dealer=1, packs=2, hand_size=8) -> dict:
    """``hand_size`` cards each (named cards, then filler), the turn-up, and the stock starting
    with ``stock_top`` (its first card drawn by the first trick's winner, the next by the loser)."""
    deck = pack(packs)
    parts = [hand0.split(), hand1.split(), [turnup], stock_top.split()]
    named = Counter(c for p in parts for c in p)
    spare = Counter(deck) - named
    assert not Counter(named) - Counter(deck), f"not in the pack: {named - Counter(deck)}"
    rest = []
    for c in _filler_order(deck):
        if spare[c]:
            rest.append(c)
            spare[c] -= 1
    hands = []
    for part in parts[:2]:
        need = hand_size - len(part)
        hands.append(part + rest[:need])
        rest = rest[need:]
    stock = parts[3] + rest
    assert sorted(hands[0] + hands[1] + [turnup] + stock) == sorted(deck)
    return {"dealer": dealer, "hands": hands, "turnup": turnup, "stock": stock}


def new_state(hand0="", hand1="", game="bezique", turnup="8H", stock_top="", dealer=1, **options):
    packs = 1 if game == "cinq-cents" else 2
    d = deal(hand0, hand1, turnup, stock_top, dealer, packs)
    return load_game(game, options=options).new_game(seed=1, deals=[d])


def won_opening(hand0, hand1="9C 9C 8D 8D 7C 7C", **kw):
    """Seat 0 holds ``hand0`` and 8C, wins 8C against 9D: its declaration turn, 0 points so far.
    Seat 1 keeps clubs and diamonds to lose later tricks with (``next_win``)."""
    s = new_state(hand0 + " 8C", hand1 + " 9D", **kw)
    trick(s, "8C", "9D", winner=0)
    return s


def next_win(s, lead, follow="9C"):
    """Finish seat 0's turn, then seat 0 (leading again) wins ``lead`` against ``follow``."""
    finish_turn(s)
    assert s.current_player == 0
    trick(s, lead, follow, winner=0)


def play_out_deal(s) -> int:
    """Finish the deal with first legal cards, passing at every declaration; cards played."""
    deal_no = len(s.summary()["rounds"])
    played = 0
    while not s.is_terminal() and len(s.summary()["rounds"]) == deal_no:
        legal = s.legal_actions()
        if "pass" in legal:
            s.apply("pass")
            continue
        s.apply(next(a for a in legal if a.startswith("play ")))
        played += 1
    return played
