"""Per-game records for people: the engine's coded columns (card masks, seat numbers) decoded
into card names and named seats and agents, beside the raw columns, and an experiment's records
read from its output folder. Every column is described in docs/records.md."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

import numpy as np
import polars as pl

from sim import games
from sim.analysis import frame, stored
from sim.analysis.names import CARDS

# Where an experiment's records are, under its output folder: one folder per cell, one Parquet
# file per chunk of games. Read with this glob (no Hive partitioning: cell folders are names,
# and the `cell` and `variant` columns say which cell a record is of).
RECORDS_GLOB = "records/*/*.parquet"

SEATS = ("P1", "P2", "P3", "P4")
# The two agents of a match-up: A is the first named (`agents[0]`, an experiment's first agent
# of the pair), B the second. A sits in seat `a_seat` (with two players, P2 when
# `seats_swapped`); B in every other seat.
SIDES = ("A", "B")

# The decoded columns every game's records get, in order, with their types.
DECODED: dict[str, pl.DataType] = {
    "winner_seat": pl.Utf8(),
    "winner_agent": pl.Utf8(),
    "first_seat": pl.Utf8(),
    "first_agent": pl.Utf8(),
    "agent_a": pl.Utf8(),
    "agent_b": pl.Utf8(),
    "winner_side": pl.Utf8(),
}
# Decoded from Houses-Skirmish's card columns: (decoded column, the raw column it reads).
CARD_COLUMNS: dict[str, str] = {
    f"{what}_{p}": f"{raw}_{p}"
    for what, raw in (
        ("drawn_cards", "drawn_mask"),
        ("deployed_cards", "deployed_mask"),
        ("deployed_kings", "kings"),
    )
    for p in ("p1", "p2", "p3", "p4")
}

F = TypeVar("F", pl.DataFrame, pl.LazyFrame)


def card_names(mask: pl.Expr) -> pl.Expr:
    """A card mask (bit i = the engine's card i) as the list of its cards' names, in card id
    order: Diamonds, Clubs, Hearts, Spades (each Ace to King), then the Black and Red Joker."""
    return mask.map_batches(_names, return_dtype=pl.List(pl.Utf8()), is_elementwise=True)


def _names(masks: pl.Series) -> pl.Series:
    """Each mask's card names, built as one list array from the masks' set bits (ten times
    faster than an expression per card)."""
    # Imported here: pyarrow (and the pandas it loads) is 100 MB and 0.4 s that every `sim`
    # command paid at start, for the decoded card columns alone.
    import pyarrow as pa

    names = pa.array(CARDS, type=pa.string())
    m = masks.to_numpy()
    bits = np.empty((len(m), len(CARDS)), dtype=bool)
    for i in range(len(CARDS)):
        bits[:, i] = (m & np.uint64(1 << i)) != 0
    _, cards = np.nonzero(bits)  # row by row, each row's cards in id order
    offsets = np.zeros(len(m) + 1, dtype=np.int64)
    np.cumsum(bits.sum(axis=1), out=offsets[1:])
    lists = pa.LargeListArray.from_arrays(pa.array(offsets), names.take(pa.array(cards)))
    return pl.Series(masks.name, lists, dtype=pl.List(pl.Utf8()))


def _card_list(text: pl.Expr) -> pl.Expr:
    """A comma-separated list of cards (`KD,KS`; empty for none) as a list of names."""
    return (
        pl.when(text == "").then(pl.lit([], dtype=pl.List(pl.Utf8))).otherwise(text.str.split(","))
    )


def _seat(code: pl.Expr) -> pl.Expr:
    """0 -> "P1", 1 -> "P2", ..., anything else (no winner: -1) -> null."""
    c = code.cast(pl.Int64)
    out = pl.lit(None, dtype=pl.Utf8)
    for k in reversed(range(len(SEATS))):
        out = pl.when(c == k).then(pl.lit(SEATS[k])).otherwise(out)
    return out


def _agent_in(code: pl.Expr, names: list[str]) -> pl.Expr:
    """The agent in seat `code` (0: P1, 1: P2, ...); null for no seat."""
    c = code.cast(pl.Int64)
    out = pl.lit(None, dtype=pl.Utf8)
    for k in reversed(range(len(SEATS))):
        if f"agent_p{k + 1}" in names:
            out = pl.when(c == k).then(pl.col(f"agent_p{k + 1}")).otherwise(out)
    return out


def decode(records: F) -> F:
    """`records` (of `sim.play_games`, `sim play --out` or an experiment) with the decoded
    columns added after the raw ones, which are kept: the winner and the first player as seats
    ("P1", "P2") and agents, the match-up's agents A and B and which of them won, and for
    Houses-Skirmish each player's drawn, deployed and King cards as lists of card names."""
    names = records.collect_schema().names()
    winner = pl.col("winner").cast(pl.Int64)
    a_seat = frame.a_seat(names)
    # B sits in every seat but A's: P2 when A is in P1, else P1.
    b_seat = pl.when(a_seat == 0).then(1).otherwise(0)
    columns = {
        "winner_seat": _seat(winner),
        "winner_agent": _agent_in(winner, names),
        "first_seat": _seat(pl.col("first_player")),
        "first_agent": _agent_in(pl.col("first_player"), names),
        "agent_a": _agent_in(a_seat, names),
        "agent_b": _agent_in(b_seat, names),
        "winner_side": pl.when(winner == a_seat)
        .then(pl.lit(SIDES[0]))
        .when(winner >= 0)
        .then(pl.lit(SIDES[1]))
        .otherwise(pl.lit(None, dtype=pl.Utf8)),
    }
    for name, raw in CARD_COLUMNS.items():
        if raw in names:
            # The masks are bits of card ids; the Kings column is already names, as text.
            masks = "_mask_" in raw
            columns[name] = card_names(pl.col(raw)) if masks else _card_list(pl.col(raw))
    return records.with_columns(**columns)


def decoded_schema(raw: dict[str, pl.DataType]) -> dict[str, pl.DataType]:
    """The columns `decode` adds to records whose columns are `raw`, with their types."""
    cards = {n: pl.List(pl.Utf8()) for n, r in CARD_COLUMNS.items() if r in raw}
    return {**DECODED, **cards}


def experiment_schema(game: str) -> dict[str, pl.DataType]:
    """The raw columns of an experiment's records of `game`: the game's records, then the
    cell and its variant."""
    return {**games.game(game).schema, "cell": pl.Utf8(), "variant": pl.Utf8()}


def stored_schema(game: str, seats: int = 2) -> dict[str, pl.DataType]:
    """The columns of an experiment's chunk files of `game` whose tables have at most `seats`
    seats, as a reader other than `sim` (polars, pandas, duckdb) sees them: `experiment_schema`
    with the batch seed where `seed` is, deployed cards packed, and no columns for the seats
    above `seats` (`stored.pack`)."""
    out: dict[str, pl.DataType] = {}
    for name, dtype in experiment_schema(game).items():
        m = stored.SEAT_COLUMN.match(name)
        if not (m and int(m.group(2)) > seats):
            out[stored.stored_name(name)] = dtype
    return out


def scan(out: Path, decoded: bool = True) -> pl.LazyFrame:
    """The records of an experiment's output folder, lazily (filter or select before collecting
    a large run), decoded unless `decoded` is False."""
    lf = stored.scan(str(out / RECORDS_GLOB), hive_partitioning=False)
    return decode(lf) if decoded else lf
