"""Which function writes each measure's part of the answer: its sentences and table rows.

A writer is registered where it is written, with the measure it writes
(`@writes("rounds")`); `assemble` calls the writer of each measure of the answer. Every measure
`answer.measures` may name has one (tests/test_measures.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sim.reporting.answer.facts import Facts

Writer = Callable[["Facts"], tuple[list[str], list[dict[str, Any]]]]
# measure -> its writer (filled as the writers' modules are imported: `assemble` imports them).
WRITERS: dict[str, Writer] = {}


def writes(measure: str) -> Callable[[Writer], Writer]:
    """Register the decorated function as the writer of `measure` (one a measure)."""

    def register(writer: Writer) -> Writer:
        if measure in WRITERS:
            raise ValueError(f"two writers for the measure {measure!r}")
        WRITERS[measure] = writer
        return writer

    return register
