"""Every page open at a table is told of each change as it happens: a server-sent event stream
per page (``GET /api/games/ID/events``). An event only says "something changed" and which seats
have a page open; the page then asks for what it may see, so that a stream carries nothing that
is not for its seat. A page whose connection drops reconnects by itself (the stream's ``retry``)
and catches up from where it was.

The streams are bounded (per table and in all), send a comment as a heartbeat so that a dropped
connection is noticed and no proxy closes a quiet one, and end when the server stops."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field

from .limits import LIVE_HEARTBEAT_SECONDS, LIVE_PAGES, LIVE_PAGES_PER_TABLE
from .tables import Refused

RECONNECT_MS = 1000  # how soon a page's browser reconnects a dropped stream


@dataclass(eq=False)
class Page:
    game_id: str
    seat: int | None  # the seat whose invitation opened it; None: the host or a spectator
    changed: asyncio.Event = field(default_factory=asyncio.Event)


class LiveTables:
    def __init__(self, per_table: int = LIVE_PAGES_PER_TABLE, in_all: int = LIVE_PAGES,
                 heartbeat: float = LIVE_HEARTBEAT_SECONDS):
        self.per_table, self.in_all, self.heartbeat = per_table, in_all, heartbeat
        self._pages: dict[str, list[Page]] = {}
        self.closing = False

    def join(self, game_id: str, seat: int | None) -> Page:
        if self.closing:
            raise Refused("The server is stopping.", 503)
        pages = self._pages.setdefault(game_id, [])
        if len(pages) >= self.per_table:
            raise Refused(f"{self.per_table} pages already follow this table: close one of them first.", 503)
        if sum(map(len, self._pages.values())) >= self.in_all:
            raise Refused(f"{self.in_all} pages already follow the tables of this server: close some first.", 503)
        self.tell(game_id)  # the others see that this seat is back
        page = Page(game_id, seat)
        pages.append(page)
        return page

    def leave(self, page: Page) -> None:
        pages = self._pages.get(page.game_id, [])
        if page in pages:
            pages.remove(page)
        if not pages:
            self._pages.pop(page.game_id, None)
        self.tell(page.game_id)

    def present(self, game_id: str) -> list[int]:
        """The seats that have a page open at the table, by their invitations."""
        return sorted({p.seat for p in self._pages.get(game_id, []) if p.seat is not None})

    def tell(self, game_id: str) -> None:
        """Something changed at the table: each page asks for what it now shows."""
        for page in self._pages.get(game_id, []):
            page.changed.set()

    def close(self) -> None:
        """The server stops: every stream ends now, rather than holding the server's shutdown."""
        self.closing = True
        for pages in self._pages.values():
            for page in pages:
                page.changed.set()

    def message(self, game_id: str) -> str:
        return f"data: {json.dumps({'present': self.present(game_id)})}\n\n"

    async def stream(self, page: Page):
        """The event stream of one page, until it disconnects or the server stops."""
        try:
            yield f"retry: {RECONNECT_MS}\n\n"
            page.changed.clear()  # the first message tells the table as it is now
            yield self.message(page.game_id)
            while not self.closing:
                try:
                    await asyncio.wait_for(page.changed.wait(), self.heartbeat)
                except asyncio.TimeoutError:
                    yield ": heartbeat\n\n"
                    continue
                page.changed.clear()
                if self.closing:
                    break
                yield self.message(page.game_id)
        finally:
            self.leave(page)
