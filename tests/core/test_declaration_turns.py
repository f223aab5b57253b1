"""A declaration turn offers exactly the melds the rules leave open: the fast path of a turn
(steps._declare, declaring.declaration_moves, which ask the meld search without
meld_options()'s memo) against the public queries (open_melds, built on meld_options)."""

from __future__ import annotations

import random

import pytest

from cardcore import game_names, load_game
from cardcore.melds import MeldScore

VARIANTS = [(name, {}) for name in game_names()] + [
    ("penchant", {"no_meld_reuse": True}),
    ("penchant", {"pinochle_declaration": True}),
    ("penchant", {"penchant_only_when_winner_passes": True, "trump_marriage_cancels_trump": True}),
]


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=[f"{n}-{'-'.join(o) or 'default'}" for n, o in VARIANTS])
def test_every_declaration_turn_offers_the_open_melds_in_their_order(name, options):
    game = load_game(name, options=options)
    turns = 0
    for seed in range(2):
        state = game.new_game(seed=seed)
        state.log_events = False
        rng = random.Random(seed)
        for _ in range(3000):
            if state.result is not None:
                break
            moves = state.legal_moves()
            if state.decision == "declare":
                turns += 1
                offered = [m for m in moves if isinstance(m, MeldScore)]
                assert offered == state.open_melds(state.current_player)
            state.apply_move(moves[rng.randrange(len(moves))])
    if any(step.declare for phase in game.compiled.phases for step in phase.steps):
        assert turns  # a game with declaration steps had turns to compare
