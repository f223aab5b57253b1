"""Marjolet's trump seven and the faced card: the exchange, the play bonus, the last card.

PB94, Trump Seven: "A player drawing or dealt the trump Seven may exchange it for the turn-up and
score 10. He may do so only upon winning a trick and before making a draw. The loser of the
tenth trick scores 10 upon drawing the last, faced card."
PB94 scores the seven only by the exchange, so the default (the Penguin rules) has no play bonus.
Option trump_seven_play_bonus (RM §3 and §11 item 14, mistigri): "If never exchanged, playing the
trump 7 to a trick scores 10 for its player whether or not he wins the trick." YML note "trump
seven": the play bonus goes only to a trump seven that never scored in the deal (not turned up,
not exchanged).
Trump is hearts throughout.
"""

import pytest

from cardcore import IllegalAction

from .conftest import (
    DEAL_A, DEAL_A7, DEAL_X, DISCARDS_A, DISCARDS_X, END_A, END_A7, END_X, LEADS_A, LEADS_A7,
    LEADS_X, game, hand, trick, new_state, play, play_deal, play_out, scores_from, sweep, sweep_deal,
)

SEVEN_HAND = ["AS", "KS", "QS", "7H", "8D", "8C"]
DEALER_HAND = ["7S", "9S", "8S", "9D", "9C", "TC"]


def test_winner_exchanges_the_trump_seven_before_drawing():
    # PB94, Trump Seven: exchange for the turn-up, score 10, upon winning a trick, before drawing.
    s = new_state(SEVEN_HAND, DEALER_HAND, "9H", stock_top=["AD", "TD"])
    assert play(s, "AS", "7S") == 0
    assert s.decision == "declare" and "exchange 7H" in s.legal_actions()
    s.apply("exchange 7H")
    assert s.scores == [10, 0]
    assert [e["points"] for e in scores_from(s, "exchange")] == [10]
    assert "9H" in hand(s, 0) and "7H" not in hand(s, 0)
    assert s.observation(1)["turnup"] == "7H"  # the seven now lies faced under the stock
    assert s.summary()["rounds"][0]["exchanges"] == [{"player": 0, "card": "7H", "for": "9H"}]
    assert "exchange 7H" not in s.legal_actions()  # once only
    s.apply("pass")  # declines the marriage KS QS; now the draws
    assert "AD" in hand(s, 0) and "TD" in hand(s, 1)


def test_no_exchange_after_drawing():
    # PB94, Trump Seven: "only upon winning a trick and before making a draw".
    s = new_state(SEVEN_HAND, DEALER_HAND, "9H")
    assert play(s, "AS", "7S") == 0
    s.apply("pass")  # the winner draws: the moment has gone
    assert s.decision == "play" and s.current_player == 0
    with pytest.raises(IllegalAction) as exc:
        s.apply("exchange 7H")
    assert "trick winner before drawing" in exc.value.reason
    assert s.scores == [0, 0]


def test_no_exchange_before_the_first_trick():
    # PB94, Trump Seven: only upon winning a trick, so not when the seven is dealt and before play.
    s = new_state(SEVEN_HAND, DEALER_HAND, "9H")
    assert "exchange 7H" not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply("exchange 7H")


def test_a_drawn_seven_is_exchanged_at_the_next_trick_won():
    # PB94, Trump Seven: "A player drawing ... the trump Seven may exchange it" (upon winning).
    s = new_state(["AS", "KD", "JS", "TS", "8D", "8C"], DEALER_HAND, "9H", stock_top=["7H", "TD"])
    assert play(s, "AS", "7S") == 0  # nothing to declare: seat 0 draws 7H
    assert "7H" in hand(s, 0) and s.decision == "play"
    assert play(s, "KD", "9D") == 0
    assert s.legal_actions() == ["exchange 7H", "pass"]
    s.apply("exchange 7H")
    assert s.scores == [10, 0] and "9H" in hand(s, 0)


