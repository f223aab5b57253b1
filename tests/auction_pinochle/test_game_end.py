"""Who wins a game of three-hand Auction Pinochle, when the declarer pays both opponents.

PB95, Auction Pinochle for three, Score: "If not [successful], he loses or pays it double, unless
he conceded without play" to each opponent; the stakes are the scores (YML). When the declarer's
loss is the game's last settlement, both opponents end with the same, highest total: both win.
The choice (cardcore/engine/scoring.py, README): every side with the highest total wins;
``result["winners"]`` lists their seats, ``result["winner"]`` is the first of them in seat order,
and the game score is the margin over the best side that did not win. Nobody wins only when every
side has the same total.
"""

from cardcore.text import facts
from cardcore.text.lines import seat_names
from cardcore.text.replay import result_line

from .conftest import play_first_legal_cards, registered, won_by_seat0

pytestmark = registered


def test_the_opponents_of_a_failed_declarer_both_win():
    # bid 600 with 320 in melds fails (test_contract.py): 2 x 7 to each opponent
    s = won_by_seat0(600, deals=1)
    s.apply("discard 9D TC 9C")
    play_first_legal_cards(s)
    assert s.is_terminal() and s.scores == [-28, 14, 14]
    assert s.result["winner"] == 1 and s.result["winners"] == [1, 2]
    assert s.result["game_score"] == 14 - (-28)
    assert s.returns() == [-28.0, 14.0, 14.0]
    names = seat_names(3, me=0, table=s.table)
    line = "".join(str(part) for part in facts.game_over_line(s, names))
    assert line == "Game over: West and East win by 42; totals You -28, West 14, East 14."
    assert result_line(s.result, seat_names(3)) == (
        "Finished: Seat 1 and Seat 2 win by 42; totals Seat 0 -28, Seat 1 14, Seat 2 14.")


def test_a_conceded_game_is_won_by_both_opponents():
    # bid 400, one unit per 50: stake 1 + 2 = 3, conceded: one stake to each
    s = won_by_seat0(400, deals=1)
    s.apply("concede")
    assert s.scores == [-6, 3, 3]
    assert s.result["winners"] == [1, 2] and s.result["game_score"] == 9


def test_a_declarer_who_makes_his_bid_wins_alone():
    # 320 in melds fulfil a bid of 300: won without play, one stake from each opponent
    s = won_by_seat0(300, deals=1)
    assert s.scores == [2, -1, -1]
    assert s.result["winner"] == 0 and "winners" not in s.result and s.result["game_score"] == 3


def test_simulate_counts_both_winners():
    from cardcore.sim import report
    from cardcore.sim.play import summarize

    s = won_by_seat0(400, deals=1)
    s.apply("concede")
    r = summarize(s, index=0, seed=0, bot_specs=["a", "b", "c"], seats=[2, 0, 1], decisions=1, legal_moves=1,
                  elapsed=0.0, keep_record=False)
    assert r["winners"] == [0, 2] and r["winner_seats"] == [1, 2]  # bot A in seat 2, C in seat 1
    series = {x.name: x.values.get(0) for x in report.build_series([r])}
    assert [series[f"win rate {b} ({b.lower()})"] for b in "ABC"] == [1.0, 0.0, 1.0]
    assert [series[f"seat advantage: seat {k} win rate"] for k in range(3)] == [0.0, 1.0, 1.0]
    assert series["ties"] == 0.0
