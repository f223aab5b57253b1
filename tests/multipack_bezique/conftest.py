"""Helpers for the multi-pack Bezique scenario tests, driven through the public API only.

Sources cited in the tests:
  PB94 = /work/shared/seeds/penguin-bezique-marjolet.txt (Parlett, Penguin Book of Card Games
         p. 94), quoted by its headings (the four-, six- and eight-pack table, Carte blanche,
         Trump suit, Bezique, Additional melds, Re-forming melds, Brisques, Game score)
  RM   = /work/shared/research/rules.md (§7, §7.1 the Portland Club laws by number, §10, §11)

Conventions: seat 1 deals, so seat 0 leads the first trick. The opening trick 7C (seat 0)
against 7D (seat 1) is won by the leader (no trump yet, off-suit), and nothing in it scores, so
seat 0's score after it is exactly what it then declares. Hands are padded with dull cards
(nines, eights, sevens and at most a Jack of clubs or two: never a meld, never carte blanche);
the stock is ``stock_top`` then the rest of the packs.
"""

from __future__ import annotations

from collections import Counter

from cardcore import load_game

PACKS = {"rubicon-bezique": 4, "six-pack-bezique": 6, "eight-pack-bezique": 8}
HAND = {"rubicon-bezique": 9, "six-pack-bezique": 12, "eight-pack-bezique": 15}
RANKS = "ATKQJ987"
# a padded hand without a court of its own gets one Jack of clubs: never carte blanche
DULL = "JC 9S 9H 9D 9C 8S 8H 8D 8C 7S 7H 7D 7C".split()


def cards(text) -> list[str]:
    return text.split() if isinstance(text, str) else list(text)


def deal(game: str, hand0="", hand1="", stock_top="", dealer: int = 1) -> dict:
    packs, size = PACKS[game], HAND[game]
    deck = [r + s for s in "SHDC" for r in RANKS for _ in range(packs)]
    named = Counter(cards(hand0) + cards(hand1) + cards(stock_top))
    assert all(n <= packs for n in named.values()), f"more than {packs} copies named: {named}"
    spare = Counter(deck) - named
    filler = []
    for _ in range(packs):
        for c in DULL:
            if spare[c]:
                filler.append(c)
                spare[c] -= 1
    hands = []
    for part in (hand0, hand1):
        part = cards(part)
        need = size - len(part)
        assert need >= 0, f"{part}: more than {size} cards"
        if need and not any(c[0] in "KQJ" for c in part) and "JC" in filler:
            filler.remove("JC")  # a court, so that the hand is no carte blanche
            part = part + ["JC"]
            need -= 1
        dull = [c for c in filler if c != "JC"][:need]
        for c in dull:
            filler.remove(c)
        hands.append(part + dull)
    for c in filler:
        spare[c] += 1
    rest = []
    for c in deck:
        if spare[c]:
            rest.append(c)
            spare[c] -= 1
    stock = cards(stock_top) + rest
    assert sorted(c for h in hands for c in h) + sorted(stock) and \
        sorted([c for h in hands for c in h] + stock) == sorted(deck)
    return {"dealer": dealer, "hands": hands, "stock": stock}


def new_state(game: str, hand0="", hand1="", stock_top="", dealer: int = 1, **options):
    return load_game(game, options=options).new_game(seed=1, deals=[deal(game, hand0, hand1, stock_top, dealer)])


def trick(s, lead: str, follow: str, winner: int) -> None:
    s.apply("play " + lead)
    s.apply("play " + follow)
    assert s.current_player == winner, f"{lead} {follow}: seat {s.current_player} to move, expected {winner}"


def won_opening(game: str, hand0: str, hand1: str = "", stock_top: str = "", **options):
    """Seat 0 holds ``hand0`` and 7C and wins 7C against 7D: its declaration turn."""
    s = new_state(game, hand0 + " 7C", hand1 + " 7D", stock_top, **options)
    trick(s, "7C", "7D", winner=0)
    return s


def finish_turn(s) -> None:
    while not s.is_terminal() and "pass" in s.legal_actions():
        s.apply("pass")
