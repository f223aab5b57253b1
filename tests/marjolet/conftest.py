"""Helpers for the Marjolet scenario tests: exact deals, tricks played card by card.

Sources cited in the tests:
  PB94 = /work/shared/seeds/penguin-bezique-marjolet.txt, section "Marjolet" (Parlett, Penguin
         Book of Card Games p. 94), quoted by its paragraph heading (Preliminaries, Play, ...)
  RM   = /work/shared/research/rules.md (§1 trick notation, §3 Marjolet, §11 items 13-16)
  YML  = rules/marjolet.yaml (its `notes:` record the documented choices for open questions)

Conventions of every deal here: seat 1 deals (unless said otherwise), so seat 0 is elder and
leads the first trick (PB94, Play). The turn-up lies under the stock and is drawn last: by the
loser of the tenth trick (PB94, Trump Seven). After a stock-phase trick the winner may declare
(melds, the seven exchange), then draws stock[0], then the loser draws stock[1], and so on.
"""

from __future__ import annotations

from cardcore import load_game
from helpers import build_deal, cards, last, play  # noqa: F401  (re-exported to the tests)

SUITS = "SHDC"
RANKS = "ATKQJ987"  # high to low: the canonical order of cards in actions
DECK = [r + s for s in SUITS for r in RANKS]


def game(**options):
    return load_game("marjolet", options=options)


def deal(hand0, hand1, turnup, stock_top=(), dealer=1) -> dict:
    """A full 32-card deal: the given hands and turn-up, the stock starting with ``stock_top``
    (drawn first: stock_top[0] by the first trick's winner, stock_top[1] by its loser, ...), then
    the rest of the deck in canonical order."""
    return build_deal(DECK, [hand0, hand1], stock_top, dealer, hand_size=6, turnup=turnup)


def sweep_deal(hand0, hand1, draws0, draws1, turnup, dealer=1) -> dict:
    """A deal for a game in which the elder wins all ten stock tricks (the test plays them so).

    ``hand0``/``draws0`` are the elder's six cards and ten draws in order, ``hand1``/``draws1``
    the dealer's six cards and first nine draws; the dealer draws the turn-up last, as loser of
    the tenth trick. So the stock is draws0[0], draws1[0], draws0[1], ... draws0[9]. With
    dealer=1 the elder is seat 0; with dealer=0 the same deal is mirrored (seat 1 the elder).
    """
    h0, h1, d0, d1 = map(cards, (hand0, hand1, draws0, draws1))
    assert (len(h0), len(h1), len(d0), len(d1)) == (6, 6, 10, 9)
    stock = [c for pair in zip(d0, d1) for c in pair] + [d0[-1]]
    hands = [h0, h1] if dealer == 1 else [h1, h0]
    assert sorted(h0 + h1 + stock + [turnup]) == sorted(DECK), "not exactly one deck"
    return {"dealer": dealer, "hands": hands, "turnup": turnup, "stock": stock}


def new_state(hand0, hand1, turnup, stock_top=(), dealer=1, **options):
    return game(**options).new_game(deals=[deal(hand0, hand1, turnup, stock_top, dealer)])


def scores_from(s, source: str) -> list[dict]:
    """The score events of one source (e.g. 'meld', 'exchange', 'brisques')."""
    return [e for e in s.events if e["type"] == "score" and e["source"] == source]


def hand(s, seat: int) -> list[str]:
    return s.deck.names_of(s.hands[seat])


def table(s, seat: int) -> list[str]:
    return s.deck.names_of(s.tableaus[seat])


def holding(s, seat: int) -> set[str]:
    return set(hand(s, seat)) | set(table(s, seat))


def declare(s, *actions) -> None:
    """At the winner's declaration turn: the given actions (``meld KH QH``, ``exchange 7H``) in
    order, then ``pass`` if the turn is still open."""
    for a in actions:
        assert s.decision == "declare", (a, s.decision)
        s.apply(a)
    if s.result is None and s.decision == "declare":
        s.apply("pass")


def trick(s, lead, follow, winner=None, melds=()) -> int:
    """One trick, then the winner's declarations (``melds``, else nothing), and the draws."""
    won = play(s, lead, follow, winner)
    if s.result is None and (melds or s.decision == "declare"):
        declare(s, *melds)
    return won


def sweep(s, leads, discards, melds=None) -> None:
    """Play the ten stock tricks of a ``sweep_deal``: the elder leads, and wins each."""
    elder = s.current_player
    for k, (a, b) in enumerate(zip(cards(leads), cards(discards))):
        trick(s, a, b, winner=elder, melds=(melds or {}).get(k + 1, ()))


def play_out(s, tricks) -> None:
    """Play end-game tricks given as (lead, follow) pairs, each by whoever is to move."""
    for a, b in tricks:
        play(s, a, b)


