"""Random playouts of whole games: hands (deals) per second on one core, and with 2 processes.

    python bench/playouts.py                 # every game: 5 runs of 3 s, then with 2 processes
    python bench/playouts.py penchant -s 10  # one game, runs of 10 seconds
    python bench/playouts.py penchant --toy ../shared/bench/lean_toy.py --two 0

With ``--toy PATH`` each one-process run is followed by a run of that plain-Python yardstick
(``toy_hands_per_second``) of the same length, and the engine's rate is also given as a ratio to
it: the machine's speed drifts, the ratio of runs made side by side much less.

Shared machines vary in speed from second to second; the best of several runs is the
machine's capability (noise only slows a run down), the median what to expect.

Playouts use the engine's fast path (``legal_moves``/``apply_move``, events off), as search
bots and simulations do; the figure counts deals played to the end, games included whole. Each
game is loaded once per process and one game is played before the clock starts: the tables a
game builds when first asked for (its meld look-ups) are start-up, not playout speed.
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing as mp
import random
import time

from cardcore import game_names, load_game
from cardcore.engine.kernel import blind_moves, random_move


def warmed(game_string: str):
    """The game loaded, and one random game played through it: the meld tables a game builds
    when they are first asked for (a tenth of a second for Penchant, once per process) are
    start-up, not the speed of playouts. Its moves are drawn at random, not always the first:
    an auction's first move is a bid, and a table that always bids never ends its auction."""
    game = load_game(game_string)
    state = game.new_game(seed=-1)
    state.log_events = False
    rng = random.Random(-1)
    while state.result is None:
        moves = state.legal_moves()
        state.apply_move(rng.choice(blind_moves(state, moves)))
    return game


def playouts(game, seconds: float, seed: int = 0) -> tuple[int, float]:
    """Games played from seeds ``seed * 1_000_003 + n`` for ``seconds``, their moves drawn by
    one generator seeded with ``seed`` (one for the run, as the yardstick has: seeding one per
    game cost a few microseconds that are not the engine's): (deals, seconds)."""
    hands, start, n = 0, time.perf_counter(), 0
    uniform = random.Random(seed).random
    while time.perf_counter() - start < seconds:
        state = game.new_game(seed=seed * 1_000_003 + n)
        state.log_events = False
        apply_move = state.apply_move
        while state.result is None:
            apply_move(random_move(state, uniform))  # drawn uniformly, as the random bot draws
        hands += len(state.rounds)
        n += 1
    return hands, time.perf_counter() - start


def load_toy(path: str):
    """``toy_hands_per_second`` of the yardstick script at ``path``."""
    spec = importlib.util.spec_from_file_location("lean_toy", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.toy_hands_per_second


def _worker(args):
    game_string, seconds, seed = args
    return playouts(warmed(game_string), seconds, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game strings (default: every installed game)")
    parser.add_argument("-s", "--seconds", type=float, default=3.0, help="length of one run")
    parser.add_argument("-r", "--runs", type=int, default=5, help="runs per figure (best and median shown)")
    parser.add_argument("--toy", metavar="PATH", help="the plain-Python yardstick (lean_toy.py) to run alongside")
    parser.add_argument("--two", type=int, choices=(0, 1), default=1, help="also measure with 2 processes (1)")
    args = parser.parse_args()
    toy = load_toy(args.toy) if args.toy else None
    for game in args.games or game_names():
        one, ratios = [], []
        loaded = warmed(game)
        for run in range(args.runs):
            hands, elapsed = playouts(loaded, args.seconds, run)
            one.append(hands / elapsed)
            if toy is not None:
                ratios.append(one[-1] / toy(args.seconds))
        one.sort()
        ratios.sort()
        line = f"{game:<12} 1 process: best {one[-1]:6.0f}, median {one[len(one) // 2]:6.0f} hands/s"
        if ratios:
            line += f" (to the toy: best {ratios[-1]:.3f}, median {ratios[len(ratios) // 2]:.3f})"
        if args.two:
            two = []
            with mp.get_context("spawn").Pool(2) as pool:
                for run in range(args.runs):
                    results = pool.map(_worker, [(game, args.seconds, 2 * run + 1), (game, args.seconds, 2 * run + 2)])
                    two.append(sum(h for h, _ in results) / max(e for _, e in results))
            two.sort()
            line += (f"   2 processes: best {two[-1]:6.0f}, median {two[len(two) // 2]:6.0f} hands/s "
                     f"(best x{two[-1] / one[-1]:.2f})")
        print(line)


if __name__ == "__main__":
    from cardcore.errors import run_script

    run_script(main)
