"""Marjolet game end: deals until a player reaches the target.

PB94, Object: "To reach 500 (or 1000 or 1500) points over as many deals as necessary, each
dealing alternately." PB94, Score: "The winner is the player with the higher score at the end of
the deal in which either player reached the target. (Presumably. Source not explicit.)"
RM §11 item 16; option game_end=immediate: the first to reach the target wins at once (YML).

The scenarios of the first tests were built with the mistigri play bonus (option
trump_seven_play_bonus=true, RM §3 and §11 item 14), so they keep it (``bonus_game``); the
simultaneous-crossing tests at the end use the Penguin rules (the default, no play bonus).

The deals (conftest), all with hearts trump, and what they score, by hand:
  M (dealer 1): seat 0 = 7H led at trick 1, 10 (play bonus, RM §3) + melds 100 (four aces) + 40 (JH QH)
      + 40 (KH QH) + 20 (JH QS) + 20 (KS QS) + 20 (JH QD) + 20 (KD QD) + 40 (four queens)
      + 20 (JH QC) + 20 (KC QC) = 340 (PB94, Play) + brisques 80 (PB94, Score) + all six
      end-game tricks 50 (PB94, End-game) = 480; seat 1 = the faced 9H drawn at trick 10, 10.
  M mirrored (dealer 0): the same with the seats swapped: seat 1 480, seat 0 10.
  A7 (dealer 1): the turn-up 7H, 10 to the dealer at once (PB94, Preliminaries); the dealer
      draws it as loser of trick 10, 10 (PB94, Trump Seven); the elder takes every card:
      brisques 80 + all six 50 = 130. A7 mirrored (dealer 0): the same with the seats swapped.
  Without the play bonus (the default) M gives the elder 470, not 480, and B (dealer 1) gives
      the elder brisques 60 and the dealer the faced 9H 10 + last trick 10 + brisques 20 = 40
      (test_endgame); B mirrored (dealer 0) the same with the seats swapped.
"""

from .conftest import (
    DEAL_A7, DEAL_B, DEAL_M, DISCARDS_A, DISCARDS_B, DISCARDS_M, END_A7, END_B, END_M, LEADS_A7,
    LEADS_B, LEADS_M, MELDS_M, game, hand, play_deal, scores_from, sweep_deal,
)


def bonus_game(**options):
    return game(trump_seven_play_bonus=True, **options)


def play_m(s):
    play_deal(s, LEADS_M, DISCARDS_M, END_M, MELDS_M)


def play_a7(s):
    play_deal(s, LEADS_A7, DISCARDS_A, END_A7)


def test_target_is_500_by_default_with_1000_and_1500_as_options():
    # PB94, Object: "To reach 500 (or 1000 or 1500) points".
    assert game().options["target"] == 500
    assert game(target=1000).options["target"] == 1000
    assert game(target=1500).options["target"] == 1500


def test_deal_m_scores():
    s = bonus_game().new_game(deals=[sweep_deal(**DEAL_M), sweep_deal(**DEAL_A7, dealer=0)])
    play_m(s)
    assert s.rounds[0]["points"] == [480, 10]
    assert sum(m["points"] for m in s.rounds[0]["melds"]) == 340


def test_another_deal_when_the_target_is_not_reached_dealers_alternate():
    # PB94, Object: as many deals as necessary, each dealing alternately. After deal M: 480 and
    # 10, no one at 500: deal 2, dealt by seat 0 (its turn-up 7H scores the dealer 10 at once),
    # and elder (seat 1) leads.
    s = bonus_game().new_game(deals=[sweep_deal(**DEAL_M), sweep_deal(**DEAL_A7, dealer=0)])
    play_m(s)
    assert s.result is None
    assert len(s.rounds) == 2 and s.dealer == 0 and s.current_player == 1
    assert s.scores == [490, 10]


def test_game_ends_with_the_deal_in_which_the_target_is_reached():
    # PB94, Score (end-of-deal, the default). Deal 2 = A7 mirrored: seat 0 (dealer) 10 for the
    # turned seven and 10 for the last faced card: 480 + 20 = 500 at trick 10; the deal is
    # played out: seat 1 (elder) 130 more, 10 + 130 = 140. Seat 0 wins by 360.
    s = bonus_game().new_game(deals=[sweep_deal(**DEAL_M), sweep_deal(**DEAL_A7, dealer=0)])
    play_m(s)
    play_a7(s)
    assert s.rounds[1]["points"] == [20, 130]
    assert s.result == {"winner": 0, "game_score": 360, "lurched": False, "totals": [500, 140]}
    assert len(s.rounds) == 2
    assert s.legal_actions() == []


