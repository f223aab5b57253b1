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

``--deal-only`` plays the first deal of each game alone, a cheaper and more sensitive measure
for development: a deal costs a fraction of a game, and its points say by how much A did
better, where a game's win says only whether. It reports A's score at the deal's end less the
mean of its opponents' (two seats or two sides: A's less B's), per deal the mean over its
seatings, which share the cards (a paired comparison: the cards' luck cancels out), with
Student's t interval; 0 means level. In games with decisions of their own it also reports them
apart, A's against B's (per seat): the share of deals whose contract each won, made and conceded
(the auction games), the meld points each declared a deal (the declaring games).

    python bench/strength.py bezique hard normal -n 20 --deal-only

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
from cardcore.sim.play import contract_of
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
    name, params = parse_game_string(spec, nested=True)  # a guide may carry its own parameters
    if clock or "seconds" not in params:
        return spec
    kept = [f"{k}={v}" for k, v in params.items() if k != "seconds"]
    return f"{name}({','.join(kept)})" if kept else name


_GAMES: dict[str, object] = {}


def play_one(game_string: str, spec_a: str, spec_b: str, deal: int, seating: int, seed: int,
             deal_only: bool = False) -> dict:
    """Deal ``deal`` (seeded ``seed + deal``) with A in its seating ``seating``: A's share of
    the game (1, 0.5 or 0), its game score, and its decisions' times; with ``deal_only`` the game
    stops when its first deal ends (the share is then that of the scores so far)."""
    game = _GAMES.get(game_string) or _GAMES.setdefault(game_string, load_game(game_string))
    deal_seed = seed + deal
    seats_a = seatings(game.table)[seating]
    bots = [make_bot(spec_a if s in seats_a else spec_b, game, seed=bot_seed(deal_seed, seating, s))
            for s in game.table.seats]
    state = game.new_game(seed=deal_seed)
    times = []
    while not state.is_terminal() and not (deal_only and len(state.rounds) > 1):
        seat = state.current_player
        started = time.process_time()  # CPU: what one core spends, whatever the load
        action = bots[seat].choose(state)
        if seat in seats_a:
            times.append(time.process_time() - started)
        state.apply(action)
    if state.is_terminal():
        margin = state.returns()[seats_a[0]]
    else:  # stopped at a deal's end: A's lead on the scores so far
        margin = score_lead(state.scores, seats_a, game.table)
    share = 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5
    played = state.rounds if state.is_terminal() else state.rounds[:-1]  # the last one just dealt
    return {"deal": deal, "share": share, "margin": margin, "times": times,
            "lead": score_lead(state.scores, seats_a, game.table),
            **decision_kinds(played, seats_a, game)}


def score_lead(scores, seats_a, table) -> float:
    """A's score less the mean of its opponents' (partners share their side's score)."""
    others = [scores[s] for s in table.opponents(seats_a[0])]
    return scores[seats_a[0]] - sum(others) / len(others)


def decision_kinds(rounds: list[dict], seats_a, game) -> dict:
    """What A's and B's seats did in the decisions apart from the play, over ``rounds`` (the
    deals' summaries): per bot (0 = A, 1 = B) the contracts won, made and conceded (games with
    an auction) and the meld points declared (games with melds, lapsed ones left out)."""
    bot_at = {s: 0 if s in seats_a else 1 for s in game.table.seats}
    contracts = [[0, 0, 0], [0, 0, 0]]  # per bot: won, made, conceded
    meld_points = [0, 0]
    for summary in rounds:
        contract = contract_of(summary, bot_at)
        if contract is not None:
            won = contracts[contract["declarer"]]
            won[0] += 1
            won[1] += contract["made"] is True
            won[2] += summary.get("outcome") == "conceded"
        for meld in summary.get("melds") or ():
            if meld.get("status") != "lapsed":
                meld_points[bot_at[meld["player"]]] += meld["points"]
    return {"deals": len(rounds), "contracts": contracts, "meld_points": meld_points,
            "has_contracts": any(p.kind == "auction" for p in game.rules.phases),
            "has_melds": any(m.enabled for m in game.rules.melds)}


def _play_task(task: tuple) -> dict:
    return play_one(*task)


def play_all(game_string: str, spec_a: str, spec_b: str, deals: int, seed: int, jobs: int = 1,
             progress=None, deal_only: bool = False) -> list[dict]:
    """Every seating of every deal, in order (the order and the games do not depend on ``jobs``);
    ``progress`` is called with each game's result as it comes, in that order."""
    game = load_game(game_string)
    tasks = [(game_string, spec_a, spec_b, d, k, seed, deal_only)
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
    """Win rate per game (Wilson) and per deal (t), mean score, the score lead per deal (t), the
    decisions apart from the play (:func:`decision_kinds`, summed), and A's decision times."""
    n = len(results)
    wins = sum(r["share"] for r in results)
    ties = sum(r["share"] == 0.5 for r in results)
    per_deal: dict[int, list[dict]] = {}
    for r in results:
        per_deal.setdefault(r["deal"], []).append(r)
    times = [t for r in results for t in r["times"]]
    contracts = [[sum(r["contracts"][bot][k] for r in results) for k in range(3)] for bot in (0, 1)]
    return {"games": n, "wins": wins, "ties": ties, "games_ci": wilson(wins, n),
            "deals_ci": mean_ci([sum(r["share"] for r in v) / len(v) for v in per_deal.values()]),
            "lead_ci": mean_ci([sum(r["lead"] for r in v) / len(v) for v in per_deal.values()]),
            "margin": sum(r["margin"] for r in results) / n,
            "rounds": sum(r["deals"] for r in results), "contracts": contracts,
            "meld_points": [sum(r["meld_points"][bot] for r in results) for bot in (0, 1)],
            "has_contracts": results[0]["has_contracts"], "has_melds": results[0]["has_melds"],
            "mean_time": sum(times) / len(times) if times else 0.0, "max_time": max(times, default=0.0)}


def decision_lines(s: dict, seats_a: int, seats_b: int) -> list[str]:
    """The contracts and melds of A's seats against B's, per seat and deal, as printed."""
    rounds, out = s["rounds"], []
    if not rounds:
        return out
    if s["has_contracts"]:
        for name, (won, made, conceded), seats in (("A", s["contracts"][0], seats_a), ("B", s["contracts"][1], seats_b)):
            out.append(f"contracts of {name} (a seat): won {won / (rounds * seats):.3f} of the deals; "
                       f"of those won, made {made / max(won, 1):.3f}, conceded {conceded / max(won, 1):.3f} "
                       f"({won} won, {made} made, {conceded} conceded in {rounds} deals)")
    if s["has_melds"]:
        a, b = (p / (rounds * k) for p, k in zip(s["meld_points"], (seats_a, seats_b)))
        out.append(f"meld points a deal (a seat): A {a:.1f}, B {b:.1f} ({rounds} deals)")
    return out


def _bounds(interval) -> str:
    if interval.low is None:
        return "[-, -]"
    return f"[{interval.low:.3f}, {interval.high:.3f}]"


def _signed_bounds(interval) -> str:
    if interval.low is None:
        return "[-, -]"
    return f"[{interval.low:+.2f}, {interval.high:+.2f}]"


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
    parser.add_argument("--deal-only", action="store_true",
                        help="play each game's first deal only; report A's score lead per deal "
                             "(paired over the seatings, t interval), cheaper and more sensitive than wins")
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
                       show_progress if args.progress else None, args.deal_only)
    elapsed = time.perf_counter() - start
    s = summary(results)
    n, wins, ties = s["games"], s["wins"], s["ties"]
    per = len(seatings(game.table))
    unit = "first deals" if args.deal_only else "games"
    print(f"{game.game_string()}: {spec_a} vs {spec_b}, {n} {unit} "
          f"({args.deals} deals x {per} seatings, seeds {args.seed}..{args.seed + args.deals - 1})")
    print(f"win rate of {spec_a}: {wins / n:.3f}  95% Wilson CI {_bounds(s['games_ci'])}  "
          f"({wins - ties / 2:g} won, {ties} tied, {n - wins - ties / 2:g} lost)")
    print(f"per deal (mean over its seatings, {args.deals} deals): {s['deals_ci'].estimate:.3f}  "
          f"95% t CI {_bounds(s['deals_ci'])}")
    if args.deal_only:
        lead = s["lead_ci"]
        print(f"score lead of {spec_a} at the deal's end (its score less its opponents' mean), per deal: "
              f"{lead.estimate:+.2f}  95% t CI {_signed_bounds(lead)}")
    sides = len(game.table.sides)
    seats_a = game.players // sides
    for line in decision_lines(s, seats_a, game.players - seats_a):
        print(line)
    print(f"mean game score of {spec_a}: {s['margin']:+.1f}; its decisions: "
          f"{s['mean_time'] * 1000:.0f} ms mean, {s['max_time'] * 1000:.0f} ms longest (CPU)  ({elapsed:.1f} s)")
    return 0


if __name__ == "__main__":
    from cardcore.errors import run_script

    run_script(main)
