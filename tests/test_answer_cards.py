"""The answer that opens a report: sizes against the smallest difference that matters, the Holm
correction, and the plain sentences for each kind of measure, from set-up figures."""

import math

import pytest
from statsmodels.stats.multitest import multipletests

from sim.reporting import answer
from sim.reporting.answer import Facts, size


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


def test_a_name_with_an_apostrophe_is_quoted_with_double_quotes():
    rows = [
        _cell("Spring '25 Kings", "greedy", "greedy", 1_000, (0.5, 0.47, 0.53), rounds=6.0),
        _cell("classic Kings", "greedy", "greedy", 1_000, (0.5, 0.47, 0.53), rounds=5.0),
    ]
    comparisons = [
        _compared("rounds", "classic Kings", ("greedy", "greedy"), -1.0, -1.1, -0.9, 1_000)
    ]
    (said,) = answer.answer(_facts(rows, ["rounds"], comparisons))["sentences"]
    assert said == (
        'Games last 6.0 rounds on average under "Spring \'25 Kings" (greedy v greedy); against '
        "that, 'classic Kings' -1.00 rounds [-1.10, -0.90] (large)."
    )


def test_game_length_says_where_the_deck_running_out_sets_it():
    rows = [
        _cell("2 players", "greedy", "greedy", 1_000, (0.5, 0.47, 0.53), rounds=6.0),
        _cell("4 players", "greedy", "greedy", 1_000, (0.25, 0.22, 0.28), rounds=8.0),
    ]
    rows[0]["ends"] = {"life": 950, "sudden_death": 50}
    rows[1]["ends"] = {"life": 40, "sudden_death": 960}
    comparisons = [_compared("rounds", "4 players", ("greedy", "greedy"), 2.0, 1.9, 2.1, 1_000)]
    got = answer.answer(_facts(rows, ["rounds"], comparisons))["sentences"]
    # 5% of the two-player games is not many; 96% of the four-player ones is.
    assert got[1] == (
        "Many games end when the deck runs out (sudden death): under '4 players' 96.0% of the "
        "games. Their length is the deck's, not the play's."
    )
    rows[1]["ends"] = {"life": 900, "sudden_death": 100}
    assert len(answer.answer(_facts(rows, ["rounds"], comparisons))["sentences"]) == 1


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
        "blank of the same card (the card without its power) on the same deals (greedy v "
        "greedy):",
        "Under 'classic': KD clearly the most (KD +10.0 [+9.0, +11.0], KS +7.0 [+6.2, +7.8]).",
    ]
    cards[1].update(value=0.075, lo=0.07, hi=0.08)
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards))["sentences"]
    assert got[1].startswith("Under 'classic': KD and KS cannot be told apart (KD +7.5")
    cards.append(value("KH", 0.03, 0.02, 0.04))
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards))["sentences"]
    assert got[1].startswith("Under 'classic': KD and KS cannot be told apart; KH clearly less (")
    # A card the drawer never played has no value to report, only that it was never played.
    cards[2]["used"] = 0.0
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards))["sentences"]
    assert got[1] == (
        "Under 'classic': KD and KS cannot be told apart (KD +7.5 [+7.0, +8.0], KS +7.0 [+6.2, "
        "+7.8]); KH was never played by the player who drew it, so this run cannot rate it."
    )
    cards.pop()
    # Powers worth less than a point are not ranked as if they mattered.
    cards[0].update(value=0.001, lo=-0.001, hi=0.003)
    cards[1].update(value=0.007, lo=0.005, hi=0.009)
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards))["sentences"]
    assert got[1].startswith("Under 'classic': no card's power is worth 1 point or more (KD +0.7")


def test_the_top_card_is_set_apart_by_its_gap_on_the_same_deals_not_by_intervals():
    value, gap = _search_value, _search_gap
    rows = [_cell("classic", "search", "search", 6_000, (0.5, 0.49, 0.51))]
    # Overlapping intervals, but the shared deals' luck cancels in the gap: KD stands out.
    cards = [value("KD", 0.184, 0.150, 0.218), value("KS", 0.132, 0.112, 0.152)]
    gaps = [gap("KD", "KS", 0.052, 0.022, 0.081)]
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards, card_gaps=gaps))
    assert got["sentences"][1] == (
        "Under 'classic': KD clearly the most, +5.2 points [+2.2, +8.1] ahead of KS on the "
        "same deals (KD +18.4 [+15.0, +21.8], KS +13.2 [+11.2, +15.2])."
    )
    assert got["table"][-1] == {
        "measure": "card_value",
        "label": "the top card's value against each other card's, same deals",
        "variant": "classic",
        "matchup": "search v search",
        "value": "KD +5.2 [+2.2, +8.1]",
        "size": "large, perhaps small",
        "against": "KS",
    }
    # Without the gap the same values could not be told apart.
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards))
    assert got["sentences"][1].startswith("Under 'classic': KD and KS cannot be told apart (")
    # A gap within noise leaves them untold apart, even with intervals that do not overlap.
    cards[1].update(value=0.10, lo=0.09, hi=0.11)
    gaps = [gap("KD", "KS", 0.084, -0.01, 0.18, noise=True)]
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards, card_gaps=gaps))
    assert got["sentences"][1].startswith("Under 'classic': KD and KS cannot be told apart (")
    assert got["table"][-1]["size"] == "within noise"
    # A card set apart from the top card but not from every card tied with it is not "clearly
    # less" than all of them.
    cards.append(value("KC", 0.082, 0.066, 0.098))
    gaps += [
        gap("KD", "KC", 0.099, 0.068, 0.129),
        gap("KS", "KC", 0.018, -0.011, 0.047, noise=True),
    ]
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards, card_gaps=gaps))
    assert got["sentences"][1].startswith(
        "Under 'classic': KD and KS cannot be told apart; KC below KD, not shown below KS ("
    )
    gaps[-1].update(diff=0.043, lo=0.014, hi=0.072, noise=False)
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards, card_gaps=gaps))
    assert got["sentences"][1].startswith(
        "Under 'classic': KD and KS cannot be told apart; KC clearly less ("
    )
    # Cards that all hurt their drawer: none is "the most".
    for c, v in zip(cards, (-0.03, -0.05, -0.06), strict=True):
        c.update(value=v, lo=v - 0.01, hi=v + 0.01)
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards))
    assert got["sentences"][1].startswith(
        "Under 'classic': no card's power is shown to be worth 1 point or more; KD, KS and KC "
        "clearly below zero ("
    )


