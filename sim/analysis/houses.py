"""Suit-split decks: each cell's win rate from seat P1 (who holds the pairing's first House), the
House-against-House matrix, and each House's average over its pairings, rule set against rule
set."""

from __future__ import annotations

import math
import re
from typing import Any

import polars as pl

from sim.analysis.comparisons import _described
from sim.analysis.frame import _collect


def split_group(variant: str) -> str:
    """A suit-split variant's name without its split: the rule set its pairings share (a
    sweep's "split_houses=D-S,spades_trait=stun" is "spades_trait=stun", and "stun,
    split_houses=D-S" is "stun")."""
    return re.sub(r"split_houses=[^,]*(, ?)?", "", variant).strip(", ") or "suit split"


def house_means(comparisons: list[dict[str, Any]], splits: dict[str, str]) -> list[dict[str, Any]]:
    """Suit-split variants: each House's average win rate against the Houses it meets (in two
    pairings or more), under one rule set against another, from the pairings' own paired
    comparisons (`first_house`, the win rate of P1's House, each pairing on its own deals).
    The pairings are played apart, so the average's variance is the sum of theirs over the
    number of pairings squared. `splits` names each variant's split ("D-S": P1 holds D)."""
    # (rule set, its reference, match-up) -> House -> [(+1 for P1's House, -1 for P2's, c)]
    by: dict[tuple[str, str, str, str], dict[str, list[tuple[int, dict[str, Any]]]]] = {}
    for c in comparisons:
        split = splits.get(c["variant"])
        if c["measure"] != "first_house" or not split:
            continue
        key = (split_group(c["variant"]), split_group(c["reference"]), c["agent_a"], c["agent_b"])
        first, second = split.split("-")
        for house, sign in ((first, 1), (second, -1)):
            by.setdefault(key, {}).setdefault(house, []).append((sign, c))
    means = []
    for (group, reference, a, b), per_house in by.items():
        for house, items in per_house.items():
            k = len(items)
            if k < 2:
                continue  # one pairing: its own comparison says it
            diff = sum(sign * c["diff"] for sign, c in items) / k
            se = math.sqrt(sum(((c["hi"] - c["lo"]) / (2 * 1.96)) ** 2 for _, c in items)) / k
            z = diff / se if se > 0 else (0.0 if diff == 0 else math.inf)
            p = math.erfc(abs(z) / math.sqrt(2)) if math.isfinite(z) else 0.0
            means.append(
                {
                    **_described("house_mean"),
                    "label": f"average win rate of {house} against the other Houses",
                    "house": house,
                    "pairings": k,
                    "variant": group,
                    "reference": reference,
                    "reference_label": reference,
                    "agent_a": a,
                    "agent_b": b,
                    "n": sum(c["n"] for _, c in items),  # paired games, every pairing's
                    "value": sum(_seat_rate(s, c["value"]) for s, c in items) / k,
                    "base": sum(_seat_rate(s, c["base"]) for s, c in items) / k,
                    "diff": diff,
                    "lo": diff - 1.96 * se,
                    "hi": diff + 1.96 * se,
                    "p": p,
                    "noise": p >= 0.05,
                    "changed": sum(c["changed"] for _, c in items) / k,
                    # Each pairing's change for this House (an average can hide pairings that
                    # move apart): the other House -> the pairing's variant (its comparison)
                    # and the change with its interval, from this House's side.
                    "by_pairing": {
                        _other(splits[c["variant"]], house): {
                            "variant": c["variant"],
                            "diff": sign * c["diff"],
                            "lo": c["lo"] if sign > 0 else -c["hi"],
                            "hi": c["hi"] if sign > 0 else -c["lo"],
                        }
                        for sign, c in items
                    },
                }
            )
    return means


def _other(split: str, house: str) -> str:
    """The House that `house` meets in the pairing `split` ("D-S")."""
    first, second = split.split("-")
    return second if house == first else first


