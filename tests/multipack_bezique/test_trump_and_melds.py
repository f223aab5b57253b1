"""Trump by the first marriage or sequence, the meld table of the four-, six- and eight-pack
games, multiple beziques on display, quartets, and the options on them.

PB94, Trump suit: "Play starts at no trump. The first marriage or sequence declared establishes
a trump suit, which remains unchanged throughout." RM §7.1 law 41, fn 10: the first marriage is
necessarily royal (40). PB94 table: trump sequence 250, non-trump sequence 150, royal marriage 40,
common 20, double/treble/quadruple bezique 500/1500/4500 (eight packs: quintuple 9000), any four
Aces/Tens (if agreed)/Kings/Queens/Jacks 100/90/80/60/40; six and eight packs: four trump A/T/K/Q/J
1000/900/800/600/400; eight packs: five trump 2000/1800/1600/1200/800.
"""

import pytest

from .conftest import finish_turn, trick, won_opening

RUBICON, SIX, EIGHT = "rubicon-bezique", "six-pack-bezique", "eight-pack-bezique"


def test_play_starts_at_no_trump():
    s = won_opening(RUBICON, "KH QH")
    assert s.trump is None and s.summary()["rounds"][0]["trump"] is None


@pytest.mark.parametrize("game", [RUBICON, SIX, EIGHT])
def test_first_marriage_is_royal_and_makes_trumps(game):
    # law 41 / fn 10: the first marriage scores 40 and its suit is trumps from then on
    s = won_opening(game, "KH QH KS QS 7H", "7H")
    s.apply("meld KH QH")
    assert s.scores == [40, 0]
    assert s.summary()["rounds"][0]["trump"] == "H"
    finish_turn(s)
    # the next trick: seat 0 leads 7H (a trump) against 7H: the first played of identical cards wins
    trick(s, "7H", "7H", winner=0)
    s.apply("meld KS QS")           # now a common marriage, 20; trump stays hearts
    assert s.scores == [60, 0]
    assert s.summary()["rounds"][0]["trump"] == "H"


def test_a_sequence_before_any_marriage_makes_trumps_at_250():
    s = won_opening(RUBICON, "AD TD KD QD JD")
    s.apply("meld AD TD KD QD JD")
    assert s.scores == [250, 0] and s.summary()["rounds"][0]["trump"] == "D"


def test_plain_sequence_once_trump_is_set():
    s = won_opening(RUBICON, "KH QH AD TD KD QD JD 7H", "7H")
    s.apply("meld KH QH")
    finish_turn(s)
    trick(s, "7H", "7H", winner=0)
    s.apply("meld AD TD KD QD JD")  # diamonds are a plain suit: 150
    assert s.scores == [40 + 150, 0]


@pytest.mark.parametrize("game, held, points", [
    (RUBICON, "QS JD", 40),
    (RUBICON, "QS QS JD JD", 500),
    (RUBICON, "QS QS QS JD JD JD", 1500),
    (RUBICON, "QS QS QS QS JD JD JD JD", 4500),
    (EIGHT, "QS QS QS QS QS JD JD JD JD JD", 9000),
])
def test_beziques(game, held, points):
    s = won_opening(game, held)
    s.apply("meld " + held)
    assert s.scores == [points, 0]


def test_treble_bezique_needs_all_six_cards_on_display():
    # PB94, Bezique: a multiple bezique scores only if all its cards are on display at once
    s = won_opening(RUBICON, "QS QS JD JD JD")
    assert "meld QS QS QS JD JD JD" not in s.legal_actions()
    assert "meld QS QS JD JD" in s.legal_actions()


def test_no_quintuple_bezique_with_four_packs():
    # PB94 table: quintuple bezique only in the eight-pack game (four packs hold four Q♠ anyway)
    s = won_opening(SIX, "QS QS QS QS QS JD JD JD JD JD")
    assert "meld QS QS QS QS QS JD JD JD JD JD" not in s.legal_actions()


@pytest.mark.parametrize("held, points", [
    ("AS AS AS AH", 100), ("KD KD KC KC", 80), ("QH QH QH QH", 60), ("JS JS JH JH", 40),
])
def test_quartets_of_any_suits(held, points):
    s = won_opening(RUBICON, held)
    s.apply("meld " + held)
    assert s.scores == [points, 0]


def test_four_tens_only_if_agreed():
    assert "meld TS TS TH TH" not in won_opening(RUBICON, "TS TS TH TH").legal_actions()
    s = won_opening(RUBICON, "TS TS TH TH", four_tens=True)
    s.apply("meld TS TS TH TH")
    assert s.scores == [90, 0]


