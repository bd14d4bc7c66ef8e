"""What the answer is written from, measured from a run's records: each cell's row, every
card's value to its drawer and its change across variants, the gaps between cards, and each
variant against its reference on the same deals. The report reads all of it; a run that goes
on until its verdicts settle reads it at each look (`running/runner/settling.py`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import polars as pl

from sim import games
from sim.analysis import cards as card_measures
from sim.analysis import houses as house_measures
from sim.analysis import summary
from sim.analysis.comparisons import paired_difference
from sim.analysis.control import borrowed_rates
from sim.analysis.measures import ALL, CARD_VALUE, ROUNDS
from sim.reporting import answer
from sim.reporting.compared import _card_changes, _card_gaps, _reference, _settings_apart


@dataclass
class Measured:
    game: Any
    # Each cell's summary (`summary.cells`), by id, and the cells of the answer as rows.
    cells: dict[str, Any]
    rows: list[dict[str, Any]]
    variants: list[str]
    baseline: str
    impact: dict[str, list[str]]
    plain: list[str]
    spec: dict[str, Any]
    card_values: list[dict[str, Any]]
    card_changes: list[dict[str, Any]]
    card_gaps: list[dict[str, Any]]
    # One card value against another on the same deals (each computed once).
    gap: Callable[[dict, dict], dict | None]
    comparisons: list[dict[str, Any]]
    # Suit-split variants with no variant to compare them with (`_reference`).
    unreferenced: list[str]


def measured(
    lf: pl.LazyFrame,
    manifest_cells: list[dict[str, Any]],
    config: dict[str, Any],
    answer_spec: dict[str, Any] | None,
) -> Measured:
    """Everything the answer and the verdicts are read from, for the cells `manifest_cells`
    (the manifest's `cells`: id, variant, agents, rules) of the records `lf`."""
    game = games.game(config.get("game", games.DEFAULT))
    cells = summary.cells(lf, game)
    p1 = house_measures.p1_rates(lf)
    variants = list(config["variants"])
    baseline = config["baseline"]
    rows = []
    for i, c in enumerate(manifest_cells):
        info = cells.get(c["id"])
        if info is None:
            continue
        info["p1_rate"] = p1.get(c["id"], 0.5)
        rows.append(
            {
                **info,
                "index": i,
                "variant": c["variant"],
                "variant_index": variants.index(c["variant"]),
                "agent_a": c["agents"][0],
                "agent_b": c["agents"][1],
                "rules": c["rules"],
                "label": f"{c['variant']}: {c['agents'][0]} v {c['agents'][1]}",
            }
        )
    # Variants that take a card out (`impact:`) are compared with their own variant, not the
    # baseline: the card's causal value to the player who draws it.
    impact: dict[str, list[str]] = config.get("impact", {})
    # A card's cells without it played only the deals where it was drawn (`runner/drawn.py`).
    drawn_only = config.get("impact_deals") == "drawn"
    plain = [v for v in variants if v not in impact]
    # With `answer: {borrow: true}`, each mirror cell's win rates by place in turn order (the
    # first player's first) and seat P1's (a suit split's first House), borrowing from a
    # cheaper player's games on the same deals (`analysis/control.py`): what the verdicts read.
    borrowed = (
        borrowed_rates(lf, rows, plain, game.name) if (answer_spec or {}).get("borrow") else {}
    )
    for r in rows:
        if r["cell"] in borrowed:
            r["borrowed"] = borrowed[r["cell"]]
    card_values = []
    for r in rows:
        if r["variant"] not in impact:
            continue
        parent, method, card = impact[r["variant"]]
        with_card = next(
            (
                b
                for b in rows
                if b["variant"] == parent
                and (b["agent_a"], b["agent_b"]) == (r["agent_a"], r["agent_b"])
            ),
            None,
        )
        if with_card is None:
            continue
        value = card_measures.card_value(lf, with_card["cell"], r["cell"], card, drawn_only)
        if value:
            card_values.append(
                {
                    **value,
                    "variant": parent,
                    "method": method,
                    # A blank from its first draw on (`impact: {blank_from: draw}`); only when
                    # so, so that other runs' answers read as before.
                    **({"from_draw": True} if "blank_from=draw" in r["rules"] else {}),
                    "agent_a": r["agent_a"],
                    "agent_b": r["agent_b"],
                    "cells": (with_card["cell"], r["cell"]),
                }
            )
    card_changes = _card_changes(lf, card_values, baseline, drawn_only)
    spec = answer_spec or {}
    if not spec.get("measures"):
        spec = {**spec, "measures": answer.default_measures(config, game)}
    # The answer's ranking and the verdicts compare the same pairs of cards: each once.
    gaps: dict[tuple, dict | None] = {}

    def gap(a: dict, b: dict) -> dict | None:
        """One card value against another on the same deals (each computed once)."""
        key = (a["cells"], a["card"], b["cells"], b["card"])
        if key not in gaps:
            gaps[key] = card_measures.card_value_gap(
                lf, (a["cells"], a["card"]), (b["cells"], b["card"]), drawn_only
            )
        return gaps[key]

    card_gaps = (
        _card_gaps(gap, card_values, tuple(spec.get("matchup") or ()) or None)
        if CARD_VALUE.name in spec["measures"]
        else []
    )
    comparisons = []
    # Suit-split variants with no variant to compare them with (`_reference`).
    unreferenced: list[str] = []
    for r in rows:
        if r["variant"] in impact:
            continue  # a card taken out: read by the card measures, not compared here
        reference = _reference(r["variant"], baseline, config["variants"], plain)
        if reference is None and r["variant"] not in unreferenced:
            unreferenced.append(r["variant"])
        if reference in (None, r["variant"]):
            continue
        base = next(
            (
                b
                for b in rows
                if b["variant"] == reference
                and (b["agent_a"], b["agent_b"]) == (r["agent_a"], r["agent_b"])
            ),
            None,
        )
        if base is None:
            continue
        # In a mirror match-up A's win rate is 50% by symmetry: compare the first player's;
        # with decks split by suit, the first House's (P1 holds it), which is what a House
        # pairing is about. Win rates at different table sizes have different even shares
        # (1/players): only game length is compared across them (the seat answer reads each
        # size on its own).
        mirror = r["agent_a"] == r["agent_b"]
        split = all(
            answer.rule_values(config["variants"][v]).get("deck") == "suit_split"
            for v in (r["variant"], reference)
        )
        rate = "first_house" if split else "first_won" if mirror else "win_a"
        same_table = r["players"] == base["players"]
        # A game's length always; what each measure of the answer reads besides (its record).
        other_measures: tuple[str, ...] = (ROUNDS.column,)
        for m in spec["measures"]:
            other_measures += ALL[m].compared if m in ALL else ()
        for measure in (rate, *other_measures) if same_table else other_measures:
            d = paired_difference(lf, r["cell"], base["cell"], measure)
            if d and measure == "first_house":
                # The pairing's first House, named ("P1's House" read as the first player's).
                first, second = (
                    answer.rule_values(config["variants"][r["variant"]])
                    .get("split_houses", "-")
                    .split("-")
                )
                d["label"] = f"win rate of {first} against {second}"
            if d:
                comparisons.append(
                    {
                        **d,
                        "variant": r["variant"],
                        "agent_a": r["agent_a"],
                        "agent_b": r["agent_b"],
                        "reference": reference,
                        # What the reference sets otherwise, for the table's narrow column.
                        "reference_label": _settings_apart(
                            config["variants"][reference], config["variants"][r["variant"]]
                        ),
                    }
                )
    # With decks split by suit, each House's average over its pairings, rule set against rule
    # set (a trait that moves a House moves it in every pairing).
    splits = {
        v: values["split_houses"]
        for v, r in config["variants"].items()
        if (values := answer.rule_values(r)).get("deck") == "suit_split"
        and "split_houses" in values
    }
    comparisons += house_measures.house_means(comparisons, splits)
    return Measured(
        game=game,
        cells=cells,
        rows=rows,
        variants=variants,
        baseline=baseline,
        impact=impact,
        plain=plain,
        spec=spec,
        card_values=card_values,
        card_changes=card_changes,
        card_gaps=card_gaps,
        gap=gap,
        comparisons=comparisons,
        unreferenced=unreferenced,
    )
