"""Two-hand Pinochle's meld table, one meld per trick, and the re-use of melded cards.

PB95, Melds: flush ATKQJ of trumps 150, royal marriage 40, plain marriage 20, Aces/Kings/Queens/
Jacks around (one of each suit) 100/80/60/40, pinochle Q♠ J♦ 40, dix (trump nine) 10; with the
simplified count "all scores quoted below are divided by 10 (flush scores 15, etc.)".
PB95, Note: "Two distinct but identical melds both score. The royal marriage contained within a
flush does not score separately." RM §5 (two-hand Bezique, which two-hand Pinochle follows): the
winner scores one meld per trick; a scored card may be used again only in another class or in a
higher meld of its class (marriage, then flush; not the reverse). Trump is hearts (turn-up JH).
"""

import pytest

from cardcore import IllegalAction
from cardcore.text import facts
from cardcore.text.lines import Names, plain

from .conftest import finish_turn, registered, trick, won_opening

pytestmark = registered

TABLE = [
    # (seat 0's meld cards, the action, points): each worked out from PB95, Melds
    ("AH TH KH QH JH", "meld AH TH KH QH JH", 150),   # flush in trumps (hearts)
    ("KH QH", "meld KH QH", 40),                       # royal marriage: trump K Q
    ("KS QS", "meld KS QS", 20),                       # plain marriage: non-trump K Q
    ("AS AH AD AC", "meld AS AH AD AC", 100),          # Aces around
    ("KS KH KD KC", "meld KS KH KD KC", 80),           # Kings around
    ("QS QH QD QC", "meld QS QH QD QC", 60),           # Queens around
    ("JS JH JD JC", "meld JS JH JD JC", 40),           # Jacks around
    ("QS JD", "meld QS JD", 40),                       # pinochle Q♠ J♦
    ("9H", "meld 9H", 10),                             # dix: the trump nine shown
]


@pytest.mark.parametrize("held, action, points", TABLE, ids=[t[1] for t in TABLE])
def test_meld_values(held, action, points):
    s = won_opening(held)
    assert s.scores == [0, 0]          # 9C v 9D: no counters
    assert action in s.legal_actions()
    s.apply(action)
    assert s.scores == [points, 0]


def test_flush_outside_trumps_is_no_meld():
    # PB95: the flush is "ATKQJ of trumps"; spades are plain with hearts trump
    s = won_opening("AS TS KS QS JS")
    assert "meld AS TS KS QS JS" not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply("meld AS TS KS QS JS")


def test_around_needs_one_of_each_suit():
    # PB95: "four Aces, one of each suit": two AS with AH AD is no Aces around
    s = won_opening("AS AS AH AD")
    assert not [a for a in s.legal_actions() if a.startswith("meld A")]


def test_simplified_count_divides_melds_by_ten():
    # PB95, Melds: simplified count, "flush scores 15": 150 / 10; royal marriage 40 / 10 = 4
    s = won_opening("AH TH KH QH JH", card_points="simplified")
    s.apply("meld AH TH KH QH JH")
    assert s.scores == [15, 0]


def test_one_meld_per_trick():
    # RM §5: one combination scored per trick. Seat 0 holds a plain marriage and a pinochle;
    # after scoring the marriage (20) the pinochle must wait for another trick.
    s = won_opening("KS QS JD")
    s.apply("meld KS QS")
    finish_turn(s)
    assert s.scores == [20, 0]
    assert "meld QS JD" not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply("meld QS JD")


def test_two_distinct_identical_melds_both_score():
    # PB95, Note: both plain marriages of spades score, 20 + 20 = 40, one per trick
    s = won_opening("KS QS KS QS 9C", "9D")
    s.apply("meld KS QS")
    finish_turn(s)
    trick(s, "9C", "9D", winner=0)     # the second 9C against the second 9D
    assert "meld KS QS" in s.legal_actions()
    s.apply("meld KS QS")
    assert s.scores == [40, 0]


def test_royal_marriage_within_a_declared_flush_does_not_score():
    # PB95, Note. Flush 150 declared; a second QH in hand would make K Q of trumps with the
    # flush's KH, but the marriage is a lower meld of the flush's class: refused (RM §5).
    # The stock's top card is named (AD): the filler's first stock card is the other KH, which
    # would make a second, distinct royal marriage from hand, rightly allowed (PB95, Note).
    s = won_opening("AH TH KH QH JH QH 9C", "9D", stock_top="AD")
    s.apply("meld AH TH KH QH JH")
    finish_turn(s)
    trick(s, "9C", "9D", winner=0)
    assert s.scores == [150, 0]
    assert "meld KH QH" not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply("meld KH QH")


def test_royal_marriage_then_flush_scores_both():
    # RM §5 and §8: royal marriage 40, then A T J added for the flush 150: 40 + 150 = 190
    s = won_opening("AH TH KH QH JH 9C", "9D")
    s.apply("meld KH QH")
    finish_turn(s)
    trick(s, "9C", "9D", winner=0)
    s.apply("meld AH TH KH QH JH")
    assert s.scores == [190, 0]


def test_melded_card_serves_again_in_another_class():
    # RM §8: a melded card may be re-melded in a different class. Pinochle 40 (Q♠ J♦), then
    # Queens around with the same Q♠ and three fresh queens 60: 40 + 60 = 100
    s = won_opening("QS JD QH QD QC 9C", "9D")
    s.apply("meld QS JD")
    finish_turn(s)
    trick(s, "9C", "9D", winner=0)
    s.apply("meld QS QH QD QC")
    assert s.scores == [100, 0]


def test_a_meld_needs_a_card_from_hand():
    # RM §5 and §8: each meld takes at least one card from hand. Both KS QS are on the table
    # after the marriage: declaring them again is refused.
    # Seat 1 holds the other KS QS: with them as seat 0's filler, a second marriage of spades
    # from hand would rightly score (PB95, Note: identical melds both score).
    s = won_opening("KS QS 9C", "9D KS QS")
    s.apply("meld KS QS")
    finish_turn(s)
    trick(s, "9C", "9D", winner=0)
    assert "meld KS QS" not in s.legal_actions()


def test_only_the_trick_winner_declares():
    # RM §5: only the winner of a trick declares. Seat 1 holds a pinochle but loses the trick.
    s = won_opening("", "QS JD")
    assert s.current_player == 0
    assert "meld QS JD" not in s.legal_actions()


def test_a_meld_of_two_packs_is_listed_once_however_many_copies_could_form_it():
    # A double pack: with both K♠ in hand, K♠ K♥ K♦ K♣ is one kings-around to the player (80,
    # PB95, Melds), whichever K♠ the declaration takes; the table and help list it once.
    s = won_opening("KS KS KH KD KC 9C", "9D")
    summary = plain(facts.meld_summary(s, 0))
    assert summary.count("kings-around KS KH KD KC 80") == 1, summary
    help_melds = dict(facts.help_sections(s, 0, Names(["You", "Bot"], me=0)))["Your melds"]
    assert sum("kings-around KS KH KD KC" in plain(line) for line in help_melds) == 1
