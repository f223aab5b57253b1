"""Marjolet melds: their values, several at a turn, the Marjolet's marriages, and re-use.

PB94, Play: "Before drawing, the trick-winner may show and score for any of the following melds:
Four Aces 100, Tens 80, Kings 60, Queens 40. (No Jacks.) Trump marriage 40, common marriage 20.
Mariage de Marjolet = trump Jack and trump Queen 40, or any other Queen 20. More than one
combination may be scored at a time. Combinations remain on the table but continue to form part
of the hand. Marjolet may be retained and married on different occasions to different Queens,
and any given Queen may be married both to Marjolet and to her matching King."
Trump is hearts throughout (turn-up 9H unless said), so the Marjolet is JH.
"""

import pytest

from cardcore import IllegalAction

from .conftest import hand, new_state, play, scores_from, table

DEALER_FILL = ["7S", "8S", "7D", "8D", "9C", "TC", "JC", "QC", "KC"]


def won_first_trick(five, turnup="9H", stock_top=()):
    """Seat 0 holds ``five`` and 8C, leads 8C and wins it over the dealer's 7C: its
    declaration turn (PB94, Play: the trick winner declares before drawing)."""
    five = five.split()
    used = set(five) | {turnup, "8C", "7C"} | set(stock_top)
    h1 = ["7C"] + [c for c in DEALER_FILL if c not in used][:5]
    s = new_state(five + ["8C"], h1, turnup, stock_top=stock_top)
    assert play(s, "8C", "7C") == 0
    return s


def meld_points(s) -> list[int]:
    return [e["points"] for e in scores_from(s, "meld")]


@pytest.mark.parametrize("five, meld, points", [
    ("AS AH AD AC 9S", "AS AH AD AC", 100),  # PB94: Four Aces 100
    ("TS TH TD TC 9S", "TS TH TD TC", 80),   # PB94: Tens 80
    ("KS KH KD KC 9S", "KS KH KD KC", 60),   # PB94: Kings 60
    ("QS QH QD QC 9S", "QS QH QD QC", 40),   # PB94: Queens 40
    ("KH QH 9S 8H 9D", "KH QH", 40),         # PB94: trump marriage 40
    ("KS QS 8H 9D 7H", "KS QS", 20),         # PB94: common marriage 20
    ("KD QD 9S 8H AS", "KD QD", 20),
    ("QH JH 9S 8S 9D", "QH JH", 40),         # PB94: Marjolet (trump J) and trump Queen 40
    ("QS JH 9S 8H 9D", "QS JH", 20),         # PB94: ... or any other Queen 20
    ("JH QD 9S 8H 7S", "JH QD", 20),
    ("JH QC 9S 8H 9D", "JH QC", 20),
])
def test_meld_values(five, meld, points):
    s = won_first_trick(five)
    assert s.decision == "declare" and s.current_player == 0
    assert "meld " + meld in s.legal_actions()
    s.apply("meld " + meld)
    assert meld_points(s) == [points]
    assert s.scores == [points, 0]


def test_four_jacks_are_no_meld():
    # PB94, Play: "(No Jacks.)" The turn is open for the Marjolet JH with QS (20).
    s = won_first_trick("JS JH JD JC QS")
    assert s.legal_actions() == ["meld QS JH", "pass"]
    with pytest.raises(IllegalAction) as exc:
        s.apply("meld JS JH JD JC")
    assert "form no meld" in exc.value.reason
    assert s.scores == [0, 0]


@pytest.mark.parametrize("couple", ["JS QS", "JD QH", "JD QS"])
def test_a_jack_other_than_the_trump_jack_marries_no_queen(couple):
    # PB94, Play: the Mariage de Marjolet is the *trump* Jack with a Queen; Marjolet is the
    # trump Jack (PB94, introduction). The turn is open for the trump marriage KH QH.
    s = won_first_trick("JS QS JD KH QH")
    assert s.legal_actions() == ["meld KH QH", "pass"]
    with pytest.raises(IllegalAction) as exc:
        s.apply("meld " + couple)
    assert "form no meld" in exc.value.reason


def test_marriage_is_only_king_and_queen_of_one_suit():
    # PB94, Play: marriage = King and Queen (of a suit); a King with another suit's Queen is none.
    s = won_first_trick("KS QD KH QH 9S")
    with pytest.raises(IllegalAction):
        s.apply("meld KS QD")
    s.apply("meld KH QH")
    assert s.scores == [40, 0]


def test_several_melds_at_one_turn():
    # PB94, Play: "More than one combination may be scored at a time." Four kings 60, then the
    # trump marriage KH QH 40 (KH reused from the four kings), both before drawing.
    s = won_first_trick("KS KH KD KC QH", stock_top=["AS", "AD"])
    s.apply("meld KS KH KD KC")
    assert s.decision == "declare" and s.current_player == 0  # still the same turn
    assert s.legal_actions() == ["meld KH QH", "pass"]
    s.apply("meld KH QH")
    assert meld_points(s) == [60, 40]
    assert s.scores == [100, 0]
    assert "AS" in hand(s, 0)  # the turn ended (nothing else to declare) and seat 0 drew


def test_melds_and_the_seven_exchange_at_one_turn():
    # PB94, Play and Trump Seven, both "before drawing"; YML note "several melds": the winner
    # may exchange the seven and declare melds in any order, then pass. RM §3 ambiguity (1).
    s = won_first_trick("KH QH JH 7H 9S", turnup="AH")
    s.apply("meld KH QH")       # 40
    s.apply("exchange 7H")      # 10
    s.apply("meld QH JH")       # 40
    assert s.scores == [90, 0]
    assert s.decision == "play"  # nothing left: the turn ended by itself


