"""The real `cardcore play` in a pseudo-terminal (pexpect), as a person plays it: whole games of
Penchant, Marjolet and Penneech with the rich view, wrong inputs, a blocked meld, `?`, `help`,
`hint`, `score`, `history`, Ctrl-C and --resume to the end, and --watch."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from cardcore import load_game
from cardcore.records import read_record, replay

from .conftest import BLOCKED, penchant_state

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[=>()][0-9A-Za-z]?|\r")
PROMPT = "Your move> "
NEXT_ROUND = "Press Enter for the next round "
SYMBOL_TO_LETTER = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


def command() -> list[str]:
    """The installed console script next to this Python, else `python -m cardcore`."""
    script = Path(sys.executable).with_name("cardcore")
    if script.exists():
        return [str(script)]
    found = shutil.which("cardcore")
    return [found] if found and not found.endswith("shims/cardcore") else [sys.executable, "-m", "cardcore"]


class Terminal:
    """`cardcore play ...` in an 80x40 pseudo-terminal; ``screen`` is the text since the last
    prompt, escape codes removed."""

    def __init__(self, args: list[str], home: Path, cmd: list[str] | None = None, **env):
        environ = {**os.environ, "TERM": "xterm-256color", "CARDCORE_HOME": str(home), "COLUMNS": "80", **env}
        environ.pop("NO_COLOR", None)
        cmd = cmd or command()
        self.child = pexpect.spawn(cmd[0], cmd[1:] + args, env=environ, dimensions=(40, 80),
                                   encoding="utf-8", timeout=15)
        self.transcript: list[str] = []
        self.screen = ""
        self.board = ""  # the last screen that listed the moves
        self.prompts = 0
        self.round_pauses = 0  # times the program waited for Enter after a round
        self.pause_screens: list[str] = []  # what was shown before each of those waits
        self.waiting = False  # at a prompt, not yet answered

    def _took(self) -> str:
        text = ANSI.sub("", self.child.before or "")
        self.transcript.append(text)
        return text

    def next_prompt(self) -> bool:
        """Wait for the prompt (True) or the end of the program (False); Enter is pressed at the
        pause after each round's summary, as a person would."""
        while True:
            i = self.child.expect([PROMPT, NEXT_ROUND, pexpect.EOF])
            if i != 1:
                break
            self.round_pauses += 1
            self.pause_screens.append(self._took())
            self.child.sendline("")
        self.screen = self._took()
        if "Moves" in self.screen:
            self.board = self.screen
        if i == 0:
            self.prompts += 1
        self.waiting = i == 0
        return i == 0

    def answer(self, text: str) -> str:
        """Type ``text``, return what the program said before the next prompt."""
        self.waiting = False
        self.child.sendline(text)
        assert self.next_prompt(), self.text[-3000:]
        return self.screen

    def expect(self, pattern: str) -> str:
        self.child.expect(pattern)
        return self._took()

    def finish(self) -> int:
        self.child.expect(pexpect.EOF)
        self._took()
        self.child.close()
        return self.child.exitstatus

    @property
    def text(self) -> str:
        return "".join(self.transcript)

    def play_on(self, choose=lambda screen: "1", limit: int = 10_000) -> int:
        """Answer every prompt with ``choose(board)`` until the program ends; its exit status."""
        moves = 0
        while self.waiting or self.next_prompt():
            assert moves < limit, "the game does not end"
            self.waiting = False
            self.child.sendline(choose(self.board))
            moves += 1
        self.child.close()
        return self.child.exitstatus


def first_move_typed_as_a_person_would(screen: str) -> str:
    """Read the printed moves; a card to play is typed by name (q♠ as qs, 10♦ as 10d, or with
    its symbol), anything else by its number."""
    tail = screen[screen.rindex("Moves"):]
    m = re.search(r"\[1\] (\S+)(?:\s|$)", tail)
    if tail.startswith("Moves: play a card") and m:
        card = m.group(1)
        rank, suit = card[:-1], card[-1]
        return rank.lower() + (suit if rank == "A" else SYMBOL_TO_LETTER.get(suit, suit))
    if "[1] throw-in" in tail:
        return "throw-in"
    return "1"


def finished_record(path: Path) -> dict:
    record = read_record(path)
    state = replay(record, where=str(path))
    assert state.is_terminal()
    return record


