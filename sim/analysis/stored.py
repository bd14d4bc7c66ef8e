"""How an experiment's records are stored in its chunk files, and read back as the records the
engine gave. A game's `seed` is not stored: it is `sim._core.game_seed(batch seed, game)`, 8
random bytes a game that no codec compresses, so a chunk stores the batch seed once, as the
constant column `batch_seed`, and a reader derives `seed` from it (docs/records.md)."""

from __future__ import annotations

import glob
import io
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import polars as pl

BATCH_SEED = "batch_seed"

F = TypeVar("F", pl.DataFrame, pl.LazyFrame)


def pack(df: pl.DataFrame, seed: int) -> pl.DataFrame:
    """A chunk's records as stored: `seed` replaced by the batch seed (a constant column),
    at the same place. Records without `seed`, or whose seeds are not the batch's, are stored
    as they are."""
    if "seed" not in df.columns:
        return df
    packed = df.with_columns(pl.lit(seed, dtype=pl.UInt64).alias("seed")).rename(
        {"seed": BATCH_SEED}
    )
    # Checked, not assumed: a chunk whose seeds read back otherwise keeps them.
    if not unpack(packed.select(BATCH_SEED, "game")).get_column("seed").equals(df["seed"]):
        return df
    return packed


def write(df: pl.DataFrame, target: str | Path | io.BytesIO) -> None:
    """Write a chunk's stored records (`pack`). Without Parquet statistics: ~2.5 bytes a game
    of minima and maxima that no reader needs (a filter on `game` reads the chunk either way)."""
    df.write_parquet(target, statistics=False)


def unpack(records: F) -> F:
    """Stored records (`pack`) as the engine gave them: `seed` derived from the batch seed and
    the game number. Records that store `seed` itself (written before) pass unchanged, and a
    scan of both kinds (`scan`: both columns, each null where the other is) keeps each."""
    names = records.collect_schema().names()
    if BATCH_SEED not in names:
        return records
    seed = pl.struct(BATCH_SEED, "game").map_batches(
        _game_seeds, return_dtype=pl.UInt64, is_elementwise=True
    )
    if "seed" in names:
        return records.with_columns(seed=pl.coalesce("seed", seed)).drop(BATCH_SEED)
    return records.with_columns(seed.alias(BATCH_SEED)).rename({BATCH_SEED: "seed"})


def scan(files: str, **options: Any) -> pl.LazyFrame:
    """Chunk files (a glob) read lazily as the engine's records. A run resumed by this version
    may hold chunks of both kinds: each is read with both seed columns, the missing one null."""
    paths = sorted(glob.glob(files))
    if not paths:
        return unpack(pl.scan_parquet(files, **options))
    schema = dict(pl.read_parquet_schema(paths[0]))
    if "seed" in schema or BATCH_SEED in schema:
        # Both, where the first file has either, `seed` first (the records' order).
        schema = {("seed" if n == BATCH_SEED else n): t for n, t in schema.items()}
        at = list(schema).index("seed") + 1
        items = list(schema.items())
        schema = dict([*items[:at], (BATCH_SEED, pl.UInt64()), *items[at:]])
    lf = pl.scan_parquet(files, schema=schema, missing_columns="insert", **options)
    return unpack(lf)


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
