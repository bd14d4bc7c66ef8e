"""The statistics, checked against independent reference implementations (statsmodels)."""

import math

import numpy as np
import polars as pl
import pytest
import statsmodels.api as sm
from statsmodels.stats.proportion import proportion_confint
from statsmodels.stats.weightstats import DescrStatsW, ztest

from sim.analysis import paired_difference
from sim.ladder import ratings_with_intervals
from sim.stats import bradley_terry, wilson


@pytest.mark.parametrize("k, n", [(0, 10), (3, 10), (47, 100), (500, 1000), (999, 1000), (10, 10)])
def test_wilson_matches_statsmodels(k, n):
    lo, hi = proportion_confint(k, n, alpha=0.05, method="wilson")
    assert wilson(k, n) == pytest.approx((lo, hi), abs=1e-6)


def _glm_elo(agents, results):
    """Bradley-Terry as a logistic regression without intercept: one column per agent but the
    anchor (+1 for the first of the pair, -1 for the second); Elo = 400 * beta / ln 10."""
    rows, counts = [], []
    for (a, b), (wa, wb) in results.items():
        x = [0.0] * (len(agents) - 1)
        for who, sign in ((a, 1.0), (b, -1.0)):
            if who != agents[0]:
                x[agents.index(who) - 1] = sign
        rows.append(x)
        counts.append([wa, wb])
    fit = sm.GLM(np.array(counts), np.array(rows), family=sm.families.Binomial()).fit()
    scale = 400 / math.log(10)
    return {a: scale * b for a, b in zip(agents[1:], fit.params, strict=True)}, {
        a: scale * s for a, s in zip(agents[1:], fit.bse, strict=True)
    }


RESULTS = {("r", "g"): (12, 188), ("r", "s"): (5, 195), ("g", "s"): (70, 130)}


def test_bradley_terry_matches_a_logistic_regression():
    agents = ["r", "g", "s"]
    wins, games = {}, {}
    for (a, b), (wa, wb) in RESULTS.items():
        wins[(a, b)], wins[(b, a)] = wa, wb
        games[(a, b)] = games[(b, a)] = wa + wb
    elo = bradley_terry(agents, wins, games)
    ref, _ = _glm_elo(agents, RESULTS)
    for a in ("g", "s"):
        assert elo[a] - elo["r"] == pytest.approx(ref[a], abs=0.05)


def _pairs(results):
    return [
        {"a": a, "b": b, "games": wa + wb, "rate_a": wa / (wa + wb)}
        for (a, b), (wa, wb) in results.items()
    ]


def test_ladder_intervals_agree_with_the_regression_and_include_the_anchor_noise():
    agents = ["r", "g", "s"]
    ratings = {r["agent"]: r for r in ratings_with_intervals(agents, _pairs(RESULTS), 7, 2000)}
    ref, se = _glm_elo(agents, RESULTS)
    for a in ("g", "s"):
        lo, hi = ratings[a]["lo"], ratings[a]["hi"]
        # A Wald interval from the regression and the bootstrap's percentiles: same width to
        # within a fifth, and each contains the other's centre.
        assert hi - lo == pytest.approx(2 * 1.96 * se[a], rel=0.2)
        assert lo < ref[a] < hi
    assert ratings["r"]["lo"] == ratings["r"]["hi"] == 0


def test_a_thirty_game_ladder_is_as_unsure_as_its_head_to_head():
    # 18-12 over 30 games: the head-to-head interval includes 50%, so must the rating's
    # interval include 0 (the bug: shifting by the anchor's point estimate excluded it).
    lo, hi = wilson(18, 30)
    assert lo < 0.5 < hi
    ratings = {
        r["agent"]: r for r in ratings_with_intervals(["a", "b"], _pairs({("b", "a"): (18, 12)}), 1)
    }
    assert ratings["b"]["lo"] < 0 < ratings["b"]["hi"]


def test_paired_difference_matches_a_z_test_on_the_differences():
    rng = np.random.default_rng(3)
    n = 400
    base = rng.integers(3, 9, n).astype(float)
    other = base + rng.normal(0.3, 1.0, n).round()
    lf = pl.LazyFrame(
        {
            "cell": ["v"] * n + ["b"] * n,
            "game": list(range(n)) * 2,
            "rounds": np.concatenate([other, base]),
        }
    )
    got = paired_difference(lf, "v", "b", "rounds")
    d = DescrStatsW(other - base, ddof=1)
    lo, hi = d.zconfint_mean(alpha=0.05)
    _, p = ztest(other - base, value=0)
    assert got["diff"] == pytest.approx(d.mean)
    assert (got["lo"], got["hi"]) == pytest.approx((lo, hi), abs=1e-3)
    assert got["p"] == pytest.approx(p, rel=1e-3)
