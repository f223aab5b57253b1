"""Playing strength of one bot against another on the same deals, seats swapped.

Deal d of ``-n`` is dealt from seed ``--seed + d`` and played once for each seating of bot A:
A in seat 0 (with its partners, if the game has fixed partnerships), then in seat 1, and so on
through every side (two games a deal at a table of two or of two partnerships, three at
Auction Pinochle's table of three, where A plays alone against two B's). A game's deals
depend only on its seed and number, so every seating gets the same cards, and the cards'
luck cancels out of the comparison. Bot B takes every other seat; each seat's bot has a
seed of its own derived from the deal and the seating, so a run is the same on any number of
worker processes (``--jobs``).

It reports A's win rate over the games (a tie counts half) with a 95% Wilson interval, the
same per deal (the mean of A's shares over the deal's seatings, with Student's t interval:
a deal's games are not independent, so this is the honest one when the cards decide much),
A's mean game score, and the CPU time A took per decision (mean and longest: what one core
spends, which the machine's load does not inflate as it does the wall clock).

    python bench/strength.py penchant heuristic random -n 200
    python bench/strength.py "penchant(scoring=19th-century)" heuristic greedy -n 100 --seed 1000
    python bench/strength.py marjolet hard normal -n 200 --jobs 2

``hard``, ``normal`` and ``easy`` stand for the game's ``--level`` bots, without the clock bound
(``seconds``) of the level's search unless ``--clock`` is given: the iteration cap is the same
on every machine, the clock is not, and a measurement must be reproducible from its seed.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from cardcore import load_game
from cardcore.bots import make_bot
from cardcore.options import parse_game_string
from cardcore.players import LEVELS, level_bot
from cardcore.sim.stats import mean_ci, wilson


def seatings(table) -> list[tuple[int, ...]]:
    """Bot A's seats in each game of a deal: each side once, in seat order (a side's seats
    together: A partnered by B would measure a side of both bots, not A against B)."""
    out: list[tuple[int, ...]] = []
    for seat in table.seats:
        if table.side_seats[seat] not in out:
            out.append(table.side_seats[seat])
    return out


def bot_seed(deal_seed: int, seating: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of seating ``seating`` of the deal seeded ``deal_seed``."""
    return ((deal_seed * 8 + seating) * 8 + seat) % 2**63


def resolve(spec: str, game, clock: bool = False) -> str:
    """A level name (``hard``) as the game's bot for it, without its clock bound (``seconds``)
    unless ``clock``: the bound makes a game depend on the machine's speed, the iteration cap
    does not; any other spec as given."""
    if spec not in LEVELS:
        return spec
    spec = level_bot(spec, game)
    name, params = parse_game_string(spec)
    if clock or "seconds" not in params:
        return spec
    kept = [f"{k}={v}" for k, v in params.items() if k != "seconds"]
    return f"{name}({','.join(kept)})" if kept else name


_GAMES: dict[str, object] = {}


def play_one(game_string: str, spec_a: str, spec_b: str, deal: int, seating: int, seed: int) -> dict:
    """Deal ``deal`` (seeded ``seed + deal``) with A in its seating ``seating``: A's share of
    the game (1, 0.5 or 0), its game score, and its decisions' times."""
    game = _GAMES.get(game_string) or _GAMES.setdefault(game_string, load_game(game_string))
    deal_seed = seed + deal
    seats_a = seatings(game.table)[seating]
    bots = [make_bot(spec_a if s in seats_a else spec_b, game, seed=bot_seed(deal_seed, seating, s))
            for s in game.table.seats]
    state = game.new_game(seed=deal_seed)
    times = []
    while not state.is_terminal():
        seat = state.current_player
        started = time.process_time()  # CPU: what one core spends, whatever the load
        action = bots[seat].choose(state)
        if seat in seats_a:
            times.append(time.process_time() - started)
        state.apply(action)
    margin = state.returns()[seats_a[0]]
    share = 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5
    return {"deal": deal, "share": share, "margin": margin, "times": times}


def _play_task(task: tuple) -> dict:
    return play_one(*task)


