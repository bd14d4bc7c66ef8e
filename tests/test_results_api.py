"""The notebook API: run an experiment from a file or a mapping, resume it, load its results
(decoded records, per-cell summary, answer) as polars and pandas DataFrames."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import polars as pl
import pytest
import yaml

import sim
from sim.analysis import stored
from sim.analysis.names import card_id
from sim.running.records import experiment_schema, stored_schema

EXPERIMENT = {
    "name": "tiny",
    "question": "Does greedy beat random, and does the classic King rule change that?",
    "seed": 3,
    "rules": {"variants": [{"name": "base"}, {"name": "classic", "options": {"kings": "classic"}}]},
    # Tuples stand for YAML's lists.
    "matchups": [("greedy", "random"), ("greedy", "greedy")],
    "games": 600,
    "chunk_size": 200,
}


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> sim.Results:
    out = tmp_path_factory.mktemp("api") / "tiny"
    return sim.run_experiment(EXPERIMENT, out, workers=2, progress=False)


def _cli_run(tmp_path: Path, out: Path) -> dict:
    f = tmp_path / "tiny.yaml"
    plain = json.loads(json.dumps(EXPERIMENT))  # tuples as lists, as a file has them
    f.write_text(yaml.safe_dump(plain, sort_keys=False))
    r = subprocess.run(
        [sys.executable, "-m", "sim", "run", str(f), "--output", str(out), "--json", "--quiet"],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(r.stdout)


def test_a_mapping_runs_as_sim_run_runs_the_same_file(finished, tmp_path):
    assert finished.ran and finished.complete
    assert repr(finished) == f"Results({str(finished.output)!r}: tiny, 4 cells, complete)"
    cli = _cli_run(tmp_path, tmp_path / "cli")
    mine = finished.records(decoded=False).sort("cell", "game")
    theirs = stored.unpack(pl.read_parquet(tmp_path / "cli" / "records" / "*" / "*.parquet"))
    assert mine.equals(theirs.sort("cell", "game"))
    assert mine.columns == list(experiment_schema("houses"))
    # The summary is the CLI's, its intervals as columns.
    summary = finished.summary()
    assert summary.height == 4
    for row, cell in zip(summary.iter_rows(named=True), cli["cells"], strict=True):
        assert row["cell"] == cell["cell"] and row["games"] == cell["games"] == 600
        assert [row["win_rate_a_lo"], row["win_rate_a_hi"]] == cell["ci95"]
        assert row["first_player_win_rate"] == cell["first_player_win_rate"]
        assert [row["no_winner_rate_lo"], row["no_winner_rate_hi"]] == cell["no_winner_ci95"]
    assert finished.answer["sentences"] == cli["answer"]
    assert finished.answer["table"] == cli["measures"]
    comparisons = finished.comparisons()
    assert comparisons.height == len(cli["comparisons"]) == 4
    diffs = [c["diff"] for c in cli["comparisons"]]
    assert comparisons["diff"].to_list() == pytest.approx(diffs, rel=1e-12, abs=1e-15)
    assert finished.report.exists()


def test_the_same_call_resumes_an_interrupted_run_and_a_finished_one_is_not_played_again(
    tmp_path,
):
    out = tmp_path / "o"
    first = sim.run_experiment(EXPERIMENT, out, progress=False)
    whole = first.records(decoded=False).sort("cell", "game")
    again = sim.run_experiment(EXPERIMENT, out, progress=False)
    assert not again.ran and again.records(decoded=False).sort("cell", "game").equals(whole)
    # Interrupted: a chunk lost, the run unfinished.
    m = json.loads((out / "manifest.json").read_text())
    lost = sorted(m["chunks"])[0]
    (out / "records" / lost).unlink()
    del m["chunks"][lost], m["cells"]
    (out / "manifest.json").write_text(json.dumps({**m, "status": "running"}))
    unfinished = sim.load_results(out, verify_records=False)
    assert not unfinished.complete and unfinished.records().height == 2400 - 200
    with pytest.raises(sim.RecordsError, match="holds an unfinished run"):
        unfinished.summary()
    resumed = sim.run_experiment(EXPERIMENT, out, progress=False)
    assert resumed.ran and resumed.manifest["games_played_this_run"] == 200
    assert resumed.records(decoded=False).sort("cell", "game").equals(whole)
    # Another configuration into the same folder is refused, as by `sim run`.
    with pytest.raises(sim.RunError, match="holds records of a different configuration"):
        sim.run_experiment({**EXPERIMENT, "games": 400}, out, progress=False)
    forced = sim.run_experiment({**EXPERIMENT, "games": 400}, out, progress=False, force=True)
    assert forced.ran and forced.summary()["games"].to_list() == [400] * 4


def test_a_file_path_runs_too_and_its_output_default_is_its_own(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    f = tmp_path / "tiny.yaml"
    f.write_text(yaml.safe_dump(json.loads(json.dumps({**EXPERIMENT, "games": 200}))))
    res = sim.run_experiment(str(f), progress=False)
    assert res.output == Path("reports/tiny") and res.manifest["experiment_file"] == str(f)
    assert sim.load_results("reports/tiny").summary()["games"].to_list() == [200] * 4


def test_an_invalid_mapping_lists_every_problem_by_its_key(tmp_path):
    bad = {**EXPERIMENT, "seed": -1, "gmes": 5, "matchups": [("greedy", "nobody")]}
    with pytest.raises(sim.ExperimentError) as e:
        sim.run_experiment(bad, tmp_path / "o")
    problems = e.value.problems
    # Named by key: a mapping has no lines.
    assert problems[0].startswith(
        "<experiment mapping>: key 'gmes': unknown key (did you mean 'games'?); valid keys: name,"
    )
    assert any(
        p.startswith("<experiment mapping>: key 'seed': expected an integer") for p in problems
    )
    assert any(p.startswith("<experiment mapping>: key 'matchups[0][1]': ") for p in problems)
    assert not (tmp_path / "o").exists()
    with pytest.raises(TypeError, match="expected a file's path or a mapping, got list"):
        sim.run_experiment([1, 2], tmp_path / "o")
    with pytest.raises(ValueError, match="backend: expected 'local' or 'dask', got 'spark'"):
        sim.run_experiment(EXPERIMENT, tmp_path / "o", backend="spark")


def test_decoded_records_name_cards_seats_and_agents(finished):
    df = finished.records()
    assert df.columns[: len(experiment_schema("houses"))] == list(experiment_schema("houses"))
    # Card masks as card names: the names give back the mask, bit for bit.
    for p in ("p1", "p2"):
        for what in ("drawn", "deployed"):
            masks = [
                sum(1 << card_id(c) for c in cards) for cards in df[f"{what}_cards_{p}"].to_list()
            ]
            assert masks == df[f"{what}_mask_{p}"].to_list()
        kings = [k.split(",") if k else [] for k in df[f"kings_{p}"].to_list()]
        assert df[f"deployed_kings_{p}"].to_list() == kings
    assert {c for cards in df["drawn_cards_p1"].to_list() for c in cards} <= set(
        f"{r}{s}" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for s in "DCHS"
    )
    # Seats and agents named.
    for r in df.iter_rows(named=True):
        seat = {0: "P1", 1: "P2", -1: None}[r["winner"]]
        assert r["winner_seat"] == seat
        assert r["winner_agent"] == {"P1": r["agent_p1"], "P2": r["agent_p2"], None: None}[seat]
        assert r["first_seat"] == ("P1", "P2")[r["first_player"]]
        assert r["first_agent"] == (r["agent_p1"], r["agent_p2"])[r["first_player"]]
        a, b = (
            (r["agent_p2"], r["agent_p1"]) if r["seats_swapped"] else (r["agent_p1"], r["agent_p2"])
        )
        assert (r["agent_a"], r["agent_b"]) == (a, b)
    # A's wins are the summary's.
    wins = df.group_by("cell").agg(wins_a=(pl.col("winner_side") == "A").sum())
    summary = finished.summary().join(wins, on="cell", suffix="_decoded")
    assert summary["wins_a"].to_list() == summary["wins_a_decoded"].to_list()
    assert df.filter(pl.col("cell") == "base__greedy-vs-random")[
        "winner_agent"
    ].value_counts().sort("winner_agent")["winner_agent"].to_list() == ["greedy", "random"]
    # Lazily, the same.
    assert (
        finished.scan()
        .filter(pl.col("winner_side") == "B")
        .collect()
        .equals(df.filter(pl.col("winner_side") == "B"))
    )


def test_records_summary_and_comparisons_convert_to_pandas(finished):
    df = finished.records()
    frame = df.to_pandas()
    assert isinstance(frame, pd.DataFrame) and list(frame.columns) == df.columns
    assert len(frame) == 2400
    assert frame["drawn_mask_p1"].dtype == "uint64"
    assert [list(x) for x in frame["drawn_cards_p1"]] == df["drawn_cards_p1"].to_list()
    assert frame["winner_seat"].tolist() == df["winner_seat"].to_list()
    summary = finished.summary().to_pandas()
    assert summary["games"].tolist() == [600] * 4
    assert finished.comparisons().to_pandas()["variant"].tolist() == ["classic"] * 4


def test_play_games_records_decode_in_every_game():
    houses = sim.decode_records(sim.play_games(50, ("greedy", "random"), seed=2, swap_seats=True))
    assert houses["drawn_cards_p1"].dtype == pl.List(pl.Utf8)
    assert houses.filter(pl.col("seats_swapped"))["agent_a"].unique().to_list() == ["greedy"]
    for game in ("battle_cards", "house_of_suits"):
        raw = sim.play_games(40, ("greedy", "random"), seed=2, game=game)
        df = sim.decode_records(raw)
        assert df.columns == raw.columns + [
            "winner_seat",
            "winner_agent",
            "first_seat",
            "first_agent",
            "agent_a",
            "agent_b",
            "winner_side",
        ]
        assert df["first_seat"].unique().to_list() == ["P1"]
        won = df.filter(pl.col("winner") >= 0)
        assert won["winner_agent"].to_list() == [
            (a, b)[w] for a, b, w in won.select("agent_p1", "agent_p2", "winner").iter_rows()
        ]
        assert df.filter(pl.col("winner") == -1)["winner_seat"].null_count() == (
            df.filter(pl.col("winner") == -1).height
        )


def test_load_results_checks_the_records_and_writes_a_missing_answer(tmp_path):
    with pytest.raises(sim.RunError, match="has no manifest.json: not the output folder of a run"):
        sim.load_results(tmp_path)
    out = tmp_path / "o"
    sim.run_experiment({**EXPERIMENT, "games": 200}, out, progress=False)
    written = json.loads((out / "answer.json").read_text())
    (out / "answer.json").unlink()
    res = sim.load_results(out)
    # The same answer (its intervals to the last bits of a float: polars' streaming sums)
    assert res.answer["sentences"] == written["sentences"]
    assert res.answer["table"] == written["table"]
    assert res.answer["sentences"][0].startswith("No edge beyond noise")
    chunk = sorted((out / "records").glob("*/*.parquet"))[0]
    pl.read_parquet(chunk).head(10).write_parquet(chunk)
    with pytest.raises(sim.RecordsError, match="does not match the SHA-256 recorded"):
        sim.load_results(out)


def test_the_public_api_is_exported_and_the_old_names_still_work():
    assert set(sim.__all__) >= {
        "AGENTS",
        "RULES_VERSION",
        "games",
        "canonical_rules",
        "play_games",
        "replay",
        "rule_options",
        "rule_presets",
        "scenario",
        "run_experiment",
        "load_results",
        "Results",
        "decode_records",
        "ExperimentError",
        "RunError",
        "RecordsError",
    }
    assert all(hasattr(sim, name) for name in sim.__all__)
    assert "greedy" in sim.AGENTS and sim.play_games(3).height == 3


def readme_example(root: Path) -> str:
    """The code block of the README's "Notebook / Python API" section."""
    text = (root / "README.md").read_text()
    section = text.split("## Notebook / Python API\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    assert len(blocks) == 1, "one example in the section"
    return blocks[0]


def test_the_readme_notebook_example_runs_and_does_what_it_says(root, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code = compile(readme_example(root), "README.md", "exec")
    first: dict = {}
    exec(code, first)
    results = first["results"]
    assert results.ran and results.complete and results.output == Path("reports/first_move")
    assert first["cells"]["games"].to_list() == [2000, 2000]
    assert first["games"].height == 4000 and "drawn_cards_p1" in first["games"].columns
    assert first["first_won"].height == 2 and first["first_won"]["first_won"].is_between(0, 1).all()
    assert isinstance(first["frame"], pd.DataFrame) and len(first["frame"]) == 4000
    assert first["again"].summary().equals(first["cells"])
    # Run again, as a notebook cell is: nothing is played, the same results come back.
    second: dict = {}
    exec(code, second)
    assert not second["results"].ran
    assert second["games"].equals(first["games"])
    # The records folder reads without invented columns, as the README says.
    raw = list(stored_schema("houses"))
    assert pl.read_parquet("reports/first_move/records").columns == raw
