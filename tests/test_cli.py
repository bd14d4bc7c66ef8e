"""The `sim` command line, run as a user would."""

import json
import os
import subprocess
import sys

import pytest
from conftest import sim

from sim import play_games


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
    # The position file is read like an experiment file: a repeated key is an error, not the
    # last one silently kept.
    f.write_text("players: {P1: {hand: [7H]}, P2: {}}\nmoves: [end]\nmoves: [end]\n")
    r = sim("scenario", str(f), check=False)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "bad.yaml:3:" in r.stderr and "'moves'" in r.stderr, r.stderr


def test_bench_prints_one_json_object():
    r = json.loads(sim("bench", "--games", "2000", "--json").stdout)
    assert r["games"] == 2000 and r["threads"] == 1
    assert r["games_per_second"] > 0 and r["seconds"] > 0


def test_bench_measures_each_game_and_counts_every_seats_decisions():
    r = json.loads(sim("bench", "--games", "200", "--game", "battle_cards", "--json").stdout)
    assert r["rules"].startswith("battle_cards(") and r["games"] == 200
    # At a table of three, the decisions of the third seat count too: the rate times the
    # time is every seat's decisions in the same games (seed 0, as `sim bench` plays them).
    r = json.loads(sim("bench", "--games", "300", "--rules", "players=3", "--json").stdout)
    games = play_games(300, ("random", "random"), 0, "players=3", threads=1)
    every_seat = int(sum(games[f"decisions_p{k}"].sum() for k in (1, 2, 3)))
    assert games["decisions_p3"].sum() > 0
    assert abs(r["decisions_per_second"] * r["seconds"] / every_seat - 1) < 0.01


def test_rules_lists_every_option_and_preset_as_json():
    out = json.loads(sim("rules", "--json").stdout)
    names = {o["name"] for o in out["options"]}
    assert {
        "life",
        "jokers",
        "front_ranks",
        "hearts_trait",
        "kings",
        "spades_trait",
        "deck",
        "extra_draw",
        "jack_of_clubs",
        "hand_limit",
        "king_aid_half",
    } <= names
    kings = next(o for o in out["options"] if o["name"] == "kings")
    assert kings["default"] == "enhance"
    # What each choice means, in the choices' order; the text listing says it under the option.
    assert len(kings["choice_help"]) == len(kings["choices"])
    assert kings["choice_help"][1].startswith("The Kings as the Summer '20 notes assess them")
    text = sim("rules").stdout
    assert "\n      classic: The Kings as the Summer '20 notes assess them" in text
    assert kings["choices"] == ["enhance", "classic", "option1", "share_trait"]
    assert [p["name"] for p in out["presets"]] == ["spring25", "summer20_kings", "summer20"]
    summer20 = out["presets"][2]["options"]
    assert summer20.startswith(out["presets"][1]["options"] + ",hand_limit=5,starting_player=coin")


def test_replay_under_classic_kings_and_suit_split_decks():
    out = sim("replay", "--seed", "1", "--rules", "kings=classic,deck=suit_split").stdout
    first = out.splitlines()[0]
    assert "kings=classic" in first and "deck=suit_split" in first
    assert out.strip().splitlines()[-1].startswith("winner: ")
    # Suit split, Spades against Hearts by default: P1 only ever draws Spades.
    draws = [ln.split()[-1] for ln in out.splitlines() if ln.startswith("draw: P1 draws")]
    assert draws and all(c.endswith("S") for c in draws)


def test_bad_rule_option_is_a_clear_error():
    r = sim("replay", "--rules", "kings=clasic", check=False)
    assert r.returncode == 2
    assert "rule option 'kings' has no value 'clasic' (did you mean 'classic'?)" in r.stderr
    assert "valid values: enhance, classic, option1, share_trait" in r.stderr


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


def test_ladder_orders_random_below_greedy_with_intervals():
    out = json.loads(sim("ladder", "--agents", "random,greedy", "--games", "300", "--json").stdout)
    assert [r["agent"] for r in out["ratings"]] == ["random", "greedy"]
    low, high = out["ratings"]
    assert high["lo"] > low["hi"], "the intervals separate"
    assert out["ordering"][0]["significant"] and out["strict"]
    pair = out["pairs"][0]
    assert pair["wins_a"] + pair["wins_b"] + pair["draws"] == 300


