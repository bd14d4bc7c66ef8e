"""The skill curve of a verdict box part: the figure its verdict reads, player by player, against
each player's ladder rating (`play/ratings.py`), and whether it has stopped moving with skill.

Verdicts move with the player's strength (the classic King of Spades is worth more, the stronger
its drawer), so a verdict is only as good as the strongest player's, and only final where the
climb has stopped. Per variant, the two strongest players' figures are compared:

- **converged**: they are within the part's line of each other (the whole interval of their
  difference inside minus to plus the line): a stronger player is unlikely to move the verdict;
- **still moving**: the strongest player's figure differs from the next one's beyond noise
  (the interval of the difference clear of zero), up or down with skill;
- **not told apart**: neither, and more games of both would say.

The difference's interval treats the two players' figures as independent; they are read on the
same deals, whose outcomes correlate between players, so it is wider than it need be (never
narrower). It is as wide as the box's intervals (the same z), which hold together at 95%."""

from __future__ import annotations

from typing import Any

from sim.play.ratings import rating
from sim.reporting.answer.wording import quoted
from sim.reporting.formats import interval, signed

CONVERGED = "converged"
MOVING = "still moving"
UNTOLD = "not told apart"


def _short(title: str) -> str:
    """ "the expert player" -> "expert": the curve names each player in a word."""
    return title.removeprefix("the ").removesuffix(" player")


def _se(r: dict[str, Any], z: float) -> float:
    return (r["hi"] - r["lo"]) / (2 * z) if z > 0 else 0.0


def curve(part: dict[str, Any], z: float, game: str) -> dict[str, Any] | None:
    """The part's skill curve as data (for answer.json, the plot and the line), or None where
    fewer than two players (each playing itself) read it. `part` is a verdict box part: its
    strongest player's readings, the others' in `others` (strongest first)."""
    players = [part, *part.get("others", [])]
    players = [p for p in players if " v " not in p["player"]]  # mixed match-ups: no curve
    if len(players) < 2:
        return None
    rated = {p["player"]: rating(p["player"], game) for p in players}
    by_rating = all(r is not None for r in rated.values())
    variants: dict[str, list[dict[str, Any]]] = {}
    for p in reversed(players):  # weakest first
        for r in p["readings"]:
            point = {
                "player": p["player"],
                "player_name": p["player_name"],
                "rating": rated[p["player"]],
                "estimate": r["estimate"],
                "lo": r["lo"],
                "hi": r["hi"],
            }
            if "value" in r["figure"] and part.get("card"):
                point["value"] = r["figure"]["value"]  # the card's own worth to its drawer
            variants.setdefault(r["variant"], []).append(point)
    line = float(part["line"])
    states = {}
    for v, points in variants.items():
        if len(points) < 2:
            continue
        top, next_ = points[-1], points[-2]
        d = top["estimate"] - next_["estimate"]
        half = z * (_se(top, z) ** 2 + _se(next_, z) ** 2) ** 0.5
        state = CONVERGED if abs(d) + half < line else MOVING if abs(d) > half else UNTOLD
        states[v] = {"state": state, "difference": d, "lo": d - half, "hi": d + half}
    if not states:
        return None
    return {"by_rating": by_rating, "variants": variants, "states": states, "line": line}


def _chain(points: list[dict[str, Any]], key: str) -> str:
    return " → ".join(f"{signed(p[key])} ({_short(p['player_name'])})" for p in points)


def what(part: dict[str, Any]) -> str:
    """What the curve's figure is, where the part reads one of several (its binding one)."""
    if part["ask"] == "dominates":
        return "its edge in its hardest pairing " if part.get("house") else "its lead "
    return "the widest gap " if part["ask"] == "balanced" else ""


def sentence(part: dict[str, Any], found: dict[str, Any], single: bool) -> str:
    """The curve in a line of the box: per variant, the figure player by player (weakest
    first) and whether it has converged, e.g. "How it moves with skill: under 'classic Kings',
    still moving, up with skill: its lead -2.1 (quick) → -2.4 (strong) → +4.2 (expert); worth
    to its drawer +5.2 (quick) → +15.0 (strong) → +19.7 (expert)"."""
    unit = part.get("unit", "points")
    # "within 1 point", "within 3 points"
    per_line = unit[:-1] if found["line"] == 1 and unit.endswith("s") else unit
    said = []
    for v, st in found["states"].items():
        points = found["variants"][v]
        where = "" if single else f"under {quoted(v)}, "
        if st["state"] == CONVERGED:
            head = f"converged, the two strongest within {found['line']:g} {per_line} of each other"
        elif st["state"] == MOVING:
            head = f"still moving, {'up' if st['difference'] > 0 else 'down'} with skill"
        else:
            head = (
                f"not told apart, the two strongest {abs(st['difference']):.1f} {unit} apart "
                f"{interval(st['lo'], st['hi'], signed)}"
            )
        text = f"{where}{head}: {what(part)}{_chain(points, 'estimate')}"
        if all("value" in p for p in points):
            text += f"; worth to its drawer {_chain(points, 'value')}"
        said.append(text)
    return f"How it moves with skill: {'; '.join(said)}."
