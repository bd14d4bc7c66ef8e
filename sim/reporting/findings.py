"""Every finding in words, written from the numbers (the report's folded list under the answer),
and the robustness section: does each comparison with the baseline hold across match-ups?"""

from __future__ import annotations

from typing import Any

from sim.analysis import usage
from sim.analysis.comparisons import MEASURES, agreement
from sim.reporting import answer
from sim.reporting.answer import quoted, with_reach
from sim.reporting.answer.sizes import Size
from sim.reporting.formats import ALL_MATCHUPS, delta, pct, points_interval, value

# A name in a sentence, quoted as the answer quotes it.
_q = quoted


def _findings(
    comparisons: list[dict],
    kings: list[dict],
    rows: list[dict],
    houses: list[dict],
    baseline: str,
    robustness: dict[str, Any] | None,
    decisions: list[dict[str, Any]],
    card_values: list[dict[str, Any]] | None = None,
) -> list[str]:
    """Every finding in words, written from the numbers (the report's folded list under the
    answer): card values, comparisons beyond noise, dominant Kings, Houses, rules that changed
    few games or decisions never taken, and robustness across agents."""
    parts = [f"{len(rows)} cells, {sum(r['games'] for r in rows):,} games."]
    # A card's causal value first: what taking it out of the game costs the player who draws it.
    groups: dict[tuple[str, str, str, str], list[dict[str, Any]]] = {}
    for v in card_values or []:
        groups.setdefault((v["variant"], v["agent_a"], v["agent_b"], v["method"]), []).append(v)
    for (variant, a, b, method), values in groups.items():
        how = "a blank with no power" if method == "blank" else "the card forbidden"
        listed = ", ".join(
            f"{v['card']} {points_interval(v['value'], v['lo'], v['hi'])}"
            + (
                " (never played)"
                if v.get("used", 1.0) < answer.UNUSED
                else f" ({_sized(v, Size.WITHIN_NOISE if v['noise'] else 'real')})"
            )
            for v in sorted(values, key=lambda v: -v["value"])
        )
        parts.append(
            f"Under {_q(variant)} ({a} v {b}), what each card is worth to the player who draws "
            f"it, against {how} (points of win rate, same deals): {listed}."
        )
    real = [c for c in comparisons if not c["noise"]]
    # Cells whose first player the advantage draw's winner chose (it often deferred).
    chosen = {
        (r["variant"], r["agent_a"], r["agent_b"])
        for r in rows
        if r.get("deferred", 0) >= answer.DEFERRED_OFTEN
    }
    for c in real:
        unit = MEASURES[c["measure"]][2]
        mixed = c["measure"] == "first_won" and (
            ((c["variant"], c["agent_a"], c["agent_b"]) in chosen)
            != ((baseline, c["agent_a"], c["agent_b"]) in chosen)
        )
        parts.append(
            f"Under {_q(c['variant'])} ({c['agent_a']} v {c['agent_b']}), the {c['label']} is "
            f"{value(c, c['value'])} against {value(c, c['base'])} under "
            + (
                f"the baseline {_q(baseline)}"
                if c.get("reference", baseline) == baseline
                else f"{_q(c['reference'])} (the same deals)"
                if c["measure"] == "house_mean"
                else f"{_q(c['reference'])} (the same split)"
            )
            + f" ({delta(c, c['diff'])} {unit}, 95% CI [{delta(c, c['lo'])}, "
            f"{delta(c, c['hi'])}], Holm-adjusted p = {c['p_adj']:.2g}, {c['n']:,} paired "
            f"games; {_sized(c, '')})"
            + (
                ": under one of the two the advantage draw's winner chose who moved first, so "
                "this compares a choice with a seat, not two seats"
                if mixed
                else ""
            )
            + "."
        )
    quiet = sorted(
        {
            f"the {c['label']} under {_q(c['variant'])} ({c['agent_a']} v {c['agent_b']})"
            for c in comparisons
            if c["noise"]
        }
    )
    if quiet:
        parts.append(
            f"Not told apart from the baseline (Holm-adjusted p >= 0.05; each one's size, "
            f"negligible or within noise, is in the comparisons table): {'; '.join(quiet)}."
        )
    if comparisons and not real:
        parts.append("No variant differs from the baseline beyond noise.")
    several = len({k["agent"] for k in kings}) > 1
    for k in kings:
        if k["dominant"]:
            who = f" with {k['agent']} in both seats" if several else ""
            parts.append(
                f"Under {_q(k['variant'])}{who}, the player who deploys {k['king']} (and whose "
                f"opponent does not) wins {pct(k['rate'])} of those games (95% CI "
                f"{pct(k['lo'])}-{pct(k['hi'])}, n = {k['one_sided']:,}): the strongest King "
                "there."
            )
    for h in houses:
        if len(set(h["played"].values())) > 1:
            # Houses that meet different opponents: their averages cannot be ranked, so the
            # House that meets the most is said on its own.
            hub = max(h["played"], key=lambda n: h["played"][n])
            parts.append(
                f"With suit-split decks ({h['label']}), {hub}, the House in every pairing, wins "
                f"{pct(h['mean'][hub])} of its games on average over its "
                f"{h['played'][hub]} pairings."
            )
            continue
        parts.append(
            f"With suit-split decks ({h['label']}), the strongest House is {h['best']}: it wins "
            f"{pct(h['mean'][h['best']])} of its games on average over "
            + (
                "its one pairing."
                if h["played"][h["best"]] == 1
                else f"its {h['played'][h['best']]} pairings."
            )
        )
    for c in comparisons:
        if c.get("few_changed"):
            parts.append(
                f"{_q(c['variant'])} changed the winner of only {pct(c['changed'])} of the "
                f"{c['n']:,} deals ({c['agent_a']} v {c['agent_b']}): too few to say much "
                "about the rule (see Rule decisions)."
            )
    for r in usage.never_taken(decisions):
        parts.append(
            f"{r['agent']} never took the {_q(r['kind'])} decision ({r['rule']}) in "
            f"{r['arose']:,} chances."
        )
    if robustness and robustness["table"]:
        table = robustness["table"]
        held = sum(t["verdict"] == "holds" for t in table)
        sentence = (
            f"Across agents, {held} of {len(table)} comparisons with the baseline come out the "
            "same way with every agent (the same direction beyond noise, or noise with each)"
        )
        if card_values:
            # Card values are read from one match-up: this check does not cover them.
            sentence = f"{sentence} (card values are not compared across agents here)"
        others = [
            f"the {t['label']} under {_q(t['variant'])} {t['text']}"
            for t in table
            if t["verdict"] != "holds"
        ]
        parts.append(sentence + (f"; {'; '.join(others)}." if others else "."))
    return parts