def test_card_values_of_one_player_say_that_another_players_cells_do_not_rate_cards():
    rows = [
        _cell("classic", "greedy", "greedy", 20_000, (0.5, 0.49, 0.51)),
        _cell("classic", "search", "search", 4_000, (0.5, 0.48, 0.52)),
    ]
    cards = [
        {
            "variant": "classic",
            "agent_a": "greedy",
            "agent_b": "greedy",
            "method": "blank",
            "card": "KH",
            "value": 0.099,
            "lo": 0.093,
            "hi": 0.105,
            "noise": False,
            "n": 9_000,
        }
    ]
    f = _facts(rows, ["card_value"], card_values=cards)
    f.see_also = ["kings_option2_search.yaml"]
    got = answer.answer(f)["sentences"]
    # Said first, with where the other player's values are.
    assert got[0] == (
        "Read from greedy v greedy only (search v search also plays in this run, but its games "
        "do not measure card values; see kings_option2_search.yaml): "
        "what each card adds to the win rate of the player who draws it, in points against a "
        "blank of the same card (the card without its power) on the same deals:"
    )
    assert not any("also asked" in s for s in got)
    # Without the caveat, the other file is named last.
    f.rows = rows[:1]
    got = answer.answer(f)["sentences"]
    assert got[-1] == "A related question is asked in kings_option2_search.yaml."
    # A caveat from the experiment file is said first, before the figures it bears on.
    f.caveat = "The player wastes it."
    with_caveat = answer.answer(f)["sentences"]
    assert with_caveat == ["Caveat: The player wastes it.", *got]


def test_what_a_playtest_sees_is_the_deployers_win_rate_said_apart_from_the_value():
    rows = [_cell("classic", "search", "search", 6_000, (0.5, 0.49, 0.51))]

    def king(name, agent, rate, n):
        return {
            "variant": "classic",
            "agent": agent,
            "king": name,
            "one_sided": n,
            "rate": rate,
            "lo": rate - 0.02,
            "hi": rate + 0.02,
            "players": 2,
        }

    kings = [
        king("KS", "search", 0.594, 2_220),
        king("KD", "search", 0.627, 2_322),
        king("KS", "greedy", 0.70, 9_000),
        king("KH", "search", 0.448, 2_193),
        king("KC", "search", 0.5, 0),
    ]
    f = _facts(rows, ["king_deployer"])
    f.kings, f.chosen = kings, ("search", "search")
    got = answer.answer(f)
    assert got["sentences"] == [
        "Whoever deployed a King its opponent did not won (search v search): KD 62.7% [60.7%, "
        "64.7%] of 2,322 games, KS 59.4% [57.4%, 61.4%] of 2,220 games, KH 44.8% [42.8%, "
        "46.8%] of 2,193 games. This is what a "
        "playtest sees, not what the King is worth: who deploys a King, and when, depends on "
        "the game so far."
    ]
    assert [(r["value"], r["size"]) for r in got["table"]] == [
        ("KD 62.7% [60.7%, 64.7%]", "large"),
        ("KS 59.4% [57.4%, 61.4%]", "large"),
        ("KH 44.8% [42.8%, 46.8%]", "below even: large"),
    ]


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


def test_an_interval_that_holds_values_that_matter_is_not_called_worth_nothing():
    rows = [_cell("old", "search", "search", 4_000, (0.5, 0.48, 0.52))]
    cards = [_value("old", "JC", 0.005, -0.018, 0.028, noise=True)]
    cards[0].update(agent_a="search", agent_b="search")
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards))["sentences"]
    # One card within noise: what that means for it, in words.
    assert got[1] == (
        "Under 'old': JC +0.5 [-1.8, +2.8]; within noise: not shown to be worth more than "
        "keeping it in hand unplayed."
    )
    blank = [dict(cards[0], card="KH", method="blank")]
    got = answer.answer(_facts(rows, ["card_value"], card_values=blank))["sentences"]
    assert got[1].endswith(
        "KH +0.5 [-1.8, +2.8]; within noise: its power is not shown to be worth anything."
    )
    cards.append(_value("old", "QC", 0.002, -0.004, 0.008))
    cards[1].update(agent_a="search", agent_b="search")
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards))["sentences"]
    assert got[1] == (
        "Under 'old': none is shown to be worth 1 point or more (JC +0.5 [-1.8, +2.8], QC +0.2 "
        "[-0.4, +0.8])."
    )
    # A card clearly worth less than nothing is named, even below a top card that is not.
    cards.append(_value("old", "QS", -0.04, -0.05, -0.03))
    cards[2].update(agent_a="search", agent_b="search", size="large")
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards))["sentences"]
    assert got[1].startswith(
        "Under 'old': none is shown to be worth 1 point or more; QS clearly below zero (JC"
    )
    # A card shown to matter below an uncertain top card is named, not denied.
    cards[0].update(value=0.03, lo=-0.005, hi=0.065)
    cards[1].update(value=0.02, lo=0.015, hi=0.025)
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards))["sentences"]
    assert got[1].startswith(
        "Under 'old': only QC shown to be worth 1 point or more; QS clearly below zero (JC"
    )


def test_spring_25_king_values_say_how_often_the_kings_power_changed_play():
    rows = [_cell(v, "greedy", "greedy", 40_000, (0.5, 0.49, 0.51)) for v in ("spring", "classic")]
    variants = {"spring": "houses(kings=enhance,life=40)", "classic": "houses(kings=classic)"}
    cards = [
        _value("spring", "KH", 0.007, 0.005, 0.009, used=0.6, power_used=0.107),
        _value("spring", "KC", 0.001, 0.001, 0.002, used=0.6, power_used=0.014),
        # Never deployed: not rated, so not counted either.
        _value("spring", "KS", 0.0, 0.0, 0.0, used=0.001, power_used=None),
        _value("classic", "KC", 0.073, 0.068, 0.079, used=0.6, power_used=0.0),
    ]
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards, variants=variants))
    spring = next(s for s in got["sentences"] if s.startswith("Under 'spring'"))
    assert spring.endswith(
        " The enhanced House Trait of their suit, the Spring '25 Kings' power, changed play in "
        "only a few of the games in which their drawer deployed them (KH 10.7%, KC 1.4%): in the "
        "rest it never acted."
    )
    # Under other King rules the enhanced trait is not the King's power: nothing said.
    classic = next(s for s in got["sentences"] if s.startswith("Under 'classic'"))
    assert "Kings' power" not in classic
    # A power that often acts: the shares alone.
    cards[0]["power_used"] = 0.4
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards, variants=variants))
    assert any(
        s.endswith(
            "changed play in this share of the games in which their drawer deployed "
            "them: KH 40.0%, KC 1.4%."
        )
        for s in got["sentences"]
    )


