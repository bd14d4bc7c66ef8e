"""Issue #17's robustness: Ctrl-C during slow engine calls, a full disk, a folder that cannot be
written, an unreachable Dask scheduler, impossible positions. Each failure is one line and
exit code 2 (130 for Ctrl-C), nothing finished is lost, and no file is left half-written."""

import errno
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner
from conftest import records, tiny_experiment, write

import sim
from sim.cli import main
from sim.running.runner.files import size_text

# A match-up of greedy against random (two chunks, a fraction of a second), then one whose
# games take minutes each: a million simulations per decision.
SLOW = """\
name: slow
question: Does Ctrl-C stop a slow batch at once?
seed: 5
matchups:
  - [greedy, random]
  - ["search(iterations=1000000)", greedy]
games: 2
chunk_size: 1
"""


def sim_cli(*args: str, check: bool = False, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "sim.cli", *args], capture_output=True, text=True, check=check, **kw
    )


def leftovers(out: Path) -> list[Path]:
    """Temporary files left behind (none may be)."""
    return sorted(p for p in out.rglob("*.tmp"))


def interrupt(cmd: list[str], ready, timeout: float = 5) -> tuple[int, str, float]:
    """Start `cmd`, wait until `ready()`, send SIGINT (Ctrl-C); (exit code, stderr, seconds
    from the signal to the exit). Fails if the process has not exited `timeout` seconds after
    the signal: before issue #17 it went on until its batch ended (minutes here)."""
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 120
    while not ready() and time.time() < deadline and p.poll() is None:
        time.sleep(0.05)
    assert p.poll() is None, p.communicate()[1]
    time.sleep(0.5)  # well into the slow batch
    t0 = time.time()
    p.send_signal(signal.SIGINT)
    try:
        _, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        pytest.fail(f"still running {timeout} s after Ctrl-C")
    return p.returncode, err, time.time() - t0


def test_ctrl_c_stops_a_slow_search_batch_at_once_and_keeps_the_finished_chunks(tmp_path):
    f = write(tmp_path, SLOW)
    out = tmp_path / "out"
    fast = out / "records" / "default__greedy-vs-random"
    code, err, _ = interrupt(
        [sys.executable, "-m", "sim.cli", "run", str(f), "--output", str(out), "--workers", "1"],
        lambda: len(list(fast.glob("*.parquet"))) == 2,
    )
    assert (code, err) == (
        130,
        f"interrupted: finished chunks are kept in {out}; run the same command again to resume\n",
    )
    # The finished chunks are kept and recorded; the interrupted batch left nothing.
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["status"] == "running"
    assert sorted(manifest["chunks"]) == [
        "default__greedy-vs-random/chunk-0000000000.parquet",
        "default__greedy-vs-random/chunk-0000000001.parquet",
    ]
    assert sorted(p.name for p in (out / "records").rglob("*.parquet")) == [
        "chunk-0000000000.parquet",
        "chunk-0000000001.parquet",
    ]
    assert leftovers(out) == []
    # ... and they are the records an uninterrupted run writes (resuming is
    # test_killed_run_resumes_to_identical_records).
    whole = tmp_path / "whole"
    g = write(tmp_path, SLOW.replace('  - ["search(iterations=1000000)", greedy]\n', ""), "g.yaml")
    sim_cli("run", str(g), "--output", str(whole), "--quiet", check=True)
    assert records(out).equals(records(whole))


CHILD = """
import sys, time
import sim
t0 = time.time()
print("playing", flush=True)
try:
    sim.play_games(2, agents=("search(iterations=10000000)", "greedy"), seed=1, threads=1)
    print("finished")
except KeyboardInterrupt:
    print("KeyboardInterrupt")
# Nothing of the stop is left behind: the next batch plays every game, the same games.
sim.play_games(6, agents=("search(iterations=40)", "greedy"), seed=2, threads=2).write_parquet(
    sys.argv[1]
)
"""


