"""Playing a run: the chunks still to play, on local threads or a Dask cluster, each written
whole with its SHA-256 in the manifest, under the output folder's lock."""

from __future__ import annotations

import io
import os
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import polars as pl
from tqdm.auto import tqdm

from sim._version import __version__
from sim.analysis import stored
from sim.play.engine import table_size
from sim.running.experiment import CELL_ID_SCHEME, Cell, Experiment
from sim.running.runner import drawn, settling
from sim.running.runner.chunks import (
    Chunk,
    Tally,
    _chunk_key,
    _limit,
    _rounds,
    chunk_path,
    forks,
    play_chunk,
    play_forked,
    settled_rule,
)
from sim.running.runner.files import (
    RECORDS,
    RunError,
    SchedulerLost,
    WriteError,
    _discard,
    _remove_stale,
    _sha256,
    disk_full,
    free_space,
    locked,
    os_error,
    size_text,
    tmp_path,
    why,
)
from sim.running.runner.manifest import _keep, _manifest, _save_manifest, prepare
from sim.running.runner.settled import settled_rounds


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
    chunks: list[Chunk],
    exp: Experiment,
    workers: int,
    kids: dict[tuple[str, int], list[Cell]] | None = None,
) -> Iterable[tuple[Chunk, pl.DataFrame]]:
    """Each chunk's records; a chunk with `kids` (by cell id and first game) is followed by
    theirs, forked from its games (`play_forked`)."""
    for chunk in chunks:
        forked = (kids or {}).get((chunk.cell.id, chunk.start))
        if forked:
            df, more = play_forked(chunk, forked, exp.seed, exp.swap_seats, workers)
            yield chunk, df
            yield from more
        else:
            yield chunk, play_chunk(chunk, exp.seed, exp.swap_seats, workers)


