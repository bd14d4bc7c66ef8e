"""The whole verdict box: each part's readings from the strongest player that has its figures,
the other players' beside them, what to try next, and the lines the report and the terminal
print (every sentence from `words`)."""

from __future__ import annotations

from typing import Any

from sim.analysis.verdicts import MOST_MORE, NOT_SETTLED, margin_of, verdict_word, z_value
from sim.play.agents import standing
from sim.reporting import terms
from sim.reporting.answer.facts import Facts
from sim.reporting.timing import Pair, Timing
from sim.reporting.verdicts import words
from sim.reporting.verdicts.asks import asks
from sim.reporting.verdicts.figures import (
    Gap,
    card_figures,
    change_figures,
    cure_figures,
    house_figures,
    rate_figures,
)
from sim.reporting.verdicts.readings import reading
from sim.reporting.verdicts.skill import curve, sentence

POINT = "A point is one percentage point of win rate."


def _figures(f: Facts, part: dict[str, Any], gap: Gap, game: str):
    ask = part["ask"]
    if ask == "cures":
        return cure_figures(f, part, game)
    if ask == "dominates" and part.get("house"):
        return house_figures(f, part)
    if ask in ("dominates", "balanced", "worth"):
        return card_figures(f, part, gap)
    if ask == "favoured":
        return rate_figures(f, part)
    return change_figures(f, part)


def _strength(pair: tuple[str, str], game: str) -> int:
    return max(standing(a, game)[0] for a in pair)


def verdict_box(
    f: Facts,
    spec: dict[str, Any],
    config: dict[str, Any],
    gap: Gap,
    game: str,
    looks: int = 1,
    timing: Timing | None = None,
) -> dict[str, Any]:
    """The verdict box as data: for answer.json, the report and the terminal. `looks`: at how
    many points a run that went on until its verdicts settled could have read them
    (`runner/settling.py`); each interval is widened for all of them. `timing`: this run's
    pace, to say how long the games a reading needs would take here."""
    titles = {a: standing(a, game)[1] for r in f.rows for a in (r["agent_a"], r["agent_b"])}
    found = []
    for part in asks(spec, config, f.matters):
        figs = _figures(f, part, gap, game)
        wanted = part.get("variants")
        figs = {k: v for k, v in figs.items() if v and (not wanted or k[0] in wanted)}
        pairs = list(dict.fromkeys(pair for _, pair in figs))
        if not pairs:
            continue
        # The strongest player first; among equals the answer's match-up, then the file's order.
        chosen = f.chosen
        pairs.sort(key=lambda p: (-_strength(p, game), p != chosen))
        if part["ask"] == "favoured" and part.get("of") == "agent":
            # Each mixed match-up is its own part ("does greedy beat random?").
            for p in pairs:
                found.append(
                    ({**part, "pair": p}, {k: v for k, v in figs.items() if k[1] == p}, [p])
                )
        else:
            found.append((part, figs, pairs))
    # Every interval in the box at the same level, so that all its verdicts hold together.
    # A slog cure reads several intervals (its pace and what says its outcome is no more
    # random): each one counts.
    count = sum(
        len(v) if part["ask"] == "cures" else 1
        for part, figs, pairs in found
        for k, v in figs.items()
        if k[1] == pairs[0]
    )
    z = z_value(count, looks)
    parts = []
    for part, figs, pairs in found:
        order = list(dict.fromkeys(k[0] for k in figs))
        players = []
        for pair in pairs:
            readings = [
                {"variant": v, **reading(part, figs[(v, pair)], z)}
                for v in order
                if (v, pair) in figs
            ]
            players.append(
                {
                    "player": pair[0] if pair[0] == pair[1] else f"{pair[0]} v {pair[1]}",
                    "player_name": titles[pair[0]]
                    if pair[0] == pair[1]
                    else f"{titles[pair[0]]} against {titles[pair[1]]}",
                    "readings": readings,
                }
            )
        # The random player is a floor, not a player a verdict could rest on: it is beside
        # the others only when it is all the run has.
        first = players[0]
        others = [
            o for o, pair in zip(players[1:], pairs[1:], strict=True) if _strength(pair, game) > 0
        ]
        single = len(first["readings"]) == 1
        entry: dict[str, Any] = {
            "question": words.question(part, titles),
            "ask": part["ask"],
            **{k: part[k] for k in ("card", "cards", "house", "of", "measure") if k in part},
            "line": part["line"],
            # How far either side of the line a range may reach and be on it.
            "margin": margin_of(float(part["line"]), part.get("margin")),
            "unit": part["unit"],
            "line_means": words.line_means(part),
            "settled_by": words.settled_by(part),
            # Where the line is set: the file's `answer.asks`, or its kind's default.
            "line_set": terms.line_set(part),
            **first,
            "others": others,
        }
        for r in entry["readings"]:
            if r.get("more_pair"):
                a, b = r["more_pair"]
                r["more_of"] = f"{titles.get(a, a)} against {titles.get(b, b)}"
            if timing is not None:
                _timed(r, part, pairs[0], timing)
            said = words.figure(part, r, f.baseline, titles, count) + words.borrowed(r, titles)
            r["text"] = said + words.more(r, part)
            if (here := said + words.more(r, part, timed=True)) != r["text"]:
                r["text_here"] = here
            if r["figure"].get("spread"):
                r["spread"] = words.spread(r["figure"]["spread"])
        entry["agreement"] = [a for o in others if (a := words.agreement(entry, o, single))]
        entry["single_variant"] = single
        if found_curve := curve(entry, z, game):
            entry["skill"] = {**found_curve, "text": sentence(entry, found_curve, single)}
        parts.append(entry)
    # What to try next, in words the same on any machine, and with its time here beside them.
    advice = words.next_step(parts, spec.get("references"))
    here = words.next_step(parts, spec.get("references"), timed=True)
    return {
        "whose": words.whose(parts),
        "parts": parts,
        "verdicts": count,
        "z": z,
        "looks": looks,
        "next": advice,
        **({"next_here": here} if here != advice else {}),
        "point": POINT if any(p["unit"] == "points" for p in parts) else "",
    }


