"""Mutated rules files never crash the loader: they load, or fail with a RulesError naming file:line:col.

The real rules files of every installed game are mutated by a seeded generator (lines deleted,
duplicated, swapped or re-indented, scalars replaced by odd values or by the values of other
keys, odd bytes inserted, values nested deeply, aliases and alias bombs added, the file cut
short), each at a place of the file chosen and seeded by the place's own text, so that
editing one part of a file leaves the mutants of the others unchanged; each mutant goes through ``read_rules`` with the game's own plugin model, exactly as
a plugin's rules file is read from its package (as bytes); a mutant that loads must make a game
that deals. Sizes are bounded, so a case that takes more than the watchdog's generous limit is
a hang, not a slow machine.

``CARDCORE_FUZZ_CASES=N`` runs N mutants per game instead of the default, to hunt for more.
"""

from __future__ import annotations

import hashlib
import os
import random
import re
from importlib import resources

import pytest

from cardcore.errors import RulesError
from cardcore.game import read_rules
from cardcore.plugins import get_games
from watchdog import watchdog

CASES_PER_GAME = int(os.environ.get("CARDCORE_FUZZ_CASES", "30"))
SEED = 20261123
HANG_SECONDS = 60  # a mutant loads in well under a second; this only catches endless loops

ODD_SCALARS = [
    "", "~", "null", "-1", "0", "true", "no", "[]", "{}", "[[]]", "'", '"', "|", ">", "-", "?",
    ".nan", "-.inf", "1e999", "0x10", "0o7", "1:20", "2001-01-01", "2001-01-01 10:00:00",
    "9" * 5000, "0x" + "f" * 5000, "-" + "1" * 4400, "1_000", "!!int ten", "!!bool maybe",
    "!!float x", "!!binary é", "!!str 1", "!!set {a: 1}", "!!omap [a: 1]", "!custom x",
    "!!python/object:os.system x", "*undefined", "&anchor value", "<<: *undefined",
    "{by: scoring}", "{by: nope, a: 1}", "{option: rounds}", "{option: []}", "{by: [1]}",
    "{by: rounds, 1: x, default: y}", "{1: a, true: b}", "[a, b", "{a: 1", "a: b: c",
    "é", "\u2028", "\t", "\ufeff", "%YAML 1.1", "---", "...",
]
ODD_BYTES = [
    b"\x00", b"\xff", b"\xe9", b"\xc3", b"\x80", b"\xef\xbb\xbf", b"\t", b"\r", b"\r\n",
    b"\x85", b"\xe2\x80\xa8", b"\x1b[31m", b"\x7f", b"\xf0\x9f\x82\xa1", b"\xed\xa0\x80",
]
BOMB = b"".join(
    [b"lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"]
    + [b"lol%d: &l%d [%s]\n" % (i, i, b", ".join([b"*l%d" % (i - 1)] * 9)) for i in range(1, 9)]
)


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True) or [b""]


# Mutants are tied to places in the file, not to line numbers: each case picks a line by a
# stable hash of its text (and which copy of that text it is), and draws its mutations from a
# generator seeded by that place. Adding or moving other lines (a new phase, a new option) then
# leaves the mutants of every other place as they were, instead of reshuffling them all.
def place_keys(lines: list[bytes]) -> list[str]:
    """A key per line: its text, and how many identical lines come before it."""
    seen: dict[bytes, int] = {}
    keys = []
    for line in lines:
        seen[line] = seen.get(line, -1) + 1
        keys.append(f"{seen[line]}:{line.decode('utf-8', 'replace')}")
    return keys


def stable(key: str) -> int:
    return int.from_bytes(hashlib.sha256(f"{SEED}:{key}".encode()).digest()[:8], "big")


def partner(rng: random.Random, lines: list[bytes], candidates: list[int]) -> int:
    """A second line for a mutation (to swap with, to borrow from): the candidate whose place
    ranks first under a hash salted by ``rng``, stable while that line stays in the file."""
    salt = rng.random()
    keys = place_keys(lines)
    return min(candidates, key=lambda i: stable(f"{salt}:{keys[i]}"))


def delete_line(rng: random.Random, data: bytes, at: int) -> bytes:
    lines = _lines(data)
    del lines[at]
    return b"".join(lines)


def duplicate_line(rng: random.Random, data: bytes, at: int) -> bytes:
    lines = _lines(data)
    lines.insert(at, lines[at])
    return b"".join(lines)


def swap_lines(rng: random.Random, data: bytes, at: int) -> bytes:
    lines = _lines(data)
    j = partner(rng, lines, list(range(len(lines))))
    lines[at], lines[j] = lines[j], lines[at]
    return b"".join(lines)


def reindent_line(rng: random.Random, data: bytes, at: int) -> bytes:
    lines = _lines(data)
    lines[at] = b"  " + lines[at] if rng.random() < 0.5 else lines[at].removeprefix(b"  ")
    return b"".join(lines)


def change_scalar(rng: random.Random, data: bytes, at: int) -> bytes:
    """Replace what follows a key's colon, or a list item's dash, by an odd value (on the place's
    line, or the next line that has one)."""
    lines = _lines(data)
    candidates = [i for i, line in enumerate(lines) if re.search(rb"(: |- )\S", line)]
    if not candidates:
        return data
    i = next((c for c in candidates if c >= at), candidates[0])
    head = re.match(rb"(.*?(?:: |- ))", lines[i]).group(1)
    lines[i] = head + rng.choice(ODD_SCALARS).encode("utf-8") + b"\n"
    return b"".join(lines)


