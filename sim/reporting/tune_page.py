"""Rule tuning's page (`index.html` beside `tune.json`): the answer first (does the pick meet every
target on fresh deals, against the rules as they are), the settings that met the targets in the
search, what to try next; then a plot of what it tried, every candidate, and how it was done."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from sim.analysis.verdicts import NO, NOT_SETTLED, YES, Verdict, verdict_word
from sim.reporting.formats import commands, duration, signed
from sim.reporting.page_style import BASE_STYLE
from sim.reporting.plots import _svg
from sim.reporting.tune_template import TEMPLATE


def write_page(output: Path, data: dict[str, Any]) -> Path:
    """Write `output/index.html` from a tune's data (`tune.json`)."""
    from sim.running.runner import write_text

    path = output / "index.html"
    write_text(path, render(data))
    return path


def render(data: dict[str, Any]) -> str:
    env = Environment(autoescape=True)
    env.filters["commands"] = commands
    targets = data["spec"]["targets"]
    return env.from_string(TEMPLATE).render(
        base_style=Markup(BASE_STYLE),
        data=data,
        spec=data["spec"],
        targets=targets,
        lines=summary_lines(data),
        met=_met(data),
        plot=_plot(data),
        rows=[_row(c, targets, data["z"]) for c in sorted(data["trials"], key=_order)],
        leaders=[_row(c, targets, data["z"]) for c in data["leaders"]],
        minutes=data["seconds"] / 60,
    )


def _fig(x: float) -> str:
    """A tune's figure: one place, but a large one whole with thousands marked."""
    return signed(x) if abs(x) < 1000 else f"{x:,.0f}"


def _figure(f: dict[str, Any], unit: str, lo: float | None = None, hi: float | None = None) -> str:
    lo = f["estimate"] - 1.96 * f["se"] if lo is None else lo
    hi = f["estimate"] + 1.96 * f["se"] if hi is None else hi
    if unit == "points" and abs(f["estimate"]) > 20:  # a rate, as a percentage
        return f"{f['estimate']:.1f}% [{lo:.1f}, {hi:.1f}]"
    return f"{_fig(f['estimate'])} {unit} [{_fig(lo)}, {_fig(hi)}]"


def summary_lines(data: dict[str, Any]) -> list[str]:
    """The answer as `sim tune` prints it: the verdict on the pick, each target on fresh deals
    against the rules as they are, the settings that met the targets, what to try next."""
    spec, recheck, pick = data["spec"], data["recheck"], data["pick"]
    targets = spec["targets"]
    verdicts = _verdicts(recheck, targets)
    is_base = pick["params"] == data["base"]
    setting = "the rules as they are" if is_base else pick["label"]
    aims = "; ".join(t["words"] for t in targets)
    verdict = _together(verdicts)
    if verdict == YES:
        lead = f"{YES.word}: {setting} meets every target on fresh deals ({aims})."
    elif verdict == NO:
        lead = (
            f"{NO.word}: the best setting found, {setting}, misses a target on fresh deals "
            f"({aims}); of {len(data['trials'])} settings tried, {len(_met(data))} met every "
            "target by their estimates."
        )
    else:
        lead = (
            f"{NOT_SETTLED.word}: {setting} may meet every target ({aims}), but not beyond noise."
        )
    lines = [lead, *_figures(recheck, targets, is_base, "on the fresh deals")]
    lines.append(
        f"  on fresh deals (seed {recheck['seed']}), {recheck['games']:,} games each, "
        f"{spec['player']} v {spec['player']}"
    )
    # Weakest first, as run or as read back from tune.json (whose keys are sorted).
    from sim.play.agents import standing

    stronger = recheck.get("players") or {}
    for player in sorted(stronger, key=lambda p: standing(p)[0]):
        lines += _stronger(player, stronger[player], targets, setting, is_base)
    met = _met(data)
    if met and not (len(met) == 1 and met[0] == pick["label"]):
        knobs = spec["knobs"]
        if len(knobs) == 1:  # the values alone: "classic_king_of_hearts_absorb = 17, 19, ..."
            met = [f"{knobs[0]['name']} = " + ", ".join(m.split("=", 1)[1] for m in met)]
        lines.append(f"Settings whose estimates met every target in the search: {', '.join(met)}.")
    if edge := _edge(data):
        lines.append(edge)
    lines.append("What to try next: " + _next(data, verdicts))
    return lines