def test_a_cards_value_under_each_variant_is_compared_with_the_baseline():
    rows = [
        _cell("new", "greedy", "greedy", 40_000, (0.5, 0.49, 0.51)),
        _cell("old", "greedy", "greedy", 40_000, (0.5, 0.49, 0.51)),
    ]
    cards = [_value("new", "JC", 0.079, 0.073, 0.085), _value("old", "JC", 0.04, 0.03, 0.05)]
    change = _value("old", "JC", 0.04, 0.03, 0.05)
    change.update(diff=-0.039, lo=-0.047, hi=-0.031, n=40_000)
    got = answer.answer(
        _facts(rows, ["card_value", "card_change"], card_values=cards, card_changes=[change])
    )
    assert got["sentences"][-1] == (
        "JC is worth less under 'old' than under 'new', on the same deals (greedy v greedy): "
        "-3.9 points [-4.7, -3.1] (large)."
    )
    # Asked first, the comparison opens the answer.
    first = answer.answer(
        Facts(
            {"measures": ["card_change", "card_value"]},
            rows,
            [],
            cards,
            [],
            "new",
            ["new", "old"],
            card_changes=[change],
        )
    )
    assert first["sentences"][0] == got["sentences"][-1]
    row = got["table"][-1]
    assert (row["measure"], row["value"], row["against"]) == (
        "card_change",
        "JC -3.9 [-4.7, -3.1]",
        "the baseline",
    )
    assert row["label"] == "a card's value against its value under the baseline"
    # Several cards, none moved by a point or more: the verdict says so before the list.
    small = [
        dict(change, card=c, diff=d, lo=d - 0.004, hi=d + 0.004, noise=noise)
        for c, d, noise in (("7S", -0.006, False), ("7H", 0.002, True))
    ]
    got = answer.answer(
        _facts(rows, ["card_value", "card_change"], card_values=cards, card_changes=small)
    )
    assert got["sentences"][-1].startswith(
        "Against its value under 'new' on the same deals (greedy v greedy), no variant moves "
        "any card's value by 1 point or more: 7S under 'old' -0.6 points"
    )
    # One that cannot be told from zero while its interval still holds a point: not settled.
    small[0].update(diff=-0.009, lo=-0.02, hi=0.002, noise=True)
    got = answer.answer(
        _facts(rows, ["card_value", "card_change"], card_values=cards, card_changes=small)
    )
    assert (
        "no variant is shown to move a card's value by 1 point or more: 7S under 'old' -0.9"
        in (got["sentences"][-1])
    )
    # With one real change among them, it is named first, and counted.
    got = answer.answer(
        _facts(
            rows, ["card_value", "card_change"], card_values=cards, card_changes=[*small, change]
        )
    )
    assert (
        "1 of the 3 values changes by 1 point or more: JC under 'old' -3.9"
        in (got["sentences"][-1])
    )
    # Every change that matters is listed, however many, then the largest of the rest up to
    # four; the table has them all.
    moved = [
        dict(change, card=c, diff=-0.02 - i / 100, lo=-0.028 - i / 100, hi=-0.012 - i / 100)
        for i, c in enumerate(["2C", "3C", "4C", "5C", "6C"])
    ]
    sentence = answer.answer(
        _facts(
            rows, ["card_value", "card_change"], card_values=cards, card_changes=[*moved, *small]
        )
    )["sentences"][-1]
    assert "5 of the 7 values change by 1 point or more: 6C under 'old' -6.0" in sentence
    assert "2C under 'old' -2.0" in sentence and "7S" not in sentence
    assert sentence.endswith("(all 7 in the table below).")
    # Too few deals where the card was drawn: no verdict either way.
    few = [dict(c, n=150) for c in small]
    got = answer.answer(
        _facts(rows, ["card_value", "card_change"], card_values=cards, card_changes=few)
    )
    assert "too few deals to tell whether a variant moves a card's value: " in got["sentences"][-1]


def test_a_card_change_answer_opens_with_the_questions_own_card():
    rows = [
        _cell(v, "greedy", "greedy", 40_000, (0.5, 0.49, 0.51)) for v in ("dual", "adj", "stun")
    ]
    cards = [_value(v, c, 0.1, 0.09, 0.11) for v in ("dual", "adj", "stun") for c in ("7S", "7D")]
    change = dict(_value("adj", "7S", 0, 0, 0), n=40_000)

    def changed(card, variant, diff, half, noise=False):
        return dict(
            change,
            card=card,
            variant=variant,
            diff=diff,
            lo=diff - half,
            hi=diff + half,
            noise=noise,
        )

    changes = [
        changed("7S", "adj", 0.007, 0.005, noise=True),
        changed("7S", "stun", -0.008, 0.001),
        changed("7D", "stun", 0.03, 0.005),
    ]

    def opening(measures, focus="7S"):
        f = _facts(rows, measures, card_values=cards, card_changes=changes)
        f.focus = focus
        return answer.answer(f)["sentences"]

    ask = (
        "Does a variant change what 7S is worth to the player who draws it, against 'dual' on "
        "the same deals (greedy v greedy)? "
    )
    got = opening(["card_change"])
    assert got[0] == ask + (
        "Not shown to, by 1 point or more: 'adj' +0.7 points [+0.2, +1.2] (within noise: clear "
        "of zero on its own, not once the report's 9 comparisons are allowed for); 'stun' "
        "-0.8 points [-0.9, -0.7] (negligible)."
    )
    # Then the other cards' changes (the table has them all).
    assert got[1] == (
        "Against its value under 'dual' on the same deals (greedy v greedy), for the other "
        "cards, 1 of the 1 values changes by 1 point or more: 7D under 'stun' +3.0 points "
        "[+2.5, +3.5] (large, perhaps small) (all 3 in the table below)."
    )
    assert len(answer.answer(_facts(rows, ["card_change"], card_changes=changes))["table"]) == 3
    # The focus card alone: its sentence alone.
    f = _facts(rows, ["card_change"], card_values=cards, card_changes=changes[:2])
    f.focus = "7S"
    alone = answer.answer(f)["sentences"]
    assert len(alone) == 1 and alone[0].startswith(ask + "Not shown to, by 1 point or more: ")
    # A change that matters says where.
    changes[1].update(diff=-0.02, lo=-0.025, hi=-0.015)
    assert opening(["card_change"])[0].startswith(ask + "Yes, by 1 point or more under 'stun': ")
    # Not the opening measure, or no focus: no such sentence.
    assert not any(s.startswith(ask) for s in opening(["card_value", "card_change"]))
    assert opening(["card_change"], focus=None)[0].startswith("Against its value under")


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


