"""The figures each kind of part is read from, per variant and player (a mirror match-up, or a
mixed one for a `favoured agent` part): every figure in its unit (win rates in points), with its
95% interval's standard error and the games a cell played. One function a kind of part."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sim.analysis.houses import split_group
from sim.analysis.measures import CARD_VALUE, ROUNDS, SLOG
from sim.analysis.stats import wilson
from sim.analysis.verdicts import CHANGES
from sim.play.agents import standing
from sim.reporting.answer.cards import UNUSED
from sim.reporting.answer.facts import Facts
from sim.reporting.answer.houses import _every_pairing, _house_ranking

Pair = tuple[str, str]
Key = tuple[str, Pair]  # (variant, match-up)
# One card value against another on the same deals (`sim.analysis.cards.card_value_gap`),
# from two entries of the report's card values.
Gap = Callable[[dict[str, Any], dict[str, Any]], dict[str, Any] | None]
Z95 = 1.959964


def figure(estimate: float, lo: float, hi: float, games: int, scale: float = 100.0, **about: Any):
    """A figure in its unit (`scale` 100: a fraction shown in points), with the standard error
    its 95% interval implies and the games of the cell it comes from."""
    return {
        "estimate": scale * estimate,
        "se": scale * (hi - lo) / (2 * Z95),
        "games": games,
        **about,
    }


def _games(f: Facts, variant: str, pair: Pair) -> int:
    return next((r["games"] for r in f.rows if r["variant"] == variant and _pair(r) == pair), 0)


def _pair(r: dict[str, Any]) -> Pair:
    return (r["agent_a"], r["agent_b"])


def card_figures(f: Facts, part: dict[str, Any], gap: Gap) -> dict[Key, list[dict[str, Any]]]:
    """`dominates` and `balanced` parts about cards, and `worth`: per variant and mirror
    match-up, each card's value to its drawer against a blank (else a card forbidden), and
    the gaps between the cards the part names, on the same deals."""
    wanted = part.get("cards") or [part["card"]]
    out: dict[Key, list[dict[str, Any]]] = {}
    by: dict[Key, dict[str, dict[str, Any]]] = {}
    for v in f.card_values:
        if v["card"] not in wanted + ([part["card"]] if part.get("card") else []):
            continue
        if v["agent_a"] != v["agent_b"] or v["variant"] not in f.plain:
            continue
        key = (v["variant"], (v["agent_a"], v["agent_b"]))
        mine = by.setdefault(key, {})
        # A blank measures the card's power; a card forbidden, its whole worth.
        if v["card"] not in mine or v["method"] == "blank":
            mine[v["card"]] = v
    for key, values in by.items():
        games = _games(f, *key)
        if part["ask"] == "worth":
            worth = values.get(part["card"])
            if worth:
                # A card its drawer (almost) never played is worth zero by construction.
                unused = worth.get("used", 1.0) < UNUSED
                out[key] = [
                    figure(
                        worth["value"],
                        worth["lo"],
                        worth["hi"],
                        games,
                        card=part["card"],
                        **({"unused": True} if unused else {}),
                    )
                ]
            continue
        cards = [c for c in wanted if c in values]
        figs = []
        subject = part.get("card")
        for i, a in enumerate(cards):
            for b in cards[i + 1 :]:
                if subject and subject not in (a, b):
                    continue  # a dominance part compares its card with each other one
                if subject:
                    high, low = (a, b) if a == subject else (b, a)
                else:  # a balance part: the larger value first, so that a gap reads >= 0
                    high, low = sorted((a, b), key=lambda c: -values[c]["value"])
                g = gap(values[high], values[low])
                if g:
                    figs.append(
                        figure(
                            g["diff"],
                            g["lo"],
                            g["hi"],
                            games,
                            card=high,
                            other=low,
                            value=100 * values[high]["value"],
                            other_value=100 * values[low]["value"],
                        )
                    )
        if figs:
            out[key] = figs
    return out


def rate_figures(f: Facts, part: dict[str, Any]) -> dict[Key, list[dict[str, Any]]]:
    """`favoured` parts: the first player's win rate (its distance from an even share), each
    place in turn order's (at a table of three or four), or agent A's against agent B."""
    out: dict[Key, list[dict[str, Any]]] = {}
    of = part.get("of", "first_player")
    for r in f.rows:
        pair = _pair(r)
        if (of == "agent") == (pair[0] == pair[1]):
            continue  # A's rate from mixed match-ups, the seats' from mirror ones
        fair = r.get("fair", 0.5)
        if of == "seat":
            rates = [(i, s) for i, s in enumerate(r.get("seats") or [])]
        else:
            rates = [(0, r["first" if of == "first_player" else "win_a"])]
        # A place's rate borrowing from a cheaper player's games on the same deals, where the
        # run has one (`analysis/control.py`): the same rate, read more surely.
        borrowed = (r.get("borrowed") or {}).get("places") or [] if of != "agent" else []
        out[(r["variant"], pair)] = [
            _rate_figure(r, i, s, borrowed[i] if i < len(borrowed) else None, fair)
            for i, s in rates
            if s and s.get("n")
        ]
    return {k: v for k, v in out.items() if v}


def _rate_figure(
    r: dict[str, Any], place: int, s: dict[str, Any], c: dict[str, Any] | None, fair: float
) -> dict[str, Any]:
    """A place's win rate (`s`: the cell's own) off an even share, or `c`'s: the same rate
    borrowing from a cheaper player's games on the same deals, named under `control`."""
    rate, lo, hi = (c["estimate"], c["lo"], c["hi"]) if c else (s["rate"], s["lo"], s["hi"])
    borrowed = _control(c)
    return figure(
        rate - fair,
        lo - fair,
        hi - fair,
        r["games"],
        place=place,
        rate=100 * rate,
        fair=100 * fair,
        players=r.get("players", 2),
        # How often the advantage draw's winner chose to go second: the first player's rate
        # then mixes the seat with that choice.
        deferred=r.get("deferred") or 0.0,
        **borrowed,
    )


