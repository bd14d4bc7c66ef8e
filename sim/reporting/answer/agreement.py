"""Another run's answer beside this one: whether it puts the same cards at the top and decides
the leading House pairing the same way, and the files that ask a related question."""

from __future__ import annotations

from typing import Any

from sim.reporting.answer.facts import Facts
from sim.reporting.answer.wording import _listing, _q
from sim.reporting.formats import interval, pct, points_interval


def _tops_text(
    cards: list[str],
    points: float = 1.0,
    values: dict[str, list[float]] | None = None,
    method: str | None = None,
) -> str:
    """The cards at the top, with their values where `values` has them."""
    if not cards:
        # (Not "to matter": against a blank a King's power is measured, not the card.)
        what = "no card's power" if method == "blank" else "no card"
        return f"{what} shown to be worth {points:g} point{'' if points == 1 else 's'} or more"
    named = [_valued(c, values) for c in cards]
    if len(cards) == 1:
        return f"{named[0]} at the top"
    return f"{_listing(named)} level at the top"


def _valued(card: str, values: dict[str, list[float]] | None) -> str:
    """A card with its value and interval ("KH +9.9 [+9.3, +10.5]"), or its name alone."""
    if not values or card not in values:
        return card
    value, lo, hi = values[card]
    return f"{card} {points_interval(value, lo, hi)}"


def agreement(
    mine: dict[str, Any], theirs: dict[str, Any], file: str, points: float = 1.0
) -> str | None:
    """Which cards two runs' card answers put at the top, variant by variant (the variants
    both have), with their values: said first, since it answers a question about the strongest
    card with both players at once, and tells a reader of one player's values whether the other
    agrees. `mine` and `theirs` are answers' `top_cards` (with `values` from 2026-12-02);
    `points`, the smallest value that matters."""
    shared = [v for v in mine["variants"] if v in theirs["variants"]]
    if not shared or mine["pair"] == theirs["pair"]:
        return None
    parts = []
    for v in shared:
        a, b = mine["variants"][v], theirs["variants"][v]
        ours = (mine.get("values") or {}).get(v)
        others = (theirs.get("values") or {}).get(v)
        doubt = _unsure(mine, v, points), _unsure(theirs, v, points)
        if a != b:
            parts.append(
                f"under {_q(v)} they differ, {mine['pair']} with "
                f"{_tops_text(a, points, ours, mine.get('method'))}{doubt[0]} and "
                f"{theirs['pair']} with {_tops_text(b, points, others, theirs.get('method'))}"
                f"{doubt[1]}"
            )
            continue
        # The same method on both sides, or "no card" (a power is part of a card).
        method = mine.get("method") if mine.get("method") == theirs.get("method") else None
        said = f"under {_q(v)} they agree, {_tops_text(a, points, None, method)}"
        if a and ours and others and all(c in ours and c in others for c in a):
            # The same cards: each player's values after them (one card: its value alone).
            each = [
                f"{who} "
                + ", ".join(
                    _valued(c, vals).removeprefix(f"{c} " if len(a) == 1 else "") for c in a
                )
                + unsure
                for who, vals, unsure in (
                    (mine["pair"], ours, doubt[0]),
                    (theirs["pair"], others, doubt[1]),
                )
            ]
            said += f" ({'; '.join(each)})"
        parts.append(said)
    body = "; ".join(parts)
    return (
        f"{AGREEMENT_ASK}{mine['pair']} here and by {theirs['pair']} in {file}? "
        f"{body[0].upper()}{body[1:]}."
    )


def _unsure(answer: dict[str, Any], variant: str, points: float) -> str:
    """The cards an answer could not tell apart from its top cards but that are not shown to
    matter themselves (", not told apart from KC +2.4 [+0.4, +4.4], which is not shown to be
    worth 1 point or more"); empty for none, or an answer written before they were kept."""
    unsure = (answer.get("unsure") or {}).get(variant) or {}
    if not unsure:
        return ""
    named = _listing([_valued(c, unsure) for c in unsure])
    which = "which is" if len(unsure) == 1 else "which are"
    return (
        f", not told apart from {named}, {which} not shown to be worth {points:g} "
        f"point{'' if points == 1 else 's'} or more"
    )


