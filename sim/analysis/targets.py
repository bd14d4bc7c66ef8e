"""The figures a tuning target names (`sim tune`), each with its standard error, from one rule
set's cell and, for a King's value, the same deals with each King a blank: a King's value to its
drawer, a King's value against the other Kings' mean (the gap), the first player's win rate, and
the mean length of a game or of its late game."""

from __future__ import annotations

import math
from typing import Any

import polars as pl

from sim.analysis.cards import _drawer_gains
from sim.analysis.frame import _cell, _collect, seat_score
from sim.analysis.names import KINGS

# The measures a target may name: what it is in words, its unit, the smallest difference that
# matters in it, the range its figure can take (a bound outside it can never mean anything) and,
# for `within`, the figure it is centred on.
MEASURES: dict[str, dict[str, Any]] = {
    # A value to the drawer is a difference of win rates: -100 to 100 points.
    "king_value": {
        "label": "the {card}' value to its drawer",
        "unit": "points",
        "line": 1.0,
        "range": (-100.0, 100.0),
    },
    # One value less the mean of three others.
    "king_gap": {
        "label": "the {card}' value against the other Kings' mean",
        "unit": "points",
        "line": 1.0,
        "centre": 0.0,
        "range": (-200.0, 200.0),
    },
    "first_player": {
        "label": "the first player's win rate",
        "unit": "points",
        "line": 1.0,
        "centre": 50.0,
        "range": (0.0, 100.0),
    },
    # Counts: no upper end.
    "rounds": {
        "label": "rounds per game",
        "unit": "rounds",
        "line": 0.25,
        "range": (0.0, math.inf),
    },
    "late_turns": {
        "label": "turns from round 6 on, in the games that reach it",
        "unit": "turns",
        "line": 0.5,
        "range": (0.0, math.inf),
    },
}


def bound_problem(measure: str, bound: str, given: float) -> str | None:
    """Why a target's bound (`at_most`, `at_least` or `within`) can never mean anything for
    `measure`, in words naming the valid range; None where it can. A bound outside the
    figure's range, a tolerance of 0 or less, or a number that is not finite would be played
    and give a verdict decided before the first game."""
    # A whole number too large for a float (YAML reads 400 digits as an int) is out of range.
    value = float(given) if isinstance(given, float) or abs(given) < 10**300 else math.inf
    m = MEASURES[measure]
    lo, hi = m["range"]
    unit = m["unit"]
    if bound == "within":
        # Further than this from the centre the figure cannot go: a wider tolerance is always met.
        centre = float(m.get("centre", 0.0))
        most = max(centre - lo, hi - centre)
        if math.isfinite(value) and 0 < value <= most:
            return None
        what = (
            f"a tolerance above 0 and at most {most:g} {unit}"
            if math.isfinite(most)
            else f"a finite tolerance above 0 {unit}"
        )
        return f"expected {what}, got {given!r}"
    if math.isfinite(value) and lo <= value <= hi:
        return None
    span = f"from {lo:g} to {hi:g} {unit}" if math.isfinite(hi) else f"of {lo:g} {unit} or more"
    return f"expected a number {span} (the range of the figure), got {given!r}"


def king_values(
    lf: pl.LazyFrame, plain: str, blanks: dict[str, str]
) -> dict[str, tuple[float, float, int, pl.Series]]:
    """Each King's value to its drawer in points (the same deals with it a blank): value,
    standard error, deals it was drawn in, and each deal's influence on the value (so that
    sums of values get their errors right: `king_gap`)."""
    frames = [
        # A tune's blank cells play the deals their King was drawn in (every deal, before).
        _drawer_gains(lf, plain, blank, king, drawn_only=True).select(
            "game", pl.col("d").alias(king)
        )
        for king, blank in blanks.items()
    ]
    if not frames:
        return {}
    joined = frames[0]
    for f in frames[1:]:
        joined = joined.join(f, on="game")
    df = _collect(joined)
    n = df.height
    found = {}
    for king in blanks:
        drawn = df[king].is_not_null().cast(pl.Float64)
        gain = df[king].fill_null(0.0)
        k = float(drawn.sum())
        if not n or not k:
            continue
        value = float(gain.sum()) / k
        influence = (gain - value * drawn) / (k / n)
        se = _sd(influence) / math.sqrt(n)
        found[king] = (100 * value, 100 * se, int(k), influence)
    return found


def king_gap(
    values: dict[str, tuple[float, float, int, pl.Series]], card: str
) -> tuple[float, float, int] | None:
    """`card`'s value minus the mean of the other Kings' values, in points, with its standard
    error (from each deal's influence on all four: the deals' luck is shared)."""
    others = [k for k in values if k != card]
    # A King never drawn would change what "the others" are: no gap then.
    if card not in values or len(values) < len(KINGS):
        return None
    gap = values[card][0] - sum(values[k][0] for k in others) / len(others)
    influence = values[card][3] - sum(values[k][3] for k in others) / len(others)
    n = len(influence)
    se = 100 * _sd(influence) / math.sqrt(n)
    return gap, se, min(values[k][2] for k in [card, *others])


def _sd(s: pl.Series) -> float:
    sd = s.std()
    return float(sd) if isinstance(sd, (int, float)) else 0.0


def first_player(lf: pl.LazyFrame, plain: str) -> tuple[float, float, int]:
    """The first player's win rate in points (a game with no winner an even share)."""
    names = lf.collect_schema().names()
    score = seat_score(names, pl.col("first_player").cast(pl.Int64))
    row = _collect(_cell(lf, plain).select(m=score.mean(), s=score.std(), n=pl.len())).row(0)
    return 100 * row[0], 100 * (row[1] or 0.0) / math.sqrt(max(row[2], 1)), int(row[2])


def mean_length(lf: pl.LazyFrame, plain: str, measure: str) -> tuple[float, float, int] | None:
    """Mean rounds per game, or mean turns from round 6 on over the games that reach it."""
    if measure == "rounds":
        col = pl.col("rounds").cast(pl.Float64)
        frame = _cell(lf, plain)
    else:
        col = pl.col("late_turns").cast(pl.Float64)
        frame = _cell(lf, plain).filter(pl.col("late_turns") > 0)
    row = _collect(frame.select(m=col.mean(), s=col.std(), n=pl.len())).row(0)
    if not row[2]:
        return None
    return float(row[0]), float(row[1] or 0.0) / math.sqrt(row[2]), int(row[2])


def figure(
    lf: pl.LazyFrame,
    plain: str,
    blanks: dict[str, str],
    measure: str,
    card: str | None,
    values: dict[str, tuple[float, float, int, pl.Series]] | None = None,
) -> tuple[float, float, int] | None:
    """One target's figure in its unit: (estimate, standard error, games or deals)."""
    if measure in ("king_value", "king_gap"):
        values = values if values is not None else king_values(lf, plain, blanks)
        if measure == "king_gap":
            return king_gap(values, str(card))
        v = values.get(str(card))
        return None if v is None else (v[0], v[1], v[2])
    if measure == "first_player":
        return first_player(lf, plain)
    return mean_length(lf, plain, measure)
