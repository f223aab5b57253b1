"""Play N random games of one game through the fast path, for instruction counts.

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
        .venv/bin/python bench/random_games.py penchant 120

Game n is dealt from seed n and its moves are drawn by ``random.Random(n)`` through
``legal_moves()``/``apply_move()`` with the event log off. Count N=120 and N=20 and take the
difference, to leave out the start-up. Instruction counts do not depend on the machine's load,
so changes can be compared on a busy machine, where wall-clock rates move by a third.
"""

import random
import sys

from cardcore import load_game
from cardcore.engine.kernel import blind_moves


def main() -> None:
    game = load_game(sys.argv[1])
    for n in range(int(sys.argv[2])):
        state = game.new_game(seed=n)
        state.log_events = False
        rng = random.Random(n)
        while not state.is_terminal():
            moves = blind_moves(state, state.legal_moves())  # as the random bot draws them
            state.apply_move(moves[rng.randrange(len(moves))])


if __name__ == "__main__":
    main()
