"""`cardcore play` and the disk: a record that cannot be written is an error before the game, a
write that fails in mid-game does not lose the game, and temporaries a killed program left behind
are cleared. (Tests run as root, which ignores permission bits: a read-only drive and a full one
are an OSError raised where the system would raise it.)"""

from __future__ import annotations

import errno
import json
import os
import time

import pytest
from click.testing import CliRunner

from cardcore import records
from cardcore.cli import cli
from cardcore.play import session
from cardcore.records import read_record, replay

MOVES = "1\n" * 6  # six moves of the person's, then end of input: the game stops, saved


def play(*args, input=MOVES):
    return CliRunner().invoke(cli, ["play", "penchant", "--seed", "3", *args], input=input)


def refused(result, path: str, reason: str):
    """Exit 1 with one line naming the record's path and the system's reason; no game."""
    assert result.exit_code == 1, result.output
    assert result.stderr.splitlines() == [f"Error: cannot write the record {path}: {reason}"]
    assert "Recording to" not in result.stdout and "Your move" not in result.stdout


def os_error(code: int):
    def fail(*_args, **_kwargs):
        raise OSError(code, os.strerror(code))
    return fail


def test_cardcore_home_a_regular_file(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.write_text("not a directory")
    monkeypatch.setenv("CARDCORE_HOME", str(home))
    result = play()
    (path,) = [w for w in result.stderr.split() if w.endswith(".json:")]
    refused(result, path[:-1], f"{home} is not a directory")
    assert path.startswith(str(home / "records" / "penchant-"))


def test_records_a_regular_file_in_cardcore_home(tmp_path, monkeypatch):
    (tmp_path / "home").mkdir()
    (tmp_path / "home" / "records").write_text("")
    monkeypatch.setenv("CARDCORE_HOME", str(tmp_path / "home"))
    result = play()
    (path,) = [w for w in result.stderr.split() if w.endswith(".json:")]
    refused(result, path[:-1], f"{tmp_path / 'home' / 'records'} is not a directory")


def test_record_under_a_regular_file(tmp_path):
    (tmp_path / "file").write_text("")
    target = tmp_path / "file" / "deeper" / "game.json"
    refused(play("--record", str(target)), str(target), f"{tmp_path / 'file'} is not a directory")


def test_read_only_drive_for_a_new_game(tmp_path, monkeypatch):
    monkeypatch.setattr(records.tempfile, "mkstemp", os_error(errno.EROFS))
    target = tmp_path / "game.json"
    refused(play("--record", str(target)), str(target), "Read-only file system")


def test_resume_of_a_record_on_a_read_only_drive_says_how_to_go_on(tmp_path, monkeypatch):
    target = tmp_path / "game.json"
    assert play("--record", str(target)).exit_code == 0
    monkeypatch.setattr(records.tempfile, "mkstemp", os_error(errno.EROFS))
    result = CliRunner().invoke(cli, ["play", "--resume", str(target)], input=MOVES)
    assert result.exit_code == 1
    assert result.stderr == (f"Error: cannot write the record {target}: Read-only file system "
                             "(give --record FILE to write it elsewhere)\n")


def failing_writes(monkeypatch, target, failures: set[int]):
    """session's writes to ``target`` failing (its disk full) on the given calls, counted from 1."""
    calls = []

    def write(path, record):
        if str(path) != str(target):
            return records.write_record(path, record)
        calls.append(len(record["actions"]))
        if len(calls) in failures:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        records.write_record(path, record)

    monkeypatch.setattr(session, "write_record", write)
    return calls


def test_a_full_disk_in_mid_game_does_not_stop_it_and_the_record_goes_elsewhere(tmp_path, monkeypatch):
    target, elsewhere = tmp_path / "game.json", tmp_path / "tmp"
    elsewhere.mkdir()
    monkeypatch.setattr(session.tempfile, "gettempdir", lambda: str(elsewhere))
    failing_writes(monkeypatch, target, set(range(4, 10_000)))  # from the fourth write on: full
    result = play("--record", str(target))
    assert result.exit_code == 0 and result.exception is None, result.output
    out = result.stdout
    warning = (f"Cannot write the record {target}: No space left on device. The game goes on; "
               "the record is written again after every move.")
    assert out.count(warning) == 1 and out.count("Your move") == 7  # six moves, then the seventh prompt
    assert f"it is written to {elsewhere / 'game.json'} instead" in out
    assert f"play --resume {elsewhere / 'game.json'}" in out
    kept = read_record(elsewhere / "game.json")
    assert len(read_record(target)["actions"]) < len(kept["actions"])  # the disk's last good copy
    replay(kept)  # every move of the game, in a record that replays


def test_a_disk_that_has_room_again_takes_the_record_again(tmp_path, monkeypatch):
    target = tmp_path / "game.json"
    calls = failing_writes(monkeypatch, target, {3, 4})
    result = play("--record", str(target))
    assert result.exit_code == 0, result.output
    assert "No space left on device" in result.stdout
    assert f"The record is written again to {target}." in result.stdout
    assert f"play --resume {target}" in result.stdout
    assert len(read_record(target)["actions"]) == calls[-1]


def test_when_no_file_takes_the_record_it_is_printed(tmp_path, monkeypatch):
    target = tmp_path / "game.json"
    monkeypatch.setattr(session.tempfile, "gettempdir", lambda: str(tmp_path / "file" / "x"))
    (tmp_path / "file").write_text("")
    failing_writes(monkeypatch, target, set(range(2, 10_000)))
    result = play("--record", str(target))
    assert result.exit_code == 0, result.output
    assert "The record follows: save it in a file to resume the game with play --resume FILE." in result.stdout
    printed = result.stdout[result.stdout.index('{\n "game"'):]
    record = json.loads(printed)
    assert record["game"] == "penchant" and len(record["actions"]) > 6
    replay(record)


def test_temporaries_left_by_a_killed_program_are_removed(tmp_path):
    old = tmp_path / ".penchant-20250101-120000.json.abcd_123"
    other = tmp_path / ".game.json.zz9a8b7c"
    young = tmp_path / ".game.json.new12345"  # another program may be writing it now
    unlike = tmp_path / ".notes.json.bak"
    for path in (old, other, young, unlike):
        path.write_text("{")
    an_hour_ago = time.time() - 3600
    for path in (old, other, unlike):
        os.utime(path, (an_hour_ago, an_hour_ago))
    assert play("--record", str(tmp_path / "game.json")).exit_code == 0
    assert not old.exists() and not other.exists()
    assert young.exists() and unlike.exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == [young.name, unlike.name]