# ------------------------------------------------------------------------------ penchant
def test_penchant_whole_game_with_every_command_interrupted_and_resumed(tmp_path):
    path = tmp_path / "penchant.json"
    term = Terminal(["play", "penchant", "-o", "rounds=1", "--seed", "3", "--record", str(path), "--delay", "0"],
                    tmp_path / "home")
    assert term.next_prompt()
    first = term.screen
    assert "Penchant · round 1 of 1" in first and "Your hand" in first and "╭" in first
    assert re.search(r"[♠♥♦♣]", first)
    assert "'ZZ' is not a card" in term.answer("ZZ")
    assert "not in this game's deck" in term.answer("2s")
    assert "There is no move 99" in term.answer("99")
    assert "what each does now" in term.answer("?")
    assert "Trump now" in term.answer("help")
    hint = term.answer("hint")
    assert re.search(r"Hint \(ismcts\(iterations=3000,seconds=2,guide=heuristic\)\): \[\d+\] play ", hint)
    assert "round points" in term.answer("score")
    assert "Round 1" in term.answer("history")
    for _ in range(6):
        term.answer(first_move_typed_as_a_person_would(term.board))
    record = json.loads(path.read_text(encoding="utf-8"))
    done = len(record["actions"])
    assert record["players"][0] == "human"
    term.child.sendintr()  # Ctrl-C at the prompt
    said = term.expect(r"Resume with: [^\n]+\n")
    printed = term.child.match.group(0).strip().removeprefix("Resume with: ")
    assert printed.endswith(f" play --resume {path}")
    assert "Game saved" in said
    assert term.finish() == 0
    assert len(json.loads(path.read_text(encoding="utf-8"))["actions"]) == done  # nothing lost

    # the command as printed, pasted
    again = Terminal(shlex.split(printed)[1:] + ["--delay", "0"], tmp_path / "home", cmd=shlex.split(printed)[:1])
    assert again.play_on() == 0
    text = again.text
    assert f"Resumed after {done} actions" in text
    assert "End of round 1" in text and "round points" in text and "brisques won" in text
    assert re.search(r"Game over: .*totals (You|Bot) -?\d+, (You|Bot) -?\d+\.", text)
    assert f"Record saved in {path}" in text
    final = finished_record(path)
    assert final["actions"][:done] == record["actions"]
    assert final["players"] == record["players"]


def test_penchant_blocked_meld_is_refused_with_what_lifts_the_block(tmp_path):
    path = tmp_path / "blocked.json"
    state = penchant_state(**BLOCKED)
    path.write_text(json.dumps({**state.record(), "players": ["human", "greedy"]}), encoding="utf-8")
    term = Terminal(["play", "--resume", str(path), "--delay", "0"], tmp_path / "home")
    assert term.next_prompt()
    assert "Your melds" in term.screen and "blocked; see help" in term.screen
    refused = " ".join(term.answer("meld 9h 9s").split())  # the terminal may wrap the reason
    # the refusal names the cards as the rich table does
    assert "meld 9♠ 9♥: blocked" in refused and "twins of kings" in refused and "lifts the block" in refused
    helped = " ".join(term.answer("help").split())
    assert "refused — blocked" in helped and "Blocking" in helped
    assert term.play_on() == 0
    assert "Game over" in term.text
    record = finished_record(path)
    assert record["actions"][len(BLOCKED["actions"])] == "meld QD JD"  # move 1, after the refusal


# ------------------------------------------------------------------------------ marjolet
def test_marjolet_whole_game_from_seat_1(tmp_path):
    path = tmp_path / "marjolet.json"
    term = Terminal(["play", "marjolet", "--seed", "5", "--seat", "1", "--level", "easy", "--record", str(path),
                     "--delay", "0"], tmp_path / "home")
    assert term.play_on(first_move_typed_as_a_person_would) == 0
    text = term.text
    assert "Marjolet · round 1 · game to 500" in text
    assert "You are seat 1, against seat 0 (greedy)" in text
    assert "End of round 1" in text and "brisques" in text
    assert re.search(r"Game over: .*totals (You|Bot) -?\d+, (You|Bot) -?\d+\.", text)
    record = finished_record(path)
    assert record["players"] == ["greedy", "human"]
    assert max(replay(record).scores) >= 500


# ------------------------------------------------------------------------------ penneech
def test_penneech_whole_game_typed_by_card(tmp_path):
    path = tmp_path / "penneech.json"
    term = Terminal(["play", "penneech", "-o", "target=21", "--seed", "2", "--record", str(path), "--delay", "0"],
                    tmp_path / "home")
    typed = []

    def choose(screen):
        typed.append(first_move_typed_as_a_person_would(screen))
        return typed[-1]

    assert term.play_on(choose) == 0
    assert any(re.fullmatch(r"(10|[2-9jqka])[shdc♠]", t) for t in typed)  # cards typed by name
    assert re.search(r"Game over: .*totals (You|Bot) -?\d+, (You|Bot) -?\d+\.", term.text)
    state = replay(finished_record(path))
    assert max(state.scores) >= 21