def test_ctrl_c_interrupts_a_batch_in_python_and_the_next_batch_is_whole(tmp_path):
    p = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(tmp_path / "after.parquet")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert p.stdout is not None and p.stdout.readline() == "playing\n"
    time.sleep(1)
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        pytest.fail("the batch went on after Ctrl-C")
    assert (p.returncode, out, err) == (0, "KeyboardInterrupt\n", "")
    fresh = sim.play_games(6, agents=("search(iterations=40)", "greedy"), seed=2, threads=1)
    assert pl.read_parquet(tmp_path / "after.parquet").equals(fresh)


def test_ctrl_c_stops_a_slow_built_in_seat_against_a_python_agent(root, tmp_path):
    # The Python agent's game is played step by step, the built-in seat inside the engine
    # with the GIL held: Ctrl-C reaches it through the engine's check too.
    agent = f"python:{root / 'examples' / 'python_agent.py'}:Hoarder"
    started = tmp_path / "started"
    code, err, _ = interrupt(
        [
            sys.executable,
            "-c",
            "import pathlib, sys, sim; pathlib.Path(sys.argv[1]).touch(); "
            "sim.play_games(1, agents=(sys.argv[2], 'search(iterations=10000000)'), seed=3)",
            str(started),
            agent,
        ],
        started.exists,
    )
    assert code != 0 and err.rstrip().endswith("KeyboardInterrupt"), err


# Positions no game reaches: (the YAML, the one-line error after 'error: FILE: ').
IMPOSSIBLE = [
    (
        "players: {P1: {life: -5}, P2: {}}",
        "P1.life: -5 is not a life a game in progress has; valid: 1 to 40 (the starting life "
        "under these rules)",
    ),
    (
        "players: {P1: {front: [9C/8C/7C]}, P2: {}}",
        "P1.front: unit '9C/8C/7C' has 3 cards; a Blood Bond holds at most 2 under front_ranks=4x2",
    ),
    (
        "players: {P1: {front: [2C, 3C, 4C, 5C, 6C]}, P2: {}}",
        "P1.front: 5 units; the Front Ranks hold at most 4 under front_ranks=4x2",
    ),
    (
        "players: {P1: {rear: [KH, KS, KD, KC]}, P2: {}}",
        "P1.rear: 4 Kings (KH, KS, KD, KC); a player has one King in play at a time (a "
        "Doppelganger copying a King counts as one)",
    ),
    (
        "players: {P1: {hand: [BJ]}, P2: {}}",
        "card BJ (hand) is not in the deck: the rules have jokers=false: add jokers=true to rules",
    ),
    ("players: {P1: {hand: [7H, 7H]}}", "card 7H appears twice in the position"),
    (
        "rules: deck=suit_split\nplayers: {P1: {}}\ndeck: [7D]",
        "card 7D (deck) is not in the deck: under deck=suit_split the piles hold only the "
        "Houses of split_houses=S-H",
    ),
]


@pytest.mark.parametrize(("text", "message"), IMPOSSIBLE)
def test_scenario_refuses_impossible_positions_in_one_line(tmp_path, text, message):
    f = write(tmp_path, text + "\n", "position.yaml")
    r = CliRunner().invoke(main, ["scenario", str(f)])
    assert (r.exit_code, r.stderr, r.stdout) == (2, f"error: {f}: {message}\n", "")


GOOD = tiny_experiment(300, 100)
FIRST = "base__greedy-vs-random"


def resume_hint(out: Path) -> str:
    return (
        f"the chunks finished so far are kept in {out}: free space (or make the folder "
        "writable) and run the same command again to resume"
    )


def whole_run(tmp_path: Path, f: Path) -> pl.DataFrame:
    """The records of the experiment run start to end with nothing in the way."""
    whole = tmp_path / "whole"
    r = CliRunner().invoke(main, ["run", str(f), "--output", str(whole), "--quiet"])
    assert r.exit_code == 0, r.output
    return records(whole)


