"""The answer that opens a report, on whole games: game length (and a quoted name in it), the
late game, big attacks, and how far the varied rules were in play."""

from answer_helpers import _cell, _compared, _facts

from sim.reporting import answer


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
