"""What answers an experiment's question, and the answer in plain words.

An experiment names the measures that answer its question (`answer:` in its file; defaults by
its shape otherwise) and the smallest difference that matters to a designer. From the report's
figures this module writes the two or three sentences that open the report, and the small table
of those measures beneath them. Every difference gets a size against that threshold
(negligible, small, large), after a Holm correction for the number of comparisons in the
report, and no verdict below `MIN_GAMES` games.
"""

from __future__ import annotations

import re
from typing import Any

from sim.analysis.measures import MEASURES as COMPARED
from sim.analysis.measures import ORDINALS
from sim.analysis.stats import wilson

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
# The unit of each measure the report compares variants on (`analysis.MEASURES`).
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


def holm(items: list[dict[str, Any]]) -> None:
    """Holm-adjust the p-values of `items` as one family (in place): `p_adj`, and `noise` when
    the adjusted p-value is at least ALPHA."""
    if not items:
        return
    from statsmodels.stats.multitest import multipletests

    _, adjusted, _, _ = multipletests([i["p"] for i in items], alpha=ALPHA, method="holm")
    for i, p in zip(items, adjusted, strict=True):
        i["p_adj"] = float(p)
        i["noise"] = bool(p >= ALPHA)


def size(diff: float, lo: float, hi: float, noise: bool, n: int, matters: float) -> str:
    """How large a difference is for a designer: too few games to say; negligible (its whole
    interval is within the smallest difference that matters, or it is real but smaller);
    within noise (the interval holds zero and differences that matter); small; or large (at
    least LARGE times the smallest that matters). `diff`, `lo`, `hi` and `matters` share a
    unit."""
    if n < MIN_GAMES:
        return "too few games"
    if -matters < lo and hi < matters:
        return "negligible"
    if noise:
        return "within noise"
    return SIZES[_band(diff, matters)]


SIZES = ("negligible", "small", "large")


def _band(x: float, matters: float) -> int:
    """The size band of a difference `x`: 0 under `matters`, 1 under LARGE times it, else 2."""
    return 0 if abs(x) < matters else 1 if abs(x) < LARGE * matters else 2


def reach(lo: float, hi: float, size_: str, matters: float) -> str:
    """The other sizes a difference's 95% interval reaches, beside the size of its estimate:
    "perhaps small" for +4.0 [+2.4, +5.7] (large by its estimate, small at its lower end), so
    that a label is never firmer than its interval. Empty where the interval stays within
    the estimate's size, and for a difference within noise or with too few games."""
    if size_ not in SIZES or (-matters < lo and hi < matters):
        return ""
    high = max(_band(lo, matters), _band(hi, matters))
    low = 0 if lo <= 0 <= hi else min(_band(lo, matters), _band(hi, matters))
    others = [SIZES[b] for b in range(low, high + 1) if SIZES[b] != size_]
    return f"perhaps {' or '.join(others)}" if others else ""


def with_reach(size_: str, reach_: str) -> str:
    """A size with the other sizes its interval reaches, as sentences and tables say it."""
    return f"{size_}, {reach_}" if reach_ else size_


def _said(c: dict[str, Any]) -> str:
    """A difference's size in a sentence: "within noise" says why when its interval alone
    excludes zero; a size says the others its interval reaches."""
    return str(c.get("size_said") or with_reach(c["size"], c.get("reach", "")))


def _shown(c: dict[str, Any]) -> str:
    """A difference's size in the answer table: marked where the note under the table says
    why an interval that excludes zero is within noise."""
    if c.get("size_said"):
        return f"{c['size']}*"
    return with_reach(str(c["size"]), c.get("reach", ""))


def quoted(name: str) -> str:
    """A name as a sentence quotes it: 'Option 2 Kings', or "Spring '25 Kings" where the name
    holds an apostrophe (in single quotes it would read as two quotations)."""
    return f'"{name}"' if "'" in name else f"'{name}'"


_q = quoted


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _pts(x: float) -> str:
    # round first, so that -0.04 points prints as +0.0 rather than -0.0
    return f"{round(100 * x, 1) + 0.0:+.1f}"


def _ci(lo: float, hi: float, pct: bool = True) -> str:
    return f"[{_pct(lo)}, {_pct(hi)}]" if pct else f"[{_pts(lo)}, {_pts(hi)}]"


def _rounds_text(x: float) -> str:
    return f"{round(x, 2) + 0.0:+.2f}"  # +0.0: no "-0.00"


def _count_against(c: dict[str, Any] | None) -> str:
    """A count's difference from the baseline in the answer table (rounds, turns): +0.29 [+0.18,
    +0.39]; "baseline" for the baseline's own row."""
    if c is None:
        return "baseline"
    t = _rounds_text
    return f"{t(c['diff'])} [{t(c['lo'])}, {t(c['hi'])}]"


def _rate(r: dict[str, Any]) -> str:
    """A rate and its interval: 47.5% [47.0%, 48.0%]."""
    return f"{_pct(r['rate'])} {_ci(r['lo'], r['hi'])}"


def _pair(a: str, b: str) -> str:
    return f"{a} v {b}"


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
        # `card_value` sentence's ranking; see `sim.reporting.report._card_gaps`).
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
            if c["size"] == "within noise" and (c["lo"] > 0 or c["hi"] < 0):
                c["size_said"] = (
                    "within noise: clear of zero on its own, not once the report's "
                    f"{len(family)} comparisons are allowed for"
                )

    def pairs(self, measure: str) -> list[tuple[str, str]]:
        """The match-ups a measure is read from, the one the sentences use first: A's win rate
        from the mixed match-ups, the rest from mirror match-ups (the same agent in both
        seats) when there are any."""
        pairs = list(dict.fromkeys((r["agent_a"], r["agent_b"]) for r in self.rows))
        if measure == "a_wins":
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
        key = {
            "first_player": "first_won",
            "a_wins": "win_a",
            "rounds": "rounds",
            "slog": "late_turns",
            "attack_20": "attack_20",
            "attack_27": "attack_27",
            "biggest_attack": "biggest_attack",
        }.get(measure)
        # Only the comparisons with the baseline (a suit-split variant may be compared with
        # another that splits the deck the same way: `report._reference`).
        return [
            c
            for c in self.comparisons
            if c["measure"] == key
            and (c["agent_a"], c["agent_b"]) == pair
            and c.get("reference", self.baseline) == self.baseline
        ]


def rule_values(canonical: str) -> dict[str, str]:
    """A canonical rule string, `game(a=1,b=2)`, as {a: 1, b: 2}."""
    inner = canonical.split("(", 1)[1].rstrip(")")
    return dict(p.split("=", 1) for p in inner.split(",") if "=" in p)


def varied_options(rules: dict[str, str]) -> set[str]:
    """The options whose values differ between these canonical rule strings."""
    parsed = [rule_values(r) for r in rules.values()]
    keys = {k for p in parsed for k in p}
    return {k for k in keys if len({p.get(k) for p in parsed}) > 1}


def _rate_size(rate: dict[str, Any], n: int, matters: float, fair: float = 0.5) -> str:
    """The size of a rate's distance from even (50%; an even share, 1/players, at a larger
    table)."""
    lo, hi = rate["lo"] - fair, rate["hi"] - fair
    return size(rate["rate"] - fair, lo, hi, lo <= 0 <= hi, n, matters / 100)


def _rate_said(
    rate: dict[str, Any], n: int, matters: float, fair: float = 0.5, size_: str | None = None
) -> str:
    """`_rate_size` (or `size_`, where the caller has it) with the other sizes its interval
    reaches, as a sentence or a table says it."""
    size_ = size_ or _rate_size(rate, n, matters, fair)
    return with_reach(size_, reach(rate["lo"] - fair, rate["hi"] - fair, size_, matters / 100))


