"""CPU time per card played by random playouts: how a game's cost grows with its deck.

    python bench/per_card.py pinochle bezique rubicon-bezique six-pack-bezique eight-pack-bezique
    python bench/per_card.py eight-pack-bezique -s 2 -r 3 --toy ../shared/bench/lean_toy.py \
        --against /path/to/other/checkout/.venv/bin/python

Each run plays random games for ``-s`` seconds of CPU in a fresh process, as
``bench/random_games.py`` plays them (game n dealt from seed n, its moves drawn by
``random.Random(n)`` through ``legal_moves()``/``apply_move()``, the event log off), after one
game of warm-up, and divides the process's CPU time by the cards played. Waiting for a core on
a shared machine is not counted, but a loaded machine still runs slower, so:

- ``--against PYTHON``: each run of this checkout is followed by the same run under another
  checkout's interpreter (its venv's ``python``), the two interleaved: before and after in the
  same minutes, on the same games.
- ``--toy PATH``: each run is also followed by a run of the plain-Python yardstick
  ``lean_toy.py``, and the cost of a card is also given in the toy's hands (µs per card times
  the toy's hands per second): the machine's drift divides out.

Medians of the runs are printed.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import subprocess
import sys
import time


def cards_per_cpu(game_string: str, seconds: float) -> tuple[int, float]:
    """(cards played, CPU seconds) of random games played for ``seconds`` of CPU."""
    from cardcore import load_game
    from cardcore.engine.kernel import blind_moves

    game = load_game(game_string)

    def play(n: int) -> int:
        state = game.new_game(seed=n)
        state.log_events = False
        rng = random.Random(n)
        legal_moves, apply_move, cards = state.legal_moves, state.apply_move, 0
        while state.result is None:
            moves = blind_moves(state, legal_moves())  # as the random bot draws them
            move = moves[rng.randrange(len(moves))]
            cards += type(move) is int  # a card played (a meld, a bid or a pass is not)
            apply_move(move)
        return cards

    play(-1)  # warm-up: the tables a game builds when first asked for are start-up
    cards, n, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        cards += play(n)
        n += 1
    return cards, time.process_time() - start


def measured(python: str, game_string: str, seconds: float) -> float:
    """µs per card played, in a fresh process of ``python``."""
    out = subprocess.run([python, __file__, "--child", game_string, "-s", str(seconds)],
                         check=True, capture_output=True, text=True).stdout
    cards, cpu = out.split()
    return float(cpu) * 1e6 / int(cards)


def load_toy(path: str):
    """``toy_hands_per_second`` of the yardstick script at ``path``."""
    spec = importlib.util.spec_from_file_location("lean_toy", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.toy_hands_per_second


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game strings (default: every installed game)")
    parser.add_argument("-s", "--seconds", type=float, default=2.0, help="CPU seconds of one run")
    parser.add_argument("-r", "--runs", type=int, default=3, help="runs per figure (the median is shown)")
    parser.add_argument("--toy", metavar="PATH", help="the plain-Python yardstick (lean_toy.py) to run alongside")
    parser.add_argument("--against", metavar="PYTHON", help="another checkout's interpreter, run interleaved")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        cards, cpu = cards_per_cpu(args.games[0], args.seconds)
        print(cards, cpu)
        return
    toy = load_toy(args.toy) if args.toy else None
    if not args.games:
        from cardcore import game_names
        args.games = game_names()
    from cardcore import load_game
    for game in args.games:
        load_game(game)  # a bad game string is said here, not by a child process
    for game in args.games:
        ours, theirs, toy_rates = [], [], []
        for _ in range(args.runs):
            ours.append(measured(sys.executable, game, args.seconds))
            if args.against:
                theirs.append(measured(args.against, game, args.seconds))
            if toy is not None:
                toy_rates.append(toy(args.seconds))
        line = f"{game:<28} {statistics.median(ours):7.2f} µs/card"
        if toy_rates:
            line += f" ({statistics.median(u * r for u, r in zip(ours, toy_rates)) / 1e6:.4f} toy hands)"
        if theirs:
            line += f"   against: {statistics.median(theirs):7.2f} µs/card"
            if toy_rates:
                line += f" ({statistics.median(u * r for u, r in zip(theirs, toy_rates)) / 1e6:.4f} toy hands)"
            line += f", ratio {statistics.median(o / t for o, t in zip(ours, theirs)):.3f}"
        print(line)


if __name__ == "__main__":
    from cardcore.errors import run_script

    run_script(main)