# What pyarrow's Parquet writer raises when it meets a full disk (pyarrow 26, seen on a full
# tmpfs), and an OSError worded as polars words one (a chunk written by polars, before).
PYARROW_FULL = "Error writing bytes to file. Detail: [errno 28] No space left on device"
# What polars raises there (polars 1.x: a ComputeError, not an OSError): `sim play --out`.
POLARS_FULL = "parquet: File out of specification: underlying IO error: No space left on device"
FULL_DISK = [
    pytest.param(lambda f: OSError(28, PYARROW_FULL), id="pyarrow"),
    pytest.param(lambda f: OSError(f"No space left on device (os error 28): {f}"), id="oserror"),
]


def fill_after(monkeypatch, chunks: int, error) -> None:
    """Chunk files write whole `chunks` times; then the disk fills part way through one (a
    partial temporary file left) and the writer raises `error(file)`."""
    real = pq.write_table
    written: list[str] = []

    def filling(table, file, *args, **kw):
        if not isinstance(file, (str, Path)):  # written to memory: no disk involved
            return real(table, file, *args, **kw)
        written.append(str(file))
        if len(written) <= chunks:
            return real(table, file, *args, **kw)
        Path(file).write_bytes(b"PAR1 half a chunk")
        raise error(file)

    monkeypatch.setattr(pq, "write_table", filling)


@pytest.mark.parametrize("error", FULL_DISK)
def test_a_full_disk_while_writing_a_chunk_is_one_line_and_loses_nothing(
    tmp_path, monkeypatch, error
):
    f = write(tmp_path, GOOD)
    out = tmp_path / "out"
    fill_after(monkeypatch, 2, error)
    r = CliRunner().invoke(main, ["run", str(f), "--output", str(out), "--quiet"])
    third = out / "records" / FIRST / "chunk-0000000200.parquet"
    assert r.exit_code == 2 and r.stdout == ""
    said = re.fullmatch(
        re.escape(f"error: cannot write {third}: No space left on device (the disk holding ")
        + re.escape(f"{out} is full: ")
        + r"[0-9.]+ (?:bytes|kB|MB|GB) free, and this chunk needs ([0-9.]+ (?:kB|MB))\); "
        + re.escape(resume_hint(out))
        + "\n",
        r.stderr,
    )
    assert said, r.stderr
    # The manifest is whole and lists exactly the two chunks in place; no half-written file.
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["status"] == "running"
    assert sorted(manifest["chunks"]) == [
        f"{FIRST}/chunk-0000000000.parquet",
        f"{FIRST}/chunk-0000000100.parquet",
    ]
    assert sorted(p.name for p in (out / "records").rglob("*")) == [
        FIRST,
        "chunk-0000000000.parquet",
        "chunk-0000000100.parquet",
    ]
    assert leftovers(out) == [] and not (out / "index.html").exists()
    # Space freed: the same command finishes the run, with the records of an unbroken one.
    monkeypatch.undo()
    r = CliRunner().invoke(main, ["run", str(f), "--output", str(out), "--quiet"])
    assert r.exit_code == 0, r.output
    assert records(out).equals(whole_run(tmp_path, f))
    # What it said the chunk needs is what its file took.
    assert said.group(1) == size_text(third.stat().st_size)


def test_a_disk_full_at_the_first_chunk_says_what_the_chunk_needs(tmp_path, monkeypatch):
    # A small chunk's file is mostly Parquet's metadata, many times its size in memory.
    f = write(tmp_path, GOOD.replace("chunk_size: 100", "chunk_size: 10"))
    out = tmp_path / "out"
    fill_after(monkeypatch, 0, lambda f: OSError(28, PYARROW_FULL))
    r = CliRunner().invoke(main, ["run", str(f), "--output", str(out), "--quiet"])
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.stderr
    assert leftovers(out) == [] and list((out / "records").rglob("*.parquet")) == []
    monkeypatch.undo()
    assert CliRunner().invoke(main, ["run", str(f), "--output", str(out), "--quiet"]).exit_code == 0
    first = out / "records" / FIRST / "chunk-0000000000.parquet"
    assert f", and this chunk needs {size_text(first.stat().st_size)}); " in r.stderr