def test_pass_ends_the_turn_and_declines_the_rest():
    # PB94, Play: the winner *may* declare. YML note "several melds": `pass` to draw.
    s = won_first_trick("KS KH KD KC QH")
    s.apply("meld KS KH KD KC")
    s.apply("pass")
    assert s.decision == "play" and s.scores == [60, 0]


def test_melds_stay_on_the_table_and_may_be_played():
    # PB94, Play: "Combinations remain on the table but continue to form part of the hand."
    s = won_first_trick("KH QH 9S 8S 9D", stock_top=["AS", "AD"])
    s.apply("meld KH QH")
    assert table(s, 0) == ["KH", "QH"]
    assert s.observation(1)["tableaus"][0] == ["KH", "QH"]  # shown to the opponent
    assert s.current_player == 0 and "play KH" in s.legal_actions() and "play QH" in s.legal_actions()
    s.apply("play QH")
    assert table(s, 0) == ["KH"]


def test_loser_never_declares():
    # PB94, Play: only "the trick-winner may show and score". Seat 0 holds KH QH and loses.
    s = new_state(["KH", "QH", "8S", "9S", "9D", "8D"], ["AS", "7S", "7D", "8C", "9C", "TC"], "9H")
    assert play(s, "8S", "AS") == 1
    assert s.decision == "play" and s.current_player == 1  # the winner had nothing: no turn at all
    s.apply("play 7S")
    with pytest.raises(IllegalAction):
        s.apply("meld KH QH")
    assert s.scores == [0, 0]


def test_marjolet_marries_two_queens_on_different_turns():
    # PB94, Play: "Marjolet may be retained and married on different occasions to different
    # Queens." Turn 1: JH with QH (trump queen) 40; seat 0 draws QS; turn 2: JH, still on the
    # table, with QS 20.
    s = new_state(["JH", "QH", "9S", "8S", "9D", "8C"], ["7C", "7D", "8D", "TC", "9C", "JC"], "9H",
                  stock_top=["QS", "7S"])
    assert play(s, "8C", "7C") == 0
    s.apply("meld QH JH")
    assert "QS" in hand(s, 0) and table(s, 0) == ["QH", "JH"]
    assert play(s, "9D", "7D") == 0
    assert s.legal_actions() == ["meld QS JH", "pass"]  # JH QH is not offered again
    s.apply("meld QS JH")
    assert meld_points(s) == [40, 20]
    assert s.scores == [60, 0]


@pytest.mark.parametrize("first, second", [("KS QS", "QS JH"), ("QS JH", "KS QS")])
def test_one_queen_married_to_her_king_and_to_the_marjolet(first, second):
    # PB94, Play: "any given Queen may be married both to Marjolet and to her matching King";
    # RM §3: in either order. Common marriage 20 and Marjolet with another queen 20.
    s = won_first_trick("KS QS JH 9D 8D")
    s.apply("meld " + first)
    s.apply("meld " + second)
    assert meld_points(s) == [20, 20]
    assert s.scores == [40, 0]


def test_trump_queen_married_to_the_marjolet_then_to_her_king_later():
    # PB94, Play (as above): JH QH 40 at trick 1; KH drawn; KH QH 40 at trick 2.
    s = new_state(["JH", "QH", "9S", "8S", "9D", "8C"], ["7C", "7D", "8D", "TC", "9C", "JC"], "9H",
                  stock_top=["KH", "7S"])
    assert play(s, "8C", "7C") == 0
    s.apply("meld QH JH")
    assert play(s, "9D", "7D") == 0
    assert s.legal_actions() == ["meld KH QH", "pass"]
    s.apply("meld KH QH")
    assert s.scores == [80, 0]


def test_the_same_card_set_is_never_scored_twice_in_one_turn():
    # RM §3 (WP-Mj, adpoker-Mj): "the only restriction is not to meld the identical set of
    # cards twice"; YML note "re-used cards". The turn stays open for QH JH.
    s = won_first_trick("KH QH JH 9S 8S")
    s.apply("meld KH QH")
    assert "meld KH QH" not in s.legal_actions()
    with pytest.raises(IllegalAction) as exc:
        s.apply("meld KH QH")
    assert "already scored" in exc.value.reason
    assert s.scores == [40, 0]


def test_the_same_card_set_is_never_scored_twice_on_a_later_turn():
    # RM §3 and YML note "re-used cards", as above, at the next trick won.
    s = new_state(["KH", "QH", "9S", "8S", "9D", "8C"], ["7C", "7D", "8D", "TC", "9C", "JC"], "9H",
                  stock_top=["JH", "7S"])
    assert play(s, "8C", "7C") == 0
    s.apply("meld KH QH")
    assert play(s, "9D", "7D") == 0  # JH drawn: the turn is open for QH JH
    assert s.legal_actions() == ["meld QH JH", "pass"]
    with pytest.raises(IllegalAction) as exc:
        s.apply("meld KH QH")
    assert "already scored" in exc.value.reason
    s.apply("meld QH JH")
    assert s.scores == [80, 0]


def test_four_kings_and_then_a_marriage_from_the_table():
    # PB94, Play: melds stay part of the hand; a new set that re-uses table cards scores (RM §3:
    # only the identical set is refused). At turn 2, KH comes from the table, QH from the hand.
    s = new_state(["KS", "KH", "KD", "KC", "9D", "8C"], ["7C", "7D", "8D", "TC", "9C", "JC"], "9H",
                  stock_top=["QH", "7S"])
    assert play(s, "8C", "7C") == 0
    s.apply("meld KS KH KD KC")
    assert play(s, "9D", "7D") == 0
    s.apply("meld KH QH")
    assert s.scores == [100, 0]
    assert table(s, 0) == ["KS", "KH", "QH", "KD", "KC"]
