"""How an experiment's records are stored in its chunk files, and read back as the records the
engine gave (docs/records.md, "Chunk files"). Three things are stored otherwise, each because it
cost bytes that carry nothing, and each is checked to read back exactly before a chunk is
written that way:

- a game's `seed` is `sim._core.game_seed(batch seed, game)`, 8 random bytes a game that no
  codec compresses: a chunk stores the batch seed once, as the constant column `batch_seed`;
- a player's deployed cards are nearly all cards they drew: `deployed_mask_pN` is stored as
  `deployed_packed_pN`, its bits over the drawn cards first, then those over the others
  (`pack_mask`), a number of a few bits where the mask had ~50;
- a seat no cell of the run has (P3 and P4 of a two-player run) holds the empty value in every
  row: its columns are not stored, and read back as that value.
"""

from __future__ import annotations

import glob
import io
import re
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import polars as pl
import pyarrow.parquet as pq

from sim import games

BATCH_SEED = "batch_seed"
DEPLOYED, DRAWN, PACKED = "deployed_mask_p", "drawn_mask_p", "deployed_packed_p"
# A per-seat column: its name without the seat, and the seat.
SEAT_COLUMN = re.compile(r"^(.*)_p(\d)$")

F = TypeVar("F", pl.DataFrame, pl.LazyFrame)


def pack(df: pl.DataFrame, seed: int, seats: int | None = None) -> pl.DataFrame:
    """A chunk's records as stored: the batch seed in `seed`'s place, deployed cards packed
    over the drawn ones, and no columns for the seats above `seats` (the most any cell of the
    run has; None keeps every seat). Whatever would not read back as `df` is stored as is."""
    packed = _pack_seed(df, seed)
    for name in df.columns:
        seat = name.removeprefix(DEPLOYED)
        if name.startswith(DEPLOYED) and f"{DRAWN}{seat}" in df.columns:
            mask = pack_mask(df[name].to_numpy(), df[f"{DRAWN}{seat}"].to_numpy())
            packed = packed.with_columns(pl.Series(name, mask, dtype=pl.UInt64)).rename(
                {name: f"{PACKED}{seat}"}
            )
    if seats is not None:
        packed = packed.drop(_empty_seats(packed, seats))
    # Checked, not assumed: records that would read back otherwise are stored as they are.
    return packed if unpack(packed).equals(df) else df


def write(df: pl.DataFrame, target: str | Path | io.BytesIO) -> None:
    """Write a chunk's stored records (`pack`). Through pyarrow, for what polars' writer does
    not set: no Arrow schema in the footer (2.3 bytes a game at 10,000 a chunk; the Parquet
    types read back the same), a dictionary for every column but the random-looking card masks
    and `game` (which counts up: delta-coded, 0.01 bytes a game where it took 1.9), zstd at
    level 1 (as small as level 3 on these small pages, and fast), no statistics (~2.5 bytes a
    game of minima and maxima that no reader needs)."""
    plain = {"game", *(n for n in df.columns if n.startswith((DRAWN, PACKED, DEPLOYED)))}
    pq.write_table(
        df.to_arrow(),
        target,
        compression="zstd",
        compression_level=1,
        write_statistics=False,
        store_schema=False,
        use_dictionary=[n for n in df.columns if n not in plain],
        column_encoding={"game": "DELTA_BINARY_PACKED"} if "game" in df.columns else None,
    )


def unpack(records: F, game: str | None = None) -> F:
    """Stored records (`pack`) as the engine gave them: `seed` derived from the batch seed and
    the game number, deployed cards unpacked, the seats not stored added with their empty
    values (of `game`, else the game the records name). Records stored otherwise (written
    before) pass unchanged, and a scan of both kinds (`scan`: each column of both forms, null
    where a file has the other) keeps each."""
    names = records.collect_schema().names()
    if BATCH_SEED in names:
        seed = pl.struct(BATCH_SEED, "game").map_batches(
            _game_seeds, return_dtype=pl.UInt64, is_elementwise=True
        )
        if "seed" in names:
            records = records.with_columns(seed=pl.coalesce("seed", seed)).drop(BATCH_SEED)
        else:
            records = records.with_columns(seed.alias(BATCH_SEED)).rename({BATCH_SEED: "seed"})
    for name in [n for n in names if n.startswith(PACKED)]:
        seat = name.removeprefix(PACKED)
        mask = pl.struct(name, f"{DRAWN}{seat}").map_batches(
            _unpacked, return_dtype=pl.UInt64, is_elementwise=True
        )
        if f"{DEPLOYED}{seat}" in names:
            mask = pl.coalesce(f"{DEPLOYED}{seat}", mask)
            records = records.with_columns(mask.alias(f"{DEPLOYED}{seat}")).drop(name)
        else:
            records = records.with_columns(mask.alias(name)).rename({name: f"{DEPLOYED}{seat}"})
    return _with_seats(records, game)


