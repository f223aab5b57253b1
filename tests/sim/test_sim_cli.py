"""`cardcore simulate` and `cardcore compare` through click's CliRunner."""

import csv
import io
import json
import re
import sys
import weakref
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcore import cli_sim
from cardcore.cli import cli
from cardcore.records import read_record, replay

REPO = Path(__file__).resolve().parents[2]


def invoke(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def simulate_json(*args):
    result = invoke("simulate", *args, "--json")
    assert result.exit_code == 0, result.output
    return {m["name"]: m for m in json.loads(result.stdout)["metrics"]}


ISSUE_METRICS = [
    "win rate A (random)", "win rate B (greedy)", "game score A (random)",
    "points per round A: twins", "points per round B: phase-two brisques",
    "points per round A: book bonus", "seat advantage: seat 0 win rate",
    "seat advantage: first dealer win rate", "event: quadruplets or reunions declared",
    "event: blocks suffered", "event: lurched", "decisions per game",
    "legal moves per decision", "seconds per game",
]


def test_simulate_text_shows_every_metric_of_the_issue_within_100_columns():
    result = invoke("simulate", "penchant", "--bots", "random,greedy", "-n", "10", "--seed", "4")
    assert result.exit_code == 0, result.output
    out = result.stdout
    for name in ISSUE_METRICS + ["95% CI", "meld share of points", "stock leader wins the deal",
                                 "lead changes per game", "margin"]:
        assert name in out
    assert all(len(line) <= 100 for line in out.splitlines())
    assert "seed 4" in out


def test_simulate_json_has_estimates_with_intervals():
    metrics = simulate_json("penchant", "--bots", "random,greedy", "-n", "10", "--seed", "4")
    for name in ISSUE_METRICS:
        assert name in metrics, name
    win = metrics["win rate B (greedy)"]
    assert set(win) == {"name", "estimate", "low", "high", "n"}
    assert win["low"] <= win["estimate"] <= win["high"] and win["n"] == 10
    meld_kinds = [n for n in metrics if n.startswith("points per round A: ")]
    assert {"points per round A: triplets", "points per round A: reunion"} <= set(meld_kinds)


def test_simulate_csv():
    result = invoke("simulate", "penneech", "--bots", "random,greedy", "-n", "6", "--seed", "4", "--csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert list(rows[0]) == ["name", "estimate", "low", "high", "n"]
    names = {r["name"] for r in rows}
    assert {"win rate A (random)", "event: throw-ins", "points per round B: card won"} <= names


def test_simulate_same_seed_same_numbers_for_any_jobs():
    args = ["penneech", "--bots", "random,greedy", "-n", "8", "--seed", "9"]
    a, b = simulate_json(*args), simulate_json(*args, "--jobs", "2")
    a.pop("seconds per game"), b.pop("seconds per game")
    assert a == b


def test_simulate_prints_a_random_seed_to_stderr():
    result = invoke("simulate", "penneech", "--bots", "random,random", "-n", "2", "--json")
    assert result.exit_code == 0
    assert result.stderr.startswith("seed: ")
    json.loads(result.stdout)  # stdout stays pure JSON


def test_simulate_records_replay(tmp_path):
    result = invoke("simulate", "penchant", "-o", "scoring=19th-century", "--bots", "random,greedy",
                    "-n", "5", "--seed", "3", "--records", str(tmp_path / "rec"))
    assert result.exit_code == 0, result.output
    files = sorted((tmp_path / "rec").iterdir())
    assert [f.name for f in files] == [f"{i:04d}.json" for i in range(5)]
    for f in files:
        record = read_record(f)
        assert record["options"]["scoring"] == "19th-century"
        state = replay(record)
        assert state.is_terminal()


def test_simulate_bad_bot_is_one_line_listing_the_bots():
    result = invoke("simulate", "penchant", "--bots", "random,wizard", "-n", "2", "--seed", "1")
    assert result.exit_code == 1
    assert "unknown bot 'wizard'" in result.stderr and "greedy" in result.stderr
    assert "Traceback" not in result.output and result.stdout == ""


def test_simulate_bad_option_and_bad_usage():
    result = invoke("simulate", "penchant", "-o", "scoring=nope", "-n", "2", "--seed", "1")
    assert result.exit_code == 1 and "scoring" in result.stderr and "Traceback" not in result.output
    assert invoke("simulate", "penchant", "--json", "--csv").exit_code == 2
    assert invoke("simulate", "penchant", "--bots", "random,(x", "--seed", "1").exit_code == 1


def test_bot_specs_split_on_commas_outside_parentheses():
    assert cli_sim.split_bots("ismcts(iterations=5,exploration=0.5), random") == [
        "ismcts(iterations=5,exploration=0.5)", "random"]
    result = invoke("simulate", "penneech", "--bots", "ismcts(iterations=3,exploration=0.5),random",
                    "-n", "2", "--seed", "1", "--json")
    assert result.exit_code == 0, result.output
    names = [m["name"] for m in json.loads(result.stdout)["metrics"]]
    assert "win rate A (ismcts(iterations=3,exploration=0.5))" in names


@pytest.fixture(scope="module")
def compared(tmp_path_factory):
    rec = tmp_path_factory.mktemp("compare") / "rec"
    args = ["compare", "penchant(scoring=modern)", "penchant(scoring=19th-century)",
            "--bots", "greedy,greedy", "-n", "12", "--seed", "5", "--records", str(rec)]
    text = CliRunner().invoke(cli, args, catch_exceptions=False)
    data = CliRunner().invoke(cli, args + ["--json"], catch_exceptions=False)
    assert text.exit_code == 0 and data.exit_code == 0, text.output
    return text.stdout, json.loads(data.stdout), rec


def test_compare_prints_one_column_per_arm_and_the_difference(compared):
    text, _data, _rec = compared
    header = next(line for line in text.splitlines() if line.startswith("metric"))
    assert header.split() == ["metric", "arm", "1", "arm", "2", "Δ", "vs", "first"]
    assert "arm 2: penchant(scoring=19th-century)" in text
    assert all(len(line) <= 100 for line in text.splitlines())


def test_compare_differences_are_paired_on_the_same_deals(compared):
    _text, data, rec = compared
    assert data["paired"] == [True, True]
    metrics = {m["name"]: m for m in data["metrics"]}
    lurch = metrics["event: lurched"]
    assert lurch["delta"][0] is None and lurch["delta"][1]["method"] == "paired"
    # the 19th-century count halves the brisques: a difference, with its interval, on every game
    brisques = metrics["points per round A: phase-two brisques"]
    assert brisques["delta"][1]["high"] < 0
    for i in range(12):
        a = read_record(rec / "arm-1" / f"{i:04d}.json")
        b = read_record(rec / "arm-2" / f"{i:04d}.json")
        assert a["seed"] == b["seed"] and a["deals"][0] == b["deals"][0]


def test_compare_across_games_uses_welch(tmp_path):
    result = invoke("compare", "penchant", "penneech", "--bots", "random,greedy", "-n", "6",
                    "--seed", "2", "--csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    methods = {r["delta_method"] for r in rows if r["arm"] == "2" and r["delta"]}
    assert methods == {"welch", "newcombe"}
    win = next(r for r in rows if r["name"] == "win rate A (random)" and r["arm"] == "2")
    assert win["delta_method"] == "newcombe" and win["delta_low"] and win["delta_high"]
    assert any(r["name"] == "event: throw-ins" and r["arm"] == "2" for r in rows)
    assert not any(r["name"] == "event: throw-ins" and r["arm"] == "1" for r in rows)


def test_compare_skill_depth_and_plot(tmp_path, monkeypatch):
    monkeypatch.setattr(cli_sim, "SKILL_DEPTH_BOTS", ("greedy", "random"))  # fast stand-in
    png = tmp_path / "cmp.png"
    result = invoke("compare", "penneech", "penneech(target=31)", "-n", "4", "--seed", "1",
                    "--skill-depth", "4", "--plot", str(png), "--json")
    assert result.exit_code == 0, result.output
    metrics = {m["name"]: m for m in json.loads(result.stdout)["metrics"]}
    skill = metrics["skill depth: ismcts win rate vs random"]
    assert all(a["n"] == 4 for a in skill["arms"])
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_compare_bad_arm_is_one_line():
    result = invoke("compare", "penchant", "nogame", "-n", "2", "--seed", "1")
    assert result.exit_code == 1 and "unknown game 'nogame'" in result.stderr
    assert "Traceback" not in result.output


def test_a_wrong_number_of_bots_is_refused_before_the_seed_is_drawn():
    # without --seed a seed is drawn and printed; bad input must fail first, in one line
    for args in (["simulate", "penchant", "--bots", "random,random,random", "-n", "2"],
                 ["compare", "penchant", "penneech", "--bots", "random,random,random", "-n", "2"]):
        result = invoke(*args)
        assert result.exit_code == 1
        assert result.stderr.splitlines() == [
            "Error: penchant is played by 2; give 2 bots with --bots, e.g. random,random, or one "
            "for every seat (got 3)"]


def test_compare_plot_without_matplotlib_fails_before_any_game(tmp_path, monkeypatch):
    played = []
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib: ImportError
    monkeypatch.setattr(cli_sim, "stream", lambda *a, **k: played.append(a) or [])
    result = invoke("compare", "penneech", "penneech(target=31)", "-n", "4", "--seed", "1",
                    "--plot", str(tmp_path / "cmp.png"))
    assert result.exit_code == 1 and played == []
    assert result.stderr == "Error: --plot needs matplotlib: pip install 'cardcore[plot]'\n"


def test_compare_plot_to_an_unwritable_path_fails_before_any_game(tmp_path, monkeypatch):
    played = []
    monkeypatch.setattr(cli_sim, "stream", lambda *a, **k: played.append(a) or [])
    target = tmp_path / "no-such-directory" / "cmp.png"
    result = invoke("compare", "penneech", "penneech(target=31)", "-n", "4", "--seed", "1",
                    "--plot", str(target))
    assert result.exit_code == 1 and played == []
    assert result.stderr == f"Error: cannot write the plot to {target}: No such file or directory\n"


def test_make_play_installs_what_compare_plot_needs():
    makefile = (REPO / "Makefile").read_text()
    recipe = makefile.split("$(VENV)/.installed:", 1)[1].split("\n\n", 1)[0]
    extras = re.search(r"pip install .*'\.\[([a-z,]+)\]'", recipe).group(1).split(",")
    assert {"web", "plot"} <= set(extras)


@pytest.mark.parametrize("game", ["auction-pinochle", "partnership-auction-pinochle"])
def test_auction_outcomes_are_per_game_and_add_up_to_the_deals(game):
    # every deal ends one way (made, failed or set, conceded, annulled...): counted per game,
    # a game without that outcome counting 0, their means add up to the deals per game
    metrics = simulate_json(game, "-n", "12", "--seed", "1")
    outcomes = [m for name, m in metrics.items() if name.startswith("event: deals ")]
    assert len(outcomes) >= 3 and all(m["n"] == 12 for m in outcomes)
    deals = metrics["event: deals"]["estimate"]
    assert sum(m["estimate"] for m in outcomes) == pytest.approx(deals)


def test_simulate_keeps_no_game_whole_once_it_is_counted(monkeypatch):
    # a game's dict is some kilobytes (every deal's points, events, contracts): folded into the
    # statistics as it comes, none is left when the estimates are made
    from cardcore.sim import report, runner

    alive = weakref.WeakSet()

    class Game(dict):  # a dict that can be watched
        __hash__ = object.__hash__

    def play_one(*args):
        game = Game(real_play_one(*args))
        alive.add(game)
        return game

    real_play_one, real_aggregate = runner.play_one, report.aggregate
    seen = []
    monkeypatch.setattr(runner, "play_one", play_one)
    monkeypatch.setattr(report, "aggregate", lambda *a: seen.append(len(alive)) or real_aggregate(*a))
    result = invoke("simulate", "penneech", "--bots", "random,greedy", "-n", "30", "--seed", "9", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["metrics"][0]["n"] == 30
    assert seen == [0]


def test_compare_says_which_games_went_move_for_move_as_in_the_first_arm(compared):
    _text, data, rec = compared
    same = {m["name"]: m for m in data["metrics"]}["games played move for move as in arm 1"]
    assert same["arms"][0] is None and same["arms"][1]["n"] == 12
    alike = sum(read_record(rec / "arm-1" / f"{i:04d}.json")["actions"]
                == read_record(rec / "arm-2" / f"{i:04d}.json")["actions"] for i in range(12))
    assert same["arms"][1]["estimate"] == pytest.approx(alike / 12)
    assert data["unchanged"] == [False, alike == 12]


def test_compare_says_when_an_option_changed_nothing_the_bots_did():
    # the lurch threshold counts only when the game is scored at its end; greedy bots choose by
    # the points of the move, so every game is played move for move alike
    args = ["compare", "penchant", "penchant(lurch_threshold=30)", "--bots", "greedy", "-n", "6",
            "--seed", "1"]
    text = invoke(*args).stdout
    assert ("arm 2 played every game move for move as arm 1 did: its rules changed nothing the "
            "bots did") in text
    data = json.loads(invoke(*args, "--json").stdout)
    assert data["unchanged"] == [False, True]
    rows = list(csv.DictReader(io.StringIO(invoke(*args, "--csv").stdout)))
    (same,) = [r for r in rows if r["name"] == "games played move for move as in arm 1"]
    assert same["arm"] == "2" and float(same["estimate"]) == 1.0 and same["n"] == "6"
