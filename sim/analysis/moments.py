"""Means and standard deviations that come out the same to the last bit however the records
are read: in memory or streamed, in any number of threads, in any order.

Polars' streaming engine adds a group's partial sums in the order its threads finish, and a
floating-point sum depends on that order (a rebuilt report differed in the 16th digit). Every
value a report averages is a multiple of 1/12 (a score is 0, 1 or 1/players for two to four
players; rounds, turns, attacks and flags are whole numbers), so 12 times it is a whole number:
its sums and sums of squares are exact integers whatever the order, and the mean and standard
deviation are worked out from them once, exactly (`fractions`), then rounded to a float.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import polars as pl

# 12 times any averaged value is a whole number (scores in twelfths: 1/2, 1/3, 1/4).
SCALE = 12


def whole(x: pl.Expr) -> pl.Expr:
    """`x` in twelfths, as a whole number (exact sums in any order)."""
    return (x * SCALE).round(0).cast(pl.Int64)


def sums(**values: pl.Expr) -> list[pl.Expr]:
    """For each named value: how many are not null (`<name>_n`), the sum (`<name>_s`) and the
    sum of squares (`<name>_ss`) of its twelfths. Aggregations for a `select` or `agg`."""
    out = []
    for name, x in values.items():
        w = whole(x)
        out += [
            x.is_not_null().sum().cast(pl.Int64).alias(f"{name}_n"),
            w.sum().alias(f"{name}_s"),
            (w * w).sum().alias(f"{name}_ss"),
        ]
    return out


def product_sum(name: str, x: pl.Expr, y: pl.Expr) -> pl.Expr:
    """The sum of `x * y` in 144ths (twelfths times twelfths), as `name`."""
    return (whole(x) * whole(y)).sum().alias(name)


@dataclass(frozen=True)
class Moments:
    """n values' exact sum and sum of squares, in twelfths."""

    n: int
    s: int
    ss: int

    @classmethod
    def of(cls, row: dict[str, Any], name: str) -> Moments:
        """The moments `sums(name=...)` collected into `row`."""
        n, s, ss = (int(row[f"{name}_{k}"] or 0) for k in ("n", "s", "ss"))
        return cls(n, s, ss)

    @property
    def total(self) -> Fraction:
        return Fraction(self.s, SCALE)

    @property
    def mean(self) -> float | None:
        return float(Fraction(self.s, SCALE * self.n)) if self.n else None

    @property
    def variance(self) -> Fraction | None:
        """The sample variance (n - 1), exactly; None below two values (as polars' `var`)."""
        if self.n < 2:
            return None
        return Fraction(self.n * self.ss - self.s * self.s, self.n * (self.n - 1) * SCALE**2)

    @property
    def sd(self) -> float | None:
        v = self.variance
        return None if v is None else math.sqrt(max(float(v), 0.0))