def _stronger(
    player: str, found: dict[str, Any], targets: list[dict[str, Any]], setting: str, is_base: bool
) -> list[str]:
    """A stronger player's recheck of the pick on the same fresh deals: whether the pick holds
    for it (every target met beyond noise), misses one, or is not settled, then its figures."""
    from sim.play.agents import standing

    title = standing(player)[1]
    verdict = _together(_verdicts(found, targets))
    s = "" if is_base else "s"  # "the rules as they are hold", "absorb=17 holds"
    if verdict == YES:
        said = f"{setting} hold{s}: it meets every target"
    elif verdict == NO:
        said = f"{setting} do{'es' if s else ''} not hold: it misses a target"
    else:
        said = f"{NOT_SETTLED}: {setting} may meet every target, but not beyond noise"
    return [
        f"With {title} ({player} v {player}, {found['games']:,} games each on the same deals): "
        f"{said}.",
        *_figures(found, targets, is_base),
    ]


def _together(verdicts: list[str]) -> Verdict:
    """The pick's verdict over every target (there is at least one): Yes when it meets each,
    No when it misses one, else not settled."""
    if all(v == YES for v in verdicts):
        return YES
    return NO if NO in verdicts else NOT_SETTLED


def _verdicts(found: dict[str, Any], targets: list[dict[str, Any]]) -> list[str]:
    """Each target's verdict on the pick in a recheck (the tune's player's or a stronger
    one's); a target with no figure there (a King never drawn) is not met."""
    return [found["pick"].get(t["key"], {}).get("verdict", NO) for t in targets]


def _figures(
    found: dict[str, Any], targets: list[dict[str, Any]], is_base: bool, where: str = ""
) -> list[str]:
    """A recheck's figure for each target with its verdict, the rules as they are beside it
    (unless the pick is them)."""
    lines = []
    for t, v in zip(targets, _verdicts(found, targets), strict=True):
        f, b = found["pick"].get(t["key"]), found["base"].get(t["key"])
        if f is None:
            lines.append(f"  {t['label']}: could not be measured{' ' + where if where else ''}")
            continue
        text = f"  {t['label']}: {_figure(f, t['unit'], f['lo'], f['hi'])} ({verdict_word(v)})"
        if b is not None and not is_base:
            text += f"; the rules as they are: {_figure(b, t['unit'], b['lo'], b['hi'])}"
        lines.append(text)
    return lines


def _edge(data: dict[str, Any]) -> str:
    """With one numeric knob: between which values tried the targets start to be met (the
    nearest tried on each side of the smallest value that met them)."""
    knobs = data["spec"]["knobs"]
    if len(knobs) != 1 or knobs[0]["kind"] != "int":
        return ""
    name = knobs[0]["name"]
    tried = sorted((int(c["params"][name]), c["objective"] == 0) for c in data["trials"])
    met = [v for v, ok in tried if ok]
    if not met or all(ok for _, ok in tried):
        return ""
    first = met[0]
    below = [v for v, ok in tried if v < first and not ok]
    if not below:
        return ""
    between = f"; {below[-1] + 1} to {first - 1} were not tried" if first - below[-1] > 1 else ""
    return (
        f"Of the values of {name} tried, {first} is the smallest whose estimates met every "
        f"target and {below[-1]} the largest below it whose did not{between}."
    )


def _met(data: dict[str, Any]) -> list[str]:
    """The candidates whose estimates met every target, in the order of their settings."""
    return [c["label"] for c in sorted(data["trials"], key=_order) if c["objective"] == 0]


def _order(c: dict[str, Any]) -> tuple:
    return tuple(int(v) if v.isdigit() else v for v in c["params"].values())


def _next(data: dict[str, Any], verdicts: list[str]) -> str:
    spec = data["spec"]
    verdict = _together(verdicts)
    took = data.get("recheck_seconds") or {}
    if verdict == YES:
        if stronger := data["recheck"].get("players") or {}:
            return _next_stronger(stronger, spec["targets"], took, spec)
        return (
            "recheck the pick with the strong and expert players (recheck: {players: "
            "{search_fast: 4000, search_expert: 2000}} in the file), since the search used "
            f"{spec['player']} alone."
        )
    if verdict == NO:
        return (
            "widen the knobs' ranges or turn other options (a target no setting meets is "
            "itself the answer: these knobs cannot get there)."
        )
    games = spec["recheck_games"]
    return (
        f"play more games: the recheck's {games:,} games leave a target unsettled (recheck: "
        f"{{games: {2 * games}}} in the file, then {_command(spec)})"
        f"{_doubling(2 * games, took.get(spec['player']))}."
    )


def _command(spec: dict[str, Any]) -> str:
    """The command that tunes again (the search and the leaders are kept; the recheck plays)."""
    path = spec.get("path") or ""
    return f"`sim tune {path}`" if path and not path.startswith("<") else "`sim tune` on it"


