"""Game records (DESIGN.md, Records): reading, checking, replaying and writing them safely.

A record is the whole truth of a game: options, seed, deals and the flat list of decisions. It is
written after every action by replacing the file atomically, so a killed program loses nothing
and never leaves half a file.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, StrictInt, ValidationError

from .errors import CardcoreError, IllegalAction, RecordError, brief

# Format 2 records list every option. Records without a format (format 1) list only the
# non-default options, so an option whose default has changed since reads as its former default.
# Format 3: with two packs or more `play C` takes the hand's copy of C and `play C from table` the
# table's; before, `play C` took the first copy the engine found (apply_recorded keeps that).
RECORD_FORMAT = 3


class DealModel(BaseModel):
    """Only the types here; the state checks the cards themselves and names the deal."""

    model_config = ConfigDict(extra="allow")
    dealer: Any = None
    hands: list[list[str]] = []
    stock: list[str] = []
    turnup: str | None = None


class RecordModel(BaseModel):
    model_config = ConfigDict(extra="allow")
    game: str
    format: StrictInt | None = None
    options: dict[str, Any] = {}
    seed: int | None = None
    deals: list[DealModel] = []
    actions: list[str] = []


# A record is four levels deep (record, deals, deal, hands, hand); Python's json module has no
# limit of its own and dies of a RecursionError about a thousand levels down.
MAX_DEPTH = 16
# Python refuses to read an integer of more than this many digits (a ValueError with no position).
MAX_DIGITS = 4300


def read_record(path: str | Path) -> dict:
    """The record in ``path`` as a checked dict; RecordError says where it is broken."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise RecordError(f"{path}: not UTF-8 text (byte {exc.start}): {exc.reason}") from None
    return parse_record(text, str(path))


def parse_record(text: str, where: str = "record") -> dict:
    _check_json_limits(text, where)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{where}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
    except (ValueError, RecursionError) as exc:  # what the pre-check should have caught already
        raise RecordError(f"{where}: not a readable record: {exc}") from None
    try:
        model = RecordModel.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'record'}: {e['msg']}" for e in exc.errors()
        )
        raise RecordError(f"{where}: not a game record: {problems}") from None
    record = model.model_dump()
    # a key missing from a deal stays missing, so that the state can say which deal lacks what
    record["deals"] = [deal.model_dump(exclude_unset=True) for deal in model.deals]
    return record


_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[{]|[\]}]|[0-9]+')  # strings whole, brackets, digit runs


def _check_json_limits(text: str, where: str) -> None:
    """Refuse, with its line and column, what the json module cannot read without a crash:
    brackets nested more than MAX_DEPTH deep, and integers longer than MAX_DIGITS digits."""
    depth = 0
    for token in _JSON_TOKENS.finditer(text):
        first = token.group()[0]
        if first in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise RecordError(f"{_position(text, token.start(), where)}: nested too deeply "
                                  f"(more than {MAX_DEPTH} levels of brackets)")
        elif first in "]}":
            depth -= 1
        elif first != '"' and len(token.group()) > MAX_DIGITS:
            raise RecordError(f"{_position(text, token.start(), where)}: a number of "
                              f"{len(token.group())} digits (at most {MAX_DIGITS})")


def _position(text: str, offset: int, where: str) -> str:
    line = text.count("\n", 0, offset) + 1
    column = offset - text.rfind("\n", 0, offset)
    return f"{where}:{line}:{column}"


def replay(record: dict, where: str = "record", upto: int | None = None):
    """The state reached by replaying ``record`` (its first ``upto`` actions, if given)."""
    from . import load_game

    if record.get("seed") is None and not record.get("deals"):
        raise RecordError(f"{where}: the record has neither a seed nor deals, so what was dealt is unknown")
    version = record.get("format")
    if version is not None and not (type(version) is int and 1 <= version <= RECORD_FORMAT):
        raise RecordError(f"{where}: record format {version!r} is not one this cardcore reads (1 to {RECORD_FORMAT})")
    try:
        options = record.get("options") or {}
        game = load_game(record["game"], options)
        if version is None:  # written when the defaults went without saying: the defaults of then
            former = game.option_set().former_defaults(options)
            if former != options:
                game = type(game)(former)
        state = game.new_game(seed=record.get("seed"), deals=record.get("deals") or None)
    except CardcoreError as exc:
        raise RecordError(f"{where}: {exc}") from None
    actions = record.get("actions", [])
    for number, action in enumerate(actions[:upto] if upto is not None else actions, start=1):
        if not action.split():
            raise RecordError(f"{where}: action {number} ({action!r}): an action cannot be empty")
        try:
            apply_recorded(state, action, version)
        except IllegalAction as exc:
            raise RecordError(f"{where}: action {number} ({brief(action)!r}): {exc.reason}") from None
        except CardcoreError as exc:
            raise RecordError(f"{where}: action {number} ({brief(action)!r}): {exc}") from None
    return state


