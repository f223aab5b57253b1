"""Fuzzing the user's inputs (issue 11): records, game strings, options, bot specs, prompt input.

Each test starts from real inputs (the record of a game actually played, the game strings and bot
specs of the README, the answers a player types) and mutates them with a fixed-seed generator:
characters deleted, duplicated or swapped, and snippets known to break parsers inserted (brackets
nested thousands deep, 5,000-digit numbers, NaN, unicode digits, stray quotes and parentheses);
records are also mutated as data (a value replaced, a key dropped or added). Every case goes
through the API and the command line (click's CliRunner). It fails on any exception other than
cardcore's documented errors, on an exit status other than 0, 1 or 2, on output on stdout with an
error, on more than one line on stderr for an input error, and on a case that runs past a generous
watchdog (a hang). The runs are bounded: a few dozen cases per input, a few seconds in all.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from click.testing import CliRunner

from cardcore import load_game
from cardcore.bots import make_bot
from cardcore.cli import cli
from cardcore.errors import CardcoreError
from cardcore.text.moves import interpret
from cardcore.records import parse_record, replay, saved_players
from watchdog import watchdog

SEED = 2026
WATCHDOG_SECONDS = 60  # not a speed check: only a case stuck far beyond any sane time fails

SNIPPETS = [
    "[", "]", "{", "}", '"', ",", ":", "\\", "(", ")", "=", " ", "\n", "\t", "\x00", "-", ".", "e",
    "[" * 3000, "{\"a\":" * 1000, "9" * 5000, "-" + "1" * 4400, "1e999", "NaN", "-Infinity", "null",
    "true", "0", "-1", "2.5", "²", "①", "٣", "♠", "10", "QS", "7D", "pass", "throw-in", "turnup",
    "human", "ismcts(iterations=100000000)", "rounds=100000000000000000000", "target=0",
]
VALUES = [
    None, True, False, 0, -1, 1, 2, 2.5, 10**4000, 2**64, "", "X", "AS", "play", "pass", "throw-in KS 2C",
    "human", "ismcts(iterations=2.5)", "ismcts(iterations=100000000)", [], {}, ["AS"], [[]],
    {"a": 1}, "²", "9" * 5000, "penchant", "marjolet", "penneech", "rounds",
]




def mutate_text(rng: random.Random, text: str) -> str:
    """One to three edits: delete, duplicate, swap, insert or overwrite with a snippet."""
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(text) + 1)
        j = min(len(text), i + rng.randint(0, 8))
        kind = rng.randrange(5)
        if kind == 0:
            text = text[:i] + text[j:]
        elif kind == 1:
            text = text[:j] + text[i:j] + text[j:]
        elif kind == 2 and len(text) > 1:
            k = rng.randrange(len(text))
            i = min(i, len(text) - 1)
            chars = list(text)
            chars[i], chars[k] = chars[k], chars[i]
            text = "".join(chars)
        elif kind == 3:
            text = text[:i] + rng.choice(SNIPPETS) + text[i:]
        else:
            text = text[:i] + rng.choice(SNIPPETS) + text[j:]
    return text


def mutate_data(rng: random.Random, record: dict) -> dict:
    """The record with one value replaced, one key dropped, or one key added, somewhere in it."""
    record = copy.deepcopy(record)
    parent, key = _random_place(rng, record)
    kind = rng.randrange(4)
    if kind == 0 and isinstance(parent, dict):
        del parent[key]
    elif kind == 1 and isinstance(parent, dict):
        parent[rng.choice(["turnup", "players", "extra", "seed", "dealer"])] = rng.choice(VALUES)
    elif kind == 2:
        deep: list = []
        for _ in range(rng.choice([5, 50, 2000])):
            deep = [deep]
        parent[key] = deep
    else:
        parent[key] = copy.deepcopy(rng.choice(VALUES))
    return record


def _random_place(rng, node):
    """A (container, key) pair picked by walking down from the root at random."""
    parent, key = node, rng.choice(list(node))
    while isinstance(parent[key], (dict, list)) and parent[key] and rng.random() < 0.7:
        parent = parent[key]
        key = rng.choice(list(parent)) if isinstance(parent, dict) else rng.randrange(len(parent))
    return parent, key


def as_json(record) -> str:
    try:
        return json.dumps(record)
    except (RecursionError, ValueError):  # json.dumps has the same depth limit as json.loads
        return '{"game": "penchant", "seed": 1, "actions": ' + "[" * 2000 + "]" * 2000 + "}"


def check_cli(result, case) -> None:
    """A clean outcome: success, or an error with its message on one line of stderr only."""
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{case!r:.300}: {result.exception!r}\n{result.stderr[-2000:]}")
    assert result.exit_code in (0, 1, 2), (case, result.exit_code)
    assert "Traceback" not in result.stderr
    if result.exit_code != 0:
        assert result.stdout == "", f"{case!r:.300}: stdout on error: {result.stdout[:300]!r}"
    if result.exit_code == 1:
        assert len(result.stderr.strip().splitlines()) == 1, f"{case!r:.300}: {result.stderr[:600]}"


def real_records() -> list[dict]:
    """Records of games actually played, finished and unfinished, of every game."""
    records = []
    for game, options, seed, stop in [("penchant", {"rounds": 1}, 5, None), ("penchant", {}, 6, 40),
                                      ("marjolet", {}, 7, 30), ("penneech", {"target": 20}, 8, None)]:
        state = load_game(game, options).new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal() and (stop is None or len(state.actions) < stop):
            state.apply(rng.choice(state.legal_actions()))
        records.append({**state.record(), "players": ["human", "greedy"]})
    return records


@pytest.fixture(scope="module")
def records():
    return real_records()


@pytest.fixture
def runner():
    return CliRunner()


# ------------------------------------------------------------------------------------ records
def test_fuzzed_records_fail_cleanly_in_the_api_and_the_cli(records, runner, tmp_path):
    rng = random.Random(SEED)
    path = tmp_path / "fuzzed.json"
    outcomes = {"replayed": 0, "refused": 0}
    for n in range(120):
        base = rng.choice(records)
        text = mutate_text(rng, json.dumps(base)) if n % 2 else as_json(mutate_data(rng, base))
        with watchdog(WATCHDOG_SECONDS, text):
            try:
                record = parse_record(text, "fuzzed")
                state = replay(record, "fuzzed")
                saved_players(record, state.game, "fuzzed")
                outcomes["replayed"] += 1
            except CardcoreError:
                outcomes["refused"] += 1
            path.write_text(text, encoding="utf-8")
            check_cli(runner.invoke(cli, ["replay", str(path), "--json"]), text)
    # both sides were exercised: mutations that still replay, and ones refused
    assert outcomes["replayed"] > 5 and outcomes["refused"] > 5, outcomes


def test_fuzzed_records_resume_or_fail_cleanly(records, runner, tmp_path):
    rng = random.Random(SEED + 1)
    path = tmp_path / "fuzzed.json"
    for n in range(20):
        base = rng.choice(records)
        text = mutate_text(rng, json.dumps(base)) if n % 2 else as_json(mutate_data(rng, base))
        path.write_text(text, encoding="utf-8")
        # a person at seat 0 against the random bot, who quits at once: no search can run long
        args = ["play", "--resume", str(path), "--plain", "--seat", "0", "--bot", "random"]
        with watchdog(WATCHDOG_SECONDS, text):
            check_cli(runner.invoke(cli, args, input="quit\n"), text)


# --------------------------------------------------------------------- game strings and options
GAME_STRINGS = ["penchant", "penchant(scoring=19th-century,rounds=2)", "marjolet(target=1000,game_end=immediate)",
                "penneech(target=30,follow_rule=must-follow)", "penchant(blocking_tie=strict,lurch_threshold=0)"]
OPTION_PAIRS = ["rounds=3", "scoring=cheat-sheet", "target=61", "jail_free_seven=true", "lurch_threshold=40"]


def test_fuzzed_game_strings_and_options_fail_cleanly(runner):
    rng = random.Random(SEED + 2)
    for _ in range(60):
        game_string = mutate_text(rng, rng.choice(GAME_STRINGS))
        pair = mutate_text(rng, rng.choice(OPTION_PAIRS))
        with watchdog(WATCHDOG_SECONDS, (game_string, pair)):
            try:
                game = load_game(game_string)
                game.new_game(seed=1)
            except CardcoreError:
                pass
            check_cli(runner.invoke(cli, ["rules", game_string, "--json"]), game_string)
            check_cli(runner.invoke(cli, ["rules", "penchant", "-o", pair]), pair)


# ------------------------------------------------------------------------------------- bot specs
BOT_SPECS = ["random", "greedy", "heuristic", "ismcts(iterations=2000)", "pimc(samples=20,rollouts=2)",
             "ismcts(iterations=9,seconds=1)", "ismcts(iterations=3000,guide=heuristic,guide_margin=0.1)",
             "heuristic(count_meal=false)", "ismcts(exploration=1.2,rollout=greedy,exact_end=true)"]


def test_fuzzed_bot_specs_fail_cleanly(runner, tmp_path):
    rng = random.Random(SEED + 3)
    game = load_game("penchant", {"rounds": 1})
    refused = 0
    for _ in range(60):
        spec = mutate_text(rng, rng.choice(BOT_SPECS))
        with watchdog(WATCHDOG_SECONDS, spec):
            try:
                make_bot(spec, game, seed=1)
                continue  # a valid spec: playing it is the search tests' business
            except CardcoreError:
                refused += 1
            # what the API refuses, the command line refuses in one line, before any play
            result = runner.invoke(cli, ["play", "penchant(rounds=1)", "--seed", "1", "--plain", "--bot", spec,
                                         "--record", str(tmp_path / "r.json")], input="quit\n")
            check_cli(result, spec)
            assert result.exit_code in (1, 2), (spec, result.stdout[:300])
    assert refused > 10


# ---------------------------------------------------------------------------------- prompt input
def prompt_answers(state) -> list[str]:
    """What a player types: the legal actions, their numbers and cards, and the commands."""
    legal = state.legal_actions()
    return (legal + [str(i) for i in range(1, len(legal) + 1)] + [a.split(maxsplit=1)[-1] for a in legal]
            + ["?", "help", "score", "history", "table", "q♠", "10h", "meld QS JH", "jh,qs", "3."])


def test_fuzzed_prompt_answers_are_refused_or_legal(runner, tmp_path):
    rng = random.Random(SEED + 4)
    game = load_game("penchant", {"rounds": 1})
    state = game.new_game(seed=3)
    checked = 0
    while not state.is_terminal() and checked < 400:
        answers = prompt_answers(state)
        for _ in range(10):
            text = mutate_text(rng, rng.choice(answers))
            answer = interpret(text, state)  # must not raise
            assert answer.action is None or answer.action in state.legal_actions(), (text, answer)
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    # and whole sessions: fuzzed lines (never `hint`, which runs a search), then quit
    for n in range(6):
        lines = [mutate_text(rng, rng.choice(prompt_answers(game.new_game(seed=n)))) for _ in range(12)]
        lines = [ln for ln in lines if ln.strip().lower() != "hint"]
        args = ["play", "penchant(rounds=1)", "--seed", str(n), "--plain", "--bot", "random",
                "--record", str(tmp_path / f"s{n}.json")]
        with watchdog(WATCHDOG_SECONDS, lines):
            result = runner.invoke(cli, args, input="\n".join(lines) + "\nquit\n")
        check_cli(result, lines)
        assert result.exit_code == 0, (lines, result.stderr)
