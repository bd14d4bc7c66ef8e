"""The HTML report of an experiment: one self-contained file (styles inline, plots embedded
as SVG) that opens with the question and an answer written from the numbers, then the details.
`sim run` writes it at the end; `sim report OUTPUT` rebuilds it from the records alone."""

from __future__ import annotations

import base64
import io
import json
import os
import warnings
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # no display: render to files only
# Reproducible SVG: the same records give the same bytes (no date, fixed element ids).
matplotlib.rcParams["svg.hashsalt"] = "houses-sim"
matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: smaller and selectable
import matplotlib.pyplot as plt  # noqa: E402
import polars as pl  # noqa: E402
from jinja2 import Environment  # noqa: E402
from markupsafe import Markup, escape  # noqa: E402
from matplotlib.ticker import PercentFormatter  # noqa: E402

from sim import games  # noqa: E402
from sim.analysis import measures as analysis  # noqa: E402
from sim.analysis import usage  # noqa: E402
from sim.analysis.stats import wilson  # noqa: E402
from sim.play import agents  # noqa: E402
from sim.reporting import answer, samples  # noqa: E402
from sim.reporting.report_template import TEMPLATE  # noqa: E402

# A name in a sentence, quoted as the answer quotes it.
_q = answer.quoted

# The answer (sentences, the answering measures' table, the comparisons) beside the report,
# for `sim run`'s summary and for notebooks.
ANSWER_FILE = "answer.json"
# The agent label of impact figures read from every match-up (when none is a mirror).
ALL_MATCHUPS = "all match-ups"
COLOURS = ["#1b6ca8", "#d1495b", "#00798c", "#edae49", "#66a182", "#8d6a9f", "#2e4057", "#c2703d"]


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


def _pct(x: float | None, digits: int = 1) -> str:
    return "-" if x is None else f"{100 * x:.{digits}f}%"


def _points(x: float) -> str:
    # Rounded first, so that -0.04 points prints as +0.0, as the answer prints it, not -0.0.
    return f"{round(100 * x, 1) + 0.0:+.1f}"


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
            for ki, k in enumerate(analysis.KINGS):
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
        ax.set_xticks([k + width * (len(variants) - 1) / 2 for k in range(4)], analysis.KINGS)
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


def _breakable(name: str) -> Markup:
    """A variant name that a narrow screen may break after '_', '=' or ',' (not mid-word)."""
    text = str(escape(name))
    for sep in ("_", "=", ","):
        text = text.replace(sep, sep + "<wbr>")
    return Markup(text)


def _option_breaks(name: str) -> Markup:
    """A variant name that may break between its options only (`kings=classic,` /
    `split_houses=D-C`): a wide table's name column stays narrow and each setting whole."""
    return Markup(str(escape(name)).replace(",", ",<wbr>"))


def _pvalue(p: float) -> str:
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def _value(c: dict[str, Any], x: float) -> str:
    return _pct(x) if c["rate"] else f"{x:.2f}"


