"""Running an experiment: cells are played in chunks of games, each chunk written to its own
Parquet file as soon as it is finished, so an interrupted run keeps what it finished and the
same command resumes it. Every chunk is a pure function of (cell, experiment seed, first game,
count), so records are identical whatever the worker count or backend.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import secrets
import shutil
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl
from tqdm.auto import tqdm

from sim.analysis import measures as analysis
from sim.analysis.stats import wilson
from sim.play.batch import play_games
from sim.play.python_agents import AgentError
from sim.running.experiment import CELL_ID_SCHEME, Cell, Experiment, upgraded

MANIFEST = "manifest.json"
RECORDS = "records"
LOCK = ".lock"


class RunError(Exception):
    """A run that must not start (e.g. the output folder holds a different experiment)."""


class RecordsError(RunError):
    """Records that do not match their manifest (missing, stray, altered chunks)."""


class WriteError(RunError):
    """A file that could not be written (a full disk, a read-only folder), named by the path
    it was meant for (not its temporary name)."""

    def __init__(self, path: Path, error: OSError):
        self.path = path
        super().__init__(f"cannot write {path}: {why(error)}")


def why(error: OSError) -> str:
    """An OSError's reason in a few words, without the path: Python's `strerror`, or what
    polars writes ('No space left on device (os error 28): PATH')."""
    if error.strerror:
        return error.strerror
    return re.sub(r" \(os error \d+\).*$", "", str(error)) or type(error).__name__


@dataclass(frozen=True)
class Chunk:
    cell: Cell
    start: int
    count: int


@dataclass
class Tally:
    """Running counts for one cell, from agent A's side (A = the cell's first agent)."""

    games: int = 0
    wins_a: int = 0
    wins_b: int = 0
    # A's share of the games with no winner: 1/players of each (a half with two players).
    draw_share: float = 0.0

    def add(self, df: pl.DataFrame) -> None:
        winner = df["winner"].cast(pl.Int64)
        a_seat = df.select(analysis.a_seat(df.columns)).to_series()
        a = winner == a_seat
        b = (winner != -1) & ~a
        share = df.select(
            (pl.col("winner") == -1).cast(pl.Float64) / analysis.players(df.columns)
        ).to_series()
        self.games += df.height
        self.wins_a += int(a.sum())
        self.wins_b += int(b.sum())
        self.draw_share += float(share.sum())

    @property
    def draws(self) -> int:
        return self.games - self.wins_a - self.wins_b

    def halfwidth(self) -> float:
        lo, hi = wilson(self.wins_a + self.draw_share, self.games)
        return (hi - lo) / 2


# Output folders this process holds the lock of, with how many `locked` blocks hold each.
_held: dict[Path, tuple[int, int]] = {}


@contextmanager
def locked(out: Path) -> Iterator[None]:
    """Hold OUTPUT/.lock exclusively for the whole run (or report): two runs into one folder
    at once would interleave chunks and manifests, or one's --force would delete the other's
    records. Re-entrant within a process; the OS drops the lock when the process dies."""
    key = out.resolve()
    if key in _held:
        fd, depth = _held[key]
        _held[key] = (fd, depth + 1)
        try:
            yield
        finally:
            _held[key] = (fd, _held[key][1] - 1)
        return
    try:
        out.mkdir(parents=True, exist_ok=True)
        fd = os.open(out / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as e:
        raise RunError(f"cannot use {out} as the output folder: {e.strerror}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise RunError(
            f"{out} is in use by another run (it holds {out / LOCK}); wait for it to end, "
            "or use another --output"
        ) from None
    _held[key] = (fd, 1)
    try:
        yield
    finally:
        del _held[key]
        os.close(fd)  # releases the lock


def tmp_path(path: Path) -> Path:
    """A temporary name beside `path` that no other process or call uses."""
    return path.with_name(f"{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")


# The names tmp_path gives (of a process that died before it renamed or removed them).
_TMP_NAME = re.compile(r"\.\d+-[0-9a-f]{8}\.tmp$")


def _discard(path: Path) -> None:
    """Remove a temporary file if it is there; a folder that refuses is left as it is (the
    next run removes what is left, `_remove_stale`)."""
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass


def write_text(path: Path, text: str) -> None:
    """Write whole or not at all (temporary file, then rename): a full disk or an interrupt
    leaves the old file, not a truncated one. WriteError naming `path` when it cannot."""
    tmp = tmp_path(path)
    try:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(text)
            os.replace(tmp, path)
        except OSError as e:
            raise WriteError(path, e) from None
    finally:
        _discard(tmp)  # after a failure; renamed away otherwise


def chunk_path(out: Path, chunk: Chunk) -> Path:
    return out / RECORDS / chunk.cell.id / f"chunk-{chunk.start:010d}.parquet"


def play_chunk(chunk: Chunk, seed: int, swap: bool, threads: int) -> pl.DataFrame:
    """The records of one chunk (run locally, or on a Dask worker)."""
    try:
        df = play_games(
            chunk.count,
            chunk.cell.agents,
            seed,
            chunk.cell.rules,
            start=chunk.start,
            threads=threads,
            swap_seats=swap,
        )
    except AgentError as e:
        raise AgentError(f"cell {chunk.cell.id}: {e}") from None
    return df.with_columns(cell=pl.lit(chunk.cell.id), variant=pl.lit(chunk.cell.variant))


def _sha256(path: Path) -> str:
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def _chunk_key(out: Path, path: Path) -> str:
    """A chunk's key in the manifest: its path under records/."""
    return path.relative_to(out / RECORDS).as_posix()


