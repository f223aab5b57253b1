"""Every meld kind and its points under each scoring option; non-melds are refused.

Points, worked out from the sources:
  K l.53-55 (19th-century table): twins 2, triplets 3, quadruplets 10
  K l.64-67: family 3, clan 4, extended family 5, reunion 25
  K l.69-71: marriage 2, besito 2, penchant 1
  K l.139-140 (modern scoring): quadruplets 8, reunion 16, the rest as above
  CS l.46-57 (cheat sheet): twins 2, triplets 3, quadruplets 8, family 3, clan 4,
        extended family 5, reunion 20, marriage 2, besito 2, penchant 1
"""

import pytest

from .conftest import DECK, cards, declaring, illegal, last, new_state, play, trump_suit

SCORINGS = ("modern", "19th-century", "cheat-sheet")

# (meld name, the cards, points under modern / 19th-century / cheat-sheet)
MELDS = [
    ("twins", "QS QH", (2, 2, 2)),                 # K l.53 "Twins 2"; CS l.46 "2"
    ("twins", "9D 9C", (2, 2, 2)),                 # minor twins score the same (K l.53)
    ("triplets", "QS QH QD", (3, 3, 3)),           # K l.54 "Triplets 3"; CS l.47 "3"
    ("quadruplets", "QS QH QD QC", (8, 10, 8)),    # K l.55 "10", K l.139 modern "8", CS l.48 "8*"
    ("family", "KH QH JH", (3, 3, 3)),             # K l.64 "3"; CS l.50 "3"
    ("clan", "KH QH JH TH", (4, 4, 4)),            # K l.65 "4"; CS l.51 "4" (T J Q K)
    ("clan", "AH KH QH JH", (4, 4, 4)),            # K l.65 (J Q K A)
    ("extended-family", "KD QD JD 8D 7D", (5, 5, 5)),  # K l.66 "five of same suit, JQK" 5; CS l.52
    ("extended-family", "AS KS QS JS 9S", (5, 5, 5)),  # no ten: not in sequence, so a flush only
    ("reunion", "KH QH JH TH 9H", (16, 25, 20)),   # K l.67 "25", K l.140 modern "16", CS l.53 "20*"
    ("reunion", "AH KH QH JH TH", (16, 25, 20)),
    ("marriage", "KD QD", (2, 2, 2)),              # K l.69 "2"; CS l.55 "2"
    ("besito", "QD JD", (2, 2, 2)),                # K l.70 "2"; CS l.56 "2"
    ("penchant", "QS JD", (1, 1, 1)),              # K l.71 "1"; CS l.57 "1"
]

FILLERS = ["7C", "8C", "7D", "8D", "7S", "8S"]


def win_first_trick(meld_cards, options=None):
    """Seat 0 holds ``meld_cards`` plus low fillers, leads a filler and wins the first trick
    (seat 1 holds no card of the suit led and no trump exists yet: K l.45)."""
    meld = cards(meld_cards)
    hand0 = meld + [c for c in FILLERS if c not in meld][: 6 - len(meld)]
    lead = hand0[-1]
    hand1 = [c for c in DECK if c not in hand0 and c[1] != lead[1]][:6]
    s = new_state(hand0, hand1, options=options)
    play(s, lead, hand1[0], winner=0)
    assert declaring(s) == "winner"
    return s


@pytest.mark.parametrize("scoring_index,scoring", list(enumerate(SCORINGS)))
@pytest.mark.parametrize("name,meld,points", MELDS, ids=[f"{n}:{m}" for n, m, _ in MELDS])
def test_meld_scores_its_table_points(name, meld, points, scoring_index, scoring):
    s = win_first_trick(meld, {"scoring": scoring})
    s.apply("meld " + meld)
    event = last(s, "meld")
    assert event["name"] == name
    assert event["points"] == points[scoring_index]
    assert s.scores == [points[scoring_index], 0]
    assert s.deck.names_of(s.tableaus[0]) == cards(meld)


def test_reunion_is_offered_once_and_scored_as_reunion_not_extended_family():
    # The cards of a reunion also form an extended family (five of one suit with J Q K,
    # K l.66-67); YML notes "better meld" / RM §11 item 10: they score as the better one.
    s = win_first_trick("KH QH JH TH 9H")
    offers = [a for a in s.legal_actions() if a == "meld KH QH JH TH 9H"]
    assert offers == ["meld KH QH JH TH 9H"]
    s.apply("meld KH QH JH TH 9H")
    assert last(s, "meld")["name"] == "reunion"
    assert s.scores[0] == 16  # K l.140 modern reunion 16 (> extended family 5)


def test_queen_and_jack_of_one_suit_are_a_besito_not_a_penchant():
    # K l.70-71: Q and J of the SAME suit = besito (2); a penchant needs DIFFERENT suits (1).
    s = win_first_trick("QH JH")
    s.apply("meld QH JH")
    assert last(s, "meld")["name"] == "besito"
    assert s.scores == [2, 0]
    assert trump_suit(s) is None  # only a penchant sets trump (K l.89; RM §2.4)


def test_king_queen_jack_nine_is_not_a_clan():
    # K l.65: a clan is a four-card SEQUENCE with J Q K; 9 J Q K skips the ten.
    s = win_first_trick("KS QS JS 9S")
    assert "meld KS QS JS 9S" not in s.legal_actions()
    assert "no meld" in illegal(s, "meld KS QS JS 9S")


def test_eight_to_queen_is_not_a_reunion():
    # K l.67: a reunion is five in sequence that must include J Q K; 8 9 T J Q has no king,
    # and without a king it is no extended family either (K l.66).
    s = win_first_trick("QS JS TS 9S 8S")
    assert "no meld" in illegal(s, "meld QS JS TS 9S 8S")


def test_king_and_queen_of_different_suits_are_not_a_marriage():
    # K l.69: marriage = K and Q of the same suit.
    s = win_first_trick("KS QH")
    assert "no meld" in illegal(s, "meld KS QH")


def test_ace_king_queen_jack_nine_is_extended_family_not_reunion():
    # Gap at the ten: five of one suit with J Q K (K l.66) but not in sequence (K l.67).
    s = win_first_trick("AS KS QS JS 9S", {"scoring": "19th-century"})
    s.apply("meld AS KS QS JS 9S")
    assert last(s, "meld")["name"] == "extended-family"
    assert s.scores == [5, 0]  # K l.66: 5, not K l.67's 25
