"""A win rate that borrows strength from a cheaper player's games on the same deals (#52).

Every cell of a run plays the same deals (a deal is fixed by the run's seed and the game's
index), so the expert's game i and the quick player's game i share their cards: whether the
first player wins correlates between them (about 0.4 on the flagship's records). The quick
player plays many more deals for the same time. The estimate

    rate = mean(Y over the n deals both played) - lam * (mean(X over those n) - mean(X over all N))

(Y: the strong player's outcome, X: the cheap player's, N >= n its deals) is the one-mean case
of prediction-powered inference with its power tuning (PPI++, Angelopoulos, Duchi and Zrnic
2023), which is a control variate whose mean is estimated from the cheap player's own games. It
is unbiased for any `lam` (each deal's X has the same mean whichever deals it comes from), and
with lam = cov(X, Y) / var(X), estimated from the n pairs, its variance is

    var(Y) * (1 - (1 - n/N) * rho^2) / n,

never more than the strong player's games alone (up to the noise in lam, which the coverage
test in tests/test_control.py bounds): with rho = 0.4 and N much more than n, 1 / (1 - 0.16) =
1.19 times the games. Its interval is the normal one at this standard error; the plain rate's
(Wilson's) stays in the tables."""

from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl

from sim.analysis.frame import _cell, _collect, players, turn_order

# The normal quantile of a two-sided 95% interval.
Z95 = 1.959964
# Below this many paired deals the pairs' covariance is too noisy to tune on: the plain rate.
MIN_PAIRS = 100


def controlled_mean(
    y: np.ndarray, x_pairs: np.ndarray, x_rest: np.ndarray
) -> dict[str, Any] | None:
    """The mean of `y` (the strong player's outcome per deal) with the cheap player's outcome on
    the same deals (`x_pairs`, one per `y`) as a control whose mean is read from those and its
    other deals' (`x_rest`). None where there are too few pairs, no other deals, or nothing to
    borrow (the cheap player's outcomes never vary). Returns the estimate, its standard error and
    95% interval, `lam`, the correlation `rho` and `gain`: the plain rate's variance over this
    one's (the effective games per strong game)."""
    n, m = len(y), len(x_rest)
    if n < MIN_PAIRS or m == 0 or len(x_pairs) != n:
        return None
    every = np.concatenate([x_pairs, x_rest])
    vy = float(np.var(y, ddof=1))
    vx = float(np.var(every, ddof=1))
    if vx == 0.0 or vy == 0.0:
        return None
    cxy = float(np.cov(x_pairs, y, ddof=1)[0, 1])
    lam = cxy / float(np.var(x_pairs, ddof=1)) if np.var(x_pairs) > 0 else 0.0
    outside = 1.0 - n / (n + m)
    estimate = float(y.mean() - lam * (x_pairs.mean() - every.mean()))
    variance = (vy - 2 * lam * outside * cxy + lam * lam * outside * vx) / n
    se = float(np.sqrt(max(variance, 0.0)))
    return {
        "estimate": estimate,
        "se": se,
        "lo": estimate - Z95 * se,
        "hi": estimate + Z95 * se,
        "lam": lam,
        "rho": cxy / np.sqrt(vy * vx),
        "gain": (vy / n) / variance if variance > 0 else None,
        "pairs": n,
        "control_games": n + m,
    }


def _scores(names: list[str], places: int) -> list[pl.Expr]:
    """Per game, the result of each place in turn order (`place_0`: the first player) and of
    seat P1 (`p1`: with decks split by suit, the first House of the pairing): a win 1, no
    winner an even share, else 0."""
    w = pl.col("winner").cast(pl.Int64)
    draw = 1.0 / players(names)
    order = turn_order(names)
    return [
        pl.when(w == -1).then(draw).otherwise((order == k).cast(pl.Float64)).alias(f"place_{k}")
        for k in range(places)
    ] + [pl.when(w == -1).then(draw).otherwise((w == 0).cast(pl.Float64)).alias("p1")]


def borrowed_rates(
    lf: pl.LazyFrame, rows: list[dict[str, Any]], plain: list[str], game: str
) -> dict[str, dict[str, Any]]:
    """For each mirror cell of a plain variant: each place's win rate in turn order (`places`,
    the first player's first) and seat P1's (`p1`), borrowing from the cell of the same
    variant whose player is weaker and has played the most deals beyond this cell's (the
    cheapest control the run has; chosen by games, not by how well it correlates, so that the
    choice does not look at the outcomes). A rate with nothing to borrow is None."""
    from sim.play.agents import standing

    names = lf.collect_schema().names()
    out: dict[str, dict[str, Any]] = {}
    mirror = [r for r in rows if r["variant"] in plain and r["agent_a"] == r["agent_b"]]
    for r in mirror:
        own = standing(r["agent_a"], game)[0]
        cheaper = [
            c
            for c in mirror
            if c["variant"] == r["variant"]
            and standing(c["agent_a"], game)[0] < own
            and c["games"] > r["games"]
            and c.get("players", 2) == r.get("players", 2)
        ]
        if not cheaper:
            continue
        control = max(cheaper, key=lambda c: (c["games"], c["cell"]))
        places = int(r.get("players", 2))
        scores = _scores(names, places)
        y = _collect(_cell(lf, r["cell"]).select("game", *scores)).sort("game")
        x = _collect(_cell(lf, control["cell"]).select("game", *scores)).sort("game")
        deals = y["game"].implode()
        paired = x.filter(pl.col("game").is_in(deals))
        if paired.height != y.height:
            continue  # the control did not play every deal this cell played
        rest = x.filter(~pl.col("game").is_in(deals))
        columns = [f"place_{k}" for k in range(places)] + ["p1"]
        found = {
            k: controlled_mean(y[k].to_numpy(), paired[k].to_numpy(), rest[k].to_numpy())
            for k in columns
        }
        named = {k: {**c, "control": control["agent_a"]} if c else None for k, c in found.items()}
        out[r["cell"]] = {"places": [named[k] for k in columns[:-1]], "p1": named["p1"]}
    return out