def scan(files: str, **options: Any) -> pl.LazyFrame:
    """Chunk files (a glob) read lazily as the engine's records. A run resumed by this version
    may hold chunks stored both ways: each file is read with both forms of a column (the
    missing one null) and every seat's columns (`unpack` fills them)."""
    paths = sorted(glob.glob(files))
    if not paths:
        return unpack(pl.scan_parquet(files, **options))
    first = dict(pl.read_parquet_schema(paths[0]))
    game = _game_of(paths[0], first)
    schema = _read_schema(first, games.game(game).seats if game else 2)
    lf = pl.scan_parquet(files, schema=schema, missing_columns="insert", **options)
    return unpack(lf, game)


def pack_mask(mask: np.ndarray, within: np.ndarray) -> np.ndarray:
    """`mask`'s bits at the set bits of `within`, in order, then its bits at the others above
    them: a one-to-one recoding of any 64-bit mask, short where `mask` lies mostly within."""
    low = _gather(mask, within)
    high = _gather(mask, ~within)
    count = np.bitwise_count(within).astype(np.uint64)
    # A shift by 64 is undefined: `within` full leaves nothing above.
    return low | np.where(count < 64, high << np.minimum(count, np.uint64(63)), np.uint64(0))


def unpack_mask(packed: np.ndarray, within: np.ndarray) -> np.ndarray:
    """The mask that `pack_mask(mask, within)` packed."""
    count = np.bitwise_count(within).astype(np.uint64)
    high = np.where(count < 64, packed >> np.minimum(count, np.uint64(63)), np.uint64(0))
    return _scatter(packed, within) | _scatter(high, ~within)


def _pack_seed(df: pl.DataFrame, seed: int) -> pl.DataFrame:
    if "seed" not in df.columns:
        return df
    return df.with_columns(pl.lit(seed, dtype=pl.UInt64).alias("seed")).rename({"seed": BATCH_SEED})


def _empty_value(name: str, dtype: pl.DataType) -> Any:
    """What a seat's column holds where the seat is not at the table (docs/records.md)."""
    if name.startswith("agent_p"):
        return None
    if dtype == pl.Utf8:
        return ""
    if dtype == pl.Boolean:
        return False
    return 0


def _empty_seats(df: pl.DataFrame, seats: int) -> list[str]:
    """The columns of seats above `seats` that hold their empty value in every row."""
    out = []
    for name, dtype in df.schema.items():
        m = SEAT_COLUMN.match(name)
        if m and int(m.group(2)) > seats and f"{m.group(1)}_p1" in df.columns:
            empty = _empty_value(name, dtype)
            column = df[name]
            if (column.is_null() if empty is None else column.eq_missing(empty)).all():
                out.append(name)
    return out


def _with_seats(records: F, game: str | None) -> F:
    """Records with each seat's columns up to the game's seats: a column that a seat lacks
    and P1 has is added with its empty value (a scan's inserted nulls filled with it), in the
    place the game's records give it."""
    names = records.collect_schema().names()
    if game is None:
        if not isinstance(records, pl.DataFrame) or "game_name" not in names or records.is_empty():
            return records
        game = str(records["game_name"][0])
    info = games.game(game)
    schema = records.collect_schema()
    fills = []
    for name in names:
        m = SEAT_COLUMN.match(name)
        if not m or m.group(2) != "1":
            continue
        for k in range(3, info.seats + 1):
            seat_name = f"{m.group(1)}_p{k}"
            empty = _empty_value(seat_name, schema[name])
            if seat_name not in schema:
                fills.append(pl.lit(empty, dtype=schema[name]).alias(seat_name))
            elif empty is not None:
                fills.append(pl.col(seat_name).fill_null(empty))
    if not fills:
        return records
    records = records.with_columns(fills)
    # The game's order, then the columns it does not name (an experiment's cell and variant).
    have = set(records.collect_schema().names())
    order = [n for n in info.schema if n in have]
    return records.select(order + [n for n in names if n not in set(order)])


def _read_schema(first: dict[str, pl.DataType], seats: int) -> dict[str, pl.DataType]:
    """The columns to scan chunk files with, from the first file's: each column in both its
    forms, the engine's first (a file stored the other way has the other), and each seat's
    columns up to `seats` after the seat before."""
    schema: dict[str, pl.DataType] = {}
    for name, dtype in first.items():
        m = SEAT_COLUMN.match(name)
        names = [name]
        if m and m.group(2) == "2":
            names += [f"{m.group(1)}_p{k}" for k in range(3, seats + 1)]
        for each in names:
            for form in _forms(each):
                schema.setdefault(form, dtype)
    return schema


