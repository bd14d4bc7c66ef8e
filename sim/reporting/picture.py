"""The picture of the answer, beside the verdict box: what the verdicts decide on, one glance
from the question to the answer.

- a question about cards (does one dominate, are they balanced): each card's value to its
  drawer under each rule set, with its 95% range, per player from the weakest to the
  strongest (the skill tiers), and the line: the band within the line of the strongest
  player's top card;
- else, where several players read the verdicts: the skill curve (`plots.plot_skill`);
- else each verdict's figure, with the box's range, against its line."""

from __future__ import annotations

from typing import Any

import matplotlib.pyplot as plt

from sim.analysis.names import card_words
from sim.analysis.verdicts import verdict_word
from sim.reporting.plots import COLOURS, MARKERS, _short, _svg, _text, plot_skill

# A verdict's colour in the picture, as the box colours its word.
VERDICT_COLOURS = {
    "yes": "#123f66",
    "no": "#123f66",
    "on the line": "#5b3f8c",
    "not settled": "#b08400",
}
# The players' markers from the weakest (light) to the strongest (dark).
TIERS = ["#9fb7cc", "#5b8db8", "#1b6ca8", "#123f66", "#0b2740"]


def _card(name: str) -> str:
    """ "KS" -> "Spades" on an axis of Kings; a card's words otherwise."""
    words = card_words(name)
    return words.removeprefix("the King of ") if words.startswith("the King of ") else words


def _players(part: dict[str, Any]) -> list[dict[str, Any]]:
    """The part's players, each playing itself, weakest first."""
    found = [part, *part.get("others", [])]
    return [p for p in reversed(found) if " v " not in p["player"]]


