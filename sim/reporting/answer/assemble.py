"""The whole answer: each measure's sentences and table rows (its writer: `writers`), the
sentences on rules in play and other runs' answers put in place, and the table's caption and
columns."""

from __future__ import annotations

import re
from typing import Any

from sim.analysis.verdicts import MEASURES

# The writers' modules (each writer registers itself: `writers`).
from sim.reporting.answer import card_changes, cards, comparisons, houses, seats  # noqa: F401
from sim.reporting.answer.agreement import (
    HOUSE_SENTENCE,
    SEE_ALSO_LEAD,
    _follows,
    agreement,
    house_agreement,
)
from sim.reporting.answer.facts import Facts
from sim.reporting.answer.in_play import _acted, _rarely_in_play, _untested
from sim.reporting.answer.wording import _listing
from sim.reporting.answer.writers import WRITERS

# How a within-noise difference whose interval excludes zero is said (`Facts`), and how it is
# said again in the same sentence.
CLEAR_ON_ITS_OWN = re.compile(
    r"within noise: clear of zero on its own, not once the report's \d+ comparisons are "
    r"allowed for"
)
SAID_AGAIN = "within noise, clear of zero on its own as well"


def _said_once(sentence: str) -> str:
    """A sentence that lists several such differences explains the first one only."""
    found = list(CLEAR_ON_ITS_OWN.finditer(sentence))
    for m in reversed(found[1:]):
        sentence = sentence[: m.start()] + SAID_AGAIN + sentence[m.end() :]
    return sentence


def answer(f: Facts) -> dict[str, Any]:
    """The opening sentences (the first measure's first, at most three groups shown) and the
    table of every answering measure."""
    sentences: list[str] = []
    table: list[dict[str, Any]] = []
    for i, measure in enumerate(f.measures):
        text, rows = WRITERS[measure](f)
        sentences += text
        table += rows
        if i == 0:
            # How often the varied rules that act without a choice acted: right after the
            # first answer, which it qualifies.
            sentences += _acted(f)
    sentences += _untested(f)
    # Which cards each player puts at the top, this run's and another's asking the same
    # question: the answer with both players at once, so said first (below).
    mine = {
        "pair": f.top_pair,
        "variants": f.top_cards,
        "values": f.top_values,
        "unsure": f.top_unsure,
        "method": f.top_method,
    }
    agreed = [
        said
        for file, theirs in f.quoted.items()
        if f.top_pair and theirs and (said := agreement(mine, theirs, file, f.matters["points"]))
    ]
    # Whether another player's House answer agrees, right after this one's House sentences
    # (its own claims first, then how far they hold with the other player).
    ours = {"pair": f.house_pair, "variants": f.top_houses}
    beside = [
        said
        for file, theirs in f.quoted_houses.items()
        if f.house_pair and theirs and (said := house_agreement(ours, theirs, file))
    ]
    if beside:
        after = max(
            (i + 1 for i, s in enumerate(sentences) if s.startswith(HOUSE_SENTENCE)), default=0
        )
        sentences[after:after] = beside
    # A rule its variants hardly used qualifies every figure after it: said first.
    sentences[:0] = _rarely_in_play(f)
    if f.caveat:
        sentences.insert(0, f"Caveat: {f.caveat}")
    sentences[:0] = agreed
    sentences = [_said_once(s) for s in sentences]
    if f.see_also and not any(s.startswith("Read from ") for s in sentences):
        sentences.append(f"{SEE_ALSO_LEAD}{_listing(f.see_also)}{_follows(f)}.")
    for row in table:
        row.setdefault("label", MEASURES[row["measure"]][0])
    # Columns that hold one value for every row go into the table's caption instead.
    labels = list(dict.fromkeys(r["label"] for r in table))
    matchups = list(dict.fromkeys(r["matchup"] for r in table))
    return {
        "measures": f.measures,
        "matters": f.matters,
        "sentences": sentences,
        "table": table,
        "caption": ", ".join(
            ([labels[0]] if len(labels) == 1 else []) + (matchups if len(matchups) == 1 else [])
        ),
        "columns": {"measure": len(labels) > 1, "matchup": len(matchups) > 1},
        # Rows whose interval excludes zero but whose difference is within noise (`_shown`).
        "marked": any(str(r.get("size", "")).endswith("*") for r in table),
        # The card answer's top cards per variant, to set beside another run's (`agreement`).
        **({"top_cards": mine} if f.top_pair else {}),
        # The House answer's pairings per variant, for the same (`house_agreement`).
        **({"houses": {"pair": f.house_pair, "variants": f.top_houses}} if f.house_pair else {}),
    }
