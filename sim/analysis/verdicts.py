"""What answers an experiment's question: the measures an `answer:` may name, the smallest
difference that matters, the `answer:` keys (read by experiment validation), the thresholds
of a verdict, and the measures an experiment of each shape gets by default."""

from __future__ import annotations

import re
from typing import Any

from sim.analysis.comparisons import MEASURES as COMPARED

# measure -> (what it is, in words; its unit)
MEASURES: dict[str, tuple[str, str]] = {
    "first_player": ("the first player's win rate", "points"),
    "a_wins": ("the first agent's win rate", "points"),
    "no_winner": ("games with no winner", "points"),
    "rounds": ("rounds per game", "rounds"),
    "slog": ("turns from round 6 on, in the games that reach it (the late game)", "turns"),
    "big_attacks": ("games with an attack of 20 or more, and of 27 or more", "points"),
    "card_value": ("a card's value to the player who draws it", "points"),
    "card_change": ("a card's value against its value under the baseline", "points"),
    "king_deployer": ("the win rate of whoever deployed a King its opponent did not", "points"),
    "house": (
        "a House's win rate with suit-split decks (a House alone: its mean over its pairings)",
        "points",
    ),
    "seats": ("win rate by place in turn order", "points"),
}
# The unit of each measure the report compares variants on (`sim.analysis.comparisons.MEASURES`).
COMPARED_UNITS = {measure: unit for measure, (_, _, unit) in COMPARED.items()}
# The smallest difference that matters, by unit: 1 point of win rate, a quarter of a round, and
# half a turn (with two players, the same quarter of a round) of the late game's length, and one
# point of damage (a card's smallest step) of a game's biggest attack.
MATTERS: dict[str, float] = {"points": 1.0, "rounds": 0.25, "turns": 0.5, "damage": 1.0}
ANSWER_KEYS = ("measures", "matters", "matchup", "see_also", "focus", "caveat")
# Below this many games (or paired deals) a difference gets no verdict.
MIN_GAMES = 200
# An effect at least this many times the smallest that matters is "large".
LARGE = 3.0
# The family-wise error rate of the report's comparisons (Holm).
ALPHA = 0.05
# The share of advantage draws after which the winner deferred from which the first player is
# said to be chosen (the first player's rate then mixes the seat with that choice).
DEFERRED_OFTEN = 0.05


def default_measures(config: dict[str, Any], game: Any) -> list[str]:
    """The measures that answer an experiment of this shape."""
    pairs = [tuple(m["agents"]) for m in config.get("matchups", [])]
    mirror = any(a == b for a, b in pairs)
    variants = config.get("variants", {})
    if config.get("impact"):
        # With several variants, also whether a rule moves a card's value.
        return ["card_value"] + (["card_change"] if len(variants) > 1 else [])
    if any("deck=suit_split" in r for r in variants.values()) and game.has("house_matrix"):
        return ["house"]
    measures = ["first_player" if mirror else "a_wins"]
    if any(re.search(r"[(,]players=[34]", r) for r in variants.values()):
        measures = ["seats"] + measures
    if "no_cards" in game.end_reasons:
        measures.append("no_winner")
    if len(variants) > 1:
        measures.append("rounds")
    return measures
