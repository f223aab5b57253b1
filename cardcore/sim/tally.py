"""Games folded into series as they are played: what a run keeps of each game (see report).

``play`` gives a dict per game of about ten kilobytes (every deal's points by source, its events,
its contracts); a run of many games cannot keep them all. A :class:`Tally` reads each game as it
comes and keeps, per metric, one number per game in an array (two for a ratio), some hundreds of
bytes a game: what ``compare`` needs to pair the arms game by game, and what the estimates are
computed from, unchanged. A metric a game does not have is NaN in its array, left out.

Games are added in index order (``runner.stream`` gives them so): a metric's series then lists
its values in that order, the order the estimates sum them in, and metrics that first appear
later (an event, a score source) do so in the same order for any number of processes.
"""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass, field

from .play import SETTLEMENT

# sections keep the rows of different games in one sensible order in a comparison
HEADLINE, CONTRACTS, POINTS, EVENTS, MECHANICS, EFFORT = range(6)
MISSING = math.nan


@dataclass
class Series:
    """One metric's value per game, by game index: a number, or for a ``ratio`` a (numerator,
    denominator) pair. ``kind`` is ``proportion``, ``mean`` or ``ratio``."""

    name: str
    kind: str
    section: int
    nums: array = field(default_factory=lambda: array("d"))
    dens: array = field(default_factory=lambda: array("d"))  # a ratio's denominators

    def put(self, index: int, value) -> None:
        """Game ``index``'s value (None: the game does not have this metric)."""
        if value is None:
            return
        num, den = value if self.kind == "ratio" else (value, MISSING)
        if index >= len(self.nums):
            gap = index - len(self.nums)
            self.nums.extend([MISSING] * gap + [num])
            self.dens.extend([MISSING] * gap + [den])
        else:
            self.nums[index], self.dens[index] = num, den

    def indices(self) -> list[int]:
        """The games that have a value, in index order."""
        return [i for i, v in enumerate(self.nums) if v == v]  # NaN != NaN: missing

    def get(self, index: int):
        if index >= len(self.nums) or self.nums[index] != self.nums[index]:
            return None
        return (self.nums[index], self.dens[index]) if self.kind == "ratio" else self.nums[index]

    def present(self) -> list:
        """The values there are, in index order."""
        return [self.get(i) for i in self.indices()]

    @property
    def values(self) -> dict:
        """Game index -> value, for the games that have one."""
        return {i: self.get(i) for i in self.indices()}


def bot_labels(bot_specs) -> list[str]:
    return [chr(ord("A") + i) for i in range(len(bot_specs))]


def points_by_source(r: dict) -> dict[str, list[int]]:
    """A game's points by source, summed over its deals, per bot."""
    out: dict[str, list[int]] = {}
    for rnd in r["round_points"]:
        for source, points in rnd.items():
            row = out.setdefault(source, [0] * len(points))
            for i, p in enumerate(points):
                row[i] += p
    return out


def source_order(sources: dict[str, str]) -> list[str]:
    rank = {"meld": 0, "tricks": 1, "other": 2, SETTLEMENT: 4}
    return sorted(sources, key=lambda s: (rank.get(sources[s], 3), s))


def seat_won(r: dict, seat: int) -> bool:
    """Did ``seat``'s side win game ``r`` (alone, or sharing the highest total)?"""
    if "winner_seats" in r:
        return seat in r["winner_seats"]
    if "sides" not in r:
        return r["winner_seat"] == seat
    return r["winning_side"] is not None and seat in r["sides"][r["winning_side"]]


def contract_values(r: dict, nb: int) -> dict[str, tuple[float, float]]:
    """A game's contract measures, as (numerator, denominator) pairs: made and set over the
    contracts settled, the bids over the contracts, and each bot's contracts over the deals."""
    contracts = r.get("contracts") or []
    settled = [c for c in contracts if c["made"] is not None]
    out = {"contracts made": (float(sum(c["made"] for c in settled)), float(len(settled))),
           "contracts set": (float(sum(not c["made"] for c in settled)), float(len(settled))),
           "mean winning bid": (float(sum(c["bid"] for c in contracts)), float(len(contracts)))}
    for b in range(nb):
        out[b] = (float(sum(c["declarer"] == b for c in contracts)), float(r["rounds"]))
    return out


