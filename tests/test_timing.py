"""What more games would cost here: each setup's pace from the seconds its chunks took, the
variants a reading reads, and the command that plays them (`sim/reporting/timing.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.reporting.timing import _round_up, timing

PAIR = ("search_expert", "search_expert")


def _manifest(seconds: dict[str, float | None]) -> dict:
    """Two variants, the second with a King's blank cell that played only some deals."""
    cells = [
        {"id": "base__x", "variant": "base", "agents": list(PAIR), "games": 400},
        {"id": "new__x", "variant": "new", "agents": list(PAIR), "games": 400},
        {"id": "new_KS__x", "variant": "new | blank KS", "agents": list(PAIR), "games": 400},
    ]
    chunks = {}
    for cell, s in seconds.items():
        entry = {"sha256": "0", "rows": 200, "first_game": 0}
        if s is not None:
            entry["seconds"] = s
        chunks[f"{cell}/chunk-0000000000.parquet"] = entry
        chunks[f"{cell}/chunk-0000000200.parquet"] = {**entry, "first_game": 200}
    return {
        "name": "kings",
        "experiment_file": "experiments/kings.yaml",
        "config": {"impact": {"new | blank KS": ["new", "blank", "KS"]}},
        "cells": cells,
        "chunks": chunks,
    }


def test_a_setups_pace_counts_its_cards_cells_and_the_baseline_where_compared():
    t = timing(
        _manifest({"base__x": 10.0, "new__x": 20.0, "new_KS__x": 8.0}),
        Path("reports/kings"),
        "base",
        ["base", "new"],
    )
    # base: 2 x 10 s over 400 deals; new: 2 x (20 + 8) s over its own 400.
    assert t.per_deal == {("base", PAIR): 0.05, ("new", PAIR): 0.14}
    assert t.seconds({"ask": "dominates"}, "new", PAIR, 1000) == 140.0
    # A rule's change is read against the baseline, which plays on with it.
    assert t.seconds({"ask": "changes"}, "new", PAIR, 1000) == 190.0
    assert t.command == "sim run experiments/kings.yaml"
    assert t.settle(400, 2_345) == "sim run experiments/kings.yaml --settle --budget 2800"


def test_a_run_elsewhere_is_named_and_an_untimed_one_is_not_guessed():
    t = timing(
        _manifest({"base__x": None, "new__x": 20.0, "new_KS__x": 8.0}),
        Path("/tmp/out"),
        "base",
        ["base", "new"],
    )
    assert t.command == "sim run experiments/kings.yaml --output /tmp/out"
    assert t.seconds({"ask": "dominates"}, "new", PAIR, 10) == pytest.approx(1.4)
    # Chunks written before they were timed: no time is better than a wrong one.
    assert t.seconds({"ask": "changes"}, "new", PAIR, 10) is None


def test_a_budget_is_rounded_up_to_two_figures():
    assert [_round_up(n) for n in (7, 99, 101, 2_745, 19_200)] == [7, 99, 110, 2_800, 20_000]


def test_a_command_in_a_sentence_is_shown_as_code_and_the_rest_escaped():
    from sim.reporting.formats import commands

    said = "about 2 hours here: `sim run x.yaml --settle --budget 40000` <now>"
    assert str(commands(said)) == (
        "about 2 hours here: <code>sim run x.yaml --settle --budget 40000</code> &lt;now&gt;"
    )
