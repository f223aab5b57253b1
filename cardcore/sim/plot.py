"""``cardcore compare --plot``: bars per arm with 95% CI error bars for a few headline metrics."""

from __future__ import annotations

from pathlib import Path

from ..errors import CardcoreError
from .report import SKILL_DEPTH, CompareRow

HEADLINES = (
    "win rate A",
    "game score A",
    "meld share of points",
    "stock leader wins the deal",
    "lead changes per game",
    "margin",
    "seat advantage: first dealer win rate",
    SKILL_DEPTH,
)


def headline_rows(rows: list[CompareRow]) -> list[CompareRow]:
    out = []
    for prefix in HEADLINES:
        row = next((r for r in rows if r.name.startswith(prefix)), None)
        if row is not None and any(c is not None and c.estimate is not None for c in row.arms):
            out.append(row)
    return out


def pyplot():
    """matplotlib's pyplot, drawing to files; CardcoreError when matplotlib is not installed.
    ``compare --plot`` asks for it before the first game, not after the whole run."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise CardcoreError("--plot needs matplotlib: pip install 'cardcore[plot]'") from None
    return plt


def check_plot_path(path: str) -> None:
    """Refuse a PNG path that cannot be written, before the games are played rather than after:
    the file is opened for appending (so an existing one is left as it is) and removed again if
    it was not there."""
    target = Path(path)
    existed = target.exists()
    try:
        with open(target, "ab"):
            pass
    except OSError as exc:
        raise CardcoreError(f"cannot write the plot to {path}: {exc.strerror or exc}") from None
    if not existed:
        target.unlink()


def plot_compare(rows: list[CompareRow], arm_names: list[str], path: str) -> None:
    """Write a PNG to ``path``; needs matplotlib (the extra ``cardcore[plot]``)."""
    plt = pyplot()
    chosen = headline_rows(rows)
    if not chosen:
        raise CardcoreError("nothing to plot: no headline metric has an estimate")
    cols = min(3, len(chosen))
    lines = (len(chosen) + cols - 1) // cols
    fig, axes = plt.subplots(lines, cols, figsize=(4.2 * cols, 3.4 * lines + 0.8), squeeze=False)
    labels = [f"arm {i + 1}" for i in range(len(arm_names))]
    colours = [f"C{i % 10}" for i in range(len(arm_names))]
    for ax, row in zip(axes.flat, chosen):
        heights, low_err, high_err = [], [], []
        for cell in row.arms:
            est = cell.estimate if cell is not None and cell.estimate is not None else 0.0
            heights.append(est)
            has_ci = cell is not None and cell.low is not None and cell.high is not None
            low_err.append(est - cell.low if has_ci else 0.0)
            high_err.append(cell.high - est if has_ci else 0.0)
        ax.bar(labels, heights, yerr=[low_err, high_err], capsize=4, color=colours)
        ax.set_title(row.name, fontsize=9)
        ax.axhline(0, color="black", linewidth=0.6)
        ax.tick_params(labelsize=8)
    for ax in list(axes.flat)[len(chosen):]:
        ax.set_visible(False)
    legend = "   ".join(f"{label}: {name}" for label, name in zip(labels, arm_names))
    fig.suptitle(legend, fontsize=8)
    fig.tight_layout(rect=(0, 0, 1, 0.95))
    try:
        fig.savefig(path, format="png", dpi=100)
    except OSError as exc:
        raise CardcoreError(f"cannot write the plot to {path}: {exc.strerror or exc}") from None
    finally:
        plt.close(fig)
