"""The report's plots, rendered with matplotlib as embedded SVG (the same records give the same
bytes): win rate per cell, game length, the Kings' deployers' win rates, the largest card gaps."""

from __future__ import annotations

import base64
import io
import math
import warnings
from typing import Any

import matplotlib

matplotlib.use("Agg")  # no display: render to files only
# Reproducible SVG: the same records give the same bytes (no date, fixed element ids).
matplotlib.rcParams["svg.hashsalt"] = "houses-sim"
matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: smaller and selectable
import matplotlib.pyplot as plt  # noqa: E402
import polars as pl  # noqa: E402
from matplotlib.ticker import PercentFormatter  # noqa: E402

from sim.analysis.names import KINGS  # noqa: E402
from sim.analysis.stats import wilson  # noqa: E402
from sim.reporting.formats import ALL_MATCHUPS  # noqa: E402
from sim.reporting.verdicts.skill import what as skill_what  # noqa: E402

# Variants told apart by marker as well as colour (two of the blues are close).
MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*"]
COLOURS = ["#1b6ca8", "#d1495b", "#00798c", "#edae49", "#66a182", "#8d6a9f", "#2e4057", "#c2703d"]


# Above this many lines a panel's legend goes under it (it would hide the lines).
MANY_LINES = 6


def _svg(fig: plt.Figure) -> str:
    buf = io.StringIO()
    try:
        with warnings.catch_warnings():
            # A name in a script the font lacks (or a control character) shows as a box.
            warnings.filterwarnings("ignore", "Glyph .* missing from", UserWarning)
            fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    finally:
        plt.close(fig)
    return "data:image/svg+xml;base64," + base64.b64encode(buf.getvalue().encode()).decode()


def _text(label: str) -> str:
    """A label as plain text: matplotlib reads `$...$` as mathtext (and fails on bad math)."""
    return label.replace("$", r"\$")


def _bar(centre: float, lo: float, hi: float) -> list[list[float]]:
    """Error bar lengths, never negative: a Wilson bound at 0% or 100% can land a rounding
    error inside the rate (0.9999999999999999 for 10 wins in 10), which matplotlib rejects."""
    return [[max(0.0, centre - lo)], [max(0.0, hi - centre)]]


def plot_win_rates(rows: list[dict[str, Any]]) -> str:
    """A's win rate per cell; in a mirror match-up (50% by symmetry) the first player's. The
    axis spans at least 30-70% so that noise does not look like spread."""
    fig, ax = plt.subplots(figsize=(5.2, 0.42 * len(rows) + 1.4))
    shown = []
    for i, r in enumerate(rows):
        mirror = r["agent_a"] == r["agent_b"]
        w = r["first"] if mirror else r["win_a"]
        shown += [w["lo"], w["hi"]]
        ax.errorbar(
            w["rate"],
            i,
            xerr=_bar(w["rate"], w["lo"], w["hi"]),
            fmt="s" if mirror else "o",
            color=COLOURS[r["variant_index"] % len(COLOURS)],
            capsize=3,
        )
    ax.axvline(0.5, color="#555", lw=1, ls="--")
    lo = min([0.3, *[x - 0.02 for x in shown]])
    hi = max([0.7, *[x + 0.02 for x in shown]])
    ax.set_xlim(max(0.0, lo), min(1.0, hi))
    ax.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.set_yticks(range(len(rows)), [_text(_short(r["label"])) for r in rows], fontsize=11)
    ax.tick_params(axis="x", labelsize=11)
    ax.invert_yaxis()
    ax.set_xlabel(
        "win rate, 95% CI: A's (circles); the first player's\nin mirror match-ups (squares)",
        fontsize=11,
    )
    ax.set_title("Win rate per cell (dashed: even)", fontsize=12)
    return _svg(fig)


def _short(label: str, width: int = 34) -> str:
    """A plot label short enough to stay readable when the plot is shrunk to a phone."""
    return label if len(label) <= width else label[: width - 1] + "…"


def plot_lengths(lengths: pl.DataFrame, rows: list[dict[str, Any]]) -> str:
    fig, ax = plt.subplots(figsize=(5.2, 3.8))
    for r in rows:
        d = lengths.filter(pl.col("cell") == r["cell"])
        if d.height:
            share = (d["len"] / d["len"].sum()).to_list()
            ax.step(
                d["rounds"].to_list(),
                share,
                where="mid",
                label=_text(r["label"]),
                color=COLOURS[r["index"] % len(COLOURS)],
            )
    ax.set_xlabel("rounds in the game", fontsize=11)
    ax.set_ylabel("share of games", fontsize=11)
    ax.tick_params(labelsize=11)
    ax.set_title("Game length", fontsize=12)
    if len(rows) <= 8 and ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=9, loc="upper right")
    return _svg(fig)


