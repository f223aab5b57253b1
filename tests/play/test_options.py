"""`cardcore play` options through click's CliRunner (plain output, since it is no terminal):
the opponent (--bot, --level), the seat, hints, watching, and who sat where kept for --resume."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from cardcore import load_game
from cardcore.cli import cli, split_specs
from cardcore.players import level_bot
from cardcore.plugins import bot_names


def run(args, input="quit\n"):
    return CliRunner().invoke(cli, ["play", *args], input=input)


def ok(result):
    assert result.exception is None, result.output
    assert result.exit_code == 0, result.output
    return result.stdout


def record(path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


NORMAL = "heuristic" if "heuristic" in bot_names("penchant") else "greedy"
HARD = "ismcts(iterations=3000,seconds=2" + (",guide=heuristic)" if "heuristic" in bot_names("penchant") else ")")


@pytest.mark.parametrize("args, bot", [
    ([], NORMAL),
    (["--level", "normal"], NORMAL),
    (["--level", "easy"], "greedy"),
    (["--level", "hard"], HARD),
    (["--bot", "random"], "random"),
    (["--bot", "ismcts(iterations=50)"], "ismcts(iterations=50)"),
])
def test_the_opponent_by_name_or_level(tmp_path, args, bot):
    path = tmp_path / "g.json"
    # seed 3: seat 0 deals, so seat 1 leads and the person in seat 1 answers first
    out = ok(run(["penchant", "--seed", "3", "--seat", "1", "--record", str(path), *args]))
    assert f"You are seat 1, against seat 0 ({bot})" in out
    assert record(path)["players"] == [bot, "human"]
    assert "cardcore play --resume" in out


@pytest.mark.parametrize("args", [
    ["--bot", "greedy", "--level", "easy"],
    ["--watch", "--seat", "0"],
    ["--bots", "greedy"],
    ["--bots", "greedy,greedy,greedy"],
    ["--seat", "2"],
    ["--level", "expert"],
    ["--delay", "-1"],
])
def test_bad_combinations_are_usage_errors(tmp_path, args):
    result = run(["penchant", "--record", str(tmp_path / "g.json"), *args])
    assert result.exit_code == 2, result.output
    assert not (tmp_path / "g.json").exists()


@pytest.mark.parametrize("args", [["--bot", "nobot"], ["--hint-bot", "nobot"], ["--bots", "greedy,nobot"]])
def test_unknown_bots_are_input_errors_listing_the_bots(tmp_path, args):
    result = run(["penchant", "--record", str(tmp_path / "g.json"), *args])
    assert result.exit_code == 1
    assert "nobot" in result.stderr and "greedy" in result.stderr
    assert result.stdout == ""
    assert not (tmp_path / "g.json").exists()


def test_split_specs_keeps_commas_inside_brackets():
    assert split_specs("ismcts(iterations=9,seconds=1),greedy") == ["ismcts(iterations=9,seconds=1)", "greedy"]
    assert split_specs(" random , pimc ") == ["random", "pimc"]


def test_resume_keeps_the_seat_and_the_opponent_unless_told_otherwise(tmp_path):
    path = tmp_path / "g.json"
    ok(run(["penchant", "--seed", "3", "--seat", "1", "--level", "easy", "--record", str(path)], input="1\n1\nquit\n"))
    before = record(path)
    assert before["players"] == ["greedy", "human"]
    out = ok(run(["--resume", str(path)], input="quit\n"))
    assert "You are seat 1, against seat 0 (greedy)" in out
    assert f"Resumed after {len(before['actions'])} actions" in out
    out = ok(run(["--resume", str(path), "--bot", "random"], input="quit\n"))
    assert "against seat 0 (random)" in out
    assert record(path)["players"] == ["random", "human"]
    assert record(path)["actions"] == before["actions"]


def test_a_record_without_players_resumes_as_seat_0_against_the_default(tmp_path):
    path = tmp_path / "g.json"
    ok(run(["penchant", "--seed", "3", "--record", str(path)], input="1\nquit\n"))
    data = record(path)
    del data["players"]
    path.write_text(json.dumps(data), encoding="utf-8")
    out = ok(run(["--resume", str(path)]))
    assert f"You are seat 0, against seat 1 ({NORMAL})" in out


def test_watch_plays_bot_against_bot_to_the_end(tmp_path):
    path = tmp_path / "w.json"
    out = ok(run(["penchant", "-o", "rounds=1", "--watch", "--seed", "5", "--record", str(path)], input=""))
    assert f"Seat 0: {NORMAL} · Seat 1: {NORMAL}" in out
    assert "Your move" not in out
    assert "Game over" in out and "End of round 1" in out
    data = record(path)
    assert data["players"] == [NORMAL, NORMAL]
    plays = sum(a.startswith("play ") for a in data["actions"])
    assert out.count(" plays ") == plays  # every card played is shown
    assert "\x1b" not in out


def test_bots_implies_watch_and_a_watch_record_resumes_watching(tmp_path):
    path = tmp_path / "w.json"
    out = ok(run(["penneech", "-o", "target=11", "--bots", "random,greedy", "--seed", "8", "--record", str(path)],
                 input=""))
    assert "Seat 0: random · Seat 1: greedy" in out and "Game over" in out
    data = record(path)
    data["actions"] = data["actions"][:3]
    path.write_text(json.dumps(data), encoding="utf-8")
    out = ok(run(["--resume", str(path)], input=""))
    assert "Seat 0: random · Seat 1: greedy" in out and "Resumed after 3 actions" in out and "Game over" in out


@pytest.mark.parametrize("game", ["marjolet", "penneech"])
def test_hint_score_history_help_in_every_game(tmp_path, game):
    out = ok(run([game, "--seed", "2", "--record", str(tmp_path / "g.json")],
                 input="hint\nscore\nhistory\nhelp\n?\nquit\n"))
    assert f"Hint ({level_bot('hard', load_game(game))}): [" in out  # the hint is the hard level's bot
    assert "round points" in out and "game total" in out
    assert "Trump now:" in out and "Commands:" in out
    assert "Moves, and what each does now:" in out


def test_the_resume_command_is_quoted_for_the_shell(tmp_path):
    path = tmp_path / "my games" / "a game.json"
    out = ok(run(["penchant", "--seed", "3", "--record", str(path)], input=""))
    assert f"cardcore play --resume '{path}'" in out


def test_python_dash_m_cardcore_runs_the_cli():
    proc = subprocess.run([sys.executable, "-m", "cardcore", "play", "--help"], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    for word in ("--bot", "--level", "--seat", "--watch", "--bots", "--delay", "--hint-bot", "--resume",
                 "hint", "history", "score", "help"):
        assert word in proc.stdout


def test_a_rules_file_s_own_hard_level_searches_less_on_six_packs(tmp_path):
    # rules/six-pack-bezique.yaml levels: 2,000 iterations instead of the general 3,000, with
    # play-outs four tricks ahead
    path = tmp_path / "g.json"
    own = "ismcts(iterations=2000,seconds=2,guide=heuristic,guide_declares=true,tricks_ahead=4)"
    out = ok(run(["six-pack-bezique", "--seed", "3", "--level", "hard", "--record", str(path)]))
    assert f"against seat 1 ({own})" in out
    assert record(path)["players"] == ["human", own]


def test_every_game_s_levels_are_bots_it_can_seat():
    from cardcore import game_names, load_game
    from cardcore.bots import make_bot
    from cardcore.players import LEVELS, level_bot

    for name in game_names():
        game = load_game(name)
        for level in LEVELS:
            assert make_bot(level_bot(level, game), game, seed=1) is not None, (name, level)