def test_a_writer_error_that_is_not_the_disk_s_is_not_blamed_on_the_folder(tmp_path, monkeypatch):
    # A bug in what is written is shown whole (a traceback), not as "cannot write".
    f = write(tmp_path, GOOD)
    out = tmp_path / "out"

    def broken(table, file, *args, **kw):
        raise pa.ArrowInvalid("cannot write a column of type Object")

    monkeypatch.setattr(pq, "write_table", broken)
    r = CliRunner().invoke(main, ["run", str(f), "--output", str(out), "--quiet"])
    assert isinstance(r.exception, pa.ArrowInvalid)
    assert leftovers(out) == []


# A run big enough to fill the small disk below after its first chunk (about 80 kB a chunk of
# 1,000 greedy-against-random games with the usage columns).
FILLS = """\
name: fills
question: Does greedy beat random?
seed: 3
matchups:
  - [greedy, random]
games: 6000
chunk_size: 1000
"""


@pytest.fixture
def small_disk(tmp_path):
    """A 256 kB tmpfs at tmp_path/disk, and how to make it roomy (`remount(size)`); skipped
    where mounting is not permitted (not root, or a container without CAP_SYS_ADMIN)."""
    disk = tmp_path / "disk"
    disk.mkdir()

    def mount(*opts: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            ["mount", "-t", "tmpfs", *opts, "tmpfs", str(disk)], capture_output=True, text=True
        )

    if os.geteuid() != 0 or mount("-o", "size=256k").returncode != 0:
        pytest.skip("mounting a small tmpfs needs root (or CAP_SYS_ADMIN)")
    try:
        yield disk, lambda size: mount("-o", f"remount,size={size}")
    finally:
        subprocess.run(["umount", str(disk)], check=True)


def test_a_real_full_disk_is_one_line_and_resumes_to_identical_records(tmp_path, small_disk):
    disk, remount = small_disk
    f = write(tmp_path, FILLS)
    out = disk / "out"
    r = sim_cli("run", str(f), "--output", str(out), "--quiet")
    assert r.returncode == 2, r.stderr
    # The chunk or the manifest written before it is renamed, whichever meets the full disk.
    assert re.fullmatch(
        re.escape(f"error: cannot write {out}/")
        + r"\S+: No space left on device.*; "
        + re.escape(resume_hint(out))
        + "\n",
        r.stderr,
    ), r.stderr
    assert leftovers(out) == [] and len(list((out / "records").rglob("*.parquet"))) >= 1
    assert remount("16m").returncode == 0  # space freed
    r = sim_cli("run", str(f), "--output", str(out), "--quiet")
    assert r.returncode == 0, r.stderr
    assert records(out).equals(whole_run(tmp_path, f))


def test_a_parquet_write_that_lost_its_os_error_on_a_full_disk_is_a_full_disk(
    tmp_path, monkeypatch
):
    import collections
    import shutil

    from sim.running.runner.files import os_error

    # polars' words where the disk filled as it wrote a file's footer: no OS error in them.
    lost = pl.exceptions.ComputeError(
        "parquet: File out of specification: Invalid thrift: transport error"
    )
    usage = collections.namedtuple("usage", "total used free")
    monkeypatch.setattr(shutil, "disk_usage", lambda p: usage(10**9, 10**9 - 4096, 4096))
    error = os_error(lost, tmp_path / "chunk.parquet")
    assert error is not None and error.errno == errno.ENOSPC
    # With room left it is not the disk: the error is shown whole (a bug, not a folder).
    monkeypatch.setattr(shutil, "disk_usage", lambda p: usage(10**9, 0, 10**9))
    assert os_error(lost, tmp_path / "chunk.parquet") is None