def _robustness(
    comparisons: list[dict], rows: list[dict], king_rows: list[dict], variants: list[str]
) -> dict[str, Any] | None:
    """Does the answer change with the agents? Each comparison across match-ups, and the
    strongest King per mirror agent."""
    matchups = list(dict.fromkeys((r["agent_a"], r["agent_b"]) for r in rows))
    if len(matchups) < 2:
        return None
    table = []
    for v in variants:
        for measure in (
            "rounds",
            "late_turns",
            "attack_20",
            "attack_27",
            "biggest_attack",
            "first_won",
            "first_house",
            "win_a",
        ):
            found = {
                (c["agent_a"], c["agent_b"]): c
                for c in comparisons
                if c["variant"] == v and c["measure"] == measure
            }
            if len(found) < 2:
                continue
            verdict = agreement({f"{m[0]} v {m[1]}": c for m, c in found.items()})
            label = next(iter(found.values()))["label"]
            table.append({"variant": v, "label": label, "cells": found, **verdict})
    kings_by_agent = [k for k in king_rows if k["best"] and k["agent"] != ALL_MATCHUPS]
    return {
        "matchups": matchups,
        "table": table,
        "kings": kings_by_agent,
        "holds": all(t["verdict"] == "holds" for t in table),
        "conflicts": any(t["verdict"] in ("reverses", "differs") for t in table),
    }


def _sized(c: dict[str, Any], default: str) -> str:
    """A difference's size as the answer says it: with the other sizes its interval reaches."""
    return with_reach(str(c.get("size", default)), c.get("reach", ""))
