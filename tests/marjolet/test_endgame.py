"""Marjolet's end-game (the six tricks after the stock), last trick and brisques.

PB94, End-game: "The stock exhausted, players take their melds into hand for the last six tricks.
The second to a trick must follow suit and head the trick if possible, otherwise play a trump.
The winner of the final trick scores 10, or 50 if he took all six."
PB94, Score: "Each player then sorts through his won cards and scores 10 for each brisque he has
taken." Brisques are Aces and Tens (PB94, Object). RM §1: this is F,T,R.
Deal B (conftest) leaves the elder (seat 0, trick-10 winner, to lead) with 9S KH QD AC TC 7C and
the dealer with AS 8S JD 8D KC 9H; trump is hearts.
"""

import pytest

from cardcore import IllegalAction

from .conftest import (
    DEAL_A, DEAL_B, DEAL_M, DISCARDS_A, DISCARDS_B, DISCARDS_M, END_A, END_B, LEADS_A, LEADS_B,
    LEADS_M, MELDS_M, game, hand, play, play_out, scores_from, sweep, sweep_deal, table,
)


def endgame_b():
    s = game().new_game(seed=1, deals=[sweep_deal(**DEAL_B)])
    sweep(s, LEADS_B, DISCARDS_B)
    assert s.phase_rule.name == "end-game" and s.current_player == 0
    assert hand(s, 0) == ["9S", "KH", "QD", "AC", "TC", "7C"]
    assert hand(s, 1) == ["AS", "8S", "9H", "JD", "8D", "KC"]
    return s


def plays(s):
    return sorted(a.removeprefix("play ") for a in s.legal_actions())


def test_endgame_rule_is_f_t_r():
    # PB94, End-game; RM §1 table: "Marjolet, stock phase / end-game: ftr / F,T,R".
    s = endgame_b()
    assert s.observation(0)["follow_rule"] == "FTR"


def test_must_follow_and_head_the_trick_if_possible():
    # PB94, End-game: "must follow suit and head the trick if possible". Seat 0 leads 9S; the
    # dealer's AS heads it, 8S would not, 9H is not a spade.
    s = endgame_b()
    s.apply("play 9S")
    assert plays(s) == ["AS"]
    with pytest.raises(IllegalAction) as exc:
        s.apply("play 8S")
    assert "win the trick when able" in exc.value.reason
    with pytest.raises(IllegalAction) as exc:
        s.apply("play 9H")  # a trump is no escape while holding the suit led
    assert "must follow suit" in exc.value.reason
    with pytest.raises(IllegalAction) as exc:
        s.apply("play KC")
    assert "must follow suit" in exc.value.reason
    s.apply("play AS")
    assert s.current_player == 1  # the winner leads


def test_void_in_the_suit_led_must_trump():
    # PB94, End-game: "otherwise play a trump". Seat 1 leads 8S; seat 0 has no spade left and
    # holds the trump KH.
    s = endgame_b()
    play(s, "9S", "AS", winner=1)
    s.apply("play 8S")
    assert plays(s) == ["KH"]
    with pytest.raises(IllegalAction) as exc:
        s.apply("play AC")
    assert "must trump" in exc.value.reason
    s.apply("play KH")
    assert s.current_player == 0


def test_following_without_a_heading_card_any_card_of_the_suit():
    # PB94, End-game: head the trick *if possible*. Seat 0 leads QD; JD and 8D both lose to it.
    s = endgame_b()
    play(s, "9S", "AS", winner=1)
    play(s, "8S", "KH", winner=0)
    s.apply("play QD")
    assert plays(s) == ["8D", "JD"]
    with pytest.raises(IllegalAction):
        s.apply("play 9H")  # no trumping while holding the suit led
    s.apply("play 8D")
    play(s, "AC", "KC", winner=0)  # KC is the only club: follow, cannot head
    s.apply("play TC")
    assert plays(s) == ["9H"]  # void in clubs, holds a trump: must trump


def test_void_and_without_trumps_any_card():
    # PB94, End-game: follow, else trump; with neither, any card. Deal A: seat 0 leads AH (trump);
    # the dealer has only diamonds left.
    s = game().new_game(seed=1, deals=[sweep_deal(**DEAL_A)])
    sweep(s, LEADS_A, DISCARDS_A)
    play(s, "9H", "8H", winner=0)
    s.apply("play AH")
    assert plays(s) == ["7D", "8D", "9D", "JD", "QD"]


