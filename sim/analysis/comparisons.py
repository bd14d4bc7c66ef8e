"""The numbers behind a report, computed from the Parquet records with polars. One function
per section."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any, Literal

import polars as pl

from sim.analysis.stats import wilson
from sim.games import GameInfo

KINGS = ["KD", "KC", "KH", "KS"]
# The most seats at a table (Houses-Skirmish's `players=4`), and their places in turn order.
MAX_SEATS = 4
ORDINALS = ("1st", "2nd", "3rd", "4th")
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
CARDS = [r + s for s in "DCHS" for r in RANKS] + ["BJ", "RJ"]  # index = engine card id


def a_seat(names: list[str] | None = None) -> pl.Expr:
    """The seat agent A sat in: the `a_seat` column, or in records from before it (two players
    only) 1 where the seats were swapped."""
    if names is not None and "a_seat" not in names:
        return pl.col("seats_swapped").cast(pl.Int64)
    return pl.col("a_seat").cast(pl.Int64)


def players(names: list[str]) -> pl.Expr:
    """How many played each game: the `players` column (Houses-Skirmish), else two."""
    return pl.col("players").cast(pl.Int64) if "players" in names else pl.lit(2, pl.Int64)


def turn_order(names: list[str]) -> pl.Expr:
    """The winner's place in turn order: 0 for the first player, 1 for the next, ...; null
    when no one won."""
    w = pl.col("winner").cast(pl.Int64)
    n = players(names)
    place = (w - pl.col("first_player").cast(pl.Int64) + n) % n
    return pl.when(w >= 0).then(place).otherwise(None)


def seat_columns(names: list[str], prefix: str) -> list[int]:
    """The seats (0, 1, ...) that have a `<prefix>_p<k>` column in records with `names`."""
    return [k for k in range(MAX_SEATS) if f"{prefix}_p{k + 1}" in names]


def seat_score(names: list[str], seat: pl.Expr | int) -> pl.Expr:
    """The result of the player in `seat`: a win 1, no winner an even share (1/players), a
    loss 0."""
    w = pl.col("winner").cast(pl.Int64)
    return pl.when(w == -1).then(1.0 / players(names)).otherwise((w == seat).cast(pl.Float64))


def scan(out: Path) -> pl.LazyFrame:
    """All records, with each game scored from the cell's first agent's side (A): a win 1, no
    winner an even share (1/players), another seat's win 0."""
    global _engine, _scanned
    lf = pl.scan_parquet(str(out / "records" / "*" / "*.parquet"))
    games = lf.select(pl.len()).collect().item()
    _engine = "in-memory" if games <= IN_MEMORY_GAMES else "streaming"
    scored = _scored(lf)
    _scanned = (scored, out / "records")
    return scored


def _scored(lf: pl.LazyFrame) -> pl.LazyFrame:
    names = lf.collect_schema().names()
    w = pl.col("winner").cast(pl.Int64)
    a_won = w == a_seat(names)
    return lf.with_columns(
        score_a=pl.when(w == -1).then(1.0 / players(names)).otherwise(a_won.cast(pl.Float64)),
        a_won=a_won,
        b_won=(w != -1) & ~a_won,
    )


def _cell(lf: pl.LazyFrame, cell: str) -> pl.LazyFrame:
    """The records of one cell. Of the frame `scan` made, its folder's files alone: a filter on
    `cell` opens every file of the run (kings_option2's 30 cells, 191 files: a card value took
    0.23 s that way, 0.05 s from its two folders)."""
    if _scanned is not None and lf is _scanned[0]:
        folder = _scanned[1] / cell
        if folder.is_dir():
            return _scored(pl.scan_parquet(str(folder / "*.parquet")))
    return lf.filter(pl.col("cell") == cell)


# Up to this many games a report's numbers are computed in memory, which gives the same
# records the same numbers to the last digit (polars' streaming engine adds a group's partial
# sums in the order its threads finish, so a rebuilt answer.json differed in the 16th digit).
# Above it they are streamed, so that memory does not grow with the number of games.
IN_MEMORY_GAMES = 5_000_000
_engine: Literal["in-memory", "streaming"] = "in-memory"
# The frame `scan` last returned and its records folder (see `_cell`).
_scanned: tuple[pl.LazyFrame, Path] | None = None


