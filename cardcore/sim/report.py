"""Per-game dicts (from ``play``) aggregated into metric rows, and rendered as text, JSON or CSV.

A metric is a :class:`Series`: one value per game index, of one kind --

- ``proportion``: 0/1 per game, a Wilson interval (win rates, ties, ...);
- ``mean``: a number per game, a Student t interval (game score, margin, decisions, ...);
- ``ratio``: a (numerator, denominator) pair per game, the ratio of the sums with a delta-method
  interval (points per round, legal moves per decision, shares of points).

Keeping the values by game index is what lets ``compare`` pair the arms that played the same
deals: the difference of two arms of one game is a paired difference (common random numbers);
across different games it is Welch's (Newcombe's for proportions).

Metric names (A, B are the bots in the order given; the seats alternate from game to game):
``win rate A (spec)`` (a bot wins when its side does), ``ties``, ``game score A (spec)`` (signed:
won or lost), ``seat advantage: seat 0 win rate`` (and of every seat at a table of three or more),
``side win rate: seats 0+2`` (each side, with partnerships), ``seat advantage: first dealer win rate``,
with an auction ``contracts made``, ``contracts set`` (shares of the contracts played or conceded),
``mean winning bid`` and ``contracts taken per round A (spec)``,
``points per round A: SOURCE`` (SOURCE a meld kind, or a label such as ``brisques``),
``points per round A: all sources``, ``event: NAME`` (the game's notable events, per game),
``meld share of points``, ``trick share of points``, ``stock leader wins the deal``,
``stock leader wins the game``, ``lead changes per game``, ``margin``, ``rounds per game``,
``decisions per game``, ``legal moves per decision``, ``seconds per game``, and in ``compare``
``skill depth: ismcts win rate vs random`` and ``games played move for move as in arm 1``.
"""

from __future__ import annotations

import csv
import io
import json
import textwrap
from dataclasses import dataclass

from . import stats
from .stats import Interval
from .tally import (CONTRACTS, EFFORT, EVENTS, HEADLINE, MECHANICS, POINTS, Series,  # noqa: F401
                    Tally, bot_labels, contract_series, fold)

SKILL_DEPTH = "skill depth: ismcts win rate vs random"
SAME_MOVES = "games played move for move as in arm 1"
WIDTH = 100


@dataclass(frozen=True)
class Row:
    name: str
    estimate: float | None
    low: float | None
    high: float | None
    n: int

    def as_dict(self) -> dict:
        return {"name": self.name, "estimate": self.estimate, "low": self.low, "high": self.high,
                "n": self.n}


def build_series(results: list[dict], sources: dict[str, str] | None = None) -> list[Series]:
    """The metrics of one arm's games (per-game dicts), as series of per-game values."""
    return fold(results).series(sources)


def skill_series(results: list[dict]) -> Series:
    """Skill depth: how often bot A (ismcts) beats bot B (random)."""
    s = Series(SKILL_DEPTH, "proportion", MECHANICS)
    for r in results:
        s.put(r["index"], float(0 in r.get("winners", [r["winner"]])))
    return s


# ------------------------------------------------------------------------------ estimates
def estimate(s: Series) -> Interval:
    values = s.present()
    if s.kind == "proportion":
        return stats.wilson(int(round(sum(values))), len(values))
    if s.kind == "ratio":
        iv = stats.ratio_ci([v[0] for v in values], [v[1] for v in values])
        nonnegative = all(v[0] >= 0 and v[1] >= 0 for v in values)
    else:
        iv = stats.mean_ci(values)
        nonnegative = all(v >= 0 for v in values)
    if nonnegative and iv.low is not None and iv.low < 0:
        # counts and points cannot be negative: a symmetric interval of a rare event is cut at 0
        iv = Interval(iv.estimate, 0.0, iv.high, iv.n)
    return iv


def difference(s: Series, base: Series, paired: bool) -> tuple[Interval, str]:
    """``s`` minus ``base``, with its interval and the method used."""
    if paired:
        common = sorted(set(s.indices()) & set(base.indices()))
        if s.kind == "ratio" and base.kind == "ratio":
            x, y = [s.get(i) for i in common], [base.get(i) for i in common]
            return stats.paired_ratio_difference([v[0] for v in x], [v[1] for v in x],
                                                 [v[0] for v in y], [v[1] for v in y]), "paired"
        if s.kind == "ratio" or base.kind == "ratio":
            return Interval(None, None, None, 0), "paired"
        return stats.paired_difference([s.get(i) for i in common],
                                       [base.get(i) for i in common]), "paired"
    x, y = s.present(), base.present()
    if s.kind == "ratio" and base.kind == "ratio":
        return stats.welch_ratio_difference([v[0] for v in x], [v[1] for v in x],
                                            [v[0] for v in y], [v[1] for v in y]), "welch"
    if s.kind == "ratio" or base.kind == "ratio":
        return Interval(None, None, None, 0), "welch"
    if s.kind == "proportion" and base.kind == "proportion":
        return stats.newcombe_difference(int(round(sum(x))), len(x), int(round(sum(y))), len(y)), "newcombe"
    return stats.welch_difference(x, y), "welch"


