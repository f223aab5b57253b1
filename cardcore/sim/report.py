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
``skill depth: ismcts win rate vs random``.
"""

from __future__ import annotations

import csv
import io
import json
import textwrap
from dataclasses import dataclass, field

from . import stats
from .play import SETTLEMENT
from .stats import Interval

SKILL_DEPTH = "skill depth: ismcts win rate vs random"
WIDTH = 100

# sections keep the rows of different games in one sensible order in a comparison
HEADLINE, CONTRACTS, POINTS, EVENTS, MECHANICS, EFFORT = range(6)


@dataclass
class Series:
    name: str
    kind: str  # "proportion", "mean" or "ratio"
    section: int
    values: dict[int, object] = field(default_factory=dict)  # index -> float or (num, den)


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


def bot_labels(bot_specs) -> list[str]:
    return [chr(ord("A") + i) for i in range(len(bot_specs))]


# ------------------------------------------------------------------------------ building series
def sources_of(results: list[dict]) -> dict[str, str]:
    """Every score source seen, with its class (meld, tricks, other)."""
    out: dict[str, str] = {}
    for r in results:
        out.update(r["point_classes"])
    return out


def _source_order(sources: dict[str, str]) -> list[str]:
    rank = {"meld": 0, "tricks": 1, "other": 2, SETTLEMENT: 4}
    return sorted(sources, key=lambda s: (rank.get(sources[s], 3), s))


def build_series(results: list[dict], sources: dict[str, str] | None = None) -> list[Series]:
    """The metrics of one arm, as series of per-game values. ``sources`` adds score sources
    that this arm never saw (they then count as 0 points), for comparing arms of one game."""
    if not results:
        return []
    specs = results[0]["bots"]
    labels = bot_labels(specs)
    nb = len(specs)
    all_sources = {**(sources or {}), **sources_of(results)}
    out: list[Series] = []

    def add(name, kind, section, fn):
        s = Series(name, kind, section)
        for r in results:
            v = fn(r)
            if v is not None:
                s.values[r["index"]] = v
        out.append(s)

    for b in range(nb):  # a bot wins when its side does
        add(f"win rate {labels[b]} ({specs[b]})", "proportion", HEADLINE,
            lambda r, b=b: float(b in r.get("winners", [r["winner"]])))
    add("ties", "proportion", HEADLINE, lambda r: float(r["winner"] is None))
    for b in range(nb):
        add(f"game score {labels[b]} ({specs[b]})", "mean", HEADLINE,
            lambda r, b=b: float(r["game_score"][b]))
    for seat in range(nb if nb > 2 else 1):  # two seats: seat 1's is the rest
        add(f"seat advantage: seat {seat} win rate", "proportion", HEADLINE,
            lambda r, seat=seat: float(_seat_won(r, seat)))
    sides = results[0].get("sides") or []
    if any(len(side) > 1 for side in sides):  # partnerships: each side's win rate by its seats
        for index, side in enumerate(sides):
            add(f"side win rate: seats {'+'.join(map(str, side))}", "proportion", HEADLINE,
                lambda r, index=index: float(r["winning_side"] == index))
    add("seat advantage: first dealer win rate", "proportion", HEADLINE,
        lambda r: float(_seat_won(r, r["first_dealer"])))

    totals = {r["index"]: _points_by_source(r) for r in results}
    def per_round(r, b, source):
        return float(totals[r["index"]].get(source, [0] * nb)[b]), float(r["rounds"])

    order = _source_order(all_sources)
    settled = [s for s in order if all_sources[s] == SETTLEMENT]
    for b in range(nb):
        for source in order:
            if source not in settled:
                add(f"points per round {labels[b]}: {source}", "ratio", POINTS,
                    lambda r, b=b, source=source: per_round(r, b, source))
        # the deal's own points; a settlement is what they (or a lost bid) became in the score
        add(f"points per round {labels[b]}: all sources", "ratio", POINTS,
            lambda r, b=b: (float(sum(v[b] for s, v in totals[r["index"]].items()
                                      if r["point_classes"].get(s) != SETTLEMENT)), float(r["rounds"])))
        for source in settled:
            add(f"points per round {labels[b]}: {source}", "ratio", POINTS,
                lambda r, b=b, source=source: per_round(r, b, source))

    keys: list[str] = []
    for r in results:
        keys += [k for k in r["notable"] if k not in keys]
    for key in keys:
        present = [r["notable"][key] for r in results if key in r["notable"]]
        kind = "proportion" if all(v in (0.0, 1.0) for v in present) else "mean"
        add(f"event: {key}", kind, EVENTS, lambda r, key=key: r["notable"].get(key))

    def share(r, cls):  # of the deals' own points (a settlement is not a source of them)
        classes = r["point_classes"]
        points = {s: v for s, v in totals[r["index"]].items() if classes.get(s) != SETTLEMENT}
        part = sum(sum(v) for s, v in points.items() if classes.get(s) == cls)
        return float(part), float(sum(sum(v) for v in points.values()))

    add("meld share of points", "ratio", MECHANICS, lambda r: share(r, "meld"))
    add("trick share of points", "ratio", MECHANICS, lambda r: share(r, "tricks"))
    add("stock leader wins the deal", "ratio", MECHANICS,
        lambda r: (float(r["stock_leader_won"]), float(r["stock_deals"])))
    add("stock leader wins the game", "proportion", MECHANICS,
        lambda r: None if r["stock_game_leader_won"] is None else float(r["stock_game_leader_won"]))
    add("lead changes per game", "mean", MECHANICS, lambda r: float(r["lead_changes"]))
    add("margin", "mean", MECHANICS, lambda r: float(r["margin"]))
    add("rounds per game", "mean", MECHANICS, lambda r: float(r["rounds"]))
    add("decisions per game", "mean", EFFORT, lambda r: float(r["decisions"]))
    add("legal moves per decision", "ratio", EFFORT,
        lambda r: (float(r["legal_moves"]), float(r["decisions"])))
    add("seconds per game", "mean", EFFORT, lambda r: float(r["elapsed"]))
    if any(r.get("contracts") for r in results):
        out += contract_series(results, labels, specs)
    return out


def contract_series(results: list[dict], labels: list[str], specs) -> list[Series]:
    """Games with an auction: how often the declarer makes the contract or is set, the mean
    winning bid, and how often each bot takes the contract (per deal played)."""
    out: list[Series] = []

    def add(name, kind, fn):
        s = Series(name, kind, CONTRACTS)
        for r in results:
            s.values[r["index"]] = fn(r)
        out.append(s)

    def settled(r):
        return [c for c in r["contracts"] if c["made"] is not None]

    add("contracts made", "ratio", lambda r: (float(sum(c["made"] for c in settled(r))), float(len(settled(r)))))
    add("contracts set", "ratio", lambda r: (float(sum(not c["made"] for c in settled(r))), float(len(settled(r)))))
    add("mean winning bid", "ratio",
        lambda r: (float(sum(c["bid"] for c in r["contracts"])), float(len(r["contracts"]))))
    for b, label in enumerate(labels):
        add(f"contracts taken per round {label} ({specs[b]})", "ratio",
            lambda r, b=b: (float(sum(c["declarer"] == b for c in r["contracts"])), float(r["rounds"])))
    return out


def _seat_won(r: dict, seat: int) -> bool:
    """Did ``seat``'s side win game ``r`` (alone, or sharing the highest total)?"""
    if "winner_seats" in r:
        return seat in r["winner_seats"]
    if "sides" not in r:
        return r["winner_seat"] == seat
    return r["winning_side"] is not None and seat in r["sides"][r["winning_side"]]


