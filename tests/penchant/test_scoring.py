"""End-of-round and end-of-game scoring (K l.123-131, l.137-142; CS l.59-70; RM §2.8).

K l.127 (19th century): "Brisques won during phase-two ... earn 1 point apiece. The player with
most total brisques across the whole round then scores a "book bonus" of 1 point for every
brisque won in excess of six ... If both players win six, neither scores the bonus."
K l.142 (modern): phase-two brisques "2 points" each; bonus "2 points for every brisque in excess
of six" (per round: RM §2.8, §11 item 8).
CS l.65-66: phase-two brisque 1 point each; bonus "subtracts six from total and scores 2 pts each".
K l.131: game score = higher total minus lower; a loser who "fails to make 40 points" is lurched
and the game score doubled (threshold = option lurch_threshold).
Brisques are aces, tens and sevens (K l.35 "winning Aces, Tens, and Sevens (known as Brisques)"; YML counters).

Both deals below: seat 0 leads and wins all ten phase-one tricks, nobody declares (so no meld
points and no trump), then phase two is played out; every phase-two trick has one suit (each
player holds two cards of each of three suits), so who wins what is forced.
"""

import pytest

from .conftest import game, play_gathering, play_out, scripted_deal

SEAT0_PLAYS = "AC KC QC JC TC KS KH KD QS QH".split()

# Deal A: phase-one brisques won by seat 0: AC TC 7C 7S 7H TD = 6.
# Phase two: seat 1 holds AS TS AH TH AD 7D over seat 0's 8S 9S 8H 9H 8D 9D: seat 1 wins the
# tricks of AS TS AH TH AD (5 brisques); seat 0's 8D or 9D must win seat 1's 7D (1 brisque).
# Totals: seat 0 6 + 1 = 7, seat 1 5.
DEAL_A = (
    "9C 8C 7C JS 7S JH 7H QD JD TD".split(),
    ("8S 9S 8H 9H 8D 9D", "AS TS AH TH AD 7D"),
)
# Deal B: seat 0's phase-one brisques AC TC 7C 7S 7H 7D = 6; seat 1 wins all six phase-two
# tricks with AS TS AH TH AD TD = 6. Totals 6 and 6.
DEAL_66 = (
    "9C 8C 7C JS 7S JH 7H QD JD 7D".split(),
    ("8S 9S 8H 9H 8D 9D", "AS TS AH TH AD TD"),
)


def played_round(which, options=None, rounds=1, seed=None):
    seat1_plays, final = which
    plays = list(zip(SEAT0_PLAYS, seat1_plays))
    winners = [0] * 10
    initial = (SEAT0_PLAYS[:6], seat1_plays[:6])
    d = scripted_deal(initial, plays, final, winners)
    s = game(options, rounds).new_game(seed=seed, deals=[d])
    play_gathering(s, plays, winners)
    assert s.scores == [0, 0] and s.trump is None
    play_out(s)
    return s


def test_brisque_counts_of_deal_a():
    s = played_round(DEAL_A)
    assert s.rounds[0]["brisques"] == [7, 5]
    assert s.counter_counts("brisques", "meal") == [1, 5]


# (scoring, expected round points of seat 0 and seat 1)
DEAL_A_POINTS = [
    # modern: seat 0 1 x 2 + (7 - 6) x 2 = 4; seat 1 5 x 2 = 10, no bonus (K l.142)
    ("modern", [4, 10]),
    # 19th century: seat 0 1 + (7 - 6) x 1 = 2; seat 1 5 (K l.127)
    ("19th-century", [2, 5]),
    # cheat sheet: seat 0 1 + (7 - 6) x 2 = 3; seat 1 5 (CS l.65-66)
    ("cheat-sheet", [3, 5]),
]