def plot_kings(kings: pl.DataFrame, variants: list[str]) -> str:
    """One panel per agent (the same agent in both seats), a bar per variant and King."""
    agents = list(dict.fromkeys(kings["agent"].to_list())) or [ALL_MATCHUPS]
    fig, axes = plt.subplots(
        len(agents), 1, figsize=(5.2, 3.4 * len(agents)), squeeze=False, sharex=True
    )
    width = 0.8 / max(1, len(variants))
    for ax, agent in zip(axes[:, 0], agents, strict=True):
        for vi, v in enumerate(variants):
            d = kings.filter((pl.col("variant") == v) & (pl.col("agent") == agent))
            for ki, k in enumerate(KINGS):
                row = d.filter(pl.col("king") == k)
                if not row.height or not row["one_sided"][0]:
                    continue
                n = row["one_sided"][0]
                rate = row["rate"][0]
                lo, hi = wilson(rate * n, n)
                ax.bar(
                    ki + vi * width,
                    rate,
                    width,
                    color=COLOURS[vi % len(COLOURS)],
                    yerr=_bar(rate, lo, hi),
                    capsize=2,
                    label=_text(v) if ki == 0 else None,
                )
        ax.axhline(0.5, color="#888", lw=0.8, ls="--")
        ax.set_xticks([k + width * (len(variants) - 1) / 2 for k in range(4)], KINGS)
        ax.set_ylabel("deployer's win rate", fontsize=11)
        ax.set_ylim(0, 1)
        ax.tick_params(labelsize=11)
        ax.set_title(
            _text(f"Deployer's win rate, {agent}\n(only one player deployed that King)"),
            fontsize=12,
        )
        if ax.get_legend_handles_labels()[0]:  # none when no King was deployed by one side
            ax.legend(fontsize=9)
    return _svg(fig)


def plot_cards(tops: list[dict[str, Any]], variant: str) -> str:
    """One panel per agent: the ten cards of largest impact under `variant`."""
    fig, axes = plt.subplots(len(tops), 1, figsize=(5.2, 3.8 * len(tops)), squeeze=False)
    for ax, t in zip(axes[:, 0], tops, strict=True):
        d = t["table"].sort("gap")
        gap = [100 * x for x in d["gap"].to_list()]
        err = [
            [max(0.0, g - 100 * lo) for g, lo in zip(gap, d["gap_lo"].to_list(), strict=True)],
            [max(0.0, 100 * hi - g) for g, hi in zip(gap, d["gap_hi"].to_list(), strict=True)],
        ]
        ax.barh(d["card"].to_list(), gap, xerr=err, color=COLOURS[0], ecolor="#555")
        ax.axvline(0, color="#888", lw=0.8)
        ax.set_xlabel("win rate drawn minus not drawn\n(points, 95% interval)", fontsize=11)
        ax.tick_params(labelsize=11)
        ax.set_title(_text(f"Ten largest gaps ({variant}, {t['agent']})"), fontsize=12)
    fig.tight_layout()
    return _svg(fig)


def plot_skill(parts: list[dict[str, Any]]) -> str:
    """The verdict box's skill curves: a panel per part that has one, its binding figure per
    player (with the box's interval) against the player's ladder rating, a line per variant;
    dashed, the part's line (either side of zero where either way counts)."""
    shown = [p for p in parts if p.get("skill")]
    # A panel with many variants keeps its legend under the plot, in two columns, where it
    # hides no line; the panel grows by the legend's rows.
    rows = [
        math.ceil(n / 2) if (n := len(p["skill"]["variants"])) > MANY_LINES else 0 for p in shown
    ]
    heights = [3.4 + (0.5 + 0.19 * r if r else 0.0) for r in rows]
    fig, axes = plt.subplots(
        len(shown),
        1,
        figsize=(5.2, sum(heights)),
        squeeze=False,
        gridspec_kw={"height_ratios": heights},
    )
    for ax, p in zip(axes[:, 0], shown, strict=True):
        skill = p["skill"]
        names: dict[float, str] = {}
        for vi, (v, points) in enumerate(skill["variants"].items()):
            # Without a stored rating for every player: evenly spaced, weakest first.
            xs = [q["rating"] if skill["by_rating"] else i for i, q in enumerate(points)]
            ys = [q["estimate"] for q in points]
            ax.errorbar(
                xs,
                ys,
                yerr=[
                    [max(0.0, q["estimate"] - q["lo"]) for q in points],
                    [max(0.0, q["hi"] - q["estimate"]) for q in points],
                ],
                fmt=MARKERS[vi % len(MARKERS)] + "-",
                color=COLOURS[vi % len(COLOURS)],
                capsize=3,
                label=_text(_short(v)),
            )
            names.update(
                {x: q["player_name"].removeprefix("the ") for x, q in zip(xs, points, strict=True)}
            )
        for y in [skill["line"]] + (
            [] if p["ask"] in ("dominates", "shortens", "cures") else [-skill["line"]]
        ):
            ax.axhline(y, color="#888", lw=0.8, ls="--")
        ax.axhline(0, color="#ccc", lw=0.6)
        ax.set_xticks(list(names), [_text(n.replace(" player", "")) for n in names.values()])
        ax.set_xlabel(
            "player, by ladder rating (Elo)" if skill["by_rating"] else "player, weakest first",
            fontsize=11,
        )
        what = skill_what(p).strip() or "the figure"
        ax.set_ylabel(f"{what} ({p.get('unit', 'points')})", fontsize=11)
        ax.tick_params(labelsize=10)
        ax.set_title(_text(p["question"]), fontsize=12)
        if len(skill["variants"]) > MANY_LINES:
            ax.legend(
                fontsize=8,
                loc="upper center",
                bbox_to_anchor=(0.5, -0.25),
                ncol=2,
                frameon=False,
            )
        elif len(skill["variants"]) > 1:
            ax.legend(fontsize=9)
    fig.tight_layout()
    return _svg(fig)
