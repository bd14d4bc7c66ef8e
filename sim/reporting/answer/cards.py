"""The answers on cards' values: what each card adds for the player who draws it, which cards
are at the top (the card verdict), how often a King's power acted, and what a playtest sees
of whoever deployed a King."""

from __future__ import annotations

from typing import Any

from sim.reporting.answer.agreement import _follows
from sim.reporting.answer.facts import Facts
from sim.reporting.answer.sizes import REAL, Size
from sim.reporting.answer.wording import _listing, _pair, _q, _rate, _rate_said, _said, _shown
from sim.reporting.answer.writers import writes
from sim.reporting.formats import interval, pct, points, points_interval


def impact_read(
    chosen: tuple[str, ...] | None, items: list[dict[str, Any]]
) -> tuple[tuple[str, str], str, list[dict[str, Any]]] | None:
    """The match-up (the `chosen` one first) and the way of taking a card out that the card
    sentences read, and the items (card values or their changes) of those."""
    pairs = list(dict.fromkeys((v["agent_a"], v["agent_b"]) for v in items))
    if chosen in pairs:
        pairs.remove(chosen)
        pairs.insert(0, chosen)
    if not pairs:
        return None
    pair = pairs[0]
    method = next(v["method"] for v in items if (v["agent_a"], v["agent_b"]) == pair)
    read = [v for v in items if (v["agent_a"], v["agent_b"]) == pair and v["method"] == method]
    return pair, method, read


