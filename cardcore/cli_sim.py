"""The ``simulate`` and ``compare`` commands: many games between bots, and what they measure."""

from __future__ import annotations

import contextlib
import functools
import os
import random
import sys
from dataclasses import dataclass
from pathlib import Path

import click

from .errors import CardcoreError, OptionError
from .options import parse_game_string, split_outside_parentheses
from .cli_options import make_game, option_pairs, preset_option
from .records import write_record
from .sim import report
from .sim.play import check
from .sim.plot import check_plot_path, plot_compare, pyplot
from .sim.runner import run, stream
from .sim.tally import Tally

SKILL_DEPTH_BOTS = ("ismcts(iterations=200)", "random")


def split_bots(text: str) -> list[str]:
    """``ismcts(iterations=200,seconds=1),random`` -> the two specs: commas inside () stay."""
    specs = [s.strip() for s in split_outside_parentheses(text, f"in --bots {text!r}")]
    if any(not s for s in specs):
        raise OptionError(f"empty bot name in --bots {text!r}; expected e.g. random,greedy")
    return specs


def _game_string(game: str, option_pairs, preset: str | None) -> tuple[object, str]:
    g = make_game(game, option_pairs, preset)
    return g, g.game_string()


def _seed(seed: int | None) -> int:
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
        click.echo(f"seed: {seed}", err=True)
    return seed


def _jobs(jobs: int) -> int:
    return jobs if jobs > 0 else (os.cpu_count() or 1)


def _record_name(index: int, n: int) -> str:
    return f"{index:0{max(4, len(str(max(0, n - 1))))}d}.json"


@contextlib.contextmanager
def _progress(total: int, label: str):
    """A progress bar on stderr when stderr is a terminal; yields a per-game callback."""
    if not sys.stderr.isatty() or total == 0:
        yield lambda _result: None
        return
    with click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True,
                           show_eta=True) as bar:
        yield lambda _result: bar.update(1)


@contextlib.contextmanager
def _user_errors():
    try:
        yield
    except CardcoreError as exc:
        raise click.ClickException(str(exc)) from None


def _output_format(json_: bool, csv_: bool) -> str:
    if json_ and csv_:
        raise click.UsageError("give --json or --csv, not both")
    return "json" if json_ else "csv" if csv_ else "text"


