"""`sim run`: records, determinism, resume, the manifest and its checks of the records, stopping
rule, match-up settings, Dask, and the report of a run."""

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest
from conftest import records, sim, tiny_experiment, write

from sim.analysis.stats import wilson
from sim.reporting.report import build
from sim.running.experiment import load
from sim.running.runner import run

GOOD = tiny_experiment(3000, 1000)


def test_records_manifest_and_common_random_numbers(tmp_path):
    out = tmp_path / "out"
    manifest, ran = run(load(write(tmp_path, GOOD), out), workers=2, quiet=True)
    assert ran and manifest["status"] == "complete"
    df = records(out)
    assert df.height == 6000
    assert len(list((out / "records").glob("*/*.parquet"))) == 6, "one file per chunk"
    m = json.loads((out / "manifest.json").read_text())
    assert m["config"]["variants"]["classic"].startswith("houses(") and m["seed"] == 3
    assert [c["games"] for c in m["cells"]] == [3000, 3000]
    # Both cells play the same deals, and seats alternate.
    base, classic = (df.filter(pl.col("variant") == v) for v in ("base", "classic"))
    assert base["seed"].equals(classic["seed"])
    assert base["agent_p1"].to_list()[:2] == ["greedy", "random"]


def test_worker_count_does_not_change_the_records(tmp_path):
    exp_file = write(tmp_path, GOOD)
    run(load(exp_file, tmp_path / "w1"), workers=1, quiet=True)
    run(load(exp_file, tmp_path / "w2"), workers=2, quiet=True)
    assert records(tmp_path / "w1").equals(records(tmp_path / "w2"))


def test_rerun_does_nothing_changed_file_is_refused_force_reruns(tmp_path):
    f = write(tmp_path, GOOD)
    out = tmp_path / "out"
    sim("run", str(f), "--output", str(out), "--quiet")
    r = sim("run", str(f), "--output", str(out))
    assert "already complete (use --force to run again)" in r.stdout
    f.write_text(GOOD.replace("games: 3000", "games: 2000"))
    r = sim("run", str(f), "--output", str(out), check=False)
    assert r.returncode == 2
    assert "holds records of a different configuration" in r.stderr and "--force" in r.stderr
    assert "they differ in: games;" in r.stderr
    sim("run", str(f), "--output", str(out), "--force", "--quiet")
    assert records(out).height == 4000


def test_a_run_from_before_a_new_rule_option_is_kept_and_a_changed_one_named(tmp_path):
    f = write(tmp_path, GOOD.replace("games: 3000", "games: 1000"))
    out = tmp_path / "out"
    sim("run", str(f), "--output", str(out), "--quiet")
    before = records(out)
    current = json.loads((out / "manifest.json").read_text())["config_hash"]

    def from_before_the_option() -> None:
        """The manifest as a sim from before `split_deck_out` wrote it: its rule strings lack
        that option and every option added after it (each string ends in the registry's
        order), and its hash differs."""

        def old(rules: str) -> str:
            return rules[: rules.index(",split_deck_out=")] + ")"

        manifest = json.loads((out / "manifest.json").read_text())
        manifest["config"]["variants"] = {
            v: old(r) for v, r in manifest["config"]["variants"].items()
        }
        for cell in manifest["cells"]:
            cell["rules"] = old(cell["rules"])
        manifest["config_hash"] = "0" * 16
        (out / "manifest.json").write_text(json.dumps(manifest))

    # At their defaults the newer options play the same games: the run is kept, its rule
    # strings written again in full (the newest option included).
    full = [c["rules"] for c in json.loads((out / "manifest.json").read_text())["cells"]]
    from_before_the_option()
    stripped = [c["rules"] for c in json.loads((out / "manifest.json").read_text())["cells"]]
    assert all("split_deck_out" not in r and r.endswith(")") for r in stripped)
    r = sim("run", str(f), "--output", str(out))
    assert "already complete (use --force to run again)" in r.stdout
    adopted = json.loads((out / "manifest.json").read_text())
    assert adopted["config_hash"] == current
    assert [c["rules"] for c in adopted["cells"]] == full
    assert all(",split_deck_out=first_pile," in c["rules"] for c in adopted["cells"])
    assert records(out).equals(before)
    # A value changed in the file is refused, naming the option, both values and the variant,
    # and an option the old run did not know.
    f.write_text(f.read_text().replace("kings: classic", "kings: share_trait"))
    r = sim("run", str(f), "--output", str(out), check=False)
    assert r.returncode == 2
    assert "they differ in: variants (kings (classic -> share_trait in 'classic'));" in (r.stderr)
    # From before the option as well: the option, at its default, is not named as a change.
    from_before_the_option()
    r = sim("run", str(f), "--output", str(out), check=False)
    assert "they differ in: variants (kings (classic -> share_trait in 'classic'));" in (r.stderr)


