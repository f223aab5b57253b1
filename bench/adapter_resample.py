"""How long the OpenSpiel adapter takes to resample a world, across whole deals.

    python bench/adapter_resample.py six-pack-bezique eight-pack-bezique -n 3 -e 10
    python bench/adapter_resample.py -n 1 -e 10     # every game

Random deals (``max_deals=1``); at every E-th decision the player to move asks
``resample_from_infostate`` for two worlds, each checked against its information state. The
figures: worlds, resampling errors (``ResampleError``: no world found within the budget), and the
CPU time (``time.process_time``: waiting for a shared core is not counted) per world: median, 90th
percentile, largest, and the total.
"""

from __future__ import annotations

import argparse
import random
import time

import pyspiel

from cardcore import game_names, load_game
from cardcore.adapters import openspiel as adapter
from cardcore.adapters.chance import ResampleError
from cardcore.options import format_game_string, parse_game_string


def resample_times(game_string: str, deals: int, every: int) -> tuple[list[float], int]:
    name, options = parse_game_string(game_string)
    game = pyspiel.load_game(adapter.short_name(format_game_string(name, {**options, "max_deals": 1})))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    times, errors = [], 0
    for seed in range(deals):
        rng = random.Random(seed)
        state, decisions = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            decisions += 1
            if decisions % every == 0:
                player = state.current_player()
                for _ in range(2):
                    start = time.process_time()
                    try:
                        world = state.resample_from_infostate(player, sampler)
                    except ResampleError:
                        errors += 1
                    else:
                        if world.information_state_string(player) != state.information_state_string(player):
                            raise AssertionError("a world disagrees with the player's information state")
                    times.append(time.process_time() - start)
            state.apply_action(rng.choice(state.legal_actions()))
    return sorted(times), errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game names or strings (default: every installed game)")
    parser.add_argument("-n", "--deals", type=int, default=3, help="random deals per game")
    parser.add_argument("-e", "--every", type=int, default=10, help="resample at every E-th decision")
    args = parser.parse_args()
    names = args.games or game_names()
    for name in names:
        load_game(name)  # a bad game string is said here, in cardcore's words, not OpenSpiel's
    for name in names:
        times, errors = resample_times(name, args.deals, args.every)
        if not times:
            print(f"{name:<20} no world asked for: no deal lasted {args.every} decisions")
            continue
        ms = [t * 1000 for t in times]
        print(f"{name:<20} {len(times)} worlds, {errors} errors; CPU ms per world: median {ms[len(ms) // 2]:.0f}, "
              f"90% {ms[int(len(ms) * 0.9)]:.0f}, largest {ms[-1]:.0f}; total {sum(times):.1f} s")


if __name__ == "__main__":
    from cardcore.errors import run_script

    run_script(main)
