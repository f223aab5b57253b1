"""Simulation: many games between bots, and what they measure, with confidence intervals.

Modules, one job each:

- ``stats``: pure statistics (means, proportions, ratios and their differences, with 95% CIs);
- ``play``: one game between bots, reduced to a plain dict of per-game metrics;
- ``runner``: many games, in one process, in N processes, or on a Dask cluster, with results
  identical for any of them under the same seed;
- ``report``: per-game dicts aggregated into metric rows, and rendered as text, JSON or CSV.

The click commands ``simulate`` and ``compare`` live in ``cardcore.cli_sim``.
"""

from .stats import (
    Interval,
    mean_ci,
    newcombe_difference,
    paired_difference,
    paired_ratio_difference,
    ratio_ci,
    t_quantile,
    welch_difference,
    welch_ratio_difference,
    wilson,
)

__all__ = [
    "Interval", "mean_ci", "newcombe_difference", "paired_difference", "paired_ratio_difference",
    "ratio_ci", "t_quantile", "welch_difference", "welch_ratio_difference", "wilson",
]
