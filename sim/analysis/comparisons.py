"""Comparisons on common deals: the measures variants are compared on and each one's paired
difference, whether a comparison agrees across match-ups, and what the advantage draw's choice
is worth against a coin."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import polars as pl

from sim.analysis.frame import _cell, _collect, players, seat_columns, seat_score
from sim.analysis.moments import SCALE, Moments, sums, whole

# Per-game measures that variants are compared on, game by game.
# measure -> (label, is it a rate, its unit)
MEASURES = {
    "win_a": ("first agent's win rate", True, "points"),
    "first_won": ("first player's win rate", True, "points"),
    # With decks split by suit, P1 holds the first House of the split whoever sits there.
    "first_house": ("win rate of the pairing's first House", True, "points"),
    # A House's average over the pairings it plays, under one rule set against another
    # (`house_means`; not a per-game measure).
    "house_mean": ("average win rate of a House against the other Houses", True, "points"),
    "rounds": ("rounds per game", False, "rounds"),
    # The late game's length: turns from round 6 on, per deal that reaches round 6 under the
    # reference (`REACHED`).
    "late_turns": ("turns from round 6 on", False, "turns"),
    # The slog as the notes name it, read on the deals whose games reach round 6 under both
    # rules (`BOTH_REACHED`): its pace (cards played from hand a turn from round 6 on), and how
    # far its outcome follows the position (the player alone ahead on life as round 6 began
    # wins) and the better player (the first agent's win rate, in a mixed match-up).
    "late_pace": ("cards played a turn from round 6 on", False, "cards"),
    "late_leader_won": ("win rate of the player ahead as round 6 began", True, "points"),
    "late_win_a": ("first agent's win rate in games that reach round 6", True, "points"),
    # How hard one attack can hit (the Summer '20 notes' "27/27 unit"): a game's biggest attack,
    # and whether it reached half the default life (20) or the notes' 10, 9 and 8 bonded (27).
    "biggest_attack": ("biggest attack per game", False, "damage"),
    "attack_20": ("games with an attack of 20 or more", True, "points"),
    "attack_27": ("games with an attack of 27 or more", True, "points"),
}
# The thresholds of the attack measures: half the default life (40), and the notes' "a 10, 9
# and 8 Blood Bonded together could remove nearly 3/4 of the opposing player's maximum life in
# one attack" (27).
BIG_ATTACKS = (20, 27)
# Measures read per deal that reaches the late game under the reference: the mean difference
# over all deals (no deal left out, so a rule that takes other games into round 6 counts)
# divided by the share of deals whose reference game reaches it (a ratio estimator; its
# interval by the delta method).
REACHED = {"late_turns"}
# Measures read on the deals whose games have them under both rules (a game that never
# reaches round 6 has no round-6 leader): each deal's difference where both do.
BOTH_REACHED = {"late_leader_won", "late_win_a"}
# Measures that are a ratio of two counts over the deals whose games have some of the second
# under both rules (`_ratio_difference`): the late game's pace is its cards played over its
# turns, all its turns counted alike.
RATIOS = {"late_pace": ("late_cards_played", "late_turns")}
# The record columns of the late game (Houses-Skirmish; records written before them lack them).
LATE_COLUMNS = {"late_turns", "late_low_hand_turns", "two_card_draw_round", "late_leader"}


def paired_difference(
    lf: pl.LazyFrame, cell: str, baseline: str, measure: str = "win_a"
) -> dict[str, Any] | None:
    """A measure in `cell` minus in `baseline`, game by game on the same deals (common random
    numbers): both means, the mean difference, its 95% interval, a two-sided p-value (normal
    approximation), and the share of deals whose winner changed."""
    names = lf.collect_schema().names()
    if measure in RATIOS:
        top, bottom = RATIOS[measure]
        if top not in names:
            return None  # records written before the measure's columns
        pair = [
            _cell(lf, c).select(
                "game", **{f"c{k}": pl.col(top), f"t{k}": pl.col(bottom), f"w{k}": pl.col("winner")}
            )
            for c, k in ((cell, "v"), (baseline, "b"))
        ]
        both = pair[0].join(pair[1], on="game").filter((pl.col("tv") > 0) & (pl.col("tb") > 0))
        return _ratio_difference(measure, both)
    value = {
        "win_a": pl.col("score_a"),
        "first_won": seat_score(names, pl.col("first_player").cast(pl.Int64))
        if "first_player" in names
        else pl.lit(0.5),
        "first_house": seat_score(names, 0),
        "rounds": pl.col("rounds").cast(pl.Float64),
        "late_turns": pl.col("late_turns").cast(pl.Float64) if "late_turns" in names else None,
        "late_leader_won": pl.when(pl.col("late_leader") > 0).then(
            seat_score(names, pl.col("late_leader").cast(pl.Int64) - 1)
        )
        if "late_leader" in names
        else None,
        "late_win_a": pl.when(pl.col("late_turns") > 0).then(pl.col("score_a"))
        if "late_turns" in names
        else None,
        "biggest_attack": pl.col("biggest_attack").cast(pl.Float64)
        if "biggest_attack" in names
        else None,
        **{
            f"attack_{t}": (pl.col("biggest_attack") >= t).cast(pl.Float64)
            if "biggest_attack" in names
            else None
            for t in BIG_ATTACKS
        },
    }[measure]
    if value is None:
        return None  # records written before the measure's columns
    # Records always have a winner; frames built for one measure (tests) may not.
    winner = pl.col("winner") if "winner" in lf.collect_schema().names() else pl.lit(0)
    a = _cell(lf, cell).select("game", v=value, wa=winner)
    b = _cell(lf, baseline).select("game", b=value, wb=winner)
    paired = a.join(b, on="game")
    if measure in BOTH_REACHED:
        paired = paired.drop_nulls(["v", "b"])
    if measure in REACHED:
        return _per_reached(measure, paired)
    row = _collect(
        paired.select(
            *sums(d=pl.col("v") - pl.col("b"), v=pl.col("v"), b=pl.col("b")),
            n=pl.len(),
            # The same deal won by another seat: how many games the rule changed at all.
            changed=(pl.col("wa") != pl.col("wb")).sum(),
        )
    ).row(0, named=True)
    n = row["n"]
    if not n:
        return None
    d = Moments.of(row, "d")
    return {
        **_described(measure),
        "n": n,
        "value": Moments.of(row, "v").mean,
        "base": Moments.of(row, "b").mean,
        "diff": d.mean,
        **_mean_interval(d.mean or 0.0, d.sd, n),
        "changed": row["changed"] / n,
    }


def _described(measure: str) -> dict[str, Any]:
    """A compared measure's name, label, whether it is a rate, and its unit."""
    label, rate, unit = MEASURES[measure]
    return {"measure": measure, "label": label, "rate": rate, "unit": unit}


