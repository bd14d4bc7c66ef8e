"""How far the varied rules were in play: rules hardly used, how often a rule that acts
without a choice acted, and decisions never taken."""

from __future__ import annotations

import re

from sim.analysis.measures import HOUSE
from sim.reporting.answer.cards import impact_read
from sim.reporting.answer.facts import Facts
from sim.reporting.answer.wording import _listing, _pair, _q
from sim.reporting.formats import pct

# A rule taken in fewer of a cell's games than this is said to be rarely in play.
RARELY = 0.10


def _rarely_in_play(f: Facts) -> list[str]:
    """The varied rules whose decision the answering agents took in few of a variant's games
    (said first: a difference under such a variant comes from those few games, or from players
    planning around the rule). Read from the first measure's match-up, for the variants that set
    the rule otherwise than the baseline."""
    pairs = f.pairs(f.measures[0]) if f.measures else []
    if not pairs:
        return []
    pair = pairs[0]
    base = f.variant_rules.get(f.baseline, {})
    by_kind: dict[tuple[str, str], list[str]] = {}
    for p in f.in_play:
        if (p["agent_a"], p["agent_b"]) != pair or p["variant"] in (f.baseline, None):
            continue
        if p["variant"] not in f.plain or not p["games_arose"]:
            continue  # a card taken out; or never offered (a Joker not in this variant's deck)
        # Only a decision that is one option's whole effect ("hand_limit", "scouts=true"; not
        # "kings=enhance (King of Clubs)", one of a rule set's powers), offered by this variant
        # and not by the baseline.
        rule = re.fullmatch(r"([a-z0-9_]+)(?:=([a-z0-9_/]+))?", p["rule"])
        if rule is None or rule[1] not in f.varied:
            continue
        option, values = rule[1], (rule[2] or "").split("/")
        mine = f.variant_rules.get(p["variant"], {}).get(option)
        offered = mine in values if rule[2] else mine != base.get(option)
        if not offered or mine == base.get(option):
            continue
        share = p["games_taken"] / p["games"] if p["games"] else 0.0
        if share >= RARELY:
            continue
        by_kind.setdefault((p["kind"], p["rule"]), []).append(
            f"{p['games_taken']:,} of {p['games']:,} games under {_q(p['variant'])} "
            f"({pct(share)}; {p['taken']:,} times)"
        )
    if not by_kind:
        return []
    said = [
        f"the {_q(kind.replace('_', ' '))} decision ({rule}) was taken in {_listing(where)}"
        for (kind, rule), where in by_kind.items()
    ]
    return [
        f"Rarely in play ({_pair(*pair)}): {'; '.join(said)}. The rule acted in few of those "
        "games: a difference under it comes from them, or from players who plan around a rule "
        "they seldom reach."
    ]


def _acted(f: Facts) -> list[str]:
    """How often each variant's rule acted where it acts without a choice (`usage.ACTED`: a
    Spades soldier's second target struck or stunned), with the varied rule's decisions that
    the variant alone offers, for the player the first answer reads (a card answer's, else the
    chosen match-up, else the first mirror one): a rule that seldom acts can only move a game
    seldom."""
    acted = [p for p in f.in_play if p.get("automatic")]
    if not acted or HOUSE.name in f.measures:
        return []  # (a House answer's variants are pairings: its own sentences say them)
    pairs = list(dict.fromkeys((p["agent_a"], p["agent_b"]) for p in acted))
    cards = impact_read(f.chosen, f.card_changes or f.card_values)
    mirrors = [p for p in pairs if p[0] == p[1]]
    pair = (
        cards[0]
        if cards and cards[0] in pairs
        else f.chosen
        if f.chosen in pairs
        else (mirrors or pairs)[0]
    )
    # What acted -> [(variant, share of its games)], in the variants' order.
    said: dict[str, list[tuple[str, str]]] = {}
    for variant in f.plain:
        for p in f.in_play:
            if p["variant"] != variant or (p["agent_a"], p["agent_b"]) != pair:
                continue
            if not p["games"] or not p["games_taken"]:
                continue
            share = pct(p["games_taken"] / p["games"])
            if p.get("automatic"):
                what = p["rule"].split(": ", 1)[1]
            else:
                # Only a decision this variant's own setting offers ("spades_trait=...").
                option = re.match(r"([a-z0-9_]+)=([a-z0-9_/]+)", p["rule"])
                if not option or f.variant_rules.get(variant, {}).get(option[1]) not in (
                    option[2].split("/")
                ):
                    continue
                what = f"the {_q(p['kind'].replace('_', ' '))} decision was taken"
            said.setdefault(what, []).append((variant, share))
    if not said:
        return []
    parts = []
    for what, where in said.items():
        first = f"{where[0][1]} of the games under {_q(where[0][0])}"
        rest = [f"{share} under {_q(v)}" for v, share in where[1:]]
        parts.append(f"{what} in {_listing([first, *rest])}")
    body = "; ".join(parts)
    return [f"How often the rule acted ({_pair(*pair)}): {body}."]


def _untested(f: Facts) -> list[str]:
    """A decision offered by a rule the experiment varies that the answering agents never took:
    the answer cannot speak for that choice."""
    agents = {a for m in f.measures for pair in f.pairs(m)[:1] for a in pair}
    return [
        f"Untested: {r['agent']} never chose {_q(r['kind'].replace('_', ' '))} ({r['rule']}) in "
        f"{r['arose']:,} chances, so these games say nothing about that choice."
        for r in f.never_taken
        if r["agent"] in agents and r["rule"].split("=")[0] in f.varied
    ]
