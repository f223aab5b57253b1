"""Ctrl-C held back while something must not be cut in half."""

from __future__ import annotations

import contextlib
import signal


@contextlib.contextmanager
def deferred_interrupt():
    """Hold Ctrl-C until the block is done (an action and the record that holds it; the terminal
    put back in order), then raise it."""
    received = []
    try:
        previous = signal.signal(signal.SIGINT, lambda signum, frame: received.append(signum))
    except ValueError:  # not the main thread: nothing to defer
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if received:
            raise KeyboardInterrupt