def test_play_summary_counts_every_seat_of_a_larger_table():
    # At three players the summary used to count the third seat's wins as draws, half to P1.
    out = sim("play", "--games", "200", "--agents", "greedy,random", "--rules", "players=3")
    lines = out.stdout.splitlines()
    games = play_games(200, ("greedy", "random"), 0, "players=3", threads=1)
    wins = [int((games["winner"] == s).sum()) for s in range(3)]
    draws = 200 - sum(wins)
    assert lines[0] == (
        f"games: 200  P1 (greedy) wins {wins[0]}  P2 (random) wins {wins[1]}  "
        f"P3 (random) wins {wins[2]}  draws {draws}"
    )
    assert wins[2] > 0
    assert lines[3].startswith(f"P3 win rate {(wins[2] + draws / 3) / 200:.3f}")


def test_ladder_at_a_table_of_three_plays_each_agent_alone_among_the_one_below_it():
    # Head-to-head ratings need two seats (counting by two seats once called a third-seat win a
    # draw); at three, each step is the stronger agent alone among the weaker, in every seat in
    # turn, against an even third.
    out = json.loads(
        sim(
            "ladder", "--agents", "random,greedy", "--games", "60", "--rules", "players=3", "--json"
        ).stdout
    )
    (step,) = out["ordering"]
    assert (step["lower"], step["higher"], step["games"]) == ("random", "greedy", 60)
    assert step["even"] == pytest.approx(1 / 3)
    df = play_games(60, ("greedy", "random"), seed=1, rules="players=3", swap_seats=True)
    assert step["wins"] == int((df["winner"] == df["a_seat"]).sum())
    assert sorted(set(df["a_seat"].to_list())) == [0, 1, 2]
    assert step["significant"] and step["lo"] > 1 / 3, step


def test_ladder_rates_the_agents_of_another_game():
    out = json.loads(
        sim(
            "ladder",
            "--game",
            "house_of_suits",
            "--agents",
            "random,greedy",
            "--games",
            "100",
            "--json",
        ).stdout
    )
    assert out["rules"].startswith("house_of_suits(")
    assert out["pairs"][0]["games"] == 100 and out["strict"]


def test_personas_are_agents_by_name():
    r = sim("replay", "--seed", "3", "--agents", "defensive,aggressive")
    assert r.stdout.strip().splitlines()[-1].startswith("winner: ")
    r = sim("play", "--games", "10", "--agents", "defensiv", check=False)
    assert r.returncode == 2 and "(did you mean 'defensive'?)" in r.stderr


def test_bench_reports_decisions_per_second_for_the_search_agent():
    r = json.loads(
        sim(
            "bench", "--games", "4", "--agents", "search(iterations=500,worlds=2),greedy", "--json"
        ).stdout
    )
    by = r["decisions_per_second_by_agent"]
    search = by["search(iterations=500,worlds=2)"]
    # Each agent's rate is its own (from a batch against itself), not a share of the mixed
    # batch's wall time: the one-ply greedy player decides far faster than 500 simulations
    # (a thousand times on large batches; tens of times even on these 4 games, where the
    # batch's fixed costs dominate). Shares of one wall time would make the rates about equal.
    assert search > 0 and by["greedy"] > 3 * search
    # The usage table: every agent's decisions by kind; each game starts with a real choice.
    usage = r["usage"]
    assert set(usage) == {"greedy", "search(iterations=500,worlds=2)"}
    assert all(u["attack_player"]["arose"] >= u["attack_player"]["taken"] for u in usage.values())


def test_replay_battle_cards_prints_a_readable_game():
    out = sim("replay", "--game", "battle_cards", "--seed", "1").stdout.strip().splitlines()
    assert out[0].startswith("rules: battle_cards(life=20,hand_size=4,")
    assert any(line.startswith("== turn 1 P1 (life P1 20 P2 20) hand: ") for line in out)
    assert out[-1] in {"winner: P1", "winner: P2", "winner: draw"}
    r = sim("replay", "--game", "battle_cards", "--rules", "lifee=5", check=False)
    assert (
        r.returncode == 2
        and "unknown battle_cards option 'lifee' (did you mean 'life'?)" in r.stderr
    )


def test_replay_house_of_suits_prints_a_readable_match():
    out = sim("replay", "--game", "house_of_suits", "--seed", "1").stdout.strip().splitlines()
    assert out[0] == "rules: house_of_suits(suits=4,match=four)"
    assert sum(line.startswith("== game ") for line in out) == 4
    assert any(line.startswith("market: D=") for line in out)
    assert out[-1] in {"winner: P1", "winner: P2", "winner: draw"}


