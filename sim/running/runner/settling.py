"""Runs that go on until their answer settles: `settle:` in an experiment file, or `sim run FILE
--settle [--budget 30m]` on any run, finished or not.

The answering player's cells (the match-up whose verdicts the report gives first: the strongest,
the answer's `matchup` among equals) play what the file asks of them; then the run reads that
player's verdict box from those games (a look) and, while a reading is Not settled, plays on the
cells of the variants that feed it (and the baseline's, where a reading compares with it),
doubling their games, until every reading is Yes, No or on the line, or the budget is spent: the
most games a cell plays, the most minutes the whole run takes. A reading may also read a figure
from another match-up (a slog cure: the better player's edge, from the run's first mixed
match-up): that match-up settles beside the answering one, looking at the same points (its own
games scaled alike), and a look plays on the match-up of the figure that needs the most games.
The other players' cells play what the file asks, no more.

Repeated looks: the box may be read at up to `looks` points (the file's games, twice them, four
times them, ..., the budget). Every interval of the box, at every look, is widened by Bonferroni
over the box's verdicts and those looks (`verdicts.z_value`), so the verdicts hold together at
95% wherever the run stopped, and the report reads them at the same width. A run continued
with another budget may look where its earlier commands did not, and not where they did: their
looks count too (`Plan.after`), so the count covers every look the run has taken. (An always-valid
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
from dataclasses import dataclass, field, replace
from typing import Any

from sim import games
from sim.analysis.measures import ALL as MEASURES
from sim.analysis.verdicts import default_measures
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


Pair = tuple[str, str]


@dataclass(frozen=True)
class Grid:
    """Where one settling match-up's cells are read: each look's game total (the first the
    file's games) and the chunk size of the games past them."""

    looks: list[int]
    size: int


@dataclass(frozen=True)
class Plan:
    """Where a settling run looks: its match-up, the game totals of its looks (the first the
    file's games), and its budget; `beside`: other match-ups that settle with it (a figure of
    the answer read from them), each with its own game totals at the same looks."""

    matchup: Pair
    looks: list[int]
    grid: int
    max_minutes: float | None
    beside: dict[Pair, Grid] = field(default_factory=dict)
    # The game totals at which earlier commands of this run read the box and this plan does
    # not (a run continued with another budget): counted with the plan's own looks in every
    # interval's width, so that the verdicts hold over every look the run has taken.
    earlier: tuple[int, ...] = ()

    @property
    def count(self) -> int:
        """The looks every interval's width counts: this plan's and the earlier commands'."""
        return len(self.looks) + len(self.earlier)

    def after(self, before: dict[str, Any] | None) -> Plan:
        """This plan continuing a run whose manifest's `settle` record is `before` (None: a
        run that never settled): the looks that run read (its plan's up to its last look, and
        its own earlier ones) that this plan does not take count as earlier looks."""
        if not before or before.get("matchup") != list(self.matchup):
            return self
        read = {n for n in before.get("at") or [] if n <= (before.get("last_look") or 0)}
        read |= set(before.get("earlier") or [])
        return replace(self, earlier=tuple(sorted(read - set(self.looks))))

    def grids(self) -> dict[Pair, Grid]:
        """Every settling match-up's grid, the answering one's first."""
        return {self.matchup: Grid(self.looks, self.grid), **self.beside}

    def at(self, pair: Pair, look: int) -> int:
        """The games each cell of `pair` has played at look number `look`."""
        return self.grids()[pair].looks[look]

    def record(self) -> dict[str, Any]:
        """The plan as the manifest records it."""
        return {
            "matchup": list(self.matchup),
            "looks": self.count,
            "at": self.looks,
            **({"earlier": list(self.earlier)} if self.earlier else {}),
            "max_games": self.looks[-1],
            "max_minutes": self.max_minutes,
            **(
                {"beside": [{"matchup": list(p), "at": g.looks} for p, g in self.beside.items()]}
                if self.beside
                else {}
            ),
        }


def matchup(exp: Experiment) -> tuple[str, str]:
    """The match-up whose verdicts the report gives first: the strongest player's, the
    answer's `matchup` among equals, else the file's first; among the mirror match-ups, which
    every measure but a mixed one (`Measure.mixed`: A's win rate against B) is read from."""
    game = exp.resolved.get("game", games.DEFAULT)
    every = list(dict.fromkeys(c.agents for c in exp.cells))
    mixed = all(MEASURES[m].mixed for m in _measures(exp) if m in MEASURES)
    pairs = [p for p in every if (p[0] != p[1]) == mixed] or every
    chosen = tuple((exp.answer or {}).get("matchup") or ())

    def strength(p: tuple[str, str]) -> int:
        return max(standing(a, game)[0] for a in p)

    return min(pairs, key=lambda p: (-strength(p), p != chosen, pairs.index(p)))


def beside(exp: Experiment, pair: Pair) -> list[Pair]:
    """The match-ups other than the answering one (`pair`) that a figure of the answer is
    read from: the run's first mixed match-up where a measure of the answer reads one (the
    slog cure's better player, `Measure.reads_mixed`)."""
    if not any(m in MEASURES and MEASURES[m].reads_mixed for m in _measures(exp)):
        return []
    mixed = [c.agents for c in exp.cells if c.agents[0] != c.agents[1]]
    return [mixed[0]] if mixed and mixed[0] != pair else []


def _measures(exp: Experiment) -> list[str]:
    """The measures of the file's answer (its own, or its shape's defaults)."""
    game = exp.resolved.get("game", games.DEFAULT)
    return list((exp.answer or {}).get("measures") or default_measures(exp.resolved, game))


def plan(exp: Experiment) -> Plan | None:
    """The looks of `exp`'s settling run, or None when it does not settle."""
    if exp.settle is None:
        return None
    pair = matchup(exp)
    first, grid = _first_and_size(exp, pair)
    most = exp.settle.get("max_games") or DEFAULT_GROWTH * first
    looks = [first]
    if most > first:
        top = _on_grid(most, first, grid)
        while 2 * looks[-1] * LAST_STEP <= top:
            looks.append(_on_grid(2 * looks[-1], first, grid))
        looks.append(top)
    others: dict[Pair, Grid] = {}
    for other in beside(exp, pair):
        # The same looks, each match-up's games scaled alike from its own, within the budget
        # (a match-up whose file plays more than the budget plays its file's games).
        own, size = _first_and_size(exp, other)
        top = _on_grid(max(own, exp.settle.get("max_games") or DEFAULT_GROWTH * own), own, size)
        at = [min(top, _on_grid(math.ceil(own * n / first), own, size)) for n in looks[:-1]]
        others[other] = Grid([*at, top] if len(looks) > 1 else [own], size)
    return Plan(pair, looks, grid, exp.settle.get("max_minutes"), others)


def _first_and_size(exp: Experiment, pair: Pair) -> tuple[int, int]:
    """The games the file asks of `pair`'s cells, and their chunk size."""
    cell = next(c for c in exp.cells if c.agents == pair)
    return _limit(exp, cell), _size(exp, cell)


def _on_grid(total: int, first: int, grid: int) -> int:
    """`total` rounded up to whole chunks past the file's games."""
    return first + math.ceil((total - first) / grid) * grid


def cells(exp: Experiment, p: Plan) -> list[Cell]:
    """The cells that may play past the file's games (every settling match-up's)."""
    grids = p.grids()
    return [c for c in exp.cells if c.agents in grids]


def extension(exp: Experiment, p: Plan, cell: Cell, start: int, end: int) -> list[Chunk]:
    """`cell`'s chunks from game `start` to `end` (both on its match-up's grid)."""
    size = p.grids()[cell.agents].size
    return [Chunk(cell, s, size) for s in range(start, end, size)]


def all_extension_chunks(exp: Experiment) -> list[Chunk]:
    """Every chunk the plan may play past the file's games."""
    p = plan(exp)
    if p is None or len(p.looks) < 2:
        return []
    grids = p.grids()
    return [
        ch
        for c in cells(exp, p)
        for ch in extension(exp, p, c, grids[c.agents].looks[0], grids[c.agents].looks[-1])
    ]


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
    if cell is None:
        return None
    g = p.grids()[cell.agents]
    if start < g.looks[0] or (start - g.looks[0]) % g.size:
        return None
    return Chunk(cell, start, g.size)


@dataclass
class Pace:
    """How fast this command plays each settling match-up: seconds over games (a chunk's
    games as planned, whether or not a card's cell played them all), to judge whether a look
    fits in what is left of a minutes budget."""

    seconds: dict[Pair, float] = field(default_factory=dict)
    games: dict[Pair, int] = field(default_factory=dict)

    def add(self, pair: Pair, seconds: float, games: int) -> None:
        self.seconds[pair] = self.seconds.get(pair, 0.0) + seconds
        self.games[pair] = self.games.get(pair, 0) + games

    def needs(self, chunks: list[Chunk]) -> float:
        """The seconds `chunks` would take at this pace (a match-up not yet timed by this
        command: 0)."""
        return sum(
            self.seconds[ch.cell.agents] / self.games[ch.cell.agents] * ch.count
            for ch in chunks
            if self.games.get(ch.cell.agents)
        )


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


# The (plain variant, match-up) pairs whose cells play on after look number N.
OpenAt = Callable[[Experiment, Plan, int], set[tuple[str, Pair]]]


def rounds(
    exp: Experiment,
    base: Iterator[list[Chunk]],
    spent: Callable[[], float],
    on_disk: Callable[[Chunk], bool],
    progress: Progress,
    open_at: OpenAt,
    pace: Pace | None = None,
    planned: Plan | None = None,
) -> Iterator[list[Chunk]]:
    """The chunks to play, round by round: the file's (`base`), then, look by look, the
    settling cells of the variants still open (`open_at(exp, plan, look)`: each plain variant
    and match-up with a verdict not settled on each cell's games at that look,
    `reporting.verdicts.looks`).
    `spent()`: this command's seconds so far; `on_disk(chunk)`: whether a chunk is played;
    `pace`: how fast the settling cells have played, so that no look starts that would end
    past the minutes budget; `planned`: the plan (`plan(exp)` with the run's earlier looks,
    `Plan.after`; default `plan(exp)`)."""
    yield from base
    p = planned or plan(exp)
    assert p is not None
    # Where each settling cell's games end: a cell that sat out a look (its verdicts settled,
    # or another match-up's figure the one that needed games) catches up from there, so that
    # every cell's games are the first N, with no gap, at every look.
    reached = {c.id: p.at(c.agents, 0) for c in cells(exp, p)}
    for look, at in enumerate(p.looks):
        still = open_at(exp, p, look)
        progress.looked_at, progress.open = at, sorted({v for v, _ in still})
        if not still:
            progress.stopped = "settled"
            return
        if look == len(p.looks) - 1:
            progress.stopped = "games"
            return
        plain = plain_of(exp)
        todo = [
            ch
            for c in cells(exp, p)
            if (plain[c.variant], c.agents) in still
            for ch in extension(exp, p, c, reached[c.id], p.at(c.agents, look + 1))
        ]
        begun = any(on_disk(ch) for ch in todo)
        if p.max_minutes is not None and not begun:
            ahead = (pace or Pace()).needs(todo)
            if spent() + ahead > 60 * p.max_minutes:
                progress.stopped = "minutes"
                return
        for ch in todo:
            reached[ch.cell.id] = max(reached[ch.cell.id], ch.start + ch.count)
        yield todo


def plain_of(exp: Experiment) -> dict[str, str]:
    """Each variant's plain variant (an impact variant's own, itself otherwise)."""
    impact: dict[str, list[str]] = exp.resolved.get("impact", {})
    return {v: impact[v][0] if v in impact else v for v in exp.variants}