def _collect(lf: pl.LazyFrame) -> pl.DataFrame:
    return lf.collect(engine=_engine)


def interval(wins: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {"rate": wins / n if n else None, "lo": lo, "hi": hi, "n": n}


def cells(lf: pl.LazyFrame, info: GameInfo) -> dict[str, dict[str, Any]]:
    """Per cell: results, game length and endings (`by_<reason>` for each of the game's end
    reasons), first-player advantage, and, for a game with the pace section, the share of turns
    begun with at most one card in hand and the lead changes per game; where the records have
    them, the late game (games reaching round 6, their turns from then on and one-card turns,
    two-card draws, whether the lead at round 6 held) and the biggest attacks."""
    ends = [(pl.col("end_reason") == e).sum().alias(f"by_{e}") for e in info.end_reasons]
    names = lf.collect_schema().names()
    pace = (
        [
            pl.col("low_hand_turns").sum().alias("low_hand_turns"),
            pl.col("lead_changes").mean().alias("lead_changes"),
        ]
        if info.has("pace")
        else []
    )
    if info.has("pace") and "biggest_attack" in names:
        pace += [
            pl.col("biggest_attack").mean().alias("biggest_attack_mean"),
            pl.col("biggest_hit").mean().alias("biggest_hit_mean"),
            *[
                (pl.col("biggest_attack") >= t).mean().alias(f"attack_{t}_share")
                for t in BIG_ATTACKS
            ],
            pl.col("biggest_attack").max().alias("biggest_attack_max"),
        ]
    if info.has("pace") and LATE_COLUMNS <= set(names):
        # The late game (round 6 on): how many games reach it, its turns and its one-card
        # turns, and the games in which a late-game pace option drew two cards.
        late = pl.col("late_turns")
        drew_two = pl.col("two_card_draw_round")
        # The player alone ahead on life as round 6 began (seat + 1): did that lead hold?
        leader = pl.col("late_leader").cast(pl.Int64)
        won = pl.col("winner").cast(pl.Int64)
        pace += [
            (leader > 0).sum().alias("late_led"),
            ((leader > 0) & (won == leader - 1)).sum().alias("late_leader_won"),
            ((leader > 0) & (won == -1)).sum().alias("late_leader_drawn"),
            (late > 0).sum().alias("late_games"),
            late.sum().alias("late_turns"),
            pl.col("late_low_hand_turns").sum().alias("late_low_hand_turns"),
            (drew_two > 0).sum().alias("two_card_games"),
            drew_two.filter(drew_two > 0).mean().alias("two_card_round"),
        ]
    winner = pl.col("winner").cast(pl.Int64)
    df = _collect(
        lf.group_by("cell").agg(
            *ends,
            *pace,
            *_chooser_counts(names),
            games=pl.len(),
            players=players(names).max(),
            wins_a=pl.col("a_won").sum(),
            wins_b=pl.col("b_won").sum(),
            first_wins=(winner == pl.col("first_player").cast(pl.Int64)).sum(),
            **{f"order_wins_{k}": (turn_order(names) == k).sum() for k in range(MAX_SEATS)},
            draws=(pl.col("winner") == -1).sum(),
            turns_median=pl.col("turns").median(),
            turns_p10=pl.col("turns").quantile(0.1),
            turns_p90=pl.col("turns").quantile(0.9),
            rounds_median=pl.col("rounds").median(),
            rounds_mean=pl.col("rounds").mean(),
            rounds_p10=pl.col("rounds").quantile(0.1),
            rounds_p90=pl.col("rounds").quantile(0.9),
            turns_total=pl.col("turns").sum(),
        )
    )
    result = {}
    for r in df.iter_rows(named=True):
        n, draws = r["games"], r["draws"]
        # No winner: an even share to each seat (a half with two players).
        share = draws / r["players"]
        r["win_a"] = interval(r["wins_a"] + share, n)
        r["first"] = interval(r["first_wins"] + share, n)
        r["fair"] = 1 / r["players"]
        # By place in turn order (1st to play, 2nd, ...): who starts is drawn, so a seat
        # number says less than the order of play.
        r["seats"] = [interval(r[f"order_wins_{k}"] + share, n) for k in range(r["players"])]
        r["ends"] = {e: r[f"by_{e}"] for e in info.end_reasons}
        chose = r.get("chooser_games") or 0
        if chose:
            # The advantage draw's winner: how often it deferred, and how it fared.
            r["chooser"] = interval(r["chooser_wins"] + r["chooser_draws"] / r["players"], chose)
            r["deferred"] = r["chooser_deferred"] / chose
        if info.has("pace"):
            total = r["turns_total"]
            r["low_hand_share"] = r["low_hand_turns"] / total if total else 0
            if "late_turns" in r:
                reached, late = r["late_games"], r["late_turns"]
                r["late_share"] = reached / n
                # The late game's length in the games that reach it, and its one-card turns.
                r["late_turns_mean"] = late / reached if reached else 0.0
                r["late_low_share"] = r["late_low_hand_turns"] / late if late else 0.0
                led = r["late_led"]
                r["late_leader"] = (
                    interval(r["late_leader_won"] + r["late_leader_drawn"] / r["players"], led)
                    if led
                    else None
                )
        result[r["cell"]] = r
    return result


def _chooser_counts(names: list[str]) -> list[pl.Expr]:
    """Games in which a seat won the advantage draw and chose to start or defer (the `defer`
    decision arose for it), the chooser's wins and no-winner games, and how often it
    deferred; none for records without that decision (other games)."""
    seats = seat_columns(names, "arose_defer")
    if not seats:
        return []
    winner = pl.col("winner").cast(pl.Int64)
    chose = [pl.col(f"arose_defer_p{k + 1}") > 0 for k in seats]
    any_chose = pl.any_horizontal(chose)
    return [
        any_chose.sum().alias("chooser_games"),
        pl.sum_horizontal([(c & (winner == k)) for c, k in zip(chose, seats, strict=True)])
        .sum()
        .alias("chooser_wins"),
        (any_chose & (winner == -1)).sum().alias("chooser_draws"),
        pl.sum_horizontal([pl.col(f"taken_defer_p{k + 1}") > 0 for k in seats])
        .sum()
        .alias("chooser_deferred"),
    ]


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
    d = _collect(
        a.join(b, on="game")
        .with_columns(b=coin_result)
        .select(
            n=pl.len(),
            mean=(pl.col("v") - pl.col("b")).mean(),
            sd=(pl.col("v") - pl.col("b")).std(),
            v=pl.col("v").mean(),
            b=pl.col("b").mean(),
            deferred=pl.col("deferred").mean(),
        )
    ).row(0, named=True)
    n = d["n"]
    if not n:
        return None
    return {
        "n": n,
        "value": d["v"],
        "base": d["b"],
        "deferred": d["deferred"],
        "diff": d["mean"],
        **_mean_interval(d["mean"], d["sd"], n),
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
    coin = _collect(
        _cell(lf, coin_cell)
        .select(first=first)
        .select(
            n=pl.len(),
            start=pl.col("first").mean(),
            sd=pl.col("first").std(),
        )
    ).row(0, named=True)
    mine = _collect(chosen.select(v=pl.col("v").mean(), sd=pl.col("v").std(), n=pl.len())).row(
        0, named=True
    )
    if not coin["n"] or not mine["n"]:
        return None
    # Two players: the second mover scores what the first does not (a draw a half each).
    choice, rate = ("defer", 1 - coin["start"]) if coin["start"] < 0.5 else ("start", coin["start"])
    diff = mine["v"] - rate
    se = math.sqrt((mine["sd"] or 0) ** 2 / mine["n"] + (coin["sd"] or 0) ** 2 / coin["n"])
    # The better of the two fixed choices is picked from the same data it is compared with:
    # its interval is the Bonferroni one for both comparisons (97.5% each).
    z = FIXED_CHOICE_Z
    return {
        "choice": choice,
        "rate": rate,
        "rate_lo": rate - 1.96 * (coin["sd"] or 0) / math.sqrt(coin["n"]),
        "rate_hi": rate + 1.96 * (coin["sd"] or 0) / math.sqrt(coin["n"]),
        "n": coin["n"],
        "diff": diff,
        "lo": diff - z * se,
        "hi": diff + z * se,
    }


# The two-sided 97.5% normal quantile: two comparisons (always start, always defer) at 5% in all.
FIXED_CHOICE_Z = 2.2414


def lengths(lf: pl.LazyFrame) -> pl.DataFrame:
    """Games per (cell, rounds): the game-length distributions."""
    return _collect(lf.group_by("cell", "rounds").len()).sort("cell", "rounds")


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
# The record columns of the late game (Houses-Skirmish; records written before them lack them).
LATE_COLUMNS = {"late_turns", "late_low_hand_turns", "two_card_draw_round", "late_leader"}


def paired_difference(
    lf: pl.LazyFrame, cell: str, baseline: str, measure: str = "win_a"
) -> dict[str, Any] | None:
    """A measure in `cell` minus in `baseline`, game by game on the same deals (common random
    numbers): both means, the mean difference, its 95% interval, a two-sided p-value (normal
    approximation), and the share of deals whose winner changed."""
    names = lf.collect_schema().names()
    value = {
        "win_a": pl.col("score_a"),
        "first_won": seat_score(names, pl.col("first_player").cast(pl.Int64))
        if "first_player" in names
        else pl.lit(0.5),
        "first_house": seat_score(names, 0),
        "rounds": pl.col("rounds").cast(pl.Float64),
        "late_turns": pl.col("late_turns").cast(pl.Float64) if "late_turns" in names else None,
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
    if measure in REACHED:
        return _per_reached(measure, paired)
    d = _collect(
        paired.with_columns(d=pl.col("v") - pl.col("b")).select(
            n=pl.len(),
            mean=pl.col("d").mean(),
            sd=pl.col("d").std(),
            v=pl.col("v").mean(),
            b=pl.col("b").mean(),
            # The same deal won by another seat: how many games the rule changed at all.
            changed=(pl.col("wa") != pl.col("wb")).mean(),
        )
    ).row(0, named=True)
    n = d["n"]
    if not n:
        return None
    return {
        **_described(measure),
        "n": n,
        "value": d["v"],
        "base": d["b"],
        "diff": d["mean"],
        **_mean_interval(d["mean"], d["sd"], n),
        "changed": d["changed"] or 0.0,
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
    reached = (pl.col("b") > 0).cast(pl.Float64)
    s = _collect(
        paired.select(
            n=pl.len(),
            md=d.mean(),
            mi=reached.mean(),
            mb=pl.col("b").mean(),
            changed=(pl.col("wa") != pl.col("wb")).mean(),
        )
    ).row(0, named=True)
    n, share = s["n"], s["mi"] or 0.0
    if not n or not share:
        return None
    ratio = s["md"] / share
    sd = _collect(paired.select((d - ratio * reached).std())).item() or 0.0
    se = sd / (math.sqrt(n) * share)
    z = ratio / se if se > 0 else (0.0 if ratio == 0 else math.inf)
    p = math.erfc(abs(z) / math.sqrt(2)) if math.isfinite(z) else 0.0
    base = s["mb"] / share
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
        "changed": s["changed"] or 0.0,
    }


def _mean_interval(mean: float, sd: float | None, n: int) -> dict[str, Any]:
    """A mean difference's 95% interval and two-sided p-value (normal approximation)."""
    se = (sd or 0.0) / math.sqrt(n) if n > 1 else float("inf")
    z = mean / se if se > 0 else (0.0 if mean == 0 else math.inf)
    p = math.erfc(abs(z) / math.sqrt(2)) if math.isfinite(z) else 0.0
    return {"lo": mean - 1.96 * se, "hi": mean + 1.96 * se, "p": p, "noise": p >= 0.05}


KING_SCHEMA = {
    "king": pl.Utf8,
    "games": pl.UInt32,
    "players": pl.Int64,
    "one_sided": pl.UInt32,
    "won": pl.UInt32,
    "drawn": pl.UInt32,
    "deployed": pl.UInt32,
    "round_sum": pl.Int64,
    "round_n": pl.UInt32,
    "rate": pl.Float64,
    "deployed_share": pl.Float64,
    "mean_round": pl.Float64,
}


def kings(lf: pl.LazyFrame | None, by: tuple[str, ...] = ("variant",)) -> pl.DataFrame:
    """Per variant (or per `by` columns) and King: games where exactly one player deployed it,
    how often its player won them, how often it was deployed at all, and the round of its
    (first King) deployment. `None` (a game without Kings): an empty table."""
    if lf is None:
        return pl.DataFrame(schema={**{k: pl.Utf8 for k in by}, **KING_SCHEMA})
    names = lf.collect_schema().names()
    seats = seat_columns(names, "kings")
    winner = pl.col("winner").cast(pl.Int64)
    rows = []
    for k in KINGS:
        has = [pl.col(f"kings_p{s + 1}").str.contains(k) for s in seats]
        # Exactly one player deployed it; `holder` is that player's seat.
        count = pl.sum_horizontal([h.cast(pl.UInt8) for h in has])
        one = count == 1
        holder = pl.lit(None, dtype=pl.Int64)
        for s, h in reversed(list(zip(seats, has, strict=True))):
            holder = pl.when(h).then(s).otherwise(holder)
        solo = [pl.col(f"kings_p{s + 1}") == k for s in seats]
        rows.append(
            lf.group_by(*by).agg(
                king=pl.lit(k),
                games=pl.len(),
                players=players(names).max(),
                one_sided=one.sum(),
                won=(one & (winner == holder)).sum(),
                drawn=(one & (winner == -1)).sum(),
                deployed=(count > 0).sum(),
                round_sum=pl.sum_horizontal(
                    [
                        pl.when(x).then(pl.col(f"king_round_p{s + 1}")).otherwise(0)
                        for s, x in zip(seats, solo, strict=True)
                    ]
                ).sum(),
                round_n=pl.sum_horizontal([x.cast(pl.UInt32) for x in solo]).sum(),
            )
        )
    df = _collect(pl.concat(rows))
    return df.with_columns(
        rate=(pl.col("won") + pl.col("drawn") / pl.col("players")) / pl.col("one_sided"),
        deployed_share=pl.col("deployed") / pl.col("games"),
        mean_round=pl.col("round_sum") / pl.col("round_n"),
    ).sort(*by, "king")


# A game's score in whole units at any table of 2 to 4 (a draw's even share is 6, 4 or 3).
SCORE_UNITS = 12
# Below this many games a card's row is shown greyed and left out of the top ten.
CARD_MIN_GAMES = 200


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
    aggs = [pl.len().alias("n"), pl.col("score").sum().alias("w")]
    n_cards = 54 if jokers else 52
    for c in range(n_cards):
        bit = pl.lit(1 << c, dtype=pl.UInt64)
        dep = (pl.col("dep") & bit) != 0
        drew = (pl.col("drawn") & bit) != 0
        aggs += [
            dep.sum().alias(f"d{c}"),
            pl.when(dep).then(pl.col("score")).otherwise(0).sum().alias(f"dw{c}"),
            drew.sum().alias(f"g{c}"),
            pl.when(drew).then(pl.col("score")).otherwise(0).sum().alias(f"gw{c}"),
        ]
    wide = _collect(both.group_by(*by).agg(aggs)).sort(*by)
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


def split_group(variant: str) -> str:
    """A suit-split variant's name without its split: the rule set its pairings share (a
    sweep's "split_houses=D-S,spades_trait=stun" is "spades_trait=stun", and "stun,
    split_houses=D-S" is "stun")."""
    return re.sub(r"split_houses=[^,]*(, ?)?", "", variant).strip(", ") or "suit split"


def house_means(comparisons: list[dict[str, Any]], splits: dict[str, str]) -> list[dict[str, Any]]:
    """Suit-split variants: each House's average win rate against the Houses it meets (in two
    pairings or more), under one rule set against another, from the pairings' own paired
    comparisons (`first_house`, the win rate of P1's House, each pairing on its own deals).
    The pairings are played apart, so the average's variance is the sum of theirs over the
    number of pairings squared. `splits` names each variant's split ("D-S": P1 holds D)."""
    # (rule set, its reference, match-up) -> House -> [(+1 for P1's House, -1 for P2's, c)]
    by: dict[tuple[str, str, str, str], dict[str, list[tuple[int, dict[str, Any]]]]] = {}
    for c in comparisons:
        split = splits.get(c["variant"])
        if c["measure"] != "first_house" or not split:
            continue
        key = (split_group(c["variant"]), split_group(c["reference"]), c["agent_a"], c["agent_b"])
        first, second = split.split("-")
        for house, sign in ((first, 1), (second, -1)):
            by.setdefault(key, {}).setdefault(house, []).append((sign, c))
    means = []
    for (group, reference, a, b), per_house in by.items():
        for house, items in per_house.items():
            k = len(items)
            if k < 2:
                continue  # one pairing: its own comparison says it
            diff = sum(sign * c["diff"] for sign, c in items) / k
            se = math.sqrt(sum(((c["hi"] - c["lo"]) / (2 * 1.96)) ** 2 for _, c in items)) / k
            z = diff / se if se > 0 else (0.0 if diff == 0 else math.inf)
            p = math.erfc(abs(z) / math.sqrt(2)) if math.isfinite(z) else 0.0
            means.append(
                {
                    **_described("house_mean"),
                    "label": f"average win rate of {house} against the other Houses",
                    "house": house,
                    "pairings": k,
                    "variant": group,
                    "reference": reference,
                    "reference_label": reference,
                    "agent_a": a,
                    "agent_b": b,
                    "n": sum(c["n"] for _, c in items),  # paired games, every pairing's
                    "value": sum(_seat_rate(s, c["value"]) for s, c in items) / k,
                    "base": sum(_seat_rate(s, c["base"]) for s, c in items) / k,
                    "diff": diff,
                    "lo": diff - 1.96 * se,
                    "hi": diff + 1.96 * se,
                    "p": p,
                    "noise": p >= 0.05,
                    "changed": sum(c["changed"] for _, c in items) / k,
                    # Each pairing's change for this House (an average can hide pairings that
                    # move apart): the other House -> the pairing's variant (its comparison)
                    # and the change with its interval, from this House's side.
                    "by_pairing": {
                        _other(splits[c["variant"]], house): {
                            "variant": c["variant"],
                            "diff": sign * c["diff"],
                            "lo": c["lo"] if sign > 0 else -c["hi"],
                            "hi": c["hi"] if sign > 0 else -c["lo"],
                        }
                        for sign, c in items
                    },
                }
            )
    return means


def _other(split: str, house: str) -> str:
    """The House that `house` meets in the pairing `split` ("D-S")."""
    first, second = split.split("-")
    return second if house == first else first


def _seat_rate(sign: int, p1_rate: float) -> float:
    """A House's rate from P1's: P1's own when it sits there (+1), else one minus it."""
    return p1_rate if sign > 0 else 1 - p1_rate


def houses(cells_info: dict[str, dict[str, Any]], manifest: dict[str, Any]) -> list[dict]:
    """Suit-split variants: a House-against-House matrix of the win rate of the row House's
    player (draws half), one matrix per rule set apart from the split and per match-up (a
    House's strength depends on who plays it, and in a mixed match-up without seat swaps the
    seat's agent would be measured instead)."""
    # (group, match-up) -> (P1 House, P2 House) -> [(P1 seat win rate, games)]
    groups: dict[tuple[str, str], dict[tuple[str, str], list[tuple[float, int]]]] = {}
    names_of: dict[str, dict[str, None]] = {}
    for c in manifest.get("cells", []):
        rules = c["rules"]
        if "deck=suit_split" not in rules:
            continue
        split = rules.split("split_houses=")[1].split(",")[0].rstrip(")")
        h1, h2 = split.split("-")
        info = cells_info.get(c["id"])
        if not info or not info["games"]:
            continue
        # The record's winner is a seat: P1 holds h1 whatever agent sits there.
        group = rules.replace(f"split_houses={split}", "split_houses=*")
        a, b = c["agents"]
        matchup = a if a == b else f"{a} v {b}"
        names_of.setdefault(group, {})[split_group(c["variant"])] = None
        groups.setdefault((group, matchup), {}).setdefault((h1, h2), []).append(
            (info["p1_rate"], info["games"])
        )
    several = len({m for _, m in groups}) > 1
    result = []
    for (group, matchup), seen in groups.items():
        names: list[str] = sorted({h for pair in seen for h in pair}, key="DCHS".find)
        matrix: dict[str, dict[str, float | None]] = {r: dict.fromkeys(names) for r in names}
        games: dict[str, dict[str, int]] = {r: {} for r in names}
        for (h1, h2), measured in seen.items():
            n = sum(g for _, g in measured)
            rate = sum(r * g for r, g in measured) / n
            matrix[h1][h2] = rate
            games[h1][h2] = n
            if matrix[h2][h1] is None:
                matrix[h2][h1] = 1 - rate
                games[h2][h1] = n
        played = {h: sum(v is not None for v in matrix[h].values()) for h in names}
        mean = {
            h: sum(v for v in matrix[h].values() if v is not None) / max(1, played[h])
            for h in names
        }
        # The mean of independent pairings' rates: its standard error from theirs.
        mean_lo, mean_hi = {}, {}
        for h in names:
            k = max(1, played[h])
            var = sum(
                v * (1 - v) / games[h][o]
                for o, v in matrix[h].items()
                if v is not None and games[h].get(o)
            )
            half = 1.96 * math.sqrt(var) / k
            mean_lo[h], mean_hi[h] = max(0.0, mean[h] - half), min(1.0, mean[h] + half)
        label = " / ".join(names_of[group])
        if several:
            label = f"{label}, {matchup}"
        result.append(
            {
                "group": group,
                "matchup": matchup,
                # One agent in both seats: the rates measure the Houses, not the agents.
                "mirror": a == b,
                "label": label or group,
                "variants": " / ".join(names_of[group]),
                "houses": names,
                "matrix": matrix,
                "mean": mean,
                "mean_lo": mean_lo,
                "mean_hi": mean_hi,
                "games": {h: sum(games[h].values()) for h in names},
                "pair_games": games,
                "played": played,
                "best": max(mean.items(), key=lambda kv: kv[1])[0],
            }
        )
    return result


def p1_rates(lf: pl.LazyFrame) -> dict[str, float]:
    """Per cell: the win rate of the player in seat P1 (draws half)."""
    df = _collect(
        lf.group_by("cell").agg(
            rate=pl.when(pl.col("winner") == -1)
            .then(0.5)
            .otherwise((pl.col("winner") == 0).cast(pl.Float64))
            .mean()
        )
    )
    return dict(df.iter_rows())


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


def card_id(card: str) -> int:
    """The engine's id of a card written like `KS`, `10D` or `BJ` (its bit in the drawn
    masks): its place in CARDS."""
    return CARDS.index(card.upper())


def _drawer_gains(lf: pl.LazyFrame, cell: str, without: str, card: str) -> pl.LazyFrame:
    """Per deal played in both `cell` and `without` (the card taken out): `d`, the result of the
    player who drew `card` in `cell` (a win 1, no winner an even share) minus the same seat's
    result on the same deal in `without` (null when no one drew it; `v` and `b` are the two
    results), `used`, whether the drawer deployed or played it, and `power`, whether a
    Spring '25 enhanced House Trait changed play for the drawer in `cell` (records from
    2026-12-02 on; null before)."""
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
    return a.join(b, on="game").select(
        "game",
        "used",
        "power",
        v=pl.when(pl.col("holder").is_not_null()).then(pl.col("v")),
        b=without_result,
        d=pl.when(pl.col("holder").is_not_null()).then(pl.col("v") - without_result),
    )


def card_value(lf: pl.LazyFrame, cell: str, without: str, card: str) -> dict[str, Any] | None:
    """The causal value of `card` to the player who draws it: in the games of `cell` where one
    player drew it, that player's result (a win 1, a draw 1/2) minus the same seat's result on
    the same deal in `without` (the card taken out: a blank, or forbidden). Mean difference,
    its 95% interval and p-value (normal approximation), the number of such deals, and the
    share of them in which the drawer deployed or played it (`used`); for a King, the share of
    the deals its drawer deployed it in which a Spring '25 enhanced House Trait (the King's
    power under `kings=enhance`) changed play for the drawer (`power_used`; None for records
    without the count)."""
    d = _collect(
        _drawer_gains(lf, cell, without, card)
        .filter(pl.col("d").is_not_null())
        .select(
            n=pl.len(),
            mean=pl.col("d").mean(),
            sd=pl.col("d").std(),
            v=pl.col("v").mean(),
            b=pl.col("b").mean(),
            used=pl.col("used").mean(),
            power_used=pl.col("power").filter(pl.col("used")).mean(),
        )
    ).row(0, named=True)
    n = d["n"]
    if not n:
        return None
    return {
        "card": card,
        "n": n,
        "with": d["v"],
        "without": d["b"],
        "used": d["used"],
        **({"power_used": d["power_used"]} if card.startswith("K") else {}),
        "value": d["mean"],
        **_mean_interval(d["mean"], d["sd"], n),
    }


def card_value_change(
    lf: pl.LazyFrame,
    cells: tuple[str, str],
    base_cells: tuple[str, str],
    card: str,
) -> dict[str, Any] | None:
    """How much more `card` is worth to its drawer under one variant than under the baseline:
    `cells` and `base_cells` are each a variant's (with the card, without it), all four played
    on the same deals. See `card_value_gap`."""
    return card_value_gap(lf, (cells, card), (base_cells, card))


def card_value_gap(
    lf: pl.LazyFrame,
    a: tuple[tuple[str, str], str],
    b: tuple[tuple[str, str], str],
) -> dict[str, Any] | None:
    """One card value minus another, on the same deals: `a` and `b` are each ((the cells with
    the card, without it), the card). The same card under two variants (`card_value_change`),
    or two cards under one variant (is the King of Diamonds worth more than the King of
    Spades?). The difference of the two card values over the deals all the cells played, with
    a 95% interval from each deal's share of both values (the delta method for a ratio of
    means: deals where one card was drawn and not the other count too), so that the common
    deals' shared luck cancels out."""
    (cells, card), (base_cells, base_card) = a, b
    gains_a = _drawer_gains(lf, *cells, card).select("game", da="d")
    gains_b = _drawer_gains(lf, *base_cells, base_card).select("game", db="d")
    # Four numbers a deal: read the records once, then work on them in memory.
    joined = _collect(
        gains_a.join(gains_b, on="game").select(
            ia=pl.col("da").is_not_null().cast(pl.Float64),
            ib=pl.col("db").is_not_null().cast(pl.Float64),
            da=pl.col("da").fill_null(0.0),
            db=pl.col("db").fill_null(0.0),
        )
    )
    sums = joined.select(
        n=pl.len(),
        sa=pl.col("da").sum(),
        na=pl.col("ia").sum(),
        sb=pl.col("db").sum(),
        nb=pl.col("ib").sum(),
    ).row(0, named=True)
    n, na, nb = sums["n"], sums["na"], sums["nb"]
    if not n or not na or not nb:
        return None
    value, base = sums["sa"] / na, sums["sb"] / nb
    # Each deal's influence on the difference of the two means (each over its own deals).
    influence = (pl.col("da") - value * pl.col("ia")) / (na / n) - (
        pl.col("db") - base * pl.col("ib")
    ) / (nb / n)
    sd = joined.select(sd=influence.std()).item()
    diff = value - base
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
