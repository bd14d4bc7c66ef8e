"""How a number becomes text, wherever the report, the answer, the verdict box, the scan and tune
pages write one: a percentage, points of win rate, a signed figure, an interval, a p-value (and
how the report breaks a variant's name on a narrow screen).

One unit convention: a rate, or a difference of two rates, is given as a fraction, as a run's
figures hold it (`pct`, `points`: 0.523 is "52.3%", 0.012 is "+1.2" points); every other figure
is given in the unit it is printed in (`signed`, `count_change`: points as the verdict box and
the scan hold them, rounds, turns). A signed figure that rounds to zero is "+0.0", never "-0.0".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from markupsafe import Markup, escape

# The agent label of impact figures read from every match-up (when none is a mirror).
ALL_MATCHUPS = "all match-ups"


def pct(x: float | None, digits: int = 1) -> str:
    """A fraction as a percentage: 0.523 -> "52.3%"; no figure (None) -> "-"."""
    return "-" if x is None else f"{100 * x:.{digits}f}%"


def signed(x: float, digits: int = 1) -> str:
    """A figure with its sign, in the unit it is printed in: +1.2, -0.4."""
    # Rounded first, so that -0.04 prints as +0.0, not -0.0.
    return f"{round(x, digits) + 0.0:+.{digits}f}"


def points(x: float) -> str:
    """A difference of two rates (a fraction) in points of win rate: 0.012 -> "+1.2"."""
    return signed(100 * x)


def duration(seconds: float) -> str:
    """A forecast of time, as a designer plans with it: "under a minute", "about 40 minutes",
    "about 3 hours", "about 9 days" (a forecast: one figure is all it is worth)."""
    minutes, hours, days = seconds / 60, seconds / 3600, seconds / 86400
    if minutes < 1:
        return "under a minute"
    if minutes < 90:
        return _about(minutes, "minute")
    if hours < 48:
        return _about(hours, "hour")
    return _about(days, "day")


def _about(x: float, unit: str) -> str:
    n = max(1, round(x))
    return f"about {n:,} {unit}{'' if n == 1 else 's'}"


def count_change(x: float) -> str:
    """A change in a count (rounds, turns), to two places: +0.29."""
    return signed(x, 2)


def interval(lo: float, hi: float, form: Callable[[float], str] = pct) -> str:
    """An interval, each end written by `form`: "[47.0%, 48.0%]", "[+1.2, +3.4]"."""
    return f"[{form(lo)}, {form(hi)}]"


def points_interval(x: float, lo: float, hi: float) -> str:
    """A difference of two rates (fractions) in points, with its interval: "+1.2 [+0.3, +2.1]"."""
    return f"{points(x)} {interval(lo, hi, points)}"


def pvalue(p: float) -> str:
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def value(c: dict[str, Any], x: float) -> str:
    """A compared figure (`sim.analysis.comparisons`): a rate as a percentage, a count plain."""
    return pct(x) if c["rate"] else f"{x:.2f}"


def delta(c: dict[str, Any], x: float) -> str:
    """A compared figure's difference: points for a rate, a signed count otherwise."""
    return points(x) if c["rate"] else f"{x:+.2f}"


def _breakable(name: str) -> Markup:
    """A variant name that a narrow screen may break after '_', '=' or ',' (not mid-word)."""
    text = str(escape(name))
    for sep in ("_", "=", ","):
        text = text.replace(sep, sep + "<wbr>")
    return Markup(text)


def commands(text: str) -> Markup:
    """Text whose `backticked` commands are shown as code (a command to copy, set apart)."""
    return Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", str(escape(text))))


def _option_breaks(name: str) -> Markup:
    """A variant name that may break between its options only (`kings=classic,` /
    `split_houses=D-C`): a wide table's name column stays narrow and each setting whole."""
    return Markup(str(escape(name)).replace(",", ",<wbr>"))
