"""Penneech's follow rule: follow-or-trump (Parlett, as All Fours) or must-follow (pagat).

WP, Play: "The second player to a trick may either follow suit or trump, but may only discard if
unable to follow." Footnote a: "These rules of play are the same as those of its contemporary,
all fours." RM §4 / §11 item 18: the default; option follow_rule=must-follow (pagat, older
Wikipedia): must follow suit if able, otherwise any card (F,t,r, RM §1).
Spades are trump (turn 2S) and seat 0 leads 9H in every test here.
"""

import pytest

from cardcore import IllegalAction

from .conftest import game, last, new_state, plays

LEADER = "9H AC QC JC TC 9C 8C"
HOLDS_HEARTS = "5H JH 3S QS 4D KD KC"
VOID_IN_HEARTS = "3S QS 4D KD KC 5C 6C"


def test_follow_or_trump_is_the_default():
    s = new_state(LEADER, HOLDS_HEARTS, turns=["2S"])
    assert s.game.options["follow_rule"] == "follow-or-trump"


def test_may_follow_or_trump_while_holding_the_suit_led():
    # WP, Play: "may either follow suit or trump".
    s = new_state(LEADER, HOLDS_HEARTS, turns=["2S"])
    s.apply("play 9H")
    assert plays(s) == sorted(["5H", "JH", "3S", "QS"])
    s.apply("play 3S")
    assert last(s, "trick")["winner"] == 1


def test_may_not_discard_while_holding_the_suit_led():
    # WP, Play: "may only discard if unable to follow".
    s = new_state(LEADER, HOLDS_HEARTS, turns=["2S"])
    s.apply("play 9H")
    for card in ("4D", "KD", "KC"):
        with pytest.raises(IllegalAction) as exc:
            s.apply("play " + card)
        assert "follow suit or trump" in exc.value.reason


def test_void_in_the_suit_led_any_card_trump_not_required():
    # WP, Play: a player unable to follow may discard; nothing obliges him to trump.
    s = new_state(LEADER, VOID_IN_HEARTS, turns=["2S"])
    s.apply("play 9H")
    assert plays(s) == sorted(VOID_IN_HEARTS.split())
    s.apply("play 4D")
    assert last(s, "trick")["winner"] == 0


def test_trump_led_must_be_followed_with_a_trump():
    # WP, Play: following suit when the suit led is trump is playing a trump (no discard).
    s = new_state("9S AC QC JC TC 9C 8C", HOLDS_HEARTS, turns=["2S"])
    s.apply("play 9S")
    assert plays(s) == ["3S", "QS"]


def test_must_follow_option_forbids_trumping_while_holding_the_suit_led():
    # RM §4 / §11 item 18: must-follow (pagat): follow suit if able.
    s = new_state(LEADER, HOLDS_HEARTS, turns=["2S"], follow_rule="must-follow")
    s.apply("play 9H")
    assert plays(s) == ["5H", "JH"]
    with pytest.raises(IllegalAction) as exc:
        s.apply("play 3S")
    assert "must follow suit" in exc.value.reason
    with pytest.raises(IllegalAction):
        s.apply("play KC")


def test_must_follow_option_void_any_card():
    # RM §4: "otherwise any card" (F,t,r: no obligation to trump).
    s = new_state(LEADER, VOID_IN_HEARTS, turns=["2S"], follow_rule="must-follow")
    s.apply("play 9H")
    assert plays(s) == sorted(VOID_IN_HEARTS.split())


def test_pagat_preset_is_must_follow():
    # YML presets: pagat = follow_rule must-follow.
    assert game(preset="pagat").options["follow_rule"] == "must-follow"
    assert game(preset="parlett").options["follow_rule"] == "follow-or-trump"


def test_leader_is_free():
    # WP, Play: obligations bind the second player only.
    s = new_state(LEADER, HOLDS_HEARTS, turns=["2S"])
    assert plays(s) == sorted(LEADER.split())
