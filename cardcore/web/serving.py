"""The HTTP server under the application: uvicorn's, which first ends the live streams when it
stops. uvicorn waits for every open response before it tells the application that it stops, and
a live stream never ends by itself: without this, stopping would wait for its grace time."""

from __future__ import annotations

import uvicorn

GRACE_SECONDS = 5  # then the requests still running are cancelled


class Server(uvicorn.Server):
    async def shutdown(self, sockets=None) -> None:
        stop = getattr(getattr(self.config.app, "state", None), "stop", None)
        if stop is not None:
            stop()
        await super().shutdown(sockets=sockets)


def make_server(app, **config) -> Server:
    return Server(uvicorn.Config(app, timeout_graceful_shutdown=GRACE_SECONDS, **config))
