"""Game 1000, the call of Out, and the target rising by 250.

PB95, Two-hand Pinochle: "Game is 1000. The first to reach that total calls 'Out' to end the
play, and loses if he is wrong. If both have over 1000, play up to 1250, and increase the target
by 250 each time". YML notes: counters are scored as each trick is won, so a player's score is
what he could claim with Out; `out` is listed among the moves only when it would be right, and
may still be called wrongly (typed as a word); one game won is +1 / -1 in returns(); with no
call, a deal ending with both at or over the target raises it.
"""

import random

from cardcore import load_game

from .conftest import GAME, finish_turn, new_state, play_out_deal, registered, trick, won_opening

pytestmark = registered


def test_a_wrong_out_is_not_listed_but_may_still_be_called():
    # 0 against a target of 1000: the call would lose, so it is not among the moves (nor the
    # playouts' moves); called all the same, it is a call, and it loses
    s = new_state()
    assert "out" not in s.legal_actions()
    assert "out" not in s.legal_moves()
    s.apply("out")
    assert s.summary()["result"]["claim"] == {"player": 0, "right": False}


def test_a_right_out_is_listed_at_every_decision():
    # target 150: the flush reaches it, and from then on the call is among seat 0's moves at
    # its declaration turn and at its lead
    s = won_opening("AH TH KH QH JH", target=150)
    assert "out" not in s.legal_actions()
    s.apply("meld AH TH KH QH JH")
    assert s.scores[0] == 150
    while s.current_player == 0 and "pass" in s.legal_actions():
        assert "out" in s.legal_actions() and "out" in s.legal_moves()
        s.apply("pass")
    assert s.current_player == 0 and s.legal_actions()[0].startswith("play ")
    assert s.legal_actions()[-1] == "out" and s.legal_moves()[-1] == "out"


def test_random_play_lists_out_from_the_mover_s_own_count_and_plays_whole_games():
    # the call is listed exactly when the mover's score, which his observation holds, is at or
    # over the target: what he knows. Uniformly random play then makes no wrong call, and with
    # at most 250 in counters and last trick a deal between both players, a game to 1000 takes
    # more than one deal
    game = load_game(GAME)
    for seed in range(3):
        s, rng = game.new_game(seed=seed), random.Random(seed)
        while not s.is_terminal():
            seat = s.current_player
            listed = "out" in s.legal_actions()
            assert listed == (s.observation(seat)["scores"][seat] >= s.summary()["target"])
            s.apply(rng.choice(s.legal_actions()))
        assert s.summary()["result"].get("claim", {"right": True})["right"]
        assert len(s.summary()["rounds"]) > 1


def test_wrong_out_loses():
    # seat 0 calls at once with 0 < 1000: he loses, whatever his opponent holds
    s = new_state()
    s.apply("out")
    assert s.is_terminal()
    assert s.summary()["result"]["winner"] == 1
    assert s.returns() == [-1.0, 1.0]


def test_wrong_out_loses_even_when_ahead():
    # flush 150 against 0, target 1000: still wrong
    s = won_opening("AH TH KH QH JH")
    s.apply("meld AH TH KH QH JH")
    finish_turn(s)
    assert s.scores == [150, 0]
    s.apply("out")
    assert s.returns() == [-1.0, 1.0]


def test_right_out_wins_at_once():
    # with a target of 150 the flush reaches it: the call at seat 0's next decision wins
    s = won_opening("AH TH KH QH JH", target=150)
    s.apply("meld AH TH KH QH JH")
    finish_turn(s)
    s.apply("out")
    assert s.is_terminal()
    assert s.summary()["result"]["winner"] == 0
    assert s.returns() == [1.0, -1.0]


def test_target_rises_when_both_pass_it():
    # target 20: seat 0 melds a plain marriage (20) on the opening trick; seat 1 trumps the
    # next lead (free play, 9H on 9C: hearts trump) and melds KD QD (20). Both are at or over 20
    # at the end of the deal, so the target becomes 20 + 250 = 270 and a second deal is played.
    s = won_opening("KS QS 9C", "9H KD QD", target=20)
    s.apply("meld KS QS")
    finish_turn(s)
    trick(s, "9C", "9H", winner=1)
    s.apply("meld KD QD")
    finish_turn(s)
    assert s.summary()["target"] == 20   # raised only when the deal ends
    play_out_deal(s)
    assert not s.is_terminal()
    assert len(s.summary()["rounds"]) == 2
    assert s.summary()["target"] == 270


def test_default_target_and_step():
    # PB95: game is 1000; the summary reports the current target
    assert new_state().summary()["target"] == 1000


def test_simplified_count_divides_the_target_by_ten():
    # PB95, Melds: with the simplified count "all scores quoted below are divided by 10", the
    # game's 1000 among them (YML, score_scale): 100
    assert new_state(card_points="simplified").summary()["target"] == 100


def test_alone_over_the_target_at_the_end_of_a_deal_wins():
    # YML notes: with no call, a player alone at or over the target when a deal ends wins.
    # Target 260: seat 0 melds the dix 10 and the flush 150 on trick 1, Aces around 100 on
    # trick 2: 260. Seat 1 never melds, so he ends with at most the pack's 250 < 260.
    s = won_opening("AH TH KH QH JH 9H AS AD AC 9C", "9D", target=260)
    s.apply("meld 9H")
    s.apply("meld AH TH KH QH JH")
    finish_turn(s)
    trick(s, "9C", "9D", winner=0)
    s.apply("meld AS AH AD AC")
    finish_turn(s)
    assert s.scores[0] == 260 and not s.is_terminal()   # no call, so play goes on
    play_out_deal(s)
    assert s.is_terminal()
    assert s.returns() == [1.0, -1.0]