def _seats(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    """Which place in turn order is favoured at each table size, and by how much, against an
    even share (1/players); then, shorter, the same under each other match-up."""
    pairs = f.pairs("seats")
    if not pairs:
        return [], []
    m = f.matters["points"]
    sentences, table = [], []
    for pair in pairs[:1]:
        for r in _larger_tables_first(f.cells(pair)):
            places, n, fair = r["seats"], r["games"], r["fair"]
            sizes = [_rate_said(w, n, m, fair) for w in places]
            for k, w in enumerate(places):
                table.append(
                    {
                        "measure": "seats",
                        "variant": r["variant"],
                        "matchup": _pair(*pair),
                        "value": f"{ORDINALS[k]}: {_rate(w)}",
                        "size": sizes[k],
                        "against": _pct(fair),
                    }
                )
            # A variant named "3 players" says no more than "At 3 players".
            named = "" if r["variant"] == f"{r['players']} players" else f"{_q(r['variant'])}, "
            at = f"At {r['players']} players ({named}{_pair(*pair)}, {n:,} games)"
            sentences.append(f"{at} {_seat_verdict(r, m)}{_no_winner_share(r)}{_seat_choice(r)}.")
    for pair in pairs[1:]:
        parts = [
            f"at {r['players']} players {_seat_verdict(r, m, short=True)}{_no_winner_share(r)}"
            f"{_seat_choice(r)}"
            for r in _larger_tables_first(f.cells(pair))
        ]
        sentences.append(f"With {_pair(*pair)}: {'; '.join(parts)}.")
    return sentences, table


def _larger_tables_first(cells: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The question is about the larger tables: two players, where there, comes last."""
    return sorted(cells, key=lambda r: r.get("players", 2) == 2)


def _seat_choice(r: dict[str, Any]) -> str:
    """Where the advantage draw's winner often deferred, the later places are partly its
    choice (it moves to the last place), not the seat alone: say so."""
    if r.get("deferred", 0) < DEFERRED_OFTEN:
        return ""
    return (
        f" (the advantage draw's winner deferred in {_pct(r['deferred'])} of the games, taking "
        "the last place by choice, so the places mix seat and choice)"
    )


def _seat_verdict(r: dict[str, Any], m: float, short: bool = False) -> str:
    """The favoured and the worst place in turn order of one cell, against an even share."""
    places, n, fair = r["seats"], r["games"], r["fair"]
    sizes = [_rate_size(w, n, m, fair) for w in places]
    best = max(range(len(places)), key=lambda k: places[k]["rate"])
    worst = min(range(len(places)), key=lambda k: places[k]["rate"])
    edge = (places[best]["rate"] - fair) * 100
    if sizes[worst] in ("small", "large") and sizes[best] not in ("small", "large"):
        return (
            f"the {ORDINALS[worst]} player in turn order is at a disadvantage: "
            f"{_rate(places[worst])} against an even share of {_pct(fair)} "
            f"({(places[worst]['rate'] - fair) * 100:+.1f} points, "
            f"{_rate_said(places[worst], n, m, fair, sizes[worst])})"
        )
    if sizes[best] in ("small", "large"):
        text = (
            f"the {ORDINALS[best]} player in turn order is favoured: {_rate(places[best])} "
            f"against an even share of {_pct(fair)} ({edge:+.1f} points, "
            f"{_rate_said(places[best], n, m, fair, sizes[best])})"
        )
        if not short:
            text += (
                f"; the {ORDINALS[worst]} fares worst, {_rate(places[worst])} "
                f"({(places[worst]['rate'] - fair) * 100:+.1f} points)"
            )
        return text
    if all(sz == "negligible" for sz in sizes):
        return (
            f"no place in turn order is favoured: each wins within {m:g} point of an even "
            f"share ({_pct(fair)})"
        )
    if "too few games" in sizes:
        return "too few games to say which place is favoured"
    return (
        f"no place in turn order is favoured beyond noise (even share {_pct(fair)}; the "
        f"{ORDINALS[best]} player wins {_rate(places[best])})"
    )


def _no_winner_share(r: dict[str, Any]) -> str:
    """Where many games end with no winner (each place then counts an even share): say so."""
    n = r["games"]
    if not n or r["draws"] / n <= 0.05:
        return ""
    return (
        f", and {_pct(r['draws'] / n)} of the games end with no winner (each counts an even "
        "share to every place)"
    )


def _first_player(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    pairs = f.pairs("first_player")
    m = f.matters["points"]
    table = []
    for pair in pairs[:1]:
        for r in f.cells(pair):
            table.append(
                {
                    "measure": "first_player",
                    "variant": r["variant"],
                    "matchup": _pair(*pair),
                    "value": _rate(r["first"]),
                    # A first player chosen by the draw's winner is not a seat edge: no size.
                    "size": "chosen start"
                    if r.get("deferred", 0) >= DEFERRED_OFTEN
                    else _rate_said(r["first"], r["games"], m, r.get("fair", 0.5)),
                    "against": _pct(r.get("fair", 0.5)),
                }
            )
    if not pairs:
        return [], table
    cells = f.cells(pairs[0])
    lead = _first_player_lead(f, cells, pairs[0], m)
    if f.measures[0] != "first_player":
        # Another measure answers the question: a "Yes:" or "No:" here would read as its
        # answer, so the sentence says what it is about instead.
        lead[0] = re.sub(r"^(Yes|No): ", "Seat balance: ", lead[0])
    chooser = _chooser(f, cells, pairs[0], m)
    if chooser and any((c["agent_a"], c["agent_b"]) == pairs[0] for c in f.choice_values):
        # What the choice is worth answers the advantage draw's half of the question: it
        # follows the rates at once.
        return lead[:1] + chooser + lead[1:] + _outright(cells), table
    return lead + _outright(cells) + chooser, table


def _chooser(f: Facts, cells: list[dict[str, Any]], pair: tuple[str, str], m: float) -> list[str]:
    """Where the winner of the advantage draw chooses to start or defer: how often it deferred,
    and how it fared against an even share (what winning the draw is worth). Said where the
    experiment asks how the start is chosen (it varies `starting_player`), or where the winner
    often deferred: who moves first then depends on the chooser's hand, so the first player's
    win rate is no longer the seat's alone."""
    often = any(r.get("deferred", 0) >= DEFERRED_OFTEN for r in cells)
    if "starting_player" not in f.varied and not (often and f.measures[0] == "first_player"):
        # (Where another measure leads, the first sentence on seats has said that the first
        # player is chosen; the chooser's own figures are detail there.)
        return []
    chose = [r for r in cells if r.get("chooser")]
    if not chose:
        return []

    def won(r: dict[str, Any]) -> str:
        value = next(
            (
                c
                for c in f.choice_values
                if c["variant"] == r["variant"] and (c["agent_a"], c["agent_b"]) == pair
            ),
            None,
        )
        if value is None:
            size = _rate_said(r["chooser"], r["chooser"]["n"], m, r.get("fair", 0.5))
            return f"{_rate(r['chooser'])} ({size})"
        # Against the same seat with a coin, from the same opening hands: the answer to "is
        # the draw worth more than a coin?" with this agent's choices (its rate against an
        # even share also holds the deals' luck).
        return (
            f"{_rate(r['chooser'])}, {_pts(value['diff'])} points "
            f"{_ci(value['lo'], value['hi'], pct=False)} against the same seat with "
            f"{_q(value['coin'])} from the same opening hands ({_said(value)})"
        )

    # (Where it often deferred, the first sentence has said that the rate mixes seat and
    # choice.)
    lead = f"The winner of the advantage draw chooses who moves first ({_pair(*pair)})"
    costly = _costly_choices(f, chose, pair)
    # The choice comes before any rule a variant changes, so it is often the same in every
    # variant (the same deals): then it is said once.
    said = {(_pct(r["deferred"]), r["chooser"]["n"]) for r in chose}
    if len(chose) > 1 and len(said) == 1:
        deferred, n = said.pop()
        rates = "; ".join(f"{_q(r['variant'])} {won(r)}" for r in chose)
        return [
            f"{lead}: it deferred in {deferred} of {n:,} games under every variant and won {rates}."
        ] + costly
    parts = [
        (f" under {_q(r['variant'])}" if len(cells) > 1 else "")
        + f" it deferred in {_pct(r['deferred'])} of {r['chooser']['n']:,} games and won {won(r)}"
        for r in chose
    ]
    return [lead + ":" + ";".join(parts) + "."] + costly


def _costly_choices(f: Facts, chose: list[dict[str, Any]], pair: tuple[str, str]) -> list[str]:
    """Where the chooser won less than one fixed choice (always start, or always defer) would
    have on the same deals, beyond noise: its own choices, not the rule, hold the draw's worth
    down, so a better chooser would get more from it. Read from the coin cell's movers
    (`analysis.choice_value`'s `fixed`)."""
    said = []
    for r in chose:
        value = next(
            (
                c
                for c in f.choice_values
                if c["variant"] == r["variant"] and (c["agent_a"], c["agent_b"]) == pair
            ),
            None,
        )
        fixed = value.get("fixed") if value else None
        if value is None or not fixed or fixed["hi"] >= 0:
            continue
        always = "always deferring" if fixed["choice"] == "defer" else "always starting"
        mover = "second" if fixed["choice"] == "defer" else "first"
        where = f" under {_q(r['variant'])}" if len(f.cells(pair)) > 1 else ""
        said.append(
            f"Its own choices cost it{where}: {always} would have won "
            f"{_pct(fixed['rate'])} {_ci(fixed['rate_lo'], fixed['rate_hi'])} (the {mover} "
            f"mover's rate with {_q(value['coin'])} on the same deals), "
            f"{-100 * fixed['diff']:.1f} points [{-100 * fixed['hi']:.1f}, "
            f"{-100 * fixed['lo']:.1f}] more "
            "than it did, so a better chooser would get more from the draw than these figures "
            "show."
        )
    return said


def _outright(cells: list[dict[str, Any]]) -> list[str]:
    """Where many games have no winner, the rates above count them as half a win: say what
    each seat wins outright."""
    if not any(r["games"] and r["draws"] / r["games"] > 0.05 for r in cells):
        return []
    parts = []
    for r in cells:
        n = r["games"]
        if not n:
            continue
        players = r.get("players", 2)
        first = r.get("first_wins", round(r["first"]["rate"] * n - r["draws"] / players))
        second = n - first - r["draws"]
        where = f" under {_q(r['variant'])}" if len(cells) > 1 else ""
        others = "the second" if players == 2 else "the others together"
        parts.append(
            f"{_pct(first / n)} for the first player, {_pct(second / n)} for {others} and "
            f"{_pct(r['draws'] / n)} with no winner{where}"
        )
    return [f"Counting only outright wins: {'; '.join(parts)}."]


def _first_player_lead(
    f: Facts, cells: list[dict[str, Any]], pair: tuple[str, str], m: float
) -> list[str]:
    """The first player's answer from the cells of one match-up: yes or no and by how much,
    then each variant against the baseline. Where the advantage draw's winner often deferred,
    the first player is chosen, not drawn: that rate is not a seat edge, so it gets no verdict
    of its own, and it is compared only with rates chosen the same way."""
    who = _pair(*pair)
    chosen = [r for r in cells if r.get("deferred", 0) >= DEFERRED_OFTEN]
    seat = [r for r in cells if r not in chosen]
    base_chosen = any(r["variant"] == f.baseline for r in chosen)
    # Only rates read the same way are compared (chosen with chosen, drawn with drawn).
    skip = {r["variant"] for r in (seat if base_chosen else chosen)}
    if not chosen:
        return _seat_lead(f, cells, pair, m, skip)

    def listed(rows: list[dict[str, Any]]) -> str:
        if len(cells) == 1:
            return f"the first player wins {_rate(rows[0]['first'])} of {rows[0]['games']:,} games"
        return "; ".join(f"{_q(r['variant'])} {_rate(r['first'])}" for r in rows)

    if not seat:
        more = _compared_text(f, "first_player", pair, skip)
        return [
            f"Who moves first is chosen ({who}): the advantage draw's winner may defer, so the "
            f"first player's win rate mixes the seat with that choice: {listed(chosen)}."
        ] + ([more] if more else [])
    lead = _seat_lead(f, seat, pair, m, skip, named=len(cells) > 1)
    lead[0] = (
        lead[0][:-1] + f"; where the advantage draw's winner chooses who moves first, the first "
        f"player's rate is not the seat's: {listed(chosen)}."
    )
    return lead


def _seat_lead(
    f: Facts,
    cells: list[dict[str, Any]],
    pair: tuple[str, str],
    m: float,
    skip: set[str],
    named: bool = False,
) -> list[str]:
    """The first player's answer from cells where who starts is drawn, not chosen: yes or no
    and by how much, then each variant (but those in `skip`) against the baseline. `named`:
    one cell of several, named by its variant."""
    who = _pair(*pair)
    if len(cells) == 1:
        r = cells[0]
        first, n, fair = r["first"], r["games"], r.get("fair", 0.5)
        s = _rate_size(first, n, m, fair)
        under = f"under {_q(r['variant'])} " if named else ""
        said = f"{under}the first player wins {_rate(first)} of games ({who}, {n:,} games)"
        edge = abs(first["rate"] - fair) * 100
        if s in ("small", "large"):
            s = _rate_said(first, n, m, fair, s)
            if first["rate"] > fair:
                text = f"Yes: {said}, an edge of {edge:.1f} points ({s})."
            else:
                text = f"No: {said}; the second player has the edge, {edge:.1f} points ({s})."
        elif s == "negligible":
            text = f"No: {said}, within {m:g} point of even."
        elif s == "within noise":
            text = f"Not settled: {said}, within noise of even."
        else:
            text = f"Too few games to say: {said}."
        return [text]
    fair = {r["variant"]: r.get("fair", 0.5) for r in cells}
    ranked = sorted(cells, key=lambda r: abs(r["first"]["rate"] - fair[r["variant"]]))
    sizes = {r["variant"]: _rate_size(r["first"], r["games"], m, fair[r["variant"]]) for r in cells}
    listed = "; ".join(
        f"{_q(r['variant'])} {_rate(r['first'])} "
        f"({_rate_said(r['first'], r['games'], m, fair[r['variant']], sizes[r['variant']])})"
        for r in ranked[:4]
    )
    if len(ranked) > 4:
        listed += f" (all {len(ranked)} in the table below)"
    every_edge = all(s in ("small", "large") for s in sizes.values())
    sides = {r["first"]["rate"] > fair[r["variant"]] for r in cells}
    edge_sides = {
        r["first"]["rate"] > fair[r["variant"]]
        for r in cells
        if sizes[r["variant"]] in ("small", "large")
    }
    if all(s == "negligible" for s in sizes.values()):
        lead = f"No: under every variant the first player wins within {m:g} point of even"
    elif not edge_sides:
        lead = "No edge beyond noise under any variant"
    elif every_edge and len(sides) == 1:
        lead = (
            "Yes: under every variant the first player has the edge"
            if sides == {True}
            else "No: under every variant the second player has the edge"
        )
    elif set(sizes.values()) <= {"negligible", "small", "within noise"} and len(edge_sides) == 1:
        who_has = "first" if edge_sides == {True} else "second"
        lead = f"A slight edge at most, for the {who_has} player"
    else:
        lead = (
            f"It depends on the variant; closest to even is {_q(ranked[0]['variant'])}"
            if len(ranked) > 1
            else "The first player's win rate"
        )
    text = f"{lead} ({who}): {listed}"
    more = _compared_text(f, "first_player", pair, skip)
    return [text + "."] + ([more] if more else [])


def _no_winner(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    pairs = f.pairs("no_winner")
    table = []
    found: list[tuple[dict[str, Any], float, float, float]] = []
    for i, pair in enumerate(pairs[:1]):
        for r in f.cells(pair):
            n = r["games"]
            rate = r["draws"] / n if n else 0.0
            lo, hi = wilson(r["draws"], n)
            table.append(
                {
                    "measure": "no_winner",
                    "variant": r["variant"],
                    "matchup": _pair(*pair),
                    "value": f"{_pct(rate)} {_ci(lo, hi)}",
                    "size": "",
                    "against": "",
                }
            )
            if i == 0:
                found.append((r, rate, lo, hi))
    if not found:
        return [], table
    listed = "; ".join(
        (f"under {_q(r['variant'])} " if len(found) > 1 else "") + f"{_pct(rate)} {_ci(lo, hi)}"
        for r, rate, lo, hi in found
    )
    return [f"Games with no winner ({_pair(*pairs[0])}): {listed}."], table


def _compared_text(
    f: Facts, measure: str, pair: tuple[str, str], skip: set[str] | None = None
) -> str | None:
    """One sentence: each variant (but those in `skip`) against the baseline on one measure,
    with size."""
    parts = _compared_parts(f, measure, pair, skip or set())
    if not parts:
        return None
    label = f"{pair[0]}'s win rate" if measure == "a_wins" else MEASURES[measure][0]
    return f"Against {_q(f.baseline)} ({_pair(*pair)}), {label}: " + "; ".join(parts) + "."


def _compared_parts(
    f: Facts, measure: str, pair: tuple[str, str], skip: set[str] | None = None
) -> list[str]:
    """Each variant (but those in `skip`) against the baseline on one measure: the
    difference, its interval and its size, and whether the rule came into play at all."""
    unit = MEASURES[measure][1]
    parts = []
    for c in f.compared(measure, pair):
        if c["variant"] in (skip or set()):
            continue
        s = _said(c)
        if unit == "points":
            what = f"{_pts(c['diff'])} points {_ci(c['lo'], c['hi'], pct=False)}"
        else:
            r = _rounds_text
            what = f"{r(c['diff'])} {unit} [{r(c['lo'])}, {r(c['hi'])}]"
        if c.get("changed") == 0 and c["lo"] == c["hi"] == 0:
            s = "the same games: the rule never came into play"
        elif c.get("few_changed"):
            s += f"; it changed the winner of only {_pct(c['changed'])} of the deals"
        parts.append(f"{_q(c['variant'])} {what} ({s})")
    return parts


def _a_wins(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    pairs = f.pairs("a_wins")
    m = f.matters["points"]
    table = []
    for pair in pairs[:1]:
        for r in f.cells(pair):
            w = r["win_a"]
            table.append(
                {
                    "measure": "a_wins",
                    "variant": r["variant"],
                    "matchup": _pair(*pair),
                    "value": f"{_pct(w['rate'])} {_ci(w['lo'], w['hi'])}",
                    "size": _rate_said(w, r["games"], m),
                    "against": "50%",
                }
            )
    if not pairs:
        return [], table
    a, b = pairs[0]
    base = next((r for r in f.cells(pairs[0]) if r["variant"] == f.baseline), None)
    base = base or f.cells(pairs[0])[0]
    w = base["win_a"]
    where = f" under {_q(base['variant'])}" if len(f.cells(pairs[0])) > 1 else ""
    verb = "beats" if w["lo"] > 0.5 else ("loses to" if w["hi"] < 0.5 else "is even with")
    text = [
        f"{a} {verb} {b}{where}: it wins {_pct(w['rate'])} {_ci(w['lo'], w['hi'])} of "
        f"{base['games']:,} games."
    ]
    more = _compared_text(f, "a_wins", pairs[0])
    return text + ([more] if more else []), table


def _rounds(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    pairs = f.pairs("rounds")
    table = []
    for pair in pairs[:1]:
        for r in f.cells(pair):
            c = next((c for c in f.compared("rounds", pair) if c["variant"] == r["variant"]), None)
            table.append(
                {
                    "measure": "rounds",
                    "variant": r["variant"],
                    "matchup": _pair(*pair),
                    "value": f"{r['rounds_mean']:.2f}",
                    "size": _shown(c) if c else "",
                    "against": _count_against(c),
                }
            )
    if not pairs:
        return [], table
    base = next((r for r in f.cells(pairs[0]) if r["variant"] == f.baseline), None)
    text = []
    changes = _compared_parts(f, "rounds", pairs[0])
    if base:
        # One sentence: the baseline's length, then what each variant does to it.
        opening = (
            f"Games last {base['rounds_mean']:.1f} rounds on average under {_q(f.baseline)} "
            f"({_pair(*pairs[0])})"
        )
        text.append(opening + (f"; against that, {'; '.join(changes)}." if changes else "."))
    capped = _deck_sets_length(f.cells(pairs[0]))
    if capped:
        text.append(capped)
    return text, table


# From this share of a cell's games ending when the deck runs out, the answer on game length
# says so: those games' length is the deck's, whatever the rule does to the play.
DECK_END_OFTEN = 0.2


def _deck_sets_length(cells: list[dict[str, Any]]) -> str | None:
    """Where many games end because the deck ran out (Houses-Skirmish's sudden death), their
    length is set by the deck: a rule that lengthens the play cannot lengthen them."""
    shares = [
        (r, r.get("ends", {}).get("sudden_death", 0) / r["games"]) for r in cells if r["games"]
    ]
    often = [(r, share) for r, share in shares if share >= DECK_END_OFTEN]
    if not often:
        return None
    where = "; ".join(
        (f"under {_q(r['variant'])} " if len(cells) > 1 else "") + _pct(share) for r, share in often
    )
    return (
        f"Many games end when the deck runs out (sudden death): {where} of the games. Their "
        "length is the deck's, not the play's."
    )


def _big_attacks(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    """How hard one attack can hit (the Summer '20 notes: "a player could potentially have a
    27/27 unit ... A 10, 9 and 8 Blood Bonded together could remove nearly 3/4 of the opposing
    player's maximum life in one attack"): the share of games with an attack of 20 or more
    (half the default life) and of 27 or more (the notes' bond), and a game's biggest attack,
    under the baseline; each variant against it on the same deals; then the other mirror
    match-ups."""
    pairs = [p for p in f.pairs("big_attacks") if all("attack_20_share" in r for r in f.cells(p))]
    table = []
    t = _rounds_text
    for pair in pairs[:1]:
        for r in f.cells(pair):
            for k in (20, 27):
                c = next(
                    (c for c in f.compared(f"attack_{k}", pair) if c["variant"] == r["variant"]),
                    None,
                )
                table.append(
                    {
                        "measure": "big_attacks",
                        "label": f"games with an attack of {k} or more",
                        "variant": r["variant"],
                        "matchup": _pair(*pair),
                        "value": _pct(r[f"attack_{k}_share"]),
                        "size": _shown(c) if c else "",
                        "against": f"{_pts(c['diff'])} {_ci(c['lo'], c['hi'], pct=False)}"
                        if c
                        else "baseline",
                    }
                )
    # One block of rows per threshold (the table names each block once).
    table.sort(key=lambda row: row["label"])
    if not pairs:
        return [], table
    cells = {r["variant"]: r for r in f.cells(pairs[0])}
    base = cells.get(f.baseline)
    if base is None:
        return [], table
    text = [
        f"How hard can one attack hit ({_pair(*pairs[0])})? Under {_q(f.baseline)} "
        f"{_pct(base['attack_20_share'])} of the games see an attack of 20 or more (half the "
        f"starting life) and {_pct(base['attack_27_share'])} one of 27 or more (what the "
        f"notes' bond of a 10, 9 and 8 deals); a game's biggest attack is "
        f"{base['biggest_attack_mean']:.1f} on average ({base['biggest_attack_max']} at most), "
        "and its biggest unblocked hit on a "
        f"player {base['biggest_hit_mean']:.1f} on average."
    ]
    by = {
        m: {c["variant"]: c for c in f.compared(m, pairs[0])}
        for m in ("attack_20", "attack_27", "biggest_attack")
    }
    parts = []
    for v, cell in cells.items():
        if v == f.baseline:
            continue
        shares = [
            f"{_pct(cell[f'attack_{k}_share'])} with {k} or more, {_pts(c['diff'])} points "
            f"{_ci(c['lo'], c['hi'], pct=False)} ({_said(c)})"
            for k in (20, 27)
            if (c := by[f"attack_{k}"].get(v))
        ]
        if not shares:
            continue
        said = f"{_q(v)} has " + " and ".join(shares)
        if b := by["biggest_attack"].get(v):
            said += (
                f"; a game's biggest attack is {t(b['diff'])} [{t(b['lo'])}, {t(b['hi'])}] "
                f"({_said(b)}; {cell['biggest_attack_max']} at most)"
            )
        parts.append(said)
    if parts:
        text.append("Against that, on the same deals: " + "; ".join(parts) + ".")
    for pair in pairs[1:]:
        other = {r["variant"]: r for r in f.cells(pair)}
        if f.baseline not in other:
            continue
        listed = ", ".join(
            f"{_q(v)} {_pct(r['attack_20_share'])} and {_pct(r['attack_27_share'])}"
            for v, r in other.items()
        )
        text.append(
            f"With {_pair(*pair)}, games with an attack of 20 or more and of 27 or more: {listed}."
        )
    return text, table


# How a change in the late game's length is said, by its size (and, where it matters, sign).
LATE_VERDICT = {
    "large": "shortens it by a lot",
    "small": "shortens it somewhat",
    "negligible": "leaves it about as long",
    "within noise": "is not shown to change it",
    "too few games": "has too few games to say",
}


def _late_verdict(c: dict[str, Any]) -> str:
    said = LATE_VERDICT.get(c["size"], c["size"])
    return said.replace("shortens", "lengthens") if c["diff"] > 0 else said


def _slog(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    """The late-game slog of the Spring '22 notes ("It feels good, for the first 5 rounds or
    so... If a match extends beyond this stage ... the players are playing one card at a time"):
    first how much each variant shortens the late game (turns from round 6 on) per game that
    reaches round 6 under the baseline (every deal counted: `analysis.REACHED`), and when its
    two-card draw came into play; then the
    baseline's late game, and how many of its turns begin with at most one card in hand. The
    one-card turns are said, not compared: a turn that draws two cards begins with two by the
    rule itself."""
    pairs = [p for p in f.pairs("slog") if all("late_turns_mean" in r for r in f.cells(p))]
    table = []
    for pair in pairs[:1]:
        for r in f.cells(pair):
            c = next((c for c in f.compared("slog", pair) if c["variant"] == r["variant"]), None)
            table.append(
                {
                    "measure": "slog",
                    "variant": r["variant"],
                    "matchup": _pair(*pair),
                    # A variant's value on the deals it is compared on (the baseline's).
                    "value": f"{(c['value'] if c else r['late_turns_mean']):.2f}",
                    "size": _shown(c) if c else "",
                    "against": _count_against(c),
                }
            )
    cells = {r["variant"]: r for r in f.cells(pairs[0])} if pairs else {}
    base = cells.get(f.baseline)
    if base is None:
        return [], table
    players = base.get("players") or 2
    ends = base.get("ends", {})

    def deck_end(r: dict[str, Any]) -> float:
        return r["ends"].get("sudden_death", 0) / r["games"]

    parts = []
    for c in f.compared("slog", pairs[0]):
        cell = cells.get(c["variant"])
        if cell is None:
            continue
        t = _rounds_text
        said = (
            f"{_q(c['variant'])} {_late_verdict(c)}: "
            f"{t(c['diff'])} turns [{t(c['lo'])}, {t(c['hi'])}] ({_said(c)}"
        )
        if c["size"] in ("small", "large") and c["base"]:
            share = c["diff"] / c["base"]
            said += f"; {_pct(abs(share))} {'fewer' if share < 0 else 'more'}"
        said += ")"
        draws = f.variant_rules.get(c["variant"], {}).get("extra_draw", "none")
        if cell["two_card_games"]:
            said += (
                f"; it drew two cards in {_pct(cell['two_card_games'] / cell['games'])} of the "
                f"games, from round {cell['two_card_round']:.1f} on average"
            )
            median = base.get("rounds_median")
            if median and cell["two_card_round"] > median:
                said += f" (half the games are over by round {median:.0f})"
        elif draws != "none":
            said += "; its two-card draw never came into play"
        if "sudden_death" in ends and deck_end(cell) != deck_end(base):
            said += f", and {_pct(deck_end(cell))} of its games end when the deck runs out"
        parts.append(said)
    text = []
    if parts:
        text.append(
            f"How much does each rule shorten the late game, the turns from round 6 on "
            f"({_pair(*pairs[0])}, on the same deals, per game that reaches round 6 under "
            f"{_q(f.baseline)})? " + "; ".join(parts) + "."
        )
    text.append(
        f"Under {_q(f.baseline)} {_pct(base['late_share'])} of the games reach round 6 and play "
        f"{base['late_turns_mean']:.2f} turns from then on (about "
        f"{base['late_turns_mean'] / players:.1f} rounds), on average, and "
        f"{_pct(base['late_low_share'])} of those turns begin with at most one card in hand "
        '(the notes\' "one card at a time")'
        + (
            f"; {_pct(deck_end(base))} of the games end when the deck runs out"
            if "sudden_death" in ends
            else ""
        )
        + "."
    )
    drawn_two = [
        f"{_q(v)} {_pct(r['late_low_share'])}"
        for v, r in cells.items()
        if v != f.baseline and r["two_card_games"]
    ]
    if drawn_two:
        text[-1] += (
            " Late turns begun with at most one card: "
            + ", ".join(drawn_two)
            + " (a turn that draws two cards begins with at least two, by the rule itself)."
        )
    held = [
        f"{_rate(r['late_leader'])} of {r['late_led']:,} under {_q(v)}"
        for v, r in cells.items()
        if r.get("late_leader")
    ]
    if held:
        text.append(
            "Does the lead hold in the late game? The player alone ahead on life as round 6 "
            "began won " + "; ".join(held) + "."
        )
    # The other mirror match-ups, shorter: how far the late game depends on who plays it.
    for pair in pairs[1:]:
        other = {r["variant"]: r for r in f.cells(pair)}.get(f.baseline)
        if other is None:
            continue
        theirs = {r["variant"]: r for r in f.cells(pair)}
        changes = []
        for c in f.compared("slog", pair):
            said = (
                f"{_q(c['variant'])} {_rounds_text(c['diff'])} turns [{_rounds_text(c['lo'])}, "
                f"{_rounds_text(c['hi'])}] ({_said(c)}"
            )
            cell = theirs.get(c["variant"])
            if cell and "sudden_death" in ends and deck_end(cell) != deck_end(other):
                # Fewer late turns can be games running out of cards.
                said += f"; {_pct(deck_end(cell))} of its games end when the deck runs out"
            changes.append(said + ")")
        text.append(
            f"With {_pair(*pair)}, {_pct(other['late_share'])} of the games reach round 6 and "
            f"play {other['late_turns_mean']:.2f} turns from then on, "
            f"{_pct(other['late_low_share'])} of them begun with at most one card"
            + (
                f", {_pct(deck_end(other))} ending when the deck runs out"
                if "sudden_death" in ends
                else ""
            )
            + (f"; {'; '.join(changes)}" if changes else "")
            + "."
        )
    return text, table


def impact_read(
    chosen: tuple[str, ...] | None, items: list[dict[str, Any]]
) -> tuple[tuple[str, str], str, list[dict[str, Any]]] | None:
    """The match-up (the `chosen` one first) and the way of taking a card out that the card
    sentences read, and the items (card values or their changes) of those."""
    pairs = list(dict.fromkeys((v["agent_a"], v["agent_b"]) for v in items))
    if chosen in pairs:
        pairs.remove(chosen)
        pairs.insert(0, chosen)
    if not pairs:
        return None
    pair = pairs[0]
    method = next(v["method"] for v in items if (v["agent_a"], v["agent_b"]) == pair)
    read = [v for v in items if (v["agent_a"], v["agent_b"]) == pair and v["method"] == method]
    return pair, method, read


def _card_value(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    found = impact_read(f.chosen, f.card_values)
    if found is None:
        return [], []
    pair, method, chosen = found
    gaps = {
        (g["card"], g["other"], g["variant"]): g
        for g in f.card_gaps
        if (g["agent_a"], g["agent_b"]) == pair and g["method"] == method
    }
    table = []
    order = {name: i for i, name in enumerate(f.plain)}
    for v in sorted(chosen, key=lambda v: (order.get(v["variant"], 0), -v["value"])):
        unused = v.get("used", 1.0) < UNUSED
        table.append(
            {
                "measure": "card_value",
                "variant": v["variant"],
                "matchup": _pair(v["agent_a"], v["agent_b"]),
                "value": f"{v['card']} {_pts(v['value'])} {_ci(v['lo'], v['hi'], pct=False)}",
                "size": "never played" if unused else _shown(v),
                "against": "a blank" if v["method"] == "blank" else "forbidden",
            }
        )
    how = (
        "a blank of the same card (the card without its power)"
        if method == "blank"
        else "the card forbidden (held in hand, never played)"
    )
    # Mirror match-ups of this run whose cells do not take cards out: the values are one
    # player's, and the sentence says the other player's are not measured here.
    valued = {(v["agent_a"], v["agent_b"]) for v in f.card_values}
    unvalued = list(
        dict.fromkeys(
            _pair(r["agent_a"], r["agent_b"])
            for r in f.rows
            if r["agent_a"] == r["agent_b"] and (r["agent_a"], r["agent_b"]) not in valued
        )
    )
    what = (
        f"what each card adds to the win rate of the player who draws it, in points against "
        f"{how} on the same deals"
    )
    if unvalued:
        # Said first: a designer must not take one player's values for every player's.
        also = f"; see {_listing(f.see_also)}{_follows(f)}" if f.see_also else ""
        text = [
            f"Read from {_pair(*pair)} only ({_listing(unvalued)} also plays in this run, but "
            f"its games do not measure card values{also}): {what}:"
        ]
    else:
        text = [f"{what[0].upper()}{what[1:]} ({_pair(*pair)}):"]
    # The question's own card first, when this measure opens the answer (a card-change answer
    # asked first opens with the card's changes instead: `_focus_change`).
    if f.focus and f.measures[0] == "card_value":
        text.insert(0, _focus_sentence(f, chosen, gaps, pair))
    f.top_pair = _pair(*pair)
    f.top_method = method
    for variant in f.plain:
        values = sorted((v for v in chosen if v["variant"] == variant), key=lambda v: -v["value"])
        if not values:
            continue
        # A card the drawer never played is worth zero by construction: say so instead.
        unused = [v for v in values if v.get("used", 1.0) < UNUSED]
        values = [v for v in values if v not in unused]
        parts = []
        if values:
            listed = ", ".join(
                f"{v['card']} {_pts(v['value'])} {_ci(v['lo'], v['hi'], pct=False)}" for v in values
            )
            ranked = {(a, b): g for (a, b, var), g in gaps.items() if var == variant}
            verdict = _card_verdict(values, f.matters["points"], ranked)
            if method == "blank" and verdict.startswith("none is "):
                # Against a blank it is the power that is measured (the card is worth more).
                verdict = "no card's power is " + verdict.removeprefix("none is ")
            if len(values) == 1 and verdict == "within noise":
                # One card: what "within noise" means for it, in words.
                verdict += (
                    ": its power is not shown to be worth anything"
                    if method == "blank"
                    else ": not shown to be worth more than keeping it in hand unplayed"
                )
            # For another run's answer to set beside this one's: the top cards that are shown
            # to be worth something themselves (a card not told apart from the top one may
            # still be within noise of zero, and is not said to be "at the top").
            tied = top_cards(values, ranked)
            shown = {v["card"] for v in values if v["size"] in ("small", "large")}
            f.top_cards[variant] = [c for c in tied if c in shown]
            f.top_values[variant] = {
                v["card"]: [v["value"], v["lo"], v["hi"]]
                for v in values
                if v["card"] in f.top_cards[variant]
            }
            # ... and those not told apart from the top card but not shown to matter: said
            # beside it, so that "at the top" does not read as "clearly the most".
            if f.top_cards[variant]:
                f.top_unsure[variant] = {
                    v["card"]: [v["value"], v["lo"], v["hi"]]
                    for v in values
                    if v["card"] in tied and v["card"] not in shown
                }
            # The verdict first, the values it rests on after it (one card: its value is the
            # verdict's subject).
            parts.append(f"{listed}; {verdict}" if len(values) == 1 else f"{verdict} ({listed})")
            # The top card against each other one, on the same deals, under the values.
            table += [
                {
                    "measure": "card_value",
                    "label": "the top card's value against each other card's, same deals",
                    "variant": variant,
                    "matchup": _pair(*pair),
                    "value": f"{g['card']} {_pts(g['diff'])} {_ci(g['lo'], g['hi'], pct=False)}",
                    "size": _shown(g),
                    "against": g["other"],
                }
                for v in values[1:]
                if (g := ranked.get((values[0]["card"], v["card"])))
            ]
        if unused:
            names = ", ".join(v["card"] for v in unused)
            parts.append(
                f"{names} {'was' if len(unused) == 1 else 'were'} never played by the player "
                f"who drew {'it' if len(unused) == 1 else 'them'}, so this run cannot rate "
                f"{'it' if len(unused) == 1 else 'them'}"
            )
        text.append(f"Under {_q(variant)}: {'; '.join(parts)}." + _power_used(f, variant, chosen))
    return text, table


# Below this share of the games its drawer deployed it, a King's power is said to have changed
# play in few of them.
POWER_FEW = 0.25


def _power_used(f: Facts, variant: str, chosen: list[dict[str, Any]]) -> str:
    """Under the Spring '25 Kings, how often each King's power (the enhanced House Trait of
    its suit) changed play for its drawer, in the games the drawer deployed it: a value near
    zero may mean a power that seldom acts rather than a weak one."""
    if f.variant_rules.get(variant, {}).get("kings") != "enhance":
        return ""
    kings = sorted(
        (
            v
            for v in chosen
            if v["variant"] == variant
            and v.get("power_used") is not None
            and v.get("used", 1.0) >= UNUSED
        ),
        key=lambda v: -v["power_used"],
    )
    if not kings:
        return ""
    shares = ", ".join(f"{v['card']} {_pct(v['power_used'])}" for v in kings)
    power = "The enhanced House Trait of their suit, the Spring '25 Kings' power,"
    if all(v["power_used"] < POWER_FEW for v in kings):
        return (
            f" {power} changed play in only a few of the games in which their drawer deployed "
            f"them ({shares}): in the rest it never acted."
        )
    return (
        f" {power} changed play in this share of the games in which their drawer deployed "
        f"them: {shares}."
    )


def _card_change(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    """Does a variant change what a card is worth? Each card's value under each variant
    against its value under the baseline, on the same deals, read from the same match-up and
    way of taking the card out as `card_value`: the sentence leads with a verdict over all of
    them, then the largest changes."""
    found = impact_read(f.chosen, f.card_changes)
    if found is None:
        return [], []
    pair, _, changes = found
    order = {name: i for i, name in enumerate(f.plain)}
    table = [
        {
            "measure": "card_change",
            "variant": c["variant"],
            "matchup": _pair(*pair),
            "value": f"{c['card']} {_pts(c['diff'])} {_ci(c['lo'], c['hi'], pct=False)}",
            "size": _shown(c),
            # The baseline is named in the sentence above the table (a long name would widen
            # the column on a phone).
            "against": "the baseline",
        }
        for c in sorted(changes, key=lambda c: (order.get(c["variant"], 0), -abs(c["diff"])))
    ]
    m = f.matters["points"]
    # The question's own card first, when this measure opens the answer; the sentence after it
    # is about the other cards.
    focused = _focus_change(f, changes, pair) if f.measures[0] == "card_change" else []
    every = len(changes)
    if focused:
        changes = [c for c in changes if c["card"] != f.focus]
        if not changes:
            return focused, table
    sizes = {c["size"] for c in changes}
    real = [c for c in changes if c["size"] in ("small", "large")]
    if sizes == {"too few games"}:
        lead = "too few deals to tell whether a variant moves a card's value"
    elif sizes == {"negligible"}:
        lead = f"no variant moves any card's value by {m:g} point or more"
    elif not real:
        # Some within noise (or too few deals): not shown to move, which is not "no effect".
        lead = f"no variant is shown to move a card's value by {m:g} point or more"
    else:
        verb = "changes" if len(real) == 1 else "change"
        lead = f"{len(real)} of the {len(changes)} values {verb} by {m:g} point or more"
    # Every change that matters (a count said without its list reads as a hidden list), then
    # the largest of the rest, four at least.
    ranked = sorted(real, key=lambda c: -abs(c["diff"])) + sorted(
        (c for c in changes if c not in real), key=lambda c: -abs(c["diff"])
    )
    shown = ranked[: max(4, len(real))]
    listed = "; ".join(
        f"{c['card']} under {_q(c['variant'])} {_pts(c['diff'])} points "
        f"{_ci(c['lo'], c['hi'], pct=False)} ({_said(c)})"
        for c in shown
    )
    if every > len(shown):
        listed += f" (all {every} in the table below)"
    if len(changes) == 1 and real and not focused:
        # One card, one variant, a change that matters: said as the answer it is.
        c = changes[0]
        more = "more" if c["diff"] > 0 else "less"
        return [
            f"{c['card']} is worth {more} under {_q(c['variant'])} than under {_q(f.baseline)}, on "
            f"the same deals ({_pair(*pair)}): {_pts(c['diff'])} points "
            f"{_ci(c['lo'], c['hi'], pct=False)} ({_said(c)})."
        ], table
    others = ", for the other cards," if focused else ","
    return focused + [
        f"Against its value under {_q(f.baseline)} on the same deals ({_pair(*pair)}){others} "
        f"{lead}: {listed}."
    ], table


def _focus_change(f: Facts, changes: list[dict[str, Any]], pair: tuple[str, str]) -> list[str]:
    """Does a variant move what the question's own card (`focus`) is worth? Every variant's
    change of it against the baseline, on the same deals, in the variants' order."""
    order = {name: i for i, name in enumerate(f.plain)}
    mine = sorted(
        (c for c in changes if c["card"] == f.focus), key=lambda c: order.get(c["variant"], 0)
    )
    if not mine:
        return []
    m = f.matters["points"]
    real = [c for c in mine if c["size"] in ("small", "large")]
    sizes = {c["size"] for c in mine}
    if real:
        verdict = f"Yes, by {m:g} point or more under {_listing([_q(c['variant']) for c in real])}"
    elif sizes == {"negligible"}:
        verdict = f"No, by less than {m:g} point under each"
    elif sizes == {"too few games"}:
        verdict = "Too few deals to tell"
    else:
        verdict = f"Not shown to, by {m:g} point or more"
    listed = "; ".join(
        f"{_q(c['variant'])} {_pts(c['diff'])} points {_ci(c['lo'], c['hi'], pct=False)} "
        f"({_said(c)})"
        for c in mine
    )
    return [
        f"Does a variant change what {f.focus} is worth to the player who draws it, against "
        f"{_q(f.baseline)} on the same deals ({_pair(*pair)})? {verdict}: {listed}."
    ]


def _king_deployer(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    """What a playtest sees: in the games where one player deployed a King and no opponent
    did, how often that player won, per variant, from the chosen mirror agent's games (else
    the first). An association: who deploys a King, and when, depends on the game so far, so
    this is not the King's value (`card_value` is)."""
    rows = [k for k in f.kings if k["one_sided"] and k["variant"] in f.plain]
    agents = list(dict.fromkeys(k["agent"] for k in rows))
    if not agents:
        return ["No King was deployed by one player only in these games."], []
    chosen = f.chosen[0] if f.chosen and f.chosen[0] == f.chosen[1] else None
    agent: str = chosen if chosen is not None and chosen in agents else agents[0]
    m = f.matters["points"]
    table, parts = [], []
    for variant in f.plain:
        ks = sorted(
            (k for k in rows if (k["variant"], k["agent"]) == (variant, agent)),
            key=lambda k: -k["rate"],
        )
        if not ks:
            continue
        listed = ", ".join(f"{k['king']} {_rate(k)} of {k['one_sided']:,} games" for k in ks)
        parts.append(f"under {_q(variant)} {listed}" if len(f.plain) > 1 else listed)
        for k in ks:
            fair = 1 / (k.get("players") or 2)
            size = _rate_said(k, k["one_sided"], m, fair)
            if size.split(",")[0] in ("small", "large") and k["rate"] < fair:
                size = f"below even: {size}"  # the deployer loses more than it wins
            table.append(
                {
                    "measure": "king_deployer",
                    "variant": variant,
                    "matchup": _pair(agent, agent),
                    "value": f"{k['king']} {_rate(k)}",
                    "size": size,
                    "against": _pct(fair),
                }
            )
    text = (
        f"Whoever deployed a King its opponent did not won ({_pair(agent, agent)}): "
        + "; ".join(parts)
        + ". This is what a playtest sees, not what the King is worth: who deploys a King, "
        "and when, depends on the game so far."
    )
    return [text], table


# A card deployed or played in fewer than this share of the games where it was drawn is
# reported as unused rather than valued.
UNUSED = 0.01


def _focus_sentence(
    f: Facts,
    chosen: list[dict[str, Any]],
    gaps: dict[tuple[str, str, str], dict[str, Any]],
    pair: tuple[str, str],
) -> str:
    """The question's own card first: under each variant, is it worth the most to the player
    who draws it ("clearly the most", as the card verdict says), or is another card shown to be
    worth more on the same deals, or neither?"""
    assert f.focus is not None
    card = f.focus
    parts = []
    for variant in f.plain:
        values = sorted(
            (v for v in chosen if v["variant"] == variant and v.get("used", 1.0) >= UNUSED),
            key=lambda v: -v["value"],
        )
        mine = next((v for v in values if v["card"] == card), None)
        if mine is None:
            continue
        ranked = {(a, b): g for (a, b, var), g in gaps.items() if var == variant}
        top = values[0]
        gap = ranked.get((top["card"], card))
        if len(values) > 1 and top_cards(values, ranked) == [card]:
            said = f"yes, {card} is clearly worth the most ({_pts(mine['value'])} points)"
        elif gap is not None and gap["size"] in ("small", "large") and gap["diff"] > 0:
            # "No" is about the ranking: the card's own worth is said with it.
            said = (
                f"no, {top['card']} is worth more, {_pts(gap['diff'])} points "
                f"{_ci(gap['lo'], gap['hi'], pct=False)} on the same deals, while {card} "
                f"itself is worth {_pts(mine['value'])} {_ci(mine['lo'], mine['hi'], pct=False)}"
                f" ({_said(mine)})"
            )
        else:
            said = (
                f"not shown either way ({card} {_pts(mine['value'])}, "
                f"{top['card'] if top is not mine else 'the next'} "
                f"{_pts((top if top is not mine else values[1])['value'])})"
                if len(values) > 1
                else f"{card} {_pts(mine['value'])} points, alone"
            )
        parts.append(f"under {_q(variant)}, {said}" if len(f.plain) > 1 else said)
    joined = "; ".join(parts)
    return f"Is {card} worth the most to the player who draws it ({_pair(*pair)})? " + (
        f"{joined[0].upper()}{joined[1:]}." if joined else "It was never played."
    )


def _apart(
    gaps: dict[tuple[str, str], dict[str, Any]], high: dict[str, Any], low: dict[str, Any]
) -> bool:
    """Is `high` shown to be worth more than `low` (a point or more, beyond noise), by their gap
    on the same deals, else by intervals that do not overlap?"""
    gap = gaps.get((high["card"], low["card"]))
    if gap is not None:
        return bool(gap["size"] in ("small", "large") and gap["diff"] > 0)
    if (low["card"], high["card"]) in gaps:
        return False  # ranked the other way round
    return bool(low["hi"] < high["lo"])


def _tied(
    values: list[dict[str, Any]], gaps: dict[tuple[str, str], dict[str, Any]]
) -> list[dict[str, Any]]:
    """The top card and the cards not set apart from it (values ranked, highest first)."""
    return [values[0]] + [v for v in values[1:] if not _apart(gaps, values[0], v)]


def top_cards(
    values: list[dict[str, Any]], gaps: dict[tuple[str, str], dict[str, Any]]
) -> list[str]:
    """The cards at the top, as the card verdict reads them: the top card alone when it is
    clearly the most, the cards tied with it otherwise, none when the top card is not shown to
    matter (or hurts its drawer)."""
    if not values or values[0]["size"] not in ("small", "large") or values[0]["value"] < 0:
        return []
    return [v["card"] for v in _tied(values, gaps)]


def _card_verdict(
    values: list[dict[str, Any]],
    matters: float,
    gaps: dict[tuple[str, str], dict[str, Any]] | None = None,
) -> str:
    """Which cards stand out, ranked by value. Cards are compared in pairs on the same deals
    (`gaps`, keyed by (higher card, lower card)): a gap of a point or more beyond noise sets
    the lower card apart, anything else leaves the two untold apart. The cards not set apart
    from the top card are tied with it; a card is "clearly less" only when set apart from
    every tied card. Without a gap for a pair, overlapping intervals leave them untold
    apart."""
    top = values[0]
    # A top card that is not shown to matter, or that hurts its drawer like every other one,
    # is not "the most" of anything.
    if top["size"] not in ("small", "large") or top["value"] < 0:
        if len(values) == 1:
            return _said(top)
        sizes = {v["size"] for v in values}
        real = [v for v in values if v["size"] in ("small", "large")]
        above = [v["card"] for v in real if v["value"] > 0]
        below = [v["card"] for v in real if v["value"] < 0]
        if sizes == {"negligible"}:
            return f"none is worth {matters:g} point or more"
        if sizes == {"too few games"}:
            return "too few deals to say"
        # Intervals that still hold values that matter: not "worth nothing". A card shown to
        # matter below an uncertain top card is named.
        said = (
            f"only {_listing(above)} shown to be worth {matters:g} point or more"
            if above
            else f"none is shown to be worth {matters:g} point or more"
        )
        return said + (f"; {_listing(below)} clearly below zero" if below else "")
    if len(values) == 1:
        return _said(top)
    gaps = gaps or {}

    def apart(high: dict[str, Any], low: dict[str, Any]) -> bool:
        return _apart(gaps, high, low)

    tied = _tied(values, gaps)
    # Below the top card: clearly less than every card tied with it, or only than some.
    below = [v for v in values[1:] if v not in tied]
    rest = [v for v in below if all(apart(t, v) for t in tied)]
    between = [v for v in below if v not in rest]
    if len(tied) == 1:
        said = f"{top['card']} clearly the most"
        gap = gaps.get((top["card"], rest[0]["card"]))
        if gap is not None:
            # The narrowest lead, on the same deals: how much "the most" is.
            said += (
                f", {_pts(gap['diff'])} points {_ci(gap['lo'], gap['hi'], pct=False)} ahead "
                f"of {rest[0]['card']} on the same deals"
            )
        return said
    said = f"{_listing([v['card'] for v in tied])} cannot be told apart"
    for v in between:
        over = [t["card"] for t in tied if apart(t, v)]
        level = [t["card"] for t in tied if not apart(t, v)]
        said += f"; {v['card']} below {_listing(over)}, not shown below {_listing(level)}"
    return said + (f"; {_listing([v['card'] for v in rest])} clearly less" if rest else "")


def _tops_text(
    cards: list[str],
    points: float = 1.0,
    values: dict[str, list[float]] | None = None,
    method: str | None = None,
) -> str:
    """The cards at the top, with their values where `values` has them."""
    if not cards:
        # (Not "to matter": against a blank a King's power is measured, not the card.)
        what = "no card's power" if method == "blank" else "no card"
        return f"{what} shown to be worth {points:g} point{'' if points == 1 else 's'} or more"
    named = [_valued(c, values) for c in cards]
    if len(cards) == 1:
        return f"{named[0]} at the top"
    return f"{_listing(named)} level at the top"


def _valued(card: str, values: dict[str, list[float]] | None) -> str:
    """A card with its value and interval ("KH +9.9 [+9.3, +10.5]"), or its name alone."""
    if not values or card not in values:
        return card
    value, lo, hi = values[card]
    return f"{card} {_pts(value)} {_ci(lo, hi, pct=False)}"


def agreement(
    mine: dict[str, Any], theirs: dict[str, Any], file: str, points: float = 1.0
) -> str | None:
    """Which cards two runs' card answers put at the top, variant by variant (the variants
    both have), with their values: said first, since it answers a question about the strongest
    card with both players at once, and tells a reader of one player's values whether the other
    agrees. `mine` and `theirs` are answers' `top_cards` (with `values` from 2026-12-02);
    `points`, the smallest value that matters."""
    shared = [v for v in mine["variants"] if v in theirs["variants"]]
    if not shared or mine["pair"] == theirs["pair"]:
        return None
    parts = []
    for v in shared:
        a, b = mine["variants"][v], theirs["variants"][v]
        ours = (mine.get("values") or {}).get(v)
        others = (theirs.get("values") or {}).get(v)
        doubt = _unsure(mine, v, points), _unsure(theirs, v, points)
        if a != b:
            parts.append(
                f"under {_q(v)} they differ, {mine['pair']} with "
                f"{_tops_text(a, points, ours, mine.get('method'))}{doubt[0]} and "
                f"{theirs['pair']} with {_tops_text(b, points, others, theirs.get('method'))}"
                f"{doubt[1]}"
            )
            continue
        # The same method on both sides, or "no card" (a power is part of a card).
        method = mine.get("method") if mine.get("method") == theirs.get("method") else None
        said = f"under {_q(v)} they agree, {_tops_text(a, points, None, method)}"
        if a and ours and others and all(c in ours and c in others for c in a):
            # The same cards: each player's values after them (one card: its value alone).
            each = [
                f"{who} "
                + ", ".join(
                    _valued(c, vals).removeprefix(f"{c} " if len(a) == 1 else "") for c in a
                )
                + unsure
                for who, vals, unsure in (
                    (mine["pair"], ours, doubt[0]),
                    (theirs["pair"], others, doubt[1]),
                )
            ]
            said += f" ({'; '.join(each)})"
        parts.append(said)
    body = "; ".join(parts)
    return (
        f"{AGREEMENT_ASK}{mine['pair']} here and by {theirs['pair']} in {file}? "
        f"{body[0].upper()}{body[1:]}."
    )


def _unsure(answer: dict[str, Any], variant: str, points: float) -> str:
    """The cards an answer could not tell apart from its top cards but that are not shown to
    matter themselves (", not told apart from KC +2.4 [+0.4, +4.4], which is not shown to be
    worth 1 point or more"); empty for none, or an answer written before they were kept."""
    unsure = (answer.get("unsure") or {}).get(variant) or {}
    if not unsure:
        return ""
    named = _listing([_valued(c, unsure) for c in unsure])
    which = "which is" if len(unsure) == 1 else "which are"
    return (
        f", not told apart from {named}, {which} not shown to be worth {points:g} "
        f"point{'' if points == 1 else 's'} or more"
    )


# The question of an `agreement` sentence (left out where another report quotes this answer:
# there it would compare the wrong two runs), and the one answers before 2026-12-02 asked.
AGREEMENT_ASK = "Which cards are worth the most to the player who draws them, by "
AGREEMENT_ASKS = (AGREEMENT_ASK, " put the same cards at the top? ")
# How each of the answering player's House sentences opens (`house_agreement` follows them).
HOUSE_SENTENCE = "With suit-split decks ("
# The same for `house_agreement`.
HOUSE_AGREEMENT_ASK = " agree on the match between the two strongest Houses? "


def _pairing_verdict(pairs: dict[str, list[float]], a: str, b: str) -> tuple[str, str] | None:
    """Who leads in pairing `a`-`b` ("a", "b" or "neither", beyond noise) and the rate that
    says so ("D 55.0% [..]" is D's rate against the other), from an answer's `pairs`."""
    if f"{a}|{b}" in pairs:
        rate, lo, hi = pairs[f"{a}|{b}"]
    elif f"{b}|{a}" in pairs:
        r, lo_b, hi_b = pairs[f"{b}|{a}"]
        rate, lo, hi = 1 - r, 1 - hi_b, 1 - lo_b
    else:
        return None
    who = a if lo > 0.5 else b if hi < 0.5 else "neither"
    return who, f"{a} {_pct(rate)} {_ci(lo, hi)}"


def house_agreement(mine: dict[str, Any], theirs: dict[str, Any], file: str) -> str | None:
    """Whether another run's House answer decides this one's leading pairing (its two strongest
    Houses) the same way, variant by variant (the variants both have): said first, since the
    lead between two strong Houses is what may move with the player. `mine` and `theirs` are
    answers' `houses`."""
    if mine["pair"] == theirs["pair"]:
        return None
    parts = []
    for v, m in mine["variants"].items():
        t = theirs["variants"].get(v)
        if not t or len(m["ranked"]) < 2:
            continue
        a, b = m["ranked"][:2]
        here, there = _pairing_verdict(m["pairs"], a, b), _pairing_verdict(t["pairs"], a, b)
        if not here or not there:
            continue
        lead = {a: f"{a} ahead", b: f"{b} ahead", "neither": "neither ahead"}
        rates = f"{mine['pair']} {here[1]}, {theirs['pair']} {there[1]}"
        if here[0] == there[0]:
            parts.append(f"under {_q(v)}, {a} against {b}, both have {lead[here[0]]} ({rates})")
        else:
            parts.append(
                f"under {_q(v)}, {a} against {b}, they differ: {mine['pair']} has "
                f"{lead[here[0]]} and {theirs['pair']} {lead[there[0]]} ({rates})"
            )
    if not parts:
        return None
    body = "; ".join(parts)
    return (
        f"Do {mine['pair']} here and {theirs['pair']} in {file}{HOUSE_AGREEMENT_ASK}"
        f"{body[0].upper()}{body[1:]}."
    )


# The sentence that only names the other files asking the question (left out where quoted).
SEE_ALSO_LEAD = "A related question is asked in "
# The same, as answers written before 2026-12-01 said it (left out where they are quoted).
SEE_ALSO_LEADS = (SEE_ALSO_LEAD, "The same question is also asked in ")


def _follows(f: Facts) -> str:
    """Where the other files' answers are quoted under this one, the sentence says so."""
    quoted = [q for q in f.see_also if q in f.quoted]
    if not quoted:
        return ""
    return ", whose answer follows" if len(quoted) == 1 else ", whose answers follow"


def _listing(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _house(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    """Suit-split decks: with every House against every other, the Houses ranked by their mean
    win rate, and whether the strongest also beats each other House; a single pairing as one
    House's rate against the other; when one House meets each of the others (and they do not
    meet each other), that House's rate against each. Then whether the other mirror match-ups
    rank the Houses the same way."""
    table = []
    text = []
    # The chosen match-up, else the first mirror one (in a mixed match-up, whose seats are not
    # swapped, the rates measure the agents as much as the Houses), else the first.
    mirrors = [h["matchup"] for h in f.houses if h["mirror"]]
    wanted = (mirrors or [h["matchup"] for h in f.houses] or [None])[0]
    if f.chosen:
        a, b = f.chosen
        wanted = a if a == b else _pair(a, b)
    for h in [h for h in f.houses if h["matchup"] == wanted]:
        names = h["houses"]
        where = f"{h['variants']}, {h['matchup']}"
        if h["mirror"]:
            # For another run's answer to set beside this one (`house_agreement`).
            f.house_pair = h["matchup"]
            f.top_houses[h["variants"]] = {
                "ranked": _house_ranking(h),
                "pairs": {
                    f"{a}|{b}": list(_pairing(h, a, b)[:3])
                    for a in names
                    for b in names
                    if a != b and h["matrix"][a][b] is not None and h["pair_games"][a].get(b)
                },
            }
        mixed = "" if h["mirror"] else " (a mixed match-up: its agents' strength is in these rates)"
        if _every_pairing(h) and len(names) == 2:
            # One pairing: its rate is the answer (an average over one says nothing more).
            a, b = _house_ranking(h)
            rate, lo, hi, shown = _pairing(h, a, b)
            table.append(_pairing_row(f, h, a, b))
            even = ": not shown to differ from even" if lo <= 0.5 <= hi else ""
            text.append(
                f"With suit-split decks ({where}){mixed}, {a} wins {shown} of its games "
                f"against {b}{even}."
            )
            continue
        if _every_pairing(h):
            ranked = _house_ranking(h)
            table.extend(_house_rows(f, h, ranked))
            listed = ", ".join(
                f"{n} {_pct(h['mean'][n])} {_ci(h['mean_lo'][n], h['mean_hi'][n])}" for n in ranked
            )
            text.append(
                f"With suit-split decks ({where}){mixed}, each House's win rate against the "
                f"others on average, strongest first: {listed}; {_head_to_head(h, ranked[0])}."
            )
            continue
        hub = max(names, key=lambda n: h["played"][n])
        against = []
        for o in names:
            if o == hub or h["matrix"][hub][o] is None or not h["pair_games"][hub].get(o):
                continue
            against.append(f"{o} {_pairing(h, hub, o)[3]}")
            table.append(_pairing_row(f, h, hub, o))
        text.append(
            f"With suit-split decks ({where}){mixed}, {hub}'s win rate against each House: "
            f"{', '.join(against)}; {_pct(h['mean'][hub])} "
            f"{_ci(h['mean_lo'][hub], h['mean_hi'][hub])} on average."
        )
    text += _house_changes(f, wanted)
    more, more_rows = _other_players_rankings(f, wanted)
    return text + more, table + more_rows


def _house_changes(f: Facts, wanted: str | None) -> list[str]:
    """Does a rule set move a House's strength? Each House's average win rate over its
    pairings against the reference rule set's, on the same deals (`analysis.house_means`), for
    the match-up the House sentences read."""
    means = [
        c
        for c in f.comparisons
        if c["measure"] == "house_mean"
        and (c["agent_a"] if c["agent_a"] == c["agent_b"] else _pair(c["agent_a"], c["agent_b"]))
        == wanted
    ]
    if not means:
        return []

    def change(c: dict[str, Any], aside: str = "") -> str:
        return f"{_pts(c['diff'])} points {_ci(c['lo'], c['hi'], pct=False)} ({_said(c)}{aside})"

    reference = means[0]["reference"]
    houses = list(dict.fromkeys(c["house"] for c in means))
    variants = list(dict.fromkeys(c["variant"] for c in means))
    if len(houses) == 1:
        # With each pairing's change beside the average where they move apart.
        listed = "; ".join(f"{_q(c['variant'])} {change(c, _by_pairing(f, c))}" for c in means)
        return [
            f"Against {_q(reference)} on the same deals ({wanted}), {houses[0]}'s average win "
            f"rate against the other Houses: {listed}."
        ]
    parts = []
    for v in variants:
        mine = sorted((c for c in means if c["variant"] == v), key=lambda c: -c["diff"])
        parts.append(f"under {_q(v)} " + ", ".join(f"{c['house']} {change(c)}" for c in mine))
    return [
        f"Against {_q(reference)} on the same deals ({wanted}), each House's average win rate "
        f"against the others: {'; '.join(parts)}."
    ]


def _by_pairing(f: Facts, c: dict[str, Any]) -> str:
    """A House's change against each House it meets, beside its average's change, where the
    pairings move apart (one pairing's change beyond noise one way, another's the other way,
    after the report's correction for its many comparisons): "; with its pairings apart:
    against D -0.8 [..], C -6.3 [..] and H +3.8 [..]"; empty otherwise."""
    pairs = c.get("by_pairing") or {}
    noise = {
        x["variant"]: x["noise"]
        for x in f.comparisons
        if x["measure"] == "first_house"
        and (x["agent_a"], x["agent_b"]) == (c["agent_a"], c["agent_b"])
    }
    real = [p["diff"] for p in pairs.values() if noise.get(p["variant"]) is False]
    if not (any(d > 0 for d in real) and any(d < 0 for d in real)):
        return ""
    listed = _listing(
        [f"{o} {_pts(p['diff'])} {_ci(p['lo'], p['hi'], pct=False)}" for o, p in pairs.items()]
    )
    return f"; with its pairings apart: against {listed}"


def _pairing(h: dict[str, Any], a: str, b: str) -> tuple[float, float, float, str]:
    """House `a`'s win rate against House `b`, its 95% (Wilson) interval, and the two as
    text ("55.0% [52.9%, 57.2%]")."""
    rate, n = h["matrix"][a][b], h["pair_games"][a][b]
    lo, hi = wilson(rate * n, n)
    return rate, lo, hi, f"{_pct(rate)} {_ci(lo, hi)}"


def _pairing_row(f: Facts, h: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    """The answer table's row for House `a` against House `b`, against an even 50%."""
    rate, lo, hi, shown = _pairing(h, a, b)
    return {
        "measure": "house",
        "variant": h["variants"],
        "matchup": h["matchup"],
        "value": f"{a} v {b}: {shown}",
        "size": _rate_said(
            {"rate": rate, "lo": lo, "hi": hi}, h["pair_games"][a][b], f.matters["points"]
        ),
        "against": "50%",
    }


def _house_rows(f: Facts, h: dict[str, Any], ranked: list[str]) -> list[dict[str, Any]]:
    """The answer table's rows for a complete House matrix: each House's average."""
    rows = []
    for n in ranked:
        lo, hi = h["mean_lo"][n], h["mean_hi"][n]
        rows.append(
            {
                "measure": "house",
                "variant": h["variants"],
                "matchup": h["matchup"],
                "value": f"{n} {_pct(h['mean'][n])} {_ci(lo, hi)}",
                "size": _rate_said(
                    {"rate": h["mean"][n], "lo": lo, "hi": hi}, h["games"][n], f.matters["points"]
                ),
                # Its size is its distance from an even 50%, as a pairing's.
                "against": "50%",
            }
        )
    return rows


def _every_pairing(h: dict[str, Any]) -> bool:
    """Every House met every other (so their averages can be ranked)."""
    return all(h["played"][n] == len(h["houses"]) - 1 for n in h["houses"])


def _house_ranking(h: dict[str, Any]) -> list[str]:
    return sorted(h["houses"], key=lambda n: -h["mean"][n])


def _head_to_head(h: dict[str, Any], top: str) -> str:
    """Does the strongest House on average also beat each other House on its own? (The
    question is whether one House beats the others; an average can hide a lost pairing.)"""
    beaten: list[tuple[float, str, str]] = []
    level: list[tuple[float, str, str]] = []
    lost: list[tuple[float, str, str]] = []
    for o in h["houses"]:
        if o == top:
            continue
        rate, lo, hi, shown = _pairing(h, top, o)
        # `shown` is `top`'s own rate against `o`: said as its, never as o's.
        item = (rate, o, f"{o} (winning {shown})")
        (beaten if lo > 0.5 else lost if hi < 0.5 else level).append(item)
    if not level and not lost:
        _, other, _ = min(beaten)
        return (
            f"{top} beats each of the others head to head (the closest: against {other} it wins "
            f"{_pairing(h, top, other)[3]})"
        )
    parts = []
    if lost:
        parts.append("loses to " + _listing([x[2] for x in sorted(lost)]))
    if level:
        parts.append("is not shown to beat " + _listing([x[2] for x in level]) + " (within noise)")
    if beaten:
        parts.append("beats " + _listing([x[1] for x in sorted(beaten, reverse=True)]))
    return f"{top} does not beat every other House head to head: it " + "; ".join(parts)


def _reversed_beyond_noise(h: dict[str, Any], order: list[str]) -> bool:
    """Does `h` rank some two Houses the other way round from `order`, with their averages'
    intervals apart (a swap inside the intervals is noise, not another order)?"""
    for i, x in enumerate(order):
        for y in order[i + 1 :]:
            if h["mean_lo"][y] > h["mean_hi"][x]:
                return True
    return False


def _other_players_rankings(f: Facts, wanted: str | None) -> tuple[list[str], list[dict[str, Any]]]:
    """Whether each other mirror match-up ranks the Houses as the answering one does, rule set by
    rule set (a House's strength may depend on who plays it; in a mixed match-up, whose seats
    are not swapped, the rates measure the agents as much as the Houses). Where the strongest
    House differs, the other player's own head-to-head of the two is said."""
    answering = {
        h["variants"]: h
        for h in f.houses
        if h["matchup"] == wanted and h["mirror"] and _every_pairing(h)
    }
    text: list[str] = []
    table: list[dict[str, Any]] = []
    mirrors = [h for h in f.houses if h["mirror"] and h["matchup"] != wanted]
    for matchup in dict.fromkeys(h["matchup"] for h in mirrors):
        same: list[str] = []
        noisy: list[str] = []  # another order, but only inside the intervals
        other: list[str] = []
        for h in mirrors:
            if h["matchup"] != matchup or h["variants"] not in answering or not _every_pairing(h):
                continue
            ranked = _house_ranking(h)
            listed = ", ".join(f"{n} {_pct(h['mean'][n])}" for n in ranked)
            mine = _house_ranking(answering[h["variants"]])
            if ranked == mine:
                same.append(f"{_q(h['variants'])} ({listed})")
            elif not _reversed_beyond_noise(h, mine):
                noisy.append(f"{_q(h['variants'])} ({listed})")
            elif ranked[0] != mine[0]:
                top, theirs = ranked[0], mine[0]
                other.append(
                    f"{_q(h['variants'])}, where it puts {top} first, not {theirs} ({listed}), and "
                    f"{top} wins {_pairing(h, top, theirs)[3]} of its games against {theirs}"
                )
            else:
                other.append(f"{_q(h['variants'])} ({listed})")
            table.extend(_house_rows(f, h, ranked))
        if not same and not noisy and not other:
            continue
        said = []
        if same:
            said.append(f"the same order as with {wanted} under " + _listing(same))
        if noisy:
            said.append(
                f"an order within noise of {wanted}'s (no swap beyond the intervals) under "
                + _listing(noisy)
            )
        if other:
            said.append("another order under " + _listing(other))
        text.append(f"With {matchup}, the Houses rank in " + "; and in ".join(said) + ".")
    return text, table


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
            f"({_pct(share)}; {p['taken']:,} times)"
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
    if not acted or "house" in f.measures:
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
            share = _pct(p["games_taken"] / p["games"])
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


WRITERS = {
    "first_player": _first_player,
    "a_wins": _a_wins,
    "no_winner": _no_winner,
    "rounds": _rounds,
    "slog": _slog,
    "big_attacks": _big_attacks,
    "card_value": _card_value,
    "card_change": _card_change,
    "king_deployer": _king_deployer,
    "house": _house,
    "seats": _seats,
}


# How a within-noise difference whose interval excludes zero is said (`Facts`), and how it is
# said again in the same sentence.
CLEAR_ON_ITS_OWN = re.compile(
    r"within noise: clear of zero on its own, not once the report's \d+ comparisons are "
    r"allowed for"
)
SAID_AGAIN = "within noise, clear of zero on its own as well"


def _said_once(sentence: str) -> str:
    """A sentence that lists several such differences explains the first one only."""
    found = list(CLEAR_ON_ITS_OWN.finditer(sentence))
    for m in reversed(found[1:]):
        sentence = sentence[: m.start()] + SAID_AGAIN + sentence[m.end() :]
    return sentence


def answer(f: Facts) -> dict[str, Any]:
    """The opening sentences (the first measure's first, at most three groups shown) and the
    table of every answering measure."""
    sentences: list[str] = []
    table: list[dict[str, Any]] = []
    for i, measure in enumerate(f.measures):
        text, rows = WRITERS[measure](f)
        sentences += text
        table += rows
        if i == 0:
            # How often the varied rules that act without a choice acted: right after the
            # first answer, which it qualifies.
            sentences += _acted(f)
    sentences += _untested(f)
    # Which cards each player puts at the top, this run's and another's asking the same
    # question: the answer with both players at once, so said first (below).
    mine = {
        "pair": f.top_pair,
        "variants": f.top_cards,
        "values": f.top_values,
        "unsure": f.top_unsure,
        "method": f.top_method,
    }
    agreed = [
        said
        for file, theirs in f.quoted.items()
        if f.top_pair and theirs and (said := agreement(mine, theirs, file, f.matters["points"]))
    ]
    # Whether another player's House answer agrees, right after this one's House sentences
    # (its own claims first, then how far they hold with the other player).
    ours = {"pair": f.house_pair, "variants": f.top_houses}
    beside = [
        said
        for file, theirs in f.quoted_houses.items()
        if f.house_pair and theirs and (said := house_agreement(ours, theirs, file))
    ]
    if beside:
        after = max(
            (i + 1 for i, s in enumerate(sentences) if s.startswith(HOUSE_SENTENCE)), default=0
        )
        sentences[after:after] = beside
    # A rule its variants hardly used qualifies every figure after it: said first.
    sentences[:0] = _rarely_in_play(f)
    if f.caveat:
        sentences.insert(0, f"Caveat: {f.caveat}")
    sentences[:0] = agreed
    sentences = [_said_once(s) for s in sentences]
    if f.see_also and not any(s.startswith("Read from ") for s in sentences):
        sentences.append(f"{SEE_ALSO_LEAD}{_listing(f.see_also)}{_follows(f)}.")
    for row in table:
        row.setdefault("label", MEASURES[row["measure"]][0])
    # Columns that hold one value for every row go into the table's caption instead.
    labels = list(dict.fromkeys(r["label"] for r in table))
    matchups = list(dict.fromkeys(r["matchup"] for r in table))
    return {
        "measures": f.measures,
        "matters": f.matters,
        "sentences": sentences,
        "table": table,
        "caption": ", ".join(
            ([labels[0]] if len(labels) == 1 else []) + (matchups if len(matchups) == 1 else [])
        ),
        "columns": {"measure": len(labels) > 1, "matchup": len(matchups) > 1},
        # Rows whose interval excludes zero but whose difference is within noise (`_shown`).
        "marked": any(str(r.get("size", "")).endswith("*") for r in table),
        # The card answer's top cards per variant, to set beside another run's (`agreement`).
        **({"top_cards": mine} if f.top_pair else {}),
        # The House answer's pairings per variant, for the same (`house_agreement`).
        **({"houses": {"pair": f.house_pair, "variants": f.top_houses}} if f.house_pair else {}),
    }
