"""ISMCTS iterations per second over whole games (every decision of an ISMCTS seat).

    python bench/ismcts.py                    # every game, 2 games each, 1000 iterations
    python bench/ismcts.py penchant -n 4 -i 2000
    python bench/ismcts.py six-pack-bezique -n 1 -i 100 -d 10   # only the first 10 decisions

The ISMCTS bot plays seat 0, the random bot every other seat (at a table of partners, seat 0's
partner too); the figure is total iterations divided by the time ISMCTS spent choosing, so early
decisions (long look-ahead) and late ones (short) weigh as they do in play. Decisions taken by
the exact end-of-deal search (nothing hidden any more, no sampling) are left out of both.
"""

from __future__ import annotations

import argparse
import time

from cardcore import game_names, load_game
from cardcore.bots import make_bot


def measure(game_string: str, games: int, iterations: int, most: int | None = None) -> tuple[int, float, int]:
    game = load_game(game_string)
    total_iters, spent, decisions = 0, 0.0, 0
    for g in range(games):
        state = game.new_game(seed=g)
        others = make_bot("random", game, seed=g)
        bots = [make_bot(f"ismcts(iterations={iterations})", game, seed=g)] + [others] * (game.players - 1)
        while not state.is_terminal() and (most is None or decisions < most * (g + 1)):
            seat = state.current_player
            if seat == 0 and len(state.legal_actions()) > 1:
                start = time.perf_counter()
                action = bots[0].choose(state)
                elapsed = time.perf_counter() - start
                if bots[0].last_iterations:  # not decided by the exact end-of-deal search
                    spent += elapsed
                    total_iters += bots[0].last_iterations
                    decisions += 1
            else:
                action = bots[seat].choose(state)
            state.apply(action)
    return total_iters, spent, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game strings (default: every installed game)")
    parser.add_argument("-n", "--number", type=int, default=2, help="games per game string")
    parser.add_argument("-i", "--iterations", type=int, default=1000)
    parser.add_argument("-d", "--decisions", type=int, default=None,
                        help="stop each game after this many ISMCTS decisions (the long early ones of a big deal)")
    args = parser.parse_args()
    for game in args.games or game_names():
        iters, spent, decisions = measure(game, args.number, args.iterations, args.decisions)
        if not decisions:
            print(f"{game:<12} no decision searched")
            continue
        print(f"{game:<12} {iters / spent:8.0f} iterations/s over {decisions} decisions "
              f"({spent / decisions * 1000:.0f} ms per decision at {args.iterations} iterations)")


if __name__ == "__main__":
    from cardcore.errors import run_script

    run_script(main)