# The question of an `agreement` sentence (left out where another report quotes this answer:
# there it would compare the wrong two runs), and the one answers before 2026-12-02 asked.
AGREEMENT_ASK = "Which cards are worth the most to the player who draws them, by "
AGREEMENT_ASKS = (AGREEMENT_ASK, " put the same cards at the top? ")
# How each of the answering player's House sentences opens (`house_agreement` follows them).
HOUSE_SENTENCE = "With suit-split decks ("
# The same for `house_agreement`.
HOUSE_AGREEMENT_ASK = " agree on the match between the two strongest Houses? "


def _pairing_verdict(pairs: dict[str, list[float]], a: str, b: str) -> tuple[str, str] | None:
    """Who leads in pairing `a`-`b` ("a", "b" or "neither", beyond noise) and the rate that
    says so ("D 55.0% [..]" is D's rate against the other), from an answer's `pairs`."""
    if f"{a}|{b}" in pairs:
        rate, lo, hi = pairs[f"{a}|{b}"]
    elif f"{b}|{a}" in pairs:
        r, lo_b, hi_b = pairs[f"{b}|{a}"]
        rate, lo, hi = 1 - r, 1 - hi_b, 1 - lo_b
    else:
        return None
    who = a if lo > 0.5 else b if hi < 0.5 else "neither"
    return who, f"{a} {pct(rate)} {interval(lo, hi)}"


def house_agreement(mine: dict[str, Any], theirs: dict[str, Any], file: str) -> str | None:
    """Whether another run's House answer decides this one's leading pairing (its two strongest
    Houses) the same way, variant by variant (the variants both have): said first, since the
    lead between two strong Houses is what may move with the player. `mine` and `theirs` are
    answers' `houses`."""
    if mine["pair"] == theirs["pair"]:
        return None
    parts = []
    for v, m in mine["variants"].items():
        t = theirs["variants"].get(v)
        if not t or len(m["ranked"]) < 2:
            continue
        a, b = m["ranked"][:2]
        here, there = _pairing_verdict(m["pairs"], a, b), _pairing_verdict(t["pairs"], a, b)
        if not here or not there:
            continue
        lead = {a: f"{a} ahead", b: f"{b} ahead", "neither": "neither ahead"}
        rates = f"{mine['pair']} {here[1]}, {theirs['pair']} {there[1]}"
        if here[0] == there[0]:
            parts.append(f"under {_q(v)}, {a} against {b}, both have {lead[here[0]]} ({rates})")
        else:
            parts.append(
                f"under {_q(v)}, {a} against {b}, they differ: {mine['pair']} has "
                f"{lead[here[0]]} and {theirs['pair']} {lead[there[0]]} ({rates})"
            )
    if not parts:
        return None
    body = "; ".join(parts)
    return (
        f"Do {mine['pair']} here and {theirs['pair']} in {file}{HOUSE_AGREEMENT_ASK}"
        f"{body[0].upper()}{body[1:]}."
    )


# The sentence that only names the other files asking the question (left out where quoted).
SEE_ALSO_LEAD = "A related question is asked in "
# The same, as answers written before 2026-12-01 said it (left out where they are quoted).
SEE_ALSO_LEADS = (SEE_ALSO_LEAD, "The same question is also asked in ")


def _follows(f: Facts) -> str:
    """Where the other files' answers are quoted under this one, the sentence says so."""
    quoted = [q for q in f.see_also if q in f.quoted]
    if not quoted:
        return ""
    return ", whose answer follows" if len(quoted) == 1 else ", whose answers follow"
