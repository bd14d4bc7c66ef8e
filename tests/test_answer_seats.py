"""The answer that opens a report: sizes against the smallest difference that matters, their
reach, the Holm correction and how a size is said; and the answers on seats (the first
player's edge, the advantage draw's chooser, a win rate between two agents)."""

import pytest
from answer_helpers import _cell, _compared, _facts, _value
from statsmodels.stats.multitest import multipletests

from sim.reporting import answer
from sim.reporting.answer import size


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


def test_a_second_player_edge_is_answered_no_with_the_number():
    rows = [_cell("base", "greedy", "greedy", 40_000, (0.475, 0.470, 0.480))]
    got = answer.answer(_facts(rows, ["first_player"]))
    assert got["sentences"][0] == (
        "No: the first player wins 47.5% [47.0%, 48.0%] of games (greedy v greedy, 40,000 "
        "games); the second player has the edge, 2.5 points (small, perhaps large)."
    )
    # The edge is small by its estimate, and its interval reaches 3 points (large).
    assert got["table"][0]["size"] == "small, perhaps large"


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
        "[49.4%, 50.4%] (negligible); 'advantage_draw' 47.5% [47.0%, 48.0%] (small, perhaps large)."
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
        "[-1.3, -0.7] (small, perhaps negligible).",
    ]


def test_a_sentence_explains_a_difference_clear_of_zero_on_its_own_once():
    rows = [_cell(v, "greedy", "greedy", 40_000, (0.5, 0.49, 0.51)) for v in ("a", "b", "c")]
    change = dict(_value("b", "7S", 0, 0, 0), n=40_000)
    # Two changes whose intervals exclude zero but that are within noise after the correction.
    changes = [
        dict(change, card=card, variant=v, diff=d, lo=d - 0.005, hi=d + 0.005, noise=True)
        for card, v, d in (("7S", "b", 0.008), ("7H", "c", -0.007))
    ]
    got = answer.answer(_facts(rows, ["card_change"], card_changes=changes))["sentences"][0]
    assert got.endswith(
        "7S under 'b' +0.8 points [+0.3, +1.3] (within noise: clear of zero on its own, not once "
        "the report's 2 comparisons are allowed for); 7H under 'c' -0.7 points [-1.2, -0.2] "
        "(within noise, clear of zero on its own as well)."
    )


def _rules(start):
    return f"houses(life=40,starting_player={start},players=2)"


def test_the_advantage_draws_winner_is_reported_where_the_start_rule_is_varied():
    rows = [
        _cell("draw", "search", "search", 4_000, (0.527, 0.512, 0.543)),
        _cell("coin", "search", "search", 4_000, (0.517, 0.502, 0.532)),
    ]
    rows[0].update(chooser={"rate": 0.528, "lo": 0.512, "hi": 0.543, "n": 4_000}, deferred=0.1125)
    variants = {"draw": _rules("advantage_draw"), "coin": _rules("coin")}
    got = answer.answer(_facts(rows, ["first_player"], variants=variants))["sentences"]
    assert got[-1] == (
        "The winner of the advantage draw chooses who moves first (search v search): under "
        "'draw' it deferred in "
        "11.2% of 4,000 games and won 52.8% [51.2%, 54.3%] (small, perhaps large)."
    )
    # Where the start rule is not the question, the draw's winner is part of the answer only
    # when it often deferred (the first player's rate is then not the seat's alone).
    same = {"draw": _rules("advantage_draw"), "coin": _rules("advantage_draw")}
    got = answer.answer(_facts(rows, ["first_player"], variants=same))["sentences"]
    assert got[-1].startswith("The winner of the advantage draw chooses who moves first")
    # ... and only where the first player is the question: elsewhere the seat sentence has
    # said that the first player is chosen, and the chooser's figures are detail.
    got = answer.answer(_facts(rows, ["rounds", "first_player"], variants=same))["sentences"]
    assert not any(s.startswith("The winner of the advantage draw") for s in got)
    rows[0]["deferred"] = 0.01
    got = answer.answer(_facts(rows, ["first_player"], variants=same))["sentences"]
    assert not any("advantage draw" in s for s in got)
    got = answer.answer(_facts(rows, ["first_player"], variants=variants))["sentences"]
    assert got[-1] == (
        "The winner of the advantage draw chooses who moves first (search v search): under "
        "'draw' it deferred in 1.0% of 4,000 games and won 52.8% [51.2%, 54.3%] (small, perhaps "
        "large)."
    )


