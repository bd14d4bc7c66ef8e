"""The players' ladder ratings, stored beside the personas: `strategies/ratings.json`, written by
`sim ladder ... --write-ratings` from one ladder's Bradley-Terry fit (never typed by hand), one
entry a game. A report's skill curve (`reporting/verdicts/skill.py`) puts each player's figure
against its rating.

A rating is on the Elo scale relative to the ladder's first agent: 400 points is ten to one
odds. It is fitted at two players under the game's default rules; at three or four players and
under other rules it still orders the players, but its gaps are the two-player ones."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from sim import games

FILE = "ratings.json"


def checkout() -> Path:
    return Path(__file__).resolve().parents[2] / "strategies"  # sim/play -> the repository


@cache
def stored() -> dict[str, Any]:
    """Every game's stored ladder (the working directory's strategies/ first, as personas)."""
    for d in (Path.cwd() / "strategies", checkout()):
        if (d / FILE).is_file():
            return json.loads((d / FILE).read_text())
    return {}


def rating(name: str, game: str = games.DEFAULT) -> float | None:
    """Agent `name`'s stored rating in `game`, or None where the stored ladder did not rate it
    (an agent spelt with its parameters, a persona added since)."""
    found = (stored().get(game) or {}).get("ratings", {}).get(name)
    return None if found is None else float(found["elo"])


def entry(result: dict[str, Any], command: str, date: str, rules_version: int) -> dict[str, Any]:
    """A game's entry of ratings.json from a two-player `ladder` result: each agent's rating
    and interval, with the command, date and rules version it comes from."""
    return {
        "command": command,
        "date": date,
        "rules_version": rules_version,
        "seed": result["seed"],
        "games_per_pair": result["games_per_pair"],
        "anchor": result["anchor"],
        "ratings": {
            r["agent"]: {
                "elo": round(r["elo"], 1),
                "lo": round(r["lo"], 1),
                "hi": round(r["hi"], 1),
            }
            for r in result["ratings"]
        },
        "pairs": {
            f"{p['a']} v {p['b']}": {"games": p["games"], "rate_a": round(p["rate_a"], 4)}
            for p in result["pairs"]
        },
    }


def write(folder: Path, game: str, found: dict[str, Any]) -> Path:
    """Store `found` (an `entry`) as `game`'s ladder in folder/ratings.json, the other games'
    entries kept: a game's ratings come from one fit, so they are replaced together."""
    path = folder / FILE
    data = json.loads(path.read_text()) if path.is_file() else {}
    data[game] = found
    path.write_text(json.dumps(dict(sorted(data.items())), indent=1) + "\n")
    stored.cache_clear()
    return path
