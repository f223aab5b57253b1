"""Comparisons run in the background: the same arms, bots, deals and estimates as
``cardcore compare``, in a thread of their own so that play never waits for them, with progress."""

from __future__ import annotations

import json
import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from markupsafe import Markup, escape

from ..cli_sim import arm_bots, compare_arms, compare_header
from ..errors import CardcoreError
from ..sim import report
from ..sim.plot import headline_rows
from ..sim.runner import Stopped
from .limits import COMPARE_SECONDS, COMPARE_WAITING
from .tables import Refused

KEPT_JOBS = 50  # finished comparisons kept for their pages; the oldest go first


@dataclass
class CompareJob:
    job_id: str
    arms: list[str]
    bots: str
    n: int
    seed: int
    total: int
    done: int = 0
    status: str = "running"  # running, finished, failed, stopped
    stop_asked: bool = False
    started: bool = False  # its turn came: it plays, or played
    error: str | None = None
    header: str = ""
    text: str = ""
    rows: list = field(default_factory=list)
    names: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        """Progress, and when finished the measures in the shape of `cardcore compare --json`."""
        metrics = json.loads(report.compare_json(self.rows, {}))["metrics"] if self.rows else []
        return {"id": self.job_id, "status": self.status, "done": self.done, "total": self.total,
                "arms": self.names or self.arms, "bots": self.bots, "games": self.n, "seed": self.seed,
                "error": self.error, "header": self.header, "metrics": metrics}


class CompareJobs:
    """Comparisons under way and done. One runs at a time, at most COMPARE_WAITING others wait
    their turn; its games are played in ``processes`` worker processes (as `cardcore compare
    --jobs`), so that the server's own process stays free for play: a thread here only collects
    their results. One that still plays after ``max_seconds`` is stopped."""

    def __init__(self, processes: int = 2, max_seconds: float = COMPARE_SECONDS):
        self.processes = processes
        self.max_seconds = max_seconds
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="compare")
        self._jobs: dict[str, CompareJob] = {}
        self._lock = threading.Lock()

    def start(self, arm_games: list, bots: str, n: int, seed: int) -> CompareJob:
        arm_bots(arm_games, bots)  # bots that do not fit the arms: refused now, not in the background
        job = CompareJob(secrets.token_hex(6), [g.game_string() for g in arm_games], bots, n, seed,
                         total=len(arm_games) * n)
        with self._lock:
            if sum(j.status == "running" for j in self._jobs.values()) > COMPARE_WAITING:
                raise Refused(f"{COMPARE_WAITING + 1} comparisons are under way or waiting already: wait for one "
                              "to finish, or stop one.", 429)
            self._jobs[job.job_id] = job
            for old in list(self._jobs)[:-KEPT_JOBS]:
                if self._jobs[old].status != "running":
                    del self._jobs[old]
        self._pool.submit(self._run, job, arm_games)
        return job

    def stop(self, job: CompareJob) -> None:
        """Stop a comparison under way: its worker processes are ended within a moment, in the
        middle of their games (a waiting one never starts)."""
        with self._lock:
            job.stop_asked = True
            if not job.started:  # a waiting one is done with at once: it frees its place in the queue
                job.status, job.error = "stopped", "stopped before its turn came"

    def get(self, job_id: str) -> CompareJob | None:
        with self._lock:
            return self._jobs.get(job_id)

    def _run(self, job: CompareJob, arm_games: list) -> None:
        def tick(_result):
            job.done += 1

        deadline = time.monotonic() + self.max_seconds

        def stop() -> bool:
            return job.stop_asked or time.monotonic() > deadline

        with self._lock:
            if job.stop_asked:
                return
            job.started = True
        try:
            done = compare_arms(arm_games, job.bots, job.n, job.seed, self.processes, None, 0, tick, stop=stop)
        except Stopped:
            job.status = "stopped"
            job.error = f"stopped after {job.done} of {job.total} games"
            if not job.stop_asked:
                job.error += (f": a comparison started from the web plays for {self.max_seconds:g} s at most "
                              "(`cardcore compare` has no such ceiling)")
            return
        except CardcoreError as exc:
            job.status, job.error = "failed", str(exc)
            return
        except Exception as exc:  # a bug must still end the job visibly rather than spin forever
            job.status, job.error = "failed", f"the comparison stopped: {exc!r}"
            return
        specs = max(done.arm_specs, key=len)
        labels = report.bot_labels(specs)
        job.rows, job.names = done.rows, done.names
        job.header = compare_header(job.n, job.seed, labels, specs, done.paired, min(done.players))
        job.text = report.compare_text(done.rows, done.names, job.header)
        job.status = "finished"


