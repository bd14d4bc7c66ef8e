"""Runs that go on until their answer settles: `settle:` in an experiment file, or `sim run FILE
--settle [--budget 30m]` on any run, finished or not.

The answering player's cells (the match-up whose verdicts the report gives first: the strongest,
the answer's `matchup` among equals) play what the file asks of them; then the run reads that
player's verdict box from those games (a look) and, while a reading is Not settled, plays on the
cells of the variants that feed it (and the baseline's, where a reading compares with it),
doubling their games, until every reading is Yes, No or on the line, or the budget is spent: the
most games a cell plays, the most minutes the whole run takes. The other players' cells play
what the file asks, no more.

Repeated looks: the box may be read at up to `looks` points (the file's games, twice them, four
times them, ..., the budget). Every interval of the box, at every look, is widened by Bonferroni
over the box's verdicts and those looks (`verdicts.z_value`), so the verdicts hold together at
95% wherever the run stopped, and the report reads them at the same width. (An always-valid
confidence sequence would allow a look after every chunk at some cost in width; doubling keeps
the looks few, about five, for the same effect.) A look reads the games below its total alone
(an interrupted run may have played later chunks), in memory, so the same records give the same
decisions on any number of workers or machines and after any resume. A minutes budget is the
one thing that depends on the machine: the run plays no look that its pace so far says would end
past it (a look begun is finished), and the same command goes on from there.

Games past the file's are played in chunks of the match-up's chunk size, on a grid from the
file's games, so that a run continued with another budget keeps every chunk it played."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from sim import games
from sim.play.agents import standing
from sim.running.experiment import Cell, Experiment
from sim.running.experiment.schema import SETTLE_KEYS
from sim.running.runner.chunks import Chunk, _limit, _size

# Without a budget in games, a cell plays at most this many times the games the file asks.
DEFAULT_GROWTH = 16
# A look is added before the budget's own only where it leaves at least this much room to it
# (the budget 20,000 after 9,600 is the next look; 19,200 is not also one).
LAST_STEP = 1.5
# Parts whose readings compare a variant with the baseline: the baseline plays on with them.
AGAINST_BASELINE = ("changes", "shortens", "cures")


_GAMES = re.compile(r"(\d+(?:\.\d+)?)([kKmM]?)")
_TIME = re.compile(r"(\d+(?:\.\d+)?)(s|m|min|h)")
_SECONDS = {"s": 1, "m": 60, "min": 60, "h": 3600}


def budget(texts: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """`--budget` values read: a number of games a cell (20000, 20k, 1.5M) and/or a time
    (90s, 30m, 2h) as {max_games, max_minutes}; ValueError naming a value that is neither."""
    found: dict[str, Any] = {}
    for text in texts:
        t = text.strip().replace("_", "").replace(",", "")
        if m := _TIME.fullmatch(t):
            found["max_minutes"] = float(m.group(1)) * _SECONDS[m.group(2)] / 60
        elif m := _GAMES.fullmatch(t):
            count = float(m.group(1)) * {"": 1, "k": 1e3, "m": 1e6}[m.group(2).lower()]
            found["max_games"] = int(count)
        else:
            raise ValueError(
                f"--budget {text!r}: expected games a cell (20000, 20k) or a time (90s, 30m, 2h)"
            )
        if found.get("max_games") == 0 or found.get("max_minutes") == 0:
            raise ValueError(f"--budget {text!r}: expected more than zero")
    return found


def settled_by(exp: Experiment, given: dict[str, Any] | None) -> Experiment:
    """`exp` asked to go on until its answer settles, within `given` ({max_games,
    max_minutes}, each in place of the file's `settle:`)."""
    unknown = sorted(set(given or {}) - set(SETTLE_KEYS))
    if unknown:
        raise ValueError(
            f"settle: unknown key {unknown[0]!r}; valid keys: {', '.join(SETTLE_KEYS)}"
        )
    for key, value in (given or {}).items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
            raise ValueError(f"settle: {key} expected a positive number, got {value!r}")
    before = exp.settle or {"max_games": None, "max_minutes": None}
    return replace(exp, settle={**before, **(given or {})})


@dataclass(frozen=True)
class Plan:
    """Where a settling run looks: its match-up, the game totals of its looks (the first the
    file's games), and its budget."""

    matchup: tuple[str, str]
    looks: list[int]
    grid: int
    max_minutes: float | None

    def record(self) -> dict[str, Any]:
        """The plan as the manifest records it."""
        return {
            "matchup": list(self.matchup),
            "looks": len(self.looks),
            "at": self.looks,
            "max_games": self.looks[-1],
            "max_minutes": self.max_minutes,
        }


def matchup(exp: Experiment) -> tuple[str, str]:
    """The match-up whose verdicts the report gives first: the strongest player's, the
    answer's `matchup` among equals, else the file's first."""
    game = exp.resolved.get("game", games.DEFAULT)
    pairs = list(dict.fromkeys(c.agents for c in exp.cells))
    chosen = tuple((exp.answer or {}).get("matchup") or ())

    def strength(p: tuple[str, str]) -> int:
        return max(standing(a, game)[0] for a in p)

    return min(pairs, key=lambda p: (-strength(p), p != chosen, pairs.index(p)))


def plan(exp: Experiment) -> Plan | None:
    """The looks of `exp`'s settling run, or None when it does not settle."""
    if exp.settle is None:
        return None
    pair = matchup(exp)
    cell = next(c for c in exp.cells if c.agents == pair)
    first, grid = _limit(exp, cell), _size(exp, cell)
    most = exp.settle.get("max_games") or DEFAULT_GROWTH * first
    looks = [first]
    if most > first:
        top = _on_grid(most, first, grid)
        while 2 * looks[-1] * LAST_STEP <= top:
            looks.append(_on_grid(2 * looks[-1], first, grid))
        looks.append(top)
    return Plan(pair, looks, grid, exp.settle.get("max_minutes"))


def _on_grid(total: int, first: int, grid: int) -> int:
    """`total` rounded up to whole chunks past the file's games."""
    return first + math.ceil((total - first) / grid) * grid


def cells(exp: Experiment, p: Plan) -> list[Cell]:
    """The cells that may play past the file's games."""
    return [c for c in exp.cells if c.agents == p.matchup]


def extension(exp: Experiment, p: Plan, cell: Cell, start: int, end: int) -> list[Chunk]:
    """`cell`'s chunks from game `start` to `end` (both on the grid)."""
    return [Chunk(cell, s, p.grid) for s in range(start, end, p.grid)]


def all_extension_chunks(exp: Experiment) -> list[Chunk]:
    """Every chunk the plan may play past the file's games."""
    p = plan(exp)
    if p is None or len(p.looks) < 2:
        return []
    return [ch for c in cells(exp, p) for ch in extension(exp, p, c, p.looks[0], p.looks[-1])]


_CHUNK_NAME = re.compile(r"chunk-(\d{10})\.parquet")


def grid_chunk(exp: Experiment, p: Plan | None, cell_id: str, name: str) -> Chunk | None:
    """The chunk a file named `name` in `cell_id`'s folder is, where it lies on the grid of a
    cell settling under plan `p` past its budget (played under a larger budget before): kept,
    not refused as a stray."""
    found = _CHUNK_NAME.fullmatch(name)
    if p is None or found is None:
        return None
    start = int(found.group(1))
    cell = next((c for c in cells(exp, p) if c.id == cell_id), None)
    if cell is None or start < p.looks[0] or (start - p.looks[0]) % p.grid:
        return None
    return Chunk(cell, start, p.grid)


@dataclass
class Pace:
    """How fast this command plays the settling match-up: seconds over games (a chunk's
    games as planned, whether or not a card's cell played them all), to judge whether a look
    fits in what is left of a minutes budget."""

    seconds: float = 0.0
    games: int = 0

    def add(self, seconds: float, games: int) -> None:
        self.seconds += seconds
        self.games += games

    def needs(self, games: int) -> float:
        """The seconds `games` more would take at this pace (0 before anything is timed)."""
        return self.seconds / self.games * games if self.games else 0.0


@dataclass
class Progress:
    """What the settling run has found so far, for the manifest: where it stopped and why,
    the variants still open at its last look, and the seconds it has spent."""

    seconds: float = 0.0
    stopped: str | None = None
    looked_at: int = 0
    open: list[str] | None = None

    def record(self) -> dict[str, Any]:
        return {
            "stopped": self.stopped,
            "last_look": self.looked_at,
            "open": self.open or [],
            "seconds": round(self.seconds, 3),
        }


def goes_on(done: dict[str, Any], p: Plan, answer: dict[str, Any] | None) -> bool:
    """Whether a finished run (its manifest `done`) plays on under plan `p`: it never
    settled, or settled under another plan or another `answer:` (other verdicts to settle),
    or its minutes ran out (each command has its own minutes)."""
    before = done.get("settle")
    if not before or done.get("answer") != answer:
        return True
    planned = {k: before.get(k) for k in p.record()}
    return planned != p.record() or before.get("stopped") == "minutes"


OpenAt = Callable[[Experiment, Plan, int], set[str]]


def rounds(
    exp: Experiment,
    base: Iterator[list[Chunk]],
    spent: Callable[[], float],
    on_disk: Callable[[Chunk], bool],
    progress: Progress,
    open_at: OpenAt,
    pace: Pace | None = None,
) -> Iterator[list[Chunk]]:
    """The chunks to play, round by round: the file's (`base`), then, look by look, the
    settling cells of the variants still open (`open_at(exp, plan, games)`: the plain variants
    with a verdict not settled on each cell's first `games` games, `reporting.verdicts.looks`).
    `spent()`: this command's seconds so far; `on_disk(chunk)`: whether a chunk is played;
    `pace`: how fast the settling cells have played, so that no look starts that would end
    past the minutes budget."""
    yield from base
    p = plan(exp)
    assert p is not None
    for at, nxt in zip(p.looks, [*p.looks[1:], None], strict=True):
        still = open_at(exp, p, at)
        progress.looked_at, progress.open = at, sorted(still)
        if not still:
            progress.stopped = "settled"
            return
        if nxt is None:
            progress.stopped = "games"
            return
        plain = plain_of(exp)
        todo = [
            ch
            for c in cells(exp, p)
            if plain[c.variant] in still
            for ch in extension(exp, p, c, at, nxt)
        ]
        begun = any(on_disk(ch) for ch in todo)
        if p.max_minutes is not None and not begun:
            ahead = (pace or Pace()).needs(sum(ch.count for ch in todo))
            if spent() + ahead > 60 * p.max_minutes:
                progress.stopped = "minutes"
                return
        yield todo


def plain_of(exp: Experiment) -> dict[str, str]:
    """Each variant's plain variant (an impact variant's own, itself otherwise)."""
    impact: dict[str, list[str]] = exp.resolved.get("impact", {})
    return {v: impact[v][0] if v in impact else v for v in exp.variants}
