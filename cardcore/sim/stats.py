"""Pure statistics for simulations: estimates with 95% confidence intervals, no scipy.

Every function returns an :class:`Interval` (estimate, low, high, n). A bound that the data
cannot give (one observation, no observations, a ratio over zero) is ``None``, never NaN, so
that the result goes straight into JSON and CSV.

Student's t quantile: computed from the t distribution function itself (the regularized
incomplete beta function by its continued fraction, Numerical Recipes 6.4, inverted by
bisection), for any real number of degrees of freedom, so that Welch's fractional degrees of
freedom need no rounding. Checked against scipy.stats.t.ppf for p in 0.5..0.9995: relative
error below 1e-10 for df from 0.5 to 10^4 and below 1e-7 up to 10^7, beyond which the normal
quantile is used (it differs from t by less than 3e-7 there); the tables' t(0.975, 1) = 12.706,
t(0.975, 4) = 2.776, t(0.975, 30) = 2.042 come out exactly. The normal quantile (also for
Wilson's interval) is ``statistics.NormalDist``'s.

Ratios (points per round, legal moves per decision) are ratio estimators Σy / Σx over games, with
the delta-method (linearization) standard error; the game is the unit of sampling, so rounds of
one game are never treated as independent.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Sequence

LEVEL = 0.95


@dataclass(frozen=True)
class Interval:
    """An estimate with the bounds of its confidence interval and the sample size behind it."""

    estimate: float | None
    low: float | None
    high: float | None
    n: int

    def as_dict(self) -> dict:
        return {"estimate": self.estimate, "low": self.low, "high": self.high, "n": self.n}


# ----------------------------------------------------------------------------- quantiles
def normal_quantile(p: float) -> float:
    return NormalDist().inv_cdf(p)


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def incomplete_beta(a: float, b: float, x: float, y: float | None = None) -> float:
    """The regularized incomplete beta function I_x(a, b); ``y`` is 1 - x, if known exactly."""
    y = 1.0 - x if y is None else y
    if x <= 0.0:
        return 0.0
    if y <= 0.0:
        return 1.0
    log_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                 + a * math.log(x) + b * math.log(y))
    front = math.exp(log_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, y) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` (> 0, real) degrees of freedom."""
    t2 = t * t
    tail = 0.5 * incomplete_beta(df / 2.0, 0.5, df / (df + t2), t2 / (df + t2))
    return 1.0 - tail if t >= 0 else tail


@functools.lru_cache(maxsize=4096)
def t_quantile(p: float, df: float) -> float:
    """The p-quantile of Student's t with ``df`` degrees of freedom (df = inf: the normal)."""
    if not 0.0 < p < 1.0:
        raise ValueError("p must be strictly between 0 and 1")
    if df <= 0:
        raise ValueError("degrees of freedom must be positive")
    if math.isinf(df) or df > 1e7:
        return normal_quantile(p)
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    if p == 0.5:
        return 0.0
    low, high = 0.0, max(1.0, normal_quantile(p))
    while t_cdf(high, df) < p:
        low, high = high, high * 2.0
    for _ in range(200):
        mid = (low + high) / 2.0
        if t_cdf(mid, df) < p:
            low = mid
        else:
            high = mid
        if high - low < 1e-12 * max(1.0, high):
            break
    return (low + high) / 2.0


# ----------------------------------------------------------------------------- helpers
def _mean(xs: Sequence[float]) -> float:
    return math.fsum(xs) / len(xs)


def _variance(xs: Sequence[float]) -> float:
    """Sample variance (n - 1 in the denominator); needs two or more values."""
    m = _mean(xs)
    return math.fsum((x - m) ** 2 for x in xs) / (len(xs) - 1)


def _t_interval(estimate: float, se: float, df: float, n: int, level: float) -> Interval:
    if se == 0.0:
        return Interval(estimate, estimate, estimate, n)
    half = t_quantile(0.5 + level / 2.0, df) * se
    return Interval(estimate, estimate - half, estimate + half, n)


def _welch_df(v1: float, n1: int, v2: float, n2: int) -> float:
    """Welch-Satterthwaite degrees of freedom for variances of the means v1, v2."""
    num = (v1 + v2) ** 2
    den = (v1 * v1 / (n1 - 1) if v1 else 0.0) + (v2 * v2 / (n2 - 1) if v2 else 0.0)
    return num / den if den else math.inf


# ----------------------------------------------------------------------------- one sample
def mean_ci(values: Sequence[float], level: float = LEVEL) -> Interval:
    """Mean with Student's t interval; bounds None for fewer than two values."""
    n = len(values)
    if n == 0:
        return Interval(None, None, None, 0)
    m = _mean(values)
    if n == 1:
        return Interval(m, None, None, 1)
    return _t_interval(m, math.sqrt(_variance(values) / n), n - 1, n, level)


