"""Averages that do not depend on the order the records are read in (`sim.analysis.moments`):
polars' streaming engine adds partial sums in the order its threads finish, and a report built
twice must give the same numbers to the last bit."""

import random
import statistics
from fractions import Fraction

import polars as pl

from sim.analysis.cards import card_value_gap
from sim.analysis.comparisons import paired_difference
from sim.analysis.moments import Moments, sums


def _three_player_cells(n: int, seed: int) -> pl.DataFrame:
    """Two cells on the same n deals, three players: A's score is 0, 1 or 1/3 (no winner)."""
    rng = random.Random(seed)
    rows = []
    for cell in ("base", "variant"):
        for game in range(n):
            winner = rng.choice([-1, 0, 1, 2])
            rows.append((cell, game, winner, 1 / 3 if winner == -1 else float(winner == 0)))
    return pl.DataFrame(rows, schema=["cell", "game", "winner", "score_a"], orient="row")


def test_a_comparison_is_the_same_to_the_last_bit_in_any_row_order():
    df = _three_player_cells(60_000, seed=1)
    shuffled = df.sample(fraction=1.0, shuffle=True, seed=7)
    reversed_ = df.reverse()
    first = paired_difference(df.lazy(), "variant", "base")
    assert first is not None
    assert paired_difference(shuffled.lazy(), "variant", "base") == first
    assert paired_difference(reversed_.lazy(), "variant", "base") == first
    # And it is the exact figure, rounded once.
    a = df.filter(pl.col("cell") == "variant")["score_a"].to_list()
    b = df.filter(pl.col("cell") == "base")["score_a"].to_list()
    twelfths = [Fraction(round(x * 12), 12) for x in a + b]
    d = [x - y for x, y in zip(twelfths[: len(a)], twelfths[len(a) :], strict=True)]
    assert first["diff"] == float(sum(d) / len(d))
    assert abs(first["hi"] - first["diff"] - 1.96 * statistics.stdev(d) / len(d) ** 0.5) < 1e-12


def test_moments_are_exact_in_twelfths():
    values = [0.0, 1.0, 1 / 3, 0.5, 0.25, 1 / 3, 7.0, None]
    row = pl.DataFrame({"x": values}).select(*sums(x=pl.col("x"))).row(0, named=True)
    m = Moments.of(row, "x")
    exact = [Fraction(round(v * 12), 12) for v in values if v is not None]
    assert (m.n, m.total) == (7, sum(exact))
    assert m.mean == float(sum(exact) / 7)
    assert m.variance == statistics.variance(exact)
    assert Moments(1, 12, 144).sd is None and Moments(0, 0, 0).mean is None


def test_a_card_value_gap_is_the_same_in_any_row_order(monkeypatch):
    # Two cards' drawer gains on shared deals, each drawn in some deals only.
    rng = random.Random(3)
    n = 20_000
    rows = []
    for game in range(n):
        holder_a = rng.choice([None, 0, 1])
        holder_b = rng.choice([None, 0, 1])
        rows.append((game, holder_a, holder_b, rng.choice([-1, 0, 1, 2])))
    df = pl.DataFrame(rows, schema=["game", "ha", "hb", "w"], orient="row")
    gaps = []
    for frame in (df, df.reverse(), df.sample(fraction=1.0, shuffle=True, seed=2)):
        gaps.append(_gap(frame, monkeypatch))
    assert gaps[0] == gaps[1] == gaps[2]
    assert gaps[0] is not None and gaps[0]["deals"] == n


def _gap(frame: pl.DataFrame, monkeypatch):
    """`card_value_gap` on ready-made drawer gains (its record-reading step replaced)."""
    import sim.analysis.cards as cards

    def gains(lf, cell, without, card, drawn_only=False):
        holder = pl.col("ha" if card == "KS" else "hb")
        score = pl.when(pl.col("w") == -1).then(1 / 3).otherwise((pl.col("w") == holder) * 1.0)
        return frame.lazy().select("game", d=pl.when(holder.is_not_null()).then(score - 1 / 3))

    monkeypatch.setattr(cards, "_drawer_gains", gains)
    return card_value_gap(pl.LazyFrame(), (("a", "a0"), "KS"), (("b", "b0"), "KD"))