def test_follow_higher_trump_when_a_trump_is_led():
    # PB94, End-game: follow and head, in trumps too (RM §1, rule 3). Deal A end-game: seat 0
    # leads 9H and the dealer's only heart is 8H: forced, though it cannot head.
    s = game().new_game(seed=1, deals=[sweep_deal(**DEAL_A)])
    sweep(s, LEADS_A, DISCARDS_A)
    s.apply("play 9H")
    assert plays(s) == ["8H"]


def test_no_declarations_in_the_endgame():
    # PB94, Play: melds are declared before drawing; RM §3: "Melding ends there" (trick 10).
    s = endgame_b()
    play(s, "9S", "AS", winner=1)
    assert s.decision == "play"
    with pytest.raises(IllegalAction):
        s.apply("meld KH QH")


def test_last_trick_scores_10_when_not_all_six():
    # PB94, End-game: "The winner of the final trick scores 10". Deal B: the dealer takes tricks
    # 11, 15 and 16; seat 0 tricks 12, 13, 14.
    s = endgame_b()
    play_out(s, END_B)
    assert [(e["seat"], e["points"]) for e in scores_from(s, "last trick")] == [(1, 10)]
    assert s.rounds[0]["last_trick"] == {"player": 1, "points": 10}


def test_last_trick_scores_50_for_all_six():
    # PB94, End-game: "or 50 if he took all six". Deal A: seat 0 takes all six end-game tricks.
    s = game().new_game(seed=1, deals=[sweep_deal(**DEAL_A)])
    sweep(s, LEADS_A, DISCARDS_A)
    play_out(s, END_A)
    assert [(e["seat"], e["points"]) for e in scores_from(s, "last trick")] == [(0, 50)]
    assert s.rounds[0]["last_trick"] == {"player": 0, "points": 50}


def test_all_six_means_the_endgame_tricks_only():
    # PB94, End-game: "all six" = the six end-game tricks; the stock tricks do not matter. In
    # deal B seat 0 took all ten stock tricks but the dealer took three end-game tricks: 10.
    s = endgame_b()
    play_out(s, END_B)
    assert s.rounds[0]["last_trick"]["points"] == 10


def test_brisques_score_10_each():
    # PB94, Score: 10 for each brisque (Aces and Tens). Deal B: seat 0 takes AH AD TH TD TS in
    # the stock phase and AC at trick 14 (6 brisques); the dealer takes AS (trick 11) and TC
    # (trick 15) (2 brisques).
    s = endgame_b()
    play_out(s, END_B)
    assert [(e["seat"], e["points"]) for e in scores_from(s, "brisques")] == [(0, 60), (1, 20)]
    assert s.rounds[0]["brisques"] == [6, 2]


def test_deal_b_totals():
    # Deal B in full: seat 0 = brisques 60 (the trump seven led at trick 1 scores nothing: PB94,
    # Trump Seven scores the seven only by the exchange); seat 1 = last faced card 9H, 10 (PB94,
    # Trump Seven) + brisques 20 + last trick 10 = 40.
    s = endgame_b()
    play_out(s, END_B)
    assert s.rounds[0]["points"] == [60, 40]


def test_melds_are_taken_back_into_hand_for_the_endgame():
    # PB94, End-game: "players take their melds into hand for the last six tricks". Deal M: after
    # trick 10 seat 0's melded queens and KC are on the table, then all in hand.
    s = game().new_game(seed=1, deals=[sweep_deal(**DEAL_M)])
    sweep(s, LEADS_M.split()[:9], DISCARDS_M.split()[:9], MELDS_M)
    assert table(s, 0) == ["QS", "QH", "QD", "KC", "QC"]
    play(s, "7D", "7C", winner=0)  # trick 10: nothing new to declare, then the last draws
    assert s.phase_rule.name == "end-game"
    assert table(s, 0) == [] and hand(s, 0) == ["QS", "JS", "QH", "QD", "KC", "QC"]


def test_last_trick_is_scored_before_the_brisques():
    # PB94: End-game, "The winner of the final trick scores 10 ..."; Score, "Each player *then*
    # sorts through his won cards and scores 10 for each brisque". The order decides who reaches
    # the target first under game_end=immediate (YML game_end option).
    s = endgame_b()
    play_out(s, END_B)
    order = [(e["source"], e["seat"], e["points"]) for e in s.events if e["type"] == "score"]
    assert order[-3:] == [("last trick", 1, 10), ("brisques", 0, 60), ("brisques", 1, 20)]
