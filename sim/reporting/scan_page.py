"""The balance scan's page (`index.html` beside `scan.json`): the answer first (how many rule
changes move something a designer would notice, the largest in words, what to try next), then
the changes ranked by effect, every option value's figures, a plot of the largest effects, and
how it was measured. Self-contained: styles and the plot inline."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import Environment
from markupsafe import Markup, escape

from sim import games
from sim.analysis.names import card_words
from sim.analysis.verdicts import NO, NOT_SETTLED, YES, verdict_word
from sim.reporting.formats import signed
from sim.reporting.page_style import BASE_STYLE
from sim.reporting.plots import _svg
from sim.reporting.scan_template import TEMPLATE

# How many of the largest effects the answer names, and the plot shows.
ANSWER_TOP = 6
PLOT_TOP = 15


def write_page(output: Path, data: dict[str, Any]) -> Path:
    """Write `output/index.html` from a scan's data (`scan.json`)."""
    from sim.running.runner import write_text

    path = output / "index.html"
    write_text(path, render(data))
    return path


def render(data: dict[str, Any]) -> str:
    env = Environment(autoescape=True)
    env.filters["signed"] = _signed
    env.filters["wbr"] = _breakable
    env.filters["cards_in_words"] = _cards_in_words
    rows = sorted(data["effects"], key=_rank)
    moving = [r for r in rows if r["verdict"] == YES]
    by_variant = _by_variant(data, rows)
    counts = _counts(data, by_variant)
    return env.from_string(TEMPLATE).render(
        base_style=Markup(BASE_STYLE),
        data=data,
        settings=data["settings"],
        lead=_lead(data, counts, moving),
        top=[_said(v, rs, data) for v, rs in _variants_moving(moving)[:ANSWER_TOP]],
        dead_strong=[
            _dead_but_strong(v, data) for v in by_variant if v["dead"] and v["strong_moves"]
        ],
        next_steps=_next_steps(data, moving, counts),
        moving=moving,
        by_variant=by_variant,
        measures=data["measures"],
        counts=counts,
        plot=_plot(moving[:PLOT_TOP]) if moving else None,
        verdict_word=verdict_word,
        meanings=_meanings(),
        games_range=_range(data["games"]),
        strong_range=_range(data.get("strong_games") or {}),
        minutes=data["seconds"] / 60,
    )


def summary_lines(data: dict[str, Any]) -> list[str]:
    """The answer as `sim scan` prints it: the lead, the largest effects, what to try next."""
    rows = sorted(data["effects"], key=_rank)
    moving = [r for r in rows if r["verdict"] == YES]
    counts = _counts(data, _by_variant(data, rows))
    by_variant = _by_variant(data, rows)
    lines = [_lead(data, counts, moving)]
    for v, rs in _variants_moving(moving)[:ANSWER_TOP]:
        lines.append(f"  {v}:")
        lines += [f"    {e}" for e in _said(v, rs, data)["effects"]]
    for entry in by_variant:
        if entry["dead"] and entry["strong_moves"]:
            said = _dead_but_strong(entry, data)
            lines.append(
                f"  {said['variant']} (no game differed with {data['settings']['quick']}):"
            )
            lines += [f"    {e}" for e in said["effects"]]
    steps = _next_steps(data, moving, counts)
    if steps:
        lines.append("What to try next:")
        lines += [f"  {s}" for s in steps]
    return lines


def _rank(r: dict[str, Any]) -> tuple[int, float]:
    """Yes first, then Not settled, then No; within each, the largest in lines first."""
    order = {YES: 0, NOT_SETTLED: 1, NO: 2}[r["verdict"]]
    return (order, -r["lines"])


