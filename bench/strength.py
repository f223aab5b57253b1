"""Playing strength of one bot against another: win rate of A with a 95% Wilson interval.

Game i of ``-n`` puts bot A in seat ``i % players`` (seats rotate, so neither bot keeps the
advantage of a seat), with its partners if the game has fixed partnerships, and bot B in every
other seat; it is dealt from seed ``--seed + i``, and each bot gets a seed of its own derived
from the same number, so a run is reproducible. A tied game counts as half a win.

    python bench/strength.py penchant heuristic random -n 400
    python bench/strength.py "penchant(scoring=19th-century)" heuristic greedy -n 200 --seed 1000
    python bench/strength.py marjolet "pimc(samples=10)" heuristic -n 50

It plays in one process, game by game; ``cardcore simulate`` gives the same figure with more
statistics and ``--jobs``.
"""

from __future__ import annotations

import argparse
import sys
import time

from cardcore import load_game
from cardcore.bots import make_bot
from cardcore.sim.stats import wilson


def seats_of_a(table, index: int) -> tuple[int, ...]:
    """Bot A's seats in game ``index``: seat ``index % players`` in turn, and its partners: A
    partnered by B would measure a side of both bots, not A against B."""
    return table.side_seats[index % table.n]


def play_one(game, spec_a: str, spec_b: str, index: int, seed: int) -> tuple[float, float]:
    """(A's share of the game: 1, 0.5 or 0; A's signed game score) for game ``index``."""
    deal_seed = seed + index
    seats_a = seats_of_a(game.table, index)
    bots = [make_bot(spec_b, game, seed=deal_seed * 2 + 2)] * game.table.n  # B in every other seat
    bot_a = make_bot(spec_a, game, seed=deal_seed * 2 + 1)
    for seat in seats_a:
        bots[seat] = bot_a
    state = game.new_game(seed=deal_seed)
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    margin = state.returns()[seats_a[0]]
    share = 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5
    return share, margin


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="game string, e.g. penchant or 'penchant(scoring=19th-century)'")
    parser.add_argument("bot_a", help="bot spec for A, e.g. heuristic")
    parser.add_argument("bot_b", help="bot spec for B, e.g. random or 'ismcts(iterations=200)'")
    parser.add_argument("-n", "--games", type=int, default=400, help="games to play (default 400)")
    parser.add_argument("--seed", type=int, default=0, help="seed of game 0 (default 0)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("-n must be at least 1")

    game = load_game(args.game)
    start = time.perf_counter()
    wins = 0.0
    ties = 0
    margins = []
    for i in range(args.games):
        share, margin = play_one(game, args.bot_a, args.bot_b, i, args.seed)
        wins += share
        ties += share == 0.5
        margins.append(margin)
    n = args.games
    interval = wilson(wins, n)  # ties count half: a fractional count is fine here
    low, high = interval.low, interval.high
    elapsed = time.perf_counter() - start
    print(f"{game.game_string()}: {args.bot_a} vs {args.bot_b}, {n} games "
          f"(seats rotate, seeds {args.seed}..{args.seed + n - 1})")
    print(f"win rate of {args.bot_a}: {wins / n:.3f}  95% Wilson CI [{low:.3f}, {high:.3f}]  "
          f"({wins - ties / 2:g} won, {ties} tied, {n - wins - ties / 2:g} lost)")
    print(f"mean game score of {args.bot_a}: {sum(margins) / n:+.1f}  ({elapsed:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
