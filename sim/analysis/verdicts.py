"""What answers an experiment's question: the measures an `answer:` may name, the smallest
difference that matters, the `answer:` keys (read by experiment validation), the thresholds
of a verdict, and the measures an experiment of each shape gets by default."""

from __future__ import annotations

import re
from typing import Any

from sim.analysis.comparisons import MEASURES as COMPARED
from sim.analysis.stats import ALPHA

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
ANSWER_KEYS = ("measures", "matters", "matchup", "see_also", "focus", "caveat", "asks")
# Below this many games (or paired deals) a difference gets no verdict.
MIN_GAMES = 200
# An effect at least this many times the smallest that matters is "large".
LARGE = 3.0
# The family-wise error rate of the report's comparisons (Holm): `stats.ALPHA`.
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


# What settles each kind of question (`answer.asks` in an experiment file): the line a figure
# must pass, in its unit, and why that line (docs/experiments.md says the same).
LINES: dict[str, tuple[float, str, str]] = {
    "dominates": (
        3.0,
        "points",
        "worth at least 3 points more to its drawer than every other card asked about (three "
        "times the smallest difference that matters): then it is the only logical target, which "
        'the notes rule out ("the Kings must not be game breaking")',
    ),
    "balanced": (
        3.0,
        "points",
        "every card's value within 3 points of every other's: no one of them is the only "
        "logical target",
    ),
    "worth": (1.0, "points", "worth at least 1 point of win rate to its drawer"),
    "favoured": (
        1.0,
        "points",
        "at least 1 point off an even share: a seat, a player or a House a designer would "
        "compensate",
    ),
    "changes": (
        0.0,  # the smallest difference that matters in the figure's unit (`MATTERS`)
        "",
        "a difference at least the smallest that matters in its unit (1 point of win rate, a "
        "quarter of a round)",
    ),
    "shortens": (
        2.0,
        "turns",
        "the late game at least 2 turns shorter (a whole round at two players): a slog cured "
        "is one a table would notice",
    ),
}
ASK_KINDS = tuple(LINES)
# The keys of one `answer.asks` entry (validated with the experiment file).
ASK_KEYS = ("ask", "card", "cards", "house", "of", "measure", "variants", "line", "question")
# What a `favoured` part asks about, and what a `changes` part compares (the measures of
# `sim.analysis.comparisons` in the answer's own names; `card_value` is a card's value against
# its value under the baseline).
FAVOURED = ("first_player", "seat", "agent")
CHANGES = {
    "first_player": "first_won",
    "a_wins": "win_a",
    "rounds": "rounds",
    "slog": "late_turns",
    "big_attacks": "attack_20",
    "biggest_attack": "biggest_attack",
    "card_value": "card_value",
}


# The unit of each compared measure of a `changes` part (the rest are win rates, in points).
ASK_UNITS = {"rounds": "rounds", "slog": "turns", "biggest_attack": "damage"}


# A verdict read from an interval: the whole interval past the line, all of it short, or both.
YES, NO, NOT_SETTLED = "yes", "no", "not settled"
# The confidence of the verdict box as a whole: each of its k verdicts is read from an interval
# at 1 - ALPHA / k (Bonferroni), so that all of them hold together at 95%.
BOX_ALPHA = ALPHA


def at_least(lo: float, hi: float, line: float) -> str:
    """Is a figure at least `line`? Yes when its whole interval is, no when none of it is."""
    return YES if lo >= line else NO if hi < line else NOT_SETTLED


def beyond(lo: float, hi: float, line: float) -> str:
    """Is a difference at least `line` either way? Yes when its whole interval is past one side,
    no when all of it lies strictly between -line and +line."""
    if lo >= line or hi <= -line:
        return YES
    return NO if -line < lo and hi < line else NOT_SETTLED


def z_value(verdicts: int) -> float:
    """The normal quantile of each interval in a box of `verdicts` verdicts (Bonferroni)."""
    from statistics import NormalDist

    return NormalDist().inv_cdf(1 - BOX_ALPHA / (2 * max(1, verdicts)))


def more_games(games: int, estimate: float, se: float, z: float, lines: list[float]) -> int | None:
    """About how many more games a cell would settle a figure whose interval straddles a line:
    the games at which z standard errors fit between the estimate and its nearest line (the
    standard error shrinks as one over the square root of the games). None where the estimate
    sits on the line (no number of games settles it) or nothing is known of its spread."""
    distance = min(abs(estimate - line) for line in lines)
    if se <= 0 or games <= 0 or distance < 0.05 * z * se:
        return None
    needed = games * (z * se / distance) ** 2
    extra = max(0.0, needed - games)
    # Two significant figures: a forecast, not a count.
    digits = max(0, len(str(int(extra))) - 2)
    return int(round(extra, -digits)) if extra >= 1 else 0
