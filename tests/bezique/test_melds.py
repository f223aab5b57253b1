"""Two-hand Bezique's meld table and the bezique's definition (RM §5 Melds, §11 item 28).

RM §5 Melds (PB93, Hoffmann, F325): common marriage 20, royal (trump) marriage 40, trump sequence
A 10 K Q J 250, bezique Q♠ J♦ 40, double bezique 500, any four Aces / Kings / Queens / Jacks
(any suits, duplicates allowed) 100 / 80 / 60 / 40, the seven of trumps 10. Trump is hearts.
"""

import pytest

from .conftest import new_state, trick, won_opening

TABLE = [
    ("AH TH KH QH JH", "meld AH TH KH QH JH", 250),   # trump sequence
    ("KH QH", "meld KH QH", 40),                       # royal marriage
    ("KS QS", "meld KS QS", 20),                       # common marriage
    ("QS JD", "meld QS JD", 40),                       # bezique Q♠ J♦
    ("QS QS JD JD", "meld QS QS JD JD", 500),          # double bezique, in one declaration
    ("AS AS AH AD", "meld AS AS AH AD", 100),          # four Aces, duplicates allowed
    ("KS KH KD KC", "meld KS KH KD KC", 80),           # four Kings
    ("QH QH QD QC", "meld QH QH QD QC", 60),           # four Queens, duplicates allowed
    ("JS JH JD JC", "meld JS JH JD JC", 40),           # four Jacks
    ("7H", "meld 7H", 10),                             # the seven of trumps shown
]


@pytest.mark.parametrize("held, action, points", TABLE, ids=[t[1] for t in TABLE])
def test_meld_values(held, action, points):
    s = won_opening(held)
    assert s.scores == [0, 0]          # 8C v 9D: no brisque
    assert action in s.legal_actions()
    s.apply(action)
    assert s.scores == [points, 0]


def test_only_the_trick_winner_declares_before_drawing():
    s = new_state("KS QS 8C", "KD QD 9D")
    trick(s, "8C", "9D", winner=0)
    assert "meld KS QS" in s.legal_actions()
    # seat 1 lost: it never gets a declaration turn for its K♦ Q♦ after this trick
    s.apply("pass")
    assert s.current_player == 0 and all(a.startswith("play ") for a in s.legal_actions())


def test_plain_sequence_is_no_meld_of_two_hand_bezique():
    s = won_opening("AS TS KS QS JS")
    assert "meld AS TS KS QS JS" not in s.legal_actions()   # RM §5: the sequence is the trump's only
    assert "meld KS QS" in s.legal_actions()


def test_bezique_by_trump_option_makes_q_diamonds_j_spades_the_bezique_with_spades_trump():
    # RM §11 item 28 (NIE): Q♦ J♠ when spades or diamonds are trumps
    s = won_opening("QS JD QD JS", turnup="8S", bezique_cards="by-trump")
    legal = s.legal_actions()
    assert "meld JS QD" in legal and "meld QS JD" not in legal
    s.apply("meld JS QD")
    assert s.scores == [40, 0]


def test_bezique_by_trump_keeps_q_spades_j_diamonds_with_hearts_trump():
    s = won_opening("QS JD QD JS", turnup="8H", bezique_cards="by-trump")
    legal = s.legal_actions()
    assert "meld QS JD" in legal and "meld JS QD" not in legal


def test_default_bezique_is_q_spades_j_diamonds_whatever_the_trump():
    s = won_opening("QS JD QD JS", turnup="8S")
    legal = s.legal_actions()
    assert "meld QS JD" in legal and "meld JS QD" not in legal
