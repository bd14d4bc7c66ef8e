"""What answers an experiment's question: the measures an `answer:` may name, the smallest
difference that matters, the `answer:` keys (read by experiment validation), the thresholds
of a verdict, and the measures an experiment of each shape gets by default."""

from __future__ import annotations

import math
import re
from enum import StrEnum
from typing import Any

from sim.analysis import measures
from sim.analysis.comparisons import MEASURES as COMPARED
from sim.analysis.measures import ALL, LISTED, Shape
from sim.analysis.stats import ALPHA

# measure -> (what it is, in words; its unit): the measures `answer.measures` may name
# (`sim.analysis.measures`, one record each).
MEASURES: dict[str, tuple[str, str]] = {name: (m.what, m.unit) for name, m in LISTED.items()}
# The unit of each measure the report compares variants on (`sim.analysis.comparisons.MEASURES`).
COMPARED_UNITS = {measure: unit for measure, (_, _, unit) in COMPARED.items()}
# The smallest difference that matters, by unit: 1 point of win rate, a quarter of a round, and
# half a turn (with two players, the same quarter of a round) of the late game's length, and one
# point of damage (a card's smallest step) of a game's biggest attack.
# The smallest difference that matters, per unit ("cards": played a turn in the late game, a
# second card every fourth turn).
MATTERS: dict[str, float] = {
    "points": 1.0,
    "rounds": 0.25,
    "turns": 0.5,
    "damage": 1.0,
    "cards": 0.25,
}
ANSWER_KEYS = (
    "measures",
    "matters",
    "matchup",
    "see_also",
    "focus",
    "caveat",
    "asks",
    "references",
    "borrow",
)
# Below this many games (or paired deals) a difference gets no verdict.
MIN_GAMES = 200
# An effect at least this many times the smallest that matters is "large".
LARGE = 3.0
# The family-wise error rate of the report's comparisons (Holm): `stats.ALPHA`.
# The share of advantage draws after which the winner deferred from which the first player is
# said to be chosen (the first player's rate then mixes the seat with that choice).
DEFERRED_OFTEN = 0.05


def default_measures(config: dict[str, Any], game: Any) -> list[str]:
    """The measures that answer an experiment of this shape (each measure's record says
    when it is one: `sim.analysis.measures`)."""
    variants = config.get("variants", {})
    shape = Shape(
        impact=bool(config.get("impact")),
        several=len(variants) > 1,
        mirror=any(a == b for a, b in (tuple(m["agents"]) for m in config.get("matchups", []))),
        suit_split=any("deck=suit_split" in r for r in variants.values())
        and game.has("house_matrix"),
        many_players=any(re.search(r"[(,]players=[34]", r) for r in variants.values()),
        can_end_drawn="no_cards" in game.end_reasons,
    )
    return measures.default_measures(shape)


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
    "cures": (
        0.5,
        "cards",
        "the late game's pace at least half a card a turn quicker (a second card played every "
        "other turn, where the slog plays one at a time), and its outcome following the "
        "position and the better player no less: the player ahead as round 6 began, and the "
        "stronger player of a mixed match-up, each winning no fewer than 3 points less often "
        "(three times the smallest difference that matters; the notes' slog is both: \"the "
        "players are playing one card at a time and the randomness of the outcomes becomes "
        'more of a factor")',
    ),
}
# A slog cure must not make the late game's outcome follow the position or the better player
# less by this much (points): the `cures` part's second condition, beside its pace line.
RANDOM_LINE = 3.0
ASK_KINDS = tuple(LINES)
# The keys of one `answer.asks` entry (validated with the experiment file).
ASK_KEYS = (
    "ask",
    "card",
    "cards",
    "house",
    "of",
    "measure",
    "variants",
    "line",
    "margin",
    "question",
)
# What a `favoured` part asks about, and what a `changes` part compares (the measures of
# `sim.analysis.comparisons` in the answer's own names; `card_value` is a card's value against
# its value under the baseline).
FAVOURED = ("first_player", "seat", "agent")
# (`changes` parts: each measure's record names its comparison.)
CHANGES = measures.CHANGES


# The unit of each compared measure of a `changes` part (the rest are win rates, in points).
ASK_UNITS = {name: m.unit for name, m in ALL.items() if m.column and m.unit != "points"}


class Verdict(StrEnum):
    """A verdict read from an interval: the whole interval past the line, all of it short, all
    of it within a margin of the line, or none of these. A `StrEnum`, so that answer.json,
    scan.json and tune.json hold the plain value ("not settled") and a value read back from
    them compares equal; its `word` is how every page and the terminal say it."""

    YES = "yes"
    NO = "no"
    ON_THE_LINE = "on the line"
    NOT_SETTLED = "not settled"

    @property
    def word(self) -> str:
        """The verdict as a sentence or a table cell starts it: "Yes", "On the line"."""
        return self.value[:1].upper() + self.value[1:]