def test_loser_may_not_exchange():
    # PB94, Trump Seven: "only upon winning a trick". Seat 1 holds 7H and loses trick 1.
    s = new_state(["AS", "KS", "8S", "9D", "8D", "8C"], ["7S", "7H", "9S", "TD", "9C", "TC"], "9H")
    assert play(s, "AS", "7S") == 0
    assert s.decision == "play" and s.current_player == 0  # no turn for anyone: the draws are done
    s.apply("play 8S")
    assert s.current_player == 1
    assert not any(a.startswith("exchange") for a in s.legal_actions())
    with pytest.raises(IllegalAction):
        s.apply("exchange 7H")
    assert s.scores == [0, 0]


def test_dealer_may_exchange_on_winning_a_trick():
    # PB94, Trump Seven: whoever holds the seven, upon winning a trick.
    s = new_state(["8S", "KS", "9S", "9D", "8D", "8C"], ["AS", "7H", "7S", "TD", "9C", "TC"], "9H")
    assert play(s, "8S", "AS") == 1
    assert s.current_player == 1 and s.legal_actions() == ["exchange 7H", "pass"]
    s.apply("exchange 7H")
    assert s.scores == [0, 10]


def test_no_exchange_without_the_seven_in_hand():
    # PB94, Trump Seven: the player holding the trump seven exchanges it. Seat 0 has an open turn
    # (marriage KS QS) but no 7H; the dealer holds it.
    s = new_state(["AS", "KS", "QS", "9D", "8D", "8C"], ["7S", "7H", "9S", "TD", "9C", "TC"], "9H")
    assert play(s, "AS", "7S") == 0
    assert s.legal_actions() == ["meld KS QS", "pass"]
    with pytest.raises(IllegalAction) as exc:
        s.apply("exchange 7H")
    assert "7 of trumps in hand" in exc.value.reason
    with pytest.raises(IllegalAction):
        s.apply("exchange 7S")  # not the seven of trumps either


def test_no_exchange_when_the_turnup_is_the_seven():
    # RM §3: "If the turn-up itself is the 7, the dealer already scored 10 and no exchange is
    # possible." Seat 0 wins with an open turn (marriage KS QS).
    s = new_state(["AS", "KS", "QS", "JD", "8D", "8C"], DEALER_HAND, "7H")
    assert play(s, "AS", "7S") == 0
    assert s.legal_actions() == ["meld KS QS", "pass"]


def test_exchanged_seven_is_the_faced_card_drawn_last_and_earns_no_play_bonus():
    # PB94, Trump Seven: the exchange scores 10; "the loser of the tenth trick scores 10 upon
    # drawing the last, faced card" -- here the exchanged 7H (RM §3: "turn-up, or the 7 exchanged
    # into its place"). YML note "trump seven": no play bonus for an exchanged seven.
    # Deal X (conftest): seat 0 wins all sixteen tricks; the dealer draws 7H as loser of trick
    # 10 and must follow with it to 8H at trick 11.
    s = game().new_game(seed=1, deals=[sweep_deal(**DEAL_X)])
    assert play(s, "AS", "AC") == 0
    s.apply("exchange 7H")
    s.apply("pass")
    sweep(s, LEADS_X.split()[1:], DISCARDS_X.split()[1:])
    assert "7H" in hand(s, 1) and s.stock_left == 0
    assert s.summary()["rounds"][0]["last_card"] == {"player": 1, "card": "7H"}
    play_out(s, END_X)
    assert scores_from(s, "trump seven played") == []
    # seat 0: exchange 10 + brisques 8 x 10 (PB94, Score) + all six end-game tricks 50
    # (PB94, End-game) = 140; seat 1: last faced card 10.
    assert s.rounds[0]["points"] == [140, 10]


def test_playing_the_unexchanged_trump_seven_scores_10_at_once_with_the_bonus():
    # RM §3 / §11 item 14 (mistigri): playing the never-exchanged trump 7 scores 10.
    s = game(trump_seven_play_bonus=True).new_game(seed=1, deals=[sweep_deal(**DEAL_A)])
    s.apply("play 7H")  # seat 0 leads it to trick 1
    assert s.scores == [10, 0]
    assert [(e["seat"], e["points"]) for e in scores_from(s, "trump seven played")] == [(0, 10)]