def _by_variant(data: dict[str, Any], rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One entry a variant, in the order scanned: its effects by measure, its largest verdict,
    and whether any game differed."""
    found = []
    dead = data["dead"]
    unread = data.get("not_measured", {})
    for v in data["variants"]:
        if v == data["baseline"]:
            continue
        mine = {r["measure"]: r for r in rows if r["variant"] == v}
        verdicts = {r["verdict"] for r in mine.values()}
        worst = YES if YES in verdicts else NOT_SETTLED if NOT_SETTLED in verdicts else NO
        option, _, value = v.partition("=")
        found.append(
            {
                "variant": v,
                "option": option,
                "value": value,
                "effects": mine,
                "verdict": worst,
                # Said only where nothing else moved either (its House cells may differ).
                "dead": v in dead and worst == NO,
                "dead_deals": dead.get(v, 0),
                # What the strong player finds to matter where it played the change (a change
                # under which no quick game differed may act in its longer games).
                "strong_moves": [r for r in mine.values() if r.get("strong_verdict") == YES],
                "unread": unread.get(v, []),
                "games": data["games"].get(v, 0),
            }
        )
    return found


def _counts(data: dict[str, Any], by_variant: list[dict[str, Any]]) -> dict[str, int]:
    live = [v for v in by_variant if not v["dead"]]
    return {
        "variants": len(by_variant),
        "options": len({v["option"] for v in by_variant}),
        "yes": sum(v["verdict"] == YES for v in live),
        "no": sum(v["verdict"] == NO for v in live),
        "open": sum(v["verdict"] == NOT_SETTLED for v in live),
        "dead": len(by_variant) - len(live),
        "dead_strong": sum(bool(v["dead"] and v["strong_moves"]) for v in by_variant),
    }


def _quick(data: dict[str, Any]) -> str:
    return f"with {data['settings']['quick']}, the quick player"


def _lead(data: dict[str, Any], counts: dict[str, int], moving: list[dict[str, Any]]) -> str:
    """The answer's first sentence."""
    text = (
        f"{counts['yes']} of the {counts['variants']} rule changes scanned move something a "
        f"designer would notice {_quick(data)}; {counts['no']} move nothing that matters"
    )
    if counts["open"]:
        text += f", {counts['open']} are not settled"
    if counts["dead"]:
        text += f", {counts['dead']} changed no game of the deals they played"
        if counts["dead_strong"]:
            text += (
                f" ({counts['dead_strong']} of them move something with "
                f"{data['settings']['strong']}, whose games are longer)"
            )
    text += "."
    if moving:
        text += f" The largest: {_lead_change(moving[0])}."
    return text


def _change(r: dict[str, Any]) -> str:
    """One effect in words, from the baseline's figure to the variant's: "the King of Hearts'
    value to its drawer +0.4 -> +10.2 points (+9.8 [+8.1, +11.5])"."""
    houses = ""
    if r["measure"] == "house_spread":  # which Houses are strongest and weakest, before and after
        before = (HOUSE_NAMES[r["base_top"]], HOUSE_NAMES[r["base_low"]])
        after = (HOUSE_NAMES[r["top"]], HOUSE_NAMES[r["low"]])
        houses = (
            f" ({before[0]} strongest and {before[1]} weakest under both)"
            if before == after
            else f" (strongest {before[0]} and weakest {before[1]} -> {after[0]} and {after[1]})"
        )
    return (
        f"{r['label']} {_plain(r['base'], r)} -> {_plain(r['value'], r)}{houses} "
        f"({_signed(r['diff'])} [{_signed(r['z_lo'])}, {_signed(r['z_hi'])}])"
    )


HOUSE_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}


def _plain(x: float, r: dict[str, Any]) -> str:
    if r["measure"] == "first_won":
        return f"{x:.1f}%"
    if r["measure"] == "house_spread":
        return f"{x:.1f} points"
    if r["unit"] == "points":
        return f"{_signed(x)} points"
    return f"{x:.2f} {r['unit']}"


def _lead_change(r: dict[str, Any]) -> str:
    return f"{r['variant']} moves {_change(r)}"


