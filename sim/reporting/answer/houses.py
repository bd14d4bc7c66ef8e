"""The answer on Houses with suit-split decks: Houses ranked, head to head, single pairings,
changes by rule set on the same deals, and whether other players rank them alike."""

from __future__ import annotations

from typing import Any

from sim.analysis.stats import wilson
from sim.reporting.answer.facts import Facts
from sim.reporting.answer.wording import _listing, _pair, _q, _rate_said, _said
from sim.reporting.answer.writers import writes
from sim.reporting.formats import interval, pct, points, points_interval


@writes("house")
def _house(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    """Suit-split decks: with every House against every other, the Houses ranked by their mean
    win rate, and whether the strongest also beats each other House; a single pairing as one
    House's rate against the other; when one House meets each of the others (and they do not
    meet each other), that House's rate against each. Then whether the other mirror match-ups
    rank the Houses the same way."""
    table = []
    text = []
    # The chosen match-up, else the first mirror one (in a mixed match-up, whose seats are not
    # swapped, the rates measure the agents as much as the Houses), else the first.
    mirrors = [h["matchup"] for h in f.houses if h["mirror"]]
    wanted = (mirrors or [h["matchup"] for h in f.houses] or [None])[0]
    if f.chosen:
        a, b = f.chosen
        wanted = a if a == b else _pair(a, b)
    for h in [h for h in f.houses if h["matchup"] == wanted]:
        names = h["houses"]
        where = f"{h['variants']}, {h['matchup']}"
        if h["mirror"]:
            # For another run's answer to set beside this one (`house_agreement`).
            f.house_pair = h["matchup"]
            f.top_houses[h["variants"]] = {
                "ranked": _house_ranking(h),
                "pairs": {
                    f"{a}|{b}": list(_pairing(h, a, b)[:3])
                    for a in names
                    for b in names
                    if a != b and h["matrix"][a][b] is not None and h["pair_games"][a].get(b)
                },
            }
        mixed = "" if h["mirror"] else " (a mixed match-up: its agents' strength is in these rates)"
        if _every_pairing(h) and len(names) == 2:
            # One pairing: its rate is the answer (an average over one says nothing more).
            a, b = _house_ranking(h)
            rate, lo, hi, shown = _pairing(h, a, b)
            table.append(_pairing_row(f, h, a, b))
            even = ": not shown to differ from even" if lo <= 0.5 <= hi else ""
            text.append(
                f"With suit-split decks ({where}){mixed}, {a} wins {shown} of its games "
                f"against {b}{even}."
            )
            continue
        if _every_pairing(h):
            ranked = _house_ranking(h)
            table.extend(_house_rows(f, h, ranked))
            listed = ", ".join(
                f"{n} {pct(h['mean'][n])} {interval(h['mean_lo'][n], h['mean_hi'][n])}"
                for n in ranked
            )
            text.append(
                f"With suit-split decks ({where}){mixed}, each House's win rate against the "
                f"others on average, strongest first: {listed}; {_head_to_head(h, ranked[0])}."
            )
            continue
        hub = max(names, key=lambda n: h["played"][n])
        against = []
        for o in names:
            if o == hub or h["matrix"][hub][o] is None or not h["pair_games"][hub].get(o):
                continue
            against.append(f"{o} {_pairing(h, hub, o)[3]}")
            table.append(_pairing_row(f, h, hub, o))
        text.append(
            f"With suit-split decks ({where}){mixed}, {hub}'s win rate against each House: "
            f"{', '.join(against)}; {pct(h['mean'][hub])} "
            f"{interval(h['mean_lo'][hub], h['mean_hi'][hub])} on average."
        )
    text += _house_changes(f, wanted)
    more, more_rows = _other_players_rankings(f, wanted)
    return text + more, table + more_rows


def _house_changes(f: Facts, wanted: str | None) -> list[str]:
    """Does a rule set move a House's strength? Each House's average win rate over its
    pairings against the reference rule set's, on the same deals (`analysis.house_means`), for
    the match-up the House sentences read."""
    means = [
        c
        for c in f.comparisons
        if c["measure"] == "house_mean"
        and (c["agent_a"] if c["agent_a"] == c["agent_b"] else _pair(c["agent_a"], c["agent_b"]))
        == wanted
    ]
    if not means:
        return []

    def change(c: dict[str, Any], aside: str = "") -> str:
        return (
            f"{points(c['diff'])} points {interval(c['lo'], c['hi'], points)} ({_said(c)}{aside})"
        )

    reference = means[0]["reference"]
    houses = list(dict.fromkeys(c["house"] for c in means))
    variants = list(dict.fromkeys(c["variant"] for c in means))
    if len(houses) == 1:
        # With each pairing's change beside the average where they move apart.
        listed = "; ".join(f"{_q(c['variant'])} {change(c, _by_pairing(f, c))}" for c in means)
        return [
            f"Against {_q(reference)} on the same deals ({wanted}), {houses[0]}'s average win "
            f"rate against the other Houses: {listed}."
        ]
    parts = []
    for v in variants:
        mine = sorted((c for c in means if c["variant"] == v), key=lambda c: -c["diff"])
        parts.append(f"under {_q(v)} " + ", ".join(f"{c['house']} {change(c)}" for c in mine))
    return [
        f"Against {_q(reference)} on the same deals ({wanted}), each House's average win rate "
        f"against the others: {'; '.join(parts)}."
    ]


def _by_pairing(f: Facts, c: dict[str, Any]) -> str:
    """A House's change against each House it meets, beside its average's change, where the
    pairings move apart (one pairing's change beyond noise one way, another's the other way,
    after the report's correction for its many comparisons): "; with its pairings apart:
    against D -0.8 [..], C -6.3 [..] and H +3.8 [..]"; empty otherwise."""
    pairs = c.get("by_pairing") or {}
    noise = {
        x["variant"]: x["noise"]
        for x in f.comparisons
        if x["measure"] == "first_house"
        and (x["agent_a"], x["agent_b"]) == (c["agent_a"], c["agent_b"])
    }
    real = [p["diff"] for p in pairs.values() if noise.get(p["variant"]) is False]
    if not (any(d > 0 for d in real) and any(d < 0 for d in real)):
        return ""
    listed = _listing(
        [f"{o} {points_interval(p['diff'], p['lo'], p['hi'])}" for o, p in pairs.items()]
    )
    return f"; with its pairings apart: against {listed}"


def _pairing(h: dict[str, Any], a: str, b: str) -> tuple[float, float, float, str]:
    """House `a`'s win rate against House `b`, its 95% (Wilson) interval, and the two as
    text ("55.0% [52.9%, 57.2%]")."""
    rate, n = h["matrix"][a][b], h["pair_games"][a][b]
    lo, hi = wilson(rate * n, n)
    return rate, lo, hi, f"{pct(rate)} {interval(lo, hi)}"


def _pairing_row(f: Facts, h: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    """The answer table's row for House `a` against House `b`, against an even 50%."""
    rate, lo, hi, shown = _pairing(h, a, b)
    return {
        "measure": "house",
        "variant": h["variants"],
        "matchup": h["matchup"],
        "value": f"{a} v {b}: {shown}",
        "size": _rate_said(
            {"rate": rate, "lo": lo, "hi": hi}, h["pair_games"][a][b], f.matters["points"]
        ),
        "against": "50%",
    }


def _house_rows(f: Facts, h: dict[str, Any], ranked: list[str]) -> list[dict[str, Any]]:
    """The answer table's rows for a complete House matrix: each House's average."""
    rows = []
    for n in ranked:
        lo, hi = h["mean_lo"][n], h["mean_hi"][n]
        rows.append(
            {
                "measure": "house",
                "variant": h["variants"],
                "matchup": h["matchup"],
                "value": f"{n} {pct(h['mean'][n])} {interval(lo, hi)}",
                "size": _rate_said(
                    {"rate": h["mean"][n], "lo": lo, "hi": hi}, h["games"][n], f.matters["points"]
                ),
                # Its size is its distance from an even 50%, as a pairing's.
                "against": "50%",
            }
        )
    return rows


def _every_pairing(h: dict[str, Any]) -> bool:
    """Every House met every other (so their averages can be ranked)."""
    return all(h["played"][n] == len(h["houses"]) - 1 for n in h["houses"])


def _house_ranking(h: dict[str, Any]) -> list[str]:
    return sorted(h["houses"], key=lambda n: -h["mean"][n])


def _head_to_head(h: dict[str, Any], top: str) -> str:
    """Does the strongest House on average also beat each other House on its own? (The
    question is whether one House beats the others; an average can hide a lost pairing.)"""
    beaten: list[tuple[float, str, str]] = []
    level: list[tuple[float, str, str]] = []
    lost: list[tuple[float, str, str]] = []
    for o in h["houses"]:
        if o == top:
            continue
        rate, lo, hi, shown = _pairing(h, top, o)
        # `shown` is `top`'s own rate against `o`: said as its, never as o's.
        item = (rate, o, f"{o} (winning {shown})")
        (beaten if lo > 0.5 else lost if hi < 0.5 else level).append(item)
    if not level and not lost:
        _, other, _ = min(beaten)
        return (
            f"{top} beats each of the others head to head (the closest: against {other} it wins "
            f"{_pairing(h, top, other)[3]})"
        )
    parts = []
    if lost:
        parts.append("loses to " + _listing([x[2] for x in sorted(lost)]))
    if level:
        parts.append("is not shown to beat " + _listing([x[2] for x in level]) + " (within noise)")
    if beaten:
        parts.append("beats " + _listing([x[1] for x in sorted(beaten, reverse=True)]))
    return f"{top} does not beat every other House head to head: it " + "; ".join(parts)


def _reversed_beyond_noise(h: dict[str, Any], order: list[str]) -> bool:
    """Does `h` rank some two Houses the other way round from `order`, with their averages'
    intervals apart (a swap inside the intervals is noise, not another order)?"""
    for i, x in enumerate(order):
        for y in order[i + 1 :]:
            if h["mean_lo"][y] > h["mean_hi"][x]:
                return True
    return False


def _other_players_rankings(f: Facts, wanted: str | None) -> tuple[list[str], list[dict[str, Any]]]:
    """Whether each other mirror match-up ranks the Houses as the answering one does, rule set by
    rule set (a House's strength may depend on who plays it; in a mixed match-up, whose seats
    are not swapped, the rates measure the agents as much as the Houses). Where the strongest
    House differs, the other player's own head-to-head of the two is said."""
    answering = {
        h["variants"]: h
        for h in f.houses
        if h["matchup"] == wanted and h["mirror"] and _every_pairing(h)
    }
    text: list[str] = []
    table: list[dict[str, Any]] = []
    mirrors = [h for h in f.houses if h["mirror"] and h["matchup"] != wanted]
    for matchup in dict.fromkeys(h["matchup"] for h in mirrors):
        same: list[str] = []
        noisy: list[str] = []  # another order, but only inside the intervals
        other: list[str] = []
        for h in mirrors:
            if h["matchup"] != matchup or h["variants"] not in answering or not _every_pairing(h):
                continue
            ranked = _house_ranking(h)
            listed = ", ".join(f"{n} {pct(h['mean'][n])}" for n in ranked)
            mine = _house_ranking(answering[h["variants"]])
            if ranked == mine:
                same.append(f"{_q(h['variants'])} ({listed})")
            elif not _reversed_beyond_noise(h, mine):
                noisy.append(f"{_q(h['variants'])} ({listed})")
            elif ranked[0] != mine[0]:
                top, theirs = ranked[0], mine[0]
                other.append(
                    f"{_q(h['variants'])}, where it puts {top} first, not {theirs} ({listed}), and "
                    f"{top} wins {_pairing(h, top, theirs)[3]} of its games against {theirs}"
                )
            else:
                other.append(f"{_q(h['variants'])} ({listed})")
            table.extend(_house_rows(f, h, ranked))
        if not same and not noisy and not other:
            continue
        said = []
        if same:
            said.append(f"the same order as with {wanted} under " + _listing(same))
        if noisy:
            said.append(
                f"an order within noise of {wanted}'s (no swap beyond the intervals) under "
                + _listing(noisy)
            )
        if other:
            said.append("another order under " + _listing(other))
        text.append(f"With {matchup}, the Houses rank in " + "; and in ".join(said) + ".")
    return text, table