# What a box says of this machine (how long more games would take here, and the command): not
# part of its verdicts, which are the same on any machine and any number of workers.
HERE = ("more_seconds", "more_command", "text_here", "next_here")


def verdicts_only(x: Any) -> Any:
    """A box (or any part of it) without what it says of this machine (`HERE`)."""
    if isinstance(x, dict):
        return {k: verdicts_only(v) for k, v in x.items() if k not in HERE}
    if isinstance(x, list):
        return [verdicts_only(v) for v in x]
    return x


def _timed(r: dict[str, Any], part: dict[str, Any], pair: Pair, timing: Timing) -> None:
    """A Not settled reading's more games, timed at this run's pace, and the command that
    plays them where it is worth playing them (within `MOST_MORE` times the games played)."""
    n = r.get("more_games")
    if r["verdict"] != NOT_SETTLED or not n:
        return
    # Games of another match-up (a slog cure's better player): timed at its own pace, and
    # played by the same command (a settling run plays on with that match-up beside its own,
    # `runner/settling.py`), up to a budget past its games.
    other = (r["more_pair"][0], r["more_pair"][1]) if r.get("more_pair") else None
    seconds = timing.seconds(part, r["variant"], other or pair, n)
    if seconds is None:
        return
    r["more_seconds"] = round(seconds, 1)
    played = r["more_played"] if other else r["games"]
    if n <= MOST_MORE * max(1, played):
        r["more_command"] = timing.settle(played, n)


def lines(box: dict[str, Any]) -> list[dict[str, Any]]:
    """The box as lines: per part its question and each reading's verdict and figure (for
    the report's bold verdicts and the terminal)."""
    out = []
    for p in box["parts"]:
        out.append(
            {
                "question": p["question"],
                "readings": [
                    {
                        "verdict": verdict_word(r["verdict"]),
                        "where": ""
                        if p["single_variant"]
                        else f"under {words.quoted(r['variant'])}",
                        # With how long its more games would take here, where timed.
                        "text": r.get("text_here", r["text"]),
                        "spread": r.get("spread", ""),
                    }
                    for r in p["readings"]
                ],
                "agreement": p["agreement"],
                "skill": (p.get("skill") or {}).get("text", ""),
                "settled_by": p["settled_by"],
                "line_set": p.get("line_set", ""),
                "line_means": p.get("line_means", ""),
            }
        )
    return out