def test_the_questions_own_card_is_said_first_worth_the_most_or_not():
    value, gap = _search_value, _search_gap
    rows = [_cell("classic", "search", "search", 6_000, (0.5, 0.49, 0.51))]
    cards = [value("KD", 0.184, 0.150, 0.218), value("KS", 0.132, 0.112, 0.152)]
    gaps = [gap("KD", "KS", 0.052, 0.022, 0.081)]

    def first(focus):
        f = _facts(rows, ["card_value"], card_values=cards, card_gaps=gaps)
        f.focus = focus
        return answer.answer(f)["sentences"][0]

    lead = "Is {} worth the most to the player who draws it (search v search)? "
    assert first("KS") == lead.format("KS") + (
        "No, KD is worth more, +5.2 points [+2.2, +8.1] on the same deals, while KS itself is "
        "worth +13.2 [+11.2, +15.2] (large)."
    )
    assert first("KD") == lead.format("KD") + "Yes, KD is clearly worth the most (+18.4 points)."
    # A gap within noise answers neither way, with both values.
    gaps[0].update(diff=0.052, lo=-0.01, hi=0.11, noise=True)
    assert first("KS") == lead.format("KS") + "Not shown either way (KS +13.2, KD +18.4)."
    assert first("KD") == lead.format("KD") + "Not shown either way (KD +18.4, the next +13.2)."
    # Without a focus the card answer opens as before.
    assert first(None).startswith("What each card adds")


def test_two_runs_card_answers_are_set_side_by_side_top_cards_and_values_first():
    value, gap = _search_value, _search_gap
    rows = [_cell("classic", "search", "search", 6_000, (0.5, 0.49, 0.51))]
    cards = [value("KD", 0.184, 0.150, 0.218), value("KS", 0.132, 0.112, 0.152)]
    gaps = [gap("KD", "KS", 0.052, 0.022, 0.081)]
    got = answer.answer(_facts(rows, ["card_value"], card_values=cards, card_gaps=gaps))
    assert got["top_cards"]["pair"] == "search v search"
    assert got["top_cards"]["variants"] == {"classic": ["KD"]}
    # The gap within noise: both cards at the top.
    gaps[0].update(lo=-0.01, noise=True)
    level = answer.answer(_facts(rows, ["card_value"], card_values=cards, card_gaps=gaps))
    assert level["top_cards"]["variants"] == {"classic": ["KD", "KS"]}
    # A card not told apart from the top one, but itself within noise of zero, is not said to
    # be at the top.
    unsure = [cards[0], dict(cards[1], value=0.024, lo=0.004, hi=0.044, noise=True)]
    gaps_unsure = [dict(gaps[0], diff=0.16, lo=-0.01, hi=0.33, noise=True)]
    got_unsure = answer.answer(
        _facts(rows, ["card_value"], card_values=unsure, card_gaps=gaps_unsure)
    )
    assert "KD and KS cannot be told apart" in got_unsure["sentences"][1]
    assert got_unsure["top_cards"]["variants"] == {"classic": ["KD"]}
    # ... but is said beside it, so that "at the top" does not read as "clearly the most".
    assert got_unsure["top_cards"]["unsure"] == {"classic": {"KS": [0.024, 0.004, 0.044]}}
    other_kd = {
        "pair": "greedy v greedy",
        "variants": {"classic": ["KD"]},
        "values": {"classic": {"KD": [0.09, 0.08, 0.10]}},
    }
    assert answer.agreement(got_unsure["top_cards"], other_kd, "b.yaml").endswith(
        "Under 'classic' they agree, KD at the top (search v search +18.4 [+15.0, +21.8], not "
        "told apart from KS +2.4 [+0.4, +4.4], which is not shown to be worth 1 point or more; "
        "greedy v greedy +9.0 [+8.0, +10.0])."
    )
    assert got["top_cards"]["values"] == {"classic": {"KD": [0.184, 0.150, 0.218]}}
    other = {
        "pair": "greedy v greedy",
        "variants": {"classic": ["KD"], "enhance": []},
        "values": {"classic": {"KD": [0.09, 0.08, 0.10]}},
    }
    ask = "Which cards are worth the most to the player who draws them, by "
    # The same card at the top: each player's value after it.
    assert answer.agreement(got["top_cards"], other, "b.yaml") == (
        ask + "search v search here and by greedy v greedy in b.yaml? Under 'classic' they "
        "agree, KD at the top (search v search +18.4 [+15.0, +21.8]; greedy v greedy "
        "+9.0 [+8.0, +10.0])."
    )
    # Different cards: each player's top cards with their values.
    assert answer.agreement(level["top_cards"], other, "b.yaml").endswith(
        "Under 'classic' they differ, search v search with KD +18.4 [+15.0, +21.8] and KS "
        "+13.2 [+11.2, +15.2] level at the top and greedy v greedy with KD +9.0 [+8.0, +10.0] "
        "at the top."
    )
    # Said first, before a caveat: it is the answer with both players at once.
    f = _facts(rows, ["card_value"], card_values=cards, card_gaps=gaps)
    f.quoted, f.caveat = {"b.yaml": other}, "These values are search's."
    opening = answer.answer(f)["sentences"]
    assert opening[0].startswith(ask + "search v search here and by greedy v greedy in b.yaml?")
    assert opening[1] == "Caveat: These values are search's."
    # An answer written before the values were kept: the cards alone.
    older = {k: v for k, v in other.items() if k != "values"}
    assert answer.agreement(got["top_cards"], older, "b.yaml").endswith(
        "Under 'classic' they agree, KD at the top."
    )
    # No card shown to matter is said against the threshold (against a blank it is the power
    # that is measured, not the card); the same player, or no variant in common: nothing.
    none = {"pair": "search v search", "variants": {"classic": []}}
    assert answer.agreement(none, other, "b.yaml", points=2).endswith(
        "Under 'classic' they differ, search v search with no card shown to be worth 2 points "
        "or more and greedy v greedy with KD +9.0 [+8.0, +10.0] at the top."
    )
    # Against a blank it is a card's power that is measured: said so.
    assert got["top_cards"]["method"] == "blank"
    blank = dict(none, method="blank")
    assert answer.agreement(blank, dict(other, method="blank"), "b.yaml").endswith(
        "Under 'classic' they differ, search v search with no card's power shown to be worth 1 "
        "point or more and greedy v greedy with KD +9.0 [+8.0, +10.0] at the top."
    )
    assert answer.top_cards([dict(cards[0], size="within noise")], {}) == []
    assert answer.agreement(got["top_cards"], dict(other, pair="search v search"), "b") is None
    assert answer.agreement(got["top_cards"], dict(other, variants={"x": []}), "b") is None


