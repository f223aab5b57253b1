"""The statistics of cardcore.sim against values worked out by hand or printed in textbooks."""

import math

import pytest

from cardcore.sim import stats
from cardcore.sim.stats import Interval


def close(a, b, tol=1e-3):
    return a is not None and abs(a - b) <= tol


@pytest.mark.parametrize("p, df, expected", [
    # Student's t table (e.g. Moore & McCabe, Table D)
    (0.975, 1, 12.706), (0.975, 2, 4.303), (0.975, 4, 2.776), (0.975, 10, 2.228),
    (0.975, 30, 2.042), (0.95, 10, 1.812), (0.995, 5, 4.032), (0.975, 1000, 1.962),
    (0.975, math.inf, 1.960), (0.025, 4, -2.776), (0.5, 7, 0.0),
])
def test_t_quantile_matches_the_table(p, df, expected):
    assert close(stats.t_quantile(p, df), expected)


def test_t_quantile_of_fractional_df_lies_between_its_neighbours():
    assert stats.t_quantile(0.975, 4) > stats.t_quantile(0.975, 4.5) > stats.t_quantile(0.975, 5)
    assert close(stats.t_quantile(0.975, 4.749414519906323), 2.611916, 1e-6)


def test_t_quantile_rejects_nonsense():
    with pytest.raises(ValueError):
        stats.t_quantile(1.0, 3)
    with pytest.raises(ValueError):
        stats.t_quantile(0.975, 0)


def test_mean_ci_of_one_to_five():
    # mean 3, s = 1.5811, t(0.975, 4) = 2.776: 3 ± 2.776 * 1.5811 / sqrt(5) = 3 ± 1.963
    iv = stats.mean_ci([1, 2, 3, 4, 5])
    assert iv.estimate == 3 and iv.n == 5
    assert close(iv.low, 3 - 1.963) and close(iv.high, 3 + 1.963)


def test_mean_ci_edge_cases():
    assert stats.mean_ci([]) == Interval(None, None, None, 0)
    assert stats.mean_ci([7.5]) == Interval(7.5, None, None, 1)
    assert stats.mean_ci([2, 2, 2]) == Interval(2, 2, 2, 3)


def test_wilson_eight_of_ten():
    iv = stats.wilson(8, 10)
    assert iv.estimate == 0.8 and iv.n == 10
    assert close(iv.low, 0.490) and close(iv.high, 0.943)


def test_wilson_all_wins_and_no_wins():
    # 10/10: Wilson's lower bound is n / (n + z^2) = 10 / 13.8415 = 0.7225
    assert stats.wilson(10, 10) == Interval(1.0, pytest.approx(0.7225, abs=1e-4), 1.0, 10)
    assert stats.wilson(0, 10) == Interval(0.0, 0.0, pytest.approx(0.2775, abs=1e-4), 10)
    assert stats.wilson(0, 0) == Interval(None, None, None, 0)
    assert close(stats.wilson(1, 1).low, 0.2065)
    with pytest.raises(ValueError):
        stats.wilson(3, 2)


def test_paired_difference_by_hand():
    # differences 2 1 0 2 3: mean 1.6, s = sqrt(1.3) = 1.1402, se = 0.5099; 1.6 ± 2.776 * 0.5099
    iv = stats.paired_difference([10, 12, 9, 11, 13], [8, 11, 9, 9, 10])
    assert close(iv.estimate, 1.6) and iv.n == 5
    assert close(iv.low, 0.184) and close(iv.high, 3.016)


def test_paired_difference_of_identical_samples_is_exactly_zero():
    assert stats.paired_difference([1, 5, 2], [1, 5, 2]) == Interval(0, 0, 0, 3)


def test_welch_difference_by_hand():
    # x: mean 3, var 2.5; y: mean 5, var 6.667; se^2 = 0.5 + 1.6667, df = 4.749, t = 2.6119
    iv = stats.welch_difference([1, 2, 3, 4, 5], [2, 4, 6, 8])
    assert close(iv.estimate, -2.0)
    assert close(iv.low, -2 - 2.6119 * math.sqrt(2.16667))
    assert close(iv.high, -2 + 2.6119 * math.sqrt(2.16667))
    assert stats.welch_difference([1], [2, 3]).low is None


def test_newcombe_difference_of_proportions():
    # Newcombe (1998), Statistics in Medicine 17, 873-890, example (a): 56/70 - 48/80,
    # method 10 (hybrid score): 0.0524 to 0.3339
    iv = stats.newcombe_difference(56, 70, 48, 80)
    assert close(iv.estimate, 0.2) and close(iv.low, 0.0524, 1e-4) and close(iv.high, 0.3339, 1e-4)


def test_ratio_ci():
    # constant ratio: no uncertainty at all
    assert stats.ratio_ci([2, 4, 6], [1, 2, 3]) == Interval(2, 2, 2, 3)
    # denominators of one: the ratio estimator is the mean
    a, b = stats.ratio_ci([1, 2, 3, 4, 5], [1] * 5), stats.mean_ci([1, 2, 3, 4, 5])
    assert close(a.low, b.low, 1e-12) and close(a.high, b.high, 1e-12)
    assert stats.ratio_ci([1, 2], [0, 0]) == Interval(None, None, None, 2)
    assert stats.ratio_ci([3], [2]) == Interval(1.5, None, None, 1)


def test_ratio_differences():
    same = stats.paired_ratio_difference([2, 5, 3], [1, 2, 2], [2, 5, 3], [1, 2, 2])
    assert same == Interval(0, 0, 0, 3)
    # with denominators of one they reduce to the paired and Welch differences of means
    x, y = [10, 12, 9, 11, 13], [8, 11, 9, 9, 10]
    p = stats.paired_ratio_difference(x, [1] * 5, y, [1] * 5)
    assert close(p.low, 0.184) and close(p.high, 3.016)
    w = stats.welch_ratio_difference([1, 2, 3, 4, 5], [1] * 5, [2, 4, 6, 8], [1] * 4)
    ref = stats.welch_difference([1, 2, 3, 4, 5], [2, 4, 6, 8])
    assert close(w.low, ref.low, 1e-9) and close(w.high, ref.high, 1e-9)