def _forked_kids(full: list[Chunk], sparse: list[Chunk]) -> dict[tuple[str, int], list[Cell]]:
    """The sparse chunks of this round that the full chunk of the same games plays forked
    from its own (a King's blank from its first draw), by the full chunk's cell id and first
    game. The others play on their own, replaying the games up to the draw: the same records."""
    found: dict[tuple[str, int], list[Cell]] = {}
    for ch in full:
        kids = [
            s.cell
            for s in sparse
            if (s.start, s.count) == (ch.start, ch.count) and forks(ch.cell, s.cell)
        ]
        if kids:
            found[(ch.cell.id, ch.start)] = kids
    return found


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
    open_at: settling.OpenAt | None = None,
) -> tuple[dict[str, Any], bool]:
    """Play the experiment (or what is left of it). Returns the manifest, and whether anything
    had to be played (False: the folder already held the complete run). A run that goes on
    until its verdicts settle (`exp.settle`) needs `open_at`, which reads them at each look
    (`sim.reporting.verdicts.looks.open_variants`; `sim run` and `sim.run_experiment` pass it).
    RunError when the folder holds another configuration, another run is using it, Dask is not
    installed or its scheduler cannot be reached, or a file cannot be written (a full disk, a
    read-only folder): what was finished before is kept, and the same call resumes."""
    if backend == "dask" and (missing := dask_missing()):
        raise RunError(missing)
    out = exp.output
    resume = (
        f"the chunks finished so far are kept in {out}: free space (or make the folder "
        "writable) and run the same command again to resume"
    )
    with locked(out):
        try:
            return _run(exp, workers, backend, scheduler, force, quiet, open_at)
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
    open_at: settling.OpenAt | None,
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
    plan = settling.plan(exp)
    if plan is not None and old is not None:
        plan = plan.after(old.get("settle"))  # the looks its earlier commands took count too
    if plan is not None and open_at is None:
        raise ValueError(
            "a run that settles reads its verdicts at each look: pass open_at="
            "sim.reporting.verdicts.looks.open_variants (sim run and sim.run_experiment do)"
        )
    if done is not None and plan is not None and settling.goes_on(done, plan, exp.answer):
        done = None  # a finished run asked to settle (further): its chunks are kept
    if done is not None:
        # `answer:` shapes the report, not the records: a changed one applies to a finished run.
        if done.get("answer") != exp.answer:
            done["answer"] = exp.answer
            _save_manifest(out, done)
        return done, False
    started = time.time()
    # The wall time of the commands that finished this run before (a finished run asked to
    # settle further): the run's time is theirs and this command's together.
    before = (
        float(old.get("seconds_total", old.get("seconds")) or 0.0)
        if old is not None and old.get("status") == "complete"
        else 0.0
    )
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
    progress, pace = settling.Progress(), settling.Pace()
    if plan is not None:
        manifest["settle"] = {**plan.record(), **progress.record()}
    # Connected before the manifest is touched: an unreachable scheduler changes nothing.
    client = _connect(scheduler) if backend == "dask" else None
    tallies = {cell.id: Tally() for cell in exp.cells}
    # The most seats any cell's table has: the chunks store no columns for seats above it.
    seats = max(table_size(cell.rules) for cell in exp.cells)
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
        rounds = (
            settled_rounds(exp)
            if settled_rule(exp)
            else _rounds(exp, tallies, plan.grids() if plan else ())
        )
        if plan is not None:
            rounds = settling.rounds(
                exp,
                rounds,
                spent=lambda: time.time() - started,
                on_disk=lambda ch: _chunk_key(out, chunk_path(out, ch)) in chunks,
                progress=progress,
                open_at=open_at,  # type: ignore[arg-type]  # checked above
                pace=pace,
                planned=plan,
            )
        for round_chunks in rounds:
            if plan is not None:
                # A look that plays on: the bar grows by its games.
                grids = plan.grids()
                more = sum(
                    ch.count
                    for ch in round_chunks
                    if ch.cell.agents in grids and ch.start >= grids[ch.cell.agents].looks[0]
                )
                if more:
                    bar.total = (bar.total or 0) + more
                    bar.refresh()
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
            # A card's cell that plays only the deals where the card was drawn plays after
            # the cell it reads them from (`drawn.py`).
            full = [ch for ch in todo if ch.cell.drawn_in is None]
            sparse = [ch for ch in todo if ch.cell.drawn_in is not None]
            # A King's blank from its first draw is forked from the game with the King as
            # that game plays (locally; on Dask it replays the game up to the draw).
            kids = _forked_kids(full, sparse) if client is None else {}
            for which in ("full", "sparse"):
                if which == "full":
                    batch = full
                else:
                    # Those not already written with the chunk they fork from.
                    left = [
                        ch for ch in sparse if _chunk_key(out, chunk_path(out, ch)) not in chunks
                    ]
                    batch = [_with_drawn_games(exp, ch) for ch in left]
                source = _dask(batch, exp, client) if client else _local(batch, exp, workers, kids)
                if client is not None:
                    source = _or_scheduler_lost(source, scheduler, out)
                last = time.time()
                for chunk, df in source:
                    # The time since the last chunk finished: this one's, played alone (on
                    # Dask, the cluster's time a chunk).
                    seconds = time.time() - last
                    if plan is not None and chunk.cell.agents in plan.grids():
                        pace.add(chunk.cell.agents, seconds, chunk.count)
                    path = chunk_path(out, chunk)
                    packed = stored.pack(df, exp.seed, seats)
                    _write_chunk(out, path, packed, chunk, chunks, manifest, seconds)
                    tallies[chunk.cell.id].add(df)
                    played += df.height
                    bar.update(chunk.count)
                    # Not held while the next chunk plays: memory follows one chunk, not two.
                    del df, packed
                    release_memory()
                    last = time.time()
    finally:
        bar.close()
        if client is not None:
            client.close()
    elapsed = time.time() - started
    if plan is not None:
        progress.seconds = elapsed
        manifest["settle"] = {**plan.record(), **progress.record()}
    manifest.update(
        status="complete",
        seconds=round(elapsed, 3),
        seconds_total=round(before + elapsed, 3),
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


def _or_scheduler_lost(
    source: Iterable[tuple[Chunk, pl.DataFrame]], scheduler: str | None, out: Path
) -> Iterator[tuple[Chunk, pl.DataFrame]]:
    """Dask's chunks, or SchedulerLost in one line where the scheduler goes away part way (its
    futures cancelled, its connection closed): not an error of the run's own code, which
    passes through as it is."""
    from concurrent.futures import CancelledError

    try:
        yield from source
    except (CancelledError, OSError, TimeoutError) as e:
        raise SchedulerLost(
            f"lost the Dask scheduler at {scheduler} ({type(e).__name__}: "
            f"{str(e).splitlines()[0] if str(e) else 'no reason given'}); finished chunks are "
            f"kept in {out}: start a scheduler and run the same command again to resume"
        ) from None


def _with_drawn_games(exp: Experiment, chunk: Chunk) -> Chunk:
    """A sparse cell's chunk with the deals it plays, from its parent's chunk on disk (played
    in this round or before: a sparse cell stops with its parent)."""
    parent, card = drawn.parent(exp, chunk.cell), chunk.cell.drawn_in
    assert parent is not None and card is not None
    path = chunk_path(exp.output, Chunk(parent, chunk.start, chunk.count))
    return replace(chunk, games=drawn.drawn_games(path, card[1]))


def release_memory() -> None:
    """Give the C heap's free pages back to the system (glibc's `malloc_trim`; nothing
    elsewhere). A chunk's records are freed once written, but glibc keeps the pages, and the
    report built after the run would add its own peak on top of them (1M games: 472 -> 316 MiB
    before the report)."""
    if sys.platform.startswith("linux"):
        import ctypes
        import ctypes.util

        try:
            ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim(0)
        except (OSError, AttributeError):  # another C library (musl has no malloc_trim)
            pass


def _write_chunk(
    out: Path,
    path: Path,
    df: pl.DataFrame,
    chunk: Chunk,
    chunks: dict[str, dict[str, Any]],
    manifest: dict[str, Any],
    seconds: float,
) -> None:
    """Write a chunk's file whole or not at all, its SHA-256 (and the seconds it took to play,
    which the report's "more games" read as this machine's pace) recorded in the manifest
    before it is renamed into place. WriteError naming the file when the folder refuses (the
    manifest on disk then lists only the chunks whose files are in place); on a full disk it
    says how much room the chunk needs."""
    tmp = tmp_path(path)
    try:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            stored.write(df, tmp)
            entry = {
                "sha256": _sha256(tmp),
                "rows": df.height,
                "first_game": chunk.start,
                "seconds": round(seconds, 3),
            }
        # polars reports an I/O error of its Parquet writer as a ComputeError, not an OSError.
        except (OSError, pl.exceptions.PolarsError) as e:
            error = os_error(e, tmp)
            if error is None:
                raise
            _discard(tmp)  # first: the free space then said is what a new try has
            room = _room(out, df) if disk_full(error) else ""
            raise WriteError(path, error, room) from None
        chunks[_chunk_key(out, path)] = entry
        _save_manifest(out, manifest)
        try:
            os.replace(tmp, path)  # a chunk file is whole or absent
        except OSError as e:
            raise WriteError(path, e) from None
    finally:
        _discard(tmp)  # after a failure; renamed away otherwise


def _room(out: Path, df: pl.DataFrame) -> str:
    """What a full disk leaves the run short of: the space left, and the chunk's size as a
    file (written to memory: exact, where its size in memory is not, with tens of kB of Parquet
    metadata for a small chunk and a tenth of it as a file for a large one)."""
    buffer = io.BytesIO()
    stored.write(df, buffer)
    return (
        f"the disk holding {out} is full: {free_space(out)} free, and this chunk needs "
        f"{size_text(buffer.getbuffer().nbytes)}"
    )


def _package_version() -> str:
    return __version__
