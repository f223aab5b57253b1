"""The re-use laws at a late declaration turn, after melds of other classes (RM §7.1 Portland
laws 33-39): a card once declared serves again only in a combination of another kind, or in a
higher one of its class.

Eight packs, seat 0 wins every trick (it leads a nine of spades, seat 1 throws a plain eight of
diamonds: no trump beats it) and declares one meld a turn: the royal marriage K♥ Q♥ first
(hearts are trumps), then a bezique, four Aces, a common marriage and four Jacks; it draws
T♥ at the fifth trick. At the sixth turn the trump sequence A♥ T♥ K♥ Q♥ J♥ is open (a higher
meld of the marriage's class; the Ace and the Jack served in quartets, another class), but its
second K♥ never marries the table's Q♥: that Queen served in a royal marriage (the same kind).
"""

import pytest

from cardcore import IllegalAction

from .conftest import finish_turn, trick, won_opening

EIGHT = "eight-pack-bezique"
LATER_MELDS = [("meld QS JD", 40), ("meld AS AH AD AC", 100), ("meld KS QS", 20), ("meld JS JH JD JC", 40)]


def late_turn():
    """Seat 0 at its sixth declaration turn, with the royal marriage and four melds of other
    classes on the table, a second K♥ and T♥ in hand."""
    s = won_opening(EIGHT, "KH QH QS JD AS AH AD AC KS JS JH JC KH", "", "9S 8D " * 4 + "TH 8D")
    s.apply("meld KH QH")
    finish_turn(s)
    for action, _ in LATER_MELDS:
        trick(s, "9S", "8D", winner=0)
        s.apply(action)
        finish_turn(s)
    trick(s, "9S", "8D", winner=0)
    return s


def test_the_royal_marriage_is_not_made_again_after_melds_of_other_classes():
    s = late_turn()
    assert s.scores == [40 + sum(points for _, points in LATER_MELDS), 0]
    assert [name for _, _, _, name in s.meld_history[0]] == [
        "royal-marriage", "bezique", "four-aces", "common-marriage", "four-jacks"]
    assert "KH" in s.deck.names_of(s.hands[0]) and "QH" in s.deck.names_of(s.tableaus[0])
    assert "meld AH TH KH QH JH" in s.legal_actions() and "meld KH QH" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="a card once in a royal-marriage may not serve in another royal-marriage"):
        s.apply("meld KH QH")