def aggregate(results: Tally | list[dict], sources: dict[str, str] | None = None) -> list[Row]:
    """Metric rows (name, estimate, low, high, n) for the games of one run (a tally of them)."""
    tally = results if isinstance(results, Tally) else fold(results)
    return [_row(s.name, estimate(s)) for s in tally.series(sources)]


def _row(name: str, iv: Interval) -> Row:
    return Row(name, iv.estimate, iv.low, iv.high, iv.n)


@dataclass(frozen=True)
class CompareRow:
    name: str
    arms: list  # Interval or None per arm (None: the metric does not exist in that arm)
    deltas: list  # (Interval, method) or None per arm; None for the first arm


def compare(arms: list[Tally], paired: list[bool], extra: list[Series | None] | None = None
            ) -> list[CompareRow]:
    """One row per metric found in any arm (a tally of its games); ``paired[k]``: arm k pairs
    with the first arm.

    ``extra`` is one more series per arm (skill depth), or None.
    """
    games = [tally.game.partition("(")[0] for tally in arms]
    by_game: dict[str, dict[str, str]] = {}
    for g, tally in zip(games, arms):
        by_game.setdefault(g, {}).update(tally.sources)
    per_arm = [{s.name: s for s in tally.series(by_game.get(g))} for g, tally in zip(games, arms)]
    if extra:
        for series, e in zip(per_arm, extra):
            if e is not None:
                series[e.name] = e
    names: list[tuple[int, int, str]] = []
    seen: set[str] = set()
    for arm in per_arm:
        for s in arm.values():
            if s.name not in seen:
                seen.add(s.name)
                names.append((s.section, len(names), s.name))
    rows = []
    for _section, _pos, name in sorted(names):
        cells = [estimate(arm[name]) if name in arm else None for arm in per_arm]
        deltas: list = [None]
        base = per_arm[0].get(name)
        for k in range(1, len(per_arm)):
            s = per_arm[k].get(name)
            deltas.append(None if s is None or base is None else difference(s, base, paired[k]))
        rows.append(CompareRow(name, cells, deltas))
    return rows


def same_moves_row(arms: list[Tally], paired: list[bool]) -> CompareRow | None:
    """How many games of each arm paired with the first went move for move as the first arm's
    game on the same deal: all of them, and the arm's rules changed nothing the bots did (an
    option no bot makes use of, such as a freedom none of them takes). None without such arms."""
    if not any(paired[1:]):
        return None
    base = arms[0].moves
    cells: list = [None]
    for tally, pairs in zip(arms[1:], paired[1:]):
        same = sum(1 for a, b in zip(tally.moves, base) if a == b and a != 0)
        cells.append(stats.wilson(same, min(len(tally.moves), len(base))) if pairs else None)
    return CompareRow(SAME_MOVES, cells, [None] * len(arms))


def unchanged_arms(rows: list[CompareRow]) -> list[int]:
    """The arms (0-based) that played every game as the first arm did (see ``same_moves_row``)."""
    row = next((r for r in rows if r.name == SAME_MOVES), None)
    if row is None:
        return []
    return [k for k, cell in enumerate(row.arms)
            if k and cell is not None and cell.n and cell.estimate == 1.0]


# ------------------------------------------------------------------------------ rendering
def fmt(x: float | None) -> str:
    if x is None:
        return "—"
    a = abs(x)
    if a == 0:
        return "0"
    if a >= 1000:
        return f"{x:.0f}"
    if a < 0.001:
        return f"{x:.1e}"
    text = f"{x:.3g}"
    return text if "e" not in text else f"{x:.4f}"


def _ci(low: float | None, high: float | None) -> str:
    return "—" if low is None or high is None else f"[{fmt(low)}, {fmt(high)}]"


def _cell(iv: Interval | None) -> str:
    if iv is None:
        return "—"
    if iv.estimate is None:
        return "— (n=0)" if iv.n == 0 else "—"
    return f"{fmt(iv.estimate)} {_ci(iv.low, iv.high)}"


def table(headers: list[str], rows: list[list[str]], width: int = WIDTH, min_name: int = 24) -> str:
    """A text table of a name column and value columns, no wider than ``width``.

    Names too long for their column go on a line of their own; value columns that do not fit
    beside the names are shown in further blocks, each repeating the names.
    """
    ncols = len(headers) - 1
    widths = [max([len(headers[i + 1])] + [len(r[i + 1]) for r in rows]) for i in range(ncols)]
    blocks = []
    for cols in _column_groups(widths, width - min_name):
        values_w = sum(widths[i] + 2 for i in cols)
        longest = max([len(headers[0])] + [len(r[0]) for r in rows])
        name_w = max(min_name, min(longest, width - values_w))
        lines = [_line(headers, cols, widths, name_w)]
        for r in rows:
            if len(r[0]) > name_w:
                lines.append(r[0])
                lines.append(_line([""] + r[1:], cols, widths, name_w))
            else:
                lines.append(_line(r, cols, widths, name_w))
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _line(r: list[str], cols: list[int], widths: list[int], name_w: int) -> str:
    parts = [r[0].ljust(name_w)] + [r[i + 1].rjust(widths[i]) for i in cols]
    return "  ".join(parts).rstrip()


