"""The answer on card changes: whether a variant moves what a card is worth, against its
value under the baseline on the same deals, the question's own card first."""

from __future__ import annotations

from typing import Any

from sim.reporting.answer.cards import impact_read
from sim.reporting.answer.facts import Facts
from sim.reporting.answer.sizes import REAL, Size
from sim.reporting.answer.wording import _listing, _pair, _q, _said, _shown
from sim.reporting.answer.writers import writes
from sim.reporting.formats import interval, points, points_interval


@writes("card_change")
def _card_change(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    """Does a variant change what a card is worth? Each card's value under each variant
    against its value under the baseline, on the same deals, read from the same match-up and
    way of taking the card out as `card_value`: the sentence leads with a verdict over all of
    them, then the largest changes."""
    found = impact_read(f.chosen, f.card_changes)
    if found is None:
        return [], []
    pair, _, changes = found
    order = {name: i for i, name in enumerate(f.plain)}
    table = [
        {
            "measure": "card_change",
            "variant": c["variant"],
            "matchup": _pair(*pair),
            "value": f"{c['card']} {points_interval(c['diff'], c['lo'], c['hi'])}",
            "size": _shown(c),
            # The baseline is named in the sentence above the table (a long name would widen
            # the column on a phone).
            "against": "the baseline",
        }
        for c in sorted(changes, key=lambda c: (order.get(c["variant"], 0), -abs(c["diff"])))
    ]
    m = f.matters["points"]
    # The question's own card first, when this measure opens the answer; the sentence after it
    # is about the other cards.
    focused = _focus_change(f, changes, pair) if f.measures[0] == "card_change" else []
    every = len(changes)
    if focused:
        changes = [c for c in changes if c["card"] != f.focus]
        if not changes:
            return focused, table
    sizes = {c["size"] for c in changes}
    real = [c for c in changes if c["size"] in REAL]
    if sizes == {Size.TOO_FEW_GAMES}:
        lead = "too few deals to tell whether a variant moves a card's value"
    elif sizes == {Size.NEGLIGIBLE}:
        lead = f"no variant moves any card's value by {m:g} point or more"
    elif not real:
        # Some within noise (or too few deals): not shown to move, which is not "no effect".
        lead = f"no variant is shown to move a card's value by {m:g} point or more"
    else:
        verb = "changes" if len(real) == 1 else "change"
        lead = f"{len(real)} of the {len(changes)} values {verb} by {m:g} point or more"
    # Every change that matters (a count said without its list reads as a hidden list), then
    # the largest of the rest, four at least.
    ranked = sorted(real, key=lambda c: -abs(c["diff"])) + sorted(
        (c for c in changes if c not in real), key=lambda c: -abs(c["diff"])
    )
    shown = ranked[: max(4, len(real))]
    listed = "; ".join(
        f"{c['card']} under {_q(c['variant'])} {points(c['diff'])} points "
        f"{interval(c['lo'], c['hi'], points)} ({_said(c)})"
        for c in shown
    )
    if every > len(shown):
        listed += f" (all {every} in the table below)"
    if len(changes) == 1 and real and not focused:
        # One card, one variant, a change that matters: said as the answer it is.
        c = changes[0]
        more = "more" if c["diff"] > 0 else "less"
        return [
            f"{c['card']} is worth {more} under {_q(c['variant'])} than under {_q(f.baseline)}, on "
            f"the same deals ({_pair(*pair)}): {points(c['diff'])} points "
            f"{interval(c['lo'], c['hi'], points)} ({_said(c)})."
        ], table
    others = ", for the other cards," if focused else ","
    return focused + [
        f"Against its value under {_q(f.baseline)} on the same deals ({_pair(*pair)}){others} "
        f"{lead}: {listed}."
    ], table


def _focus_change(f: Facts, changes: list[dict[str, Any]], pair: tuple[str, str]) -> list[str]:
    """Does a variant move what the question's own card (`focus`) is worth? Every variant's
    change of it against the baseline, on the same deals, in the variants' order."""
    order = {name: i for i, name in enumerate(f.plain)}
    mine = sorted(
        (c for c in changes if c["card"] == f.focus), key=lambda c: order.get(c["variant"], 0)
    )
    if not mine:
        return []
    m = f.matters["points"]
    real = [c for c in mine if c["size"] in REAL]
    sizes = {c["size"] for c in mine}
    if real:
        verdict = f"Yes, by {m:g} point or more under {_listing([_q(c['variant']) for c in real])}"
    elif sizes == {Size.NEGLIGIBLE}:
        verdict = f"No, by less than {m:g} point under each"
    elif sizes == {Size.TOO_FEW_GAMES}:
        verdict = "Too few deals to tell"
    else:
        verdict = f"Not shown to, by {m:g} point or more"
    listed = "; ".join(
        f"{_q(c['variant'])} {points(c['diff'])} points {interval(c['lo'], c['hi'], points)} "
        f"({_said(c)})"
        for c in mine
    )
    return [
        f"Does a variant change what {f.focus} is worth to the player who draws it, against "
        f"{_q(f.baseline)} on the same deals ({_pair(*pair)})? {verdict}: {listed}."
    ]
