"""How often a rule came into play, counted from the records' usage columns (sim.analysis.usage)."""

import polars as pl

import sim
from sim import games
from sim.analysis import usage


def test_a_hand_limit_comes_into_play_in_the_games_where_a_player_discards_to_it():
    info = games.game("houses")
    assert usage.rule_kinds(info, {"hand_limit"}) == {"discard": "hand_limit"}
    records = pl.concat(
        [
            sim.play_games(300, ("greedy", "random"), seed=2, rules=rules).with_columns(
                cell=pl.lit(name)
            )
            for name, rules in (("none", None), ("three", "hand_limit=3"))
        ],
        how="diagonal_relaxed",
    )
    got = {r["cell"]: r for r in usage.in_play(records.lazy(), info, {"hand_limit"})}
    assert set(got) == {"none", "three"} and {r["kind"] for r in got.values()} == {"discard"}
    assert (got["none"]["games_arose"], got["none"]["taken"]) == (0, 0)
    three = records.filter(pl.col("cell") == "three")
    took = three["taken_discard_p1"] + three["taken_discard_p2"]
    arose = three["arose_discard_p1"] + three["arose_discard_p2"]
    assert got["three"]["games"] == 300
    assert got["three"]["games_taken"] == (took > 0).sum() > 0
    assert got["three"]["games_arose"] == (arose > 0).sum()
    assert got["three"]["taken"] == took.sum()


def test_a_spades_trait_acts_in_the_games_where_a_second_target_was_struck_or_stunned():
    info = games.game("houses")
    records = pl.concat(
        [
            sim.play_games(300, ("greedy", "greedy"), seed=2, rules=rules).with_columns(
                cell=pl.lit(name)
            )
            for name, rules in (("dual", None), ("blocker", "spades_trait=choose_blocker"))
        ],
        how="diagonal_relaxed",
    )
    got = {
        r["cell"]: r
        for r in usage.in_play(records.lazy(), info, {"spades_trait"})
        if r.get("automatic")
    }
    assert {r["kind"] for r in got.values()} == {"second_targets"}
    dual = records.filter(pl.col("cell") == "dual")
    struck = dual["second_targets_p1"] + dual["second_targets_p2"]
    assert got["dual"]["games_taken"] == (struck > 0).sum() > 0
    assert got["dual"]["taken"] == struck.sum()
    # Choosing the blocker strikes no second target: it acts through its decision instead.
    assert got["blocker"]["games_taken"] == 0
    assert got["blocker"]["rule"].startswith("spades_trait: ")
