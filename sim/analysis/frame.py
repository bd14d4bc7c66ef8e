"""The records as one polars frame, each game scored from the first agent's side (`scan`), one
cell's records of it, how a query is collected (in memory or streamed), and the expressions
for a game's seats: who sat where, how many played, each seat's result."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import polars as pl

from sim.analysis import stored
from sim.analysis.names import MAX_SEATS


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


# Games below this many, or below a number per cell (the cells not named: all their games).
Below = int | dict[str, int] | None


def scan(out: Path, games_below: Below = None, in_memory: bool = False) -> pl.LazyFrame:
    """All records, with each game scored from the cell's first agent's side (A): a win 1, no
    winner an even share (1/players), another seat's win 0. With `games_below`, only games
    0 .. games_below - 1 of each cell, or of each cell it names (what a stopping rule had seen
    at a look, whatever later chunks an interrupted run left on disk). `in_memory`: collect in
    memory however many games (a query whose result must be the same to the last bit)."""
    global _engine, _scanned
    lf = _below(stored.scan(str(out / "records" / "*" / "*.parquet")), games_below)
    games = lf.select(pl.len()).collect().item()
    _engine = "in-memory" if in_memory or games <= IN_MEMORY_GAMES else "streaming"
    scored = _scored(lf)
    _scanned = (scored, out / "records", games_below)
    return scored


def _below(lf: pl.LazyFrame, games_below: Below) -> pl.LazyFrame:
    if isinstance(games_below, dict):
        limit = pl.col("cell").replace_strict(
            games_below, default=pl.lit(2**62, pl.Int64), return_dtype=pl.Int64
        )
        return lf.filter(pl.col("game") < limit)
    return lf if games_below is None else lf.filter(pl.col("game") < games_below)


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
            return _scored(_below(stored.scan(str(folder / "*.parquet")), _scanned[2]))
    return lf.filter(pl.col("cell") == cell)


# Up to this many games a report's numbers are computed in memory (quicker for a small run);
# above it they are streamed, so that memory does not grow with the number of games. Both
# give the same numbers to the last bit: what is averaged is summed exactly (`moments`), where
# polars' streaming engine adds floating-point partial sums in the order its threads finish.
IN_MEMORY_GAMES = 200_000
_engine: Literal["in-memory", "streaming"] = "in-memory"
# The frame `scan` last returned, its records folder and its games limit (see `_cell`).
_scanned: tuple[pl.LazyFrame, Path, Below] | None = None


def _collect(lf: pl.LazyFrame) -> pl.DataFrame:
    return lf.collect(engine=_engine)
