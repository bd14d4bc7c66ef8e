"""The answer that opens a report, on Houses with suit-split decks: the strongest House head
to head, single pairings, changes on the same deals, and another run's House answer."""

import math

import pytest
from answer_helpers import _cell, _facts

from sim.reporting import answer
from sim.reporting.answer import Facts


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
    from sim.analysis.houses import house_means

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
