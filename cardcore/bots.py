"""The bots every game gets. Registered through the same hook any plugin uses."""

from __future__ import annotations

import random

from .hookspecs import hookimpl


class RandomBot:
    """Plays a uniformly random legal action; reproducible from its seed."""

    def __init__(self, game, seed: int | None = None, **params):
        if params:
            raise ValueError(f"the random bot takes no parameters (got {', '.join(params)})")
        self.rng = random.Random(seed)

    def choose(self, state) -> str:
        return self.rng.choice(state.legal_actions())


@hookimpl
def register_bots(register):
    register("random", RandomBot)
