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
    """Each plain variant's cells of `matchup`: its own and, per King, its King made a blank
    (the `impact:` variants with method `blank`)."""
    by_variant = {c.variant: c.id for c in exp.cells if c.agents == matchup}
    impact: dict[str, list[str]] = exp.resolved.get("impact", {})
    found: dict[str, fx.Cells] = {}
    for v, cell in by_variant.items():
        if v in impact:
            continue
        blanks = {
            card: by_variant[name]
            for name, (of, method, card) in impact.items()
            if of == v and method == "blank" and name in by_variant
        }
        found[v] = fx.Cells(cell, blanks)
    return found


def rule_measures(exp: Experiment) -> list[fx.Measure]:
    """The measures the rule settles."""
    return fx.measures(list(exp.until["settled"]["kings"]) if exp.until else [])


def family_z(exp: Experiment, variants: int) -> float:
    """The z of each interval the rule reads: Bonferroni over every comparison the scan makes
    (each variant but the baseline, each measure), so that all its "settled" hold together."""
    return fx.z_family((variants - 1) * len(rule_measures(exp)))


def open_variants(
    exp: Experiment, active: set[str], games: int, cells: dict[str, fx.Cells]
) -> set[str]:
    """Of `active`, the variants not yet settled on the first `games` games of each cell (the
    baseline stays while any other does)."""
    lf = frame.scan(exp.output, games_below=games)
    z = family_z(exp, len(cells))
    base = cells[exp.baseline]
    measures = rule_measures(exp)
    still = {
        v
        for v in active - {exp.baseline}
        if not all(fx.settled(e, z) for e in fx.effects(lf, cells[v], base, measures))
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
        # Every cell of a scan has the same chunks: the games each open cell has played.
        played = sum(ch.count for ch in _cell_chunks(exp, exp.cells[0])[:k])
        if played >= least:
            active = open_variants(exp, active, played, cells)


def _plain_of(exp: Experiment, cell: Cell) -> str:
    """The plain variant a cell belongs to (an impact variant's, its own otherwise)."""
    impact: dict[str, list[str]] = exp.resolved.get("impact", {})
    return impact[cell.variant][0] if cell.variant in impact else cell.variant
