"""What an experiment's answer can measure: one record a measure, read by the verdicts, the
comparisons, the verdict box, the answer's writers and the experiment file's checks.

A measure of the answer (`answer.measures` in an experiment file) is what the report's opening
sentences and table are about: the first player's win rate, a card's value to its drawer, a
House's win rate. Each record says what it is in words and in which unit, which of the paired
comparisons on common deals (`sim.analysis.comparisons.MEASURES`) it reads, which questions
(`answer.asks` parts) it asks when the file names none, when an experiment gets it by default,
and which game it needs. Its writer (the sentences and table rows) is registered beside the
other writers with `sim.reporting.answer.writers.writes`.

Adding a measure: its record here, its writer, its test (CONTRIBUTING.md, "Add a measure of the
answer").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sim.analysis.comparisons import MEASURES as COMPARISONS


@dataclass(frozen=True)
class Shape:
    """What an experiment's default measures depend on: its shape, read from its file."""

    # Cards taken out (`impact:`): the answer is about cards.
    impact: bool
    # More than one rule variant (besides the cards taken out).
    several: bool
    # A match-up with the same agent in both seats.
    mirror: bool
    # Decks split by suit, in a game that keeps a House's pairings.
    suit_split: bool
    # A variant at a table of three or four.
    many_players: bool
    # The game can end with no cards left and no winner.
    can_end_drawn: bool


@dataclass(frozen=True)
class AskContext:
    """What the questions a measure asks by default depend on."""

    # The cards the run takes out (`impact:`), in the file's order.
    cards: list[str]
    # The card the question is about (`answer.focus`), if any.
    focus: str | None
    # More than one rule variant besides the cards taken out: a `changes` part has a variant
    # to compare with the baseline.
    several: bool


Part = dict[str, Any]


def _never(shape: Shape) -> bool:
    return False


def _no_asks(m: Measure, ctx: AskContext) -> list[Part]:
    return []


def _changes_if_several(m: Measure, ctx: AskContext) -> list[Part]:
    """Does the rule change it? (when there is a variant to compare)."""
    return [{"ask": "changes", "measure": m.name}] if ctx.several else []


def _favoured(of: str, changes: bool = True) -> Callable[[Measure, AskContext], list[Part]]:
    """Is it favoured (`of`: the first player, a seat, an agent)? and, with several
    variants, does the rule change it (`changes`)?"""

    def asks(m: Measure, ctx: AskContext) -> list[Part]:
        return [{"ask": "favoured", "of": of}] + (_changes_if_several(m, ctx) if changes else [])

    return asks


@dataclass(frozen=True)
class Measure:
    """One measure an experiment's answer can be about."""

    name: str
    # What it is, in words (the answer table's label).
    what: str
    # Its unit (`sim.analysis.verdicts.MATTERS`): the unit of a `changes` part on it.
    unit: str
    # What a rule changes, for a `changes` part's question ("Does the rule change the length
    # of a game?"); empty where the question is worded otherwise.
    changed: str = ""
    # The paired comparison (`sim.analysis.comparisons.MEASURES`) that a `changes` part on it
    # reads; empty where no `changes` part may name it.
    column: str = ""
    # The paired comparisons measured for it besides the run's win rate and game length.
    compared: tuple[str, ...] = ()
    # May `answer.measures` name it? (a `changes` part may name a few figures that are no
    # measure of the answer of their own: a game's biggest attack).
    listed: bool = True
    # Read from the mixed match-ups (A against B), not from mirror ones.
    mixed: bool = False
    # One figure of its answer is read from the run's first mixed match-up though the answer
    # is a mirror match-up's (the slog cure's better player): a run that settles its answer
    # plays on with that match-up too (`running/runner/settling.py`).
    reads_mixed: bool = False
    # The game it needs ("Houses-Skirmish (its pace records)"): refused elsewhere.
    needs: str = ""
    # An experiment of this shape gets it by default (`default_measures`), in `rank` order.
    default: Callable[[Shape], bool] = _never
    rank: int = 0
    # The questions it asks when the file names none (`answer.asks`).
    asks: Callable[[Measure, AskContext], list[Part]] = field(default=_no_asks)


def _card_value_asks(m: Measure, ctx: AskContext) -> list[Part]:
    """Does the card in focus dominate? Are the cards balanced? Is the one card worth a
    point?"""
    if ctx.focus:
        return [{"ask": "dominates", "card": ctx.focus}]
    if len(ctx.cards) > 1:
        return [{"ask": "balanced"}]
    return [{"ask": "worth", "card": ctx.cards[0]}] if ctx.cards else []


def _card_change_asks(m: Measure, ctx: AskContext) -> list[Part]:
    """Does the rule change what the card in focus (or the one card) is worth?"""
    if not ctx.several:
        return []
    cards = [ctx.focus] if ctx.focus else ctx.cards if len(ctx.cards) == 1 else []
    return [{"ask": "changes", "measure": CARD_VALUE.name, "card": c} for c in cards]


