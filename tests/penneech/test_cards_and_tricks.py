"""Penneech: the pack, the seven of diamonds on top of its suit, who leads, who wins a trick."""

import pytest

from .conftest import game, new_state, play, plays

# Both players hold an honour, so no throw-in is offered (WP, Deal).
H0 = "AD 9C 8C 6C 5C 4C KC"
H1 = "7D 8D QC TC 3C 2C 6H"


def test_a_full_pack_of_52_cards_aces_high():
    # WP, Cards: "A standard 52-card pack ... with Aces ranking high."
    g = game()
    assert g.deck.size == 52
    assert g.deck.ranks[-1] == "A"


@pytest.mark.parametrize("turn", ["2S", "9H", "7C"])
def test_seven_of_diamonds_beats_the_ace_when_diamonds_are_not_trump(turn):
    # WP, Scoring: the 7 (penneech) "If diamonds are not trumps it has no scoring value, but still
    # ranks as the highest diamond." RM §4: order 7 A K Q J T 9 8 6 5 4 3 2 in diamonds.
    s = new_state(H0, H1, turns=[turn])
    assert play(s, "AD", "7D") == 1
    assert s.scores == [0, 0]  # no diamond is a counter this trick (RM §4: trumps only)


def test_seven_of_diamonds_beats_the_ace_when_diamonds_are_trump():
    # WP, Scoring: "The 7 ... is the highest card when diamonds are trumps". Captured while
    # diamonds are trump: the penneech 7 and the ace 5 (WP, Scoring) = 12 for seat 1.
    s = new_state(H0, H1, turns=["2D"])
    assert play(s, "AD", "7D") == 1
    assert s.scores == [0, 12]


def test_seven_of_diamonds_led_beats_a_lower_diamond_above_it_in_plain_order():
    # RM §4: the 8 of diamonds ranks below the 7 of diamonds (7 A K ... 8 6 ...).
    s = new_state("7D 9C 8C 6C 5C 4C KC", "8D AD QC TC 3C 2C 6H", turns=["2S"])
    assert play(s, "7D", "8D") == 0


def test_seven_of_diamonds_loses_to_a_trump_when_diamonds_are_not_trump():
    # WP, Play: the trick goes to the trump (follow-or-trump, as All Fours); the penneech is only
    # the highest diamond. Spades trump: the dealer trumps with 3S and scores nothing (3S is no
    # counter; the 7D scores only while diamonds are trump).
    s = new_state("7D 9C 8C 6C 5C 4C KC", "3S AD QC TC 3C 2C 6H", turns=["2S"])
    assert play(s, "7D", "3S") == 1
    assert s.scores == [0, 0]


def test_other_sevens_rank_normally():
    # RM §4: only the seven of diamonds is out of order; 7 of hearts is below 8.
    s = new_state("7H 9C 8C 6C 5C 4C KC", "8H AD QC TC 3C 2C 6S", turns=["2S"])
    assert play(s, "7H", "8H") == 1


@pytest.mark.parametrize("dealer, elder", [(1, 0), (0, 1)])
def test_elder_leads_the_first_trick_with_any_card(dealer, elder):
    # WP, Play: "Elder hand leads to the first trick."
    s = new_state(H0, H1, turns=["2S"], dealer=dealer)
    assert s.current_player == elder
    assert plays(s) == sorted((H0 if elder == 0 else H1).split())


def test_highest_card_of_the_suit_led_wins_without_trumps():
    # RM §4: "Trick won by highest trump (for that trick's trump suit), else highest card of suit
    # led." Spades trump; the higher club wins a club trick, and no card in it scores (clubs are
    # not trump: RM §4, honours count only as trumps).
    s = new_state(H0, H1, turns=["2S"])
    assert play(s, "9C", "TC") == 1
    s2 = new_state(H0, H1, turns=["2S"])
    assert play(s2, "KC", "QC") == 0
    assert s2.scores == [0, 0]
