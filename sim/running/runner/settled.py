"""The `settled` stopping rule (a balance scan's): every variant plays until each effect the scan
reads of it against the baseline is settled (`analysis.effects.settled`: negligible, or known
to matter with its size known to within the line), or until its most games. A variant's cells
(its plain one and its Kings made blanks) stop together; the baseline plays on while any other
variant does, so that every comparison has the baseline's games on its deals.

Chunks double (`chunks._cell_chunks`), and the rule is checked after each round on the games
of the chunks finished so far and no others (`frame.scan(games_below=...)`: an interrupted run
may have left later chunks on disk), so the same records give the same decisions, on any number
of workers and after any resume: successive halving on common deals."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sim.analysis import effects as fx
from sim.analysis import frame
from sim.running.experiment import Cell, Experiment
from sim.running.runner.chunks import Chunk, _cell_chunks


def variant_cells(exp: Experiment, matchup: tuple[str, str]) -> dict[str, fx.Cells]:
    """Each plain variant's cells of `matchup`: its own and, per card valued, the card's
    `impact:` variant (a King made a blank, another card forbidden)."""
    by_variant = {c.variant: c.id for c in exp.cells if c.agents == matchup}
    impact: dict[str, list[str]] = exp.resolved.get("impact", {})
    found: dict[str, fx.Cells] = {}
    for v, cell in by_variant.items():
        if v in impact:
            continue
        blanks = {
            card: by_variant[name]
            for name, (of, method, card) in impact.items()
            if of == v and method in ("blank", "forbid") and name in by_variant
        }
        found[v] = fx.Cells(cell, blanks)
    return found


def rule_measures(exp: Experiment) -> list[fx.Measure]:
    """The measures the rule settles."""
    return fx.measures(list(exp.until["settled"]["kings"]) if exp.until else [])


def family_size(exp: Experiment, variants: int) -> int:
    """How many intervals the rule may read: every comparison the scan makes (each variant but
    the baseline, each measure) at every check (one a chunk)."""
    checks = len(_cell_chunks(exp, exp.cells[0])) if exp.until else 1
    return (variants - 1) * len(rule_measures(exp)) * checks


def family_z(exp: Experiment, variants: int) -> float:
    """The z of each interval the rule reads: Bonferroni over `family_size`, so that all its
    decisions, and the verdicts read from the games they stopped at, hold together at 95%
    however many checks came before."""
    return fx.z_family(family_size(exp, variants))


def open_variants(
    exp: Experiment, active: set[str], games: int, cells: dict[str, fx.Cells]
) -> set[str]:
    """Of `active`, the variants not yet settled on the first `games` games of each cell (the
    baseline stays while any other does)."""
    # In memory: a streamed sum's last bits depend on the order its threads finish, and a
    # decision on the line must come out the same after a resume.
    lf = frame.scan(exp.output, games_below=games, in_memory=True)
    z = family_z(exp, len(cells))
    k = family_size(exp, len(cells))
    base = cells[exp.baseline]
    measures = rule_measures(exp)
    # A measure with nothing to read after a chunk (a King its deck lacks, no game reaching
    # round 6) does not hold a variant back: the page says it was not measured.
    still = {
        v
        for v in active - {exp.baseline}
        if not all(fx.settled(e, z) for e in fx.effects(lf, cells[v], base, measures, k))
    }
    return still | {exp.baseline} if still else set()


def settled_rounds(exp: Experiment) -> Iterator[list[Chunk]]:
    """The chunks to play, round by round: chunk k of every cell of a variant still open."""
    rule: dict[str, Any] = exp.until["settled"] if exp.until else {}
    matchup = (str(rule["matchup"][0]), str(rule["matchup"][1]))
    cells = variant_cells(exp, matchup)
    group = {c.id: _plain_of(exp, c) for c in exp.cells}
    active = set(cells)
    least = int(exp.until.get("min_games", 0)) if exp.until else 0
    # Every cell of a scan has the same chunks, so a round's games are the same in each.
    layout = [(ch.start, ch.count) for ch in _cell_chunks(exp, exp.cells[0])]
    assert all([(ch.start, ch.count) for ch in _cell_chunks(exp, c)] == layout for c in exp.cells)
    k = 0
    while active:
        chunks = [
            chunks_[k]
            for c in exp.cells
            if group[c.id] in active and k < len(chunks_ := _cell_chunks(exp, c))
        ]
        if not chunks:
            return
        yield chunks
        k += 1
        played = sum(count for _, count in layout[:k])
        if played >= least:
            active = open_variants(exp, active, played, cells)


def _plain_of(exp: Experiment, cell: Cell) -> str:
    """The plain variant a cell belongs to (an impact variant's, its own otherwise)."""
    impact: dict[str, list[str]] = exp.resolved.get("impact", {})
    return impact[cell.variant][0] if cell.variant in impact else cell.variant
