"""What the report compares with what, on the same deals: each variant's reference and the
settings it differs in, a card's value across variants and between cards, and the advantage
draw against a coin."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import polars as pl

from sim.analysis.cards import card_value_change
from sim.analysis.comparisons import choice_value
from sim.reporting import answer


def _reference(variant: str, baseline: str, rules: dict[str, str], plain: list[str]) -> str | None:
    """The variant that `variant` is compared with: the baseline, except where both split the
    deck by suit between different Houses. Two pairings of different Houses are not two rules
    for one game, so such a variant is compared with the one that splits the deck the same way
    and otherwise has the baseline's rules (`kings=classic` with D-S against `kings=enhance`
    with D-S); None when the experiment has no such variant."""
    mine, base = answer.rule_values(rules[variant]), answer.rule_values(rules[baseline])
    both_split = mine.get("deck") == base.get("deck") == "suit_split"
    if not both_split or mine.get("split_houses") == base.get("split_houses"):
        return baseline
    same_split = {**base, "split_houses": mine.get("split_houses", "")}
    return next((v for v in plain if answer.rule_values(rules[v]) == same_split), None)


def _settings_apart(rules: str, other: str) -> str:
    """The options `rules` sets otherwise than `other`, as `kings=enhance`."""
    mine, theirs = answer.rule_values(rules), answer.rule_values(other)
    return ",".join(f"{k}={v}" for k, v in mine.items() if theirs.get(k) != v)


def _card_changes(
    lf: pl.LazyFrame, card_values: list[dict[str, Any]], baseline: str, drawn_only: bool = False
) -> list[dict[str, Any]]:
    """Each card's value under each variant against its value under the baseline (the same
    card, way of taking it out and match-up), on the same deals: does a rule make a card worth
    more? Cards the drawer hardly used under either are left out (their value is zero by
    construction)."""
    changes = []
    for v in card_values:
        if v["variant"] == baseline:
            continue
        key = (v["card"], v["method"], v["agent_a"], v["agent_b"])
        base = next(
            (
                b
                for b in card_values
                if b["variant"] == baseline
                and (b["card"], b["method"], b["agent_a"], b["agent_b"]) == key
            ),
            None,
        )
        if base is None or min(v["used"], base["used"]) < answer.UNUSED:
            continue
        change = card_value_change(lf, v["cells"], base["cells"], v["card"], drawn_only)
        if change:
            changes.append(
                {
                    **change,
                    "variant": v["variant"],
                    "method": v["method"],
                    "agent_a": v["agent_a"],
                    "agent_b": v["agent_b"],
                }
            )
    return changes


def _choice_values(
    lf: pl.LazyFrame, rows: list[dict[str, Any]], impact: dict[str, Any]
) -> list[dict[str, Any]]:
    """For each cell where the advantage draw's winner chooses who starts and the experiment
    also has the same rules and match-up with a coin: what the draw is worth to its winner
    against the same seat with a coin, from the same opening hands
    (`sim.analysis.comparisons.choice_value`)."""
    draw, coin = "starting_player=advantage_draw", "starting_player=coin"
    values = []
    for r in rows:
        if r["variant"] in impact or draw not in r["rules"]:
            continue
        with_coin = next(
            (
                b
                for b in rows
                if b["rules"] == r["rules"].replace(draw, coin)
                and (b["agent_a"], b["agent_b"]) == (r["agent_a"], r["agent_b"])
            ),
            None,
        )
        if with_coin is None:
            continue
        value = choice_value(lf, r["cell"], with_coin["cell"])
        if value:
            values.append(
                {
                    **value,
                    "variant": r["variant"],
                    "coin": with_coin["variant"],
                    "agent_a": r["agent_a"],
                    "agent_b": r["agent_b"],
                }
            )
    return values


def _card_gaps(
    gap: Callable[[dict[str, Any], dict[str, Any]], dict[str, Any] | None],
    card_values: list[dict[str, Any]],
    chosen: tuple[str, ...] | None,
) -> list[dict[str, Any]]:
    """Every pair of cards the answer ranks (the match-up and way of taking a card out it
    reads, each variant on its own), the higher value first, compared on the same deals: is
    the King of Diamonds worth more than the King of Spades? Cards the drawer hardly used are
    left out (their value is zero by construction)."""
    found = answer.impact_read(chosen, card_values)
    if found is None:
        return []
    (agent_a, agent_b), method, read = found
    gaps = []
    for variant in dict.fromkeys(v["variant"] for v in read):
        values = sorted(
            (v for v in read if v["variant"] == variant and v["used"] >= answer.UNUSED),
            key=lambda v: -v["value"],
        )
        for i, high in enumerate(values):
            for low in values[i + 1 :]:
                found_gap = gap(high, low)
                if found_gap:
                    gaps.append(
                        {
                            **found_gap,
                            "variant": variant,
                            "method": method,
                            "agent_a": agent_a,
                            "agent_b": agent_b,
                        }
                    )
    return gaps