def test_the_advantage_draws_choice_is_valued_against_a_coin_second():
    rows = [
        _cell("draw", "search", "search", 4_000, (0.433, 0.418, 0.448)),
        _cell("coin", "search", "search", 4_000, (0.493, 0.477, 0.508)),
    ]
    rows[0].update(chooser={"rate": 0.518, "lo": 0.503, "hi": 0.534, "n": 4_000}, deferred=0.341)
    variants = {"draw": _rules("advantage_draw"), "coin": _rules("coin")}
    choice = {
        "variant": "draw",
        "coin": "coin",
        "agent_a": "search",
        "agent_b": "search",
        "diff": 0.011,
        "lo": -0.007,
        "hi": 0.029,
        "noise": True,
        "n": 4_000,
    }
    # The coin's first player against the draw's: a drawn rate against a chosen one.
    mixed = {
        "measure": "first_won",
        "variant": "coin",
        "agent_a": "search",
        "agent_b": "search",
        "diff": 0.06,
        "lo": 0.039,
        "hi": 0.080,
        "noise": False,
        "n": 4_000,
    }
    facts = _facts(rows, ["first_player"], [mixed], variants=variants, choice_values=[choice])
    got = answer.answer(facts)["sentences"]
    # The chosen first player's 43.3% gets no seat verdict, and is read at once against what
    # the draw is worth; it is not compared with the coin's drawn first player.
    assert got[0] == (
        "Not settled: under 'coin' the first player wins 49.3% [47.7%, 50.8%] of games (search "
        "v search, 4,000 games), within noise of even; where the advantage draw's winner "
        "chooses who moves first, the first player's rate is not the seat's: 'draw' 43.3% "
        "[41.8%, 44.8%]."
    )
    assert len(got) == 2
    sizes = [r["size"] for r in answer.answer(facts)["table"]]
    assert sizes == ["chosen start", "within noise"]
    assert got[1] == (
        "The winner of the advantage draw chooses who moves first (search v search): under "
        "'draw' it deferred in "
        "34.1% of 4,000 games and won 51.8% [50.3%, 53.4%], +1.1 points [-0.7, +2.9] against "
        "the same seat with 'coin' from the same opening hands (within noise)."
    )
    # A chooser that won less than always deferring would have: its choices, not the rule,
    # hold the draw's worth down (said after its rate; silent within noise).
    fixed = {"choice": "defer", "rate": 0.56, "rate_lo": 0.545, "rate_hi": 0.575, "n": 4_000}
    choice["fixed"] = {**fixed, "diff": -0.042, "lo": -0.063, "hi": -0.021}
    facts = _facts(rows, ["first_player"], [mixed], variants=variants, choice_values=[choice])
    got = answer.answer(facts)["sentences"]
    assert got[2] == (
        "Its own choices cost it under 'draw': always deferring would have won 56.0% [54.5%, "
        "57.5%] (the second mover's rate with 'coin' on the same deals), 4.2 points [2.1, 6.3] "
        "more than it did, so a better chooser would get more from the draw than these figures "
        "show."
    )
    choice["fixed"].update(lo=-0.03, hi=0.002)
    facts = _facts(rows, ["first_player"], [mixed], variants=variants, choice_values=[choice])
    assert len(answer.answer(facts)["sentences"]) == 2
    # Without a coin counterpart for its match-up, the rate is judged against an even share.
    choice["agent_a"] = choice["agent_b"] = "greedy"
    got = answer.answer(_facts(rows, ["first_player"], variants=variants, choice_values=[choice]))[
        "sentences"
    ]
    assert got[-1].endswith("won 51.8% [50.3%, 53.4%] (small, perhaps negligible or large).")


def test_a_first_player_chosen_under_every_variant_gets_no_seat_verdict():
    rows = [
        _cell("a", "search", "search", 4_000, (0.433, 0.418, 0.448)),
        _cell("b", "search", "search", 4_000, (0.431, 0.416, 0.446)),
    ]
    for r in rows:
        r.update(chooser={"rate": 0.518, "lo": 0.503, "hi": 0.533, "n": 4_000}, deferred=0.341)
    comparisons = [
        {
            "measure": "first_won",
            "variant": "b",
            "agent_a": "search",
            "agent_b": "search",
            "diff": -0.002,
            "lo": -0.018,
            "hi": 0.014,
            "noise": True,
            "n": 4_000,
        }
    ]
    got = answer.answer(_facts(rows, ["first_player"], comparisons))["sentences"]
    assert got[0] == (
        "Who moves first is chosen (search v search): the advantage draw's winner may defer, "
        "so the first player's win rate mixes the seat with that choice: 'a' 43.3% [41.8%, "
        "44.8%]; 'b' 43.1% [41.6%, 44.6%]."
    )
    # Both chosen the same way: the rule's effect on that rate is still compared.
    assert got[1].startswith("Against 'a' (search v search), the first player's win rate: 'b'")