def stored_name(name: str) -> str:
    """The name an engine's column has in a chunk file (`pack`)."""
    return _forms(name)[-1]


def _forms(name: str) -> list[str]:
    """A column's names in the engine's records and in a chunk file, the engine's first."""
    if name in ("seed", BATCH_SEED):
        return ["seed", BATCH_SEED]
    for prefix in (DEPLOYED, PACKED):
        if name.startswith(prefix):
            seat = name.removeprefix(prefix)
            return [f"{DEPLOYED}{seat}", f"{PACKED}{seat}"]
    return [name]


def _game_of(path: str, schema: dict[str, pl.DataType]) -> str | None:
    if "game_name" not in schema:
        return None
    names = pl.read_parquet(path, columns=["game_name"], n_rows=1)["game_name"]
    return str(names[0]) if len(names) else None


def _unpacked(pairs: pl.Series) -> pl.Series:
    names = pairs.struct.fields
    packed = pairs.struct.field(names[0])
    within = pairs.struct.field(names[1]).fill_null(0).to_numpy().astype(np.uint64)
    values = unpack_mask(packed.fill_null(0).to_numpy().astype(np.uint64), within)
    return pl.Series(pairs.name, values, dtype=pl.UInt64).scatter(
        np.flatnonzero(packed.is_null().to_numpy()), None
    )


def _byte_tables() -> tuple[np.ndarray, np.ndarray]:
    """For every byte `m` and `x`: `x`'s bits at `m`'s set bits, packed (extract), and
    `x`'s low bits placed at `m`'s set bits (deposit): the two operations a byte at a time."""
    extract = np.zeros((256, 256), dtype=np.uint64)
    deposit = np.zeros((256, 256), dtype=np.uint64)
    m = np.arange(256, dtype=np.uint64)[:, None]
    x = np.arange(256, dtype=np.uint64)[None, :]
    at = np.zeros((256, 1), dtype=np.uint64)
    for bit in np.arange(8, dtype=np.uint64):
        inside = (m >> bit) & 1
        extract |= ((x >> bit) & inside) << at
        deposit |= (((x >> at) & 1) & inside) << bit
        at += inside
    return extract, deposit


EXTRACT, DEPOSIT = _byte_tables()


def _gather(x: np.ndarray, m: np.ndarray) -> np.ndarray:
    """Bit extract (x86's PEXT) a row at a time: `x`'s bits at `m`'s set bits, packed from
    bit 0 up; a byte at a time through a table."""
    out = np.zeros(len(x), dtype=np.uint64)
    at = np.zeros(len(x), dtype=np.uint64)
    for shift in np.arange(0, 64, 8, dtype=np.uint64):
        mb = (m >> shift) & 0xFF
        out |= EXTRACT[mb, (x >> shift) & 0xFF] << at
        at += np.bitwise_count(mb).astype(np.uint64)
    return out


def _scatter(x: np.ndarray, m: np.ndarray) -> np.ndarray:
    """Bit deposit (x86's PDEP): `x`'s low bits, in order, at `m`'s set bits."""
    out = np.zeros(len(x), dtype=np.uint64)
    at = np.zeros(len(x), dtype=np.uint64)
    for shift in np.arange(0, 64, 8, dtype=np.uint64):
        mb = (m >> shift) & 0xFF
        # `at` is below 64 while bits remain to place (it counts `m`'s bits below this byte).
        out |= DEPOSIT[mb, (x >> np.minimum(at, np.uint64(63))) & 0xFF] << shift
        at += np.bitwise_count(mb).astype(np.uint64)
    return out


def _game_seeds(pairs: pl.Series) -> pl.Series:
    """`sim._core.game_seed(batch seed, game)` for each row, in numpy (the engine's
    `derive_seed` with the deal's stream, 0: SplitMix64's finaliser, twice over the base)."""
    base = pairs.struct.field(BATCH_SEED).fill_null(0).to_numpy().astype(np.uint64)
    game = pairs.struct.field("game").to_numpy().astype(np.uint64)
    with np.errstate(over="ignore"):
        return pl.Series(pairs.name, _mix(_mix(_mix(base) ^ game)), dtype=pl.UInt64)


def _mix(z: np.ndarray) -> np.ndarray:
    """SplitMix64's finaliser (crates/houses-engine/src/core/rng.rs `mix`), wrapping."""
    z = z + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))
