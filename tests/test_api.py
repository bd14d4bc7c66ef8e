"""The Python API: batches of records, determinism, common random numbers."""

import polars as pl
import pytest

import sim
from sim import _core
from sim.play.engine import RECORD_SCHEMA


def test_batch_returns_one_typed_row_per_game():
    df = sim.play_games(200, ("random", "greedy"), seed=5)
    assert df.height == 200
    assert df.schema == pl.Schema(RECORD_SCHEMA)
    assert df["game"].to_list() == list(range(200))
    assert set(df["winner"].unique().to_list()) <= {-1, 0, 1}
    assert set(df["end_reason"].unique().to_list()) <= {"life", "sudden_death"}
    # A game ended by life has a loser at 0 or below.
    by_life = df.filter(pl.col("end_reason") == "life")
    assert (by_life.select(pl.min_horizontal("life_p1", "life_p2")) <= 0).to_series().all()
    assert df["rules_version"].unique().to_list() == [_core.RULES_VERSION]
    assert df["rules"][0].startswith("houses(life=40,")


def test_each_game_stamps_its_own_version_and_agents_theirs():
    info = sim.games.registry()
    assert info["houses"].version == _core.RULES_VERSION
    for game in ("battle_cards", "house_of_suits"):
        df = sim.play_games(4, agents=("greedy", "random"), game=game)
        assert df["rules_version"].unique().to_list() == [info[game].version]
        assert df.schema == pl.Schema(info[game].schema), "the game's own columns, no others"
        assert _core.canonical_agent(game, "greedy") == "greedy@v1"
    # A canonical agent spec names its behaviour version; another version is refused.
    assert _core.canonical_agent("houses", "greedy").startswith("greedy@v")
    version = int(_core.canonical_agent("houses", "greedy").split("@v")[1])
    with pytest.raises(ValueError, match=f"this engine plays version {version}"):
        _core.canonical_agent("houses", f"greedy@v{version + 1}")


def test_the_registry_describes_every_game():
    info = sim.games.registry()
    assert list(info) == ["houses", "battle_cards", "house_of_suits"]
    houses, bc, hs = info.values()
    assert {"kings", "cards", "house_matrix", "pace"} <= set(houses.sections)
    assert bc.sections == hs.sections == []
    assert "life_p1" in dict(bc.columns) and "kings_p1" not in dict(bc.columns)
    assert "score_p1" in dict(hs.columns) and "life_p1" not in dict(hs.columns)
    assert hs.end_reasons == ["match"] and "no_cards" in bc.end_reasons
    assert [o["name"] for o in hs.options] == ["suits", "match"]
    assert {p[0] for p in houses.presets} == {"spring25", "summer20_kings", "summer20"}
    with pytest.raises(ValueError, match="unknown game 'battle_card' .did you mean 'battle_cards'"):
        sim.games.game("battle_card")


def test_same_seed_same_records_for_any_thread_count():
    a = sim.play_games(300, ("greedy", "random"), seed=11, threads=1)
    b = sim.play_games(300, ("greedy", "random"), seed=11, threads=2)
    c = sim.play_games(300, ("greedy", "random"), seed=11, threads=7)
    assert a.equals(b) and a.equals(c)


def test_a_slice_of_a_batch_equals_the_same_games_played_alone():
    whole = sim.play_games(100, seed=3)
    part = sim.play_games(40, seed=3, start=60)
    assert whole.slice(60, 40).equals(part)


def test_cells_share_deals_common_random_numbers():
    # The same game index gets the same seed whatever the agents or rules.
    a = sim.play_games(50, ("random", "random"), seed=9)
    b = sim.play_games(50, ("greedy", "greedy"), seed=9, rules="life=30")
    assert a["seed"].equals(b["seed"])
    assert a["seed"][7] == _core.game_seed(9, 7)


def test_greedy_beats_random():
    df = sim.play_games(2000, ("greedy", "random"), seed=1)
    assert (df["winner"] == 0).mean() > 0.8


def test_bad_rules_and_agents_name_the_choices():
    with pytest.raises(ValueError, match=r"did you mean 'front_ranks'\?"):
        sim.play_games(1, rules="front_rank=3x3")
    with pytest.raises(ValueError, match="valid agents: random, greedy"):
        sim.play_games(1, ("random", "grredy"))


def test_rule_options_listed_with_defaults():
    opts = {o["name"]: o for o in sim.rule_options()}
    assert opts["life"]["default"] == "40"
    assert opts["front_ranks"]["choices"] == ["4x2", "3x3"]
    assert sim.canonical_rules({"jokers": True}).count("jokers=true") == 1


def test_swapping_seats_in_odd_games_plays_the_same_deals_the_other_way_round():
    plain = sim.play_games(20, ("greedy", "random"), seed=4)
    swapped = sim.play_games(20, ("greedy", "random"), seed=4, swap_seats=True)
    assert swapped["seed"].equals(plain["seed"])
    assert swapped["agent_p1"].to_list()[:4] == ["greedy", "random", "greedy", "random"]
    assert swapped["seats_swapped"].to_list()[:2] == [False, True]
    reverse = sim.play_games(20, ("random", "greedy"), seed=4)
    seating = ("agent_p1", "agent_p2", "seats_swapped", "a_seat")
    odd = swapped.filter(swapped["seats_swapped"]).drop(seating)
    same = reverse.filter(reverse["game"] % 2 == 1).drop(seating)
    assert odd.equals(same), "an odd game swapped is the reversed pairing's game"
