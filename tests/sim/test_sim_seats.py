"""`cardcore simulate` and `compare` at tables of three and four seats (the test games of
``seatgames``): one bot per seat or one for all, the seats rotating, win rates per seat and per
side, and the contract measures of games with an auction."""

from __future__ import annotations

import json

import pytest
import seatgames
from click.testing import CliRunner

from cardcore.cli import cli
from cardcore.records import read_record
from cardcore.sim import report
from cardcore.sim.play import contract_of
from cardcore.sim.runner import run


@pytest.fixture(autouse=True, scope="module")
def _seat_games():
    with seatgames.registered():
        yield


def metrics(*args):
    result = CliRunner().invoke(cli, ["simulate", *args, "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    return data, {m["name"]: m for m in data["metrics"]}


def test_the_seats_rotate_through_the_table():
    # game i: bot A in seat i mod 3, B in the next seat, C in the one after
    results = run("triad", ("random", "greedy", "greedy"), 6, seed=4)
    assert [r["seats"] for r in results] == [[0, 1, 2], [1, 2, 0], [2, 0, 1]] * 2
    for r in results:
        assert sum(r["game_score"]) == 0  # three players alone settle zero-sum


def test_one_bot_for_every_seat_and_a_win_rate_per_seat():
    data, m = metrics("triad", "--bots", "greedy", "-n", "6", "--seed", "3")
    assert data["bots"] == {"A": "greedy", "B": "greedy", "C": "greedy"}
    seats = [m[f"seat advantage: seat {s} win rate"] for s in range(3)]
    ties = m["ties"]["estimate"]
    # exactly one seat wins each game that is not tied
    assert sum(s["estimate"] for s in seats) == pytest.approx(1 - ties)
    assert all(s["low"] <= s["estimate"] <= s["high"] and s["n"] == 6 for s in seats)
    assert "side win rate: seats 0+2" not in m  # everyone plays alone


def test_partners_win_together_and_each_side_has_a_win_rate():
    _data, m = metrics("quartet", "--bots", "random,greedy,random,greedy", "-n", "8", "--seed", "5")
    # the seats rotate by one, so bots A and C always sit opposite each other: partners
    assert m["win rate A (random)"]["estimate"] == m["win rate C (random)"]["estimate"]
    assert m["win rate B (greedy)"]["estimate"] == m["win rate D (greedy)"]["estimate"]
    assert m["win rate A (random)"]["estimate"] + m["win rate B (greedy)"]["estimate"] == pytest.approx(1)
    sides = m["side win rate: seats 0+2"]["estimate"], m["side win rate: seats 1+3"]["estimate"]
    assert sum(sides) == pytest.approx(1)
    assert m["seat advantage: seat 0 win rate"]["estimate"] == sides[0]
    assert m["seat advantage: seat 3 win rate"]["estimate"] == sides[1]
    assert m["game score A (random)"]["estimate"] == -m["game score B (greedy)"]["estimate"]


def test_the_wrong_number_of_bots_says_how_many():
    result = CliRunner().invoke(cli, ["simulate", "quartet", "--bots", "random,greedy", "-n", "2", "--seed", "1"])
    assert result.exit_code == 1 and result.stdout == ""
    assert "give 4 bots with --bots" in result.stderr and "or one for every seat" in result.stderr


def test_compare_arms_of_four_seats_on_the_same_deals(tmp_path):
    rec = tmp_path / "rec"
    result = CliRunner().invoke(cli, ["compare", "quartet", "quartet(target=60)", "-n", "4", "--seed", "2",
                                      "--records", str(rec), "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["paired"] == [True, True]
    names = [m["name"] for m in data["metrics"]]
    assert "side win rate: seats 1+3" in names and "win rate D (greedy)" in names
    for i in range(4):  # common random numbers: each game's first deal is the same in both arms
        first = read_record(rec / "arm-1" / f"{i:04d}.json")
        second = read_record(rec / "arm-2" / f"{i:04d}.json")
        assert first["seed"] == second["seed"] and first["deals"][0] == second["deals"][0]


# ------------------------------------------------------------------------------ contracts
def test_a_deals_contract_is_read_from_its_summary():
    bot_at = {0: 2, 1: 0, 2: 1}  # seat -> bot
    assert contract_of({"bidder": 1, "bid": 300, "outcome": "made"}, bot_at) == {
        "declarer": 0, "declarer_seat": 1, "bid": 300, "made": True}
    assert contract_of({"bidder": 0, "bid": 350, "outcome": "made-without-play"}, bot_at)["made"] is True
    assert contract_of({"declarer": 2, "contract": 250, "outcome": "conceded"}, bot_at)["made"] is False
    assert contract_of({"bidder": 2, "bid": 250, "outcome": "failed"}, bot_at)["declarer"] == 1
    assert contract_of({"bidder": None, "bid": None, "outcome": "annulled"}, bot_at) is None
    assert contract_of({"dealer": 0, "points": [1, 2, 3]}, bot_at) is None  # no auction at all


def test_contract_measures_made_set_mean_bid_and_who_takes_them():
    def game(index, contracts, rounds):
        return {"index": index, "rounds": rounds, "contracts": [
            {"declarer": bot, "declarer_seat": bot, "bid": bid, "made": made} for bot, bid, made in contracts]}

    results = [game(0, [(0, 300, True), (1, 250, False)], 2), game(1, [(0, 350, True)], 2)]
    rows = {s.name: report.estimate(s).estimate
            for s in report.contract_series(results, ["A", "B"], ["greedy", "random"])}
    # three contracts: two made, one set; bids 300, 250, 350; A took two in four deals, B one
    assert rows["contracts made"] == pytest.approx(2 / 3)
    assert rows["contracts set"] == pytest.approx(1 / 3)
    assert rows["mean winning bid"] == pytest.approx(300)
    assert rows["contracts taken per round A (greedy)"] == pytest.approx(2 / 4)
    assert rows["contracts taken per round B (random)"] == pytest.approx(1 / 4)


def test_games_without_an_auction_have_no_contract_rows():
    _data, m = metrics("triad", "-n", "2", "--seed", "1")
    assert not [name for name in m if "contract" in name or "winning bid" in name]


def test_compare_tables_of_three_and_four_with_one_bot_for_every_seat():
    result = CliRunner().invoke(cli, ["compare", "triad", "quartet", "-n", "2", "--seed", "1", "--json"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["bots"] == {"A": "greedy", "B": "greedy", "C": "greedy", "D": "greedy"}
    rows = {m["name"]: m for m in data["metrics"]}
    assert rows["win rate D (greedy)"]["arms"][0] is None  # triad has no fourth seat
    two = CliRunner().invoke(cli, ["compare", "triad", "quartet", "--bots", "random,greedy", "-n", "2"])
    assert two.exit_code == 1 and "need one bot for every seat" in two.stderr and two.stdout == ""
