"""`undo` against a bot (issue 11): it takes back the person's last move and the bot's replies
since, rewrites the record to match, and says so when there is nothing to take back."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner

from cardcore.cli import cli

from .conftest import FOLLOW, penchant_state


def saved_position(path, bot="greedy"):
    """conftest FOLLOW: seat 1 (the bot) has led AC; seat 0, the person, is to play."""
    state = penchant_state(**FOLLOW)
    path.write_text(json.dumps({**state.record(), "players": ["human", bot]}), encoding="utf-8")
    return state


def play(path, typed: str) -> str:
    result = CliRunner().invoke(cli, ["play", "--resume", str(path), "--delay", "0"], input=typed)
    assert result.exception is None and result.exit_code == 0, result.output
    return result.stdout


def actions(path) -> list[str]:
    return json.loads(path.read_text(encoding="utf-8"))["actions"]


def test_undo_takes_back_the_move_and_the_bots_replies_and_rewrites_the_record(tmp_path):
    path = tmp_path / "game.json"
    saved_position(path)
    out = play(path, "undo\n7h\nundo\nundo\nquit\n")
    # the bot's lead was not the person's move: nothing to take back before 7H
    first, rest = out.split("Nothing to undo", 1)
    assert "You play 7H" in rest
    # 7H loses to the ace (no trump, free play: K, Phase one); the bot then declares or passes,
    # both draw, and it leads again: all of it goes with the 7H
    assert re.search(r"Undone: your play 7H and \d+ moves since\. The record is rewritten to match\.", rest)
    assert "Nothing to undo" in rest.split("Undone:", 1)[1]  # 7H was the person's only move
    assert actions(path) == ["play AC"]
    after = rest.split("Undone:", 1)[1]
    assert "Trick: Bot AC" in after and "Your hand: TS 9S 8S 7S 8H 7H" in after
    assert json.loads(path.read_text(encoding="utf-8"))["players"] == ["human", "greedy"]


def test_after_undo_the_same_move_brings_the_same_replies(tmp_path):
    # the bot is made afresh from the game's seed: replaying 7H gives what 7H gave the first time
    straight, undone = tmp_path / "straight.json", tmp_path / "undone.json"
    saved_position(straight)
    saved_position(undone)
    play(straight, "7h\nquit\n")
    play(undone, "7h\nundo\n7h\nquit\n")
    assert actions(undone) == actions(straight) and len(actions(straight)) > 2
