"""The dix (the trump nine) three ways: turned up, declared, exchanged for the turn-up.

PB95, Melds: "dix or deece, trump Nine, 10". RM §8 (pokerwiner-pin): a turned-up dix scores 10 to
the dealer; a holder may score a dix by showing it after winning a trick, and may meld something
else at the same time; after winning a trick he may exchange the dix for the turn-up. YML notes:
the dix does not count as the turn's one meld; each trump nine scores once.
"""

from cardcore.text.facts import round_grid
from cardcore.text.moves import interpret
from cardcore.text.lines import Names, plain

from .conftest import new_state, registered, won_opening

pytestmark = registered


def test_turned_up_dix_scores_ten_to_the_dealer():
    # turn-up 9H: hearts trump and the dealer (seat 1) scores 10 at once
    s = new_state(turnup="9H")
    assert s.scores == [0, 10]
    assert s.summary()["rounds"][0]["trump"] == "H"


def test_turned_up_non_nine_scores_nothing():
    s = new_state(turnup="JH")
    assert s.scores == [0, 0]


def test_declared_dix_besides_another_meld():
    # after winning: meld 9H (10) and a plain marriage KS QS (20) at the same turn: 30
    s = won_opening("9H KS QS")
    s.apply("meld 9H")
    assert "meld KS QS" in s.legal_actions()
    s.apply("meld KS QS")
    assert s.scores == [30, 0]


def test_exchanged_dix_scores_ten_and_brings_the_turn_up_into_hand():
    # seat 0 holds A T K Q of hearts and the dix; the turn-up is JH. exchange 9H: 10, and JH
    # comes into hand, so the flush A T K Q J of trumps can be declared at once: 10 + 150 = 160
    s = won_opening("AH TH KH QH 9H")
    assert "meld AH TH KH QH JH" not in s.legal_actions()
    s.apply("exchange 9H")
    assert s.scores == [10, 0]
    assert "meld AH TH KH QH JH" in s.legal_actions()
    s.apply("meld AH TH KH QH JH")
    assert s.scores == [160, 0]


def test_exchange_needs_the_trump_nine():
    # a plain nine is no dix: no exchange with 9S when hearts are trump
    s = won_opening("9S 9S")
    assert not [a for a in s.legal_actions() if a.startswith("exchange")]


def test_the_exchanged_nine_cannot_be_declared_again():
    # the exchanged 9H lies under the stock; with no other 9H in hand, no `meld 9H`
    s = won_opening("9H KS QS")
    s.apply("exchange 9H")
    assert "meld 9H" not in s.legal_actions()


def test_both_dixes_score():
    # one exchanged (10), the other shown (10): 20. PB95, Note: identical melds both score
    s = won_opening("9H 9H")
    s.apply("exchange 9H")
    s.apply("meld 9H")
    assert s.scores == [20, 0]


def test_loser_does_not_exchange():
    # only the trick winner exchanges (RM §8): seat 1 holds 9H but loses the opening trick
    s = won_opening("", "9H")
    assert s.current_player == 0
    assert "exchange 9H" not in s.legal_actions()


def test_one_card_typed_at_the_dix_turn_is_the_dix_or_told_what_one_card_may_do():
    # hearts trump: the 9H alone is a meld (the dix); the 9C is no meld alone, and being told
    # that "a meld takes two or more cards" would deny the dix
    s = won_opening("9H 9C", "9D")
    assert "meld 9H" in s.legal_actions() and "exchange 9H" in s.legal_actions()
    refused = interpret("9c", s).error
    assert "two or more cards" not in refused
    assert "9C alone is neither a meld nor an exchange" in refused
    assert "meld 9H" in refused and "exchange 9H" in refused
    s.apply("meld 9H")  # the dix declared: no other single card goes alone now
    refused = interpret("9c", s).error
    assert "two or more cards" not in refused and "form no meld" in refused


def test_the_round_scores_say_what_the_exchange_row_is():
    # RM §8 Dix: the holder of the trump nine may exchange it for the turn-up, scoring 10
    s = won_opening("9H 9C", "9D")
    s.apply("exchange 9H")
    grid = round_grid(s, 1, Names(["You", "Bot"], me=0))
    rows = {plain(row[0]): [plain(c) for c in row[1:]] for row in grid.rows}
    assert rows["exchange (the trump 9 for the turn-up)"] == ["10", "0"]