def _records_dir(path: str | Path | None) -> Path | None:
    """The directory for --records, made now: a path that cannot be one is refused before any game."""
    if path is None:
        return None
    path = Path(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise click.ClickException(f"--records {path}: exists and is not a directory") from None
    except OSError as exc:
        raise click.ClickException(f"--records {path}: cannot make the directory: {exc.strerror or exc}") from None
    return path


def _play(game_string, specs, n, seed, jobs, scheduler, tick, records_dir: Path | None,
          stop=None) -> Tally:
    """Play the games, each folded into the tally as it comes (and its record written), so
    that no game is kept whole."""
    tally = Tally()
    for result in stream(game_string, specs, n, seed, jobs=jobs, scheduler=scheduler,
                         keep_records=records_dir is not None, stop=stop):
        if records_dir is not None:
            target = records_dir / _record_name(result["index"], n)
            try:
                write_record(target, result.pop("record"))
            except OSError as exc:
                raise click.ClickException(f"--records: cannot write {target}: {exc.strerror or exc}") from None
        tally.add(result)
        tick(result)
    return tally


# ------------------------------------------------------------------------------ options
bots_option = click.option(
    "--bots", default="greedy", show_default=True, metavar="A,B,...",
    help="The bots, one per seat, e.g. random,greedy or 'ismcts(iterations=200),random', or one for "
         "every seat. The seats rotate: in game i bot A sits in seat i mod N (N seats), B in the next "
         "seat and so on; with two, A sits in seat 0 in even games and seat 1 in odd ones.",
)


@dataclass
class ComparedArms:
    """What ``compare_arms`` measured: the rows of estimates, each arm's game string and bots,
    which arms are paired with the first, and the table sizes."""

    rows: list
    names: list[str]
    arm_specs: list[list[str]]
    paired: list[bool]
    players: set[int]


def compare_arms(arm_games: list, bots: str, n: int, seed: int, jobs: int, scheduler: str | None,
                 skill_depth: int, tick, play=None, stop=None) -> ComparedArms:
    """Play ``n`` games per arm (the games of ``load_game``) between ``bots`` on the same deals and
    compare them: what `cardcore compare` prints and ``cardcore serve`` shows. ``tick`` is called
    with each finished game; ``play(k)`` may give arm k's way of playing (e.g. keeping records);
    ``stop()`` ends the comparison (``sim.runner.Stopped``) when it says so."""
    names = [g.game_string() for g in arm_games]
    arm_specs = arm_bots(arm_games, bots)
    players = {g.players for g in arm_games}
    first = parse_game_string(names[0])[0]
    paired = [parse_game_string(gs)[0] == first for gs in names]
    results, skills = [], []
    for k, gs in enumerate(names):
        play_arm = play(k) if play else functools.partial(_play, records_dir=None, stop=stop)
        results.append(play_arm(gs, arm_specs[k], n, seed, jobs, scheduler, tick))
    for g, gs in zip(arm_games, names):
        if skill_depth:  # ismcts in one seat, random in every other
            bots_now = SKILL_DEPTH_BOTS[:1] + SKILL_DEPTH_BOTS[1:] * (g.players - 1)
            skill = run(gs, bots_now, skill_depth, seed, jobs=jobs, scheduler=scheduler, progress=tick, stop=stop)
            skills.append(report.skill_series(skill))
        else:
            skills.append(None)
    rows = report.compare(results, paired, skills if skill_depth else None)
    same = report.same_moves_row(results, paired)
    if same is not None:
        rows.append(same)
    return ComparedArms(rows, names, arm_specs, paired, players)


def arm_bots(arm_games: list, bots: str) -> list[list[str]]:
    """Each arm's bot specs, one per seat, from ``--bots``; OptionError when they do not fit."""
    given = split_bots(bots)
    players = {g.players for g in arm_games}
    if len(given) == 1 or len(players) == 1:  # arms of one table size share the same bots
        specs = seat_specs(given, arm_games[0]) if len(players) == 1 else given
    else:
        raise OptionError("arms with different numbers of seats need one bot for every seat "
                          f"(--bots greedy), not {len(given)}")
    return [seat_specs(specs, g) for g in arm_games]


def compare_header(n: int, seed: int, labels: list[str], specs: list[str], paired: list[bool], seats: int) -> str:
    """The line above the comparison's table: games, seed, bots, and how Δ is worked out."""
    method = ("paired (same deals)" if all(paired) else
              "paired for arms of the first arm's game, Welch (Newcombe for proportions) otherwise")
    bots_text = ", ".join(f"{label} = {spec}" for label, spec in zip(labels, specs))
    return f"{n} games per arm · seed {seed} · {bots_text} ({_seats_text(seats)}) · Δ vs first: {method}"


def seat_specs(specs: list[str], game) -> list[str]:
    """One bot spec per seat of ``game``: one spec given is every seat's."""
    return specs * game.players if len(specs) == 1 else specs


def _seats_text(players: int) -> str:
    return "seats alternate" if players == 2 else "seats rotate"
def games_option(what: str):
    return click.option("-n", "--games", "n", type=click.IntRange(min=1, max=10_000_000), default=100,
                        show_default=True, help=f"Number of games{what}.")


seed_option = click.option("--seed", type=int,
                           help="Master seed: game i's deals and bots follow from (seed, i). "
                                "Random if omitted, and then printed to stderr.")
jobs_option = click.option("--jobs", "-j", type=click.IntRange(min=0, max=256), default=1, show_default=True,
                           help="Worker processes (0: one per CPU). Results do not depend on it.")
scheduler_option = click.option("--scheduler", metavar="ADDRESS",
                                help="Run on this Dask distributed scheduler, e.g. tcp://host:8786 "
                                     "(needs cardcore[dask]).")
json_option = click.option("json_", "--json", is_flag=True, help="Print JSON.")
csv_option = click.option("csv_", "--csv", is_flag=True, help="Print CSV.")
records_option = click.option("--records", "records_dir", type=click.Path(file_okay=False),
                              help="Keep every game's record in this directory, one JSON file per "
                                   "game named by its index (compare: a subdirectory arm-K per arm); "
                                   "made if missing, before any game is played.")


# ------------------------------------------------------------------------------ simulate
@click.command(short_help="Play many games between bots; statistics with 95% CIs.")
@click.argument("game")
@option_pairs
@preset_option
@bots_option
@games_option("")
@seed_option
@jobs_option
@scheduler_option
@json_option
@csv_option
@records_option
def simulate(game, option_pairs, preset, bots, n, seed, jobs, scheduler, json_, csv_, records_dir):
    """Play N games of GAME between bots, one per seat, the seats rotating, and report the
    statistics.

    Every estimate comes with a 95% confidence interval: win rate per bot, game score, points
    per round by source (each meld kind, brisques, bonuses, last trick), seat advantage (the win
    rate of every seat at a table of three or more), each side's win rate with partnerships, and
    with an auction the contracts made and set, the mean winning bid and the contracts each bot
    takes; the game's notable events, decisions and legal moves per decision, time per game, and
    the mechanics measures of `cardcore compare`.
    """
    with _user_errors():
        fmt = _output_format(json_, csv_)
        g, game_string = _game_string(game, option_pairs, preset)
        specs = seat_specs(split_bots(bots), g)
        check(game_string, tuple(specs))  # a wrong count or bot fails before the seed is printed
        records = _records_dir(records_dir)
        seed = _seed(seed)
        with _progress(n, "simulating") as tick:
            tally = _play(game_string, specs, n, seed, _jobs(jobs), scheduler, tick, records)
        rows = report.aggregate(tally)
    labels = report.bot_labels(specs)
    if fmt == "json":
        meta = {"game": game_string, "bots": dict(zip(labels, specs)), "games": n, "seed": seed}
        click.echo(report.simulate_json(rows, meta))
    elif fmt == "csv":
        click.echo(report.simulate_csv(rows), nl=False)
    else:
        bots_text = ", ".join(f"{label} = {spec}" for label, spec in zip(labels, specs))
        header = f"{g.title} — {game_string} · {n} games · seed {seed} · {bots_text} ({_seats_text(g.players)})"
        click.echo(report.simulate_text(rows, header))


# ------------------------------------------------------------------------------ compare
@click.command(short_help="Compare rule variants or games side by side on the same deals.")
@click.argument("arms", nargs=-1, required=True, metavar="GAME...")
@option_pairs
@bots_option
@games_option(" per arm")
@seed_option
@jobs_option
@scheduler_option
@json_option
@csv_option
@records_option
@click.option("--skill-depth", type=click.IntRange(min=0, max=1_000_000), default=0, show_default=True, metavar="N",
              help="Also play N games per arm of ismcts(iterations=200) against random and report "
                   "ismcts's win rate (0: not measured).")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False),
              help="Draw the comparison to this PNG file (needs cardcore[plot]).")