def _houses(matchup, variants, matrix, games=2_000):
    """A suit-split House matrix as `analysis.houses` builds it: `matrix[a][b]` is House a's
    win rate against House b (every pairing played `games` times)."""
    names = list(matrix)
    full = {a: {b: None if a == b else matrix[a][b] for b in names} for a in names}
    mean = {a: sum(v for v in full[a].values() if v is not None) / (len(names) - 1) for a in names}
    return {
        "matchup": matchup,
        "mirror": " v " not in matchup,
        "variants": variants,
        "houses": names,
        "matrix": full,
        "mean": mean,
        "mean_lo": {a: mean[a] - 0.01 for a in names},
        "mean_hi": {a: mean[a] + 0.01 for a in names},
        "games": {a: games * (len(names) - 1) for a in names},
        "pair_games": {a: {b: games for b in names if b != a} for a in names},
        "played": {a: len(names) - 1 for a in names},
    }


def _split(d_s, d_c=0.8, s_c=0.75):
    """Three Houses, D, S and C: D's rate against S is `d_s`."""
    return {
        "D": {"S": d_s, "C": d_c},
        "S": {"D": 1 - d_s, "C": s_c},
        "C": {"D": 1 - d_c, "S": 1 - s_c},
    }


def test_the_strongest_house_is_checked_head_to_head_and_the_other_player_compared():
    houses = [
        _houses("search", "kings=classic", _split(0.45)),  # S beats D head to head
        _houses("greedy", "kings=classic", _split(0.56)),  # D first with greedy
        _houses("search", "kings=enhance", _split(0.60)),
        _houses("greedy", "kings=enhance", _split(0.62)),
        # A mixed match-up measures its agents as much as the Houses: not compared.
        _houses("greedy v random", "kings=enhance", _split(0.30)),
    ]
    facts = _facts([], ["house"], houses=houses)
    facts.chosen = ("search", "search")
    got = answer.answer(facts)
    assert got["sentences"] == [
        "With suit-split decks (kings=classic, search), each House's win rate against the others "
        "on average, strongest first: S 65.0% [64.0%, 66.0%], D 62.5% [61.5%, 63.5%], C 22.5% "
        "[21.5%, 23.5%]; S beats each of the others head to head (the closest: against D it "
        "wins 55.0% [52.8%, 57.2%]).",
        "With suit-split decks (kings=enhance, search), each House's win rate against the others "
        "on average, strongest first: D 70.0% [69.0%, 71.0%], S 57.5% [56.5%, 58.5%], C 22.5% "
        "[21.5%, 23.5%]; D beats each of the others head to head (the closest: against S it "
        "wins 60.0% [57.8%, 62.1%]).",
        "With greedy, the Houses rank in the same order as with search under 'kings=enhance' "
        "(D 71.0%, S 56.5%, C 22.5%); and in another order under 'kings=classic', where it puts "
        "D first, not S (D 68.0%, S 59.5%, C 22.5%), and D wins 56.0% [53.8%, 58.2%] of its "
        "games against S.",
    ]
    # The other player's averages are rows of the answer table too.
    assert [r["value"] for r in got["table"] if r["matchup"] == "greedy"][:3] == [
        "D 68.0% [67.0%, 69.0%]",
        "S 59.5% [58.5%, 60.5%]",
        "C 22.5% [21.5%, 23.5%]",
    ]


def test_a_strongest_house_that_does_not_beat_every_other_says_which_it_does_not():
    # D is strongest on average but loses to S; with a close pairing it is level.
    lost = _houses("greedy", "base", _split(0.45, d_c=0.95, s_c=0.30))
    text = answer.answer(_facts([], ["house"], houses=[lost]))["sentences"][0]
    assert text.endswith(
        "D does not beat every other House head to head: it loses to S (winning 45.0% [42.8%, "
        "47.2%]); beats C."
    )
    # Another order only inside the intervals is not another order.
    noisy = _houses("greedy", "base", _split(0.6, d_c=0.8, s_c=0.75))
    noisy["mean"]["S"], noisy["mean"]["C"] = 0.40, 0.41
    noisy["mean_lo"].update(S=0.39, C=0.40)
    noisy["mean_hi"].update(S=0.41, C=0.42)
    facts = _facts([], ["house"], houses=[_houses("search", "base", _split(0.6)), noisy])
    facts.chosen = ("search", "search")
    assert answer.answer(facts)["sentences"][-1] == (
        "With greedy, the Houses rank in an order within noise of search's (no swap beyond the "
        "intervals) under 'base' (D 70.0%, C 41.0%, S 40.0%)."
    )
    # Another order with the same strongest House: the order alone is said.
    houses = [
        _houses("search", "base", _split(0.6)),
        _houses("greedy", "base", _split(0.9, d_c=0.6, s_c=0.3)),
    ]
    facts = _facts([], ["house"], houses=houses)
    facts.chosen = ("search", "search")
    assert answer.answer(facts)["sentences"][-1] == (
        "With greedy, the Houses rank in another order under 'base' (D 75.0%, C 55.0%, S 20.0%)."
    )
    level = _houses("greedy", "base", _split(0.51, d_c=0.95, s_c=0.30))
    text = answer.answer(_facts([], ["house"], houses=[level]))["sentences"][0]
    assert text.endswith(
        "D does not beat every other House head to head: it is not shown to beat S (winning "
        "51.0% [48.8%, 53.2%]) (within noise); beats C."
    )


def test_one_pairing_is_said_as_one_houses_rate_against_the_other():
    ahead = _houses("search", "enhance", {"D": {"S": 0.643}, "S": {"D": 0.357}}, games=1_000)
    level = _houses("search", "classic", {"D": {"S": 0.488}, "S": {"D": 0.512}}, games=1_000)
    got = answer.answer(_facts([], ["house"], houses=[ahead, level]))
    assert got["sentences"] == [
        "With suit-split decks (enhance, search), D wins 64.3% [61.3%, 67.2%] of its games "
        "against S.",
        "With suit-split decks (classic, search), S wins 51.2% [48.1%, 54.3%] of its games "
        "against D: not shown to differ from even.",
    ]
    # One row a pairing, against an even 50%, with the sentence's interval.
    assert [(r["value"], r["against"]) for r in got["table"]] == [
        ("D v S: 64.3% [61.3%, 67.2%]", "50%"),
        ("S v D: 51.2% [48.1%, 54.3%]", "50%"),
    ]
    # In a mixed match-up the agents' strength is in the rates: said so.
    mixed = dict(ahead, matchup="greedy v random", mirror=False)
    sentence = answer.answer(_facts([], ["house"], houses=[mixed]))["sentences"][0]
    assert sentence.startswith(
        "With suit-split decks (enhance, greedy v random) (a mixed match-up: its agents' "
        "strength is in these rates), D wins 64.3%"
    )