def wilson(successes: int, n: int, level: float = LEVEL) -> Interval:
    """A proportion with Wilson's score interval (good at 0 and 1 and for small n)."""
    if n == 0:
        return Interval(None, None, None, 0)
    if not 0 <= successes <= n:
        raise ValueError("successes must be between 0 and n")
    z = normal_quantile(0.5 + level / 2.0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Interval(p, low, high, n)


def _ratio_parts(num: Sequence[float], den: Sequence[float]) -> tuple[float, list[float]] | None:
    """Σy/Σx and each unit's linearized influence (y_i - R x_i) / mean(x)."""
    if len(num) != len(den):
        raise ValueError("numerators and denominators differ in length")
    total = math.fsum(den)
    if not num or total == 0:
        return None
    r = math.fsum(num) / total
    xbar = total / len(den)
    return r, [(y - r * x) / xbar for y, x in zip(num, den)]


def ratio_ci(num: Sequence[float], den: Sequence[float], level: float = LEVEL) -> Interval:
    """Σnum / Σden over units (games), with a delta-method t interval (df = n - 1)."""
    parts = _ratio_parts(num, den)
    n = len(num)
    if parts is None:
        return Interval(None, None, None, n)
    r, z = parts
    if n == 1:
        return Interval(r, None, None, 1)
    return _t_interval(r, math.sqrt(_variance(z) / n), n - 1, n, level)


# ----------------------------------------------------------------------------- differences
def paired_difference(x: Sequence[float], y: Sequence[float], level: float = LEVEL) -> Interval:
    """Mean of x_i - y_i over pairs (common random numbers), with a t interval."""
    if len(x) != len(y):
        raise ValueError("paired samples differ in length")
    return mean_ci([a - b for a, b in zip(x, y)], level)


def welch_difference(x: Sequence[float], y: Sequence[float], level: float = LEVEL) -> Interval:
    """mean(x) - mean(y) of independent samples, Welch's interval; n is len(x) + len(y)."""
    nx, ny = len(x), len(y)
    if nx == 0 or ny == 0:
        return Interval(None, None, None, nx + ny)
    d = _mean(x) - _mean(y)
    if nx < 2 or ny < 2:
        return Interval(d, None, None, nx + ny)
    vx, vy = _variance(x) / nx, _variance(y) / ny
    return _t_interval(d, math.sqrt(vx + vy), _welch_df(vx, nx, vy, ny), nx + ny, level)


def newcombe_difference(k1: int, n1: int, k2: int, n2: int, level: float = LEVEL) -> Interval:
    """p1 - p2 of independent proportions: Newcombe's hybrid score interval (method 10, 1998)."""
    a, b = wilson(k1, n1, level), wilson(k2, n2, level)
    if a.estimate is None or b.estimate is None:
        return Interval(None, None, None, n1 + n2)
    d = a.estimate - b.estimate
    low = d - math.sqrt((a.estimate - a.low) ** 2 + (b.high - b.estimate) ** 2)
    high = d + math.sqrt((a.high - a.estimate) ** 2 + (b.estimate - b.low) ** 2)
    return Interval(d, low, high, n1 + n2)


def paired_ratio_difference(num_x: Sequence[float], den_x: Sequence[float],
                            num_y: Sequence[float], den_y: Sequence[float],
                            level: float = LEVEL) -> Interval:
    """Rx - Ry for ratio estimators on the same units (paired by position)."""
    n = len(num_x)
    if len(num_y) != n:
        raise ValueError("paired samples differ in length")
    px, py = _ratio_parts(num_x, den_x), _ratio_parts(num_y, den_y)
    if px is None or py is None:
        return Interval(None, None, None, n)
    d = px[0] - py[0]
    if n < 2:
        return Interval(d, None, None, n)
    diffs = [a - b for a, b in zip(px[1], py[1])]
    return _t_interval(d, math.sqrt(_variance(diffs) / n), n - 1, n, level)


def welch_ratio_difference(num_x: Sequence[float], den_x: Sequence[float],
                           num_y: Sequence[float], den_y: Sequence[float],
                           level: float = LEVEL) -> Interval:
    """Rx - Ry for ratio estimators on independent samples (Welch degrees of freedom)."""
    nx, ny = len(num_x), len(num_y)
    px, py = _ratio_parts(num_x, den_x), _ratio_parts(num_y, den_y)
    if px is None or py is None:
        return Interval(None, None, None, nx + ny)
    d = px[0] - py[0]
    if nx < 2 or ny < 2:
        return Interval(d, None, None, nx + ny)
    vx, vy = _variance(px[1]) / nx, _variance(py[1]) / ny
    return _t_interval(d, math.sqrt(vx + vy), _welch_df(vx, nx, vy, ny), nx + ny, level)