def test_records_of_another_rules_version_are_refused_with_the_reason(tmp_path):
    f = write(tmp_path, GOOD.replace("games: 3000", "games: 1000"))
    out = tmp_path / "out"
    sim("run", str(f), "--output", str(out), "--quiet")
    # As if an older engine, whose rule readings differ, had written an unfinished run.
    m = json.loads((out / "manifest.json").read_text())
    m.update(status="running", rules_version=m["rules_version"] - 1, config_hash="older")
    m["config"]["rules_version"] -= 1
    (out / "manifest.json").write_text(json.dumps(m))
    r = sim("run", str(f), "--output", str(out), check=False)
    assert r.returncode == 2
    from sim import _core

    v = _core.RULES_VERSION
    assert (
        f"holds records played under rules version {v - 1}, and this sim plays rules version "
        f"{v}: the engine's behaviour changed between them" in r.stderr
    ), r.stderr
    assert "--force" in r.stderr
    r = sim("run", str(f), "--output", str(out), "--force", "--quiet")
    assert json.loads((out / "manifest.json").read_text())["rules_version"] == v


def test_killed_run_resumes_to_identical_records(tmp_path):
    text = GOOD.replace("games: 3000", "games: 200000").replace(
        "chunk_size: 1000", "chunk_size: 5000"
    )
    text = text.replace("[greedy, random]", "[random, random]")
    f = write(tmp_path, text)
    full, cut = tmp_path / "full", tmp_path / "cut"
    run(load(f, full), workers=2, quiet=True)
    p = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "sim.cli",
            "run",
            str(f),
            "--output",
            str(cut),
            "--quiet",
            "--workers",
            "1",
        ]
    )
    deadline = time.time() + 60
    while not list(cut.glob("records/*/*.parquet")) and time.time() < deadline:
        time.sleep(0.01)
    p.send_signal(signal.SIGKILL)
    p.wait()
    kept = len(list(cut.glob("records/*/*.parquet")))
    assert 0 < kept < 80, f"the run was cut part way ({kept} chunks kept)"
    r = sim("run", str(f), "--output", str(cut), "--quiet")
    assert records(cut).equals(records(full))
    assert "records:" in r.stdout


def test_ctrl_c_keeps_finished_chunks_and_says_how_to_resume(tmp_path):
    text = GOOD.replace("games: 3000", "games: 200000").replace(
        "[greedy, random]", "[random, random]"
    )
    f = write(tmp_path, text)
    out = tmp_path / "out"
    p = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "sim.cli",
            "run",
            str(f),
            "--output",
            str(out),
            "--quiet",
            "--workers",
            "1",
        ],
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.time() + 60
    while not list(out.glob("records/*/*.parquet")) and time.time() < deadline:
        time.sleep(0.01)
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 130
    assert "run the same command again to resume" in err
    assert list(out.glob("records/*/*.parquet"))


def test_stopping_rule_stops_each_cell_at_its_precision(tmp_path):
    text = GOOD.replace("games: 3000", "until: {ci_halfwidth: 0.02, max_games: 50000}")
    text = text.replace("  - [greedy, random]", "  - [greedy, random]\n  - [greedy, greedy]")
    f = write(tmp_path, text)
    run(load(f, tmp_path / "a"), workers=1, quiet=True)
    run(load(f, tmp_path / "b"), workers=2, quiet=True)
    df = records(tmp_path / "a")
    assert df.equals(records(tmp_path / "b"))
    games = dict(df.group_by("cell").len().iter_rows())
    # Greedy wins ~97% against random: a narrow interval comes quickly; greedy against
    # itself (~50%) needs about 2,400 games for +-0.02.
    assert games["base__greedy-vs-random"] == 1000
    assert 2000 <= games["base__greedy-vs-greedy"] <= 3000
    assert all(n % 1000 == 0 for n in games.values())


