"""The `sim` command line, run as a user would."""

import json
import subprocess
import sys


def sim(*args, check=True):
    return subprocess.run(
        [sys.executable, "-m", "sim.cli", *args], capture_output=True, text=True, check=check
    )


def test_replay_prints_a_whole_game_ending_with_the_winner():
    out = sim("replay", "--seed", "1").stdout.strip().splitlines()
    assert out[-1] in {"winner: P1", "winner: P2", "winner: draw"}
    assert any(line.startswith("== turn 1 (round 1)") for line in out)
    assert any(line.startswith("advantage draw:") for line in out)
    # Same seed, same game.
    assert sim("replay", "--seed", "1").stdout.strip().splitlines() == out


def test_replay_under_other_rules():
    out = sim("replay", "--seed", "2", "--rules", "jokers=true,front_ranks=3x3").stdout
    assert "front_ranks=3x3" in out.splitlines()[0]
    assert out.strip().splitlines()[-1].startswith("winner: ")


def test_scenario_reproduces_the_summer_20_worked_example(root):
    state = json.loads(sim("scenario", str(root / "tests/scenarios/worked_example.yaml")).stdout)
    p1, p2 = state["players"]["P1"], state["players"]["P2"]
    # P1 loses the 5/2 bond and the 9; the 3 and the 4 attacked and are exhausted.
    assert p1["front"] == ["3D exhausted", "4S exhausted"]
    # P2 takes 3 and loses the 6 of the 6/4 bond; the King took 4 and stands.
    assert p2["life"] == 37
    assert p2["front"] == ["10D", "4C"]
    assert p2["rear"] == ["KC"]
    assert sorted(state["barrows"]) == sorted(["5H", "2H", "9S", "6C"])
    assert state["pending"] == "deploy" and state["active"] == "P2"


def test_scenario_errors_name_the_file_and_the_move(tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text("players: {P1: {hand: [7H]}, P2: {}}\nmoves: [deploy 8H]\n")
    r = sim("scenario", str(f), check=False)
    assert r.returncode == 2
    assert "bad.yaml: moves[0]: illegal move 'deploy 8H' for P1 at deploy" in r.stderr
    assert "Traceback" not in r.stderr
    f.write_text("players: {P1: {hand: [7H, 7H]}}\n")
    r = sim("scenario", str(f), check=False)
    assert "card 7H appears twice in the position" in r.stderr


def test_bench_prints_one_json_object():
    r = json.loads(sim("bench", "--games", "2000", "--json").stdout)
    assert r["games"] == 2000 and r["threads"] == 1
    assert r["games_per_second"] > 0 and r["seconds"] > 0


def test_rules_lists_every_option_as_json():
    opts = json.loads(sim("rules", "--json").stdout)
    assert {"life", "jokers", "front_ranks", "hearts_trait"} <= {o["name"] for o in opts}


def test_unknown_agent_is_a_clear_error():
    r = sim("play", "--games", "10", "--agents", "random,smart", check=False)
    assert r.returncode == 2
    assert "unknown agent 'smart'; valid agents: random, greedy" in r.stderr


def test_play_writes_parquet(tmp_path):
    import polars as pl

    out = tmp_path / "r.parquet"
    r = sim("play", "--games", "300", "--agents", "greedy,random", "--out", str(out))
    assert "P1 win rate" in r.stdout
    assert pl.read_parquet(out).height == 300