def play_all(game_string: str, spec_a: str, spec_b: str, deals: int, seed: int, jobs: int = 1,
             progress=None) -> list[dict]:
    """Every seating of every deal, in order (the order and the games do not depend on ``jobs``);
    ``progress`` is called with each game's result as it comes, in that order."""
    game = load_game(game_string)
    tasks = [(game_string, spec_a, spec_b, d, k, seed)
             for d in range(deals) for k in range(len(seatings(game.table)))]
    results = []
    if jobs <= 1:
        played = map(_play_task, tasks)
        for r in played:
            results.append(r)
            if progress:
                progress(r)
        return results
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        for r in pool.map(_play_task, tasks, chunksize=1):
            results.append(r)
            if progress:
                progress(r)
    return results


def show_progress(result: dict) -> None:
    """One line a game on stderr: a long run can be read, or stopped, half-way."""
    print(f"deal {result['deal']}: A's share {result['share']:g}, score {result['margin']:+g}",
          file=sys.stderr, flush=True)


def summary(results: list[dict]) -> dict:
    """Win rate per game (Wilson) and per deal (t), mean score, and A's decision times."""
    n = len(results)
    wins = sum(r["share"] for r in results)
    ties = sum(r["share"] == 0.5 for r in results)
    per_deal: dict[int, list[float]] = {}
    for r in results:
        per_deal.setdefault(r["deal"], []).append(r["share"])
    times = [t for r in results for t in r["times"]]
    return {"games": n, "wins": wins, "ties": ties, "games_ci": wilson(wins, n),
            "deals_ci": mean_ci([sum(v) / len(v) for v in per_deal.values()]),
            "margin": sum(r["margin"] for r in results) / n,
            "mean_time": sum(times) / len(times) if times else 0.0, "max_time": max(times, default=0.0)}


def _bounds(interval) -> str:
    if interval.low is None:
        return "[-, -]"
    return f"[{interval.low:.3f}, {interval.high:.3f}]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="game string, e.g. penchant or 'penchant(scoring=19th-century)'")
    parser.add_argument("bot_a", help="bot spec for A, e.g. heuristic, or a level: easy, normal, hard")
    parser.add_argument("bot_b", help="bot spec for B, e.g. random or 'ismcts(iterations=200)'")
    parser.add_argument("-n", "--deals", type=int, default=200,
                        help="deals to play, each once per seating of A (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of deal 0 (default 0)")
    parser.add_argument("-j", "--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--progress", action="store_true", help="a line on stderr as each game ends")
    parser.add_argument("--clock", action="store_true",
                        help="keep a level's clock bound (seconds=): games then depend on the machine's speed")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("-n must be at least 1")

    game = load_game(args.game)
    spec_a, spec_b = resolve(args.bot_a, game, args.clock), resolve(args.bot_b, game, args.clock)
    for spec in (spec_a, spec_b):
        make_bot(spec, game, seed=0)  # a bad spec fails here, before any game
    start = time.perf_counter()
    results = play_all(args.game, spec_a, spec_b, args.deals, args.seed, args.jobs,
                       show_progress if args.progress else None)
    elapsed = time.perf_counter() - start
    s = summary(results)
    n, wins, ties = s["games"], s["wins"], s["ties"]
    per = len(seatings(game.table))
    print(f"{game.game_string()}: {spec_a} vs {spec_b}, {n} games "
          f"({args.deals} deals x {per} seatings, seeds {args.seed}..{args.seed + args.deals - 1})")
    print(f"win rate of {spec_a}: {wins / n:.3f}  95% Wilson CI {_bounds(s['games_ci'])}  "
          f"({wins - ties / 2:g} won, {ties} tied, {n - wins - ties / 2:g} lost)")
    print(f"per deal (mean over its seatings, {args.deals} deals): {s['deals_ci'].estimate:.3f}  "
          f"95% t CI {_bounds(s['deals_ci'])}")
    print(f"mean game score of {spec_a}: {s['margin']:+.1f}; its decisions: "
          f"{s['mean_time'] * 1000:.0f} ms mean, {s['max_time'] * 1000:.0f} ms longest (CPU)  ({elapsed:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