def test_matchup_max_games_and_chunk_size_apply_to_its_cells_only(tmp_path):
    # A slow match-up (e.g. search) gets its own cap and smaller chunks; records of its games
    # are the same games the experiment-wide chunking would play (same deals, same seeds).
    text = GOOD.replace(
        "  - [greedy, random]",
        "  - [greedy, random]\n  - {agents: [greedy, greedy], max_games: 1300, chunk_size: 400}",
    )
    f = write(tmp_path, text)
    run(load(f, tmp_path / "o"), workers=2, quiet=True)
    chunks = sorted(p.name for p in (tmp_path / "o/records/base__greedy-vs-greedy").iterdir())
    assert chunks == [f"chunk-{s:010d}.parquet" for s in (0, 400, 800, 1200)]
    games = dict(records(tmp_path / "o").group_by("cell").len().iter_rows())
    assert games == {
        "base__greedy-vs-random": 3000,
        "classic__greedy-vs-random": 3000,
        "base__greedy-vs-greedy": 1300,
        "classic__greedy-vs-greedy": 1300,
    }
    plain = GOOD.replace("[greedy, random]", "[greedy, greedy]").replace("3000", "1300")
    run(load(write(tmp_path, plain, "plain.yaml"), tmp_path / "p"), workers=1, quiet=True)
    cols = ["cell", "game", "seed", "winner", "turns"]
    assert (
        records(tmp_path / "o")
        .filter(pl.col("cell").str.contains("greedy-vs-greedy"))
        .select(cols)
        .equals(records(tmp_path / "p").select(cols))
    )


def test_resume_of_a_run_without_chunk_hashes_refuses_a_chunk_of_the_wrong_size(tmp_path):
    f = write(tmp_path, GOOD)
    run(load(f, tmp_path / "o"), workers=2, quiet=True)
    manifest = tmp_path / "o/manifest.json"
    m = json.loads(manifest.read_text())
    # As an interrupted run of a sim that did not record chunks' hashes left it.
    del m["chunks"]
    manifest.write_text(json.dumps({**m, "status": "running"}))
    chunk = tmp_path / "o/records/base__greedy-vs-random/chunk-0000001000.parquet"
    pl.read_parquet(chunk).head(10).write_parquet(chunk)
    r = sim("run", str(f), "--output", str(tmp_path / "o"), "--quiet", check=False)
    assert r.returncode == 2
    assert f"{chunk} holds 10 games where this configuration's chunk has 1000" in r.stderr
    assert "use --force" in r.stderr


def test_run_json_summary(tmp_path):
    r = sim("run", str(write(tmp_path, GOOD)), "--output", str(tmp_path / "o"), "--json", "--quiet")
    out = json.loads(r.stdout)
    cells = {c["cell"]: c for c in out["cells"]}
    c = cells["base__greedy-vs-random"]
    assert c["games"] == 3000 and c["wins_a"] + c["wins_b"] + c["draws"] == 3000
    assert c["ci95"][0] < c["win_rate_a"] < c["ci95"][1]
    assert c["first_player_ci95"][0] < c["first_player_win_rate"] < c["first_player_ci95"][1]
    assert c["no_winner_rate"] == c["draws"] / 3000 and not c["mirror"]
    # The answer to the question first: greedy's win rate against random, then the comparison.
    df = records(tmp_path / "o").filter(pl.col("cell") == "base__greedy-vs-random")
    a_won = ((pl.col("winner") == 0) & ~pl.col("seats_swapped")) | (
        (pl.col("winner") == 1) & pl.col("seats_swapped")
    )
    rate = df.select(a_won.mean()).item()
    assert out["answer"][0].startswith(f"greedy beats random under 'base': it wins {rate:.1%}")
    assert out["answer"][1].startswith(
        "Against 'base' (greedy v random), greedy's win rate: 'classic'"
    )
    assert [(m["measure"], m["variant"]) for m in out["measures"]] == [
        ("a_wins", "base"),
        ("a_wins", "classic"),
        ("rounds", "base"),
        ("rounds", "classic"),
    ]
    assert {c["measure"] for c in out["comparisons"]} == {"win_a", "rounds"}
    # A changed `answer:` applies to the finished run without playing it again.
    f = write(tmp_path, GOOD + "answer: {measures: [rounds]}\n")
    r = sim("run", str(f), "--output", str(tmp_path / "o"), "--json", "--quiet")
    assert json.loads(r.stdout)["answer"][0].startswith("Games last ")