def _per_reached(measure: str, paired: pl.LazyFrame) -> dict[str, Any] | None:
    """`measure`'s difference per deal whose reference game has any of it (`REACHED`): the mean
    difference over all deals over the share of such deals, R = mean(d) / mean(i); its
    variance by the delta method, var(d - R i) / (n mean(i)^2)."""
    d = pl.col("v") - pl.col("b")
    reached = (pl.col("b") > 0).cast(pl.Int64)
    s = _collect(
        paired.select(
            *sums(d=d, b=pl.col("b")),
            n=pl.len(),
            reached=reached.sum(),
            # d * reached in 12ths (reached is 0 or 1).
            d_reached=(whole(d) * reached).sum(),
            changed=(pl.col("wa") != pl.col("wb")).sum(),
        )
    ).row(0, named=True)
    n, hits = s["n"], s["reached"] or 0
    if not n or not hits:
        return None
    dm = Moments.of(s, "d")
    share = hits / n
    exact_ratio = Fraction(dm.s, SCALE * hits)
    ratio = float(exact_ratio)
    # var(d - R i), exactly from the sums: sum((d - R i)^2) = sum d^2 - 2 R sum(d i) + R^2 sum i.
    sq = (
        Fraction(dm.ss, SCALE**2)
        - 2 * exact_ratio * Fraction(s["d_reached"], SCALE)
        + exact_ratio**2 * hits
    )
    mean_r = (dm.total - exact_ratio * hits) / n
    var = (sq - n * mean_r**2) / (n - 1) if n > 1 else Fraction(0)
    sd = math.sqrt(max(float(var), 0.0))
    se = sd / (math.sqrt(n) * share)
    z = ratio / se if se > 0 else (0.0 if ratio == 0 else math.inf)
    p = math.erfc(abs(z) / math.sqrt(2)) if math.isfinite(z) else 0.0
    base = float(Moments.of(s, "b").total / hits)
    return {
        **_described(measure),
        "n": n,
        "reached": share,
        "value": base + ratio,
        "base": base,
        "diff": ratio,
        "lo": ratio - 1.96 * se,
        "hi": ratio + 1.96 * se,
        "p": p,
        "noise": p >= 0.05,
        "changed": s["changed"] / n,
    }


