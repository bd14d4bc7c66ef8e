"""How often a rule came into play, counted from the records' usage columns (sim.usage)."""

import polars as pl

import sim
from sim import games, usage


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
