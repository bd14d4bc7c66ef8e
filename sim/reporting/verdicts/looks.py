"""The verdict box at a look of a run that goes on until its verdicts settle
(`running/runner/settling.py`): the box on each settling cell's games at that look (the other
cells' all: they played the file's games before the first look), read exactly as the report
reads it, and the variants and match-ups whose verdicts are still Not settled."""

from __future__ import annotations

from typing import Any

from sim import games
from sim.analysis import frame
from sim.analysis.houses import split_group
from sim.analysis.verdicts import NOT_SETTLED
from sim.reporting import answer
from sim.reporting.measured import measured
from sim.reporting.verdicts.box import verdict_box
from sim.running.experiment import Experiment
from sim.running.runner.settling import AGAINST_BASELINE, Pair, Plan, cells


def open_variants(exp: Experiment, p: Plan, look: int) -> set[tuple[str, Pair]]:
    """The plain variants with a reading of the box's first player that is Not settled at
    look number `look` (with the baseline where such a reading compares with it), each with
    the settling match-up that plays on for it: the reading's own, or the one the figure that
    needs the most games is read from (a slog cure's better player)."""
    plain = [v for v in exp.variants if v not in exp.resolved.get("impact", {})]
    grids = p.grids()
    found: set[tuple[str, Pair]] = set()
    for part, r in readings_at(exp, p, look):
        if r["verdict"] != NOT_SETTLED or r["figure"].get("unused"):
            continue  # settled, or a card never played: no number of games rates it
        a, _, b = part["player"].partition(" v ")
        where = (r["more_pair"][0], r["more_pair"][1]) if r.get("more_pair") else (a, b or a)
        if where not in grids:
            continue  # a match-up that plays the file's games only
        # A House part reads a group of variants (those differing only in their split).
        named = {r["variant"]} if r["variant"] in plain else set()
        named |= {v for v in plain if split_group(v) == r["variant"]}
        if part["ask"] in AGAINST_BASELINE:
            named.add(exp.baseline)
        found |= {(v, where) for v in named}
    return found


def readings_at(exp: Experiment, p: Plan, look: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The verdict box at look number `look`: each part with each reading of its first
    player."""
    limits = {c.id: p.at(c.agents, look) for c in cells(exp, p)}
    lf = frame.scan(exp.output, games_below=limits, in_memory=True)
    listed = [
        {"id": c.id, "variant": c.variant, "agents": list(c.agents), "rules": c.rules}
        for c in exp.cells
    ]
    m = measured(lf, listed, exp.resolved, exp.answer)
    answer.holm(m.comparisons + m.card_values + m.card_changes + m.card_gaps)
    facts = answer.Facts(
        m.spec,
        m.rows,
        m.comparisons,
        m.card_values,
        [],
        m.baseline,
        m.plain,
        variants=exp.resolved["variants"],
        card_changes=m.card_changes,
        card_gaps=m.card_gaps,
    )
    game = exp.resolved.get("game", games.DEFAULT)
    box = verdict_box(facts, m.spec, exp.resolved, m.gap, game, looks=p.count)
    return [(part, r) for part in box["parts"] for r in part["readings"]]