def _ratio_difference(measure: str, both: pl.LazyFrame) -> dict[str, Any] | None:
    """A ratio of counts (cards over turns) under the rule minus under the reference, over the
    same deals: R_v - R_b, each R the sum of one count over the sum of the other. Its interval
    by the delta method: each deal's linearised residual, (c_v - R_v t_v) / mean(t_v) -
    (c_b - R_b t_b) / mean(t_b), has mean 0 and variance w'Mw / (n - 1), M the sums of the
    four counts' products, all exact integers (the same to the last bit however read)."""
    cols = ("cv", "tv", "cb", "tb")
    products = [
        (pl.col(x).cast(pl.Int64) * pl.col(y).cast(pl.Int64)).sum().alias(f"{x}{y}")
        for i, x in enumerate(cols)
        for y in cols[i:]
    ]
    row = _collect(
        both.select(
            *[pl.col(x).cast(pl.Int64).sum().alias(x) for x in cols],
            *products,
            n=pl.len(),
            changed=(pl.col("wv") != pl.col("wb")).sum(),
        )
    ).row(0, named=True)
    n = row["n"]
    if not n or not row["tv"] or not row["tb"]:
        return None
    total = {x: Fraction(row[x] or 0) for x in cols}
    r_v, r_b = total["cv"] / total["tv"], total["cb"] / total["tb"]
    a, b = n / total["tv"], n / total["tb"]  # one over each mean number of turns
    w = {"cv": a, "tv": -a * r_v, "cb": -b, "tb": b * r_b}
    sq = sum(
        (1 if x == y else 2) * w[x] * w[y] * Fraction(row[f"{x}{y}"] or 0)
        for i, x in enumerate(cols)
        for y in cols[i:]
    )
    diff = float(r_v - r_b)
    var = sq / (n - 1) if n > 1 else Fraction(0)
    return {
        **_described(measure),
        "n": n,
        "value": float(r_v),
        "base": float(r_b),
        "diff": diff,
        **_mean_interval(diff, math.sqrt(max(float(var), 0.0)), n),
        "changed": row["changed"] / n,
    }


def _mean_interval(mean: float, sd: float | None, n: int) -> dict[str, Any]:
    """A mean difference's 95% interval and two-sided p-value (normal approximation)."""
    se = (sd or 0.0) / math.sqrt(n) if n > 1 else float("inf")
    z = mean / se if se > 0 else (0.0 if mean == 0 else math.inf)
    p = math.erfc(abs(z) / math.sqrt(2)) if math.isfinite(z) else 0.0
    return {"lo": mean - 1.96 * se, "hi": mean + 1.96 * se, "p": p, "noise": p >= 0.05}


