"""A game played and dropped is freed at once by reference counting.

Objects in a reference cycle wait for Python's cyclic garbage collector; a state caught in one
(it used to keep its hooks' view, which refers back to it) made that collector run every few
games of a playout, some 3 % of their time, and a recursive closure of the meld packing did the
same for the auction games. Here a game is played with the collector off, dropped, and the
collector must then find nothing to free.
"""

from __future__ import annotations

import gc
import random
from itertools import islice

import pytest

from cardcore import game_names, load_game
from tests.helpers import random_moves


def _cyclic_garbage() -> list[str]:
    """The types of what the collector frees now (kept in gc.garbage to be named)."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    gc.collect()
    found = sorted({type(o).__name__ for o in gc.garbage})
    gc.set_debug(0)
    gc.garbage.clear()
    return found


def _play_and_drop(game, seed: int) -> None:
    fast = game.new_game(seed=seed)
    fast.log_events = False
    for _ in islice(random_moves(fast, seed), 400):  # the playouts' path (the auction games run long)
        pass
    copy = fast.clone()
    public = game.new_game(seed=seed + 1)  # the public path, with its event log
    rng = random.Random(seed)
    for _ in range(150):
        if public.is_terminal():
            break
        public.apply(rng.choice(public.legal_actions()))
    public.observation(0)
    del fast, copy, public


@pytest.mark.parametrize("name", game_names())
def test_a_game_played_and_dropped_leaves_no_cycle(name):
    game = load_game(name)
    _play_and_drop(game, 1)  # first: the tables and classes made once, when first asked for
    gc.collect()
    gc.disable()
    try:
        _play_and_drop(game, 7)
        assert _cyclic_garbage() == []
    finally:
        gc.enable()