@pytest.mark.parametrize("scoring,points", DEAL_A_POINTS)
def test_phase_two_brisques_and_book_bonus(scoring, points):
    s = played_round(DEAL_A, {"scoring": scoring})
    assert s.rounds[0]["points"] == points
    assert s.scores == points
    # the book bonus goes to the player with most brisques over the round (seat 0, 7), not to
    # the one with most phase-two brisques (seat 1, 5)
    bonus = [e for e in s.events if e["type"] == "score" and e["source"] == "book bonus"]
    assert [(e["seat"], e["points"]) for e in bonus] == [(0, {"modern": 2, "19th-century": 1,
                                                             "cheat-sheet": 2}[scoring])]


@pytest.mark.parametrize("scoring,points", [
    ("modern", [0, 12]),        # 6 phase-two brisques x 2 (K l.142); 6-6: no bonus
    ("19th-century", [0, 6]),   # 6 x 1 (K l.127) "If both players win six, neither scores"
    ("cheat-sheet", [0, 6]),    # 6 x 1 (CS l.65)
])
def test_six_brisques_each_earns_no_book_bonus(scoring, points):
    s = played_round(DEAL_66, {"scoring": scoring})
    assert s.rounds[0]["brisques"] == [6, 6]
    assert s.scores == points  # seat 0's six phase-one brisques score nothing by themselves
    assert not [e for e in s.events if e["type"] == "score" and e["source"] == "book bonus"]


# ------------------------------------------------------------------ game score and lurch
@pytest.mark.parametrize("options,game_score,lurched", [
    # totals [4, 10] (modern): margin 6; the loser's 4 < 40 -> doubled (K l.131)
    ({}, 12, True),
    # the loser's 4 equals the threshold: he made it, not lurched
    ({"lurch_threshold": 4}, 6, False),
    ({"lurch_threshold": 5}, 12, True),
    ({"lurch_threshold": 0}, 6, False),
    # 19th century totals [2, 5]: margin 3, 2 < 40 -> 6
    ({"scoring": "19th-century"}, 6, True),
])
def test_game_score_is_the_difference_doubled_when_the_loser_is_lurched(options, game_score, lurched):
    s = played_round(DEAL_A, options)
    assert s.result is not None and s.is_terminal()
    assert s.result["winner"] == 1
    assert s.result["lurched"] is lurched
    assert s.result["game_score"] == game_score
    assert s.result["totals"] == s.scores
    assert s.returns() == [-game_score, game_score]


# ------------------------------------------------------------------ rounds and the deal
def test_deal_alternates_and_the_non_dealer_leads_the_next_round():
    # CS l.23 "Non-dealer leads ... Deal alternates"; K l.45
    s = played_round(DEAL_A, rounds=2, seed=11)
    assert s.result is None and len(s.rounds) == 2
    assert s.rounds[0]["points"] == [4, 10]
    assert s.dealer == 0 and s.rounds[1]["dealer"] == 0  # round 1 was dealt by seat 1
    assert s.current_player == 1 and s.phase_rule.name == "gathering" and s.stock_left == 20
    assert s.scores == [4, 10]  # the game total carries over


def test_four_round_game_alternates_the_deal():
    # K l.131 "A game is four rounds"; CS l.23 "Deal alternates"; YML notes "first dealer"
    g = game(rounds=4)
    s = g.new_game(seed=3)
    while s.result is None:
        s.apply(s.legal_actions()[0])
    dealers = [r["dealer"] for r in s.rounds]
    assert len(dealers) == 4
    assert dealers == [dealers[0], 1 - dealers[0], dealers[0], 1 - dealers[0]]
    # the first card of each round is played by the non-dealer
    firsts = []
    for i, e in enumerate(s.events):
        if e["type"] == "deal":
            firsts.append((e["dealer"], next(x for x in s.events[i:] if x["type"] == "play")["seat"]))
    assert all(leader == 1 - dealer for dealer, leader in firsts)
    assert s.result["totals"] == s.scores
    assert sum(r["points"][0] for r in s.rounds) == s.scores[0]
