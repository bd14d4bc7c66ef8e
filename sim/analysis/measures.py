"""The names other modules read as `measures` (`analysis.X`), gathered from the modules that
hold them: the names of cards and seats, the record frame's seat expressions, comparisons on
common deals, card values and the Houses' averages."""

from __future__ import annotations

from sim.analysis.cards import card_value, card_value_change, card_value_gap
from sim.analysis.comparisons import MEASURES, agreement, choice_value, paired_difference
from sim.analysis.frame import a_seat, players, turn_order
from sim.analysis.houses import house_means
from sim.analysis.names import CARDS, MAX_SEATS, ORDINALS, card_id
from sim.analysis.summary import _chooser_counts

__all__ = [
    "CARDS",
    "MAX_SEATS",
    "MEASURES",
    "ORDINALS",
    "_chooser_counts",
    "a_seat",
    "agreement",
    "card_id",
    "card_value",
    "card_value_change",
    "card_value_gap",
    "choice_value",
    "house_means",
    "paired_difference",
    "players",
    "turn_order",
]
