"""Cards: the 17lands-style table of each card's win rate drawn and not drawn (associations), and
its causal value to the player who draws it, on the same deals with the card taken out, with
how that value changes across variants or against another card's."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import polars as pl

from sim.analysis.comparisons import _mean_interval
from sim.analysis.frame import _cell, _collect, players, seat_columns, seat_score
from sim.analysis.moments import SCALE, Moments, product_sum, sums, whole
from sim.analysis.names import CARDS, card_id
from sim.analysis.stats import wilson

# A game's score in whole units at any table of 2 to 4 (a draw's even share is 6, 4 or 3).
SCORE_UNITS = 12
# Below this many games a card's row is shown greyed and left out of the top ten.
CARD_MIN_GAMES = 200
# Cards whose sums one query takes (see `cards`).
CARDS_A_QUERY = 6


def cards(
    lf: pl.LazyFrame | None, jokers: bool, by: tuple[str, ...] = ("variant",)
) -> pl.DataFrame:
    """Per variant (or per `by` columns) and card, in the 17lands sense and from each player's
    side of each game: the player's win rate when they drew the card at some point and when
    they did not, the difference (drawn minus not drawn), and the win rate when they deployed
    it; each with its number of games and a 95% Wilson interval. These are associations: a
    player who draws more cards has played longer, and a card is deployed when the game allows
    it; a card's causal value is the `impact:` measure (`card_value`). `None` (a game without
    card records): an empty table."""
    schema = {
        **{k: pl.Utf8 for k in by},
        "card": pl.Utf8,
        "drawn": pl.Int64,
        "drawn_wr": pl.Float64,
        "drawn_lo": pl.Float64,
        "drawn_hi": pl.Float64,
        "not_drawn": pl.Int64,
        "not_drawn_wr": pl.Float64,
        "gap": pl.Float64,
        "gap_lo": pl.Float64,
        "gap_hi": pl.Float64,
        "deployed": pl.Int64,
        "deployed_wr": pl.Float64,
        "deployed_lo": pl.Float64,
        "deployed_hi": pl.Float64,
        "enough": pl.Boolean,
    }
    if lf is None:
        return pl.DataFrame(schema=schema)
    names = lf.collect_schema().names()
    # Each seat at the table is one side (seats past a game's `players` are left out).
    # Scores in twelfths (a win 12, no winner 12/players), summed as integers: exact in any
    # order, where a sum of thirds added in the order the threads finish differed in its last
    # bits from one build to the next.
    sides = [
        lf.filter(players(names) > s).select(
            *by,
            score=(seat_score(names, s) * SCORE_UNITS).round(0).cast(pl.Int64),
            dep=pl.col(f"deployed_mask_p{s + 1}"),
            drawn=pl.col(f"drawn_mask_p{s + 1}"),
        )
        for s in seat_columns(names, "drawn_mask")
    ]
    both = pl.concat(sides)
    n_cards = 54 if jokers else 52
    # A query a few cards at a time: streamed, a query holds each of its sums' inputs for a
    # batch of games at once, and the 52 cards' 208 sums in one query held 200 MB more.
    wide = _collect(both.group_by(*by).agg(pl.len().alias("n"), pl.col("score").sum().alias("w")))
    for first in range(0, n_cards, CARDS_A_QUERY):
        aggs = []
        for c in range(first, min(first + CARDS_A_QUERY, n_cards)):
            bit = pl.lit(1 << c, dtype=pl.UInt64)
            dep = (pl.col("dep") & bit) != 0
            drew = (pl.col("drawn") & bit) != 0
            aggs += [
                dep.sum().alias(f"d{c}"),
                pl.when(dep).then(pl.col("score")).otherwise(0).sum().alias(f"dw{c}"),
                drew.sum().alias(f"g{c}"),
                pl.when(drew).then(pl.col("score")).otherwise(0).sum().alias(f"gw{c}"),
            ]
        wide = wide.join(_collect(both.group_by(*by).agg(aggs)), on=list(by), nulls_equal=True)
    wide = wide.sort(*by)
    scores = ["w"] + [f"{k}{c}" for k in ("dw", "gw") for c in range(n_cards)]
    wide = wide.with_columns(pl.col(scores) / SCORE_UNITS)
    rows = []
    for r in wide.iter_rows(named=True):
        for c in range(n_cards):
            d, g = r[f"d{c}"], r[f"g{c}"]
            ng, ngw = r["n"] - g, r["w"] - r[f"gw{c}"]
            gwr = r[f"gw{c}"] / g if g else None
            nwr = ngw / ng if ng else None
            dwr = r[f"dw{c}"] / d if d else None
            glo, ghi = wilson(r[f"gw{c}"], g) if g else (None, None)
            dlo, dhi = wilson(r[f"dw{c}"], d) if d else (None, None)
            gap = gap_lo = gap_hi = None
            if gwr is not None and nwr is not None:
                # Normal interval of a difference of two proportions (independent groups).
                gap = gwr - nwr
                se = math.sqrt(gwr * (1 - gwr) / g + nwr * (1 - nwr) / ng)
                gap_lo, gap_hi = gap - 1.96 * se, gap + 1.96 * se
            rows.append(
                {
                    **{k: r[k] for k in by},
                    "card": CARDS[c],
                    "drawn": g,
                    "drawn_wr": gwr,
                    "drawn_lo": glo,
                    "drawn_hi": ghi,
                    "not_drawn": ng,
                    "not_drawn_wr": nwr,
                    "gap": gap,
                    "gap_lo": gap_lo,
                    "gap_hi": gap_hi,
                    "deployed": d,
                    "deployed_wr": dwr,
                    "deployed_lo": dlo,
                    "deployed_hi": dhi,
                    "enough": min(g, ng) >= CARD_MIN_GAMES,
                }
            )
    return pl.DataFrame(rows, schema=schema)


def _drawer_gains(
    lf: pl.LazyFrame, cell: str, without: str, card: str, drawn_only: bool = False
) -> pl.LazyFrame:
    """Per deal played in both `cell` and `without` (the card taken out): `d`, the result of the
    player who drew `card` in `cell` (a win 1, no winner an even share) minus the same seat's
    result on the same deal in `without` (null when no one drew it; `v` and `b` are the two
    results), `used`, whether the drawer deployed or played it, and `power`, whether a
    Spring '25 enhanced House Trait changed play for the drawer in `cell` (records from
    2026-12-02 on; null before). `drawn_only`: `without` played only the deals where the card
    was drawn in `cell` (`impact: {deals: drawn}`): every deal of `cell` counts, those where
    no one drew it with no game without it."""
    bit = 1 << card_id(card)
    names = lf.collect_schema().names()
    seats = seat_columns(names, "drawn_mask")
    # The seat that drew it (one at most: each card is drawn once).
    holder = pl.lit(None, dtype=pl.Int64)
    used = pl.lit(False)
    power = pl.lit(None, dtype=pl.Boolean)
    for s in reversed(seats):
        drew = (pl.col(f"drawn_mask_p{s + 1}") & bit) != 0
        holder = pl.when(drew).then(s).otherwise(holder)
    for s in seats:
        # Did the drawer deploy or play it? A card never used is worth zero by construction.
        deployed = (pl.col(f"deployed_mask_p{s + 1}") & bit) != 0
        used = pl.when(pl.col("holder") == s).then(deployed).otherwise(used)
        if f"enhanced_p{s + 1}" in names:
            fired = pl.col(f"enhanced_p{s + 1}") > 0
            power = pl.when(pl.col("holder") == s).then(fired).otherwise(power)
    share = 1.0 / players(names)
    a = (
        _cell(lf, cell)
        .with_columns(holder=holder)
        .select("game", "holder", v=seat_score(names, pl.col("holder")), used=used, power=power)
    )
    b = _cell(lf, without).select("game", w=pl.col("winner"), share=share)
    without_result = (
        pl.when(pl.col("w") == -1)
        .then(pl.col("share"))
        .otherwise((pl.col("w").cast(pl.Int64) == pl.col("holder")).cast(pl.Float64))
    )
    if drawn_only:
        # A deal where the card was drawn but that `without` did not play lies past its games
        # (a run cut short): left out, as a full cell's missing deal is.
        joined = a.join(b, on="game", how="left").filter(
            pl.col("holder").is_null() | pl.col("w").is_not_null()
        )
    else:
        joined = a.join(b, on="game")
    return joined.select(
        "game",
        "used",
        "power",
        v=pl.when(pl.col("holder").is_not_null()).then(pl.col("v")),
        b=without_result,
        d=pl.when(pl.col("holder").is_not_null()).then(pl.col("v") - without_result),
    )


def card_value(
    lf: pl.LazyFrame, cell: str, without: str, card: str, drawn_only: bool = False
) -> dict[str, Any] | None:
    """The causal value of `card` to the player who draws it: in the games of `cell` where one
    player drew it, that player's result (a win 1, a draw 1/2) minus the same seat's result on
    the same deal in `without` (the card taken out: a blank, or forbidden). Mean difference,
    its 95% interval and p-value (normal approximation), the number of such deals, and the
    share of them in which the drawer deployed or played it (`used`); for a King, the share of
    the deals its drawer deployed it in which a Spring '25 enhanced House Trait (the King's
    power under `kings=enhance`) changed play for the drawer (`power_used`; None for records
    without the count). `drawn_only`: see `_drawer_gains`."""
    row = _collect(
        _drawer_gains(lf, cell, without, card, drawn_only)
        .filter(pl.col("d").is_not_null())
        .select(
            *sums(d=pl.col("d"), v=pl.col("v"), b=pl.col("b")),
            n=pl.len(),
            used=pl.col("used").sum(),
            used_n=pl.col("used").count(),
            power_n=pl.col("power").filter(pl.col("used")).count(),
            power_used=pl.col("power").filter(pl.col("used")).sum(),
        )
    ).row(0, named=True)
    n = row["n"]
    if not n:
        return None
    d = Moments.of(row, "d")
    power = row["power_used"] / row["power_n"] if row["power_n"] else None
    return {
        "card": card,
        "n": n,
        "with": Moments.of(row, "v").mean,
        "without": Moments.of(row, "b").mean,
        "used": row["used"] / row["used_n"] if row["used_n"] else None,
        **({"power_used": power} if card.startswith("K") else {}),
        "value": d.mean,
        **_mean_interval(d.mean or 0.0, d.sd, n),
    }


def _gap_sd(
    n: int,
    na: int,
    nb: int,
    value: Fraction,
    base: Fraction,
    ma: Moments,
    mb: Moments,
    row: dict[str, Any],
) -> float | None:
    """The standard deviation over the deals of each deal's influence on the difference of
    two card values, (da - value ia) / (na / n) - (db - base ib) / (nb / n), exactly from the
    sums (da is 0 where ia is: a deal where the card was not drawn)."""
    if n < 2:
        return None
    pa, pb = Fraction(na, n), Fraction(nb, n)
    # sum (da - value ia)^2 = sum da^2 - value sum da (as value = sum da / na); the same for b.
    sq_a = Fraction(ma.ss, SCALE**2) - value * ma.total
    sq_b = Fraction(mb.ss, SCALE**2) - base * mb.total
    cross = (
        Fraction(row["ab"], SCALE**2)
        - base * Fraction(row["a_ib"], SCALE)
        - value * Fraction(row["ia_b"], SCALE)
        + value * base * row["ia_ib"]
    )
    # The influences sum to zero, so their sample variance is their sum of squares over n - 1.
    total = sq_a / pa**2 + sq_b / pb**2 - 2 * cross / (pa * pb)
    return math.sqrt(max(float(total / (n - 1)), 0.0))


def card_value_change(
    lf: pl.LazyFrame,
    cells: tuple[str, str],
    base_cells: tuple[str, str],
    card: str,
    drawn_only: bool = False,
) -> dict[str, Any] | None:
    """How much more `card` is worth to its drawer under one variant than under the baseline:
    `cells` and `base_cells` are each a variant's (with the card, without it), all four played
    on the same deals. See `card_value_gap`."""
    return card_value_gap(lf, (cells, card), (base_cells, card), drawn_only)


def card_value_gap(
    lf: pl.LazyFrame,
    a: tuple[tuple[str, str], str],
    b: tuple[tuple[str, str], str],
    drawn_only: bool = False,
) -> dict[str, Any] | None:
    """One card value minus another, on the same deals: `a` and `b` are each ((the cells with
    the card, without it), the card). The same card under two variants (`card_value_change`),
    or two cards under one variant (is the King of Diamonds worth more than the King of
    Spades?). The difference of the two card values over the deals all the cells played, with
    a 95% interval from each deal's share of both values (the delta method for a ratio of
    means: deals where one card was drawn and not the other count too), so that the common
    deals' shared luck cancels out. `drawn_only`: see `_drawer_gains`."""
    (cells, card), (base_cells, base_card) = a, b
    gains_a = _drawer_gains(lf, *cells, card, drawn_only).select("game", da="d")
    gains_b = _drawer_gains(lf, *base_cells, base_card, drawn_only).select("game", db="d")
    # The sums the interval needs, exact (twelfths), read in one pass over the deals.
    ia, ib = pl.col("da").is_not_null(), pl.col("db").is_not_null()
    da, db = pl.col("da").fill_null(0.0), pl.col("db").fill_null(0.0)
    row = _collect(
        gains_a.join(gains_b, on="game").select(
            *sums(a=da, b=db),
            n=pl.len(),
            na=ia.sum().cast(pl.Int64),
            nb=ib.sum().cast(pl.Int64),
            ab=product_sum("ab", da, db),
            a_ib=(whole(da) * ib.cast(pl.Int64)).sum(),
            ia_b=(ia.cast(pl.Int64) * whole(db)).sum(),
            ia_ib=(ia & ib).sum().cast(pl.Int64),
        )
    ).row(0, named=True)
    n, na, nb = row["n"], row["na"], row["nb"]
    if not n or not na or not nb:
        return None
    ma, mb = Moments.of(row, "a"), Moments.of(row, "b")
    value, base = ma.total / na, mb.total / nb
    sd = _gap_sd(n, na, nb, value, base, ma, mb, row)
    diff = float(value - base)
    value, base = float(value), float(base)
    return {
        "card": card,
        "other": base_card,
        # The deals the verdict rests on: those where the card was drawn, on the side with
        # fewer of them (`deals`: every deal the cells share).
        "n": int(min(na, nb)),
        "deals": n,
        "value": value,
        "base": base,
        "diff": diff,
        **_mean_interval(diff, sd, n),
    }
