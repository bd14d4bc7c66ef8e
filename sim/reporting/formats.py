"""How the report writes numbers and names: percentages, points of win rate, p-values, a size
with the sizes its interval reaches, variant names a narrow screen may break, quoted names."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from sim.reporting import answer

# A name in a sentence, quoted as the answer quotes it.
_q = answer.quoted
# The agent label of impact figures read from every match-up (when none is a mirror).
ALL_MATCHUPS = "all match-ups"


def _pct(x: float | None, digits: int = 1) -> str:
    return "-" if x is None else f"{100 * x:.{digits}f}%"


def _points(x: float) -> str:
    # Rounded first, so that -0.04 points prints as +0.0, as the answer prints it, not -0.0.
    return f"{round(100 * x, 1) + 0.0:+.1f}"


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


def _sized(c: dict[str, Any], default: str) -> str:
    """A difference's size as the answer says it: with the other sizes its interval reaches."""
    return answer.with_reach(str(c.get("size", default)), c.get("reach", ""))
