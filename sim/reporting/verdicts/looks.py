"""The verdict box at a look of a run that goes on until its verdicts settle
(`running/runner/settling.py`): the answering player's box on each of its cells' first games,
read exactly as the report reads it, and the variants whose verdicts are still Not settled."""

from __future__ import annotations

from typing import Any

import polars as pl

from sim import games
from sim.analysis import frame
from sim.analysis.houses import split_group
from sim.analysis.verdicts import NOT_SETTLED
from sim.reporting import answer
from sim.reporting.measured import measured
from sim.reporting.verdicts.box import verdict_box
from sim.running.experiment import Experiment
from sim.running.runner.settling import AGAINST_BASELINE, Plan, cells


def open_variants(exp: Experiment, p: Plan, at: int) -> set[str]:
    """The plain variants with a reading of the answering player that is Not settled on each
    cell's first `at` games (with the baseline where such a reading compares with it)."""
    readings = readings_at(exp, p, at)
    plain = [v for v in exp.variants if v not in exp.resolved.get("impact", {})]
    found: set[str] = set()
    for part, r in readings:
        if r["verdict"] != NOT_SETTLED or r["figure"].get("unused"):
            continue  # settled, or a card never played: no number of games rates it
        # A House part reads a group of variants (those differing only in their split).
        named = {r["variant"]} if r["variant"] in plain else set()
        named |= {v for v in plain if split_group(v) == r["variant"]}
        found |= named
        if part["ask"] in AGAINST_BASELINE:
            found.add(exp.baseline)
    return found


def readings_at(exp: Experiment, p: Plan, at: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The answering player's verdict box on each of its cells' first `at` games: each part
    with each of its readings."""
    mine = cells(exp, p)
    lf = frame.scan(exp.output, games_below=at, in_memory=True).filter(
        pl.col("cell").is_in([c.id for c in mine])
    )
    listed = [
        {"id": c.id, "variant": c.variant, "agents": list(c.agents), "rules": c.rules} for c in mine
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
    box = verdict_box(facts, m.spec, exp.resolved, m.gap, game, looks=len(p.looks))
    return [(part, r) for part in box["parts"] for r in part["readings"]]