@writes("card_value")
def _card_value(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    found = impact_read(f.chosen, f.card_values)
    if found is None:
        return [], []
    pair, method, chosen = found
    gaps = {
        (g["card"], g["other"], g["variant"]): g
        for g in f.card_gaps
        if (g["agent_a"], g["agent_b"]) == pair and g["method"] == method
    }
    table = []
    order = {name: i for i, name in enumerate(f.plain)}
    for v in sorted(chosen, key=lambda v: (order.get(v["variant"], 0), -v["value"])):
        unused = v.get("used", 1.0) < UNUSED
        table.append(
            {
                "measure": "card_value",
                "variant": v["variant"],
                "matchup": _pair(v["agent_a"], v["agent_b"]),
                "value": f"{v['card']} {points_interval(v['value'], v['lo'], v['hi'])}",
                "size": "never played" if unused else _shown(v),
                "against": "a blank" if v["method"] == "blank" else "forbidden",
            }
        )
    how = (
        "the same card blank from its first draw on (the game as played with it until a "
        "player draws it, then the card without its power)"
        if method == "blank" and all(v.get("from_draw") for v in chosen)
        else "a blank of the same card (the card without its power)"
        if method == "blank"
        else "the card forbidden (held in hand, never played)"
    )
    # Mirror match-ups of this run whose cells do not take cards out: the values are one
    # player's, and the sentence says the other player's are not measured here.
    valued = {(v["agent_a"], v["agent_b"]) for v in f.card_values}
    unvalued = list(
        dict.fromkeys(
            _pair(r["agent_a"], r["agent_b"])
            for r in f.rows
            if r["agent_a"] == r["agent_b"] and (r["agent_a"], r["agent_b"]) not in valued
        )
    )
    what = (
        f"what each card adds to the win rate of the player who draws it, in points against "
        f"{how} on the same deals"
    )
    if unvalued:
        # Said first: a designer must not take one player's values for every player's.
        also = f"; see {_listing(f.see_also)}{_follows(f)}" if f.see_also else ""
        text = [
            f"Read from {_pair(*pair)} only ({_listing(unvalued)} also plays in this run, but "
            f"its games do not measure card values{also}): {what}:"
        ]
    else:
        text = [f"{what[0].upper()}{what[1:]} ({_pair(*pair)}):"]
    # The question's own card first, when this measure opens the answer (a card-change answer
    # asked first opens with the card's changes instead: `_focus_change`).
    if f.focus and f.measures[0] == "card_value":
        text.insert(0, _focus_sentence(f, chosen, gaps, pair))
    f.top_pair = _pair(*pair)
    f.top_method = method
    for variant in f.plain:
        values = sorted((v for v in chosen if v["variant"] == variant), key=lambda v: -v["value"])
        if not values:
            continue
        # A card the drawer never played is worth zero by construction: say so instead.
        unused = [v for v in values if v.get("used", 1.0) < UNUSED]
        values = [v for v in values if v not in unused]
        parts = []
        if values:
            listed = ", ".join(
                f"{v['card']} {points_interval(v['value'], v['lo'], v['hi'])}" for v in values
            )
            ranked = {(a, b): g for (a, b, var), g in gaps.items() if var == variant}
            verdict = _card_verdict(values, f.matters["points"], ranked)
            if method == "blank" and verdict.startswith("none is "):
                # Against a blank it is the power that is measured (the card is worth more).
                verdict = "no card's power is " + verdict.removeprefix("none is ")
            if len(values) == 1 and verdict == Size.WITHIN_NOISE:
                # One card: what "within noise" means for it, in words.
                verdict += (
                    ": its power is not shown to be worth anything"
                    if method == "blank"
                    else ": not shown to be worth more than keeping it in hand unplayed"
                )
            # For another run's answer to set beside this one's: the top cards that are shown
            # to be worth something themselves (a card not told apart from the top one may
            # still be within noise of zero, and is not said to be "at the top").
            tied = top_cards(values, ranked)
            shown = {v["card"] for v in values if v["size"] in REAL}
            f.top_cards[variant] = [c for c in tied if c in shown]
            f.top_values[variant] = {
                v["card"]: [v["value"], v["lo"], v["hi"]]
                for v in values
                if v["card"] in f.top_cards[variant]
            }
            # ... and those not told apart from the top card but not shown to matter: said
            # beside it, so that "at the top" does not read as "clearly the most".
            if f.top_cards[variant]:
                f.top_unsure[variant] = {
                    v["card"]: [v["value"], v["lo"], v["hi"]]
                    for v in values
                    if v["card"] in tied and v["card"] not in shown
                }
            # The verdict first, the values it rests on after it (one card: its value is the
            # verdict's subject).
            parts.append(f"{listed}; {verdict}" if len(values) == 1 else f"{verdict} ({listed})")
            # The top card against each other one, on the same deals, under the values.
            table += [
                {
                    "measure": "card_value",
                    "label": TOP_AGAINST_OTHERS,
                    "variant": variant,
                    "matchup": _pair(*pair),
                    "value": f"{g['card']} {points_interval(g['diff'], g['lo'], g['hi'])}",
                    "size": _shown(g),
                    "against": g["other"],
                }
                for v in values[1:]
                if (g := ranked.get((values[0]["card"], v["card"])))
            ]
        if unused:
            names = ", ".join(v["card"] for v in unused)
            parts.append(
                f"{names} {'was' if len(unused) == 1 else 'were'} never played by the player "
                f"who drew {'it' if len(unused) == 1 else 'them'}, so this run cannot rate "
                f"{'it' if len(unused) == 1 else 'them'}"
            )
        text.append(f"Under {_q(variant)}: {'; '.join(parts)}." + _power_used(f, variant, chosen))
    return text, table


# The answer table's rows of the top card against each other card (the report has a column
# for the other card; the terminal names it in the value).
TOP_AGAINST_OTHERS = "the top card's value against each other card's, same deals"


# Below this share of the games its drawer deployed it, a King's power is said to have changed
# play in few of them.
POWER_FEW = 0.25


def _power_used(f: Facts, variant: str, chosen: list[dict[str, Any]]) -> str:
    """Under the Spring '25 Kings, how often each King's power (the enhanced House Trait of
    its suit) changed play for its drawer, in the games the drawer deployed it: a value near
    zero may mean a power that seldom acts rather than a weak one."""
    if f.variant_rules.get(variant, {}).get("kings") != "enhance":
        return ""
    kings = sorted(
        (
            v
            for v in chosen
            if v["variant"] == variant
            and v.get("power_used") is not None
            and v.get("used", 1.0) >= UNUSED
        ),
        key=lambda v: -v["power_used"],
    )
    if not kings:
        return ""
    shares = ", ".join(f"{v['card']} {pct(v['power_used'])}" for v in kings)
    power = "The enhanced House Trait of their suit, the Spring '25 Kings' power,"
    if all(v["power_used"] < POWER_FEW for v in kings):
        return (
            f" {power} changed play in only a few of the games in which their drawer deployed "
            f"them ({shares}): in the rest it never acted."
        )
    return (
        f" {power} changed play in this share of the games in which their drawer deployed "
        f"them: {shares}."
    )


@writes("king_deployer")
def _king_deployer(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    """What a playtest sees: in the games where one player deployed a King and no opponent
    did, how often that player won, per variant, from the chosen mirror agent's games (else
    the first). An association: who deploys a King, and when, depends on the game so far, so
    this is not the King's value (`card_value` is)."""
    rows = [k for k in f.kings if k["one_sided"] and k["variant"] in f.plain]
    agents = list(dict.fromkeys(k["agent"] for k in rows))
    if not agents:
        return ["No King was deployed by one player only in these games."], []
    chosen = f.chosen[0] if f.chosen and f.chosen[0] == f.chosen[1] else None
    agent: str = chosen if chosen is not None and chosen in agents else agents[0]
    m = f.matters["points"]
    table, parts = [], []
    for variant in f.plain:
        ks = sorted(
            (k for k in rows if (k["variant"], k["agent"]) == (variant, agent)),
            key=lambda k: -k["rate"],
        )
        if not ks:
            continue
        listed = ", ".join(f"{k['king']} {_rate(k)} of {k['one_sided']:,} games" for k in ks)
        parts.append(f"under {_q(variant)} {listed}" if len(f.plain) > 1 else listed)
        for k in ks:
            fair = 1 / (k.get("players") or 2)
            size = _rate_said(k, k["one_sided"], m, fair)
            if size.split(",")[0] in REAL and k["rate"] < fair:
                size = f"below even: {size}"  # the deployer loses more than it wins
            table.append(
                {
                    "measure": "king_deployer",
                    "variant": variant,
                    "matchup": _pair(agent, agent),
                    "value": f"{k['king']} {_rate(k)}",
                    "size": size,
                    "against": pct(fair),
                }
            )
    text = (
        f"Whoever deployed a King its opponent did not won ({_pair(agent, agent)}): "
        + "; ".join(parts)
        + ". This is what a playtest sees, not what the King is worth: who deploys a King, "
        "and when, depends on the game so far."
    )
    return [text], table


# A card deployed or played in fewer than this share of the games where it was drawn is
# reported as unused rather than valued.
UNUSED = 0.01


def _focus_sentence(
    f: Facts,
    chosen: list[dict[str, Any]],
    gaps: dict[tuple[str, str, str], dict[str, Any]],
    pair: tuple[str, str],
) -> str:
    """The question's own card first: under each variant, is it worth the most to the player
    who draws it ("clearly the most", as the card verdict says), or is another card shown to be
    worth more on the same deals, or neither?"""
    assert f.focus is not None
    card = f.focus
    parts = []
    for variant in f.plain:
        values = sorted(
            (v for v in chosen if v["variant"] == variant and v.get("used", 1.0) >= UNUSED),
            key=lambda v: -v["value"],
        )
        mine = next((v for v in values if v["card"] == card), None)
        if mine is None:
            continue
        ranked = {(a, b): g for (a, b, var), g in gaps.items() if var == variant}
        top = values[0]
        gap = ranked.get((top["card"], card))
        if len(values) > 1 and top_cards(values, ranked) == [card]:
            said = f"yes, {card} is clearly worth the most ({points(mine['value'])} points)"
        elif gap is not None and gap["size"] in REAL and gap["diff"] > 0:
            # "No" is about the ranking: the card's own worth is said with it.
            said = (
                f"no, {top['card']} is worth more, {points(gap['diff'])} points "
                f"{interval(gap['lo'], gap['hi'], points)} on the same deals, while {card} "
                f"itself is worth {points_interval(mine['value'], mine['lo'], mine['hi'])}"
                f" ({_said(mine)})"
            )
        else:
            said = (
                f"not shown either way ({card} {points(mine['value'])}, "
                f"{top['card'] if top is not mine else 'the next'} "
                f"{points((top if top is not mine else values[1])['value'])})"
                if len(values) > 1
                else f"{card} {points(mine['value'])} points, alone"
            )
        parts.append(f"under {_q(variant)}, {said}" if len(f.plain) > 1 else said)
    joined = "; ".join(parts)
    return f"Is {card} worth the most to the player who draws it ({_pair(*pair)})? " + (
        f"{joined[0].upper()}{joined[1:]}." if joined else "It was never played."
    )


def _apart(
    gaps: dict[tuple[str, str], dict[str, Any]], high: dict[str, Any], low: dict[str, Any]
) -> bool:
    """Is `high` shown to be worth more than `low` (a point or more, beyond noise), by their gap
    on the same deals, else by intervals that do not overlap?"""
    gap = gaps.get((high["card"], low["card"]))
    if gap is not None:
        return bool(gap["size"] in REAL and gap["diff"] > 0)
    if (low["card"], high["card"]) in gaps:
        return False  # ranked the other way round
    return bool(low["hi"] < high["lo"])


def _tied(
    values: list[dict[str, Any]], gaps: dict[tuple[str, str], dict[str, Any]]
) -> list[dict[str, Any]]:
    """The top card and the cards not set apart from it (values ranked, highest first)."""
    return [values[0]] + [v for v in values[1:] if not _apart(gaps, values[0], v)]


def top_cards(
    values: list[dict[str, Any]], gaps: dict[tuple[str, str], dict[str, Any]]
) -> list[str]:
    """The cards at the top, as the card verdict reads them: the top card alone when it is
    clearly the most, the cards tied with it otherwise, none when the top card is not shown to
    matter (or hurts its drawer)."""
    if not values or values[0]["size"] not in REAL or values[0]["value"] < 0:
        return []
    return [v["card"] for v in _tied(values, gaps)]


def _card_verdict(
    values: list[dict[str, Any]],
    matters: float,
    gaps: dict[tuple[str, str], dict[str, Any]] | None = None,
) -> str:
    """Which cards stand out, ranked by value. Cards are compared in pairs on the same deals
    (`gaps`, keyed by (higher card, lower card)): a gap of a point or more beyond noise sets
    the lower card apart, anything else leaves the two untold apart. The cards not set apart
    from the top card are tied with it; a card is "clearly less" only when set apart from
    every tied card. Without a gap for a pair, overlapping intervals leave them untold
    apart."""
    top = values[0]
    # A top card that is not shown to matter, or that hurts its drawer like every other one,
    # is not "the most" of anything.
    if top["size"] not in REAL or top["value"] < 0:
        if len(values) == 1:
            return _said(top)
        sizes = {v["size"] for v in values}
        real = [v for v in values if v["size"] in REAL]
        above = [v["card"] for v in real if v["value"] > 0]
        below = [v["card"] for v in real if v["value"] < 0]
        if sizes == {Size.NEGLIGIBLE}:
            return f"none is worth {matters:g} point or more"
        if sizes == {Size.TOO_FEW_GAMES}:
            return "too few deals to say"
        # Intervals that still hold values that matter: not "worth nothing". A card shown to
        # matter below an uncertain top card is named.
        said = (
            f"only {_listing(above)} shown to be worth {matters:g} point or more"
            if above
            else f"none is shown to be worth {matters:g} point or more"
        )
        return said + (f"; {_listing(below)} clearly below zero" if below else "")
    if len(values) == 1:
        return _said(top)
    gaps = gaps or {}

    def apart(high: dict[str, Any], low: dict[str, Any]) -> bool:
        return _apart(gaps, high, low)

    tied = _tied(values, gaps)
    # Below the top card: clearly less than every card tied with it, or only than some.
    below = [v for v in values[1:] if v not in tied]
    rest = [v for v in below if all(apart(t, v) for t in tied)]
    between = [v for v in below if v not in rest]
    if len(tied) == 1:
        said = f"{top['card']} clearly the most"
        gap = gaps.get((top["card"], rest[0]["card"]))
        if gap is not None:
            # The narrowest lead, on the same deals: how much "the most" is.
            said += (
                f", {points(gap['diff'])} points {interval(gap['lo'], gap['hi'], points)} ahead "
                f"of {rest[0]['card']} on the same deals"
            )
        return said
    said = f"{_listing([v['card'] for v in tied])} cannot be told apart"
    for v in between:
        over = [t["card"] for t in tied if apart(t, v)]
        level = [t["card"] for t in tied if not apart(t, v)]
        said += f"; {v['card']} below {_listing(over)}, not shown below {_listing(level)}"
    return said + (f"; {_listing([v['card'] for v in rest])} clearly less" if rest else "")
