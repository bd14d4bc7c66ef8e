"""How the answer words its figures: sizes with their reach, quoted names, rates with their
intervals, counts against the baseline, match-ups and lists (the numbers themselves by
`sim.reporting.formats`)."""

from __future__ import annotations

from typing import Any

from sim.reporting.answer.sizes import _rate_size, reach
from sim.reporting.formats import count_change, interval, pct


def with_reach(size_: str, reach_: str) -> str:
    """A size with the other sizes its interval reaches, as sentences and tables say it."""
    return f"{size_}, {reach_}" if reach_ else size_


def _said(c: dict[str, Any]) -> str:
    """A difference's size in a sentence: "within noise" says why when its interval alone
    excludes zero; a size says the others its interval reaches."""
    return str(c.get("size_said") or with_reach(c["size"], c.get("reach", "")))


def _shown(c: dict[str, Any]) -> str:
    """A difference's size in the answer table: marked where the note under the table says
    why an interval that excludes zero is within noise."""
    if c.get("size_said"):
        return f"{c['size']}*"
    return with_reach(str(c["size"]), c.get("reach", ""))


def quoted(name: str) -> str:
    """A name as a sentence quotes it: 'Option 2 Kings', or "Spring '25 Kings" where the name
    holds an apostrophe (in single quotes it would read as two quotations)."""
    return f'"{name}"' if "'" in name else f"'{name}'"


_q = quoted


def _count_against(c: dict[str, Any] | None) -> str:
    """A count's difference from the baseline in the answer table (rounds, turns): +0.29 [+0.18,
    +0.39]; "baseline" for the baseline's own row."""
    if c is None:
        return "baseline"
    return f"{count_change(c['diff'])} {interval(c['lo'], c['hi'], count_change)}"


def _rate(r: dict[str, Any]) -> str:
    """A rate and its interval: 47.5% [47.0%, 48.0%]."""
    return f"{pct(r['rate'])} {interval(r['lo'], r['hi'])}"


def _pair(a: str, b: str) -> str:
    return f"{a} v {b}"


def _rate_said(
    rate: dict[str, Any], n: int, matters: float, fair: float = 0.5, size_: str | None = None
) -> str:
    """`_rate_size` (or `size_`, where the caller has it) with the other sizes its interval
    reaches, as a sentence or a table says it."""
    size_ = size_ or _rate_size(rate, n, matters, fair)
    return with_reach(size_, reach(rate["lo"] - fair, rate["hi"] - fair, size_, matters / 100))


def _listing(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