def compare(arms, option_pairs, bots, n, seed, jobs, scheduler, json_, csv_, records_dir,
            skill_depth, plot_path):
    """Compare arms side by side: each arm a game string, e.g. "penchant(scoring=modern)".

    Arms of the same game play the same deals (common random numbers), so a difference shows the
    rule, not the luck: the Δ column is then a paired difference; across different games it is
    Welch's. -o options apply to every arm. Mechanics measures: share of points from melds and
    from tricks, how often the leader at the end of the stock phase wins, lead changes, margin,
    seat advantage, and with --skill-depth N the win rate of ismcts against random. For arms
    of the first arm's game, the share of games played move for move as in the first arm: when
    it is all of them, the output says that the arm's rules changed nothing the bots did (JSON:
    "unchanged").
    """
    with _user_errors():
        fmt = _output_format(json_, csv_)
        arm_games = [_game_string(arm, option_pairs, None)[0] for arm in arms]
        for g, specs in zip(arm_games, arm_bots(arm_games, bots)):  # refused before any
            check(g.game_string(), tuple(specs))  # directory is made or seed drawn
        if plot_path:
            pyplot()  # matplotlib missing or the file unwritable: say so now, not after
            check_plot_path(plot_path)  # every game has been played
        arm_records = [_records_dir(Path(records_dir) / f"arm-{k + 1}") if records_dir else None
                       for k in range(len(arms))]
        seed = _seed(seed)
        jobs = _jobs(jobs)
        total = len(arms) * (n + skill_depth)
        with _progress(total, "comparing") as tick:
            done = compare_arms(arm_games, bots, n, seed, jobs, scheduler, skill_depth, tick,
                                lambda k: functools.partial(_play, records_dir=arm_records[k]))
        rows, names, arm_specs, paired, players = done.rows, done.names, done.arm_specs, done.paired, done.players
        if plot_path:
            plot_compare(rows, names, plot_path)
    specs = max(arm_specs, key=len)  # arms of different sizes: one spec, named for the biggest table
    labels = report.bot_labels(specs)
    if fmt == "json":
        meta = {"arms": names, "bots": dict(zip(labels, specs)), "games": n, "seed": seed,
                "skill_depth": skill_depth, "paired": paired,
                "unchanged": [k in report.unchanged_arms(rows) for k in range(len(names))]}
        click.echo(report.compare_json(rows, meta))
    elif fmt == "csv":
        click.echo(report.compare_csv(rows, names), nl=False)
    else:
        header = compare_header(n, seed, labels, specs, paired, min(players))
        shown = [gs if gs == arm.strip() else f"{arm.strip()} (= {gs})" for arm, gs in zip(arms, names)]
        click.echo(report.compare_text(rows, shown, header))