def refuse_writes(monkeypatch, name: str, after: int, code: int) -> None:
    """Make the `after`+1-th and later writes of a file named `name` fail with `code` (through
    its temporary file, as every file of a run is written)."""
    real = Path.write_text
    seen: list[Path] = []

    def write_text(self, *args, **kw):
        if self.name.startswith(f"{name}."):
            seen.append(self)
            if len(seen) > after:
                raise OSError(code, os.strerror(code), str(self))
        return real(self, *args, **kw)

    monkeypatch.setattr(Path, "write_text", write_text)


def test_a_full_disk_while_writing_the_manifest_is_one_line_and_loses_nothing(
    tmp_path, monkeypatch
):
    f = write(tmp_path, GOOD)
    out = tmp_path / "out"
    # The manifest is written at the start and before each chunk is renamed into place.
    refuse_writes(monkeypatch, "manifest.json", 3, errno.ENOSPC)
    r = CliRunner().invoke(main, ["run", str(f), "--output", str(out), "--quiet"])
    assert (r.exit_code, r.stderr) == (
        2,
        f"error: cannot write {out / 'manifest.json'}: No space left on device; "
        f"{resume_hint(out)}\n",
    )
    manifest = json.loads((out / "manifest.json").read_text())
    assert sorted(manifest["chunks"]) == sorted(
        p.relative_to(out / "records").as_posix() for p in (out / "records").rglob("*.parquet")
    )
    assert len(manifest["chunks"]) == 2 and leftovers(out) == []
    monkeypatch.undo()
    r = CliRunner().invoke(main, ["run", str(f), "--output", str(out), "--quiet"])
    assert r.exit_code == 0, r.output
    assert records(out).equals(whole_run(tmp_path, f))


def test_a_report_that_cannot_be_written_is_one_line_and_leaves_the_old_one(tmp_path, monkeypatch):
    f = write(tmp_path, GOOD)
    out = tmp_path / "out"
    assert CliRunner().invoke(main, ["run", str(f), "--output", str(out), "--quiet"]).exit_code == 0
    before = (out / "index.html").read_bytes()
    refuse_writes(monkeypatch, "index.html", 0, errno.EROFS)
    r = CliRunner().invoke(main, ["report", str(out)])
    assert (r.exit_code, r.stderr) == (
        2,
        f"error: cannot write {out / 'index.html'}: Read-only file system\n",
    )
    r = CliRunner().invoke(main, ["run", str(f), "--output", str(out), "--quiet"])
    assert (r.exit_code, r.stderr) == (
        2,
        f"error: cannot write {out / 'index.html'}: Read-only file system; the records are "
        f"complete in {out}: free space (or make the folder writable) and run `sim report "
        f"{out}` to write the report\n",
    )
    assert (out / "index.html").read_bytes() == before and leftovers(out) == []


def test_an_output_folder_whose_records_cannot_be_written_is_one_line(tmp_path):
    # A folder sim cannot write into, whoever runs it (root ignores permissions): `records`
    # is a file, so nothing can be made under it.
    f = write(tmp_path, GOOD)
    out = tmp_path / "out"
    out.mkdir()
    (out / "records").write_text("not a folder")
    r = sim_cli("run", str(f), "--output", str(out))
    chunk = out / "records" / FIRST / "chunk-0000000000.parquet"
    assert (r.returncode, r.stderr) == (
        2,
        f"error: cannot write {chunk}: Not a directory; {resume_hint(out)}\n",
    )


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_output_folder_is_one_line(tmp_path):
    f = write(tmp_path, GOOD)
    out = tmp_path / "out"
    sim_cli("run", str(f), "--output", str(out), "--quiet", check=True)
    before = (out / "index.html").read_bytes()
    out.chmod(0o555)
    try:
        r = sim_cli("run", str(f), "--output", str(out), "--quiet")
    finally:
        out.chmod(0o755)
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert r.stderr.startswith(f"error: cannot write {out}/answer.json: Permission denied; ")
    assert (out / "index.html").read_bytes() == before


