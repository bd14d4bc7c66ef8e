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
from sim.analysis.names import KINGS, card_words
from sim.analysis.verdicts import MATTERS, NO, NOT_SETTLED, YES, Verdict, beyond

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


def measures(kings: list[str], cards: list[str] | None = None) -> list[Measure]:
    """The scan's measures: seat balance, a game's length, the late game, the value of each
    of `kings` to its drawer (its power: the same deals with that King a blank), and of each of
    `cards` (the same deals with the card forbidden to both players)."""
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
    for c in cards or []:
        found.append(
            Measure(
                f"card:{c}", f"{card_possessive(c)} value to its drawer", "points", 1.0, 100.0, c
            )
        )
    return found


def card_possessive(card: str) -> str:
    """'the Queen of Spades'', 'the 7 of Hearts'', 'the Black Joker's'."""
    words = card_words(card)
    return f"{words}'" if words.endswith("s") else f"{words}'s"


def is_card_value(key: str) -> bool:
    """A measure of a card's value to its drawer (a King's or another card's)."""
    return key.startswith(("king:", "card:"))


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
    """A variant's cells of one match-up: its plain one and, per card valued, the one without
    the card (a King a blank, another card forbidden; absent where the scan values no card)."""

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
        if is_card_value(m.key):
            king = m.key.split(":", 1)[1]
            if king not in variant.blank or king not in baseline.blank:
                continue
            # A scan's cells without a card play the deals it was drawn in (or, before, every
            # deal: read alike, since a variant's cells stop together).
            r = card_value_change(
                lf,
                (variant.plain, variant.blank[king]),
                (baseline.plain, baseline.blank[king]),
                king,
                drawn_only=True,
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


def verdict(effect: dict[str, Any], z: float) -> Verdict:
    """Does the variant move this measure by at least its line, either way? Read from the
    interval at `z` standard errors: Yes when all of it is past the line, No when all of it is
    within, else Not settled."""
    half = z * effect["se"]
    # The scan's line is the smallest difference that matters: no margin, no "on the line".
    return beyond(effect["diff"] - half, effect["diff"] + half, effect["line"], margin=0)


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


# The six pairings of the four Houses a suit-split deck plays (P1's House - P2's House).
PAIRINGS = ("S-H", "S-D", "S-C", "H-D", "H-C", "D-C")
HOUSE_SPREAD = Measure(
    "house_spread",
    "the spread of the Houses with decks split by suit (the strongest House's average win rate "
    "less the weakest's)",
    "points",
    MATTERS["points"],
    100.0,
    "Houses",
)


def _house_results(lf: pl.LazyFrame, cells: dict[str, str]) -> pl.DataFrame:
    """Per deal played in every pairing's cell: the first House's result in each (a win 1, no
    winner a half; P1 holds the first House of the split whoever sits there)."""
    from sim.analysis.frame import seat_score

    names = lf.collect_schema().names()
    joined = None
    for pairing, cell in cells.items():
        part = _cell(lf, cell).select("game", seat_score(names, 0).alias(pairing))
        joined = part if joined is None else joined.join(part, on="game")
    assert joined is not None
    return _collect(joined)


def _house_spread(df: pl.DataFrame) -> tuple[float, pl.Series, str, str]:
    """The strongest House's average win rate over its pairings less the weakest's, each
    deal's influence on it (the strongest and weakest taken as they stand), and the two."""
    n = df.height
    means: dict[str, float] = {}
    influence: dict[str, pl.Series] = {}
    for house in "SHDC":
        parts = []
        for pairing in PAIRINGS:
            first, second = pairing.split("-")
            if house in (first, second):
                r = df[pairing] if house == first else 1.0 - df[pairing]
                parts.append(r)
        total = sum(parts[1:], parts[0])
        mean = total.mean()
        means[house] = (float(mean) if isinstance(mean, (int, float)) else 0.0) / len(parts)
        influence[house] = (total / len(parts)) - means[house]
    top = max(means, key=lambda h: means[h])
    low = min(means, key=lambda h: means[h])
    assert n > 0
    return means[top] - means[low], influence[top] - influence[low], top, low


def house_spread_effect(
    lf: pl.LazyFrame, variant: dict[str, str], baseline: dict[str, str]
) -> dict[str, Any] | None:
    """How a rule changes the spread of the Houses with decks split by suit: the spread under
    `variant` less under `baseline`, each a cell per pairing (`PAIRINGS`), on the deals all
    twelve cells played, with its 95% interval by the delta method (each deal's influence on
    both spreads: the deals' luck cancels). The strongest and weakest House of each rule set
    are named (`top`, `low`, `base_top`, `base_low`)."""
    if set(variant) != set(PAIRINGS) or set(baseline) != set(PAIRINGS):
        return None
    a = _house_results(lf, variant)
    b = _house_results(lf, baseline)
    both = a.join(b, on="game", suffix="_base")
    n = both.height
    if n < 2:
        return None
    va, ia, top, low = _house_spread(both.select("game", *PAIRINGS))
    vb, ib, base_top, base_low = _house_spread(
        both.select("game", *[pl.col(f"{p}_base").alias(p) for p in PAIRINGS])
    )
    diff = va - vb
    sd = (ia - ib).std()
    se = (float(sd) if isinstance(sd, (int, float)) else 0.0) / math.sqrt(n)
    p = math.erfc(abs(diff) / (se * math.sqrt(2))) if se > 0 else (0.0 if diff else 1.0)
    m = HOUSE_SPREAD
    return {
        "measure": m.key,
        "label": m.label,
        "unit": m.unit,
        "line": m.line,
        "diff": diff * m.scale,
        "lo": (diff - Z95 * se) * m.scale,
        "hi": (diff + Z95 * se) * m.scale,
        "se": se * m.scale,
        "p": p,
        "n": n,
        "value": va * m.scale,
        "base": vb * m.scale,
        "top": top,
        "low": low,
        "base_top": base_top,
        "base_low": base_low,
    }
