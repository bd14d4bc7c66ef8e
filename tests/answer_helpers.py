"""The figures the answer's tests set up, as the report hands them to the answer: cells,
comparisons, card values and gaps, and the `Facts` built from them."""

from sim.reporting.answer import Facts


def _cell(variant, a, b, games, first, draws=0, win_a=(0.5, 0.49, 0.51), rounds=10.0):
    rate, lo, hi = first
    return {
        "variant": variant,
        "agent_a": a,
        "agent_b": b,
        "games": games,
        "draws": draws,
        "first": {"rate": rate, "lo": lo, "hi": hi},
        "win_a": dict(zip(("rate", "lo", "hi"), win_a, strict=True)),
        "rounds_mean": rounds,
    }


def _compared(measure, variant, agents, diff, lo, hi, n, noise=False):
    """A comparison of `variant` with the baseline, as the report hands it to the answer."""
    a, b = agents
    return {
        "measure": measure,
        "variant": variant,
        "agent_a": a,
        "agent_b": b,
        "diff": diff,
        "lo": lo,
        "hi": hi,
        "noise": noise,
        "n": n,
    }


def _facts(
    rows,
    measures,
    comparisons=(),
    card_values=(),
    houses=(),
    plain=None,
    variants=None,
    card_changes=(),
    card_gaps=(),
    choice_values=(),
    in_play=(),
):
    plain = plain or list(dict.fromkeys(r["variant"] for r in rows))
    return Facts(
        {"measures": measures},
        rows,
        list(comparisons),
        list(card_values),
        list(houses),
        plain[0] if plain else "",
        plain,
        None,
        variants,
        list(card_changes),
        list(card_gaps),
        list(choice_values),
        in_play=list(in_play),
    )


def _value(variant, card, v, lo, hi, noise=False, **more):
    return {
        "variant": variant,
        "agent_a": "greedy",
        "agent_b": "greedy",
        "method": "forbid",
        "card": card,
        "value": v,
        "lo": lo,
        "hi": hi,
        "noise": noise,
        "n": 6_000,
        **more,
    }


# A search player's blank-card values and gaps under 'classic' (the ranking tests).
SEARCH_BLANK = {"agent_a": "search", "agent_b": "search", "method": "blank", "n": 2_600}


def _search_value(card, v, lo, hi):
    return _value("classic", card, v, lo, hi, **SEARCH_BLANK)


def _search_gap(card, other, diff, lo, hi, noise=False):
    return {
        **_value("classic", card, 0, lo, hi, noise, **SEARCH_BLANK),
        "other": other,
        "diff": diff,
    }
