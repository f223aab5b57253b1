"""The games of ``cardcore serve``, kept as the terminal keeps them: one record per game in the
records directory (``$CARDCORE_HOME/records/`` or ``~/.cardcore/records/``), written after every
action, with who sat where. A game is named by its record's file name without ``.json``: an id the
server made or listed, never a path from the browser. A restarted server, or the terminal's
``cardcore play --resume``, continues from the same file."""

from __future__ import annotations

import os
import re
import secrets
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from ..errors import CardcoreError
from ..match import DEFAULT_HINT_BOT
from ..players import HUMAN, level_bot
from ..records import read_record, replay, saved_players
from .tables import Refused, WebTable, stamp_of

# What an id may be: a record's file name in the records directory, without a path or a dot first.
GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,150}")
LISTED = 200  # the newest records shown in the list of saved games


class RecordsInUse(CardcoreError):
    """Another server holds the records directory."""


def claim_records(directory: Path):
    """Hold ``directory`` for this server while it runs (the open lock file it returns; the lock
    goes with the process, however it ends). A second server on the same records would keep its
    own copy of each game, and the moves of one would overwrite the other's: it is refused."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
        handle = open(directory / ".cardcore-serve.lock", "a+b")
    except OSError as exc:
        raise RecordsInUse(f"cannot use the records directory {directory}: {exc.strerror or exc}") from None
    try:
        if os.name == "nt":
            import msvcrt

            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise RecordsInUse(f"another cardcore serve uses the records in {directory}: open its address, or stop "
                           "it, or give this one other records with --records DIR") from None
    return handle


def records_home() -> Path:
    """Where the terminal writes its records (``cardcore play`` without ``--record``)."""
    home = Path(os.environ.get("CARDCORE_HOME") or Path.home() / ".cardcore")
    return home / "records"


def handovers_of(record: dict, n: int) -> list[dict]:
    """The record's ``handovers`` (the seats people left to a bot); an entry that is not one is
    left out: it only tells the story, the moves are in ``actions``."""
    entries = record.get("handovers")
    if not isinstance(entries, list):
        return []
    return [h for h in entries if isinstance(h, dict) and type(h.get("seat")) is int and 0 <= h["seat"] < n
            and isinstance(h.get("bot"), str) and type(h.get("after")) is int]


class Store:
    def __init__(self, records_dir: str | Path | None = None, hint_bot: str = DEFAULT_HINT_BOT):
        self.dir = Path(records_dir) if records_dir is not None else records_home()
        self.hint_bot = hint_bot
        self._tables: dict[str, WebTable] = {}
        # the saved games' list entries by id, with the stamp they were read at: the list is shown
        # often, and a record is replayed for it only when new or changed
        self._listed: dict[str, tuple[tuple[int, int], dict]] = {}
        self._lock = threading.Lock()
        self._listing = threading.Lock()  # one listing at a time: a record is replayed once for it

    def path_of(self, game_id: str) -> Path:
        if not GAME_ID.fullmatch(game_id) or game_id.endswith(".json"):
            raise Refused(f"There is no game {game_id[:60]!r}: games are named by the ids this server lists.", 404)
        path = self.dir / f"{game_id}.json"
        if not path.is_file():
            raise Refused(f"There is no game {game_id!r} in {self.dir}.", 404)
        return path

    @contextmanager
    def locked(self, game_id: str) -> Iterator[WebTable]:
        """The game of that id, held by this request alone (its lock) and read again first when
        its record changed on disk (e.g. the terminal played on).

        A game has one table for the server's life, and its record is compared with the table's
        stamp only under the table's lock, which a move holds until it has saved and taken the new
        stamp: a request never takes the server's own write for another program's, so it never
        loads a second copy of the game whose moves the first copy's would overwrite."""
        path = self.path_of(game_id)
        with self._lock:
            table = self._tables.get(game_id)
            if table is None:
                table = self._tables[game_id] = self._load(game_id, path, stamp_of(path))
        with table.lock:
            stamp = stamp_of(path)
            if table.stamp != stamp:
                fresh = self._load(game_id, path, stamp)
                table.resume(fresh.state, fresh.players, stamp, fresh.handovers)
            yield table

    def _load(self, game_id: str, path: Path, stamp: tuple[int, int]) -> WebTable:
        try:
            record = read_record(path)
            state = replay(record, where=path.name)
            players = saved_players(record, state.game, path.name)
        except CardcoreError as exc:
            raise Refused(f"The record of {game_id!r} cannot be continued: {exc}", 422) from None
        if players is None:  # a record written without seats (e.g. by simulate): you in seat 0
            players = [HUMAN] + [level_bot("normal", state.game)] * (state.n - 1)
        return WebTable(game_id, path, state, players, stamp=stamp, hint_spec=self.hint_bot,
                        handovers=handovers_of(record, state.n))

    def create(self, game, players: list[str], seed: int | None) -> WebTable:
        """A new game of ``game`` (a loaded game) with those seats, saved at once."""
        game_id = f"{game.name}-{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"
        state = game.new_game(seed=seed)
        table = WebTable(game_id, self.dir / f"{game_id}.json", state, players, hint_spec=self.hint_bot)
        table.bots  # a bad bot spec is refused now, before a record exists  # noqa: B018
        table.save()
        with self._lock:
            self._tables[game_id] = table
        return table

    def saved(self) -> list[dict]:
        """The saved games, newest first: game, seats, actions, finished or whose turn. A record is
        replayed only when it is new to the list or changed on disk since it was last listed."""
        if not self.dir.is_dir():
            return []
        with self._listing:
            return self._saved()

    def _saved(self) -> list[dict]:
        stamps = {}
        for path in self.dir.glob("*.json"):
            if GAME_ID.fullmatch(path.stem):
                try:
                    stamps[path] = stamp_of(path)
                except OSError:  # removed while listing
                    continue
        newest = sorted(stamps, key=lambda p: stamps[p], reverse=True)[:LISTED]
        out = []
        for path in newest:
            stamp = stamps[path]
            cached = self._listed.get(path.stem)
            entry = cached[1] if cached and cached[0] == stamp else self._list_entry(path, stamp)
            self._listed[path.stem] = (stamp, entry)
            out.append(entry)
        listed = {p.stem for p in newest}
        for gone in [k for k in self._listed if k not in listed]:
            del self._listed[gone]
        return out

    def _list_entry(self, path: Path, stamp: tuple[int, int]) -> dict:
        entry = {"id": path.stem, "modified": time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp[0] / 1e9))}
        with self._lock:
            table = self._tables.get(path.stem)
        try:
            if table is None or table.stamp != stamp:  # read for the list only: not kept open
                table = self._load(path.stem, path, stamp)
            with table.lock:
                s = table.view().summary()
        except Refused as exc:
            entry.update(error=exc.message)
            return entry
        entry.update(game=s["game"], title=s["title"], game_string=s["game_string"], players=s["players"],
                     actions=s["actions"], finished=s["finished"], scores=s["scores"], error=None)
        return entry
