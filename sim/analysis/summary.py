"""Per-cell summaries: results, seats, game length and endings, the pace and late game, the
advantage draw's chooser (`cells`); the game-length distributions; and per variant, the Kings
deployed and how their players fared (`kings`)."""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Callable
from typing import Any

import polars as pl

from sim.analysis.comparisons import BIG_ATTACKS, LATE_COLUMNS
from sim.analysis.frame import _collect, players, seat_columns, turn_order
from sim.analysis.names import KINGS, MAX_SEATS
from sim.analysis.stats import wilson
from sim.games import GameInfo


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
        if "late_cards_played" in names:
            # The late game's pace (records written before it lack the column).
            pace.append(pl.col("late_cards_played").sum().alias("late_cards_played"))
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
            rounds_mean=pl.col("rounds").mean(),
            turns_total=pl.col("turns").sum(),
        )
    )
    spread = {length: _spread(lf, length) for length in ("turns", "rounds")}
    result = {}
    for r in df.iter_rows(named=True):
        for length, by_cell in spread.items():
            r.update({f"{length}_{k}": v for k, v in by_cell[r["cell"]].items()})
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
                if "late_cards_played" in r:
                    r["late_pace"] = r["late_cards_played"] / late if late else 0.0
                led = r["late_led"]
                r["late_leader"] = (
                    interval(r["late_leader_won"] + r["late_leader_drawn"] / r["players"], led)
                    if led
                    else None
                )
        result[r["cell"]] = r
    return result


def _spread(lf: pl.LazyFrame, length: str) -> dict[str, dict[str, float]]:
    """Per cell, the median, 10th and 90th percentile of a game length (`turns` or `rounds`),
    from its games per value: a count a value streams where a median over every game would
    hold the column. The same numbers as polars' `median()` (the mean of the two middle games
    where their number is even) and `quantile(q)` (the game nearest (n - 1) * q, a half
    rounded up), as tests/test_summary.py checks."""
    counts = lengths(lf, length)
    out = {}
    for (cell,), part in counts.group_by("cell", maintain_order=True):
        values, n = part[length].to_list(), part["len"].to_list()
        at = _order_statistic(values, n)
        total = sum(n)
        middle = (total - 1) // 2
        out[cell] = {
            "median": float(at(middle) if total % 2 else (at(middle) + at(middle + 1)) / 2),
            "p10": float(at(_nearest((total - 1) * 0.1))),
            "p90": float(at(_nearest((total - 1) * 0.9))),
        }
    return out


def _nearest(x: float) -> int:
    """`x` rounded to the nearest whole number, a half away from zero (Rust's `f64::round`,
    which polars' `quantile` uses), not to the even one as Python's `round` does."""
    whole = math.floor(x)
    return whole + (x - whole >= 0.5)


def _order_statistic(values: list[int], counts: list[int]) -> Callable[[int], int]:
    """The function giving the `i`-th smallest (from 0) of a sample held as sorted distinct
    `values` and how many times each occurs."""
    ends = list(itertools.accumulate(counts))
    return lambda i: values[bisect.bisect_right(ends, i)]


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


def lengths(lf: pl.LazyFrame, length: str = "rounds") -> pl.DataFrame:
    """Games per (cell, `length`): the game-length distributions, in rounds or turns."""
    return _collect(lf.group_by("cell", length).len()).sort("cell", length)


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
    # A query a King: the four in one plan ran side by side, each holding its own partial
    # groups (a 100M-game report peaked at 579 MiB in this query; one at a time, 205).
    df = pl.concat([_collect(r) for r in rows])
    return df.with_columns(
        rate=(pl.col("won") + pl.col("drawn") / pl.col("players")) / pl.col("one_sided"),
        deployed_share=pl.col("deployed") / pl.col("games"),
        mean_round=pl.col("round_sum") / pl.col("round_n"),
    ).sort(*by, "king")