def test_ladder_in_chunks_stops_a_lopsided_pair_early():
    out = json.loads(
        sim(
            "ladder", "--agents", "random,greedy", "--games", "1000", "--chunk", "100", "--json"
        ).stdout
    )
    assert out["pairs"][0]["games"] == 100, "greedy beats random beyond doubt after 100 games"
    assert out["strict"]


def test_agents_lists_every_agent_and_persona_with_its_versioned_spec():
    out = sim("agents").stdout
    assert "greedy (built-in)" in out and "greedy@v" in out
    assert "defensive (persona" in out and "heuristic(aggression=0.7," in out
    assert "python:FILE.py:Class" in out
    # The two forms --agents takes besides the engine's: a person, and a Python class.
    assert "Also: human, a person at the terminal (sim play --game houses --agents human,B" in out
    bc = sim("agents", "--game", "battle_cards").stdout
    assert "greedy@v1" in bc and "defensive" not in bc
    assert "human, a person at the terminal (sim play --game battle_cards" in bc
    assert "python:" not in bc  # agents written in Python play Houses-Skirmish only


SEEDS = "an integer from 0 to 18446744073709551615 (2^64-1)"
GAMES = "a number of games from 1 to 100000000"
THREADS = "0 (all cores) or a number of threads up to 1024"


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "--games", "0"], f"--games: expected {GAMES}, got 0"),
        (["play", "--games", "-3"], f"--games: expected {GAMES}, got -3"),
        (["bench", "--games", "0"], f"--games: expected {GAMES}, got 0"),
        (["ladder", "--games", "0"], f"--games: expected {GAMES}, got 0"),
        (["ladder", "--games", "-1"], f"--games: expected {GAMES}, got -1"),
        (
            ["ladder", "--chunk", "-5"],
            "--chunk: expected 0 (no chunks) or a number of games up to 100000000, got -5",
        ),
        (["play", "--seed", "-1"], f"--seed: expected {SEEDS}, got -1"),
        (["play", "--seed", str(2**64)], f"--seed: expected {SEEDS}, got {2**64}"),
        (["bench", "--seed", "-2"], f"--seed: expected {SEEDS}, got -2"),
        (["ladder", "--seed", str(2**70)], f"--seed: expected {SEEDS}, got {2**70}"),
        (["replay", "--seed", "-1"], f"--seed: expected {SEEDS}, got -1"),
        (["replay", "--seed", str(2**64)], f"--seed: expected {SEEDS}, got {2**64}"),
        (["play", "--threads", "40000"], f"--threads: expected {THREADS}, got 40000"),
        (["play", "--threads", "-1"], f"--threads: expected {THREADS}, got -1"),
        (["bench", "--threads", "40000"], f"--threads: expected {THREADS}, got 40000"),
        (["ladder", "--workers", "-2"], f"--workers: expected {THREADS}, got -2"),
        (
            ["run", "--workers", "-1", "experiments/smoke.yaml"],
            f"--workers: expected {THREADS}, got -1",
        ),
    ],
)
def test_numbers_out_of_range_are_one_line_errors(root, args, message):
    r = subprocess.run(
        [sys.executable, "-m", "sim.cli", *args], capture_output=True, text=True, cwd=root
    )
    assert (r.returncode, r.stderr) == (2, f"error: {message}\n")


def test_bench_threads_0_uses_every_core_and_a_top_seed_wraps():
    r = sim("bench", "--games", "10", "--threads", "0", "--seed", str(2**64 - 1), "--json")
    assert json.loads(r.stdout)["threads"] == os.cpu_count()


def test_play_out_names_a_parquet_file(tmp_path):
    (tmp_path / "f").write_text("")
    (tmp_path / "d.parquet").mkdir()
    cases = [
        ("g.csv", f"--out writes Parquet records: name a .parquet file, not '{tmp_path}/g.csv'"),
        (".", f"--out writes Parquet records: name a .parquet file, not '{tmp_path}'"),
        ("d.parquet", f"--out {tmp_path}/d.parquet is a folder: name a .parquet file"),
        ("f/x.parquet", f"--out {tmp_path}/f/x.parquet: {tmp_path}/f is a file, not a folder"),
    ]
    for name, message in cases:
        out = tmp_path / name if name != "." else tmp_path
        r = sim("play", "--games", "3", "--out", str(out), check=False)
        assert (r.returncode, r.stderr, r.stdout) == (2, f"error: {message}\n", "")
    assert not (tmp_path / "g.csv").exists()