def borrow_value(rng: random.Random, data: bytes, at: int) -> bytes:
    """Give one key the value of another key of the same file: valid YAML, odd rules."""
    lines = _lines(data)
    keyed = [i for i, line in enumerate(lines) if re.match(rb"\s*[\w-]+: \S", line)]
    if len(keyed) < 2:
        return data
    i = next((k for k in keyed if k >= at), keyed[0])
    j = partner(rng, lines, keyed)
    lines[i] = lines[i].partition(b": ")[0] + b": " + lines[j].partition(b": ")[2]
    return b"".join(lines)


def insert_bytes(rng: random.Random, data: bytes, at: int) -> bytes:
    lines = _lines(data)
    offset = len(b"".join(lines[:at])) + rng.randrange(len(lines[at]) + 1)
    return data[:offset] + rng.choice(ODD_BYTES) + data[offset:]


def nest_value(rng: random.Random, data: bytes, at: int) -> bytes:
    """Wrap a value in many flow brackets (fewer than PyYAML's 1024-character key window)."""
    lines = _lines(data)
    candidates = [i for i, line in enumerate(lines) if re.search(rb": \S", line)]
    if not candidates:
        return data
    i = next((c for c in candidates if c >= at), candidates[0])
    depth = rng.choice([2, 10, 63, 64, 65, 300])
    opener = rng.choice([b"[", b"{a: "])
    closer = b"]" if opener == b"[" else b"}"
    key, _, value = lines[i].rstrip(b"\n").partition(b": ")
    lines[i] = key + b": " + opener * depth + value + closer * depth + b"\n"
    return b"".join(lines)


def add_aliases(rng: random.Random, data: bytes, at: int) -> bytes:
    """Anchor one block or flow value and use it again elsewhere, or append an alias bomb."""
    if rng.random() < 0.25:
        return data.rstrip(b"\n") + b"\n" + BOMB
    lines = _lines(data)
    keyed = [i for i, line in enumerate(lines) if re.match(rb"\s*[\w-]+:( |\n)", line)]
    if len(keyed) < 2:
        return data
    i = next((k for k in keyed if k >= at), keyed[0])
    j = partner(rng, lines, [k for k in keyed if k != i])
    i, j = sorted((i, j))
    key, _, rest = lines[i].partition(b":")
    lines[i] = key + b": &fuzz" + rest
    key, _, rest = lines[j].partition(b":")
    lines[j] = key + b": " + rng.choice([b"*fuzz", b"[*fuzz, *fuzz]", b"{<<: *fuzz}"]) + b"\n"
    return b"".join(lines)


def cut_short(rng: random.Random, data: bytes, at: int) -> bytes:
    lines = _lines(data)
    return data[: len(b"".join(lines[:at])) + rng.randrange(len(lines[at]) + 1)]


MUTATIONS = [
    delete_line, duplicate_line, swap_lines, reindent_line, change_scalar, change_scalar,
    borrow_value, borrow_value, insert_bytes, nest_value, add_aliases, cut_short,
]


def mutants(original: bytes, name: str, count: int):
    """``count`` mutants of ``original``, each at a place of the file (see place_keys), the
    places in an order fixed by their hashes (cycled when there are more cases than lines)."""
    lines = _lines(original)
    keys = place_keys(lines)
    order = sorted(range(len(lines)), key=lambda i: stable(f"{name}:{keys[i]}"))
    for case in range(count):
        at = order[case % len(order)]
        rng = random.Random(f"{SEED}:{name}:{keys[at]}:{case // len(order)}")
        data, applied = original, []
        for _ in range(rng.choice([1, 1, 2, 3])):
            mutation = rng.choice(MUTATIONS)
            here = min(at, len(_lines(data)) - 1)  # the place, or the last line if cut
            data = mutation(rng, data, here)
            applied.append(mutation.__name__)
        yield case, f"line {at + 1}: {', '.join(applied)}", data


GAMES = sorted(get_games().items())


@pytest.mark.parametrize("name,entry", GAMES, ids=[name for name, _ in GAMES])
def test_mutated_rules_load_or_fail_with_a_located_rules_error(name, entry):
    cls = entry.game_class
    resource = resources.files(cls.rules_package).joinpath(cls.rules_resource)
    original = resource.read_bytes()
    # read where it lies, so that a file that extends another finds it; a problem may then be
    # located in that base file, beside it
    filename = str(resource)
    located = re.compile(rf"(?:{re.escape(filename)}|{re.escape(os.path.dirname(filename))}/[^/:]+\.yaml):\d+:\d+: \S")
    outcomes = {"loaded": 0, "refused": 0}
    for case, applied, data in mutants(original, name, CASES_PER_GAME):
        what = f"{name} case {case} ({applied})"
        try:
            with watchdog(HANG_SECONDS, what):
                source = read_rules(data, filename, name, cls.plugin_model)
                # a file that loads must give a game that deals
                mutant_game = type(cls.__name__, (cls,), {"rules_source": classmethod(lambda _, s=source: s)})
                state = mutant_game().new_game(seed=case)
                assert state.is_terminal() or state.legal_actions(), f"{what}: no legal action"
            outcomes["loaded"] += 1
        except RulesError as exc:
            problems = str(exc).splitlines()
            assert problems, f"{what}: empty RulesError"
            for problem in problems:
                assert located.match(problem), f"{what}: not located: {problem!r}"
            outcomes["refused"] += 1
        except Exception as exc:  # the point of the test: anything else is a bug
            pytest.fail(f"{what}: {type(exc).__name__}: {exc}"[:2000])
    # the mutations are neither all harmless nor all fatal, or the test would test little
    assert outcomes["refused"] > 0 and outcomes["loaded"] > 0, outcomes
