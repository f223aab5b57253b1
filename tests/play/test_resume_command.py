"""The "Resume with:" command works as printed, whether or not `cardcore` is on the PATH
(issue: after `make play` there is no `cardcore` on the PATH, so a bare name fails when pasted)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from cardcore import invocation
from cardcore.invocation import cardcore_command

SCRIPT = Path(sys.executable).with_name("cardcore")


def test_the_bare_name_when_it_is_the_running_program(monkeypatch, tmp_path):
    script = tmp_path / "bin" / "cardcore"
    monkeypatch.setattr(sys, "argv", [str(script), "play"])
    monkeypatch.setattr(invocation.shutil, "which", lambda name: str(script))
    assert cardcore_command() == "cardcore"


@pytest.mark.parametrize("on_path", [None, "/usr/local/bin/cardcore"])
def test_the_scripts_absolute_path_when_the_path_has_no_or_another_cardcore(monkeypatch, tmp_path, on_path):
    (tmp_path / "my venv" / "bin").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", ["my venv/bin/cardcore", "play"])
    monkeypatch.setattr(invocation.shutil, "which", lambda name: on_path)
    assert cardcore_command() == shlex.quote(str(tmp_path / "my venv" / "bin" / "cardcore"))


def test_python_dash_m_when_run_as_a_module(monkeypatch):
    monkeypatch.setattr(sys, "argv", ["/somewhere/cardcore/__main__.py", "play"])
    monkeypatch.setattr(invocation.shutil, "which", lambda name: "/usr/bin/cardcore")
    assert cardcore_command() == f"{shlex.quote(sys.executable)} -m cardcore"


def run(command: list[str], env: dict, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(command, input="quit\n", capture_output=True, text=True, env=env, cwd=cwd, timeout=120)


@pytest.mark.skipif(not SCRIPT.exists(), reason="needs the installed console script")
def test_the_printed_resume_command_runs_from_another_directory_without_cardcore_on_the_path(tmp_path):
    record = tmp_path / "game.json"
    path_without_cardcore = os.pathsep.join(
        d for d in os.environ.get("PATH", "").split(os.pathsep) if d and not (Path(d) / "cardcore").exists())
    env = {**os.environ, "PATH": path_without_cardcore, "CARDCORE_HOME": str(tmp_path / "home")}
    # as `make play` runs it: the script by a path relative to the project, not by name
    first = run([os.path.relpath(SCRIPT, tmp_path), "play", "penchant", "--seed", "8", "--record", str(record),
                 "--plain"], env, tmp_path)
    assert first.returncode == 0, first.stderr
    printed = re.search(r"Resume with: (.+)", first.stdout).group(1)
    assert shlex.split(printed)[0] == str(SCRIPT.absolute())
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    again = run(shlex.split(printed) + ["--plain"], env, elsewhere)
    assert again.returncode == 0, again.stderr
    assert "Resumed after 0 actions" in again.stdout


@pytest.mark.skipif(not SCRIPT.exists(), reason="needs the installed console script")
def test_the_printed_replay_command_at_the_end_of_a_game_runs_as_printed(tmp_path):
    record = tmp_path / "game.json"
    path_without_cardcore = os.pathsep.join(
        d for d in os.environ.get("PATH", "").split(os.pathsep) if d and not (Path(d) / "cardcore").exists())
    env = {**os.environ, "PATH": path_without_cardcore, "CARDCORE_HOME": str(tmp_path / "home")}
    game = subprocess.run([str(SCRIPT), "play", "penchant", "-o", "rounds=1", "--level", "easy", "--seed", "8",
                           "--record", str(record), "--plain"], input="1\n" * 100, capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=120)
    assert game.returncode == 0, game.stderr
    printed = re.search(r"Replay it with: (.+)", game.stdout).group(1)
    replayed = subprocess.run(shlex.split(printed), capture_output=True, text=True, env=env, timeout=120)
    assert replayed.returncode == 0, replayed.stderr
    assert "Finished: " in replayed.stdout
