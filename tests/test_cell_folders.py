"""Cell folders: named so that pandas, pyarrow, duckdb and polars read an experiment's records
without inventing Hive partition columns, and runs begun with the old names resume in them."""

import hashlib
import json
from pathlib import Path

import duckdb
import pandas as pd
import polars as pl
import pyarrow.dataset as ds

import sim
from sim.running.experiment import CELL_ID_SCHEME, cell_id, load
from sim.running.records import stored_schema
from sim.running.runner import run

SWEEP = """\
name: sweep
question: Does the start rule change the first player's edge?
seed: 2
rules:
  sweep: {starting_player: [coin, advantage_draw], front_ranks: [4x2, 3x3]}
matchups:
  - [greedy, random]
games: 200
chunk_size: 100
"""


def _run(tmp_path: Path, text: str, out: str) -> Path:
    f = tmp_path / f"{out}.yaml"
    f.write_text(text)
    run(load(f, tmp_path / out), workers=1, quiet=True)
    return tmp_path / out


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_cell_ids_have_no_equals_sign_and_no_hidden_prefix():
    assert cell_id("starting_player=coin", ("greedy", "greedy")) == (
        "starting_player-coin__greedy-vs-greedy"
    )
    assert cell_id("kings=classic,front_ranks=3x3", ("search(iterations=50)", "random")) == (
        "kings-classic_front_ranks-3x3__search_iterations-50_-vs-random"
    )
    # pyarrow and pandas skip folders that start with '_' or '.' as hidden.
    assert cell_id("_base", ("greedy", "random")) == "v_base__greedy-vs-random"
    assert cell_id(".base", ("greedy", "random")) == "v.base__greedy-vs-random"
    # The scheme of runs that began before the manifest recorded one.
    assert cell_id("starting_player=coin", ("greedy", "greedy"), scheme=1) == (
        "starting_player=coin__greedy-vs-greedy"
    )


def test_a_sweeps_records_read_without_hive_columns_in_every_reader(tmp_path):
    out = _run(tmp_path, SWEEP, "o")
    folder = out / "records"
    names = sorted(p.name for p in folder.iterdir())
    assert names == [
        "starting_player-advantage_draw_front_ranks-3x3__greedy-vs-random",
        "starting_player-advantage_draw_front_ranks-4x2__greedy-vs-random",
        "starting_player-coin_front_ranks-3x3__greedy-vs-random",
        "starting_player-coin_front_ranks-4x2__greedy-vs-random",
    ]
    expected = list(stored_schema("houses"))
    glob = str(folder / "*" / "*.parquet")
    # polars turns Hive partitioning on by default for a folder, off for a glob.
    for frame in (pl.read_parquet(folder), pl.read_parquet(glob)):
        assert frame.columns == expected and frame.height == 800
    asked = pl.scan_parquet(folder, hive_partitioning=True).collect()
    assert asked.columns == expected
    # pandas reads a folder through pyarrow's dataset, Hive partitioning on.
    frame = pd.read_parquet(folder)
    assert list(frame.columns) == expected and len(frame) == 800
    dataset = ds.dataset(folder, format="parquet", partitioning="hive")
    assert dataset.schema.names == expected and dataset.count_rows() == 800
    # duckdb detects Hive partitions from the paths of a glob.
    rel = duckdb.sql(f"select * from read_parquet('{glob}')")
    assert rel.columns == expected and len(rel.fetchall()) == 800
    # The records say which cell they are of, in the names of the folders.
    cells = pl.read_parquet(glob, columns=["cell"])["cell"].unique().sort().to_list()
    assert cells == names


def test_a_variant_named_like_a_hidden_folder_is_read_by_pyarrow(tmp_path):
    text = SWEEP.replace(
        "  sweep: {starting_player: [coin, advantage_draw], front_ranks: [4x2, 3x3]}",
        "  variants:\n    - name: _base\n    - name: .classic\n      options: {kings: classic}",
    )
    out = _run(tmp_path, text, "o")
    assert sorted(p.name for p in (out / "records").iterdir()) == [
        "v.classic__greedy-vs-random",
        "v_base__greedy-vs-random",
    ]
    assert len(pd.read_parquet(out / "records")) == 400