def _variants_moving(moving: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """The variants with an effect that matters, largest first, each with its effects that
    matter, largest first."""
    found: dict[str, list[dict[str, Any]]] = {}
    for r in moving:  # already largest first
        found.setdefault(r["variant"], []).append(r)
    return list(found.items())


def _said(variant: str, rows: list[dict[str, Any]], data: dict[str, Any]) -> dict[str, Any]:
    """A variant that moves something, as the answer lists it: each effect that matters, with
    the strong player's word on the game measures it played."""
    parts = []
    for r in rows:
        text = _change(r)
        if "strong_verdict" in r:
            text += f"; {_strong_word(r, data)}"
        parts.append(text)
    return {"variant": variant, "effects": parts, "text": "; ".join(parts)}


def _dead_but_strong(v: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    """A change under which no quick game differed, as the answer lists what the strong player
    found it to move: "the late game +2.10 [+0.80, +3.40] turns with search_fast"."""
    strong = data["settings"]["strong"]
    parts = [
        f"{r['label']} {_signed(r['strong_diff'])} [{_signed(r['strong_lo'])}, "
        f"{_signed(r['strong_hi'])}] {r['unit']} with {strong}"
        for r in v["strong_moves"]
    ]
    return {"variant": v["variant"], "effects": parts}


def _strong_word(r: dict[str, Any], data: dict[str, Any]) -> str:
    """What the strong player says of a quick player's effect: holds (the same verdict and
    direction), the other way (its interval past zero on the other side), or its verdict."""
    strong = data["settings"]["strong"]
    figure = f"{_signed(r['strong_diff'])} [{_signed(r['strong_lo'])}, {_signed(r['strong_hi'])}]"
    same_way = (r["strong_diff"] > 0) == (r["diff"] > 0)
    if r["strong_verdict"] == r["verdict"] and same_way:
        return f"holds with {strong} ({figure})"
    if not same_way and (r["strong_lo"] > 0 or r["strong_hi"] < 0):
        return f"{strong} finds it the other way ({figure})"
    return f"{strong}: {verdict_word(r['strong_verdict']).lower()} ({figure})"


def _next_steps(
    data: dict[str, Any], moving: list[dict[str, Any]], counts: dict[str, int]
) -> list[str]:
    """What to try next, from what the scan found."""
    steps = []
    if moving:
        top = list(dict.fromkeys(r["variant"] for r in moving))[:3]
        steps.append(
            "Ask the largest as their own question, with the expert player beside the quick one "
            f"(an experiment file with variants {', '.join(top)}: docs/experiments.md)."
        )
    if counts["open"]:
        steps.append(
            f"{counts['open']} changes are not settled at {data['settings']['max_games']:,} games: "
            "scan again with --max-games doubled, or ask them in an experiment."
        )
    strong = data["settings"].get("strong")
    quiet = data.get("strong_dead", [])
    moved = {r["variant"] for r in data["effects"] if r.get("strong_verdict") == YES}
    # Sorted: scan.json keeps its keys sorted, so a rebuilt page says them in the same order.
    reached = [v for v in sorted(data["dead"]) if v not in quiet and v not in moved]
    strong_verdicts: dict[str, set[str]] = {}
    for r in data["effects"]:
        if "strong_verdict" in r:
            strong_verdicts.setdefault(r["variant"], set()).add(r["strong_verdict"])
    negligible = [v for v in reached if strong_verdicts.get(v) and strong_verdicts[v] <= {NO}]
    open_ = [v for v in reached if v not in negligible]
    if counts["dead"] and strong and "strong_dead" in data:
        games_ = f"{data['settings']['strong_games']:,}"
        if open_:
            steps.append(
                f"{', '.join(open_)} played games differently only with {strong}, whose games "
                f"are longer, and what they move is not settled at {games_} of its games: ask "
                "them with the strong player in an experiment."
            )
        if negligible:
            steps.append(
                f"{', '.join(negligible)} played games differently only with {strong}, and "
                f"moved nothing that matters in {games_} of its games."
            )
        if quiet:
            steps.append(
                f"{len(quiet)} changes played no game differently with either player: their "
                "rules act only under other settings (an Option 1 King under the Spring '25 "
                "Kings, a Joker variant without Jokers, a rule of three or four players at two): "
                "scan from them (`sim scan --rules kings=option1`)."
            )
    elif counts["dead"]:
        steps.append(
            f"{counts['dead']} changes played no game differently with "
            f"{data['settings']['quick']}: their rules never came into play in its games. Some "
            "act only under other settings (an Option 1 King under the Spring '25 Kings, a rule "
            "of three or four players at two: scan from them, `sim scan --rules kings=option1`), "
            "others only in games longer than the quick player's (a hand limit, the last round "
            "after the deck runs out: ask them with the strong player in an experiment)."
        )
    return steps


def _meanings() -> dict[str, str]:
    """Each option value's meaning, `option=value` -> words (the rule's help)."""
    found = {}
    for o in games.game(games.DEFAULT).options:
        for value, words in zip(o.get("choices") or [], o.get("choice_help") or [], strict=False):
            found[f"{o['name']}={value}"] = words.strip().rstrip(".")
        found.setdefault(o["name"], o["help"])
    return found


def _range(games_: dict[str, int]) -> str:
    if not games_:
        return ""
    lo, hi = min(games_.values()), max(games_.values())
    return f"{lo:,}" if lo == hi else f"{lo:,} to {hi:,}"


def _signed(x: float) -> str:
    """A scan's figure: two places below 10 (a fraction of a turn shows), one from 10 on."""
    return signed(x, 2 if abs(x) < 10 else 1)


def _breakable(name: str) -> Markup:
    text = str(escape(name))
    for sep in ("_", "="):
        text = text.replace(sep, sep + "<wbr>")
    return Markup(text)


def _plot(rows: list[dict[str, Any]]) -> str:
    """The largest effects on one axis, each in multiples of the smallest difference that
    matters in its unit, with its interval (at the family's z); the band is +-1."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 0.42 * len(rows) + 1.2))
    labels = []
    for i, r in enumerate(reversed(rows)):
        line = r["line"]
        ax.errorbar(
            r["diff"] / line,
            i,
            xerr=[[(r["diff"] - r["z_lo"]) / line], [(r["z_hi"] - r["diff"]) / line]],
            fmt="o",
            color="#1b6ca8",
            capsize=3,
        )
        labels.append(f"{r['variant']}: {r['label']}")
    ax.axvspan(-1, 1, color="#d9dee5", alpha=0.6, lw=0)
    ax.axvline(0, color="#5a6573", lw=0.8)
    ax.set_yticks(range(len(rows)), labels, fontsize=8)
    ax.set_xlabel("change, in multiples of the smallest difference that matters (shaded: less)")
    ax.grid(axis="x", color="#eef0f3")
    return _svg(fig)


def _cards_in_words(cards: list[str]) -> str:
    """["QS", "JC"] -> "the Queen of Spades and the Jack of Clubs": the question is a
    designer's, in their words."""
    words = [card_words(c) for c in cards]
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