def test_the_trump_seven_scores_when_played_even_to_a_lost_trick():
    # RM §3 (mistigri): "scores 10 for its player whether or not he wins the trick".
    s = new_state(["AH", "KS", "8S", "9D", "8D", "8C"], ["7H", "7S", "9S", "TD", "9C", "TC"], "9H",
                  trump_seven_play_bonus=True)
    assert play(s, "AH", "7H") == 0
    assert s.scores == [0, 10]


def test_a_plain_seven_scores_nothing_when_played():
    # RM §3: only the seven of trumps.
    s = new_state(["AH", "KS", "8S", "9D", "8D", "8C"], ["7S", "7D", "9S", "TD", "9C", "TC"], "9H")
    play(s, "AH", "7S")
    assert s.scores == [0, 0]


def test_no_play_bonus_by_default():
    # PB94, Trump Seven scores the seven only by the exchange (RM §11 item 14): the default,
    # trump_seven_play_bonus=false, has no mistigri bonus.
    assert game().options["trump_seven_play_bonus"] is False
    s = game().new_game(seed=1, deals=[sweep_deal(**DEAL_A)])
    play_deal(s, LEADS_A, DISCARDS_A, END_A)
    assert scores_from(s, "trump seven played") == []
    # seat 0: brisques 80 + all six end-game tricks 50; seat 1: last faced card 10
    assert s.rounds[0]["points"] == [130, 10]


def test_deal_a_with_the_play_bonus():
    # As above with the mistigri bonus: seat 0 also scores 10 for leading 7H at trick 1.
    s = game(trump_seven_play_bonus=True).new_game(seed=1, deals=[sweep_deal(**DEAL_A)])
    play_deal(s, LEADS_A, DISCARDS_A, END_A)
    assert s.rounds[0]["points"] == [140, 10]


def test_turned_seven_scores_once_for_the_dealer_and_not_when_played():
    # PB94, Preliminaries: a Seven turned scores 10 for the dealer. It is then the faced card the
    # loser of trick 10 draws (10, PB94 Trump Seven); YML note "trump seven": no play bonus for
    # it. Deal A7: the dealer (seat 1) draws 7H and must play it to 9H at trick 11.
    s = game().new_game(seed=1, deals=[sweep_deal(**DEAL_A7)])
    assert s.scores == [0, 10]
    play_deal(s, LEADS_A7, DISCARDS_A, END_A7)
    assert scores_from(s, "trump seven played") == []
    assert [(e["seat"], e["points"]) for e in scores_from(s, "last faced card")] == [(1, 10)]
    # seat 0: brisques 80 + all six end-game tricks 50 = 130; seat 1: turn-up 10 + last card 10
    assert s.rounds[0]["points"] == [130, 20]


def test_loser_of_the_tenth_trick_draws_the_faced_card_and_scores_10():
    # PB94, Trump Seven: "The loser of the tenth trick scores 10 upon drawing the last, faced
    # card." Deal A: seat 0 wins trick 10 and draws the last face-down card (9H); seat 1 draws
    # the turn-up 8H. (Seat 0 led the unexchanged 7H at trick 1: nothing by default.)
    s = game().new_game(seed=1, deals=[sweep_deal(**DEAL_A)])
    sweep(s, LEADS_A.split()[:9], DISCARDS_A.split()[:9])
    assert s.scores == [0, 0] and s.stock_left == 2
    assert s.observation(0)["turnup"] == "8H"
    trick(s, "AD", "KD", winner=0)  # (seat 0 passes its declaration turn)
    assert s.stock_left == 0 and s.phase_rule.name == "end-game"
    assert "9H" in hand(s, 0) and "8H" in hand(s, 1)
    assert s.scores == [0, 10]
    assert [(e["seat"], e["points"]) for e in scores_from(s, "last faced card")] == [(1, 10)]
    assert s.summary()["rounds"][0]["last_card"] == {"player": 1, "card": "8H"}
