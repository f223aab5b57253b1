"""Helpers for the Auction Pinochle (three players) scenario tests, public API only.

Sources cited in the tests:
  PB95 = /work/shared/seeds/penguin-pinochle.txt (Parlett, Penguin Book of Card Games p. 95),
         quoted by its headings (Cards, Melds, Note; Auction Pinochle for three: Object, Bidding,
         Widow, Play, Score)
  RM   = /work/shared/research/rules.md (§8, §9.1, §10, §11 items 39-40)
  YML  = rules/auction-pinochle.yaml (its `notes:` record the choices where the sources are silent)

Conventions: seat 2 deals, so seat 0 is eldest and bids first, then seat 1, then seat 2. Modern
count (the default): A, T, K 10 each, 240 in the pack, 250 with the last trick.

HAND_A: the bidder's eighteen cards, with hearts trump, hold exactly these melds (PB95, Melds):
  flush AH TH KH QH JH 150; dix 9H 10; Aces around AS AH AD AC 100 (the AC from the widow);
  pinochle QS JD 40; plain marriage KC QC 20. Nothing else: no KS, QD, JS or JC (so no further
  around), no second K Q of a suit; the royal marriage KH QH lies within the flush and does not
  score separately (PB95, Note). Total 150 + 10 + 100 + 40 + 20 = 320.
  Not in any meld: TS, KD, 9D, TC, 9C; their counters TS, KD, TC are 30.
"""

from __future__ import annotations

from cardcore import load_game
from pinochle_deals import auction_deal, play_first_legal_cards, skip_unless_registered  # noqa: F401

GAME = "auction-pinochle"
registered = skip_unless_registered(GAME)

HAND_A = "AH TH KH QH JH 9H AS AD QS JD KC QC 9C 9D TS"
WIDOW_A = "AC KD TC"
MELDS_A = 320
UNMELDED_A = ["TS", "KD", "9D", "TC", "9C"]   # canonical order: S, then D, then C


def game(**options):
    return load_game(GAME, options=options)


def deal_a(bidder=0, dealer=2) -> dict:
    """HAND_A at seat ``bidder``, the other hands filled from the rest of the pack."""
    hands = ["", "", ""]
    hands[bidder] = HAND_A
    return auction_deal(hands, WIDOW_A, dealer=dealer)


def new_state(deal_list=None, **options):
    return game(**options).new_game(deals=deal_list or [deal_a()])


def auction(s, *calls):
    """Bids and passes, each by the player to move."""
    for call in calls:
        s.apply(call)


def won_by_seat0(bid, trump="H", **options):
    """Seat 0 bids ``bid``, the others pass; he names trumps (melds are then shown)."""
    s = new_state(**options)
    auction(s, f"bid {bid}", "pass", "pass")
    assert s.current_player == 0
    s.apply(f"trump {trump}")
    return s


def this_round(s) -> dict:
    return s.summary()["rounds"][0]