YES, NO, NOT_SETTLED = Verdict.YES, Verdict.NO, Verdict.NOT_SETTLED
ON_THE_LINE = Verdict.ON_THE_LINE


def verdict_word(verdict: str) -> str:
    """The word of a verdict, typed or read back from a JSON file ("not settled")."""
    return Verdict(verdict).word


# "On the line": the whole interval within a third of the line of it, either side. The 3-point
# lines are drawn at three times the smallest difference that matters (1 point), so a third of
# the line is that smallest difference: a truth anywhere in the margin is one whose side of the
# line turns on less than what matters, and no number of games makes the answer more useful.
# (A 1-point line's margin is a third of a point; an experiment may set its own: `margin:`.)
MARGIN = 1 / 3
# The confidence of the verdict box as a whole: each of its k verdicts is read from an interval
# at 1 - ALPHA / k (Bonferroni), so that all of them hold together at 95%.
BOX_ALPHA = ALPHA
# A next step never asks for more than this many times the games already played: past it, the
# reading says what settling would cost and that playing on is not the way.
MOST_MORE = 100


def margin_of(line: float, margin: float | None = None) -> float:
    """How far either side of `line` an interval may reach and still be on the line."""
    return abs(line) * MARGIN if margin is None else margin


def _level(lo: float, hi: float, line: float, margin: float) -> bool:
    """Does all of [lo, hi] lie within `margin` of `line` (and straddle it)?"""
    return margin > 0 and line - margin <= lo and hi <= line + margin


def at_least(lo: float, hi: float, line: float, margin: float | None = None) -> Verdict:
    """Is a figure at least `line`? Yes when its whole interval is, no when none of it is, on
    the line when all of it lies within the margin of the line."""
    if lo >= line:
        return YES
    if hi < line:
        return NO
    return ON_THE_LINE if _level(lo, hi, line, margin_of(line, margin)) else NOT_SETTLED


def beyond(lo: float, hi: float, line: float, margin: float | None = None) -> Verdict:
    """Is a difference at least `line` either way? Yes when its whole interval is past one side,
    no when all of it lies strictly between -line and +line, on the line when all of it lies
    within the margin of +line or of -line."""
    if lo >= line or hi <= -line:
        return YES
    if -line < lo and hi < line:
        return NO
    m = margin_of(line, margin)
    return ON_THE_LINE if _level(lo, hi, line, m) or _level(lo, hi, -line, m) else NOT_SETTLED


def settled(verdict: str) -> bool:
    """A verdict more games would not change: Yes, No or on the line."""
    return verdict in (YES, NO, ON_THE_LINE)


def z_value(verdicts: int, looks: int = 1) -> float:
    """The normal quantile of each interval in a box of `verdicts` verdicts (Bonferroni), read
    at up to `looks` points of a run that stops once they are settled (Bonferroni over the
    looks too: every interval at every look holds together at 95%, so the ones read where the
    run stopped do, whichever look that was)."""
    from statistics import NormalDist

    return NormalDist().inv_cdf(1 - BOX_ALPHA / (2 * max(1, verdicts) * max(1, looks)))


def more_games(
    games: int,
    estimate: float,
    se: float,
    z: float,
    lines: list[float],
    margin: float | None = None,
) -> int | None:
    """About how many more games a cell would settle a figure whose interval straddles a line
    (the standard error shrinks as one over the square root of the games): the fewer of the
    games at which z standard errors fit between the estimate and its nearest line (Yes or No)
    and those at which the whole interval fits within the line's margin (on the line). None
    where nothing is known of its spread."""
    if not math.isfinite(se) or se <= 0 or games <= 0:
        return None  # nothing known of its spread (one game a cell has no variance)
    # Only the nearest line matters: clear of it is clear of the others, and only it can hold
    # the interval within its margin.
    line = min(lines, key=lambda x: abs(estimate - x))
    distance = abs(estimate - line)
    room = margin_of(line, margin) - distance
    needed = [games * (z * se / gap) ** 2 for gap in (distance, room) if gap > 0]
    if not needed:
        return None
    extra = max(0.0, min(needed) - games)
    if not math.isfinite(extra):
        return None
    # Two significant figures: a forecast, not a count.
    digits = max(0, len(str(int(extra))) - 2)
    # At least one game: a reading not settled is never "0 more games" away (a fraction of a
    # game, as a cell of one game's normal approximation can give, is one more).
    return max(1, int(round(extra, -digits)))