ALTERED = "does not match the SHA-256 recorded when it was written (altered, swapped or damaged)"
STRAY = "was not written by this run (a stray or copied file?)"


def audit(out: Path, manifest: dict[str, Any]) -> list[tuple[Path, str]]:
    """Every chunk file the records hold that does not match the manifest's record of it, and
    every recorded chunk that is missing: (file, what is wrong). Empty for a manifest written
    before chunks were recorded."""
    entries = manifest.get("chunks")
    if entries is None:
        return []
    root = out / RECORDS
    on_disk = {_chunk_key(out, p): p for p in root.glob("*/*.parquet")}
    problems = []
    for key, path in sorted(on_disk.items()):
        entry = entries.get(key)
        if entry is None:
            problems.append((path, STRAY))
        elif _sha256(path) != entry["sha256"]:
            problems.append((path, ALTERED))
    problems += [(root / key, "is missing") for key in sorted(set(entries) - set(on_disk))]
    return problems


def verify(out: Path, manifest: dict[str, Any]) -> None:
    """RecordsError unless the records are exactly the chunks the manifest recorded."""
    problems = audit(out, manifest)
    if problems:
        path, what = problems[0]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise RecordsError(
            f"{path} {what}{more}; running the experiment again (`sim run FILE --output {out}`) "
            "plays its games again"
        )


