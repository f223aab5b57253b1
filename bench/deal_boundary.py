"""The end of one deal and the start of the next, alone, for instruction counts: a quiet state (no
event log) of a game is played to its first deal's last move, N copies of it are made, and PART is
run on each.

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
        .venv/bin/python bench/deal_boundary.py penchant 1000 last_move
    ... bench/deal_boundary.py penchant 1000 copies          # the same copies, nothing run

The count less that of ``copies``, over N, is PART's cost a deal. PART is one of ``copies``;
``last_move`` (the deal's last move: its trick, the end-of-deal counts, the round's summary and
the next deal); and, on copies of the state as the next deal is due (its counts done),
``start_deal`` (the next deal: its cards, the state set for it, its first phase), ``generate_cards``
(its cards from the seed) and ``deal_generator`` (the generator seeded). The cyclic collector is
off once the copies are made. A game whose first deal ends the game has no next deal to count.
"""

from __future__ import annotations

import gc
import random
import sys

from cardcore import load_game
from cardcore.engine import dealing, flow
from cardcore.engine.kernel import blind_moves

PARTS = ("copies", "last_move", "start_deal", "generate_cards", "deal_generator")


def first_deal_end(game, seed: int = 5):
    """(a copy of a quiet state before its first deal's last move, that move, a copy of the state
    as the next deal is due) of game ``seed``, its moves drawn as the random bot draws them."""
    due = []
    start_deal = flow.start_deal

    def catch(state) -> None:  # flow.start_deal, as the course of a game calls it
        if not due:
            due.append(state.clone())
        start_deal(state)

    state = game.new_game(seed=seed)
    state.log_events = False
    rng = random.Random(seed)
    flow.start_deal = catch
    try:
        while state.result is None and len(state.rounds) == 1:
            before = state.clone()
            moves = blind_moves(state, state.legal_moves())
            move = moves[int(rng.random() * len(moves))]
            state.apply_move(move)
    finally:
        flow.start_deal = start_deal
    return before, move, (due[0] if due else None)


def main() -> None:
    if len(sys.argv) != 4 or not sys.argv[2].isdigit():
        sys.exit(f"usage: deal_boundary.py GAME N PART  (N copies; PART one of {', '.join(PARTS)})")
    game, copies, part = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    if part not in PARTS:
        sys.exit(f"PART is one of {', '.join(PARTS)}, not {part!r}")
    before, move, due = first_deal_end(load_game(game))
    if due is None and part not in ("copies", "last_move"):
        sys.exit(f"{game}: its first deal ends the game, so no next deal is due")
    states = [(before if part == "last_move" or due is None else due).clone() for _ in range(copies)]
    gc.disable()
    if part == "last_move":
        for state in states:
            state.apply_move(move)
    elif part == "start_deal":
        for state in states:
            flow.start_deal(state)
    elif part == "generate_cards":
        for state in states:
            dealing.generate_cards(state, len(state.deals))
    elif part == "deal_generator":
        for state in states:
            dealing.deal_generator(f"{state.seed}:deal:{len(state.deals)}")


if __name__ == "__main__":
    from cardcore.errors import run_script

    run_script(main)