@pytest.mark.parametrize(
    ("scheduler", "why"),
    [
        ("tcp://127.0.0.1:1", "Timed out trying to connect to tcp://127.0.0.1:1 after 1 s"),
        ("nowhere", "missing port number in address 'nowhere'"),
    ],
)
def test_an_unreachable_dask_scheduler_is_one_line_and_changes_nothing(tmp_path, scheduler, why):
    f = write(tmp_path, GOOD)
    out = tmp_path / "out"
    r = sim_cli(
        "run",
        str(f),
        "--output",
        str(out),
        "--backend",
        "dask",
        "--scheduler",
        scheduler,
        env={**os.environ, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "1s"},
    )
    assert (r.returncode, r.stderr) == (
        2,
        f"error: cannot reach the Dask scheduler at {scheduler} ({why}); check the address "
        "(tcp://HOST:PORT) and that the scheduler is running; nothing was played\n",
    )
    assert not (out / "manifest.json").exists() and not (out / "records").exists()


def test_losing_the_dask_scheduler_part_way_is_one_line_and_resumes_identically(
    tmp_path, monkeypatch
):
    """The scheduler goes away after two chunks (Dask cancels the futures left, as a
    LocalCluster killed mid-run does): one line and the exit an interrupt gives, the two
    chunks kept, and the same command against a scheduler (here, local) resumes to the records
    of a run never stopped."""
    from distributed.client import FutureCancelledError

    from sim.running.runner import execute

    f = write(tmp_path, GOOD)
    out = tmp_path / "out"
    clean = whole_run(tmp_path, f)

    class Gone:
        def close(self) -> None:
            pass

    def dask_then_lost(chunks, exp, client):
        for chunk in chunks[:2]:
            yield chunk, execute.play_chunk(chunk, exp.seed, exp.swap_seats, 1)
        raise FutureCancelledError("play_chunk-1f2e", "scheduler-connection-lost")

    monkeypatch.setattr(execute, "_connect", lambda scheduler: Gone())
    monkeypatch.setattr(execute, "_dask", dask_then_lost)
    scheduler = "tcp://127.0.0.1:8786"
    args = ["run", str(f), "--output", str(out), "--quiet"]
    r = CliRunner().invoke(main, [*args, "--backend", "dask", "--scheduler", scheduler])
    assert (r.exit_code, r.stdout) == (130, "")
    assert r.stderr == (
        f"error: lost the Dask scheduler at {scheduler} (FutureCancelledError: play_chunk-1f2e "
        "cancelled for reason: scheduler-connection-lost.); finished chunks are kept in "
        f"{out}: start a scheduler and run the same command again to resume\n"
    )
    assert len(list((out / "records").rglob("*.parquet"))) == 2
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    assert records(out).equals(clean)