def _all_chunks(exp: Experiment) -> dict[str, Chunk]:
    """Every chunk the run may play (a stopping rule may stop a cell before its last), by key."""
    out = exp.output
    found = {}
    for cell in exp.cells:
        size, limit = _size(exp, cell), _limit(exp, cell)
        for k in range(-(-limit // size)):
            if chunk := _chunks_of(cell, k, size, limit):
                found[_chunk_key(out, chunk_path(out, chunk))] = chunk
    return found


def _keep(exp: Experiment, old: dict[str, Any]) -> tuple[dict[str, dict[str, Any]], bool]:
    """The chunks of an earlier run into this folder that can be kept, checked against their
    SHA-256, and whether any had to be discarded. A damaged or unrecorded chunk is deleted
    (its games are played again, the same games); a file that is no chunk of this
    configuration is an error, since the report would read it."""
    out = exp.output
    root = out / RECORDS
    expected = _all_chunks(exp)
    entries: dict[str, dict[str, Any]] | None = old.get("chunks")
    kept: dict[str, dict[str, Any]] = {}
    discarded = False
    for path in sorted(root.glob("*/*.parquet")):
        key = _chunk_key(out, path)
        chunk = expected.get(key)
        if chunk is None:
            raise RunError(
                f"{path} is not a chunk of this run (a stray or copied file?); move it out of "
                f"{root}, or use --force to delete the records and start again"
            )
        if entries is None:
            # Written by a sim that did not record chunks: adopt it if its size is right.
            rows = pl.scan_parquet(path).select(pl.len()).collect().item()
            if rows != chunk.count:
                raise RunError(
                    f"{path} holds {rows} games where this configuration's "
                    f"chunk has {chunk.count} (written by another version of sim?); "
                    f"use --force to delete the records and start again"
                )
            kept[key] = {"sha256": _sha256(path), "rows": rows, "first_game": chunk.start}
            continue
        entry = entries.get(key)
        if entry is None:
            what = STRAY
        elif _sha256(path) != entry["sha256"]:
            what = ALTERED
        else:
            kept[key] = entry
            continue
        path.unlink()
        discarded = True
        print(f"note: {path} {what}: discarded; its games are played again", file=sys.stderr)
    # Recorded chunks without a file were cut short before the rename, or deleted: both are
    # simply played (again).
    discarded |= entries is not None and kept != entries
    return kept, discarded


def _remove_stale(out: Path) -> None:
    """Temporary files of a process that died (killed, out of disk) before renaming them: the
    caller holds the lock, so no living process is writing them."""
    for stale in [*(out / RECORDS).glob("*/*.tmp"), *out.glob("*.tmp")]:
        if _TMP_NAME.search(stale.name) and stale.is_file():
            stale.unlink()


def _chunks_of(cell: Cell, k: int, size: int, limit: int) -> Chunk | None:
    start = k * size
    return Chunk(cell, start, min(size, limit - start)) if start < limit else None


def _limit(exp: Experiment, cell: Cell) -> int:
    return min(exp.max_games(), cell.max_games or exp.max_games())


def _size(exp: Experiment, cell: Cell) -> int:
    """Games per chunk of this cell: its match-up's chunk_size, else the experiment's."""
    return min(cell.chunk_size or exp.chunk_size, _limit(exp, cell))


def _stopped(exp: Experiment, cell: Cell, t: Tally) -> bool:
    if t.games >= _limit(exp, cell):
        return True
    if exp.games is not None:
        return False
    u = exp.until
    assert u is not None  # a file gives exactly one of games and until
    return t.games >= u.get("min_games", _size(exp, cell)) and t.halfwidth() <= u["ci_halfwidth"]


def _rounds(exp: Experiment, tallies: dict[str, Tally]) -> Iterator[list[Chunk]]:
    """The chunks to play, round by round. A fixed count is one round; a stopping rule plays
    one chunk per unfinished cell per round and checks the rule between rounds, so the same
    chunks are played whatever the order in which they finish."""
    if exp.games is not None:
        yield [
            c
            for cell in exp.cells
            for k in range(-(-_limit(exp, cell) // _size(exp, cell)))
            if (c := _chunks_of(cell, k, _size(exp, cell), _limit(exp, cell)))
        ]
        return
    k = 0
    while True:
        active = [cell for cell in exp.cells if not _stopped(exp, cell, tallies[cell.id])]
        chunks = [
            c for cell in active if (c := _chunks_of(cell, k, _size(exp, cell), _limit(exp, cell)))
        ]
        if not chunks:
            return
        yield chunks
        k += 1


def _manifest(out: Path) -> dict[str, Any] | None:
    path = out / MANIFEST
    return read_manifest(path) if path.exists() else None


def read_manifest(path: Path) -> dict[str, Any]:
    """The manifest at `path`; RunError, naming the file, when it cannot be read or is not a
    JSON object (damaged, or not written by sim). Even --force does not go past it: without
    the manifest, nothing says that the records beside it are sim's to delete."""
    fix = (
        "restore it from a backup, or move the folder away (or use another --output) to start again"
    )
    try:
        manifest = json.loads(path.read_bytes())
    except OSError as e:
        raise RunError(f"{path}: cannot read: {e.strerror}") from None
    except UnicodeDecodeError:
        raise RunError(f"{path}: damaged (not UTF-8 text); {fix}") from None
    except json.JSONDecodeError as e:
        raise RunError(
            f"{path}: damaged (not valid JSON: {e.msg} at line {e.lineno} column {e.colno}); {fix}"
        ) from None
    if not isinstance(manifest, dict):
        raise RunError(
            f"{path}: not a manifest of sim (a JSON {type(manifest).__name__}, not an object); "
            f"{fix}"
        )
    return manifest


def _save_manifest(out: Path, manifest: dict[str, Any]) -> None:
    write_text(out / MANIFEST, json.dumps(manifest, indent=2))


def prepare(exp: Experiment, force: bool) -> dict[str, Any] | None:
    """Check the output folder. Returns the finished manifest when there is nothing to do."""
    out = exp.output
    old = _manifest(out)
    if old is not None and old.get("config_hash") != exp.config_hash and exp.matches(old):
        # Written before a rule option this sim added (at its default: the same games): the
        # manifest takes this sim's rule strings, and the run goes on.
        _adopt(out, old, exp)
    if old is not None and old.get("config_hash") != exp.config_hash:
        old_version = old.get("rules_version")
        version = exp.resolved["rules_version"]
        if not force and old_version is not None and old_version != version:
            raise RunError(
                f"{out} holds records played under rules version {old_version}, and this sim "
                f"plays rules version {version}: the engine's behaviour changed "
                f"between them (see the CHANGELOG's Rules section), so resuming would mix two "
                f"rule readings in one cell; use another --output, or --force to delete the old "
                f"records and start again"
            )
        if not force:
            # Against the old configuration as this sim writes it: a rule option added since
            # (at its default) is not a change.
            before = upgraded(old.get("config")) or old.get("config", {})
            changed = sorted(
                k for k in set(before) | set(exp.resolved) if before.get(k) != exp.resolved.get(k)
            )
            raise RunError(
                f"{out} holds records of a different configuration (hash {old.get('config_hash')}"
                f", this file's is {exp.config_hash}; they differ in: {', '.join(changed)}"
                f"{_rule_changes(before.get('variants'), exp.resolved.get('variants'))}; "
                f"written by sim {old.get('package_version', '?')}); mixing them is refused: use "
                f"another --output, or --force to delete them and start again"
            )
    if force:
        records = out / RECORDS
        # Only a folder that a manifest of sim names: --force must not delete a user's files.
        if records.exists() and (old is None or old.get("records") != RECORDS):
            raise RunError(
                f"{records} was not written by sim (no manifest.json in {out} names it), so "
                "--force does not delete it; move it away, or use another --output"
            )
        if records.exists():
            shutil.rmtree(records)
        (out / MANIFEST).unlink(missing_ok=True)
        return None
    if old is not None and old.get("status") == "complete":
        return old
    return None


def _adopt(out: Path, old: dict[str, Any], exp: Experiment) -> None:
    """Bring the manifest of a run of this configuration, written before a rule option was
    added, up to date: its configuration, hash and cells' rule strings as this sim writes
    them (its records keep theirs: this sim reads them alike)."""
    old["config"], old["config_hash"] = exp.resolved, exp.config_hash
    rules = {c.variant: c.rules for c in exp.cells}
    for cell in old.get("cells") or []:
        cell["rules"] = rules.get(cell.get("variant"), cell.get("rules"))
    _save_manifest(out, old)


def _rule_changes(before: Any, after: Any) -> str:
    """What differs between two runs' variants, option by option: a rule option added to sim
    since the old run is named as such (its records hold rule strings without it)."""
    if not isinstance(before, dict) or not isinstance(after, dict) or before == after:
        return ""
    from sim.reporting.answer import rule_values

    said: list[str] = []
    for name in sorted(set(before) & set(after)):
        old, new = rule_values(before[name]), rule_values(after[name])
        for k in new:
            if k not in old:
                said.append(f"{k} (an option this sim added; the old records do not name it)")
            elif old[k] != new[k]:
                said.append(f"{k} ({old[k]} -> {new[k]} in '{name}')")
    return f" ({', '.join(dict.fromkeys(said))})" if said else ""


def show_progress(quiet: bool) -> bool:
    """Whether to draw a progress bar: on a terminal, or in a Jupyter kernel (where tqdm.auto
    draws it as a widget), unless asked to be quiet."""
    return not quiet and (sys.stderr.isatty() or "ipykernel" in sys.modules)


def dask_missing() -> str | None:
    """Why the Dask backend cannot run here (dask or distributed not installed), or None.
    Imported only when asked for: nothing else in sim imports dask."""
    try:
        import dask  # noqa: F401
        import distributed  # noqa: F401
    except ImportError as e:
        return (
            f"the dask backend needs dask and distributed ({e.name or 'dask'} is not "
            "installed): pip install 'houses-sim[dask]'"
        )
    return None


def _local(
    chunks: list[Chunk], exp: Experiment, workers: int
) -> Iterable[tuple[Chunk, pl.DataFrame]]:
    for chunk in chunks:
        yield chunk, play_chunk(chunk, exp.seed, exp.swap_seats, workers)


def _dask(
    chunks: list[Chunk], exp: Experiment, client: Any
) -> Iterable[tuple[Chunk, pl.DataFrame]]:
    from distributed import as_completed

    futures = {
        client.submit(play_chunk, c, exp.seed, exp.swap_seats, 1, pure=False): c for c in chunks
    }
    for fut in as_completed(futures):
        yield futures[fut], fut.result()


def run(
    exp: Experiment,
    workers: int | None = None,
    backend: str = "local",
    scheduler: str | None = None,
    force: bool = False,
    quiet: bool = False,
) -> tuple[dict[str, Any], bool]:
    """Play the experiment (or what is left of it). Returns the manifest, and whether anything
    had to be played (False: the folder already held the complete run). RunError when the
    folder holds another configuration, another run is using it, Dask is not installed or its
    scheduler cannot be reached, or a file cannot be written (a full disk, a read-only folder):
    what was finished before is kept, and the same call resumes."""
    if backend == "dask" and (missing := dask_missing()):
        raise RunError(missing)
    out = exp.output
    resume = (
        f"the chunks finished so far are kept in {out}: free space (or make the folder "
        "writable) and run the same command again to resume"
    )
    with locked(out):
        try:
            return _run(exp, workers, backend, scheduler, force, quiet)
        except WriteError as e:
            raise RunError(f"{e}; {resume}") from None
        except OSError as e:  # deleting or reading what an earlier run left
            raise RunError(f"cannot use {e.filename or out}: {why(e)}; {resume}") from None


def _connect(scheduler: str | None) -> Any:
    """A client of the Dask scheduler at `scheduler`; RunError naming it when it cannot be
    reached (after distributed's connect timeout, `distributed.comm.timeouts.connect`)."""
    from distributed import Client

    try:
        return Client(scheduler)
    except (OSError, ValueError) as e:
        raise RunError(
            f"cannot reach the Dask scheduler at {scheduler} ({e}); check the address "
            "(tcp://HOST:PORT) and that the scheduler is running; nothing was played"
        ) from None


def _run(
    exp: Experiment,
    workers: int | None,
    backend: str,
    scheduler: str | None,
    force: bool,
    quiet: bool,
) -> tuple[dict[str, Any], bool]:
    workers = workers or os.cpu_count() or 1
    out = exp.output
    done = prepare(exp, force)
    _remove_stale(out)
    old = _manifest(out)  # None after --force
    # A run keeps the cell folders it started with (a manifest without a scheme: scheme 1).
    scheme = CELL_ID_SCHEME if old is None else old.get("cell_id_scheme", 1)
    exp = exp.with_cell_ids(scheme)
    chunks: dict[str, dict[str, Any]] = {}
    if old is not None and (done is None or "chunks" in done):
        chunks, discarded = _keep(exp, old)
        if discarded:
            done = None  # a complete run with damaged chunks: play them again
    if done is not None:
        # `answer:` shapes the report, not the records: a changed one applies to a finished run.
        if done.get("answer") != exp.answer:
            done["answer"] = exp.answer
            _save_manifest(out, done)
        return done, False
    started = time.time()
    manifest = {
        "name": exp.name,
        "question": exp.question,
        "experiment_file": str(exp.path),
        "config_hash": exp.config_hash,
        "config": exp.resolved,
        "answer": exp.answer,
        "package_version": _package_version(),
        "rules_version": exp.resolved["rules_version"],
        "seed": exp.seed,
        "game_seeds": "seed of game i = sim._core.game_seed(seed, i), the same in every cell",
        "status": "running",
        "backend": backend,
        "workers": workers,
        "records": RECORDS,
        "cell_id_scheme": scheme,
        # Each chunk's SHA-256, rows and first game, recorded before the file is renamed into
        # place: resume and report check the records against it.
        "chunks": chunks,
    }
    # Connected before the manifest is touched: an unreachable scheduler changes nothing.
    client = _connect(scheduler) if backend == "dask" else None
    tallies = {cell.id: Tally() for cell in exp.cells}
    bar = tqdm(
        total=sum(_limit(exp, cell) for cell in exp.cells),
        unit="game",
        unit_scale=True,
        disable=not show_progress(quiet),
        desc=exp.name,
    )
    played = 0
    try:
        _save_manifest(out, manifest)
        for round_chunks in _rounds(exp, tallies):
            todo = []
            for chunk in round_chunks:
                path = chunk_path(out, chunk)
                if _chunk_key(out, path) in chunks:  # finished by an earlier run, and checked
                    # What Tally.add reads (records from before `a_seat` have only
                    # `seats_swapped`, and games of other games no `players`).
                    names = pl.read_parquet_schema(path)
                    wanted = ["winner", "seats_swapped", "a_seat", "players"]
                    kept = pl.read_parquet(path, columns=[c for c in wanted if c in names])
                    tallies[chunk.cell.id].add(kept)
                    bar.update(chunk.count)
                else:
                    todo.append(chunk)
            source = _dask(todo, exp, client) if client else _local(todo, exp, workers)
            for chunk, df in source:
                path = chunk_path(out, chunk)
                _write_chunk(out, path, df, chunk, chunks, manifest)
                tallies[chunk.cell.id].add(df)
                played += df.height
                bar.update(df.height)
    finally:
        bar.close()
        if client is not None:
            client.close()
    elapsed = time.time() - started
    manifest.update(
        status="complete",
        seconds=round(elapsed, 3),
        games_played_this_run=played,
        cells=[
            {
                "id": c.id,
                "variant": c.variant,
                "rules": c.rules,
                "agents": list(c.agents),
                "games": tallies[c.id].games,
            }
            for c in exp.cells
        ],
    )
    _save_manifest(out, manifest)
    return manifest, True


def _write_chunk(
    out: Path,
    path: Path,
    df: pl.DataFrame,
    chunk: Chunk,
    chunks: dict[str, dict[str, Any]],
    manifest: dict[str, Any],
) -> None:
    """Write a chunk's file whole or not at all, its SHA-256 recorded in the manifest before
    it is renamed into place. WriteError naming the file when the folder refuses (the manifest
    on disk then lists only the chunks whose files are in place)."""
    tmp = tmp_path(path)
    try:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            df.write_parquet(tmp)
            entry = {"sha256": _sha256(tmp), "rows": df.height, "first_game": chunk.start}
        except OSError as e:
            raise WriteError(path, e) from None
        chunks[_chunk_key(out, path)] = entry
        _save_manifest(out, manifest)
        try:
            os.replace(tmp, path)  # a chunk file is whole or absent
        except OSError as e:
            raise WriteError(path, e) from None
    finally:
        _discard(tmp)  # after a failure; renamed away otherwise


def _rounded(x: float | None) -> float | None:
    return None if x is None else round(x, 2)


def summary(out: Path) -> list[dict[str, Any]]:
    """Per cell: games, wins of each agent, draws, agent A's win rate, the first player's win
    rate and the share of games with no winner, each with a 95% interval, and game length.
    Read lazily from the records, so memory does not grow with the number of games."""
    manifest = _manifest(out) or {}
    files = str(out / RECORDS / "*" / "*.parquet")
    lf = pl.scan_parquet(files)
    names = lf.collect_schema().names()
    winner = pl.col("winner").cast(pl.Int64)
    a_won = winner == analysis.a_seat(names)
    b_won = (winner != -1) & ~a_won
    agg = (
        lf.group_by("cell")
        .agg(
            games=pl.len(),
            wins_a=a_won.sum(),
            wins_b=b_won.sum(),
            first_wins=(winner == pl.col("first_player").cast(pl.Int64)).sum(),
            players=analysis.players(names).max(),
            mean_turns=pl.col("turns").mean(),
            mean_rounds=pl.col("rounds").mean(),
            **{
                f"order_wins_{k}": (analysis.turn_order(names) == k).sum()
                for k in range(analysis.MAX_SEATS)
            },
        )
        .collect(engine="streaming")
    )
    by_cell = {r["cell"]: r for r in agg.iter_rows(named=True)}
    rows = []
    for c in manifest.get("cells", []):
        empty = {"games": 0, "wins_a": 0, "wins_b": 0, "first_wins": 0, "players": 2}
        r = by_cell.get(c["id"], empty)
        n, wa, wb = r["games"], r["wins_a"], r["wins_b"]
        seats = int(r.get("players") or 2)
        draws = n - wa - wb
        # A game with no winner counts as an even share to each seat (a half with two).
        share = draws / seats
        lo, hi = wilson(wa + share, n)
        first = r["first_wins"] + share
        first_lo, first_hi = wilson(first, n)
        none_lo, none_hi = wilson(draws, n)
        order_rates = []
        for k in range(seats):
            won = r.get(f"order_wins_{k}", 0) + share
            s_lo, s_hi = wilson(won, n)
            order_rates.append(
                {
                    "place": analysis.ORDINALS[k],
                    "win_rate": round(won / n, 4) if n else None,
                    "ci95": [round(s_lo, 4), round(s_hi, 4)],
                }
            )
        rows.append(
            {
                "cell": c["id"],
                "variant": c["variant"],
                "agent_a": c["agents"][0],
                "agent_b": c["agents"][1],
                "games": n,
                "wins_a": wa,
                "wins_b": wb,
                "draws": draws,
                "players": seats,
                "win_rate_a": round((wa + share) / n, 4) if n else None,
                "ci95": [round(lo, 4), round(hi, 4)],
                # In a mirror match-up A's win rate is 50% by symmetry; the first player's
                # is the one to read.
                "mirror": c["agents"][0] == c["agents"][1],
                "first_player_win_rate": round(first / n, 4) if n else None,
                "first_player_ci95": [round(first_lo, 4), round(first_hi, 4)],
                "no_winner_rate": round(draws / n, 4) if n else None,
                "no_winner_ci95": [round(none_lo, 4), round(none_hi, 4)],
                # The win rate of the player 1st, 2nd, ... in turn order (who starts is
                # drawn, so this, not the seat number, is the seat advantage).
                "turn_order_win_rates": order_rates,
                "mean_turns": _rounded(r.get("mean_turns")),
                "mean_rounds": _rounded(r.get("mean_rounds")),
            }
        )
    return rows


def _package_version() -> str:
    from sim._version import __version__

    return __version__