# ------------------------------------------------------------------------------ watching
def test_watch_two_bots_prints_every_move(tmp_path):
    path = tmp_path / "watch.json"
    term = Terminal(["play", "penneech", "-o", "target=15", "--watch", "--bots", "greedy,heuristic", "--seed", "4",
                     "--record", str(path), "--delay", "0"], tmp_path / "home")
    assert term.play_on() == 0
    assert term.prompts == 0
    text = term.text
    assert "Seat 0: greedy · Seat 1: heuristic" in text
    record = finished_record(path)
    assert record["players"] == ["greedy", "heuristic"]
    plays = [a for a in record["actions"] if a.startswith("play ")]
    printed = re.findall(r"^Seat \d plays (\S+)", text, re.M)
    assert len(printed) == len(plays)
    assert "Game over" in text


def test_watch_on_a_dumb_terminal_is_plain_text(tmp_path):
    path = tmp_path / "dumb.json"
    term = Terminal(["play", "penchant", "-o", "rounds=1", "--watch", "--bots", "greedy,greedy", "--seed", "1",
                     "--record", str(path), "--delay", "0"], tmp_path / "home", TERM="dumb")
    term.child.expect(pexpect.EOF)
    raw = term.child.before
    term.child.close()
    assert term.child.exitstatus == 0
    assert "\x1b" not in raw
    assert re.search(r"^Game over: ", raw.replace("\r", ""), re.M)
    assert load_game("penchant", {"rounds": 1}).new_game(seed=1).deals[0]["hands"][0][0] in raw


# ------------------------------------------------------------------------------ issue 11
def test_a_round_summary_waits_for_enter_on_a_terminal_but_not_with_plain(tmp_path):
    args = ["play", "penneech", "-o", "target=15", "--seed", "2", "--level", "easy", "--delay", "0"]
    term = Terminal(args + ["--record", str(tmp_path / "rich.json")], tmp_path / "home")
    assert term.play_on() == 0
    assert term.round_pauses >= 1
    for number, before in enumerate(term.pause_screens, start=1):
        # the summary of the round just ended, and not yet the next round's table
        assert f"End of round {number}" in before or "(thrown in)" in before
        assert "Your turn" not in before.split("End of round")[-1]
    assert "Game over" in term.text

    plain = Terminal(args + ["--plain", "--record", str(tmp_path / "plain.json")], tmp_path / "home")
    assert plain.play_on() == 0
    assert plain.round_pauses == 0 and "End of round 1" in plain.text and "Game over" in plain.text


def test_ctrl_c_while_the_bot_thinks_restores_the_line_and_the_cursor(tmp_path):
    path = tmp_path / "spin.json"
    term = Terminal(["play", "penchant", "--bot", "ismcts(iterations=1000000)", "--seed", "1", "--seat", "1",
                     "--record", str(path), "--delay", "0"], tmp_path / "home")
    assert term.next_prompt()
    term.child.sendline("1")
    term.child.expect("Bot is thinking")
    term.child.expect("Bot is thinking")  # a second frame: the spinner is running
    term.child.sendintr()
    term.child.expect(pexpect.EOF)
    raw = term.child.before
    term.child.close()
    assert term.child.exitstatus == 0
    after_spinner = raw[raw.rindex("Bot is thinking"):]
    assert "\x1b[?25h" in after_spinner  # the cursor is shown again
    assert "\x1b[2K" in after_spinner  # the spinner's line is erased
    lines = raw.replace("\r", "").split("\n")
    saved = [ln for ln in lines if "Game saved. Resume with:" in ln]
    assert saved and ANSI.sub("", saved[-1]).startswith("Game saved")  # on a line of its own
    assert raw.endswith("\n")  # the shell's prompt starts on a fresh line
    assert len(json.loads(path.read_text(encoding="utf-8"))["actions"]) == 1  # the move made is kept


def test_undo_on_the_terminal_and_the_last_trick_on_the_table(tmp_path):
    path = tmp_path / "undo.json"
    term = Terminal(["play", "penchant", "-o", "rounds=1", "--seed", "3", "--level", "easy", "--record", str(path),
                     "--delay", "0"], tmp_path / "home")
    assert term.next_prompt()
    assert "Nothing to undo" in term.answer("undo")
    before = json.loads(path.read_text(encoding="utf-8"))["actions"]
    term.answer(first_move_typed_as_a_person_would(term.board))
    while "Last trick" not in term.screen:
        term.answer(first_move_typed_as_a_person_would(term.board))
    assert re.search(r"Last trick +(You|Bot) \S+, (You|Bot) \S+ — (You|Bot) won", term.screen)
    moved = json.loads(path.read_text(encoding="utf-8"))["actions"]
    undone = term.answer("undo")
    assert "Undone: your " in undone and "Your hand" in undone
    now = json.loads(path.read_text(encoding="utf-8"))["actions"]
    assert len(before) <= len(now) < len(moved) and moved[:len(now)] == now
    term.child.sendline("quit")
    assert term.finish() == 0