def test_dask_local_cluster_writes_the_same_records(tmp_path):
    from distributed import LocalCluster

    f = write(tmp_path, GOOD)
    run(load(f, tmp_path / "local"), workers=2, quiet=True)
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        r = sim(
            "run",
            str(f),
            "--output",
            str(tmp_path / "dask"),
            "--backend",
            "dask",
            "--scheduler",
            cluster.scheduler_address,
            "--quiet",
        )
    assert "records:" in r.stdout
    assert records(tmp_path / "dask").equals(records(tmp_path / "local"))


def test_a_second_run_into_a_folder_in_use_is_refused(tmp_path):
    """Two runs into one folder at once would interleave chunks and manifests (a concurrent
    --force once left a run marked complete with games missing)."""
    import fcntl

    f = write(tmp_path, GOOD)
    done, fresh = tmp_path / "done", tmp_path / "fresh"
    sim("run", str(f), "--output", str(done), "--quiet")
    manifest = (done / "manifest.json").read_text()
    fresh.mkdir()
    for out, extra in ((fresh, []), (done, ["--force"])):
        with open(out / ".lock", "w") as held:  # as a run in progress holds it
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
            r = sim("run", str(f), "--output", str(out), "--quiet", *extra, check=False)
            assert r.returncode == 2
            assert r.stderr == (
                f"error: {out} is in use by another run (it holds {out / '.lock'}); wait "
                "for it to end, or use another --output\n"
            )
    assert not (fresh / "records").exists() and not (fresh / "manifest.json").exists()
    assert (done / "manifest.json").read_text() == manifest and records(done).height == 6000
    with open(done / ".lock", "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        r = sim("report", str(done), check=False)
        assert r.returncode == 2 and "is in use by another run" in r.stderr
    # Released (as when the other run ends or dies): the run goes ahead.
    sim("run", str(f), "--output", str(fresh), "--quiet")
    assert records(fresh).height == 6000


def test_chunk_temporary_files_are_unique_to_the_process(tmp_path):
    # Another process's temporary file at the old shared name must not be touched or block.
    out = tmp_path / "out"
    theirs = out / "records/base__greedy-vs-random/chunk-0000000000.parquet.tmp"
    theirs.mkdir(parents=True)
    run(load(write(tmp_path, GOOD), out), workers=2, quiet=True)
    assert records(out).height == 6000 and theirs.is_dir()


def _interrupted(out: Path) -> None:
    """Mark a finished run as an interrupted one (as a kill leaves it)."""
    m = json.loads((out / "manifest.json").read_text())
    m["status"] = "running"
    del m["cells"]
    (out / "manifest.json").write_text(json.dumps(m))


def test_each_chunk_is_recorded_with_its_hash_and_resume_replays_damaged_ones(tmp_path):
    import hashlib

    f = write(tmp_path, GOOD)
    clean, out = tmp_path / "clean", tmp_path / "out"
    run(load(f, clean), workers=2, quiet=True)
    run(load(f, out), workers=2, quiet=True)
    m = json.loads((out / "manifest.json").read_text())
    c0 = "base__greedy-vs-random/chunk-0000000000.parquet"
    data = (out / "records" / c0).read_bytes()
    # How long it took to play: the pace the report's "more games" are timed at.
    assert m["chunks"][c0].pop("seconds") >= 0
    assert m["chunks"][c0] == {
        "sha256": hashlib.sha256(data).hexdigest(),
        "rows": 1000,
        "first_game": 0,
    }
    assert len(m["chunks"]) == 6
    _interrupted(out)
    cell = out / "records/base__greedy-vs-random"
    a, b, c = (cell / f"chunk-{s:010d}.parquet" for s in (0, 1000, 2000))
    # Swap two chunks, cut a third; delete one of the other cell.
    a_bytes = a.read_bytes()
    a.write_bytes(b.read_bytes())
    b.write_bytes(a_bytes)
    pl.read_parquet(c).head(10).write_parquet(c)
    (out / "records/classic__greedy-vs-random/chunk-0000001000.parquet").unlink()
    r = sim("run", str(f), "--output", str(out), "--quiet")
    why = "does not match the SHA-256 recorded when it was written (altered, swapped or damaged)"
    assert r.stderr == "".join(
        f"note: {x} {why}: discarded; its games are played again\n" for x in (a, b, c)
    )
    assert records(out).equals(records(clean))
    assert sim("report", str(out)).returncode == 0
    # A file that is no chunk of this run is refused by name (the report would read it).
    _interrupted(out)
    stray = cell / "copy.parquet"
    stray.write_bytes(a.read_bytes())
    r = sim("run", str(f), "--output", str(out), "--quiet", check=False)
    assert r.returncode == 2
    assert r.stderr == (
        f"error: {stray} is not a chunk of this run (a stray or copied file?); move it out of "
        f"{out / 'records'}, or use --force to delete the records and start again\n"
    )


@pytest.mark.parametrize("damage", ["flip", "delete", "duplicate", "swap", "folder"])
def test_the_report_refuses_records_that_do_not_match_the_manifest(tmp_path, damage):
    f = write(tmp_path, GOOD)
    out = tmp_path / "out"
    run(load(f, out), workers=2, quiet=True)
    before = records(out)
    cell = out / "records/base__greedy-vs-random"
    a, b = cell / "chunk-0000000000.parquet", cell / "chunk-0000001000.parquet"
    if damage == "flip":  # one bit in the middle of the file
        data = bytearray(a.read_bytes())
        data[len(data) // 2] ^= 1
        a.write_bytes(bytes(data))
        bad, what = a, "does not match the SHA-256 recorded when it was written"
    elif damage == "delete":
        a.unlink()
        bad, what = a, "is missing"
    elif damage == "duplicate":
        bad = out / "records/classic__greedy-vs-random/chunk-0000000000 (copy).parquet"
        bad.write_bytes(a.read_bytes())
        what = "was not written by this run (a stray or copied file?)"
    elif damage == "folder":  # a folder where a chunk file was
        a.unlink()
        a.mkdir()
        bad, what = a, "is a folder, not a chunk file"
    else:
        a_bytes = a.read_bytes()
        a.write_bytes(b.read_bytes())
        b.write_bytes(a_bytes)
        bad, what = a, "does not match the SHA-256 recorded when it was written"
    r = sim("report", str(out), check=False)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.startswith(f"error: {bad} {what}")
    assert r.stderr.count("\n") == 1
    if damage == "duplicate":
        bad.unlink()
    else:
        if damage == "folder":
            a.rmdir()
        # The same command that wrote the run plays the damaged chunks again.
        sim("run", str(f), "--output", str(out), "--quiet")
        assert records(out).equals(before)
    assert sim("report", str(out)).returncode == 0


def test_force_deletes_only_records_that_sim_wrote(tmp_path):
    f = write(tmp_path, GOOD)
    out = tmp_path / "out"
    theirs = out / "records" / "notes.txt"
    theirs.parent.mkdir(parents=True)
    theirs.write_text("not sim's")
    r = sim("run", str(f), "--output", str(out), "--force", "--quiet", check=False)
    assert r.returncode == 2
    assert r.stderr == (
        f"error: {out / 'records'} was not written by sim (no manifest.json in {out} names "
        "it), so --force does not delete it; move it away, or use another --output\n"
    )
    assert theirs.read_text() == "not sim's"
    # A folder sim wrote is deleted and played again.
    other = tmp_path / "other"
    sim("run", str(f), "--output", str(other), "--quiet")
    r = sim("run", str(f), "--output", str(other), "--force", "--quiet")
    assert r.returncode == 0 and records(other).height == 6000


def test_report_of_a_cell_that_wins_every_game_with_dollars_in_its_name(tmp_path):
    # Wilson's upper bound for 10 wins in 10 is 0.9999999999999999 (an error bar of -1e-16,
    # which matplotlib rejects); `$...$` in a plot label is mathtext to matplotlib.
    text = GOOD.replace("    - name: base\n", "").replace("name: classic", "name: a $^$ b")
    text = text.replace("games: 3000", "games: 10").replace("chunk_size: 1000", "chunk_size: 10")
    text = text.replace("seed: 3", "seed: 1")  # greedy wins all ten of these deals
    out = tmp_path / "out"
    r = sim("run", str(write(tmp_path, text)), "--output", str(out), "--json", "--quiet")
    (cell,) = json.loads(r.stdout)["cells"]
    assert cell["variant"] == "a $^$ b" and cell["wins_a"] == 10 and wilson(10, 10)[1] < 1
    assert "a $^$ b" in (out / "index.html").read_text()


def test_report_of_an_interrupted_run_is_a_one_line_error(tmp_path):
    f = write(tmp_path, GOOD)
    out = tmp_path / "out"
    run(load(f, out), workers=2, quiet=True)
    _interrupted(out)
    r = sim("report", str(out), check=False)
    assert r.returncode == 2
    assert r.stderr == (
        f"error: {out} holds an unfinished run (interrupted?): run the same `sim run` "
        "command again to finish it, and it writes the report\n"
    )


@pytest.mark.parametrize(
    ("content", "what"),
    [
        (b'{"status": "comp', "damaged (not valid JSON: Unterminated string starting at"),
        (b'{"a": "\xe9"}', "damaged (not UTF-8 text)"),
        (b"[1, 2]", "not a manifest of sim (a JSON list, not an object)"),
    ],
)
def test_a_damaged_manifest_is_one_line_on_run_and_report(tmp_path, content, what):
    out = tmp_path / "out"
    out.mkdir()
    (out / "manifest.json").write_bytes(content)
    f = write(tmp_path, GOOD)
    fix = (
        "restore it from a backup, or move the folder away (or use another --output) to start again"
    )
    for args in (
        ["run", str(f), "--output", str(out)],
        ["run", str(f), "--output", str(out), "--force"],
        ["report", str(out)],
    ):
        r = sim(*args, check=False)
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
        assert r.stderr.startswith(f"error: {out}/manifest.json: {what}"), r.stderr
        assert r.stderr.endswith(f"; {fix}\n") and r.stderr.count("\n") == 1, r.stderr


def test_a_card_its_drawer_never_played_is_shown_as_never_played_not_valued(tmp_path):
    """Greedy never plays the old Jack of Clubs: its 'value' is zero by construction, so the
    report's card table says it was never played instead of calling it negligible."""
    text = (
        tiny_experiment(400, 400)
        .replace("options: {kings: classic}", "options: {jack_of_clubs: discard_random}")
        .replace("[greedy, random]", "[greedy, greedy]")
    )
    text += "impact: {cards: [JC], methods: [forbid]}\n"
    out = tmp_path / "out"
    run(load(write(tmp_path, text), out), workers=1, quiet=True)
    html = build(out).read_text()
    rows = re.findall(r'data-value="([^|]+)\|greedy\|JC\|forbid\|[^"]+">(.*?)</tr>', html, re.S)
    said = {variant: "never played (0.0% of the deals)" in row for variant, row in rows}
    assert said == {"base": False, "classic": True}


def test_a_manifest_matches_its_configuration_once_its_rule_strings_are_written_again(tmp_path):
    from sim.running.experiment import config_hash

    exp = load(write(tmp_path, GOOD), tmp_path / "out")
    old = json.loads(json.dumps(exp.resolved))
    old["variants"] = {
        v: r.replace(",self_block=defends_ally", "") for v, r in old["variants"].items()
    }
    assert exp.matches({"config_hash": config_hash(old), "config": old})
    # Another value of an option, or an option this sim does not know: another configuration.
    changed = dict(
        old,
        variants={
            v: r.replace("kings=classic", "kings=enhance") for v, r in old["variants"].items()
        },
    )
    assert not exp.matches({"config_hash": config_hash(changed), "config": changed})
    unknown = dict(
        old, variants={v: r.replace("life=40", "lives=40") for v, r in old["variants"].items()}
    )
    assert not exp.matches({"config_hash": config_hash(unknown), "config": unknown})
    assert not exp.matches({"config_hash": "0" * 16})


def test_a_python_agent_s_file_is_read_from_the_experiment_s_folder(root, tmp_path):
    """`python:agents/hoarder.py:Hoarder` in `study/exp.yaml` is `study/agents/hoarder.py`,
    from whatever folder `sim run` is started; the records and the config name it as written,
    so that they are the same on any machine."""
    study = tmp_path / "study"
    (study / "agents").mkdir(parents=True)
    hoarder = (root / "examples" / "python_agent.py").read_text()
    (study / "agents" / "hoarder.py").write_text(hoarder)
    name = "python:agents/hoarder.py:Hoarder"
    text = tiny_experiment(4, 2).replace("[greedy, random]", f"['{name}', greedy]")
    exp = write(study, text)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = sim("run", str(exp), "--output", str(tmp_path / "out"), "--quiet", cwd=elsewhere)
    assert done.returncode == 0, done.stderr
    df = records(tmp_path / "out")
    assert set(df["agent_p1"]) | set(df["agent_p2"]) == {name, "greedy"}
    config = json.loads((tmp_path / "out" / "manifest.json").read_text())["config"]
    assert config["matchups"][0]["specs"][0].startswith(f"{name}@sha256=")
    # Read from the current folder it would not be found: the experiment's folder is used.
    assert not (elsewhere / "agents").exists()


def test_a_reworded_question_keeps_the_run_and_updates_its_manifest(tmp_path):
    f = write(tmp_path, GOOD)
    out = tmp_path / "out"
    sim("run", str(f), "--output", str(out), "--quiet")
    before = records(out)
    question = yaml_question(GOOD)
    f.write_text(GOOD.replace(question, "Does greedy, the quick player, beat random?"))
    r = sim("run", str(f), "--output", str(out))
    assert r.returncode == 0 and "already complete" in r.stdout, r.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["question"] == "Does greedy, the quick player, beat random?"
    assert manifest["config"]["question"] == manifest["question"]
    assert records(out).equals(before)


def yaml_question(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("question:"))[10:]


def test_records_without_the_usage_counters_keep_the_draws_and_answer_the_same(tmp_path):
    text = GOOD.replace("games: 3000", "games: 2000")
    full, lean = tmp_path / "full", tmp_path / "lean"
    run(load(write(tmp_path, text), full), workers=2, quiet=True)
    f = write(tmp_path, text + "records: {usage: false}\n")
    exp = load(f, lean)
    # Left out of the hash where not given: a file without `records` keeps its runs.
    assert "records" not in load(write(tmp_path, text), full).resolved
    assert exp.resolved["records"] == {"usage": False}
    run(exp, workers=2, quiet=True)
    kept = [c for c in records(lean).columns if c.startswith(("arose_", "taken_"))]
    assert kept and all("_defer_" in c for c in kept)
    # The same games, every other column the same; the report's answer the same.
    a, b = records(full), records(lean)
    assert b.equals(a.select(b.columns))
    assert sum(p.stat().st_size for p in lean.rglob("*.parquet")) < 0.75 * sum(
        p.stat().st_size for p in full.rglob("*.parquet")
    )
    build(full)
    build(lean)
    answer = [json.loads((o / "answer.json").read_text())["sentences"] for o in (full, lean)]
    assert answer[0] == answer[1]
    bad = write(tmp_path, text + "records: {usage: 0, kept: all}\n")
    r = sim("validate", str(bad), check=False)
    assert r.returncode == 2
    assert "key 'records.usage': expected true or false, got 0" in r.stderr
    assert "key 'records.kept': unknown key; valid keys: usage" in r.stderr