# ---------------------------------------------------------------------------------------------
# Scripted whole deals. Trump is hearts in all of them. Each names the cards of sweep_deal, the
# elder's ten leads and the dealer's ten stock-phase discards (each discard is of another plain
# suit than the lead, or a lower card of its suit, so the elder wins every stock trick), and the
# six end-game tricks as (lead, follow) pairs. The expected scores are worked out in the tests.

# A: the elder leads the unexchanged trump seven at trick 1, and in the end-game holds six
# trumps to the dealer's one (the turn-up 8H, drawn by the dealer as loser of trick 10).
DEAL_A = dict(
    hand0="7H AS TS KS QS JS", hand1="AC TC KC QC JC 9C",
    draws0="9S 8S 7S AD AH TH KH QH JH 9H", draws1="8C 7C TD KD QD JD 9D 8D 7D", turnup="8H",
)
LEADS_A = "7H AS TS KS QS JS 9S 8S 7S AD"
DISCARDS_A = "AC TC KC QC JC 9C 8C 7C TD KD"
END_A = [("9H", "8H"), ("AH", "QD"), ("TH", "JD"), ("KH", "9D"), ("QH", "8D"), ("JH", "7D")]

# A7: as A, but the turn-up is the trump seven itself and the elder leads 8H instead.
DEAL_A7 = dict(DEAL_A, hand0="8H AS TS KS QS JS", turnup="7H")
LEADS_A7 = "8H AS TS KS QS JS 9S 8S 7S AD"
END_A7 = [("9H", "7H"), ("AH", "QD"), ("TH", "JD"), ("KH", "9D"), ("QH", "8D"), ("JH", "7D")]

# X: as A, but the elder keeps 7H, wins trick 1 with AS and exchanges 7H for the turn-up 9H.
DEAL_X = dict(
    hand0="AS TS KS QS JS 7H", hand1="AC TC KC QC JC 9C",
    draws0="9S 8S 7S AD AH TH KH QH JH 8H", draws1="8C 7C TD KD QD JD 9D 8D 7D", turnup="9H",
)
LEADS_X = "AS TS KS QS JS 9H 9S 8S 7S AD"  # 9H: the turn-up, taken in exchange after trick 1
DISCARDS_X = DISCARDS_A
END_X = [("8H", "7H"), ("AH", "QD"), ("TH", "JD"), ("KH", "9D"), ("QH", "8D"), ("JH", "7D")]

# B: an end-game in which each of the obligations F, T and R bites (see test_endgame).
DEAL_B = dict(
    hand0="7H AH TH QH JH 8H", hand1="7S AD TD KD 9D 7D",
    draws0="TS KS QS JS 9S KH QD AC TC 7C", draws1="QC JC 9C 8C AS 8S JD 8D KC", turnup="9H",
)
LEADS_B = "7H AH TH QH JH 8H TS KS QS JS"
DISCARDS_B = "7S AD TD KD 9D 7D QC JC 9C 8C"
# end-game hands: elder 9S KH QD AC TC 7C, dealer AS 8S JD 8D KC 9H
END_B = [("9S", "AS"), ("8S", "KH"), ("QD", "8D"), ("AC", "KC"), ("TC", "9H"), ("JD", "7C")]

# M: the elder melds at every turn but the last (see test_game_end for the meld list and values).
DEAL_M = dict(
    hand0="7H AS AH AD AC JH", hand1="TS 7S TD TC TH 8H",
    draws0="QH KH QS KS QD KD QC KC 7D JS", draws1="JD JC 8C 7C 9S 8S 9D 8D 9C", turnup="9H",
)
LEADS_M = "7H AS AD AC AH KH KS KD JH 7D"
DISCARDS_M = "TS 7S TD TC TH 8H JD JC 8C 7C"
MELDS_M = {
    1: ["meld AS AH AD AC"],            # four aces 100
    2: ["meld JH QH"],                  # Marjolet with the trump queen 40
    3: ["meld KH QH"],                  # trump marriage 40
    4: ["meld JH QS"],                  # Marjolet with another queen 20
    5: ["meld KS QS"],                  # common marriage 20
    6: ["meld JH QD"],                  # Marjolet 20
    7: ["meld KD QD"],                  # common marriage 20
    8: ["meld QS QH QD QC", "meld JH QC"],  # four queens 40, Marjolet 20
    9: ["meld KC QC"],                  # common marriage 20
}
END_M = [("QH", "9H"), ("QS", "9S"), ("JS", "8S"), ("QD", "9D"), ("QC", "9C"), ("KC", "8D")]


def play_deal(s, leads, discards, end, melds=None) -> None:
    """A whole scripted deal: ten stock tricks swept by the elder, then the end-game tricks."""
    sweep(s, leads, discards, melds)
    if s.result is None:
        play_out(s, end)