def test_immediate_game_end_the_moment_the_target_is_reached():
    # Option game_end=immediate (RM §11 item 16, YML): seat 0 reaches 500 on drawing the faced
    # 7H after trick 10 of deal 2, in mid-deal: the end-game is never played. Seat 1 has 10
    # (deal 1) and nothing yet in deal 2. The game score is the margin then (YML note).
    s = bonus_game(game_end="immediate").new_game(deals=[sweep_deal(**DEAL_M), sweep_deal(**DEAL_A7, dealer=0)])
    play_m(s)
    assert s.result is None and s.scores == [490, 10]
    play_a7(s)  # stops by itself when the game ends
    assert s.result == {"winner": 0, "game_score": 490, "lurched": False, "totals": [500, 10]}
    assert s.tricks_played == 10
    assert len(hand(s, 0)) == len(hand(s, 1)) == 6  # the six end-game tricks were not played
    assert s.legal_actions() == []


def three_deals():
    return [sweep_deal(**DEAL_M), sweep_deal(**DEAL_M, dealer=0), sweep_deal(**DEAL_A7)]


def test_higher_score_at_the_end_of_the_deal_wins_not_the_first_to_reach():
    # PB94, Score: "the higher score at the end of the deal in which either player reached the
    # target". After M and M mirrored: 480 + 10 = 490 each. Deal 3 (A7, dealer seat 1): seat 1
    # reaches 500 with the turned seven at once, but seat 0 ends the deal at 490 + 130 = 620
    # against 490 + 10 + 10 = 510, and wins by 110.
    s = bonus_game().new_game(deals=three_deals())
    play_m(s)
    play_m(s)
    # deal 3 has begun and the dealer (seat 1) has scored its turned seven: 500, game not over
    assert s.scores == [490, 500] and s.result is None and len(s.rounds) == 3
    play_a7(s)
    assert s.result == {"winner": 0, "game_score": 110, "lurched": False, "totals": [620, 510]}


def test_immediate_first_to_reach_wins_even_if_behind_later():
    # Option game_end=immediate, same deals: seat 1 reaches 500 with the turned seven of deal 3
    # (the dealer scores it at the deal, PB94 Preliminaries) and wins at once, by 10.
    s = bonus_game(game_end="immediate").new_game(deals=three_deals())
    play_m(s)
    play_m(s)
    assert s.result == {"winner": 1, "game_score": 10, "lurched": False, "totals": [490, 500]}
    assert len(s.rounds) == 3 and s.legal_actions() == []


def test_scores_do_not_reset_between_deals():
    # PB94, Object: points are reached "over as many deals as necessary".
    s = bonus_game().new_game(deals=three_deals())
    play_m(s)
    play_m(s)
    assert [r["points"] for r in s.rounds] == [[480, 10], [10, 480], [0, 10]]
    assert s.scores == [490, 500]


# ---------------------------------------------------------------- both reach the target at once
def crossing_deals():
    """M mirrored, M, M mirrored, M, then B mirrored: the first dealer is seat 0, deals alternate."""
    m, m0 = sweep_deal(**DEAL_M), sweep_deal(**DEAL_M, dealer=0)
    return [m0, m, m0, m, sweep_deal(**DEAL_B, dealer=0)]


def play_to_the_last_count(s):
    """Four M deals, each 470 to its elder and 10 to its dealer: 960 each, target 1000 not
    reached. Then B mirrored: seat 1 (elder) scores nothing in play, seat 0 (dealer) the faced
    9H 10 and the last trick 10: 980, still short."""
    for _ in range(4):
        play_m(s)
    assert s.scores == [960, 960] and s.result is None
    play_deal(s, LEADS_B, DISCARDS_B, END_B)


def test_immediate_both_reach_the_target_in_one_count_the_higher_total_wins():
    # Option game_end=immediate. The brisques are one count at the end of the deal (PB94, Score:
    # "Each player then sorts through his won cards and scores 10 for each brisque"), so they come
    # to both at once: seat 0 (dealer of B) 2 brisques, 980 + 20 = 1000; seat 1 6 brisques,
    # 960 + 60 = 1020. Both reach 1000 in that count and neither first: the higher total wins,
    # seat 1 by 20 (YML note "reaching the target together"), not seat 0 for being counted first.
    s = game(game_end="immediate", target=1000).new_game(deals=crossing_deals())
    play_to_the_last_count(s)
    assert [(e["seat"], e["points"]) for e in scores_from(s, "brisques")][-2:] == [(0, 20), (1, 60)]
    assert s.result == {"winner": 1, "game_score": 20, "lurched": False, "totals": [1000, 1020]}
    assert s.rounds[-1]["points"] == [40, 60]


def test_end_of_deal_same_deals_same_winner():
    # The default game end (PB94, Score) gives the same result here: the higher score at the end
    # of the deal in which the target was reached.
    s = game(target=1000).new_game(deals=crossing_deals())
    play_to_the_last_count(s)
    assert s.result == {"winner": 1, "game_score": 20, "lurched": False, "totals": [1000, 1020]}

