"""Who is looking at a table of ``cardcore serve``, told by the secret their link carries.

Each seat a person plays has its invitation link with a secret for that seat alone, and each game
a spectators' link; on a server listening beyond this machine (``--host``) the host has a secret
too, printed at start, and a page opened without one of them is refused. A secret comes in the
link (``?key=``), a header (``X-Cardcore-Key``, for scripts) or the cookie the page set when the
link was opened (scoped to that game's paths, so that the page's requests carry it). Secrets are
compared in constant time. They are kept beside the records, in a directory of their own that only
the server's user may read: a record passed on to someone else carries no secret.
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from .tables import HOST, SPECTATOR, Access, Refused

KEY_PARAM = "key"
KEY_HEADER = "x-cardcore-key"
SEAT_COOKIE = "cardcore_key"  # a seat's or the spectators' secret, set for one game's paths
HOST_COOKIE = "cardcore_host"
SECRETS_DIR = ".cardcore-seats"
SECRET_BYTES = 24  # 192 random bits: not to be guessed, however many requests are tried


def new_secret() -> str:
    return secrets.token_urlsafe(SECRET_BYTES)


def same_secret(given: str, kept: str | None) -> bool:
    return kept is not None and hmac.compare_digest(given.encode(), kept.encode())


@dataclass
class GameSecrets:
    seats: dict[int, str]  # seat -> its secret, for every seat a person was given
    spectators: str

    def who(self, key: str) -> Access | None:
        for seat, secret in self.seats.items():
            if same_secret(key, secret):
                return Access("seat", seat)
        return SPECTATOR if same_secret(key, self.spectators) else None


class SeatSecrets:
    """The secrets of every game, one file per game in ``<records>/.cardcore-seats/``."""

    def __init__(self, records_dir: Path):
        self.dir = Path(records_dir) / SECRETS_DIR

    def _path(self, game_id: str) -> Path:
        return self.dir / f"{game_id}.json"  # the id is checked by the store before it comes here

    def get(self, game_id: str) -> GameSecrets | None:
        try:
            data = json.loads(self._path(game_id).read_text(encoding="utf-8"))
            return GameSecrets({int(s): str(k) for s, k in data["seats"].items()}, str(data["spectators"]))
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None  # none yet (a game of the terminal's), or unreadable: made afresh when asked

    def ensure(self, game_id: str, seats: list[int]) -> GameSecrets:
        """The game's secrets, with one for each of ``seats`` that has none yet."""
        kept = self.get(game_id) or GameSecrets({}, new_secret())
        missing = [s for s in seats if s not in kept.seats]
        if missing or not self._path(game_id).is_file():
            kept.seats.update({s: new_secret() for s in missing})
            self._write(game_id, kept)
        return kept

    def _write(self, game_id: str, kept: GameSecrets) -> None:
        self.dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        path = self._path(game_id)
        tmp = path.with_name(f".{path.name}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"seats": {str(s): k for s, k in sorted(kept.seats.items())}, "spectators": kept.spectators}, f)
        os.replace(tmp, path)


def request_keys(request) -> list[str]:
    """The secrets a request carries, the link's first (a link just opened wins over a cookie)."""
    found = [request.query_params.get(KEY_PARAM), request.headers.get(KEY_HEADER),
             request.cookies.get(SEAT_COOKIE), request.cookies.get(HOST_COOKIE)]
    return [k for k in found if k and len(k) <= 200]


class Gate:
    """Decides who a request is. ``host_key`` None: the server is reached from this machine only,
    where whoever asks without a seat's or the spectators' secret is the host."""

    def __init__(self, secrets_store: SeatSecrets, host_key: str | None):
        self.secrets = secrets_store
        self.host_key = host_key

    @property
    def open(self) -> bool:
        return self.host_key is None

    def is_host(self, request) -> bool:
        return self.open or any(same_secret(k, self.host_key) for k in request_keys(request))

    def host(self, request) -> Access:
        """The host, or a refusal: starting games, the saved games and comparisons are the host's."""
        if not self.is_host(request):
            raise Refused("This page is the host's: open the link that `cardcore serve` printed, or the "
                          "invitation to your seat that the host gave you.", 403)
        return HOST

    def at_game(self, request, game_id: str) -> Access:
        """Who the request is at that game: a seat, a spectator, or the host."""
        kept = self.secrets.get(game_id)
        if kept is not None:
            for key in request_keys(request):
                access = kept.who(key)
                if access is not None:
                    return access
        if self.is_host(request):
            return HOST
        raise Refused("This table needs its invitation link: ask the host for the link to your seat, or "
                      "the spectators' link.", 403)