def test_a_choice_made_alike_in_every_variant_is_said_once():
    rows = [
        _cell("a", "search", "search", 4_000, (0.433, 0.418, 0.448)),
        _cell("b", "search", "search", 4_000, (0.431, 0.416, 0.446)),
    ]
    for r, rate in zip(rows, (0.518, 0.511), strict=True):
        r.update(chooser={"rate": rate, "lo": rate - 0.015, "hi": rate + 0.015, "n": 4_000})
        r.update(deferred=0.341)
    variants = {"a": _rules("advantage_draw"), "b": _rules("advantage_draw")}
    got = answer.answer(_facts(rows, ["first_player"], variants=variants))["sentences"]
    assert got[-1] == (
        "The winner of the advantage draw chooses who moves first (search v search): it "
        "deferred in 34.1% of 4,000 "
        "games under every variant and won 'a' 51.8% [50.3%, 53.3%] (small, perhaps negligible "
        "or large); 'b' 51.1% "
        "[49.6%, 52.6%] (within noise)."
    )


def test_the_first_players_yes_or_no_is_not_read_as_the_answer_to_another_question():
    rows = [
        _cell("a", "greedy", "greedy", 40_000, (0.433, 0.428, 0.438)),
        _cell("b", "greedy", "greedy", 40_000, (0.431, 0.426, 0.436)),
    ]
    got = answer.answer(_facts(rows, ["first_player"]))["sentences"][0]
    assert got.startswith("No: under every variant the second player has the edge")
    got = answer.answer(_facts(rows, ["rounds", "first_player"]))["sentences"]
    assert got[1].startswith("Seat balance: under every variant the second player has the edge")


def test_an_interval_clear_of_zero_within_noise_says_why_in_words_and_in_the_table():
    rows = [
        _cell("new", "greedy", "greedy", 40_000, (0.5, 0.49, 0.51)),
        _cell("old", "greedy", "greedy", 40_000, (0.5, 0.49, 0.51)),
    ]
    cards = [_value("new", "JC", 0.079, 0.073, 0.085), _value("old", "JC", 0.04, 0.03, 0.05)]
    # +3.2 points [+0.3, +6.1]: clear of zero alone, not after the Holm correction.
    change = _value("old", "JC", 0.032, 0.003, 0.061)
    change.update(diff=0.032, n=6_000, noise=True)
    got = answer.answer(_facts(rows, ["card_change"], card_values=cards, card_changes=[change]))
    assert got["sentences"][0] == (
        "Against its value under 'new' on the same deals (greedy v greedy), no variant is shown "
        "to move a card's value by 1 point or more: JC under 'old' +3.2 points [+0.3, +6.1] "
        "(within noise: clear of zero on its own, not once the report's 3 comparisons are "
        "allowed for)."
    )
    assert (got["table"][0]["size"], got["marked"]) == ("within noise*", True)
    # An interval that holds zero is within noise, and says no more.
    change.update(lo=-0.001)
    got = answer.answer(_facts(rows, ["card_change"], card_values=cards, card_changes=[change]))
    assert got["sentences"][0].endswith("[-0.1, +6.1] (within noise).")
    assert (got["table"][0]["size"], got["marked"]) == ("within noise", False)


def test_a_size_names_the_other_sizes_its_interval_reaches():
    # Large by its estimate, small at its lower end (the Jack of Clubs' +4.0 [+2.4, +5.7]).
    assert answer.reach(2.4, 5.7, "large", 1.0) == "perhaps small"
    # Small, with an interval from negligible to large.
    assert answer.reach(-3.4, -0.8, "small", 1.0) == "perhaps negligible or large"
    # Real but smaller than what matters, reaching a difference that matters.
    assert answer.reach(-1.2, -0.3, "negligible", 1.0) == "perhaps small"
    # An interval within one size, or within noise: nothing to add.
    assert answer.reach(13.8, 18.9, "large", 1.0) == ""
    assert answer.reach(-0.2, 0.9, "negligible", 1.0) == ""
    assert answer.reach(-0.4, 1.8, "within noise", 1.0) == ""
    # In another unit (rounds: a quarter of a round matters).
    assert answer.reach(0.18, 0.39, "small", 0.25) == "perhaps negligible"
    # A sentence and the answer table say it after the size.
    rows = [
        _cell("4x2", "search", "search", 4_000, (0.5, 0.485, 0.515), rounds=6.1),
        _cell("3x3", "search", "search", 4_000, (0.5, 0.485, 0.515), rounds=6.4),
    ]
    comparisons = [_compared("rounds", "3x3", ("search", "search"), 0.29, 0.18, 0.39, 4_000)]
    got = answer.answer(_facts(rows, ["rounds"], comparisons))
    assert got["sentences"][0].endswith(
        "'3x3' +0.29 rounds [+0.18, +0.39] (small, perhaps negligible)."
    )
    assert got["table"][-1]["size"] == "small, perhaps negligible"
