"""The shape of a round: free play, one meld per trick, winner draws first, 6 cards, 10 + 6 tricks.

K l.45: "Non-dealer leads any card ... Cards do not have to follow suit, you don't have to play
trump, and you don't have to win. [ftr]"
K l.87: "a stock card is drawn by the winner, then by the loser ... he may only declare one
combination per trick."
K l.77: "players will have a total of six cards split between their hands and the tableau."
K l.91: "until the stock is exhausted after ten tricks"; K l.117 six tricks in phase two.
"""

from .conftest import (MEAL_INITIAL, MEAL_HANDS, MEAL_PLAYS, MEAL_WINNERS, declaring, game,
                       illegal, last, new_state, play, play_out, scripted_deal, trick)


def test_phase_one_is_free_play():
    s = new_state("AS KS QS 9C 8C 7C", "TS 8S 7S 9H 8H 7H")
    assert s.current_player == 0  # dealer 1: the non-dealer leads (K l.45; CS l.23)
    s.apply("play 9C")
    # seat 1 holds no club; any of his cards may be played, a spade (no trump yet) included
    assert sorted(s.legal_actions()) == sorted("play " + c for c in "TS 8S 7S 9H 8H 7H".split())
    s = new_state("AS KS QS 9C 8C 7C", "TS 8S 7S 9H 8H 7H")
    s.apply("play AS")
    # holding spades, seat 1 still need not follow, and need not try to win
    assert len(s.legal_actions()) == 6


def test_winner_draws_first_then_the_loser():
    s = new_state("AS KS QS 9C 8C 7C", "TS 8S 7S 9H 8H AC", stock_top="JD JH")
    trick(s, "9C", "AC", winner=1)  # the follower wins (and passes): he draws the top card
    draws = [(e["seat"], e["card"]) for e in s.events if e["type"] == "draw"]
    assert draws == [(1, "JD"), (0, "JH")]
    assert s.current_player == 1  # and leads the next trick


def test_only_one_meld_per_trick():
    s = new_state("QS QH KD QD 8C 7C", "TS 8S 7S 9H 8H 7H")
    play(s, "8C", "7H", winner=0)
    s.apply("meld QS QH")
    # KD QD, QS QH QD, ... are still in hand but the declaration turn is over (K l.87)
    assert declaring(s) is None and s.decision == "play"
    assert "must play a card" in illegal(s, "meld KD QD")


def test_six_cards_between_hand_and_table_and_ten_plus_six_tricks():
    d = scripted_deal(MEAL_INITIAL, MEAL_PLAYS, MEAL_HANDS, MEAL_WINNERS)
    s = game().new_game(deals=[d])
    tricks = 0
    for k, pair in enumerate(MEAL_PLAYS):
        for seat in (0, 1):
            assert s.holding(seat).bit_count() == 6  # K l.77
        leader = s.current_player
        trick(s, pair[leader], pair[1 - leader], MEAL_WINNERS[k], meld="JS QH" if k == 0 else None)
        tricks += 1
        assert s.stock_left == 20 - 2 * tricks
    assert s.phase_rule.name == "meal" and tricks == 10  # K l.91 ten tricks
    play_out(s)
    assert sum(1 for e in s.events if e["type"] == "trick") == 16  # + six (K l.117)
    assert last(s, "round-end")