def _doubling(games: int, seconds: float | None) -> str:
    """What a recheck of twice its games would take here: twice what its own took (a recheck
    asked for other games plays them all afresh)."""
    return f"; its {games:,} games would take {duration(2 * seconds)} here" if seconds else ""


def _next_stronger(
    stronger: dict[str, Any],
    targets: list[dict[str, Any]],
    took: dict[str, float] | None = None,
    spec: dict[str, Any] | None = None,
) -> str:
    """What to try next after a pick that holds for the tune's player: as the strongest of the
    players that rechecked it says (its verdict is the one a table of good players would see);
    a weaker one that disagrees is named beside it."""
    from sim.play.agents import standing

    def said(found: dict[str, Any]) -> Verdict:
        return _together(_verdicts(found, targets))

    order = sorted(stronger, key=lambda p: standing(p)[0])
    top = order[-1]
    title = standing(top)[1]
    missed = [standing(p)[1] for p in order[:-1] if said(stronger[p]) == NO]
    beside = f" ({' and '.join(missed)} says it misses)" if missed else ""
    if said(stronger[top]) == NO:
        return (
            f"tune with {title} (player: {top} in the file): the pick does not hold for it, "
            "and the strongest player's verdict is the one a table of good players would see."
        )
    if said(stronger[top]) == NOT_SETTLED:
        games = 2 * stronger[top]["games"]
        then = f", then {_command(spec)}" if spec else ""
        return (
            f"give {title} more games (recheck: {{players: {{{top}: {games}}}}} in the file"
            f"{then}): its recheck is not settled{beside}"
            f"{_doubling(games, (took or {}).get(top))}."
        )
    return f"apply it: the pick holds for {title}, the strongest player that rechecked it{beside}."


def _row(c: dict[str, Any], targets: list[dict[str, Any]], z: float) -> dict[str, Any]:
    cells = []
    for t in targets:
        f = c["figures"].get(t["key"])
        cells.append(_figure(f, t["unit"]) if f else "-")
    return {"label": c["label"], "cells": cells, "objective": c["objective"]}


def _plot(data: dict[str, Any]) -> str | None:
    """What the search tried: with one knob, each target's figure against the knob's value
    (with its 95% interval and the target's band); with several, each candidate's distance
    from the targets by the order it was tried."""
    import matplotlib.pyplot as plt

    spec, trials = data["spec"], data["trials"]
    if not trials:
        return None
    knobs = spec["knobs"]
    targets = spec["targets"]
    if len(knobs) == 1:
        k = knobs[0]
        fig, axes = plt.subplots(len(targets), 1, figsize=(7.5, 2.6 * len(targets)), squeeze=False)
        order = sorted(trials, key=_order)
        xs = [int(c["params"][k["name"]]) if k["kind"] == "int" else i for i, c in enumerate(order)]
        for ax, t in zip(axes[:, 0], targets, strict=True):
            pts = [
                (x, c["figures"][t["key"]])
                for x, c in zip(xs, order, strict=True)
                if t["key"] in c["figures"]
            ]
            ax.errorbar(
                [x for x, _ in pts],
                [f["estimate"] for _, f in pts],
                yerr=[1.96 * f["se"] for _, f in pts],
                fmt="o",
                color="#1b6ca8",
                capsize=3,
            )
            if t["bound"] == "within":
                low, high = _band(t)
                ax.axhspan(low, high, color="#cfe3d4", alpha=0.7, lw=0)
            else:
                ax.axhline(t["value"], color="#2e7d32", lw=1.2)
            ax.set_ylabel(t["unit"])
            ax.set_title(t["words"], fontsize=9)
            if k["kind"] != "int":
                ax.set_xticks(range(len(order)), [c["params"][k["name"]] for c in order])
            base = data["base"].get(k["name"])
            if k["kind"] == "int" and base is not None:
                ax.axvline(int(base), color="#5a6573", lw=0.8, ls="--")
        axes[-1, 0].set_xlabel(f"{k['name']} (dashed: the rules as they are; green: the target)")
        fig.tight_layout()
    else:
        fig, ax = plt.subplots(figsize=(7.5, 3))
        ax.plot([c["first_trial"] for c in trials], [c["objective"] for c in trials], "o")
        ax.set_xlabel("candidate, in the order tried")
        ax.set_ylabel("distance from the targets")
    return _svg(fig)


def _band(t: dict[str, Any]) -> tuple[float, float]:
    """A `within` target's band."""
    centre = 50.0 if t["measure"] == "first_player" else 0.0
    return centre - t["value"], centre + t["value"]
