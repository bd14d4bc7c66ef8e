"""The per-cell summary computes a game length's median and percentiles from counts per value
(so that they stream): the same numbers as polars' own median and quantile over every game."""

import random

import polars as pl

from sim.analysis.summary import _spread


def test_length_spread_from_counts_is_polars_median_and_quantiles() -> None:
    rng = random.Random(7)
    cells, lengths = [], []
    for c in range(400):
        n = rng.randint(1, 60)  # odd and even sizes, one game, many ties
        top = rng.choice([3, 10, 40])
        cells += [f"c{c}"] * n
        lengths += [rng.randint(1, top) for _ in range(n)]
    lf = pl.LazyFrame({"cell": cells, "turns": lengths})
    want = (
        lf.group_by("cell")
        .agg(
            median=pl.col("turns").median(),
            p10=pl.col("turns").quantile(0.1),
            p90=pl.col("turns").quantile(0.9),
        )
        .collect()
    )
    got = _spread(lf, "turns")
    assert len(got) == want.height == 400
    for r in want.iter_rows(named=True):
        assert got[r["cell"]] == {"median": r["median"], "p10": r["p10"], "p90": r["p90"]}, r
