"""The answer that opens a report, on cards: their values and ranking, the question's own
card, what a playtest sees of a King's deployer, card changes, and two runs' top cards."""

from answer_helpers import _cell, _facts, _search_gap, _search_value, _value

from sim.reporting import answer
from sim.reporting.answer import Facts


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