def _plain(shape: Shape) -> bool:
    """Neither a card answer nor a House answer: the seats, the players and the game."""
    return not shape.impact and not shape.suit_split


FIRST_PLAYER = Measure(
    "first_player",
    "the first player's win rate",
    "points",
    changed="the first player's win rate",
    column="first_won",
    default=lambda s: _plain(s) and s.mirror,
    rank=1,
    asks=_favoured("first_player"),
)
A_WINS = Measure(
    "a_wins",
    "the first agent's win rate",
    "points",
    changed="how often the match-up's first-named player wins",
    column="win_a",
    mixed=True,
    default=lambda s: _plain(s) and not s.mirror,
    rank=1,
    asks=_favoured("agent"),
)
NO_WINNER = Measure(
    "no_winner",
    "games with no winner",
    "points",
    default=lambda s: _plain(s) and s.can_end_drawn,
    rank=2,
)
ROUNDS = Measure(
    "rounds",
    "rounds per game",
    "rounds",
    changed="the length of a game",
    column="rounds",
    default=lambda s: _plain(s) and s.several,
    rank=3,
    asks=_changes_if_several,
)
SLOG = Measure(
    "slog",
    "the late game (from round 6 on) as the notes' slog: its pace (cards played a turn), how "
    "far its outcome follows the position and the better player, and its length",
    "turns",
    column="late_turns",
    compared=("late_turns", "late_pace", "late_leader_won", "late_win_a"),
    reads_mixed=True,
    needs="Houses-Skirmish (its pace records)",
    asks=lambda m, ctx: [{"ask": "cures"}],
)
BIG_ATTACKS = Measure(
    "big_attacks",
    "games with an attack of 20 or more, and of 27 or more",
    "points",
    changed="how often one attack deals 20 damage or more",
    column="attack_20",
    compared=("attack_20", "attack_27", "biggest_attack"),
    needs="Houses-Skirmish (its pace records)",
    asks=_changes_if_several,
)
BIGGEST_ATTACK = Measure(
    "biggest_attack",
    "biggest attack per game",
    "damage",
    changed="the biggest attack of a game",
    column="biggest_attack",
    listed=False,
)
CARD_VALUE = Measure(
    "card_value",
    "a card's value to the player who draws it",
    "points",
    column="card_value",
    default=lambda s: s.impact,
    asks=_card_value_asks,
)
CARD_CHANGE = Measure(
    "card_change",
    "a card's value against its value under the baseline",
    "points",
    default=lambda s: s.impact and s.several,
    rank=1,
    asks=_card_change_asks,
)
KING_DEPLOYER = Measure(
    "king_deployer",
    "the win rate of whoever deployed a King its opponent did not",
    "points",
    needs="a game with Kings (Houses-Skirmish)",
)
HOUSE = Measure(
    "house",
    "a House's win rate with suit-split decks (a House alone: its mean over its pairings)",
    "points",
    default=lambda s: not s.impact and s.suit_split,
    asks=lambda m, ctx: [{"ask": "dominates", "house": "any"}],
)
SEATS = Measure(
    "seats",
    "win rate by place in turn order",
    "points",
    default=lambda s: _plain(s) and s.many_players,
    asks=_favoured("seat", changes=False),
)

# Every measure, in the order the file's checks list them.
ALL: dict[str, Measure] = {
    m.name: m
    for m in (
        FIRST_PLAYER,
        A_WINS,
        NO_WINNER,
        ROUNDS,
        SLOG,
        BIG_ATTACKS,
        BIGGEST_ATTACK,
        CARD_VALUE,
        CARD_CHANGE,
        KING_DEPLOYER,
        HOUSE,
        SEATS,
    )
}
# Those `answer.measures` may name.
LISTED: dict[str, Measure] = {name: m for name, m in ALL.items() if m.listed}
# Those a `changes` part may name (`answer.asks[].measure`), each with its comparison.
CHANGES: dict[str, str] = {name: m.column for name, m in ALL.items() if m.column}


def default_measures(shape: Shape) -> list[str]:
    """The measures that answer an experiment of this shape."""
    chosen = [m for m in LISTED.values() if m.default(shape)]
    return [m.name for m in sorted(chosen, key=lambda m: m.rank)]


def default_asks(measures: list[str], ctx: AskContext) -> list[Part]:
    """The parts an experiment asks when its file names none: those of each of its measures,
    each once."""
    out = [p for name in measures if (m := ALL.get(name)) for p in m.asks(m, ctx)]
    return [p for i, p in enumerate(out) if p not in out[:i]]


def compared_units(measures: list[str]) -> set[str]:
    """The units of what these measures read besides a game's length and the win rates (the
    note under the answer's table says the smallest difference that matters in each)."""
    return {COMPARISONS[c][2] for m in measures if m in ALL for c in ALL[m].compared}


def comparison(measure: str) -> str:
    """The paired comparison a measure (or a comparison, named as such) is read from."""
    return ALL[measure].column if measure in ALL else measure