def card_part(parts: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The first part about several cards' values (dominates or balanced, not Houses)."""
    return next(
        (
            p
            for p in parts
            if p["ask"] in ("dominates", "balanced") and not p.get("house") and p.get("cards")
        ),
        None,
    )


def plot_card_values(
    parts: list[dict[str, Any]], part: dict[str, Any], values: list[dict[str, Any]]
) -> str:
    """A panel per rule set: each card's value to its drawer (points, 95% range) per player,
    weakest to strongest left to right within a card; shaded, the band within the line of the
    strongest player's top card; each panel's title the verdicts of the parts about these
    cards under that rule set."""
    cards = list(part["cards"])
    players = _players(part)
    variants = [r["variant"] for r in part["readings"]]
    by: dict[tuple[str, str, str], dict[str, Any]] = {}
    for v in values:
        if v["agent_a"] != v["agent_b"] or v["card"] not in cards:
            continue
        key = (v["variant"], v["agent_a"], v["card"])
        if key not in by or v["method"] == "blank":  # a blank measures the card's power
            by[key] = v
    asked = [p for p in parts if p.get("cards") == part["cards"] and not p.get("house")]
    fig, axes = plt.subplots(
        len(variants), 1, figsize=(5.2, 2.3 * len(variants) + 0.6), squeeze=False, sharex=True
    )
    width = 0.7 / max(1, len(players))
    line = float(part["line"])
    for ax, variant in zip(axes[:, 0], variants, strict=True):
        for pi, p in enumerate(players):
            colour = TIERS[max(0, len(TIERS) - len(players) + pi)]
            xs, ys, lo, hi = [], [], [], []
            for ci, c in enumerate(cards):
                got = by.get((variant, p["player"], c))
                if got is None:
                    continue
                xs.append(ci - 0.35 + width * (pi + 0.5))
                ys.append(100 * got["value"])
                lo.append(max(0.0, 100 * (got["value"] - got["lo"])))
                hi.append(max(0.0, 100 * (got["hi"] - got["value"])))
            strongest = pi == len(players) - 1
            ax.errorbar(
                xs,
                ys,
                yerr=[lo, hi],
                fmt=MARKERS[pi % len(MARKERS)],
                color=colour,
                ms=6 if strongest else 4,
                capsize=2,
                lw=1.4 if strongest else 0.9,
                label=_text(p["player_name"].removeprefix("the ")),
            )
        best = players[-1]["player"]
        top = [by[(variant, best, c)]["value"] for c in cards if (variant, best, c) in by]
        if top:
            high = 100 * max(top)
            ax.axhspan(high - line, high, color="#1b6ca8", alpha=0.09, lw=0)
            ax.axhline(high - line, color="#888", lw=0.8, ls="--")
        ax.axhline(0, color="#ccc", lw=0.6)
        said = "; ".join(
            f"{'dominates' if q['ask'] == 'dominates' else 'balanced'}: "
            + verdict_word(next(r["verdict"] for r in q["readings"] if r["variant"] == variant))
            for q in asked
            if any(r["variant"] == variant for r in q["readings"])
        )
        ax.set_title(_text(f"{_short(variant, 28)}: {said}"), fontsize=10.5)
        ax.set_ylabel("points", fontsize=10)
        ax.tick_params(labelsize=10)
    last = axes[-1, 0]
    last.set_xticks(range(len(cards)), [_text(_card(c)) for c in cards])
    last.set_xlabel(
        "the King of ..." if all(c.startswith("K") for c in cards) else "card", fontsize=10
    )
    handles, labels = axes[0, 0].get_legend_handles_labels()
    fig.suptitle(
        _text(
            f"Each card's value to its drawer, 95% range\nshaded: within {line:g} points "
            "(the line) of the strongest player's top card"
        ),
        fontsize=10.5,
    )
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    fig.legend(handles, labels, loc="lower center", ncol=len(players), fontsize=9, frameon=False)
    return _svg(fig)


def plot_verdicts(parts: list[dict[str, Any]]) -> str:
    """A panel per part: each verdict's figure with the box's range, a row per variant, the
    line dashed (either side of zero where either way counts), the verdict in its colour."""
    fig, axes = plt.subplots(
        len(parts),
        1,
        figsize=(5.2, sum(0.45 * len(p["readings"]) + 1.3 for p in parts)),
        squeeze=False,
        gridspec_kw={"height_ratios": [len(p["readings"]) + 2 for p in parts]},
    )
    for ax, p in zip(axes[:, 0], parts, strict=True):
        rows = p["readings"]
        for i, r in enumerate(rows):
            colour = VERDICT_COLOURS.get(str(r["verdict"]), COLOURS[0])
            ax.errorbar(
                r["estimate"],
                i,
                xerr=[[max(0.0, r["estimate"] - r["lo"])], [max(0.0, r["hi"] - r["estimate"])]],
                fmt="o",
                color=colour,
                capsize=3,
            )
            ax.annotate(
                verdict_word(r["verdict"]),
                (r["hi"], i),
                xytext=(5, 0),
                textcoords="offset points",
                va="center",
                fontsize=9,
                color=colour,
            )
        line = float(p["line"])
        sides = [line] if p["ask"] in ("dominates",) or p.get("of") == "agent" else [line, -line]
        if p["ask"] == "shortens":
            sides = [-line]
        for x in sides:
            ax.axvline(x, color="#888", lw=0.8, ls="--")
        ax.axvline(0, color="#ccc", lw=0.6)
        ax.set_yticks(range(len(rows)), [_text(_short(r["variant"], 28)) for r in rows])
        ax.set_ylim(len(rows) - 0.5, -0.5)
        ax.margins(x=0.25)
        ax.set_xlabel(f"{p.get('unit', 'points')} (dashed: the line)", fontsize=10)
        ax.tick_params(labelsize=10)
        ax.set_title(_text(p["question"]), fontsize=11)
    fig.tight_layout()
    return _svg(fig)


def picture(parts: list[dict[str, Any]], card_values: list[dict[str, Any]]) -> dict[str, str]:
    """The picture beside the box and its caption; empty where the box has no parts."""
    if not parts:
        return {}
    if (part := card_part(parts)) and any(
        v["card"] in part["cards"] and v["agent_a"] == v["agent_b"] for v in card_values
    ):
        line = f"{float(part['line']):g}"
        return {
            "src": plot_card_values(parts, part, card_values),
            "kind": "card values",
            "caption": (
                "The picture of the answer: each card's value to the player who draws it under "
                "each rule set, in points with its 95% range, one marker a player from the "
                f"weakest to the strongest; shaded, the {line} points below the strongest "
                "player's top card: a card below it is more than the line from the top."
            ),
        }
    if any(p.get("skill") for p in parts):
        return {
            "src": plot_skill(parts),
            "kind": "skill",
            "caption": (
                "The picture of the answer: the figure each verdict reads, per player by ladder "
                "rating, with the box's range; dashed, the line."
            ),
        }
    return {
        "src": plot_verdicts(parts),
        "kind": "verdicts",
        "caption": (
            "The picture of the answer: the figure each verdict reads, with the box's range; "
            "dashed, the line."
        ),
    }
