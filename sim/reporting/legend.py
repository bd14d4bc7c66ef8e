"""The report's legend in a designer's words: each agent of the run and how it plays, and what
the variants set, with the rule options' own help."""

from __future__ import annotations

from typing import Any

from sim import games
from sim.play import agents
from sim.reporting import answer


def _players(config: dict[str, Any], game: games.GameInfo) -> list[dict[str, str]]:
    """Each agent of the run's match-ups, once, with its spec and how it plays in a designer's
    words (the names alone, `greedy` or `search_fast`, say little)."""
    seen: dict[str, str] = {}
    for m in config.get("matchups", []):
        for name, spec in zip(m["agents"], m.get("specs") or m["agents"], strict=False):
            seen.setdefault(name, spec)
    return [
        {"name": name, "spec": spec, "plain": agents.plain(name, game.name).rstrip(".")}
        for name, spec in seen.items()
    ]


def _variant_legend(
    config: dict[str, Any], game: games.GameInfo, plain: list[str]
) -> dict[str, Any]:
    """What the variants are, in the rule options' own words (a name like `front_targets` says
    little to a designer): each option some variant sets away from the default rules, once,
    with its help; then each variant's settings, unless its name already spells them."""
    defaults = {o["name"]: o["default"] for o in game.options}
    helps = {o["name"]: o["help"] for o in game.options}
    # What each choice means (the engine's per-choice docs; none for numbers and houses).
    meaning = {
        (o["name"], c): h
        for o in game.options
        for c, h in zip(o["choices"], o.get("choice_help") or [], strict=False)
    }
    off = {
        v: {
            k: val
            for k, val in answer.rule_values(config["variants"][v]).items()
            if k in defaults and val != defaults[k]
        }
        for v in plain
    }
    names = list(dict.fromkeys(k for o in off.values() for k in o))
    shared = {k for k in names if len({o.get(k) for o in off.values()}) == 1}
    options = [
        {
            "option": k,
            "help": helps[k],
            "default": defaults[k],
            "all": next(iter(off.values()))[k] if k in shared else None,
            # Each value the variants give it, the default first, with what it means.
            "values": [
                {"value": val, "means": meaning[(k, val)]}
                for val in dict.fromkeys([defaults[k]] + [o[k] for o in off.values() if k in o])
                if (k, val) in meaning
            ],
        }
        for k in names
    ]
    variants = []
    for v, o in off.items():
        own = {k: val for k, val in o.items() if k not in shared}
        # Named sweep values are said by their names: "classic Kings, split_houses=D-S".
        spelled = (
            {k.strip(): val for k, val in answer.rule_values(f"({v})").items()} if "=" in v else {}
        )
        variants.append(
            {
                "variant": v,
                "settings": [f"{k}={val}" for k, val in own.items()],
                # A sweep's name (`front_ranks=3x3`) already says what it sets.
                "spelled": all(spelled.get(k) == val for k, val in own.items())
                and all(defaults.get(k) == val or own.get(k) == val for k, val in spelled.items()),
            }
        )
    return {"options": options, "variants": variants}