def test_one_house_against_each_other_names_each_house():
    # Spades meets each other House; the others do not meet each other.
    rates = {
        "S": {"D": 0.363, "C": 0.758},
        "D": {"S": 0.637, "C": 0.5},
        "C": {"S": 0.242, "D": 0.5},
    }
    hub = _houses("search", "stun", rates)
    hub["played"] = {"S": 2, "D": 1, "C": 1}
    hub["matrix"]["D"]["C"] = hub["matrix"]["C"]["D"] = None
    got = answer.answer(_facts([], ["house"], houses=[hub]))
    assert got["sentences"][0].startswith(
        "With suit-split decks (stun, search), S's win rate against each House: "
        "D 36.3% [34.2%, 38.4%], C 75.8% [73.9%, 77.6%];"
    )
    assert [r["value"] for r in got["table"]] == [
        "S v D: 36.3% [34.2%, 38.4%]",
        "S v C: 75.8% [73.9%, 77.6%]",
    ]


def _first_house(variant, reference, diff, half, value=0.5, agents=("search", "search")):
    """A pairing's paired comparison of P1's House (`first_house`) under `variant`."""
    return {
        "measure": "first_house",
        "variant": variant,
        "reference": reference,
        "agent_a": agents[0],
        "agent_b": agents[1],
        "n": 1_000,
        "diff": diff,
        "lo": diff - half,
        "hi": diff + half,
        "value": value,
        "base": value - diff,
        "changed": 0.2,
    }


def test_a_houses_average_over_its_pairings_is_compared_on_the_same_deals():
    from sim.analysis.measures import house_means

    splits = {f"{t}, split_houses={s}": s for t in ("dual", "adj") for s in ("D-S", "C-S", "H-S")}
    pairings = [
        # P1 holds D, C, H: S's change is minus theirs.
        _first_house("adj, split_houses=D-S", "dual, split_houses=D-S", -0.0315, 0.0241, 0.412),
        _first_house("adj, split_houses=C-S", "dual, split_houses=C-S", 0.004, 0.0188, 0.209),
        _first_house("adj, split_houses=H-S", "dual, split_houses=H-S", -0.048, 0.0222, 0.118),
        # Another match-up is averaged apart.
        _first_house("adj, split_houses=D-S", "dual, split_houses=D-S", 0.5, 0.01, 0.9, ("g", "g")),
    ]
    means = house_means(pairings, splits)
    # D, C and H play one pairing each (their own comparison says it); greedy's S, one.
    assert [(m["house"], m["agent_a"], m["pairings"]) for m in means] == [("S", "search", 3)]
    s = means[0]
    assert (s["variant"], s["reference"], s["label"]) == (
        "adj",
        "dual",
        "average win rate of S against the other Houses",
    )
    assert s["diff"] == pytest.approx((0.0315 - 0.004 + 0.048) / 3)
    se = math.sqrt(sum((h / 1.96) ** 2 for h in (0.0241, 0.0188, 0.0222))) / 3
    assert (s["lo"], s["hi"]) == pytest.approx((s["diff"] - 1.96 * se, s["diff"] + 1.96 * se))
    assert s["value"] == pytest.approx((0.588 + 0.791 + 0.882) / 3)
    assert s["value"] - s["base"] == pytest.approx(s["diff"])
    assert s["noise"] is False and s["n"] == 3_000
    # In the answer, after the House sentences, with its size.
    rates = {
        "S": {"D": 0.588, "C": 0.791},
        "D": {"S": 0.412, "C": 0.5},
        "C": {"S": 0.209, "D": 0.5},
    }
    hub = _houses("search", "adj", rates)
    hub["played"] = {"S": 2, "D": 1, "C": 1}
    hub["matrix"]["D"]["C"] = hub["matrix"]["C"]["D"] = None
    rows = [_cell("adj", "search", "search", 1_000, (0.5, 0.47, 0.53))]
    got = answer.answer(_facts(rows, ["house"], comparisons=means, houses=[hub]))
    assert got["sentences"][-1] == (
        "Against 'dual' on the same deals (search), S's average win rate against the other "
        "Houses: 'adj' +2.5 points [+1.3, +3.8] (small, perhaps large)."
    )
    # Pairings beyond noise in opposite directions (after the correction): each is said.
    for c, noise in zip(pairings, (False, False, True, False), strict=True):
        c["noise"] = noise
    pairings[1].update(diff=0.05, lo=0.03, hi=0.07)  # C gains: S loses 5 points against C
    apart = house_means(pairings, splits)
    got = answer.answer(_facts(rows, ["house"], comparisons=pairings + apart, houses=[hub]))
    assert got["sentences"][-1].endswith(
        "'adj' +1.0 points [-0.3, +2.3] (within noise; with its pairings apart: against D +3.1 "
        "[+0.7, +5.6], C -5.0 [-7.0, -3.0] and H +4.8 [+2.6, +7.0])."
    )
    # With every House in several pairings, each one's change under each rule set.
    means = [
        dict(s, house=h, diff=d, lo=d - 0.01, hi=d + 0.01) for h, d in (("S", 0.02), ("D", 0.05))
    ]
    got = answer.answer(_facts(rows, ["house"], comparisons=means, houses=[hub]))
    assert got["sentences"][-1] == (
        "Against 'dual' on the same deals (search), each House's average win rate against the "
        "others: under 'adj' D +5.0 points [+4.0, +6.0] (large), S +2.0 points [+1.0, +3.0] "
        "(small, perhaps large)."
    )


