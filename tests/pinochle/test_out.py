"""Game 1000, the call of Out, and the target rising by 250.

PB95, Two-hand Pinochle: "Game is 1000. The first to reach that total calls 'Out' to end the
play, and loses if he is wrong. If both have over 1000, play up to 1250, and increase the target
by 250 each time". YML notes: `out` is legal at each of the mover's decisions; one game won is
+1 / -1 in returns(); with no call, a deal ending with both at or over the target raises it.
"""

from .conftest import finish_turn, new_state, play_out_deal, registered, trick, won_opening

pytestmark = registered


def test_out_is_always_open_to_the_mover():
    s = new_state()
    assert "out" in s.legal_actions()


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