def _as_scheme_1(out: Path) -> None:
    """Turn a run into what a sim that did not record `cell_id_scheme` wrote: folders and
    `cell` columns with '=' in them, each chunk's SHA-256 in the manifest."""
    m = json.loads((out / "manifest.json").read_text())
    ids = {c["id"]: cell_id(c["variant"], tuple(c["agents"]), scheme=1) for c in m["cells"]}
    chunks = {}
    for key, entry in m["chunks"].items():
        folder, name = key.split("/")
        old = out / "records" / key
        new = out / "records" / ids[folder] / name
        new.parent.mkdir(exist_ok=True)
        pl.read_parquet(old).with_columns(cell=pl.lit(ids[folder])).write_parquet(new)
        old.unlink()
        chunks[f"{ids[folder]}/{name}"] = {**entry, "sha256": _sha256(new)}
    for folder in ids:
        (out / "records" / folder).rmdir()
    for c in m["cells"]:
        c["id"] = ids[c["id"]]
    del m["cell_id_scheme"]
    (out / "manifest.json").write_text(json.dumps({**m, "chunks": chunks}))


def _records(out: Path) -> pl.DataFrame:
    return pl.read_parquet(out / "records" / "*" / "*.parquet").sort("variant", "game")


def test_a_run_begun_with_the_old_folder_names_resumes_in_them(tmp_path):
    f = tmp_path / "sweep.yaml"
    f.write_text(SWEEP)
    out = _run(tmp_path, SWEEP, "o")
    assert json.loads((out / "manifest.json").read_text())["cell_id_scheme"] == CELL_ID_SCHEME
    _as_scheme_1(out)
    whole = _records(out)
    old_names = sorted(p.name for p in (out / "records").iterdir())
    assert all("=" in name for name in old_names)

    # Finished: nothing to play, nothing moved.
    manifest, ran = run(load(f, out), workers=1, quiet=True)
    assert not ran and sorted(p.name for p in (out / "records").iterdir()) == old_names

    # Interrupted: a chunk missing, the run unfinished. It resumes in the same folders.
    m = json.loads((out / "manifest.json").read_text())
    lost = sorted(m["chunks"])[-1]
    (out / "records" / lost).unlink()
    old_ids = [c["id"] for c in m.pop("cells")]
    del m["chunks"][lost]
    (out / "manifest.json").write_text(json.dumps({**m, "status": "running"}))
    manifest, ran = run(load(f, out), workers=1, quiet=True)
    assert ran and manifest["games_played_this_run"] == 100
    assert manifest["cell_id_scheme"] == 1
    assert sorted(p.name for p in (out / "records").iterdir()) == old_names
    assert _records(out).equals(whole)
    assert [c["id"] for c in manifest["cells"]] == old_ids

    # --force plays it again under the new names.
    manifest, ran = run(load(f, out), workers=1, quiet=True, force=True)
    assert manifest["cell_id_scheme"] == CELL_ID_SCHEME
    assert not any("=" in p.name for p in (out / "records").iterdir())
    assert _records(out).drop("cell").equals(whole.drop("cell"))


def test_a_chunk_stores_the_batch_seed_and_the_records_read_each_games_seed(tmp_path):
    from sim._core import game_seed
    from sim.analysis import stored

    results = sim.run_experiment(
        {
            "name": "seeds",
            "question": "seeds",
            "seed": 7,
            "matchups": [["greedy", "random"]],
            "games": 300,
            "chunk_size": 100,
        },
        tmp_path / "out",
        workers=1,
        progress=False,
    )
    chunk = next((tmp_path / "out" / "records").rglob("*.parquet"))
    # The 8 random bytes a game are not in the file: the batch seed is, once a chunk.
    raw = pl.read_parquet(chunk)
    assert "seed" not in raw.columns and raw[stored.BATCH_SEED].unique().to_list() == [7]
    df = results.records(decoded=False)
    assert df.columns[:2] == ["game", "seed"]
    assert df["seed"].to_list() == [game_seed(7, g) for g in df["game"].to_list()]
    # A chunk written before, with its `seed` column, reads as it did.
    raw.pipe(stored.unpack).write_parquet(chunk)
    assert results.records(decoded=False).sort("game").equals(df.sort("game"))
