"""Helpers for the Partnership Auction Pinochle (four players) scenario tests, public API only.

Sources cited in the tests:
  PB95 = /work/shared/seeds/penguin-pinochle.txt (Parlett, Penguin Book of Card Games p. 95),
         quoted by its headings (Melds, Note; Auction Pinochle for four: Preliminaries, Object,
         Bidding, Play, Score)
  RM   = /work/shared/research/rules.md (§8, §9.2, §10)
  YML  = rules/partnership-auction-pinochle.yaml (its `notes:`)

Conventions: seat 3 deals, so seat 0 is eldest: he bids first and leads (default first_leader).
Sides: seats 0 and 2 against 1 and 3; `scores` shows each seat its side's total. Modern count.

SUITED: every seat holds one whole suit, seat 0 the twelve spades, seat 1 hearts, seat 2
diamonds, seat 3 clubs. With spades trump (named by seat 0), seat 0 wins every trick whatever he
leads (only he holds trumps), so the opponents take no trick. Melds (PB95, Melds and Note):
  seat 0: two flushes AS TS KS QS JS 150 + 150 (the royal marriages inside them do not score
          separately) and two dixes 9S 10 + 10: 320. No around and no pinochle exists anywhere,
          every around needing a spade and the pinochle the QS with a JD.
  seats 1, 2, 3: two plain marriages K Q each: 20 + 20 = 40.
"""

from __future__ import annotations

from cardcore import load_game
from pinochle_deals import partnership_deal, play_first_legal_cards, play_tricks, skip_unless_registered  # noqa: F401

GAME = "partnership-auction-pinochle"
registered = skip_unless_registered(GAME)


def suit(s):
    return " ".join(r + s for r in "AATTKKQQJJ99")


SUITED = [suit("S"), suit("H"), suit("D"), suit("C")]
SUITED_MELDS = [320, 40, 40, 40]


def game(**options):
    return load_game(GAME, options=options)


def new_state(hands=None, dealer=3, deal_list=None, **options):
    deals = deal_list or [partnership_deal(hands or SUITED, dealer=dealer)]
    return game(**options).new_game(deals=deals)


def auction(s, *calls):
    for call in calls:
        s.apply(call)


def this_round(s, i=0) -> dict:
    return s.summary()["rounds"][i]