def test_another_runs_house_answer_is_set_beside_this_ones_leading_pairing():
    classic = _split(0.45)  # S ahead of D beyond noise (S 55.0%)
    houses = [_houses("search", "classic", classic), _houses("search", "enhance", _split(0.6))]
    # The other run played only D against S: level under classic, D ahead under enhance.
    theirs = {
        "pair": "strong",
        "variants": {
            "classic": {"ranked": ["S", "D"], "pairs": {"S|D": [0.512, 0.481, 0.542]}},
            "enhance": {"ranked": ["D", "S"], "pairs": {"D|S": [0.643, 0.613, 0.673]}},
        },
    }
    facts = Facts(
        {"measures": ["house"], "see_also": ["other.yaml"]},
        [],
        [],
        [],
        houses,
        "classic",
        ["classic", "enhance"],
        quoted_houses={"other.yaml": theirs},
    )
    got = answer.answer(facts)
    # Said right after this player's own House sentences, before the see-also line.
    assert got["sentences"][2] == (
        "Do search here and strong in other.yaml agree on the match between the two strongest "
        "Houses? Under 'classic', S against D, they differ: search has S ahead and strong "
        "neither ahead (search S 55.0% [52.8%, 57.2%], strong S 51.2% [48.1%, 54.2%]); under "
        "'enhance', D against S, both have D ahead (search D 60.0% [57.8%, 62.1%], strong D "
        "64.3% [61.3%, 67.3%])."
    )
    assert got["sentences"][3].startswith("A related question is asked in other.yaml")
    # This answer's own pairings, for the other run to quote back.
    assert got["houses"]["pair"] == "search"
    assert got["houses"]["variants"]["classic"]["ranked"] == ["S", "D", "C"]
    rate, lo, hi = got["houses"]["variants"]["classic"]["pairs"]["S|D"]
    assert (round(rate, 3), round(lo, 3), round(hi, 3)) == (0.55, 0.528, 0.572)
    # The same player in both runs: nothing to set beside.
    same = {**theirs, "pair": "search"}
    facts.quoted_houses = {"other.yaml": same}
    assert not any(s.startswith("Do search") for s in answer.answer(facts)["sentences"])


def test_the_slog_answer_says_how_long_the_late_game_lasts_and_what_each_rule_does_to_it():
    def late(variant, turns, one_card, two_card_games=0, two_card_round=None):
        return {
            **_cell(variant, "search_fast", "search_fast", 4_000, (0.5, 0.48, 0.52)),
            "late_share": 0.5,
            "late_turns_mean": turns,
            "late_low_share": one_card,
            "two_card_games": two_card_games,
            "two_card_round": two_card_round,
        }

    rows = [
        late("none", 6.0, 0.14),
        late("from_round_6", 5.4, 0.002, 2_000, 6.0),
        late("deck_equals_barrows", 6.0, 0.14),
    ]

    def compared(variant, diff, lo, hi, noise):
        return {
            "measure": "late_turns",
            "variant": variant,
            "agent_a": "search_fast",
            "agent_b": "search_fast",
            "base": 6.0,
            "value": 6.0 + diff,
            "diff": diff,
            "lo": lo,
            "hi": hi,
            "noise": noise,
            "n": 2_000,
            "changed": 0.1,
        }

    comparisons = [
        compared("from_round_6", -0.6, -0.7, -0.5, False),
        compared("deck_equals_barrows", 0.0, -0.02, 0.02, True),
    ]
    variants = {
        v: f"houses(extra_draw={v},life=40)"
        for v in ("none", "from_round_6", "deck_equals_barrows")
    }
    got = answer.answer(_facts(rows, ["slog"], comparisons, variants=variants))
    assert got["sentences"] == [
        "How much does each rule shorten the late game, the turns from round 6 on (search_fast "
        "v search_fast, on the same deals, per game that reaches round 6 under 'none')? "
        "'from_round_6' shortens it somewhat: -0.60 turns [-0.70, -0.50] (small; 10.0% fewer); "
        "it drew two cards in "
        "50.0% of the games, from round 6.0 on average; 'deck_equals_barrows' leaves it about "
        "as long: +0.00 turns [-0.02, +0.02] (negligible); its two-card draw never came into "
        "play.",
        "Under 'none' 50.0% of the games reach round 6 and play 6.00 turns from then on (about "
        "3.0 rounds), on average, and 14.0% of those turns begin with at most one card in hand "
        '(the notes\' "one card at a time"). Late turns begun with at most one card: '
        "'from_round_6' 0.2% (a turn that draws two cards begins with at least two, by the "
        "rule itself).",
    ]
    # The variant's value is read on the deals it is compared on: the baseline's 6.00 - 0.60.
    assert got["table"][1]["value"] == "5.40"
    # Half a turn is the smallest difference that matters: -0.6 [-0.7, -0.5] is small, and
    # three times that is large.
    assert [r["size"] for r in got["table"]] == ["", "small", "negligible"]
    comparisons[0].update(diff=-1.6, lo=-1.7, hi=-1.5)
    got = answer.answer(_facts(rows, ["slog"], comparisons, variants=variants))
    assert got["table"][1]["size"] == "large"
    # A rule that lengthens the late game says so.
    comparisons[0].update(diff=0.8, lo=0.7, hi=0.9, value=6.8)
    got = answer.answer(_facts(rows, ["slog"], comparisons, variants=variants))
    assert (
        "'from_round_6' lengthens it somewhat: +0.80 turns [+0.70, +0.90] (small; 13.3% more)"
        in (got["sentences"][0])
    )
    # A two-card draw that starts, on average, after half the games are over says so.
    rows[0]["rounds_median"] = 6.0
    rows[2].update(two_card_games=400, two_card_round=10.1)
    got = answer.answer(_facts(rows, ["slog"], comparisons, variants=variants))
    assert (
        "it drew two cards in 10.0% of the games, from round 10.1 on average (half the games "
        "are over by round 6)." in got["sentences"][0]
    )
    # Whether the lead at round 6 held, per variant, from the games with a player alone ahead.
    rows[0].update(late_leader={"rate": 0.7, "lo": 0.68, "hi": 0.72}, late_led=1_800)
    rows[1].update(late_leader={"rate": 0.65, "lo": 0.63, "hi": 0.67}, late_led=1_810)
    got = answer.answer(_facts(rows, ["slog"], comparisons, variants=variants))
    assert got["sentences"][-1] == (
        "Does the lead hold in the late game? The player alone ahead on life as round 6 began "
        "won 70.0% [68.0%, 72.0%] of 1,800 under 'none'; 65.0% [63.0%, 67.0%] of 1,810 under "
        "'from_round_6'."
    )
    # Another mirror match-up, shorter, after the answering one's.
    greedy = {
        **_cell("none", "greedy", "greedy", 40_000, (0.5, 0.49, 0.51)),
        "late_share": 0.067,
        "late_turns_mean": 2.45,
        "late_low_share": 0.903,
        "two_card_games": 0,
    }
    quick = {
        **compared("from_round_6", -0.17, -0.21, -0.13, False),
        "agent_a": "greedy",
        "agent_b": "greedy",
    }
    facts = _facts([*rows, greedy], ["slog"], [*comparisons, quick], variants=variants)
    got = answer.answer(facts)["sentences"]
    assert got[-1] == (
        "With greedy v greedy, 6.7% of the games reach round 6 and play 2.45 turns from then "
        "on, 90.3% of them begun with at most one card; 'from_round_6' -0.17 turns [-0.21, "
        "-0.13] (negligible)."
    )


