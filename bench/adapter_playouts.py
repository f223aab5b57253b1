"""Random playouts through the OpenSpiel adapter against the same playouts on the engine.

    python bench/adapter_playouts.py                  # every game: 5 rounds of 3 s per runner
    python bench/adapter_playouts.py penchant -s 5    # one game, runs of 5 seconds
    python bench/adapter_playouts.py penchant -s 1 -r 2 --pettingzoo   # the PettingZoo adapter too

Three runners take turns in each round, so that the machine's drifting speed hits them alike:
the yardstick ``lean_toy.py`` (plain Python with a Penchant hand's shape), the engine, and the
adapter. The engine plays each game twice: through its fast path (``legal_moves``/``apply_move``,
events off, as search bots do) and through its public one (``legal_actions``/``apply``, what the
adapter calls). The adapter plays a ``pyspiel`` state: every card dealt or drawn a chance node
with a uniform outcome, every decision a uniform legal action id, as OpenSpiel's random
simulation and ISMCTS play-outs do. Each figure is hands (deals played to their end) per
second of this process's CPU time (``time.process_time``, the toy's clock too), so that time
spent waiting for a core shared with other work is not counted; best of the rounds (noise only
slows a run down), and the ratios are of the best figures. With ``--pettingzoo`` a fifth
runner plays the PettingZoo environment (``raw_env``) as its users do: ``last()`` for the
observation and mask at each turn, a uniform legal action from the mask, ``step()``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pyspiel

from cardcore import game_names, load_game
from cardcore.engine.kernel import blind_moves
from cardcore.adapters import openspiel as adapter

def yardstick_dir() -> Path:
    """The nearest ``shared/bench`` holding ``lean_toy.py`` above this file (the project's yardstick)."""
    for parent in Path(__file__).resolve().parents:
        if (parent / "shared" / "bench" / "lean_toy.py").is_file():
            return parent / "shared" / "bench"
    raise SystemExit("lean_toy.py not found in a shared/bench/ above this checkout")


def engine_fast(game_string: str, seconds: float, seed: int) -> float:
    game = load_game(game_string)
    hands, n, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_game(seed=seed * 1_000_003 + n)
        state.log_events = False
        uniform = random.Random(n).random
        while state.result is None:
            moves = blind_moves(state, state.legal_moves())  # as the random bot draws them
            state.apply_move(moves[int(uniform() * len(moves))])
        hands += len(state.rounds)
        n += 1
    return hands / (time.process_time() - start)


def engine_public(game_string: str, seconds: float, seed: int) -> float:
    game = load_game(game_string)
    hands, n, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_game(seed=seed * 1_000_003 + n)
        rng = random.Random(n)
        while state.result is None:
            legal = state.legal_actions()
            state.apply(rng.choice(blind_moves(state, legal)))
        hands += len(state.rounds)
        n += 1
    return hands / (time.process_time() - start)


def through_adapter(game_string: str, seconds: float, seed: int) -> float:
    game = pyspiel.load_game(adapter.short_name(game_string))
    hands, n, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        rng = random.Random(seed * 1_000_003 + n)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()  # uniform: any outcome is as likely
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                actions = state.legal_actions()
                named = [state.action_to_string(a) for a in actions]  # drawn as the random bot draws
                blind = blind_moves(state._core.engine, named)
                if len(blind) < len(named):
                    actions = [a for a, name in zip(actions, named) if name in blind]
                state.apply_action(actions[int(rng.random() * len(actions))])
        hands += len(state._core.engine.rounds)
        n += 1
    return hands / (time.process_time() - start)


def through_pettingzoo(game_string: str, seconds: float, seed: int) -> float:
    from cardcore.adapters import pettingzoo

    env = pettingzoo.raw_env(game_string)
    hands, n, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        env.reset(seed=seed * 1_000_003 + n)
        uniform = random.Random(n).random
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            named = [env.action_string(int(a)) for a in legal]  # drawn as the random bot draws
            blind = blind_moves(env.game_state, named)
            if len(blind) < len(named):
                legal = [a for a, name in zip(legal, named) if name in blind]
            env.step(int(legal[int(uniform() * len(legal))]))
        hands += len(env.game_state.rounds)
        n += 1
    return hands / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game names (default: every installed game)")
    parser.add_argument("-s", "--seconds", type=float, default=3.0, help="length of one run")
    parser.add_argument("-r", "--rounds", type=int, default=5, help="interleaved rounds (best shown)")
    parser.add_argument("--pettingzoo", action="store_true", help="time the PettingZoo environment too")
    args = parser.parse_args()
    names = args.games or game_names()
    for name in names:
        load_game(name)  # a bad game string is said first, before the yardstick is looked for
    sys.path.insert(0, str(yardstick_dir()))
    import lean_toy
    from lean_toy import toy_hands_per_second

    lean_toy.time = SimpleNamespace(perf_counter=time.process_time)  # the toy on the same clock

    for name in names:
        best = {"toy": 0.0, "fast": 0.0, "public": 0.0, "adapter": 0.0}
        for r in range(args.rounds):
            best["toy"] = max(best["toy"], toy_hands_per_second(args.seconds, seed=r + 1))
            best["fast"] = max(best["fast"], engine_fast(name, args.seconds, r))
            best["public"] = max(best["public"], engine_public(name, args.seconds, r))
            best["adapter"] = max(best["adapter"], through_adapter(name, args.seconds, r))
            if args.pettingzoo:
                best["pettingzoo"] = max(best.get("pettingzoo", 0.0), through_pettingzoo(name, args.seconds, r))
        toy, fast, public, spiel = best["toy"], best["fast"], best["public"], best["adapter"]
        line = (f"{name:<10} hands/s: toy {toy:7.0f}  engine fast {fast:6.0f} ({fast / toy:.3f} of toy)  "
                f"engine public {public:6.0f} ({public / toy:.3f})  adapter {spiel:6.0f} ({spiel / toy:.3f})  "
                f"fast/adapter x{fast / spiel:.2f}  public/adapter x{public / spiel:.2f}")
        if args.pettingzoo:
            zoo = best["pettingzoo"]
            line += f"  pettingzoo {zoo:6.0f} ({zoo / toy:.3f})  fast/pettingzoo x{fast / zoo:.2f}"
        print(line)


if __name__ == "__main__":
    from cardcore.errors import run_script

    run_script(main)
