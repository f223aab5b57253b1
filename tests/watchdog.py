"""A guard that turns an endless loop into a test failure, for the fuzz tests.

Not a speed check: the limit is far beyond any sane time, so only a case that hangs fails.
"""

from __future__ import annotations

import signal
from contextlib import contextmanager


class Hang(BaseException):
    """Raised in the stuck code; a BaseException so that no ``except Exception`` swallows it."""


@contextmanager
def watchdog(seconds: int, what: object):
    """Fail with :class:`Hang` if the block runs longer than ``seconds`` (POSIX main thread
    only; elsewhere a no-op)."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def expire(signum, frame):
        raise Hang(f"no answer after {seconds} s: {what!r:.300}")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