def simulate_text(rows: list[Row], header: str) -> str:
    body = [[r.name, fmt(r.estimate), _ci(r.low, r.high), str(r.n)] for r in rows]
    return _wrap(header) + "\n\n" + table(["metric", "estimate", "95% CI", "n"], body)


def simulate_json(rows: list[Row], meta: dict) -> str:
    return json.dumps({**meta, "metrics": [r.as_dict() for r in rows]}, indent=1)


def simulate_csv(rows: list[Row]) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["name", "estimate", "low", "high", "n"])
    for r in rows:
        w.writerow([r.name, _csv(r.estimate), _csv(r.low), _csv(r.high), r.n])
    return out.getvalue()


def _csv(x: float | None) -> str:
    return "" if x is None else repr(float(x))


def delta_header(k: int, arms: int) -> str:
    return "Δ vs first" if arms == 2 else f"Δ arm {k + 1} vs first"


def compare_text(rows: list[CompareRow], arm_names: list[str], header: str) -> str:
    """Two lines per metric: the estimates, then their 95% intervals below them."""
    k = len(arm_names)
    legend = [f"arm {i + 1}: {name}" for i, name in enumerate(arm_names)]
    legend += [f"arm {i + 1} played every game move for move as arm 1 did: its rules changed "
               "nothing the bots did" for i in unchanged_arms(rows)]
    headers = ["metric"] + [f"arm {i + 1}" for i in range(k)] + [delta_header(i, k) for i in range(1, k)]
    body = []
    for r in rows:
        cells = list(r.arms) + [d[0] if d else None for d in r.deltas[1:]]
        body.append((r.name, [_pair(c) for c in cells]))
    return "\n".join([_wrap(header), *map(_wrap, legend)]) + "\n\n" + two_line_table(headers, body)


def _pair(iv: Interval | None) -> tuple[str, str]:
    if iv is None or iv.estimate is None:
        return "—", ""
    return fmt(iv.estimate), _ci(iv.low, iv.high)


def two_line_table(headers: list[str], rows: list[tuple[str, list[tuple[str, str]]]],
                   width: int = WIDTH, min_name: int = 24) -> str:
    """Like :func:`table`, with each value cell on two lines and names wrapped over them."""
    ncols = len(headers) - 1
    widths = [max([len(headers[i + 1])] + [max(len(c[i][0]), len(c[i][1])) for _, c in rows])
              for i in range(ncols)]
    blocks = []
    for cols in _column_groups(widths, width - min_name):
        values_w = sum(widths[i] + 2 for i in cols)
        longest = max([len(headers[0])] + [len(name) for name, _ in rows])
        name_w = max(min_name, min(longest, width - values_w))
        lines = [_line(headers, cols, widths, name_w)]
        for name, cells in rows:
            names = textwrap.wrap(name, name_w) or [""]
            names += [""] * (2 - len(names))
            lines.append(_line([names[0]] + [c[0] for c in cells], cols, widths, name_w))
            lines.append(_line([names[1]] + [c[1] for c in cells], cols, widths, name_w))
            lines += names[2:]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _column_groups(widths: list[int], room: int) -> list[list[int]]:
    """Value columns in groups that fit ``room`` characters beside the names."""
    groups: list[list[int]] = [[]]
    used = 0
    for i, w in enumerate(widths):
        if groups[-1] and used + w + 2 > room:
            groups.append([])
            used = 0
        groups[-1].append(i)
        used += w + 2
    return groups


def _wrap(text: str, width: int = WIDTH) -> str:
    return textwrap.fill(text, width=width, subsequent_indent="  ", break_on_hyphens=False)


def compare_json(rows: list[CompareRow], meta: dict) -> str:
    metrics = []
    for r in rows:
        metrics.append({
            "name": r.name,
            "arms": [c.as_dict() if c else None for c in r.arms],
            "delta": [None if d is None else {**d[0].as_dict(), "method": d[1]} for d in r.deltas],
        })
    return json.dumps({**meta, "metrics": metrics}, indent=1)


def compare_csv(rows: list[CompareRow], arm_names: list[str]) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["name", "arm", "game", "estimate", "low", "high", "n",
                "delta", "delta_low", "delta_high", "delta_method"])
    for r in rows:
        for k, (cell, d) in enumerate(zip(r.arms, r.deltas)):
            if cell is None:
                continue
            dv = d[0] if d else None
            w.writerow([r.name, k + 1, arm_names[k], _csv(cell.estimate), _csv(cell.low),
                        _csv(cell.high), cell.n,
                        _csv(dv.estimate if dv else None), _csv(dv.low if dv else None),
                        _csv(dv.high if dv else None), d[1] if d else ""])
    return out.getvalue()