def test_a_rule_its_variants_hardly_used_is_said_first():
    rows = [
        _cell(v, "search_fast", "search_fast", 2_000, (0.44, 0.42, 0.46))
        for v in ("none", "five", "seven", "kings")
    ]
    variants = {
        "none": "houses(hand_limit=none,kings=enhance)",
        "five": "houses(hand_limit=5,kings=enhance)",
        "seven": "houses(hand_limit=7,kings=enhance)",
        "kings": "houses(hand_limit=none,kings=share_trait)",
    }

    def used(variant, kind, rule, arose, took, times):
        return {
            "variant": variant,
            "agent_a": "search_fast",
            "agent_b": "search_fast",
            "kind": kind,
            "rule": rule,
            "games": 2_000,
            "games_arose": arose,
            "games_taken": took,
            "taken": times,
        }

    in_play = [
        used("five", "discard", "hand_limit", 18, 18, 28),
        used("seven", "discard", "hand_limit", 300, 300, 400),  # 15% of the games: not rare
        # One power of a rule set (not the option's whole effect): not said.
        used("kings", "trade", "kings=share_trait (King of Hearts)", 40, 10, 10),
    ]
    got = answer.answer(_facts(rows, ["first_player"], variants=variants, in_play=in_play))[
        "sentences"
    ]
    assert got[0] == (
        "Rarely in play (search_fast v search_fast): the 'discard' decision (hand_limit) was "
        "taken in 18 of 2,000 games under 'five' (0.9%; 28 times). The rule acted in few of "
        "those games: a difference under it comes from them, or from players who plan around a "
        "rule they seldom reach."
    )
    # A decision that never arose in a variant's games (not offered there) is not said.
    in_play[0].update(games_arose=0, games_taken=0, taken=0)
    got = answer.answer(_facts(rows, ["first_player"], variants=variants, in_play=in_play))[
        "sentences"
    ]
    assert not any(s.startswith("Rarely in play") for s in got)


def test_how_often_a_rule_that_acts_without_a_choice_acted_follows_the_first_answer():
    rows = [
        _cell(v, p, p, 4_000, (0.45, 0.43, 0.47))
        for v in ("dual", "adjacent", "blocker")
        for p in ("greedy", "search")
    ]
    variants = {
        "dual": "houses(spades_trait=dual_wield)",
        "adjacent": "houses(spades_trait=adjacent_strike)",
        "blocker": "houses(spades_trait=choose_blocker)",
    }

    def row(variant, pair, kind, rule, took, automatic=False):
        return {
            "variant": variant,
            "agent_a": pair,
            "agent_b": pair,
            "kind": kind,
            "rule": rule,
            "games": 4_000,
            "games_arose": took,
            "games_taken": took,
            "taken": took,
            **({"automatic": True} if automatic else {}),
        }

    second = "spades_trait: a Spades soldier's second target was struck or stunned"
    reblock = "spades_trait=choose_blocker, or option1_king_of_hearts=reassign_blockers"
    in_play = [
        row(v, p, "second_targets", second, took, automatic=True)
        for v, took in (("dual", 1_148), ("adjacent", 1_388), ("blocker", 0))
        for p in ("greedy", "search")
    ] + [row("blocker", "search", "reblock", reblock, 603)]
    facts = _facts(rows, ["first_player", "rounds"], variants=variants, in_play=in_play)
    facts.chosen = ("search", "search")
    got = answer.answer(facts)["sentences"]
    said = [s for s in got if s.startswith("How often the rule acted")]
    assert said == [
        "How often the rule acted (search v search): a Spades soldier's second target was "
        "struck or stunned in 28.7% of the games under 'dual' and 34.7% under 'adjacent'; the "
        "'reblock' decision was taken in 15.1% of the games under 'blocker'."
    ]
    # Right after the first measure's sentences, before the next measure's.
    assert got.index(said[0]) < next(i for i, s in enumerate(got) if s.startswith("Games last"))
    # Without such a rule among the varied ones: nothing.
    facts = _facts(rows, ["first_player"], variants=variants, in_play=in_play[-1:])
    assert not any(s.startswith("How often") for s in answer.answer(facts)["sentences"])


def test_the_big_attacks_answer_says_how_hard_one_attack_hits_under_each_layout():
    def layout(variant, share_20, share_27, mean, most, hit):
        return {
            **_cell(variant, "search_fast", "search_fast", 4_000, (0.45, 0.43, 0.47)),
            "attack_20_share": share_20,
            "attack_27_share": share_27,
            "biggest_attack_mean": mean,
            "biggest_attack_max": most,
            "biggest_hit_mean": hit,
        }

    rows = [layout("4x2", 0.05, 0.014, 14.0, 24, 9.0), layout("3x3", 0.20, 0.015, 17.5, 30, 11.0)]

    def compared(measure, diff, lo, hi):
        return {
            "measure": measure,
            "variant": "3x3",
            "agent_a": "search_fast",
            "agent_b": "search_fast",
            "diff": diff,
            "lo": lo,
            "hi": hi,
            "noise": False,
            "n": 4_000,
        }

    comparisons = [
        compared("attack_20", 0.15, 0.13, 0.17),
        {**compared("attack_27", 0.001, -0.004, 0.006), "noise": True},
        compared("biggest_attack", 3.5, 3.2, 3.8),
    ]
    got = answer.answer(_facts(rows, ["big_attacks"], comparisons))
    assert got["sentences"] == [
        "How hard can one attack hit (search_fast v search_fast)? Under '4x2' 5.0% of the games "
        "see an attack of 20 or more (half the starting life) and 1.4% one of 27 or more (what "
        "the notes' bond of a 10, 9 and 8 deals); a game's biggest attack is 14.0 on average (24 "
        "at most), "
        "and its biggest unblocked hit on a player 9.0 on average.",
        "Against that, on the same deals: '3x3' has 20.0% with 20 or more, +15.0 points [+13.0, "
        "+17.0] (large) and 1.5% with 27 or more, +0.1 points [-0.4, +0.6] (negligible); a "
        "game's biggest attack is +3.50 [+3.20, +3.80] (large; 30 at most).",
    ]
    # One block of rows per threshold.
    assert [(r["label"], r["variant"]) for r in got["table"]] == [
        ("games with an attack of 20 or more", "4x2"),
        ("games with an attack of 20 or more", "3x3"),
        ("games with an attack of 27 or more", "4x2"),
        ("games with an attack of 27 or more", "3x3"),
    ]
    # One point of damage is the smallest difference that matters for the biggest attack.
    comparisons[2].update(diff=0.5, lo=0.3, hi=0.7)
    got = answer.answer(_facts(rows, ["big_attacks"], comparisons))
    assert "biggest attack is +0.50 [+0.30, +0.70] (negligible;" in got["sentences"][1]


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
