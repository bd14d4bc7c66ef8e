"""A rule variant's effects, each against the baseline on the same deals, on the measures a
balance scan reads (`sim scan`): the first player's win rate, the length of a game, the late
game, and each King's value to its drawer; whether each is settled (for the scan's stopping
rule) and whether the variant changed any game at all."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import polars as pl

from sim.analysis.cards import card_value_change
from sim.analysis.comparisons import paired_difference
from sim.analysis.frame import _cell, _collect
from sim.analysis.names import KINGS
from sim.analysis.verdicts import MATTERS, NO, NOT_SETTLED, YES, beyond

# The normal quantile of a 95% interval (the comparisons' own intervals are 95%).
Z95 = 1.96


@dataclass(frozen=True)
class Measure:
    """One measure a scan compares a variant with the baseline on."""

    key: str
    # What it is, in a designer's words ("the first player's win rate").
    label: str
    # Its unit (points, rounds, turns) and the smallest difference that matters in it.
    unit: str
    line: float
    # From the raw difference (a share, for a rate) to the unit.
    scale: float
    # A table's column head.
    short: str


def measures(kings: list[str]) -> list[Measure]:
    """The scan's measures: seat balance, a game's length, the late game, and the value of each
    of `kings` to its drawer (its power: the same deals with that King a blank)."""
    found = [
        Measure(
            "first_won", "the first player's win rate", "points", MATTERS["points"], 100.0, "first"
        ),
        Measure("rounds", "rounds per game", "rounds", MATTERS["rounds"], 1.0, "rounds"),
        Measure(
            "late_turns",
            "the late game (turns from round 6 on, per game reaching it under the base rules)",
            "turns",
            MATTERS["turns"],
            1.0,
            "late",
        ),
    ]
    for k in kings:
        found.append(
            Measure(
                f"king:{k}", f"the {KING_NAMES[k]}' value to its drawer", "points", 1.0, 100.0, k
            )
        )
    return found


# Each ends in "s", so its possessive is "'".
KING_NAMES = {
    "KD": "King of Diamonds",
    "KC": "King of Clubs",
    "KH": "King of Hearts",
    "KS": "King of Spades",
}
assert set(KING_NAMES) == set(KINGS)


@dataclass(frozen=True)
class Cells:
    """A variant's cells of one match-up: its plain one and, per King, the one with that King
    a blank (absent where the scan does not value Kings)."""

    plain: str
    blank: dict[str, str]


def effects(
    lf: pl.LazyFrame,
    variant: Cells,
    baseline: Cells,
    scan_measures: list[Measure],
    family: int = 1,
) -> list[dict[str, Any]]:
    """Each measure of `scan_measures` under `variant` minus under `baseline`, on the deals both
    played, in the measure's unit: the difference, its 95% interval and standard error, its
    p-value, the deals it rests on, both values, and the share of deals whose winner changed
    (for a game measure). `family`: how many intervals are read together (the floor below). A
    measure with nothing to read (no game reached round 6, a King never drawn) is left out
    (`missing` names it)."""
    found = []
    for m in scan_measures:
        if m.key.startswith("king:"):
            king = m.key.split(":", 1)[1]
            if king not in variant.blank or king not in baseline.blank:
                continue
            r = card_value_change(
                lf,
                (variant.plain, variant.blank[king]),
                (baseline.plain, baseline.blank[king]),
                king,
            )
            extra: dict[str, Any] = {}
        else:
            r = paired_difference(lf, variant.plain, baseline.plain, m.key)
            extra = {"changed": r["changed"]} if r else {}
        if r is None:
            continue
        se = (r["hi"] - r["lo"]) / (2 * Z95)
        if m.unit == "points":
            # Where no deal differed, the normal interval is a point. A deal moves a share by at
            # most one, and no change in n deals bounds the share of deals that change by
            # ln(2k/alpha)/n at the family's level (the rule of three at k = 1, 5%): the
            # interval is never narrower, so that a few hundred identical deals do not settle
            # a rule that changes one deal in a hundred.
            z = z_family(family)
            se = max(se, math.log(2 * family / 0.05) / (r["n"] * z))
        found.append(
            {
                "measure": m.key,
                "label": m.label,
                "unit": m.unit,
                "line": m.line,
                "diff": r["diff"] * m.scale,
                "lo": (r["diff"] - Z95 * se) * m.scale,
                "hi": (r["diff"] + Z95 * se) * m.scale,
                "se": se * m.scale,
                "p": r["p"],
                "n": r["n"],
                "value": r["value"] * m.scale,
                "base": r["base"] * m.scale,
                **extra,
            }
        )
    return found


def missing(found: list[dict[str, Any]], scan_measures: list[Measure]) -> list[Measure]:
    """The measures `effects` had nothing to read for."""
    have = {e["measure"] for e in found}
    return [m for m in scan_measures if m.key not in have]


def verdict(effect: dict[str, Any], z: float) -> str:
    """Does the variant move this measure by at least its line, either way? Read from the
    interval at `z` standard errors: Yes when all of it is past the line, No when all of it is
    within, else Not settled."""
    half = z * effect["se"]
    return beyond(effect["diff"] - half, effect["diff"] + half, effect["line"])


def settled(effect: dict[str, Any], z: float) -> bool:
    """Whether more games would change nothing a scan says of this effect: its verdict is No
    (negligible, whatever the rest of the interval), or Yes with its size known to within the
    line either side."""
    v = verdict(effect, z)
    if v == NO:
        return True
    return v == YES and z * effect["se"] <= effect["line"]


def differing_games(lf: pl.LazyFrame, cell: str, baseline: str) -> tuple[int, int]:
    """On the deals both cells played: how many, and in how many the two games differ at all
    (the winner, the number of moves, the length, or either player's life). None differing
    means the variant's rule never came into play under these rules."""
    cols = ["winner", "actions", "turns", "life_p1", "life_p2"]
    a = _cell(lf, cell).select("game", *cols)
    b = _cell(lf, baseline).select("game", *[pl.col(c).alias(f"{c}_b") for c in cols])
    differ = pl.any_horizontal([pl.col(c) != pl.col(f"{c}_b") for c in cols])
    row = _collect(a.join(b, on="game").select(n=pl.len(), d=differ.sum())).row(0)
    return int(row[0]), int(row[1] or 0)


def z_family(comparisons: int) -> float:
    """The normal quantile of each interval in a family of `comparisons` read together at 95%
    (Bonferroni)."""
    from statistics import NormalDist

    return NormalDist().inv_cdf(1 - 0.05 / (2 * max(1, comparisons)))


def units_of_line(effect: dict[str, Any]) -> float:
    """An effect's size in multiples of the smallest difference that matters (for ranking
    effects measured in different units)."""
    return abs(effect["diff"]) / effect["line"] if effect["line"] else math.inf


__all__ = [
    "Cells",
    "Measure",
    "NOT_SETTLED",
    "NO",
    "YES",
    "differing_games",
    "effects",
    "measures",
    "settled",
    "units_of_line",
    "verdict",
    "z_family",
]