def plot_svg(rows: list, arm_names: list[str]) -> Markup:
    """The headline measures as bars per arm with their 95% intervals: the plot of
    ``cardcore compare --plot``, drawn as SVG by the server."""
    chosen = headline_rows(rows)
    if not chosen:
        return Markup("<p>Nothing to plot: no headline measure has an estimate.</p>")
    colours = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"]
    panel_w, panel_h, top = 240, 170, 34
    cols = min(3, len(chosen))
    lines = (len(chosen) + cols - 1) // cols
    width, height = cols * panel_w, lines * (panel_h + top) + 10
    out = [f'<svg class="plot" viewBox="0 0 {width} {height}" role="img" aria-label="comparison plot">']
    for k, row in enumerate(chosen):
        x0, y0 = (k % cols) * panel_w, (k // cols) * (panel_h + top)
        cells = [c for c in row.arms]
        values = [v for c in cells if c is not None for v in (c.estimate, c.low, c.high) if v is not None] + [0.0]
        lo, hi = min(values), max(values)
        span = (hi - lo) or 1.0
        plot_top, plot_bottom = y0 + top, y0 + top + panel_h - 30

        def y(v: float) -> float:
            return plot_bottom - (v - lo) / span * (plot_bottom - plot_top)

        out.append(f'<text x="{x0 + panel_w / 2}" y="{y0 + 20}" font-size="11" text-anchor="middle">'
                   f"{escape(row.name[:44])}</text>")
        out.append(f'<line x1="{x0 + 20}" x2="{x0 + panel_w - 10}" y1="{y(0):.1f}" y2="{y(0):.1f}" stroke="#000" stroke-width="0.6"/>')
        bar_w = (panel_w - 40) / max(1, len(cells)) * 0.6
        for i, cell in enumerate(cells):
            if cell is None or cell.estimate is None:
                continue
            cx = x0 + 25 + (i + 0.5) * (panel_w - 40) / len(cells)
            top_y, base_y = sorted((y(cell.estimate), y(0)))
            out.append(f'<rect x="{cx - bar_w / 2:.1f}" y="{top_y:.1f}" width="{bar_w:.1f}" height="{base_y - top_y:.1f}" '
                       f'fill="{colours[i % len(colours)]}"><title>arm {i + 1}: {report.fmt(cell.estimate)}</title></rect>')
            if cell.low is not None and cell.high is not None:
                out.append(f'<path d="M{cx:.1f} {y(cell.low):.1f} V{y(cell.high):.1f} M{cx - 5:.1f} {y(cell.low):.1f} '
                           f'h10 M{cx - 5:.1f} {y(cell.high):.1f} h10" stroke="#000" fill="none"/>')
            out.append(f'<text x="{cx:.1f}" y="{plot_bottom + 16}" font-size="10" text-anchor="middle">arm {i + 1}</text>')
    out.append("</svg>")
    legend = "".join(f'<li><span class="swatch" style="background:{colours[i % len(colours)]}"></span>'
                     f"arm {i + 1}: {escape(name)}</li>" for i, name in enumerate(arm_names))
    return Markup("".join(out) + f'<ul class="legend">{legend}</ul>')
