"""Helpers for the two-hand Pinochle scenario tests, driven through the public API only.

Sources cited in the tests:
  PB95 = /work/shared/seeds/penguin-pinochle.txt (Parlett, Penguin Book of Card Games p. 95),
         quoted by its headings (Cards, Melds, Note, Two-hand Pinochle)
  RM   = /work/shared/research/rules.md (§5 two-hand Bezique, §8 two-hand Pinochle, §10, §11)
  YML  = rules/pinochle.yaml (its `notes:` record the choices where the sources are silent)

Conventions: seat 1 deals, so seat 0 is the elder and leads the first trick (RM §5, as at
Bezique). The turn-up is JH unless said: hearts are trump and the turn-up is no dix. The opening
trick 9C (seat 0) against 9D (seat 1) is won by the leader, off-suit and no trump, and carries no
card points in any system, so the score after it is exactly what the winner then declares.
"""

from __future__ import annotations

from cardcore import load_game
from helpers import finish_turn, trick  # noqa: F401  (re-exported to the tests)
from pinochle_deals import play_tricks, skip_unless_registered, sweep_deal, two_hand_deal  # noqa: F401

GAME = "pinochle"
registered = skip_unless_registered(GAME)


def new_state(hand0="", hand1="", turnup="JH", stock_top="", dealer=1, **options):
    deal = two_hand_deal(hand0, hand1, turnup, stock_top, dealer)
    # the seed deals any later deal (DESIGN.md records: "seed is used for any deal not listed");
    # without one a game given one deal cannot go on to the next
    return load_game(GAME, options=options).new_game(seed=1, deals=[deal])


def won_opening(hand0, hand1="", **kw):
    """Seat 0 holds ``hand0`` and 9C, wins 9C against 9D: its declaration turn, 0 points so far."""
    s = new_state(hand0 + " 9C", hand1 + " 9D", **kw)
    trick(s, "9C", "9D", winner=0)
    return s


def deals_played(s) -> int:
    return len(s.summary()["rounds"])


def play_out_deal(s) -> int:
    """Finish the current deal with first legal cards and no declarations (`pass` at each
    declaration turn, never `out`); return the number of cards played."""
    deal = deals_played(s)
    played = 0
    while not s.is_terminal() and deals_played(s) == deal:
        legal = s.legal_actions()
        if "pass" in legal:
            s.apply("pass")
            continue
        s.apply(next(a for a in legal if a.startswith("play ")))
        played += 1
    return played
