"""The answer that opens a report: sizes against the smallest difference that matters, the Holm
correction, and the plain sentences for each kind of measure, from set-up figures."""

import pytest
from statsmodels.stats.multitest import multipletests

from sim import answer
from sim.answer import Facts, size


@pytest.mark.parametrize(
    ("diff", "lo", "hi", "noise", "n", "expected"),
    [
        (0.02, 0.01, 0.03, False, 100, "too few games"),  # a 100-game run gets no verdict
        (0.002, -0.004, 0.008, True, 40_000, "negligible"),  # the interval excludes 1 point
        (0.002, -0.02, 0.024, True, 2_000, "within noise"),  # it still holds 2 points
        (0.006, 0.003, 0.009, False, 400_000, "negligible"),  # real, but under 1 point
        (-0.025, -0.03, -0.02, False, 40_000, "small"),
        (0.07, 0.06, 0.08, False, 40_000, "large"),
    ],
)
def test_size_against_the_smallest_difference_that_matters(diff, lo, hi, noise, n, expected):
    assert size(diff, lo, hi, noise, n, 0.01) == expected


def test_holm_matches_statsmodels_and_sets_the_noise_flag():
    items = [{"p": p} for p in (0.001, 0.02, 0.04, 0.3)]
    answer.holm(items)
    _, ref, _, _ = multipletests([0.001, 0.02, 0.04, 0.3], method="holm")
    assert [i["p_adj"] for i in items] == pytest.approx(list(ref))
    # 0.02 and 0.04 pass alone at 0.05 but not as four comparisons.
    assert [i["noise"] for i in items] == [False, True, True, True]


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


def _facts(rows, measures, comparisons=(), card_values=(), houses=(), plain=None):
    plain = plain or list(dict.fromkeys(r["variant"] for r in rows))
    return Facts(
        {"measures": measures},
        rows,
        list(comparisons),
        list(card_values),
        list(houses),
        plain[0] if plain else "",
        plain,
    )


def test_a_second_player_edge_is_answered_no_with_the_number():
    rows = [_cell("base", "greedy", "greedy", 40_000, (0.475, 0.470, 0.480))]
    got = answer.answer(_facts(rows, ["first_player"]))
    assert got["sentences"][0] == (
        "No: the first player wins 47.5% [47.0%, 48.0%] of games (greedy v greedy, 40,000 "
        "games); the second player has the edge, 2.5 points (small)."
    )
    assert got["table"][0]["size"] == "small"


def test_an_even_game_and_too_few_games():
    rows = [_cell("base", "greedy", "greedy", 400_000, (0.501, 0.4995, 0.5025))]
    text = answer.answer(_facts(rows, ["first_player"]))["sentences"][0]
    assert text.startswith("No: the first player wins 50.1%") and "within 1 point of even" in text
    rows = [_cell("base", "search", "search", 20, (0.7, 0.48, 0.85))]
    text = answer.answer(_facts(rows, ["first_player"]))["sentences"][0]
    assert text.startswith("Too few games to say")


def test_a_sweep_names_the_variant_closest_to_even():
    rows = [
        _cell("advantage_draw", "greedy", "greedy", 40_000, (0.475, 0.470, 0.480)),
        _cell("coin", "greedy", "greedy", 40_000, (0.499, 0.494, 0.504)),
        _cell("advantage_draw", "random", "random", 40_000, (0.52, 0.515, 0.525)),
    ]
    text = answer.answer(_facts(rows, ["first_player"]))["sentences"][0]
    assert text == (
        "A slight edge at most, for the second player (greedy v greedy): 'coin' 49.9% "
        "[49.4%, 50.4%] (negligible); 'advantage_draw' 47.5% [47.0%, 48.0%] (small)."
    )
    noisy = [dict(r, first={"rate": 0.51, "lo": 0.49, "hi": 0.53}) for r in rows]
    text = answer.answer(_facts(noisy, ["first_player"]))["sentences"][0]
    assert text.startswith("No edge beyond noise under any variant (greedy v greedy):")
    rows[1]["first"] = {"rate": 0.525, "lo": 0.52, "hi": 0.53}
    text = answer.answer(_facts(rows, ["first_player"]))["sentences"][0]
    assert text.startswith("It depends on the variant; closest to even is 'advantage_draw'")
    rows[1]["first"] = {"rate": 0.485, "lo": 0.48, "hi": 0.49}
    text = answer.answer(_facts(rows, ["first_player"]))["sentences"][0]
    assert text.startswith("No: under every variant the second player has the edge (greedy v")


def test_mixed_match_ups_answer_with_a_win_rate_and_the_comparison_with_its_size():
    rows = [
        _cell(
            "spring25", "greedy", "random", 20_000, (0.5, 0.49, 0.51), win_a=(0.97, 0.967, 0.973)
        ),
        _cell("classic", "greedy", "random", 20_000, (0.5, 0.49, 0.51), win_a=(0.96, 0.957, 0.963)),
    ]
    comparisons = [
        {
            "measure": "win_a",
            "variant": "classic",
            "agent_a": "greedy",
            "agent_b": "random",
            "diff": -0.01,
            "lo": -0.013,
            "hi": -0.007,
            "noise": False,
            "n": 20_000,
        }
    ]
    got = answer.answer(_facts(rows, ["a_wins"], comparisons))
    assert got["sentences"] == [
        "greedy beats random under 'spring25': it wins 97.0% [96.7%, 97.3%] of 20,000 games.",
        "Against 'spring25' (greedy v random), greedy's win rate: 'classic' -1.0 points "
        "[-1.3, -0.7] (small).",
    ]


def test_card_values_rank_the_cards_and_say_whether_the_first_stands_out():
    def value(card, v, lo, hi):
        return {
            "variant": "classic",
            "agent_a": "greedy",
            "agent_b": "greedy",
            "method": "blank",
            "card": card,
            "value": v,
            "lo": lo,
            "hi": hi,
            "noise": False,
            "n": 6_000,
        }

    rows = [_cell("classic", "greedy", "greedy", 20_000, (0.5, 0.49, 0.51))]
    cards = [value("KS", 0.07, 0.062, 0.078), value("KD", 0.10, 0.09, 0.11)]
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards))["sentences"]
    assert got == [
        "What each card adds to the win rate of the player who draws it, in points against a "
        "blank of the same card on the same deals (greedy v greedy):",
        "Under 'classic': KD +10.0 [+9.0, +11.0], KS +7.0 [+6.2, +7.8]; KD clearly the most.",
    ]
    cards[1].update(value=0.075, lo=0.07, hi=0.08)
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards))["sentences"]
    assert got[1].endswith("; KD and KS cannot be told apart.")
    cards.append(value("KH", 0.03, 0.02, 0.04))
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards))["sentences"]
    assert got[1].endswith("; KD and KS cannot be told apart; KH clearly less.")
    # A card the drawer never played has no value to report, only that it was never played.
    cards[2]["used"] = 0.0
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards))["sentences"]
    assert got[1].endswith(
        "; KD and KS cannot be told apart; KH was never played by the player who drew it, so "
        "this run cannot rate it."
    )
    cards.pop()
    # Powers worth less than a point are not ranked as if they mattered.
    cards[0].update(value=0.001, lo=-0.001, hi=0.003)
    cards[1].update(value=0.007, lo=0.005, hi=0.009)
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards))["sentences"]
    assert got[1].endswith("; none is worth 1 point or more.")