def contract_series(results: list[dict], labels: list[str], specs) -> list[Series]:
    """Games with an auction: how often the declarer makes the contract or is set, the mean
    winning bid, and how often each bot takes the contract (per deal played)."""
    names = {"contracts made": "contracts made", "contracts set": "contracts set",
             "mean winning bid": "mean winning bid",
             **{b: f"contracts taken per round {label} ({specs[b]})" for b, label in enumerate(labels)}}
    out = {key: Series(name, "ratio", CONTRACTS) for key, name in names.items()}
    for r in results:
        for key, value in contract_values(r, len(labels)).items():
            out[key].put(r["index"], value)
    return list(out.values())


class Tally:
    """The series of one arm, filled game by game (``add``); ``series`` gives them in the order
    of the report. The first game fixes the bots and the table."""

    def __init__(self):
        self.games = 0
        self.game = ""  # the game string
        self.specs: list[str] = []
        self.sources: dict[str, str] = {}  # every score source seen, with its class
        self.moves = array("q")  # each game's moves_digest, by index (0: not known)
        self._fixed: dict[str, Series] = {}
        self._points: dict[tuple[int, str], Series] = {}  # (bot, source) -> points per round
        self._events: dict[str, Series] = {}
        self._binary: dict[str, bool] = {}  # event -> every value 0 or 1 so far
        self._contracts: dict[object, Series] = {}
        self._any_contracts = False

    # ------------------------------------------------------------------ folding a game in
    def add(self, r: dict) -> None:
        i = r["index"]
        if not self.games:
            self._start(r)
        self.games += 1
        nb = len(self.specs)
        put = self._put
        for b in range(nb):  # a bot wins when its side does
            put(("win", b), i, float(b in r.get("winners", [r["winner"]])))
            put(("score", b), i, float(r["game_score"][b]))
        put("ties", i, float(r["winner"] is None))
        for seat in range(nb if nb > 2 else 1):  # two seats: seat 1's is the rest
            put(("seat", seat), i, float(seat_won(r, seat)))
        for index in range(len(self._sides)):
            put(("side", index), i, float(r["winning_side"] == index))
        put("first dealer", i, float(seat_won(r, r["first_dealer"])))

        self.sources.update(r["point_classes"])
        rounds = float(r["rounds"])
        totals = points_by_source(r)
        for source in totals:
            for b in range(nb):
                self._points_series(b, source)
        for (b, source), s in self._points.items():
            s.put(i, (float(totals.get(source, [0] * nb)[b]), rounds))
        classes = r["point_classes"]
        own = {s: v for s, v in totals.items() if classes.get(s) != SETTLEMENT}  # the deal's own
        for b in range(nb):  # a settlement is what they (or a lost bid) became in the score
            put(("all", b), i, (float(sum(v[b] for v in own.values())), rounds))

        for key, value in r["notable"].items():
            if key not in self._events:
                self._events[key] = Series(f"event: {key}", "mean", EVENTS)
                self._binary[key] = True
        for key, s in self._events.items():
            value = r["notable"].get(key)
            s.put(i, value)
            if value is not None and value not in (0.0, 1.0):
                self._binary[key] = False

        total = float(sum(sum(v) for v in own.values()))
        put("meld share", i, (float(sum(sum(v) for s, v in own.items() if classes.get(s) == "meld")), total))
        put("trick share", i, (float(sum(sum(v) for s, v in own.items() if classes.get(s) == "tricks")), total))
        put("stock deal", i, (float(r["stock_leader_won"]), float(r["stock_deals"])))
        won = r["stock_game_leader_won"]
        put("stock game", i, None if won is None else float(won))
        put("lead changes", i, float(r["lead_changes"]))
        put("margin", i, float(r["margin"]))
        put("rounds", i, rounds)
        put("decisions", i, float(r["decisions"]))
        put("legal moves", i, (float(r["legal_moves"]), float(r["decisions"])))
        put("seconds", i, float(r["elapsed"]))

        self._any_contracts = self._any_contracts or bool(r.get("contracts"))
        for key, value in contract_values(r, nb).items():
            self._contracts[key].put(i, value)
        if "moves" in r:
            if i >= len(self.moves):
                self.moves.extend([0] * (i + 1 - len(self.moves)))
            self.moves[i] = r["moves"]

    def _start(self, r: dict) -> None:
        self.game, self.specs = r["game"], list(r["bots"])
        labels, specs = bot_labels(self.specs), self.specs
        nb = len(specs)
        sides = r.get("sides") or []
        self._sides = sides if any(len(side) > 1 for side in sides) else []  # partnerships
        names = {}
        for b in range(nb):
            names[("win", b)] = ("proportion", HEADLINE, f"win rate {labels[b]} ({specs[b]})")
        names["ties"] = ("proportion", HEADLINE, "ties")
        for b in range(nb):
            names[("score", b)] = ("mean", HEADLINE, f"game score {labels[b]} ({specs[b]})")
        for seat in range(nb if nb > 2 else 1):
            names[("seat", seat)] = ("proportion", HEADLINE, f"seat advantage: seat {seat} win rate")
        for index, side in enumerate(self._sides):
            names[("side", index)] = ("proportion", HEADLINE, f"side win rate: seats {'+'.join(map(str, side))}")
        names["first dealer"] = ("proportion", HEADLINE, "seat advantage: first dealer win rate")
        for b in range(nb):
            names[("all", b)] = ("ratio", POINTS, f"points per round {labels[b]}: all sources")
        names.update({
            "meld share": ("ratio", MECHANICS, "meld share of points"),
            "trick share": ("ratio", MECHANICS, "trick share of points"),
            "stock deal": ("ratio", MECHANICS, "stock leader wins the deal"),
            "stock game": ("proportion", MECHANICS, "stock leader wins the game"),
            "lead changes": ("mean", MECHANICS, "lead changes per game"),
            "margin": ("mean", MECHANICS, "margin"),
            "rounds": ("mean", MECHANICS, "rounds per game"),
            "decisions": ("mean", EFFORT, "decisions per game"),
            "legal moves": ("ratio", EFFORT, "legal moves per decision"),
            "seconds": ("mean", EFFORT, "seconds per game"),
        })
        self._fixed = {key: Series(name, kind, section) for key, (kind, section, name) in names.items()}
        self._contracts = dict(zip(["contracts made", "contracts set", "mean winning bid", *range(nb)],
                                   contract_series([], labels, specs)))

    def _put(self, key, index: int, value) -> None:
        self._fixed[key].put(index, value)

    def _points_series(self, b: int, source: str) -> Series:
        """Bot ``b``'s points per round from ``source``; a source first seen now scored 0 in every
        game before."""
        s = self._points.get((b, source))
        if s is None:
            s = Series(f"points per round {bot_labels(self.specs)[b]}: {source}", "ratio", POINTS)
            rounds = self._fixed["rounds"]
            for j in range(len(rounds.nums)):
                s.put(j, (0.0, rounds.nums[j]))
            self._points[(b, source)] = s
        return s

    # ------------------------------------------------------------------ the series
    def series(self, sources: dict[str, str] | None = None) -> list[Series]:
        """The metrics, in the report's order. ``sources`` adds score sources that this arm never
        saw (they then count as 0 points), for comparing arms of one game."""
        if not self.games:
            return []
        nb = len(self.specs)
        fixed = self._fixed
        all_sources = {**(sources or {}), **self.sources}
        order = source_order(all_sources)
        settled = [s for s in order if all_sources[s] == SETTLEMENT]
        out = [fixed[("win", b)] for b in range(nb)] + [fixed["ties"]]
        out += [fixed[("score", b)] for b in range(nb)]
        out += [fixed[("seat", seat)] for seat in range(nb if nb > 2 else 1)]
        out += [fixed[("side", index)] for index in range(len(self._sides))]
        out.append(fixed["first dealer"])
        for b in range(nb):
            out += [self._points_series(b, s) for s in order if s not in settled]
            out.append(fixed[("all", b)])
            out += [self._points_series(b, s) for s in settled]
        for key, s in self._events.items():
            s.kind = "proportion" if self._binary[key] else "mean"
            out.append(s)
        out += [fixed[k] for k in ("meld share", "trick share", "stock deal", "stock game",
                                   "lead changes", "margin", "rounds", "decisions", "legal moves",
                                   "seconds")]
        if self._any_contracts:
            out += list(self._contracts.values())
        return out


def fold(results) -> Tally:
    """A tally of ``results`` (per-game dicts), added in index order."""
    tally = Tally()
    for r in sorted(results, key=lambda r: r["index"]):
        tally.add(r)
    return tally
