"""Helpers for the Penneech scenario tests: exact deals, tricks played card by card.

Sources cited in the tests:
  WP  = /work/shared/seeds/penneech-wikipedia.txt (Wikipedia "Penneech", after Cotton 1674 and
        Parlett), quoted by section (Cards, Deal, Play, Scoring)
  RM  = /work/shared/research/rules.md (§1 trick notation, §4 Penneech, §11 items 17-23)
  YML = rules/penneech.yaml (its `notes:` record the documented choices for open questions)

Conventions of every deal here: seat 1 deals (unless said otherwise), so seat 0 is elder and
leads the first trick (WP, Play). The stock is used only for trumps: stock[0] is turned by the
dealer at once (trump for trick 1), stock[k] by the winner of trick k (trump for trick k+1),
and stock[7] by the winner of the seventh and last trick (WP, Deal and Play).
"""

from __future__ import annotations

from cardcore import load_game
from helpers import build_deal, cards, last, play  # noqa: F401  (re-exported to the tests)

SUITS = "SHDC"
RANKS = "AKQJT98765432"  # plain order, high to low (the 7 of diamonds is above the ace in play)
DECK = [r + s for s in SUITS for r in RANKS]


def game(**options):
    return load_game("penneech", options=options)


def deal(hand0, hand1, turns=(), dealer=1, rest=None) -> dict:
    """A full 52-card deal: the given hands, the stock starting with ``turns`` (the cards turned
    for trump, in order), then the other cards: ``rest`` if given, else the rest of the deck in
    the order 2S 2H 2D 2C 3S 3H ... (low cards first, so that a turn the test did not script is a
    two or a three, never a counter)."""
    low_first = [r + s for r in reversed(RANKS) for s in SUITS]
    return build_deal(DECK, [hand0, hand1], turns, dealer, hand_size=7, rest=rest or low_first)


def new_state(hand0, hand1, turns=(), dealer=1, seed=None, **options):
    return game(**options).new_game(seed=seed, deals=[deal(hand0, hand1, turns, dealer)])


def score_events(s, source: str | None = None) -> list[tuple[int, int]]:
    """(seat, points) of the score events, in order, of one source if given."""
    return [(e["seat"], e["points"]) for e in s.events
            if e["type"] == "score" and (source is None or e["source"] == source)]


def trump(s) -> str | None:
    return None if s.trump is None else s.deck.suits[s.trump]


def hand(s, seat: int) -> set[str]:
    return set(s.deck.names_of(s.hands[seat]))


def plays(s) -> list[str]:
    """The cards the player to move may play."""
    return sorted(a.removeprefix("play ") for a in s.legal_actions() if a.startswith("play "))


# Deal Q: spades and hearts in hand, clubs turned every time, so no trick is trumped and the only
# counter is the last card turned (KC). Seat 0 wins tricks 1, 2, 5, 6, 7; seat 1 tricks 3, 4.
# Each (lead, follow, winner) is legal under either follow rule.
DEAL_Q = deal("AS 9S 7S 5S 9H 7H 5H", "KS 8S 6S 4S 4H 8H 6H",
              turns="2C 3C 4C 5C 6C 7C 8C KC".split())
TRICKS_Q = [("AS", "4S", 0), ("9S", "8S", 0), ("7S", "KS", 1), ("6S", "5S", 1),
            ("6H", "7H", 0), ("9H", "8H", 0), ("5H", "4H", 0)]

# Deal P (dealer seat 0, so seat 1 leads first): seat 0 turns 7D (14), then takes the ace and
# king of trumps in each of tricks 1-4 and turns a queen or jack after each; seat 1 takes
# tricks 5-7. The running totals are worked out in test_game_end.
DEAL_P = deal("AD AS AH AC 2H 2D 4H", "KD KS KH KC 3S QD 5H",
              turns="7D QS QH QC JS JD JH JC".split(), dealer=0)
TRICKS_P = [("KD", "AD", 0), ("AS", "KS", 0), ("AH", "KH", 0), ("AC", "KC", 0),
            ("2H", "3S", 1), ("QD", "2D", 1), ("5H", "4H", 1)]