def _control(c: dict[str, Any] | None) -> dict[str, Any]:
    """A figure's `control`, where its rate borrows from a cheaper player's games: whose, how
    many, and what it is worth (the plain rate's variance over this one's)."""
    if not c:
        return {}
    return {"control": {"agent": c["control"], "games": c["control_games"], "gain": c["gain"]}}


def change_figures(f: Facts, part: dict[str, Any]) -> dict[Key, list[dict[str, Any]]]:
    """`changes` and `shortens` parts: a variant's figure against the baseline's on the same
    deals (a card's value against its value under the baseline for `card_value`)."""
    measure = CHANGES[part.get("measure", (SLOG if part["ask"] == "shortens" else ROUNDS).name)]
    out: dict[Key, list[dict[str, Any]]] = {}
    if measure == CARD_VALUE.column:
        for c in f.card_changes:
            if c["card"] == part["card"] and c["agent_a"] == c["agent_b"]:
                key = (c["variant"], (c["agent_a"], c["agent_b"]))
                if key not in out or c.get("method") == "blank":
                    out[key] = [
                        figure(c["diff"], c["lo"], c["hi"], _games(f, *key), card=c["card"])
                    ]
        return out
    for c in f.comparisons:
        if c["measure"] != measure or c.get("reference", f.baseline) != f.baseline:
            continue
        pair = (c["agent_a"], c["agent_b"])
        scale = 100.0 if c["rate"] else 1.0
        # The late game is read from the games that reach it: how many do.
        base = next((r for r in f.rows if r["variant"] == f.baseline and _pair(r) == pair), {})
        out[(c["variant"], pair)] = [
            figure(
                c["diff"],
                c["lo"],
                c["hi"],
                _games(f, c["variant"], pair),
                scale,
                reached=base.get("late_share"),
            )
        ]
    return out


