"""What answers an experiment's question, and the answer in plain words.

An experiment names the measures that answer its question (`answer:` in its file; defaults by
its shape otherwise) and the smallest difference that matters to a designer. From the report's
figures this package writes the two or three sentences that open the report, and the small table
of those measures beneath them. Every difference gets a size against that threshold
(negligible, small, large), after a Holm correction for the number of comparisons in the
report, and no verdict below `MIN_GAMES` games.

The measures, what matters, the `answer:` keys and the thresholds are `sim.analysis.verdicts`.
Its modules: `sizes` (Holm, a difference's size and reach), `wording` (how figures are
written), `facts` (the figures the answer is written from), one module per kind of answer
(`seats`, `comparisons`, `cards`, `card_changes`, `houses`, `in_play`, `agreement` with other
runs), and `assemble` (the whole answer). Other modules use the names re-exported here.
"""

from sim.analysis.verdicts import (
    ANSWER_KEYS,
    DEFERRED_OFTEN,
    MATTERS,
    MEASURES,
    MIN_GAMES,
    default_measures,
)
from sim.play.engine import rule_values, varied_options
from sim.reporting.answer.agreement import (
    AGREEMENT_ASKS,
    HOUSE_AGREEMENT_ASK,
    SEE_ALSO_LEADS,
    agreement,
)
from sim.reporting.answer.assemble import answer
from sim.reporting.answer.cards import UNUSED, impact_read, top_cards
from sim.reporting.answer.facts import Facts
from sim.reporting.answer.sizes import holm, reach, size
from sim.reporting.answer.wording import quoted, with_reach

__all__ = [
    "AGREEMENT_ASKS",
    "ANSWER_KEYS",
    "DEFERRED_OFTEN",
    "HOUSE_AGREEMENT_ASK",
    "MATTERS",
    "MEASURES",
    "MIN_GAMES",
    "SEE_ALSO_LEADS",
    "UNUSED",
    "Facts",
    "agreement",
    "answer",
    "default_measures",
    "holm",
    "impact_read",
    "quoted",
    "reach",
    "rule_values",
    "size",
    "top_cards",
    "varied_options",
    "with_reach",
]
