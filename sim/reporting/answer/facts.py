"""The report's figures that the answer is written from (`Facts`, every difference sized once),
and canonical rule strings read as options."""

from __future__ import annotations

from typing import Any

from sim.analysis.measures import ALL, comparison
from sim.analysis.verdicts import COMPARED_UNITS, MATTERS
from sim.play.engine import rule_values, varied_options
from sim.reporting.answer.sizes import Size, reach, size


class Facts:
    """The report's figures that the answer is written from."""

    def __init__(
        self,
        spec: dict[str, Any],
        rows: list[dict[str, Any]],
        comparisons: list[dict[str, Any]],
        card_values: list[dict[str, Any]],
        houses: list[dict[str, Any]],
        baseline: str,
        plain: list[str],
        never_taken: list[dict[str, Any]] | None = None,
        variants: dict[str, str] | None = None,
        card_changes: list[dict[str, Any]] | None = None,
        card_gaps: list[dict[str, Any]] | None = None,
        choice_values: list[dict[str, Any]] | None = None,
        kings: list[dict[str, Any]] | None = None,
        quoted: dict[str, dict[str, Any] | None] | None = None,
        quoted_houses: dict[str, dict[str, Any] | None] | None = None,
        in_play: list[dict[str, Any]] | None = None,
    ):
        self.measures: list[str] = spec["measures"]
        self.matters: dict[str, float] = {**MATTERS, **spec.get("matters", {})}
        self.chosen = tuple(spec["matchup"]) if spec.get("matchup") else None
        # Other experiments asking the same question (named under the answer).
        self.see_also: list[str] = spec.get("see_also") or []
        # Those whose answers the report quotes under this one (their runs are finished), with
        # their card answers' top cards (`top_cards`; None without a card answer).
        self.quoted: dict[str, dict[str, Any] | None] = quoted or {}
        # ... and their House answers' pairings (`houses`; None without a House answer).
        self.quoted_houses: dict[str, dict[str, Any] | None] = quoted_houses or {}
        # A known limit of the answer, written by whoever measured it (`answer.caveat`).
        self.caveat: str | None = spec.get("caveat")
        # The card the question is about (`answer.focus`): is it worth the most?
        self.focus: str | None = spec.get("focus")
        # Filled by the card answer: per variant, the cards at its top (`top_cards`), and
        # whose values they are.
        self.top_cards: dict[str, list[str]] = {}
        self.top_pair: str | None = None
        # ... and those cards' values with their intervals (card -> [value, lo, hi]).
        self.top_values: dict[str, dict[str, list[float]]] = {}
        # ... and the cards not told apart from them but not shown to matter themselves.
        self.top_unsure: dict[str, dict[str, list[float]]] = {}
        # ... and how the cards were taken out ("blank": what is measured is a card's power).
        self.top_method: str | None = None
        # Filled by the House answer: per variant, the Houses ranked and every pairing's rate
        # with its interval ("D|S": [rate, lo, hi]), and whose they are (`houses`).
        self.top_houses: dict[str, dict[str, Any]] = {}
        self.house_pair: str | None = None
        self.rows = [r for r in rows if r["variant"] in plain]
        self.comparisons = comparisons
        self.card_values = card_values
        # Each card's value under a variant against the same card's under the baseline.
        self.card_changes = card_changes or []
        # Two cards' values against each other under one variant, on the same deals (the
        # `card_value` sentence's ranking; see `sim.reporting.compared._card_gaps`).
        self.card_gaps = card_gaps or []
        # What the advantage draw is worth to its winner against the same seat with a coin,
        # from the same opening hands (`analysis.choice_value`), per cell with a coin
        # counterpart.
        self.choice_values = choice_values or []
        # Per variant, mirror agent and King: the games one player deployed it in, and how
        # that player fared (`analysis.kings`, with a Wilson interval).
        self.kings = kings or []
        self.houses = houses
        self.baseline = baseline
        self.plain = plain
        # Rule decisions an agent was offered and never took (sim.analysis.usage.never_taken).
        self.never_taken = never_taken or []
        # Per cell, how often each decision of a varied rule was taken (sim.analysis.usage.in_play).
        self.in_play = in_play or []
        # The rule options that differ between the plain variants (name -> canonical rules).
        self.varied = varied_options({v: r for v, r in (variants or {}).items() if v in plain})
        self.variant_rules = {v: rule_values(r) for v, r in (variants or {}).items()}
        # Every difference's size, once, against the smallest difference that matters in its
        # unit (the report's tables show them too).
        points = self.matters["points"] / 100
        # Win rates are fractions; the other units are counted as they are.
        by_unit = {**self.matters, "points": points}
        for c in comparisons:
            m = by_unit[COMPARED_UNITS[c["measure"]]]
            c["size"] = size(c["diff"], c["lo"], c["hi"], c["noise"], c["n"], m)
            c["reach"] = reach(c["lo"], c["hi"], c["size"], m)
        for v in card_values:
            v["size"] = size(v["value"], v["lo"], v["hi"], v["noise"], v["n"], points)
            v["reach"] = reach(v["lo"], v["hi"], v["size"], points)
        for c in self.card_changes + self.card_gaps + self.choice_values:
            c["size"] = size(c["diff"], c["lo"], c["hi"], c["noise"], c["n"], points)
            c["reach"] = reach(c["lo"], c["hi"], c["size"], points)
        # An interval that excludes zero on its own, for a difference within noise once the
        # report's Holm family is counted: said in words (designers read the interval first).
        family = comparisons + card_values + self.card_changes + self.card_gaps
        family += self.choice_values
        for c in family:
            c.pop("size_said", None)
            if c["size"] == Size.WITHIN_NOISE and (c["lo"] > 0 or c["hi"] < 0):
                c["size_said"] = (
                    "within noise: clear of zero on its own, not once the report's "
                    f"{len(family)} comparisons are allowed for"
                )

    def pairs(self, measure: str) -> list[tuple[str, str]]:
        """The match-ups a measure is read from, the one the sentences use first: A's win rate
        from the mixed match-ups, the rest from mirror match-ups (the same agent in both
        seats) when there are any."""
        pairs = list(dict.fromkeys((r["agent_a"], r["agent_b"]) for r in self.rows))
        if measure in ALL and ALL[measure].mixed:
            chosen = [p for p in pairs if p[0] != p[1]]
        else:
            chosen = [p for p in pairs if p[0] == p[1]] or pairs
        if self.chosen in chosen:
            chosen.remove(self.chosen)
            chosen.insert(0, self.chosen)
        return chosen

    def cells(self, pair: tuple[str, str]) -> list[dict[str, Any]]:
        return [r for r in self.rows if (r["agent_a"], r["agent_b"]) == pair]

    def compared(self, measure: str, pair: tuple[str, str]) -> list[dict[str, Any]]:
        # A measure of the answer is read from its comparison; a comparison is named as such.
        key = comparison(measure)
        # Only the comparisons with the baseline (a suit-split variant may be compared with
        # another that splits the deck the same way: `report._reference`).
        return [
            c
            for c in self.comparisons
            if c["measure"] == key
            and (c["agent_a"], c["agent_b"]) == pair
            and c.get("reference", self.baseline) == self.baseline
        ]