def cure_figures(f: Facts, part: dict[str, Any], game: str) -> dict[Key, list[dict[str, Any]]]:
    """`cures` parts (the slog): per variant and mirror match-up, on the deals whose games
    reach round 6 under both rules, the late game's pace (cards played a turn from round 6 on)
    against the baseline's, then what says whether its outcome follows the position and the
    better player less: the round-6 leader's win rate, and the stronger agent's win rate in
    the run's first mixed match-up (`kind`: pace, leader, edge). The pace figure carries the
    late game's length beside it (said, not a condition)."""
    by: dict[tuple[str, Key], dict[str, Any]] = {}
    for c in f.comparisons:
        if c.get("reference", f.baseline) == f.baseline:
            by[(c["measure"], (c["variant"], (c["agent_a"], c["agent_b"])))] = c
    edges: dict[str, dict[str, Any]] = {}
    for (measure, (variant, pair)), c in by.items():
        if measure != "late_win_a" or pair[0] == pair[1] or variant in edges:
            continue
        strong, weak = pair
        sign = 1.0
        if standing(weak, game)[0] > standing(strong, game)[0]:
            strong, weak, sign = weak, strong, -1.0
        edges[variant] = figure(
            sign * c["diff"],
            min(sign * c["lo"], sign * c["hi"]),
            max(sign * c["lo"], sign * c["hi"]),
            _games(f, variant, pair),
            kind="edge",
            strong=strong,
            weak=weak,
            # Read from a match-up of its own: more games of it are its games.
            pair=list(pair),
            # The stronger agent's win rate in those games, under the variant and the baseline.
            value=100 * (c["value"] if sign > 0 else 1 - c["value"]),
            base=100 * (c["base"] if sign > 0 else 1 - c["base"]),
            deals=c["n"],
        )
    out: dict[Key, list[dict[str, Any]]] = {}
    for (measure, key), c in by.items():
        if measure != "late_pace" or key[1][0] != key[1][1]:
            continue
        games = _games(f, *key)
        base = next((r for r in f.rows if r["variant"] == f.baseline and _pair(r) == key[1]), {})
        length = by.get(("late_turns", key))
        figs = [
            figure(
                c["diff"],
                c["lo"],
                c["hi"],
                games,
                1.0,
                kind="pace",
                value=c["value"],
                base=c["base"],
                deals=c["n"],
                reached=base.get("late_share"),
                **({"length": [length["diff"], length["lo"], length["hi"]]} if length else {}),
            )
        ]
        if led := by.get(("late_leader_won", key)):
            figs.append(
                figure(
                    led["diff"],
                    led["lo"],
                    led["hi"],
                    games,
                    kind="leader",
                    value=100 * led["value"],
                    base=100 * led["base"],
                    deals=led["n"],
                )
            )
        if key[0] in edges:
            figs.append(edges[key[0]])
        out[key] = figs
    return out


def house_figures(f: Facts, part: dict[str, Any]) -> dict[Key, list[dict[str, Any]]]:
    """`dominates` parts about Houses (decks split by suit): per rule set (the variants that
    differ only in their split) and mirror match-up, each pairing's win rate from the side of
    each of its two Houses, against an even share."""
    out: dict[Key, list[dict[str, Any]]] = {}
    for r in f.rows:
        pair = _pair(r)
        split = f.variant_rules.get(r["variant"], {}).get("split_houses")
        if pair[0] != pair[1] or not split or not r["games"]:
            continue
        first, second = split.split("-")
        n = r["games"]
        rate = r.get("p1_rate", 0.5)
        lo, hi = wilson(rate * n, n)
        # The first House's rate borrowing from a cheaper player's games on the same deals,
        # where the run has one (`analysis/control.py`).
        c = (r.get("borrowed") or {}).get("p1")
        if c:
            rate, lo, hi = c["estimate"], c["lo"], c["hi"]
        borrowed = _control(c)
        key = (split_group(r["variant"]), pair)
        for house, other, p, a, b in (
            (first, second, rate, lo, hi),
            (second, first, 1 - rate, 1 - hi, 1 - lo),
        ):
            out.setdefault(key, []).append(
                figure(
                    p - 0.5,
                    a - 0.5,
                    b - 0.5,
                    n,
                    house=house,
                    other=other,
                    rate=100 * p,
                    **borrowed,
                )
            )
    for (group, pair), figs in out.items():
        if spread := _spread(f, group, pair):
            for fig in figs:
                fig["spread"] = spread
    return out


def _spread(f: Facts, group: str, pair: Pair) -> dict[str, list[Any]] | None:
    """The top and the bottom House of a rule set by their average win rate against the
    others (the House answer's, `analysis.houses`), each as [House, average, lo, hi] in
    percent; None unless three Houses or more met every other."""
    for h in f.houses:
        if h["matchup"] != pair[0] or group not in h["variants"].split(" / "):
            continue
        # The House answer's own tests of "every pairing" and of its ranking.
        if len(h["houses"]) < 3 or not _every_pairing(h):
            return None
        ranked = _house_ranking(h)
        return {
            end: [n, *(round(100 * h[k][n], 2) for k in ("mean", "mean_lo", "mean_hi"))]
            for end, n in (("top", ranked[0]), ("bottom", ranked[-1]))
        }
    return None