def test_quartet_doubled_when_all_four_suits_show():
    # PB94, Additional melds 3: if agreed, double the quartet when all four suits are in it
    s = won_opening(RUBICON, "AS AH AD AC", quartets_doubled=True)
    s.apply("meld AS AH AD AC")
    assert s.scores == [200, 0]
    s = won_opening(RUBICON, "AS AS AD AC", quartets_doubled=True)
    s.apply("meld AS AS AD AC")
    assert s.scores == [100, 0]
    s = won_opening(RUBICON, "AS AH AD AC")
    s.apply("meld AS AH AD AC")
    assert s.scores == [100, 0]


@pytest.mark.parametrize("game, held, points", [
    (SIX, "AH AH AH AH", 1000), (SIX, "KH KH KH KH", 800), (SIX, "QH QH QH QH", 600),
    (SIX, "JH JH JH JH", 400), (EIGHT, "AH AH AH AH AH", 2000), (EIGHT, "JH JH JH JH JH", 800),
])
def test_trump_quartets_and_quintets(game, held, points):
    # hearts made trumps by a first marriage, then the trump quartet on the next trick
    s = won_opening(game, "KS QS KH QH 7H " + held, "7H")
    s.apply("meld KH QH")
    finish_turn(s)
    trick(s, "7H", "7H", winner=0)
    s.apply("meld " + held)
    assert s.scores == [40 + points, 0]


def test_no_trump_quartet_in_the_four_pack_game():
    s = won_opening(RUBICON, "KH QH 7H AH AH AH AH", "7H")
    s.apply("meld KH QH")
    finish_turn(s)
    trick(s, "7H", "7H", winner=0)
    s.apply("meld AH AH AH AH")     # only as any four Aces
    assert s.scores == [40 + 100, 0]


def test_a_broken_quartet_is_re_formed_with_a_replacement():
    # RM §7.1 law 34, PB94 Re-forming melds: four Kings declared, one played, a fifth King
    # added: four Kings again (80); the opposite of two-hand Bezique (RM §11 item 36)
    s = won_opening(RUBICON, "KS KS KH KH KD", "7H 7H")
    s.apply("meld KS KS KH KH")
    assert s.scores == [80, 0]
    finish_turn(s)
    trick(s, "KS", "7H", winner=0)  # a King of the quartet played: the quartet is broken
    s.apply("meld KS KH KH KD")
    assert s.scores == [160, 0]


def test_an_unbroken_quartet_is_not_declared_again_with_a_fifth_card():
    # law 33-39: a card once declared serves again only in another kind or a higher meld
    s = won_opening(RUBICON, "KS KS KH KH KD 7S", "7H 7H")
    s.apply("meld KS KS KH KH")
    finish_turn(s)
    trick(s, "7S", "7H", winner=0)
    assert not [a for a in s.legal_actions() if a.startswith("meld K") and a.count("K") == 4]


def test_a_sequence_king_and_queen_never_marry():
    # law 36-37: a declared sequence's King and Queen cannot later be declared as a marriage
    s = won_opening(RUBICON, "AD TD KD QD JD 7S", "7H")
    s.apply("meld AD TD KD QD JD")
    finish_turn(s)
    trick(s, "7S", "7H", winner=0)
    assert "meld KD QD" not in s.legal_actions()


def test_bezique_by_trump_makes_trumps_before_any_marriage():
    # PB94, Bezique (if agreed): the Queen of trumps and the Jack of opposite colour; a
    # bezique declared before a marriage makes trumps the suit of its Queen
    s = won_opening(RUBICON, "QD JS QS JD", bezique_cards="by-trump")
    assert "meld JS QD" in s.legal_actions() and "meld QS JD" in s.legal_actions()
    s.apply("meld JS QD")
    assert s.scores == [40, 0] and s.summary()["rounds"][0]["trump"] == "D"
    finish_turn(s)
    # diamonds trump: Q♠ J♦ is no bezique any more
    assert "meld QS JD" not in s.legal_actions()


def test_two_identical_melds_waiting_to_score_are_one_action():
    # RM §7.1 laws 33-39 and 46: one meld scored per trick, others shown wait "to score"; two
    # waiting marriages of the same cards (more than two packs) are one choice, not two
    s = won_opening(RUBICON, "KS KS KS QS QS QS 7H", "7H")
    s.apply("meld KS QS")          # scored: 40, spades trumps
    s.apply("meld KS QS")          # shown: waits
    s.apply("meld KS QS")          # shown: waits
    finish_turn(s)
    assert s.scores == [40, 0]
    trick(s, "7H", "7H", winner=0)
    assert s.legal_actions().count("meld KS QS") == 1
    s.apply("meld KS QS")
    assert s.scores == [80, 0]