def agreement(by_matchup: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Does one comparison (a `paired_difference` per match-up, keyed by a match-up label)
    give the same answer under every match-up? A match-up where the difference is within noise
    is only evidence against the others when its interval excludes their estimates: a search
    cell of 4,000 games cannot confirm a half-point effect found in 400,000 greedy games.

    Verdicts: `holds` (the same direction beyond noise everywhere, or noise everywhere),
    `reverses` (opposite directions beyond noise), `differs` (noise under some match-ups whose
    interval excludes the effect seen under the others), `unresolved` (noise under some
    match-ups that are too small to tell)."""
    real = {m: c for m, c in by_matchup.items() if not c["noise"]}
    noisy = {m: c for m, c in by_matchup.items() if c["noise"]}
    if len({c["diff"] > 0 for c in real.values()}) > 1:
        return {"verdict": "reverses", "text": "reverses with the agents", "which": []}
    if not real or not noisy:
        return {"verdict": "holds", "text": "holds", "which": []}
    # The noisy match-ups that rule out every effect seen elsewhere.
    excluding = [
        m
        for m, c in noisy.items()
        if all(not (c["lo"] <= r["diff"] <= c["hi"]) for r in real.values())
    ]
    if excluding:
        return {
            "verdict": "differs",
            "text": f"smaller or absent under {', '.join(excluding)}",
            "which": excluding,
        }
    which = list(noisy)
    return {
        "verdict": "unresolved",
        "text": f"not resolved under {', '.join(which)} (too few games to tell)",
        "which": which,
    }


def choice_value(lf: pl.LazyFrame, cell: str, coin_cell: str) -> dict[str, Any] | None:
    """What the advantage draw's choice is worth to the seat that won the draw: in the games of
    `cell` where a seat chose to start or defer, that seat's result (a win 1, no winner an even
    share) minus the same seat's on the same deal in `coin_cell` (the same rules with a coin
    deciding who starts). Only the opening hands are shared: the draw turns cards from the deck
    face up into the Barrows, so later draws differ too (noise, not bias). So this is the rule
    against a coin for the draw's winner, with the agent's own choices, not the choice alone.
    Mean difference, 95% interval and p-value (normal approximation), the number of such
    deals, and how often the seat deferred."""
    names = lf.collect_schema().names()
    seats = seat_columns(names, "arose_defer")
    if not seats:
        return None
    chooser = pl.lit(None, dtype=pl.Int64)
    deferred = pl.lit(False)
    for k in reversed(seats):
        chose = pl.col(f"arose_defer_p{k + 1}") > 0
        chooser = pl.when(chose).then(k).otherwise(chooser)
        deferred = pl.when(chose).then(pl.col(f"taken_defer_p{k + 1}") > 0).otherwise(deferred)
    a = (
        _cell(lf, cell)
        .with_columns(chooser=chooser, deferred=deferred)
        .filter(pl.col("chooser").is_not_null())
        .select("game", "chooser", "deferred", v=seat_score(names, pl.col("chooser")))
    )
    b = _cell(lf, coin_cell).select("game", w=pl.col("winner"), share=1.0 / players(names))
    coin_result = (
        pl.when(pl.col("w") == -1)
        .then(pl.col("share"))
        .otherwise((pl.col("w").cast(pl.Int64) == pl.col("chooser")).cast(pl.Float64))
    )
    row = _collect(
        a.join(b, on="game")
        .with_columns(b=coin_result)
        .select(
            *sums(d=pl.col("v") - pl.col("b"), v=pl.col("v"), b=pl.col("b")),
            n=pl.len(),
            deferred=pl.col("deferred").sum(),
        )
    ).row(0, named=True)
    n = row["n"]
    if not n:
        return None
    d = Moments.of(row, "d")
    return {
        "n": n,
        "value": Moments.of(row, "v").mean,
        "base": Moments.of(row, "b").mean,
        "deferred": row["deferred"] / n,
        "diff": d.mean,
        **_mean_interval(d.mean or 0.0, d.sd, n),
        "fixed": _fixed_choice(lf, a, coin_cell, names),
    }


def _fixed_choice(
    lf: pl.LazyFrame, chosen: pl.LazyFrame, coin_cell: str, names: list[str]
) -> dict[str, Any] | None:
    """Two players: the better of the two fixed choices (always start, always defer), read from
    the coin cell's first and second movers on the same deals, against the chooser's own
    results (`chosen`'s `v`). Not paired game by game (the coin's mover is the chooser's seat
    in half the deals only): the interval treats the two as independent samples, and allows
    for the choice of the better one. None at a larger table."""
    if "first_player" not in names:
        return None
    if "players" in names and _collect(lf.select(pl.col("players").max())).item() > 2:
        return None
    first = seat_score(names, pl.col("first_player").cast(pl.Int64))
    coin = Moments.of(_collect(_cell(lf, coin_cell).select(*sums(x=first))).row(0, named=True), "x")
    mine = Moments.of(_collect(chosen.select(*sums(x=pl.col("v")))).row(0, named=True), "x")
    if not coin.n or not mine.n:
        return None
    # Two players: the second mover scores what the first does not (a draw a half each).
    start = coin.mean or 0.0
    choice, rate = ("defer", 1 - start) if start < 0.5 else ("start", start)
    diff = (mine.mean or 0.0) - rate
    se = math.sqrt((mine.sd or 0) ** 2 / mine.n + (coin.sd or 0) ** 2 / coin.n)
    # The better of the two fixed choices is picked from the same data it is compared with:
    # its interval is the Bonferroni one for both comparisons (97.5% each).
    z = FIXED_CHOICE_Z
    return {
        "choice": choice,
        "rate": rate,
        "rate_lo": rate - 1.96 * (coin.sd or 0) / math.sqrt(coin.n),
        "rate_hi": rate + 1.96 * (coin.sd or 0) / math.sqrt(coin.n),
        "n": coin.n,
        "diff": diff,
        "lo": diff - z * se,
        "hi": diff + z * se,
    }


# The two-sided 97.5% normal quantile: two comparisons (always start, always defer) at 5% in all.
FIXED_CHOICE_Z = 2.2414