def _delta(c: dict[str, Any], x: float) -> str:
    return _points(x) if c["rate"] else f"{x:+.2f}"


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
            f"{v['card']} {_points(v['value'])} [{_points(v['lo'])}, {_points(v['hi'])}]"
            + (
                " (never played)"
                if v.get("used", 1.0) < answer.UNUSED
                else f" ({_sized(v, 'within noise' if v['noise'] else 'real')})"
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
        unit = analysis.MEASURES[c["measure"]][2]
        mixed = c["measure"] == "first_won" and (
            ((c["variant"], c["agent_a"], c["agent_b"]) in chosen)
            != ((baseline, c["agent_a"], c["agent_b"]) in chosen)
        )
        parts.append(
            f"Under {_q(c['variant'])} ({c['agent_a']} v {c['agent_b']}), the {c['label']} is "
            f"{_value(c, c['value'])} against {_value(c, c['base'])} under "
            + (
                f"the baseline {_q(baseline)}"
                if c.get("reference", baseline) == baseline
                else f"{_q(c['reference'])} (the same deals)"
                if c["measure"] == "house_mean"
                else f"{_q(c['reference'])} (the same split)"
            )
            + f" ({_delta(c, c['diff'])} {unit}, 95% CI [{_delta(c, c['lo'])}, "
            f"{_delta(c, c['hi'])}], Holm-adjusted p = {c['p_adj']:.2g}, {c['n']:,} paired "
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
                f"opponent does not) wins {_pct(k['rate'])} of those games (95% CI "
                f"{_pct(k['lo'])}-{_pct(k['hi'])}, n = {k['one_sided']:,}): the strongest King "
                "there."
            )
    for h in houses:
        if len(set(h["played"].values())) > 1:
            # Houses that meet different opponents: their averages cannot be ranked, so the
            # House that meets the most is said on its own.
            hub = max(h["played"], key=lambda n: h["played"][n])
            parts.append(
                f"With suit-split decks ({h['label']}), {hub}, the House in every pairing, wins "
                f"{_pct(h['mean'][hub])} of its games on average over its "
                f"{h['played'][hub]} pairings."
            )
            continue
        parts.append(
            f"With suit-split decks ({h['label']}), the strongest House is {h['best']}: it wins "
            f"{_pct(h['mean'][h['best']])} of its games on average over "
            + (
                "its one pairing."
                if h["played"][h["best"]] == 1
                else f"its {h['played'][h['best']]} pairings."
            )
        )
    for c in comparisons:
        if c.get("few_changed"):
            parts.append(
                f"{_q(c['variant'])} changed the winner of only {_pct(c['changed'])} of the "
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


def _players(config: dict[str, Any], game: games.GameInfo) -> list[dict[str, str]]:
    """Each agent of the run's match-ups, once, with its spec and how it plays in a designer's
    words (the names alone, `greedy` or `search_fast`, say little)."""
    seen: dict[str, str] = {}
    for m in config.get("matchups", []):
        for name, spec in zip(m["agents"], m.get("specs") or m["agents"], strict=False):
            seen.setdefault(name, spec)
    return [
        {"name": name, "spec": spec, "plain": agents.plain(name, game.name).rstrip(".")}
        for name, spec in seen.items()
    ]


def _settings_apart(rules: str, other: str) -> str:
    """The options `rules` sets otherwise than `other`, as `kings=enhance`."""
    mine, theirs = answer.rule_values(rules), answer.rule_values(other)
    return ",".join(f"{k}={v}" for k, v in mine.items() if theirs.get(k) != v)


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
            verdict = analysis.agreement({f"{m[0]} v {m[1]}": c for m, c in found.items()})
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


# A variant that changes the winner of fewer deals than this is flagged (2%).
FEW_CHANGED = 0.02


def build(out: Path) -> Path:
    """Write `out/index.html` from the manifest and the records; RecordsError when the records
    are not the chunks the manifest recorded."""
    from sim.running.runner import MANIFEST, RecordsError, read_manifest, verify

    manifest = read_manifest(out / MANIFEST)
    if "cells" not in manifest:  # written when the run finishes
        raise RecordsError(
            f"{out} holds an unfinished run (interrupted?): run the same `sim run` command "
            "again to finish it, and it writes the report"
        )
    verify(out, manifest)
    config = manifest["config"]
    lf = analysis.scan(out)
    game = games.game(config.get("game", games.DEFAULT))
    cells = analysis.cells(lf, game)
    p1 = analysis.p1_rates(lf)
    variants = list(config["variants"])
    baseline = config["baseline"]
    rows = []
    for i, c in enumerate(manifest["cells"]):
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
    plain = [v for v in variants if v not in impact]
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
        value = analysis.card_value(lf, with_card["cell"], r["cell"], card)
        if value:
            card_values.append(
                {
                    **value,
                    "variant": parent,
                    "method": method,
                    "agent_a": r["agent_a"],
                    "agent_b": r["agent_b"],
                    "cells": (with_card["cell"], r["cell"]),
                }
            )
    card_changes = _card_changes(lf, card_values, baseline)
    spec = manifest.get("answer") or {}
    if not spec.get("measures"):
        spec = {**spec, "measures": answer.default_measures(config, game)}
    card_gaps = (
        _card_gaps(lf, card_values, tuple(spec.get("matchup") or ()) or None)
        if "card_value" in spec["measures"]
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
        other_measures: tuple[str, ...] = ("rounds",)
        if "slog" in spec["measures"]:
            other_measures += ("late_turns",)
        if "big_attacks" in spec["measures"]:
            other_measures += ("attack_20", "attack_27", "biggest_attack")
        for measure in (rate, *other_measures) if same_table else other_measures:
            d = analysis.paired_difference(lf, r["cell"], base["cell"], measure)
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
    comparisons += analysis.house_means(comparisons, splits)
    choice_values = _choice_values(lf, rows, impact)
    # King and card impact compare players, so they are read from mirror match-ups (the same
    # agent in both seats) when the experiment has any: otherwise agent strength confounds them.
    mirror = [
        r["cell"] for r in rows if r["agent_a"] == r["agent_b"] and r["variant"] not in impact
    ]
    impact_lf = (
        lf.filter(pl.col("cell").is_in(mirror))
        if mirror
        else lf.filter(pl.col("variant").is_in(plain))  # the impact cells are read apart
    )
    # Impact per agent: a card that only a strong player exploits is the designers' case.
    agent_lf = (
        impact_lf.with_columns(agent=pl.col("agent_p1"))
        if mirror
        else impact_lf.with_columns(agent=pl.lit(ALL_MATCHUPS))
    )
    impact_from = (
        "mirror match-ups ("
        + ", ".join(sorted({r["agent_a"] for r in rows if r["cell"] in mirror}))
        + " against itself)"
        if mirror
        else "all match-ups"
    )
    kings_df = analysis.kings(agent_lf if game.has("kings") else None, ("variant", "agent"))
    agent_order = list(dict.fromkeys(r["agent_a"] for r in rows if r["cell"] in mirror))
    kings_df = kings_df.sort(
        pl.col("variant").replace_strict(plain, list(range(len(plain)))),
        pl.col("agent").replace_strict(
            agent_order, list(range(len(agent_order))), default=len(agent_order)
        ),
        "king",
    )
    king_rows = []
    for r in kings_df.iter_rows(named=True):
        n = r["one_sided"]
        lo, hi = wilson((r["rate"] or 0) * n, n) if n else (0.0, 1.0)
        king_rows.append({**r, "lo": lo, "hi": hi, "dominant": False, "best": False})
    # The strongest King per variant and agent; dominant when its interval is above 50%.
    for v in plain:
        for a in dict.fromkeys(k["agent"] for k in king_rows):
            vk = [k for k in king_rows if (k["variant"], k["agent"]) == (v, a) and k["one_sided"]]
            if vk:
                best = max(vk, key=lambda k: k["rate"])
                best["best"] = True
                # Above an even share: a half with two players, a third with three.
                best["dominant"] = best["lo"] > 1 / (best.get("players") or 2)
    # One family of tests for the whole report: every comparison, every card value, every
    # change of a card's value across variants, every pair of cards the answer ranks and
    # every value of the advantage draw's choice.
    answer.holm(comparisons + card_values + card_changes + card_gaps + choice_values)
    houses = analysis.houses(cells, manifest) if game.has("house_matrix") else []
    decisions = usage.usage(lf, game)
    # How often each rule the plain variants vary came into play, per cell (the answer says so
    # where it rarely did).
    varied = answer.varied_options({v: r for v, r in config["variants"].items() if v in plain})
    by_cell = {r["cell"]: r for r in rows}
    in_play = [
        {**p, **{k: by_cell[p["cell"]][k] for k in ("variant", "agent_a", "agent_b")}}
        for p in usage.in_play(lf, game, varied)
        if p["cell"] in by_cell
    ]
    # A variant that changes the winner of hardly any deal: a "within noise" verdict on it says
    # little about the rule, most likely its decision was rarely offered or never taken.
    for c in comparisons:
        c["few_changed"] = c["rate"] and c["changed"] < FEW_CHANGED
    robustness = _robustness(comparisons, rows, king_rows, plain)
    jokers = any("jokers=true" in c["rules"] for c in manifest["cells"])
    cards = analysis.cards(agent_lf if game.has("cards") else None, jokers, ("variant", "agent"))
    agents = list(dict.fromkeys(k["agent"] for k in king_rows))
    top = [
        {
            "variant": v,
            "agent": a,
            "table": cards.filter(
                (pl.col("variant") == v)
                & (pl.col("agent") == a)
                & pl.col("gap").is_not_null()
                & pl.col("enough")
            )
            .sort(pl.col("gap").abs(), descending=True)
            .head(10),
        }
        for v in plain
        for a in agents
    ]
    top = [t for t in top if t["table"].height]
    # A few games per cell to watch in the replay viewer.
    links = samples.write_samples(
        out, lf, [r["cell"] for r in rows if r["variant"] in plain], game.has("kings")
    )
    for r in rows:
        r["samples"] = links.get(r["cell"], [])
    lengths = analysis.lengths(lf)
    plots = {
        "win_rates": plot_win_rates(rows),
        "lengths": plot_lengths(lengths, rows),
    }
    if game.has("kings"):
        plots["kings"] = plot_kings(kings_df, plain)
    if any(t["variant"] == baseline for t in top):
        plots["cards"] = plot_cards([t for t in top if t["variant"] == baseline], baseline)
    related = _see_also_answers(out, manifest, spec.get("see_also") or [])
    opening = answer.answer(
        answer.Facts(
            spec,
            rows,
            comparisons,
            card_values,
            houses,
            baseline,
            plain,
            usage.never_taken(decisions),
            config["variants"],
            card_changes,
            card_gaps,
            choice_values,
            king_rows,
            {r["file"]: r.get("top_cards") for r in related if r["sentences"]},
            {r["file"]: r.get("houses") for r in related if r["sentences"]},
            in_play,
        )
    )
    env = Environment(autoescape=True)
    env.filters["pct"] = _pct
    env.filters["points"] = _points
    env.filters["wbr"] = _breakable
    env.filters["option_breaks"] = _option_breaks
    env.globals.update(value=_value, delta=_delta, pvalue=_pvalue)
    html = env.from_string(TEMPLATE).render(
        manifest=manifest,
        config=config,
        rows=rows,
        # Records with the late game's columns (written since they were added).
        late=bool(rows) and all("late_turns_mean" in r for r in rows),
        seat_rows=[r for r in rows if r["players"] > 2],
        comparisons=comparisons,
        kings=king_rows,
        cards=cards.to_dicts(),
        top=[{**t, "rows": t["table"].to_dicts()} for t in top],
        houses=houses,
        robustness=robustness,
        plots=plots,
        baseline=baseline,
        variants=variants,
        impact_from=impact_from,
        game=game,
        opening=opening,
        related=related,
        legend=_variant_legend(config, game, plain),
        players=_players(config, game),
        # A House question: its House-against-House tables open under the answer.
        house_answer="house" in opening["measures"],
        unreferenced=unreferenced,
        min_games=answer.MIN_GAMES,
        findings=_findings(
            comparisons, king_rows, rows, houses, baseline, robustness, decisions, card_values
        ),
        card_values=card_values,
        card_changes=card_changes,
        card_gaps=card_gaps,
        choice_values=choice_values,
        # A card its drawer (almost) never used is worth zero by construction: said so.
        unused=answer.UNUSED,
        card_min=analysis.CARD_MIN_GAMES,
        decisions=decisions,
        # The decisions of the rules the variants vary, per variant and match-up: how often
        # each rule came into play where it is set.
        in_play=[p for p in in_play if p["games_arose"] and p["variant"] in plain],
        never=usage.never_taken(decisions),
        few_changed=FEW_CHANGED,
    )
    _write(
        out / ANSWER_FILE,
        json.dumps({**opening, "see_also_answers": related, "comparisons": comparisons}, indent=2),
    )
    path = out / "index.html"
    _write(path, html)
    return path


def _variant_legend(
    config: dict[str, Any], game: games.GameInfo, plain: list[str]
) -> dict[str, Any]:
    """What the variants are, in the rule options' own words (a name like `front_targets` says
    little to a designer): each option some variant sets away from the default rules, once,
    with its help; then each variant's settings, unless its name already spells them."""
    defaults = {o["name"]: o["default"] for o in game.options}
    helps = {o["name"]: o["help"] for o in game.options}
    # What each choice means (the engine's per-choice docs; none for numbers and houses).
    meaning = {
        (o["name"], c): h
        for o in game.options
        for c, h in zip(o["choices"], o.get("choice_help") or [], strict=False)
    }
    off = {
        v: {
            k: val
            for k, val in answer.rule_values(config["variants"][v]).items()
            if k in defaults and val != defaults[k]
        }
        for v in plain
    }
    names = list(dict.fromkeys(k for o in off.values() for k in o))
    shared = {k for k in names if len({o.get(k) for o in off.values()}) == 1}
    options = [
        {
            "option": k,
            "help": helps[k],
            "default": defaults[k],
            "all": next(iter(off.values()))[k] if k in shared else None,
            # Each value the variants give it, the default first, with what it means.
            "values": [
                {"value": val, "means": meaning[(k, val)]}
                for val in dict.fromkeys([defaults[k]] + [o[k] for o in off.values() if k in o])
                if (k, val) in meaning
            ],
        }
        for k in names
    ]
    variants = []
    for v, o in off.items():
        own = {k: val for k, val in o.items() if k not in shared}
        # Named sweep values are said by their names: "classic Kings, split_houses=D-S".
        spelled = (
            {k.strip(): val for k, val in answer.rule_values(f"({v})").items()} if "=" in v else {}
        )
        variants.append(
            {
                "variant": v,
                "settings": [f"{k}={val}" for k, val in own.items()],
                # A sweep's name (`front_ranks=3x3`) already says what it sets.
                "spelled": all(spelled.get(k) == val for k, val in own.items())
                and all(defaults.get(k) == val or own.get(k) == val for k, val in spelled.items()),
            }
        )
    return {"options": options, "variants": variants}


def _sized(c: dict[str, Any], default: str) -> str:
    """A difference's size as the answer says it: with the other sizes its interval reaches."""
    return answer.with_reach(str(c.get("size", default)), c.get("reach", ""))


def _quoted(sentence: str, this_file: str) -> str:
    """Another run's sentence as read under this report: its table and its count of
    comparisons are its own report's, and where it names this run's file, it names this
    report."""
    for follows in (", whose answer follows", ", whose answers follow"):
        sentence = sentence.replace(follows, "")
    if this_file:
        sentence = sentence.replace(this_file, "this report")
    # Its counts are its own report's ("the report's 64 comparisons" beside this one's 42).
    sentence = sentence.replace("the report's ", "its report's ")
    return sentence.replace("in the table below", "in its report's table")


def _see_also_answers(
    out: Path, manifest: dict[str, Any], files: list[str]
) -> list[dict[str, Any]]:
    """The answers of the runs that ask the same question (`answer.see_also`), to quote under
    this one: a designer reading one player's answer sees at once whether another agrees. A
    run not made yet, unfinished, or made before its file last changed says so instead."""
    from sim.running import experiment
    from sim.running.runner import MANIFEST, RunError, read_manifest

    here = Path(manifest.get("experiment_file") or ".").parent
    related = []
    for name in files:
        path = here / name
        entry: dict[str, Any] = {"file": name, "sentences": [], "note": None, "link": None}
        related.append(entry)
        try:
            exp = experiment.load(path)
        except (OSError, experiment.ExperimentError):
            entry["note"] = f"{path} cannot be read, so its answer is not quoted here."
            continue
        # Its folder next to this run's (the usual reports/<name>), else where its file says.
        entry["question"] = exp.question
        folders = list(dict.fromkeys([out.parent / exp.name, exp.output]))
        folder = next((f for f in folders if (f / MANIFEST).is_file()), None)
        run = f"`sim run {path}`"
        if folder is None:
            entry["note"] = f"Not run yet: {run} answers it."
            continue
        try:
            other = read_manifest(folder / MANIFEST)
            told = json.loads((folder / ANSWER_FILE).read_text())
        except (RunError, OSError, ValueError):
            entry["note"] = f"Its run in {folder} is unfinished or has no report yet: {run}."
            continue
        cells = other.get("cells") or []
        entry.update(
            {
                "sentences": [
                    _quoted(s, Path(manifest.get("experiment_file") or "").name)
                    for s in told.get("sentences", [])
                    if not s.startswith(answer.SEE_ALSO_LEADS)
                    and not any(ask in s for ask in answer.AGREEMENT_ASKS)
                    and answer.HOUSE_AGREEMENT_ASK not in s
                ],
                "games": sum(c.get("games", 0) for c in cells),
                "matchups": list(
                    dict.fromkeys(" v ".join(c["agents"]) for c in cells if c.get("agents"))
                ),
                "link": Path(os.path.relpath(folder / "index.html", out)).as_posix(),
                "config_hash": other.get("config_hash"),
                "top_cards": told.get("top_cards"),
                "houses": told.get("houses"),
            }
        )
        differs = _rules_apart(manifest.get("config", {}), other.get("config", {}))
        if differs:
            entry["differs"] = differs
        if not exp.matches(other):
            entry["note"] = (
                f"{name} has changed since this run of it (configuration "
                f"{other.get('config_hash')}, now {exp.config_hash}): {run} again to bring it "
                "up to date."
            )
    return related


def _rules_apart(mine: dict[str, Any], theirs: dict[str, Any]) -> list[str] | None:
    """The rule options another run plays at one value throughout and this one at another
    (spades_trait's `deck=shared` beside spades_house's `deck=suit_split`), as
    [theirs, this run's]: its answer is not about the same game. None when none differ."""

    def constant(config: dict[str, Any]) -> dict[str, str]:
        parsed = [answer.rule_values(r) for r in (config.get("variants") or {}).values()]
        if not parsed:
            return {}
        return {k: v for k, v in parsed[0].items() if all(p.get(k) == v for p in parsed)}

    here, there = constant(mine), constant(theirs)
    apart = [k for k, v in there.items() if k in here and here[k] != v]
    if not apart:
        return None
    return [", ".join(f"{k}={there[k]}" for k in apart), ", ".join(f"{k}={here[k]}" for k in apart)]


def _card_changes(
    lf: pl.LazyFrame, card_values: list[dict[str, Any]], baseline: str
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
        change = analysis.card_value_change(lf, v["cells"], base["cells"], v["card"])
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
    against the same seat with a coin, from the same opening hands (`analysis.choice_value`)."""
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
        value = analysis.choice_value(lf, r["cell"], with_coin["cell"])
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
    lf: pl.LazyFrame, card_values: list[dict[str, Any]], chosen: tuple[str, ...] | None
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
                gap = analysis.card_value_gap(
                    lf, (high["cells"], high["card"]), (low["cells"], low["card"])
                )
                if gap:
                    gaps.append(
                        {
                            **gap,
                            "variant": variant,
                            "method": method,
                            "agent_a": agent_a,
                            "agent_b": agent_b,
                        }
                    )
    return gaps


def _write(path: Path, text: str) -> None:
    """Write whole or not at all: a full disk leaves the old file, not a truncated one
    (WriteError naming the file)."""
    from sim.running.runner import write_text

    write_text(path, text)
