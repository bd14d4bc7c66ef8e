"""Chunk files store three things otherwise than the engine gives them (sim/analysis/stored.py):
each reads back exactly, at every table size, from files of both kinds at once, and a chunk
stores fewer bytes for it."""

import io

import numpy as np
import polars as pl
import pytest

import sim
from sim.analysis import stored


def records(players: int, n: int = 400, game: str = "houses") -> pl.DataFrame:
    rules = f"players={players}" if game == "houses" else ""
    df = sim.play_games(n, ("greedy", "random"), seed=11, rules=rules, swap_seats=True, game=game)
    return df.with_columns(cell=pl.lit("c"), variant=pl.lit("v"))


def size(df: pl.DataFrame) -> int:
    buffer = io.BytesIO()
    stored.write(df, buffer)
    return buffer.getbuffer().nbytes


def test_packing_a_mask_over_another_is_one_to_one_for_any_64_bits():
    rng = np.random.default_rng(3)
    full = np.uint64(2**64 - 1)
    mask = rng.integers(0, 2**63, 2000, dtype=np.uint64) << np.uint64(1) | np.uint64(1)
    within = rng.integers(0, 2**63, 2000, dtype=np.uint64) * np.uint64(3)
    within[:3] = [0, full, np.uint64(1) << np.uint64(63)]
    packed = stored.pack_mask(mask, within)
    assert (stored.unpack_mask(packed, within) == mask).all()
    # The bits within come first: a mask inside `within` packs below 2**popcount(within).
    inside, partial = mask[3:] & within[3:], within[3:]  # not the full mask: 1 << 64 wraps
    assert (stored.pack_mask(inside, partial) < np.uint64(1) << np.bitwise_count(partial)).all()
    assert stored.pack_mask(np.array([0b1010], np.uint64), np.array([0b1110], np.uint64)) == [0b101]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_chunk_reads_back_as_the_engines_records_at_every_table_size(players):
    df = records(players)
    for seats in (players, 4):
        packed = stored.pack(df, 11, seats)
        assert stored.unpack(packed).equals(df)
        # P3 and P4 are stored only where the run seats them; the deployed cards, packed.
        assert ("life_p3" in packed.columns) == (seats > 2)
        assert "deployed_packed_p1" in packed.columns and "deployed_mask_p1" not in packed.columns
        # A few bits (the extra ones: cards taken from another player), not ~50.
        assert packed["deployed_packed_p1"].median() < 2**30 < df["deployed_mask_p1"].median()


def test_a_two_player_chunk_stores_a_fifth_fewer_bytes_than_as_played():
    df = records(2, n=4000)
    assert size(stored.pack(df, 11, 2)) < 0.8 * size(df)


def test_a_chunk_whose_seat_columns_are_not_empty_keeps_them():
    df = records(3)
    # Told the run seats two, a chunk of three-player games keeps P3, whose columns hold values.
    packed = stored.pack(df, 11, 2)
    assert "life_p3" in packed.columns and stored.unpack(packed).equals(df)


def test_the_small_games_records_read_back_too():
    for game in ("battle_cards", "house_of_suits"):
        df = records(2, game=game)
        assert stored.unpack(stored.pack(df, 11, 2)).equals(df)


def test_a_scan_of_files_stored_both_ways_reads_every_game_as_played(tmp_path):
    df = records(2)
    # A run begun by a sim that stored the records as played, resumed by this one.
    df[:200].write_parquet(tmp_path / "chunk-0.parquet")
    stored.write(stored.pack(df[200:], 11, 2), tmp_path / "chunk-200.parquet")
    for name in ("chunk-0", "chunk-200"):
        assert pl.read_parquet(tmp_path / f"{name}.parquet").height == 200
    scanned = stored.scan(str(tmp_path / "*.parquet")).collect().sort("game")
    assert scanned.equals(df)
    # And the other way round: the first file, stored packed.
    (tmp_path / "chunk-0.parquet").rename(tmp_path / "chunk-9.parquet")
    assert stored.scan(str(tmp_path / "*.parquet")).collect().sort("game").equals(df)