# Damaged files, each refused in one line: (the command, the file's name and bytes, the error
# after 'error: FILE').
DAMAGED = [
    (
        ["replay", "--file"],
        "game.json",
        b'{"rules": "", "seed": 1',
        ": not a replay file: Expecting ',' delimiter: line 1 column 24 (char 23)",
    ),
    (["replay", "--file"], "game.json", b'{"a": "\xe9"}', ": not a replay file (not UTF-8 text)"),
    (
        ["replay", "--file"],
        "game.json",
        b"[1, 2]",
        ": not a replay file (a JSON list, not an object)",
    ),
    (
        ["replay", "--file"],
        "game.json",
        b'{"rules": "", "seed": -1, "moves": []}',
        ": not a replay file ('seed' should be an integer from 0 to 2^64-1, not -1)",
    ),
    (
        ["replay", "--file"],
        "game.json",
        b'{"rules": "", "seed": 1, "moves": [3]}',
        ": not a replay file ('moves' should be a list of moves, not [3])",
    ),
    (
        ["replay", "--file"],
        "game.json",
        b'{"rules": "", "seed": 1, "moves": ["end"]}',
        ": move 1 'end' is not legal here (start, defer)",
    ),
    (
        ["scenario"],
        "position.yaml",
        b"players: {P1: {hand: [7H]}}\n# caf\xe9\n",
        ":2: not UTF-8 text (byte 0xe9 at offset 33); save the file as UTF-8",
    ),
    (
        ["scenario"],
        "position.yaml",
        b"players: [unclosed\n",
        ":2: not valid YAML: expected ',' or ']', but got '<stream end>' (column 1; while "
        "parsing a flow sequence from line 1)",
    ),
    (
        ["scenario"],
        "position.yaml",
        b"\x1f",
        ":1: not valid YAML: character #x001f: special characters are not allowed",
    ),
]


@pytest.mark.parametrize(("command", "name", "content", "message"), DAMAGED)
def test_damaged_files_are_one_line_errors(tmp_path, command, name, content, message):
    f = tmp_path / name
    f.write_bytes(content)
    r = CliRunner().invoke(main, [*command, str(f)])
    assert (r.exit_code, r.stderr, r.stdout) == (2, f"error: {f}{message}\n", "")


def test_validate_names_a_yaml_syntax_error_in_one_line(tmp_path):
    f = write(tmp_path, "name: x\nquestion: [unclosed\n")
    r = CliRunner().invoke(main, ["validate", str(f)])
    assert (r.exit_code, r.stderr) == (
        2,
        f"error: {f}:3: not valid YAML: expected ',' or ']', but got '<stream end>' (column 1; "
        f"while parsing a flow sequence from line 2)\n{f}: 1 problem; nothing was run\n",
    )


@pytest.mark.parametrize(
    ("agents", "message"),
    [
        (
            "python:examples/python_agent.py:Hoarder,greedy",
            "--agents: sim replay plays built-in agents, not "
            "python:examples/python_agent.py:Hoarder; an agent written in Python plays in "
            "`sim play` and `sim run`",
        ),
        (
            "human,greedy",
            "--agents: the human seat plays with `sim play --agents human,B --games 1`; "
            "`sim replay --file` shows the game it saves",
        ),
    ],
)
def test_replay_refuses_agents_it_cannot_play_in_one_line(root, agents, message):
    for extra in ([], ["--html", "game.html"]):
        r = sim_cli("replay", "--agents", agents, *extra, cwd=root)
        assert (r.returncode, r.stderr, r.stdout) == (2, f"error: {message}\n", "")
    assert not (root / "game.html").exists()


def test_impact_without_a_mirror_match_up_gets_its_report(tmp_path):
    # Found by the fuzz test: the King tables read the impact variants too, and sorting them
    # by the plain variants crashed the report.
    f = write(tmp_path, GOOD + "impact: {cards: [KS, KH]}\n")
    out = tmp_path / "out"
    r = CliRunner().invoke(main, ["run", str(f), "--output", str(out), "--quiet"])
    assert r.exit_code == 0, r.output
    assert "What each card adds" in (out / "index.html").read_text()


def test_play_out_on_a_full_disk_is_one_line_and_leaves_no_half_file(tmp_path, monkeypatch):
    out = tmp_path / "games.parquet"

    def full(self, file, *args, **kw):
        Path(file).write_bytes(b"PAR1 half")
        raise pl.exceptions.ComputeError(f"{POLARS_FULL} (os error 28)")

    monkeypatch.setattr(pl.DataFrame, "write_parquet", full)
    r = CliRunner().invoke(main, ["play", "--games", "20", "--out", str(out)])
    assert (r.exit_code, r.stderr) == (
        2,
        f"error: --out: cannot write {out}: No space left on device: {out}\n",
    )
    assert not out.exists()