def skill_series(results: list[dict]) -> Series:
    """Skill depth: how often bot A (ismcts) beats bot B (random)."""
    s = Series(SKILL_DEPTH, "proportion", MECHANICS)
    for r in results:
        s.values[r["index"]] = float(0 in r.get("winners", [r["winner"]]))
    return s


def _points_by_source(r: dict) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for rnd in r["round_points"]:
        for source, points in rnd.items():
            row = out.setdefault(source, [0] * len(points))
            for i, p in enumerate(points):
                row[i] += p
    return out


# ------------------------------------------------------------------------------ estimates
def estimate(s: Series) -> Interval:
    values = list(s.values.values())
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
        common = sorted(set(s.values) & set(base.values))
        if s.kind == "ratio" and base.kind == "ratio":
            x, y = [s.values[i] for i in common], [base.values[i] for i in common]
            return stats.paired_ratio_difference([v[0] for v in x], [v[1] for v in x],
                                                 [v[0] for v in y], [v[1] for v in y]), "paired"
        if s.kind == "ratio" or base.kind == "ratio":
            return Interval(None, None, None, 0), "paired"
        return stats.paired_difference([s.values[i] for i in common],
                                       [base.values[i] for i in common]), "paired"
    x, y = list(s.values.values()), list(base.values.values())
    if s.kind == "ratio" and base.kind == "ratio":
        return stats.welch_ratio_difference([v[0] for v in x], [v[1] for v in x],
                                            [v[0] for v in y], [v[1] for v in y]), "welch"
    if s.kind == "ratio" or base.kind == "ratio":
        return Interval(None, None, None, 0), "welch"
    if s.kind == "proportion" and base.kind == "proportion":
        return stats.newcombe_difference(int(round(sum(x))), len(x), int(round(sum(y))), len(y)), "newcombe"
    return stats.welch_difference(x, y), "welch"


def aggregate(results: list[dict], sources: dict[str, str] | None = None) -> list[Row]:
    """Metric rows (name, estimate, low, high, n) for the games of one run."""
    return [_row(s.name, estimate(s)) for s in build_series(results, sources)]


def _row(name: str, iv: Interval) -> Row:
    return Row(name, iv.estimate, iv.low, iv.high, iv.n)


@dataclass(frozen=True)
class CompareRow:
    name: str
    arms: list  # Interval or None per arm (None: the metric does not exist in that arm)
    deltas: list  # (Interval, method) or None per arm; None for the first arm


def compare(arms: list[list[dict]], paired: list[bool], extra: list[Series | None] | None = None
            ) -> list[CompareRow]:
    """One row per metric found in any arm; ``paired[k]``: arm k pairs with the first arm.

    ``extra`` is one more series per arm (skill depth), or None.
    """
    games = [results[0]["game"].partition("(")[0] if results else "" for results in arms]
    by_game: dict[str, dict[str, str]] = {}
    for g, results in zip(games, arms):
        by_game.setdefault(g, {}).update(sources_of(results))
    per_arm = [{s.name: s for s in build_series(results, by_game.get(g))}
               for g, results in zip(games, arms)]
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
