"""How large a difference is (what the data says): the Holm correction of the report's
comparisons (`analysis.stats.holm`), a size against the smallest difference that matters, and
the sizes its interval reaches."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from sim.analysis.stats import holm as holm
from sim.analysis.verdicts import LARGE, MIN_GAMES


class Size(StrEnum):
    """How large a difference is for a designer (`size`). A `StrEnum`, so that answer.json holds
    the plain value ("too few games") and a size read back from it compares equal; the value is
    also how the answer says it."""

    TOO_FEW_GAMES = "too few games"
    NEGLIGIBLE = "negligible"
    WITHIN_NOISE = "within noise"
    SMALL = "small"
    LARGE = "large"


# The sizes of a difference beyond noise by the smallest that matters or more.
REAL = (Size.SMALL, Size.LARGE)


def size(diff: float, lo: float, hi: float, noise: bool, n: int, matters: float) -> Size:
    """How large a difference is for a designer: too few games to say; negligible (its whole
    interval is within the smallest difference that matters, or it is real but smaller);
    within noise (the interval holds zero and differences that matter); small; or large (at
    least LARGE times the smallest that matters). `diff`, `lo`, `hi` and `matters` share a
    unit."""
    if n < MIN_GAMES:
        return Size.TOO_FEW_GAMES
    if -matters < lo and hi < matters:
        return Size.NEGLIGIBLE
    if noise:
        return Size.WITHIN_NOISE
    return SIZES[_band(diff, matters)]


# The sizes by band (`_band`).
SIZES = (Size.NEGLIGIBLE, Size.SMALL, Size.LARGE)


def _band(x: float, matters: float) -> int:
    """The size band of a difference `x`: 0 under `matters`, 1 under LARGE times it, else 2."""
    return 0 if abs(x) < matters else 1 if abs(x) < LARGE * matters else 2


def reach(lo: float, hi: float, size_: str, matters: float) -> str:
    """The other sizes a difference's 95% interval reaches, beside the size of its estimate:
    "perhaps small" for +4.0 [+2.4, +5.7] (large by its estimate, small at its lower end), so
    that a label is never firmer than its interval. Empty where the interval stays within
    the estimate's size, and for a difference within noise or with too few games."""
    if size_ not in SIZES or (-matters < lo and hi < matters):
        return ""
    high = max(_band(lo, matters), _band(hi, matters))
    low = 0 if lo <= 0 <= hi else min(_band(lo, matters), _band(hi, matters))
    others = [SIZES[b] for b in range(low, high + 1) if SIZES[b] != size_]
    return f"perhaps {' or '.join(others)}" if others else ""


def _rate_size(rate: dict[str, Any], n: int, matters: float, fair: float = 0.5) -> Size:
    """The size of a rate's distance from even (50%; an even share, 1/players, at a larger
    table)."""
    lo, hi = rate["lo"] - fair, rate["hi"] - fair
    return size(rate["rate"] - fair, lo, hi, lo <= 0 <= hi, n, matters / 100)
