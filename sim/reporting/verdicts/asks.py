"""Which parts an experiment's question has (`answer.asks` in its file, or the defaults of its
measures) and the line that settles each (`answer.asks[].line`, else `LINES`)."""

from __future__ import annotations

from typing import Any

from sim.analysis import measures
from sim.analysis.measures import AskContext
from sim.analysis.verdicts import ASK_UNITS, LINES, MATTERS


def asks(
    spec: dict[str, Any], config: dict[str, Any], matters: dict[str, float] | None = None
) -> list[dict[str, Any]]:
    """The parts of the question, each with its line and unit filled in (`matters`: the
    smallest difference that matters per unit, the line of a `changes` part)."""
    cards = impact_cards(config)
    written = spec.get("asks")
    parts = written if written else default_asks(spec, config, cards)
    return [_filled(dict(p), cards, {**MATTERS, **(matters or {})}) for p in parts]


def impact_cards(config: dict[str, Any]) -> list[str]:
    """The cards the run takes out (`impact:`), in the file's order."""
    return list(dict.fromkeys(card for _, _, card in (config.get("impact") or {}).values()))


def default_asks(
    spec: dict[str, Any], config: dict[str, Any], cards: list[str]
) -> list[dict[str, Any]]:
    """The parts an experiment of this shape asks when its file names none: one or two per
    measure of its answer (each measure's record says which: `sim.analysis.measures`)."""
    plain = [v for v in config.get("variants", {}) if v not in (config.get("impact") or {})]
    ctx = AskContext(cards=cards, focus=spec.get("focus"), several=len(plain) > 1)
    return measures.default_asks(spec.get("measures", []), ctx)


def _filled(part: dict[str, Any], cards: list[str], matters: dict[str, float]) -> dict[str, Any]:
    line, unit, _ = LINES[part["ask"]]
    if part["ask"] == "changes":
        unit = ASK_UNITS.get(part.get("measure", ""), "points")
        line = matters[unit]
    if part["ask"] in ("dominates", "balanced") and not part.get("house"):
        part.setdefault("cards", cards)
    # Where its line comes from, for the page to say so (a team sets its own in the file).
    part["line_from"] = "file" if "line" in part else "default"
    part.setdefault("line", line)
    part["unit"] = unit
    return part