def apply_recorded(state, action: str, version: int | None) -> None:
    """Apply a recorded action as the record's format meant it: before format 3 a bare
    ``play C`` took the first copy of C found in hand or on the table, even the table's while
    the hand held a twin; that play is now written ``play C from table``."""
    if version is None or version < 3:
        action = _former_play(state, action)
    state.apply(action)


def _former_play(state, action: str) -> str:
    from .engine.kinds import FROM_TABLE, PLAY

    verb, *args = action.split()
    if verb != "play" or len(args) != 1 or state.decision != PLAY or state.result is not None:
        return action
    try:
        name = state.deck.parse(args[0])
    except CardcoreError:
        return action  # the state says what is wrong with it
    seat = state.current_player
    card = state.deck.find(name, state.playable(seat))
    if card is not None and state.tableaus[seat] >> card & 1 and state.hands[seat] & state.game.compiled.twins[card]:
        return f"play {name} {FROM_TABLE}"
    return action


def saved_players(record: dict, game, where: str = "record", check_bots: bool = True) -> list[str] | None:
    """The record's ``players`` entry (per seat, "human" or a bot spec), None if it has none.

    It chooses the opponent of a resumed game, so its bot specs are checked as strictly as
    ``--bot`` (``check_bots``): a record must not start a search that never ends."""
    from .bots import make_bot
    from .players import HUMAN

    players = record.get("players")
    if players is None:
        return None
    if not (isinstance(players, list) and len(players) == game.players
            and all(isinstance(p, str) and p.strip() for p in players)):
        raise RecordError(f"{where}: players must list, for each of the {game.players} seats, "
                          f"{HUMAN!r} or a bot spec")
    for seat, spec in enumerate(players):
        if check_bots and spec != HUMAN:
            try:
                make_bot(spec, game, seed=0)
            except CardcoreError as exc:
                raise RecordError(f"{where}: players, seat {seat}: {exc} (choose another opponent "
                                  f"with --bot or --level)") from None
    return players


def format_record(record: dict) -> str:
    """JSON with one deal and one action per line: compact, and readable in a diff."""
    lines = ["{"]
    keys = list(record)
    for i, key in enumerate(keys):
        value = record[key]
        comma = "," if i < len(keys) - 1 else ""
        if key in ("deals", "actions") and isinstance(value, list) and value:
            items = [json.dumps(v, ensure_ascii=False) for v in value]
            lines.append(f" {json.dumps(key)}: [")
            lines += [f"  {item}," for item in items[:-1]] + [f"  {items[-1]}"]
            lines.append(f" ]{comma}")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


# A record is written to a temporary file beside it, named .NAME.XXXXXXXX (tempfile.mkstemp's
# eight characters), then moved over it. One left behind was abandoned by a killed program; any
# older than this process cannot be one that a program is still writing (that takes moments).
_TEMPORARY = re.compile(r"\..+\.json\.[a-z0-9_]{8}")
_STARTED = time.time()


def write_record(path: str | Path, record: dict) -> None:
    """Write ``record`` to ``path`` atomically (a complete old or new file, never half of one)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=_temporary_prefix(path), dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(format_record(record))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _temporary_prefix(path: Path) -> str:
    return f".{path.name}."


def prepare_record(path: str | Path) -> None:
    """Check, before a game is played into it, that ``path`` can take its record: the directory
    made if missing, a file created and removed there. RecordError names the path and the
    system's reason. Temporaries that killed programs left in the directory are removed."""
    path = Path(path)
    try:
        if path.is_dir():
            raise IsADirectoryError(f"{path} is a directory")
        for parent in path.parents:  # an existing ancestor must be a directory
            if parent.exists():
                if not parent.is_dir():
                    raise NotADirectoryError(f"{parent} is not a directory")
                break
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=_temporary_prefix(path), dir=path.parent)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise RecordError(f"cannot write the record {path}: {exc.strerror or exc}") from None
    remove_abandoned_temporaries(path.parent)


def remove_abandoned_temporaries(directory: str | Path) -> list[Path]:
    """Remove the records' temporaries in ``directory`` older than this process (see _TEMPORARY):
    none is in use. Returns those removed; one that cannot be removed is left."""
    removed = []
    with suppress(OSError), os.scandir(directory) as entries:
        for entry in entries:
            if not _TEMPORARY.fullmatch(entry.name):
                continue
            with suppress(OSError):
                if entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mtime < _STARTED:
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
    return removed
