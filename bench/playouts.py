"""Random playouts of whole games: hands (deals) per second on one core, and with 2 processes.

    python bench/playouts.py                 # every game: 5 runs of 3 s, then with 2 processes
    python bench/playouts.py penchant -s 10  # one game, runs of 10 seconds

Shared machines vary in speed from second to second; the best of several runs is the
machine's capability (noise only slows a run down), the median what to expect.

Playouts use the engine's fast path (``legal_moves``/``apply_move``, events off), as search
bots and simulations do; the figure counts deals played to the end, games included whole.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import time

from cardcore import game_names, load_game


def playouts(game_string: str, seconds: float, seed: int = 0) -> tuple[int, float]:
    game = load_game(game_string)
    hands, start, n = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        state = game.new_game(seed=seed * 1_000_003 + n)
        state.log_events = False
        uniform = random.Random(n).random
        legal_moves, apply_move = state.legal_moves, state.apply_move
        while state.result is None:
            moves = legal_moves()
            apply_move(moves[int(uniform() * len(moves))])  # a move drawn uniformly
        hands += len(state.rounds)
        n += 1
    return hands, time.perf_counter() - start


def _worker(args):
    return playouts(*args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game strings (default: every installed game)")
    parser.add_argument("-s", "--seconds", type=float, default=3.0, help="length of one run")
    parser.add_argument("-r", "--runs", type=int, default=5, help="runs per figure (best and median shown)")
    args = parser.parse_args()
    for game in args.games or game_names():
        one = sorted(h / e for h, e in (playouts(game, args.seconds, run) for run in range(args.runs)))
        two = []
        with mp.get_context("spawn").Pool(2) as pool:
            for run in range(args.runs):
                results = pool.map(_worker, [(game, args.seconds, 2 * run + 1), (game, args.seconds, 2 * run + 2)])
                two.append(sum(h for h, _ in results) / max(e for _, e in results))
        two.sort()
        print(f"{game:<12} 1 process: best {one[-1]:6.0f}, median {one[len(one) // 2]:6.0f} hands/s   "
              f"2 processes: best {two[-1]:6.0f}, median {two[len(two) // 2]:6.0f} hands/s "
              f"(best x{two[-1] / one[-1]:.2f})")


if __name__ == "__main__":
    main()
