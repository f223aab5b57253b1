"""Trump (K l.89; CS l.29-30; RM §2.4; YML notes "no trump set").

K l.89: "Trump is set by the suit of the jack of the round's first penchant declared by a winner
of a trick. Other penchants do not set trump."
K l.87: "the loser of a trick may declare a Penchant if the winner does not declare anything."
CS l.30: loser's penchant "doesn't set trump".  F1897 (RM §2.4): the first penchant sets trump
whoever declares it -> option trump_setter=any.
"""

from .conftest import (declaring, game, illegal, last, meal_position, new_state, play, trick,
                       trump_suit)

# Seat 0 holds two penchants' worth of cards and two low clubs to lead; seat 1 holds no club
# and, at first, no spade, so seat 0 wins tricks 1 and 2 (seat 1 gets 7S only later).
WINNER_HAND = "JS QH JH QD 8C 7C"
LOSER_HAND = "9H 8H 7H 9D 8D 7D"


def test_winners_first_penchant_makes_the_jacks_suit_trump():
    s = new_state(WINNER_HAND, LOSER_HAND)
    assert trump_suit(s) is None  # no trump until a penchant sets it (YML trump.initial: none)
    trick(s, "8C", "7H", winner=0, meld="JS QH")
    # the jack is the spade, the queen the heart: trump = spades (K l.89 "suit of the jack")
    assert trump_suit(s) == "S"
    assert s.observation(1)["trump"] == "S"
    assert s.summary()["rounds"][0]["trump"] == "S"
    assert last(s, "trump")["suit"] == "S"


def test_later_penchants_do_not_change_trump():
    s = new_state(WINNER_HAND, LOSER_HAND)
    trick(s, "8C", "7H", winner=0, meld="JS QH")
    trick(s, "7C", "7D", winner=0, meld="JH QD")  # a second winner's penchant, jack of hearts
    assert s.scores == [1 + 1, 0]  # K l.71: penchant 1 each
    assert trump_suit(s) == "S"  # K l.89 "Other penchants do not set trump"


def test_a_besito_does_not_set_trump_and_a_later_penchant_still_does():
    s = new_state("QH JH JS 9C 8C 7C", LOSER_HAND)
    trick(s, "8C", "7H", winner=0, meld="QH JH")  # Q J of one suit = besito (K l.70)
    assert trump_suit(s) is None  # RM §2.4: only a declared penchant sets trump
    trick(s, "7C", "7D", winner=0, meld="JS QH")  # QH from the table, JS fresh
    assert trump_suit(s) == "S"


def test_trump_wins_over_a_higher_card_of_the_suit_led_once_set():
    # K l.45: a trick is won by the best card of the suit led "or the highest trump"
    s = new_state(WINNER_HAND, "7S 8H 7H 9D 8D 7D")
    trick(s, "8C", "7H", winner=0, meld="JS QH")
    play(s, "7C", "7S", winner=1)  # the seven of trumps beats the led club


# ------------------------------------------------------------------ the loser's penchant
# Seat 0 holds no meld (ranks all different, no queen); seat 1 holds a marriage and a penchant.
NO_MELD = "AC KD 9C 8S 7H TD"
LOSER_PENCHANT = "KC QC JD 9S 8H 7S"


def lose_trick_one(options=None):
    s = new_state(NO_MELD, LOSER_PENCHANT, stock_top="TS 7C", options=options)
    play(s, "AC", "7S", winner=0)
    # the winner holds nothing declarable, so his turn is skipped (YML notes "empty declaration
    # turns") and counts as declaring nothing; he has already drawn TS (RM §2.3 item 7, F1897)
    assert declaring(s) == "loser" and s.current_player == 1
    assert s.stock_left == 19
    assert sorted(s.deck.names_of(s.hands[0])) == sorted(["TS", "KD", "TD", "9C", "7H", "8S"])
    return s


def test_loser_may_declare_only_a_penchant_after_the_winner_passes():
    s = lose_trick_one()
    # K l.87 "The one exception is that the loser ... may declare a Penchant"; CS l.30 "(only)"
    assert s.legal_actions() == ["meld JD QC", "pass"]
    assert "only: penchant" in illegal(s, "meld KC QC")
    s.apply("meld JD QC")
    assert s.scores == [0, 1]


def test_loser_penchant_does_not_set_trump_by_default():
    s = lose_trick_one()
    s.apply("meld JD QC")
    assert trump_suit(s) is None  # K l.89 "by a winner of a trick"; CS l.30 "doesn't set trump"


def test_loser_penchant_sets_trump_when_any_player_may_set_it():
    s = lose_trick_one({"trump_setter": "any"})
    s.apply("meld JD QC")
    assert trump_suit(s) == "D"  # F1897 via RM §2.4: the jack's suit, whoever declares it


def test_winners_first_penchant_after_a_losers_penchant_still_sets_trump():
    # the loser's penchant was not "declared by a winner", so the first WINNER's penchant counts
    # (K l.89 "the round's first penchant declared by a winner of a trick")
    s = new_state(NO_MELD, LOSER_PENCHANT, stock_top="TS JS")  # seat 1 draws JS after trick 1
    trick(s, "AC", "7S", winner=0, loser_meld="JD QC")
    assert trump_suit(s) is None
    trick(s, "8S", "9S", winner=1, meld="JS QC")  # QC from the table, JS fresh
    assert trump_suit(s) == "S"


def test_no_loser_turn_when_the_winner_declared():
    s = new_state("QS JH 9C 8C 7D 8D", LOSER_PENCHANT, stock_top="TS 7C")
    trick(s, "9C", "7S", winner=0, meld="QS JH")
    # the winner declared, so the loser's step is skipped (K l.87) although seat 1 holds JD QC
    assert s.current_player == 0 and s.decision == "play"
    assert s.scores == [1, 0]


def test_meal_without_any_penchant_is_played_at_no_trump():
    # YML notes "no trump set"; RM §2.4 / §11 item 3: phase two without trump; the trump
    # obligation is then void, so a player void in the suit led may play any card.
    s = meal_position(penchant=False)
    assert s.phase_rule.name == "meal" and trump_suit(s) is None
    s.apply("play 7D")  # seat 0 holds JS 7S QH 8H KC 9C: no diamond
    assert sorted(s.legal_actions()) == sorted(
        ["play JS", "play 7S", "play QH", "play 8H", "play KC", "play 9C"])


def test_only_a_penchant_and_under_the_variation_a_marriage_touch_trump():
    """Trump is set by the jack of a penchant (K, Phase one); with the variation a marriage in
    trumps cancels it (K, Variations, Setting trump). No other meld is asked about trump."""
    assert game().compiled.trump_melds == {"penchant"}
    assert game({"trump_marriage_cancels_trump": True}).compiled.trump_melds == {"penchant", "marriage"}
