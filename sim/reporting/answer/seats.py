"""The answers on seats: the first player's win rate, the places in turn order at larger
tables, and what winning the advantage draw is worth to its chooser."""

from __future__ import annotations

import re
from typing import Any

from sim.analysis.names import ORDINALS
from sim.analysis.verdicts import DEFERRED_OFTEN
from sim.reporting.answer.comparisons import _compared_text
from sim.reporting.answer.facts import Facts
from sim.reporting.answer.sizes import REAL, Size, _rate_size
from sim.reporting.answer.wording import _pair, _q, _rate, _rate_said, _said
from sim.reporting.answer.writers import writes
from sim.reporting.formats import interval, pct, points


@writes("seats")
def _seats(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    """Which place in turn order is favoured at each table size, and by how much, against an
    even share (1/players); then, shorter, the same under each other match-up."""
    pairs = f.pairs("seats")
    if not pairs:
        return [], []
    m = f.matters["points"]
    sentences, table = [], []
    for pair in pairs[:1]:
        for r in _larger_tables_first(f.cells(pair)):
            places, n, fair = r["seats"], r["games"], r["fair"]
            sizes = [_rate_said(w, n, m, fair) for w in places]
            for k, w in enumerate(places):
                table.append(
                    {
                        "measure": "seats",
                        "variant": r["variant"],
                        "matchup": _pair(*pair),
                        "value": f"{ORDINALS[k]}: {_rate(w)}",
                        "size": sizes[k],
                        "against": pct(fair),
                    }
                )
            # A variant named "3 players" says no more than "At 3 players".
            named = "" if r["variant"] == f"{r['players']} players" else f"{_q(r['variant'])}, "
            at = f"At {r['players']} players ({named}{_pair(*pair)}, {n:,} games)"
            sentences.append(f"{at} {_seat_verdict(r, m)}{_no_winner_share(r)}{_seat_choice(r)}.")
    for pair in pairs[1:]:
        parts = [
            f"at {r['players']} players {_seat_verdict(r, m, short=True)}{_no_winner_share(r)}"
            f"{_seat_choice(r)}"
            for r in _larger_tables_first(f.cells(pair))
        ]
        sentences.append(f"With {_pair(*pair)}: {'; '.join(parts)}.")
    return sentences, table


def _larger_tables_first(cells: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The question is about the larger tables: two players, where there, comes last."""
    return sorted(cells, key=lambda r: r.get("players", 2) == 2)


def _seat_choice(r: dict[str, Any]) -> str:
    """Where the advantage draw's winner often deferred, the later places are partly its
    choice (it moves to the last place), not the seat alone: say so."""
    if r.get("deferred", 0) < DEFERRED_OFTEN:
        return ""
    return (
        f" (the advantage draw's winner deferred in {pct(r['deferred'])} of the games, taking "
        "the last place by choice, so the places mix seat and choice)"
    )


def _seat_verdict(r: dict[str, Any], m: float, short: bool = False) -> str:
    """The favoured and the worst place in turn order of one cell, against an even share."""
    places, n, fair = r["seats"], r["games"], r["fair"]
    sizes = [_rate_size(w, n, m, fair) for w in places]
    best = max(range(len(places)), key=lambda k: places[k]["rate"])
    worst = min(range(len(places)), key=lambda k: places[k]["rate"])
    edge = (places[best]["rate"] - fair) * 100
    if sizes[worst] in REAL and sizes[best] not in REAL:
        return (
            f"the {ORDINALS[worst]} player in turn order is at a disadvantage: "
            f"{_rate(places[worst])} against an even share of {pct(fair)} "
            f"({(places[worst]['rate'] - fair) * 100:+.1f} points, "
            f"{_rate_said(places[worst], n, m, fair, sizes[worst])})"
        )
    if sizes[best] in REAL:
        text = (
            f"the {ORDINALS[best]} player in turn order is favoured: {_rate(places[best])} "
            f"against an even share of {pct(fair)} ({edge:+.1f} points, "
            f"{_rate_said(places[best], n, m, fair, sizes[best])})"
        )
        if not short:
            text += (
                f"; the {ORDINALS[worst]} fares worst, {_rate(places[worst])} "
                f"({(places[worst]['rate'] - fair) * 100:+.1f} points)"
            )
        return text
    if all(sz == Size.NEGLIGIBLE for sz in sizes):
        return (
            f"no place in turn order is favoured: each wins within {m:g} point of an even "
            f"share ({pct(fair)})"
        )
    if Size.TOO_FEW_GAMES in sizes:
        return "too few games to say which place is favoured"
    return (
        f"no place in turn order is favoured beyond noise (even share {pct(fair)}; the "
        f"{ORDINALS[best]} player wins {_rate(places[best])})"
    )


def _no_winner_share(r: dict[str, Any]) -> str:
    """Where many games end with no winner (each place then counts an even share): say so."""
    n = r["games"]
    if not n or r["draws"] / n <= 0.05:
        return ""
    return (
        f", and {pct(r['draws'] / n)} of the games end with no winner (each counts an even "
        "share to every place)"
    )


@writes("first_player")
def _first_player(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    pairs = f.pairs("first_player")
    m = f.matters["points"]
    table = []
    for pair in pairs[:1]:
        for r in f.cells(pair):
            table.append(
                {
                    "measure": "first_player",
                    "variant": r["variant"],
                    "matchup": _pair(*pair),
                    "value": _rate(r["first"]),
                    # A first player chosen by the draw's winner is not a seat edge: no size.
                    "size": "chosen start"
                    if r.get("deferred", 0) >= DEFERRED_OFTEN
                    else _rate_said(r["first"], r["games"], m, r.get("fair", 0.5)),
                    "against": pct(r.get("fair", 0.5)),
                }
            )
    if not pairs:
        return [], table
    cells = f.cells(pairs[0])
    lead = _first_player_lead(f, cells, pairs[0], m)
    if f.measures[0] != "first_player":
        # Another measure answers the question: a "Yes:" or "No:" here would read as its
        # answer, so the sentence says what it is about instead.
        lead[0] = re.sub(r"^(Yes|No): ", "Seat balance: ", lead[0])
    chooser = _chooser(f, cells, pairs[0], m)
    if chooser and any((c["agent_a"], c["agent_b"]) == pairs[0] for c in f.choice_values):
        # What the choice is worth answers the advantage draw's half of the question: it
        # follows the rates at once.
        return lead[:1] + chooser + lead[1:] + _outright(cells), table
    return lead + _outright(cells) + chooser, table


def _chooser(f: Facts, cells: list[dict[str, Any]], pair: tuple[str, str], m: float) -> list[str]:
    """Where the winner of the advantage draw chooses to start or defer: how often it deferred,
    and how it fared against an even share (what winning the draw is worth). Said where the
    experiment asks how the start is chosen (it varies `starting_player`), or where the winner
    often deferred: who moves first then depends on the chooser's hand, so the first player's
    win rate is no longer the seat's alone."""
    often = any(r.get("deferred", 0) >= DEFERRED_OFTEN for r in cells)
    if "starting_player" not in f.varied and not (often and f.measures[0] == "first_player"):
        # (Where another measure leads, the first sentence on seats has said that the first
        # player is chosen; the chooser's own figures are detail there.)
        return []
    chose = [r for r in cells if r.get("chooser")]
    if not chose:
        return []

    def won(r: dict[str, Any]) -> str:
        value = next(
            (
                c
                for c in f.choice_values
                if c["variant"] == r["variant"] and (c["agent_a"], c["agent_b"]) == pair
            ),
            None,
        )
        if value is None:
            size = _rate_said(r["chooser"], r["chooser"]["n"], m, r.get("fair", 0.5))
            return f"{_rate(r['chooser'])} ({size})"
        # Against the same seat with a coin, from the same opening hands: the answer to "is
        # the draw worth more than a coin?" with this agent's choices (its rate against an
        # even share also holds the deals' luck).
        return (
            f"{_rate(r['chooser'])}, {points(value['diff'])} points "
            f"{interval(value['lo'], value['hi'], points)} against the same seat with "
            f"{_q(value['coin'])} from the same opening hands ({_said(value)})"
        )

    # (Where it often deferred, the first sentence has said that the rate mixes seat and
    # choice.)
    lead = f"The winner of the advantage draw chooses who moves first ({_pair(*pair)})"
    costly = _costly_choices(f, chose, pair)
    # The choice comes before any rule a variant changes, so it is often the same in every
    # variant (the same deals): then it is said once.
    said = {(pct(r["deferred"]), r["chooser"]["n"]) for r in chose}
    if len(chose) > 1 and len(said) == 1:
        deferred, n = said.pop()
        rates = "; ".join(f"{_q(r['variant'])} {won(r)}" for r in chose)
        return [
            f"{lead}: it deferred in {deferred} of {n:,} games under every variant and won {rates}."
        ] + costly
    parts = [
        (f" under {_q(r['variant'])}" if len(cells) > 1 else "")
        + f" it deferred in {pct(r['deferred'])} of {r['chooser']['n']:,} games and won {won(r)}"
        for r in chose
    ]
    return [lead + ":" + ";".join(parts) + "."] + costly


def _costly_choices(f: Facts, chose: list[dict[str, Any]], pair: tuple[str, str]) -> list[str]:
    """Where the chooser won less than one fixed choice (always start, or always defer) would
    have on the same deals, beyond noise: its own choices, not the rule, hold the draw's worth
    down, so a better chooser would get more from it. Read from the coin cell's movers
    (`analysis.choice_value`'s `fixed`)."""
    said = []
    for r in chose:
        value = next(
            (
                c
                for c in f.choice_values
                if c["variant"] == r["variant"] and (c["agent_a"], c["agent_b"]) == pair
            ),
            None,
        )
        fixed = value.get("fixed") if value else None
        if value is None or not fixed or fixed["hi"] >= 0:
            continue
        always = "always deferring" if fixed["choice"] == "defer" else "always starting"
        mover = "second" if fixed["choice"] == "defer" else "first"
        where = f" under {_q(r['variant'])}" if len(f.cells(pair)) > 1 else ""
        said.append(
            f"Its own choices cost it{where}: {always} would have won "
            f"{pct(fixed['rate'])} {interval(fixed['rate_lo'], fixed['rate_hi'])} (the {mover} "
            f"mover's rate with {_q(value['coin'])} on the same deals), "
            f"{-100 * fixed['diff']:.1f} points [{-100 * fixed['hi']:.1f}, "
            f"{-100 * fixed['lo']:.1f}] more "
            "than it did, so a better chooser would get more from the draw than these figures "
            "show."
        )
    return said


def _outright(cells: list[dict[str, Any]]) -> list[str]:
    """Where many games have no winner, the rates above count them as half a win: say what
    each seat wins outright."""
    if not any(r["games"] and r["draws"] / r["games"] > 0.05 for r in cells):
        return []
    parts = []
    for r in cells:
        n = r["games"]
        if not n:
            continue
        players = r.get("players", 2)
        first = r.get("first_wins", round(r["first"]["rate"] * n - r["draws"] / players))
        second = n - first - r["draws"]
        where = f" under {_q(r['variant'])}" if len(cells) > 1 else ""
        others = "the second" if players == 2 else "the others together"
        parts.append(
            f"{pct(first / n)} for the first player, {pct(second / n)} for {others} and "
            f"{pct(r['draws'] / n)} with no winner{where}"
        )
    return [f"Counting only outright wins: {'; '.join(parts)}."]


def _first_player_lead(
    f: Facts, cells: list[dict[str, Any]], pair: tuple[str, str], m: float
) -> list[str]:
    """The first player's answer from the cells of one match-up: yes or no and by how much,
    then each variant against the baseline. Where the advantage draw's winner often deferred,
    the first player is chosen, not drawn: that rate is not a seat edge, so it gets no verdict
    of its own, and it is compared only with rates chosen the same way."""
    who = _pair(*pair)
    chosen = [r for r in cells if r.get("deferred", 0) >= DEFERRED_OFTEN]
    seat = [r for r in cells if r not in chosen]
    base_chosen = any(r["variant"] == f.baseline for r in chosen)
    # Only rates read the same way are compared (chosen with chosen, drawn with drawn).
    skip = {r["variant"] for r in (seat if base_chosen else chosen)}
    if not chosen:
        return _seat_lead(f, cells, pair, m, skip)

    def listed(rows: list[dict[str, Any]]) -> str:
        if len(cells) == 1:
            return f"the first player wins {_rate(rows[0]['first'])} of {rows[0]['games']:,} games"
        return "; ".join(f"{_q(r['variant'])} {_rate(r['first'])}" for r in rows)

    if not seat:
        more = _compared_text(f, "first_player", pair, skip)
        return [
            f"Who moves first is chosen ({who}): the advantage draw's winner may defer, so the "
            f"first player's win rate mixes the seat with that choice: {listed(chosen)}."
        ] + ([more] if more else [])
    lead = _seat_lead(f, seat, pair, m, skip, named=len(cells) > 1)
    lead[0] = (
        lead[0][:-1] + f"; where the advantage draw's winner chooses who moves first, the first "
        f"player's rate is not the seat's: {listed(chosen)}."
    )
    return lead


def _seat_lead(
    f: Facts,
    cells: list[dict[str, Any]],
    pair: tuple[str, str],
    m: float,
    skip: set[str],
    named: bool = False,
) -> list[str]:
    """The first player's answer from cells where who starts is drawn, not chosen: yes or no
    and by how much, then each variant (but those in `skip`) against the baseline. `named`:
    one cell of several, named by its variant."""
    who = _pair(*pair)
    if len(cells) == 1:
        r = cells[0]
        first, n, fair = r["first"], r["games"], r.get("fair", 0.5)
        s = _rate_size(first, n, m, fair)
        under = f"under {_q(r['variant'])} " if named else ""
        said = f"{under}the first player wins {_rate(first)} of games ({who}, {n:,} games)"
        edge = abs(first["rate"] - fair) * 100
        if s in REAL:
            reached = _rate_said(first, n, m, fair, s)
            if first["rate"] > fair:
                text = f"Yes: {said}, an edge of {edge:.1f} points ({reached})."
            else:
                text = f"No: {said}; the second player has the edge, {edge:.1f} points ({reached})."
        elif s == Size.NEGLIGIBLE:
            text = f"No: {said}, within {m:g} point of even."
        elif s == Size.WITHIN_NOISE:
            text = f"Not settled: {said}, within noise of even."
        else:
            text = f"Too few games to say: {said}."
        return [text]
    fair = {r["variant"]: r.get("fair", 0.5) for r in cells}
    ranked = sorted(cells, key=lambda r: abs(r["first"]["rate"] - fair[r["variant"]]))
    sizes = {r["variant"]: _rate_size(r["first"], r["games"], m, fair[r["variant"]]) for r in cells}
    listed = "; ".join(
        f"{_q(r['variant'])} {_rate(r['first'])} "
        f"({_rate_said(r['first'], r['games'], m, fair[r['variant']], sizes[r['variant']])})"
        for r in ranked[:4]
    )
    if len(ranked) > 4:
        listed += f" (all {len(ranked)} in the table below)"
    every_edge = all(s in REAL for s in sizes.values())
    sides = {r["first"]["rate"] > fair[r["variant"]] for r in cells}
    edge_sides = {
        r["first"]["rate"] > fair[r["variant"]] for r in cells if sizes[r["variant"]] in REAL
    }
    if all(s == Size.NEGLIGIBLE for s in sizes.values()):
        lead = f"No: under every variant the first player wins within {m:g} point of even"
    elif not edge_sides:
        lead = "No edge beyond noise under any variant"
    elif every_edge and len(sides) == 1:
        lead = (
            "Yes: under every variant the first player has the edge"
            if sides == {True}
            else "No: under every variant the second player has the edge"
        )
    elif (
        set(sizes.values()) <= {Size.NEGLIGIBLE, Size.SMALL, Size.WITHIN_NOISE}
        and len(edge_sides) == 1
    ):
        who_has = "first" if edge_sides == {True} else "second"
        lead = f"A slight edge at most, for the {who_has} player"
    else:
        lead = (
            f"It depends on the variant; closest to even is {_q(ranked[0]['variant'])}"
            if len(ranked) > 1
            else "The first player's win rate"
        )
    text = f"{lead} ({who}): {listed}"
    more = _compared_text(f, "first_player", pair, skip)
    return [text + "."] + ([more] if more else [])