def _seat_rate(sign: int, p1_rate: float) -> float:
    """A House's rate from P1's: P1's own when it sits there (+1), else one minus it."""
    return p1_rate if sign > 0 else 1 - p1_rate


def houses(cells_info: dict[str, dict[str, Any]], manifest: dict[str, Any]) -> list[dict]:
    """Suit-split variants: a House-against-House matrix of the win rate of the row House's
    player (draws half), one matrix per rule set apart from the split and per match-up (a
    House's strength depends on who plays it, and in a mixed match-up without seat swaps the
    seat's agent would be measured instead)."""
    # (group, match-up) -> (P1 House, P2 House) -> [(P1 seat win rate, games)]
    groups: dict[tuple[str, str], dict[tuple[str, str], list[tuple[float, int]]]] = {}
    names_of: dict[str, dict[str, None]] = {}
    for c in manifest.get("cells", []):
        rules = c["rules"]
        if "deck=suit_split" not in rules:
            continue
        split = rules.split("split_houses=")[1].split(",")[0].rstrip(")")
        h1, h2 = split.split("-")
        info = cells_info.get(c["id"])
        if not info or not info["games"]:
            continue
        # The record's winner is a seat: P1 holds h1 whatever agent sits there.
        group = rules.replace(f"split_houses={split}", "split_houses=*")
        a, b = c["agents"]
        matchup = a if a == b else f"{a} v {b}"
        names_of.setdefault(group, {})[split_group(c["variant"])] = None
        groups.setdefault((group, matchup), {}).setdefault((h1, h2), []).append(
            (info["p1_rate"], info["games"])
        )
    several = len({m for _, m in groups}) > 1
    result = []
    for (group, matchup), seen in groups.items():
        names: list[str] = sorted({h for pair in seen for h in pair}, key="DCHS".find)
        matrix: dict[str, dict[str, float | None]] = {r: dict.fromkeys(names) for r in names}
        games: dict[str, dict[str, int]] = {r: {} for r in names}
        for (h1, h2), measured in seen.items():
            n = sum(g for _, g in measured)
            rate = sum(r * g for r, g in measured) / n
            matrix[h1][h2] = rate
            games[h1][h2] = n
            if matrix[h2][h1] is None:
                matrix[h2][h1] = 1 - rate
                games[h2][h1] = n
        played = {h: sum(v is not None for v in matrix[h].values()) for h in names}
        mean = {
            h: sum(v for v in matrix[h].values() if v is not None) / max(1, played[h])
            for h in names
        }
        # The mean of independent pairings' rates: its standard error from theirs.
        mean_lo, mean_hi = {}, {}
        for h in names:
            k = max(1, played[h])
            var = sum(
                v * (1 - v) / games[h][o]
                for o, v in matrix[h].items()
                if v is not None and games[h].get(o)
            )
            half = 1.96 * math.sqrt(var) / k
            mean_lo[h], mean_hi[h] = max(0.0, mean[h] - half), min(1.0, mean[h] + half)
        label = " / ".join(names_of[group])
        if several:
            label = f"{label}, {matchup}"
        result.append(
            {
                "group": group,
                "matchup": matchup,
                # One agent in both seats: the rates measure the Houses, not the agents.
                "mirror": a == b,
                "label": label or group,
                "variants": " / ".join(names_of[group]),
                "houses": names,
                "matrix": matrix,
                "mean": mean,
                "mean_lo": mean_lo,
                "mean_hi": mean_hi,
                "games": {h: sum(games[h].values()) for h in names},
                "pair_games": games,
                "played": played,
                "best": max(mean.items(), key=lambda kv: kv[1])[0],
            }
        )
    return result


def p1_rates(lf: pl.LazyFrame) -> dict[str, float]:
    """Per cell: the win rate of the player in seat P1 (draws half)."""
    df = _collect(
        lf.group_by("cell").agg(
            rate=pl.when(pl.col("winner") == -1)
            .then(0.5)
            .otherwise((pl.col("winner") == 0).cast(pl.Float64))
            .mean()
        )
    )
    return dict(df.iter_rows())
