"""Chunks: the games of a cell, played and written a chunk at a time, where each chunk's file
goes, the tally of a cell's wins so far, and which chunks a run plays, round by round, until
its stopping rule."""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from sim import games
from sim.analysis import frame
from sim.analysis.stats import wilson
from sim.play.batch import play_branched, play_games
from sim.play.python_agents import AgentError, is_python
from sim.running.experiment import Cell, Experiment
from sim.running.runner import drawn
from sim.running.runner.files import RECORDS

# The usage counters a run without them keeps: the first player's answer reads whether the
# advantage draw's winner chose to defer.
USAGE_KEPT = ("arose_defer_", "taken_defer_")


@dataclass(frozen=True)
class Chunk:
    cell: Cell
    start: int
    count: int
    # The games of `start .. start+count` it plays, where not all: a card's cell without it
    # plays the deals where the card was drawn with it (`drawn.py`, set just before it plays).
    games: tuple[int, ...] | None = None


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
        a_seat = df.select(frame.a_seat(df.columns)).to_series()
        a = winner == a_seat
        b = (winner != -1) & ~a
        share = df.select(
            (pl.col("winner") == -1).cast(pl.Float64) / frame.players(df.columns)
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


def chunk_path(out: Path, chunk: Chunk) -> Path:
    return out / RECORDS / chunk.cell.id / f"chunk-{chunk.start:010d}.parquet"


def play_chunk(chunk: Chunk, seed: int, swap: bool, threads: int) -> pl.DataFrame:
    """The records of one chunk (run locally, or on a Dask worker)."""
    cell = chunk.cell
    try:
        df = play_games(
            chunk.count,
            cell.play_as or cell.agents,
            seed,
            cell.rules,
            start=chunk.start,
            threads=threads,
            swap_seats=swap,
            only=list(chunk.games) if chunk.games is not None else None,
        )
    except AgentError as e:
        raise AgentError(f"cell {cell.id}: {e}") from None
    return _as_cell(df, cell)


def forks(cell: Cell, kid: Cell) -> bool:
    """Whether `cell`'s chunks can play `kid`'s forked from their own games (`play_forked`):
    Houses-Skirmish games of built-in agents, `kid` a blank of a King from its first draw
    (`blank_from=draw`) on the deals where it was drawn in `cell`."""
    return (
        games.game_of(cell.rules) == games.DEFAULT
        and cell.play_as is None
        and not any(is_python(a) for a in cell.agents)
        and kid.drawn_in is not None
        and kid.drawn_in[0] == cell.variant
        and kid.agents == cell.agents
        and "blank_from=draw" in kid.rules
    )


def play_forked(
    chunk: Chunk, kids: list[Cell], seed: int, swap: bool, threads: int
) -> tuple[pl.DataFrame, list[tuple[Chunk, pl.DataFrame]]]:
    """A chunk's records and, for each of `kids` (`forks`), its chunk of the same games: the
    games where its King was drawn, each forked from the game with the King at the draw. Each
    kid's records are exactly `play_chunk`'s for its chunk (the engine plays the very game; tests
    /test_blank_from.py), for the moves after the draw only."""
    cell = chunk.cell
    branches = [(k.drawn_in[1], k.rules) for k in kids if k.drawn_in is not None]
    df, forked = play_branched(
        chunk.count, cell.agents, seed, cell.rules, branches, chunk.start, threads, swap
    )
    out = []
    for kid, kid_df in zip(kids, forked, strict=True):
        games_ = tuple(int(g) for g in kid_df["game"])
        out.append((Chunk(kid, chunk.start, chunk.count, games_), _as_cell(kid_df, kid)))
    return _as_cell(df, cell), out


def _as_cell(df: pl.DataFrame, cell: Cell) -> pl.DataFrame:
    """A chunk's records as its cell keeps them (usage kept or not, agents as written, the
    cell and variant named)."""
    if not cell.usage:  # `records: {usage: false}`: the advantage draw's counters stay
        df = df.drop(
            c
            for c in df.columns
            if c.startswith(("arose_", "taken_")) and not c.startswith(USAGE_KEPT)
        )
    if cell.play_as:  # the records name each agent as the experiment wrote it
        written = dict(zip(cell.play_as, cell.agents, strict=True))
        df = df.with_columns(
            pl.col(c).replace(written) for c in df.columns if c.startswith("agent_p")
        )
    return df.with_columns(cell=pl.lit(cell.id), variant=pl.lit(cell.variant))


def _chunk_key(out: Path, path: Path) -> str:
    """A chunk's key in the manifest: its path under records/."""
    return path.relative_to(out / RECORDS).as_posix()


def _all_chunks(exp: Experiment) -> dict[str, Chunk]:
    """Every chunk the run may play (a stopping rule may stop a cell before its last), by key."""
    out = exp.output
    found = {}
    for cell in exp.cells:
        for chunk in _cell_chunks(exp, cell):
            found[_chunk_key(out, chunk_path(out, chunk))] = chunk
    return found


def _cell_chunks(exp: Experiment, cell: Cell) -> list[Chunk]:
    """A cell's chunks in the order they are played: of the chunk size each, or, under the
    `settled` stopping rule, each twice the one before (its checks come after each chunk,
    at 1, 3, 7, ... times the first chunk's games, and a run of any length has few files)."""
    size, limit = _size(exp, cell), _limit(exp, cell)
    doubling = settled_rule(exp)
    chunks: list[Chunk] = []
    start = 0
    while start < limit:
        count = min(size << len(chunks) if doubling else size, limit - start)
        chunks.append(Chunk(cell, start, count))
        start += count
    return chunks


def _chunks_of(exp: Experiment, cell: Cell, k: int) -> Chunk | None:
    """A cell's chunk number `k` (from 0), or None past its last."""
    chunks = _cell_chunks(exp, cell)
    return chunks[k] if k < len(chunks) else None


def _limit(exp: Experiment, cell: Cell) -> int:
    return min(exp.max_games(), cell.max_games or exp.max_games())


def _size(exp: Experiment, cell: Cell) -> int:
    """Games per chunk of this cell: its match-up's chunk_size, else the experiment's."""
    return min(cell.chunk_size or exp.chunk_size, _limit(exp, cell))


def settled_rule(exp: Experiment) -> bool:
    """Does the run stop by the `settled` rule (a balance scan's, `settled.py`)?"""
    return bool(exp.until and exp.until.get("settled"))


def _stopped(
    exp: Experiment, cell: Cell, t: Tally, settling: Collection[tuple[str, str]] = ()
) -> bool:
    if t.games >= _limit(exp, cell):
        return True
    if exp.games is not None or settled_rule(exp):
        return False  # the `settled` rule stops a variant's cells together (`settled.py`)
    if cell.agents in settling:
        # A cell that goes on until its verdicts settle plays all the file's games first: its
        # first look is there (`settling.py`).
        return False
    u = exp.until
    assert u is not None  # a file gives exactly one of games and until
    return t.games >= u.get("min_games", _size(exp, cell)) and t.halfwidth() <= u["ci_halfwidth"]


def _rounds(
    exp: Experiment, tallies: dict[str, Tally], settling: Collection[tuple[str, str]] = ()
) -> Iterator[list[Chunk]]:
    """The chunks to play, round by round. A fixed count is one round; a stopping rule plays
    one chunk per unfinished cell per round and checks the rule between rounds, so the same
    chunks are played whatever the order in which they finish (the `settled` rule's rounds
    are `settled.settled_rounds`)."""
    if exp.games is not None:
        yield [c for cell in exp.cells for c in _cell_chunks(exp, cell)]
        return
    k = 0
    parents = {c.id: drawn.parent(exp, c) or c for c in exp.cells}
    while True:
        # A card's cell that plays only the deals where it was drawn stops with the cell it
        # reads them from: its own games are fewer by design.
        active = [
            cell
            for cell in exp.cells
            if not _stopped(exp, parents[cell.id], tallies[parents[cell.id].id], settling)
        ]
        chunks = [c for cell in active if (c := _chunks_of(exp, cell, k))]
        if not chunks:
            return
        yield chunks
        k += 1
