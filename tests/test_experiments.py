"""Experiment files and `sim run`: validation, determinism, resume, stopping rule, Dask."""

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest
from conftest import tiny_experiment

from sim.analysis.stats import wilson
from sim.reporting.report import build
from sim.running.experiment import ExperimentError, load
from sim.running.runner import run

GOOD = tiny_experiment(3000, 1000)


def sim(*args, check=True, **kw):
    return subprocess.run(
        [sys.executable, "-m", "sim.cli", *args], capture_output=True, text=True, check=check, **kw
    )


def records(out: Path) -> pl.DataFrame:
    return pl.read_parquet(out / "records" / "*" / "*.parquet").sort("cell", "game")


def write(tmp_path: Path, text: str, name: str = "exp.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text)
    return p


# Each bad file: (text, the line, the expected message).
BAD = [
    (
        "nme: x\n" + GOOD.split("\n", 1)[1],
        1,
        "key 'nme': unknown key (did you mean 'name'?); valid keys: name, question",
    ),
    (GOOD.replace("name: tiny", "name: two words"), 1, "key 'name': expected a short name"),
    (GOOD.replace("seed: 3", "seed: many"), 3, "key 'seed': expected an integer from 0 to "),
    (
        GOOD.replace("{kings: classic}", "{kings: clasic}"),
        8,
        "key 'rules.variants[1].options.kings': rule option 'kings' has no value 'clasic' "
        "(did you mean 'classic'?); valid values: enhance, classic, option1, share_trait",
    ),
    (
        GOOD.replace("{kings: classic}", "{kingz: classic}"),
        8,
        "key 'rules.variants[1].options.kingz': unknown rule option 'kingz' "
        "(did you mean 'kings'?)",
    ),
    (
        GOOD.replace("[greedy, random]", "[greedy, randon]"),
        10,
        "key 'matchups[0][1]': unknown agent 'randon' (did you mean 'random'?); "
        "valid agents: random, greedy",
    ),
    (GOOD.replace("games: 3000", "games: -5"), 11, "key 'games': expected a positive integer"),
    (
        GOOD.replace("games: 3000", "until: {ci_halfwidth: 0.01, max_games: 10}\ngames: 5"),
        12,
        "give exactly one of 'games' (a fixed number per cell) or 'until'",
    ),
    (
        GOOD.replace("games: 3000", "until: {ci_halfwidth: 2, max_games: 10}"),
        11,
        "key 'until.ci_halfwidth': expected a number between 0 and 0.5, got 2",
    ),
    (
        GOOD.replace("    - name: classic", "    - name: base"),
        7,
        "key 'rules.variants[1].name': variant 'base' is named twice",
    ),
    (
        GOOD.replace("rules:", "rules:\n  baseline: basline"),
        5,
        "key 'rules.baseline': no variant named 'basline' (did you mean 'base'?)",
    ),
    (
        GOOD.replace("rules:", "rules:\n  preset: spring52"),
        5,
        "key 'rules.preset': unknown preset 'spring52' (did you mean 'spring25'?)",
    ),
    (
        GOOD.replace("{kings: classic}", "{deck: suit_split, jokers: true}"),
        5,
        "variant 'classic': deck=suit_split plays without Jokers",
    ),
    (
        GOOD.replace("chunk_size: 1000", "chunk_size: 0"),
        12,
        "key 'chunk_size': expected a positive integer",
    ),
    (
        GOOD.replace("  - [greedy, random]", "  - [greedy, random]\n  - [greedy, random]"),
        11,
        "key 'matchups[1]': the match-up ['greedy', 'random'] is listed twice",
    ),
    (
        GOOD.replace("[greedy, random]", "{agents: [greedy, random], chunk_size: 0}"),
        10,
        "key 'matchups[0].chunk_size': expected a positive integer",
    ),
    (
        GOOD.replace("[greedy, random]", "{agents: [greedy, random], chunks: 5}"),
        10,
        "key 'matchups[0].chunks': unknown key (did you mean 'chunk_size'?)",
    ),
    ("name: x\nquestion: [unclosed\n", 3, "not valid YAML"),
    (
        GOOD + "answer: {measures: [first_playr]}\n",
        13,
        "key 'answer.measures[0]': unknown measure 'first_playr' (did you mean "
        "'first_player'?); valid measures: first_player, a_wins, no_winner, rounds, slog, "
        "big_attacks, card_value, card_change, king_deployer, house",
    ),
    (
        GOOD + "answer: {measures: [rounds], matters: {rounds: -1}}\n",
        13,
        "key 'answer.matters.rounds': expected a positive number, got -1",
    ),
    (
        GOOD + "answer: {measures: [a_wins], matchup: [greedy, greedy]}\n",
        13,
        "key 'answer.matchup': expected one of the match-ups: [greedy, random]; got "
        "['greedy', 'greedy']",
    ),
    (
        GOOD + "answer: {measures: [a_wins], focus: KS}\n",
        13,
        "key 'answer.focus': expected one of the impact cards: none (the file has no impact: "
        "cards); got 'KS'",
    ),
    (
        GOOD + "impact: {cards: [KC]}\nanswer: {measures: [card_value], focus: QS}\n",
        14,
        "key 'answer.focus': expected one of the impact cards: KC; got 'QS'",
    ),
    (
        GOOD + "answer: {measures: [a_wins], caveat: [1, 2]}\n",
        13,
        "key 'answer.caveat': expected a sentence or two of text, got [1, 2]",
    ),
    (
        GOOD + "answer: {measures: [a_wins], see_also: [nowhere.yaml]}\n",
        13,
        "key 'answer.see_also': no such experiment file next to exp.yaml: nowhere.yaml",
    ),
    (
        "name: bc\nquestion: Who wins?\nseed: 1\ngame: battle_cards\nmatchups:\n"
        "  - [greedy, random]\ngames: 10\nanswer: {measures: [king_deployer]}\n",
        8,
        "key 'answer.measures': king_deployer needs a game with Kings (Houses-Skirmish)",
    ),
    (
        "name: bc\nquestion: Who wins?\nseed: 1\ngame: battle_cards\nmatchups:\n"
        "  - [greedy, random]\ngames: 10\nanswer: {measures: [slog]}\n",
        8,
        "key 'answer.measures': slog needs Houses-Skirmish (its pace records)",
    ),
    # Cell folders keep only some characters: names that differ in the others would share one.
    (
        GOOD.replace("name: base", "name: v 1").replace("name: classic", "name: v_1"),
        7,
        "key 'rules.variants[1].name': variants 'v_1' and 'v 1' would share the cell folder "
        "'v_1__greedy-vs-random' (a folder name keeps letters, digits and _.+-, writes '=' as "
        "'-' and any other character as '_'); rename one",
    ),
    # '=' is written as '-' (a folder with '=' reads as a Hive partition): 'a=b' and 'a-b' collide.
    (
        GOOD.replace("name: base", "name: a=b").replace("name: classic", "name: a-b"),
        7,
        "key 'rules.variants[1].name': variants 'a-b' and 'a=b' would share the cell folder "
        "'a-b__greedy-vs-random'",
    ),
    (
        GOOD.replace("  - [greedy, random]", "  round_robin: [greedy, random, greedy]"),
        10,
        "key 'matchups.round_robin[2]': agent 'greedy' is listed twice",
    ),
]


SEEDS = "an integer from 0 to 18446744073709551615 (2^64-1)"
# Each file sim validate refuses in one line: (text, the problem after 'error: FILE:').
ONE_LINE = [
    (GOOD.replace("seed: 3\n", ""), f"1: key 'seed': missing; expected {SEEDS}, e.g. seed: 1"),
    (
        GOOD.replace("seed: 3", f"seed: {2**64}"),
        f"3: key 'seed': expected {SEEDS}, got {2**64}",
    ),
    (GOOD.replace("seed: 3", "seed: -1"), f"3: key 'seed': expected {SEEDS}, got -1"),
    (
        GOOD.replace("games: 3000", "until: {ci_halfwidth: 0.1, max_games: 100, min_games: 200}"),
        "11: key 'until.min_games': expected at most max_games (100), got 200: a cell would "
        "stop at max_games before min_games",
    ),
    (
        GOOD.replace("games: 3000", "until: {max_games: 100}"),
        "11: key 'until.ci_halfwidth': missing: a stopping rule stops a cell once its 95% "
        "interval is this narrow, a number between 0 and 0.5 (for a fixed number of games, "
        "give games: N instead of until)",
    ),
    (
        GOOD.replace("games: 3000", "until: {ci_halfwidth: 0.1}"),
        "11: key 'until.max_games': missing: a stopping rule needs max_games, the most games "
        "a cell plays (a positive integer)",
    ),
    (
        GOOD + "seed: 4\n",
        "13: key 'seed': given twice in one mapping (first at line 3); give each key once",
    ),
    (
        GOOD.replace("{kings: classic}", "{kings: classic, kings: enhance}"),
        "8: key 'rules.variants[1].options.kings': given twice in one mapping (first at line "
        "8); give each key once",
    ),
    (
        GOOD.replace("{kings: classic}", "{kings: 'classic,kings=enhance'}"),
        "8: key 'rules.variants[1].options.kings': rule option 'kings' is given twice "
        "(kings=classic, kings=enhance); give each option once",
    ),
    (
        "a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]\n"
        + "".join(
            f"{x}: &{x} [{', '.join([f'*{p}'] * 9)}]\n"
            for p, x in zip("abcdefgh", "bcdefghi", strict=True)
        ),
        "1: the file expands to more than 10000 values through YAML aliases (*name); write "
        "the values out or use fewer aliases",
    ),
    (
        "a: &x [*x]\n",
        "1: the file expands to more than 10000 values through YAML aliases "
        "(*name); write the values out or use fewer aliases",
    ),
    (
        GOOD + "output: 5\n",
        "13: key 'output': expected the output folder, a path such as reports/tiny; got 5",
    ),
    (
        GOOD + "output: [a, b]\n",
        "13: key 'output': expected the output folder, a path such as reports/tiny; got ['a', 'b']",
    ),
    (
        "name: " + "[" * 5000 + "]" * 5000 + "\n",
        " lists or mappings nested too deeply (experiments need a few levels)",
    ),
    # A run's size is bounded before anything is planned (10**12 games grew memory at 35 MB/s).
    (
        GOOD.replace("games: 3000", f"games: {10**12}"),
        f"11: key 'games': expected a positive integer up to 1000000000, got {10**12}",
    ),
    (
        GOOD.replace("games: 3000", f"until: {{ci_halfwidth: 0.01, max_games: {10**10}}}"),
        f"11: key 'until.max_games': expected a positive integer up to 1000000000, got {10**10}",
    ),
    (
        GOOD.replace("[greedy, random]", "{agents: [greedy, random], max_games: 1000000001}"),
        "10: key 'matchups[0].max_games': expected a positive integer up to 1000000000, got "
        "1000000001",
    ),
    (
        GOOD.replace("chunk_size: 1000", "chunk_size: 2000000"),
        "12: key 'chunk_size': expected a positive integer up to 1000000, got 2000000",
    ),
    (
        GOOD.replace("games: 3000", "games: 1000000000").replace(
            "chunk_size: 1000", "chunk_size: 1"
        ),
        "12: key 'chunk_size': the run would write up to 2000000000 chunk files (2 cells); at "
        "most 10000: raise chunk_size (up to 1000000) or lower the games per cell",
    ),
    (
        GOOD.replace(
            "  variants:\n    - name: base\n    - name: classic\n      options: {kings: classic}",
            "  sweep: {life: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], hand_limit: [1, 2, 3, 4, 5, 6, 7, "
            "8, 9, 10], starting_player: [coin, advantage_draw], jokers: [true, false], "
            "front_ranks: [4x2, 3x3], defeat: [exceeds, reaches], scouts: [true, false], "
            "soul_burn: [true, false], rear_deploy: [exhausted, ready]}",
        ),
        "5: key 'rules.sweep': crosses into 10 x 10 x 2 x 2 x 2 x 2 x 2 x 2 x 2 = 12800 "
        "variants; a run "
        "has at most 10000 cells: sweep fewer options or values",
    ),
    (
        GOOD.replace(
            "  - [greedy, random]",
            "  round_robin: ["
            + ", ".join(f"'heuristic(aggression={i})'" for i in range(142))
            + "]",
        ),
        "10: key 'matchups.round_robin': 142 agents make 10011 match-ups; a run has at most "
        "10000 cells: list fewer agents",
    ),
]


@pytest.mark.parametrize(("text", "problem"), ONE_LINE)
def test_validate_refuses_in_one_line(tmp_path, text, problem):
    f = write(tmp_path, text)
    r = sim("validate", str(f), check=False)
    assert (r.returncode, r.stderr) == (
        2,
        f"error: {f}:{problem}\n{f}: 1 problem; nothing was run\n",
    )


def test_an_output_that_is_a_file_is_refused(tmp_path):
    f = write(tmp_path, GOOD + f"output: {tmp_path}/exp.yaml\n")
    r = sim("validate", str(f), check=False)
    assert (r.returncode, r.stderr) == (
        2,
        f"error: {f}:13: key 'output': {f} is a file, not a folder; name a folder for the "
        f"run\n{f}: 1 problem; nothing was run\n",
    )


def test_validate_refuses_a_file_that_is_not_utf8(tmp_path):
    f = tmp_path / "exp.yaml"
    f.write_bytes(GOOD.replace("Does greedy", "Caf\xe9: does greedy").encode("latin-1"))
    r = sim("validate", str(f), check=False)
    assert (r.returncode, r.stderr) == (
        2,
        f"error: {f}:2: not UTF-8 text (byte 0xe9 at offset 24); save the file as UTF-8\n"
        f"{f}: 1 problem; nothing was run\n",
    )


def test_a_rule_option_given_twice_on_the_command_line_is_refused():
    r = sim("replay", "--rules", "jokers=true,jokers=false", check=False)
    assert (r.returncode, r.stderr) == (
        2,
        "error: --rules: rule option 'jokers' is given twice (jokers=true, jokers=false); "
        "give each option once\n",
    )


@pytest.mark.parametrize(("text", "line", "message"), BAD)
def test_each_kind_of_bad_file_is_named_with_file_line_key_and_choices(
    tmp_path, text, line, message
):
    f = write(tmp_path, text)
    with pytest.raises(ExperimentError) as e:
        load(f)
    assert any(p.startswith(f"{f}:{line}: ") and message in p for p in e.value.problems), (
        e.value.problems
    )


def test_an_answer_names_the_experiments_that_also_ask_its_question(tmp_path):
    (tmp_path / "other.yaml").write_text(GOOD)
    f = write(tmp_path, GOOD + "answer: {measures: [a_wins], see_also: other.yaml}\n")
    assert load(f).answer["see_also"] == ["other.yaml"]


def test_an_answer_caveat_is_kept_as_one_line_of_text(tmp_path):
    f = write(
        tmp_path,
        GOOD + "answer:\n  measures: [a_wins]\n  caveat: >\n    The player\n    wastes it.\n",
    )
    assert load(f).answer["caveat"] == "The player wastes it."


def test_several_problems_are_reported_at_once_without_a_traceback(tmp_path):
    f = write(tmp_path, GOOD.replace("seed: 3", "seed: x").replace("games: 3000", "games: 0"))
    r = sim("validate", str(f), check=False)
    assert r.returncode == 2
    assert r.stderr.count("error: ") == 2 and "Traceback" not in r.stderr
    assert "2 problems; nothing was run" in r.stderr
    r = sim("run", str(f), "--output", str(tmp_path / "out"), check=False)
    assert r.returncode == 2 and not (tmp_path / "out").exists()


def test_shipped_experiments_validate(root):
    for f in sorted((root / "experiments").glob("*.yaml")):
        assert sim("validate", str(f)).returncode == 0, f


def _swept(sweep: str) -> str:
    """The good file with its variants replaced by `sweep` (the lines under `rules:`)."""
    variants = """  variants:
    - name: base
    - name: classic
      options: {kings: classic}"""
    assert variants in GOOD
    return GOOD.replace(variants, sweep)


def test_sweep_crosses_options_into_cells(tmp_path):
    text = _swept("  sweep: {kings: [enhance, classic], front_ranks: [4x2, 3x3]}")
    exp = load(write(tmp_path, text))
    assert [c.variant for c in exp.cells] == [
        "kings=enhance,front_ranks=4x2",
        "kings=enhance,front_ranks=3x3",
        "kings=classic,front_ranks=4x2",
        "kings=classic,front_ranks=3x3",
    ]
    assert exp.baseline == "kings=enhance,front_ranks=4x2"


SWEEP_NAMED = _swept(
    """  sweep:
    kings: {"Spring '25 Kings": enhance, classic Kings: classic}
    front_ranks: [4x2, 3x3]"""
)


def test_a_sweep_names_its_cells_by_the_names_given_to_its_values(tmp_path):
    exp = load(write(tmp_path, SWEEP_NAMED))
    assert [c.variant for c in exp.cells] == [
        "Spring '25 Kings, front_ranks=4x2",
        "Spring '25 Kings, front_ranks=3x3",
        "classic Kings, front_ranks=4x2",
        "classic Kings, front_ranks=3x3",
    ]
    assert "kings=classic" in exp.variants["classic Kings, front_ranks=3x3"]
    assert "front_ranks=3x3" in exp.variants["classic Kings, front_ranks=3x3"]
    assert exp.baseline == "Spring '25 Kings, front_ranks=4x2"
    named = SWEEP_NAMED.replace(
        "rules:\n", 'rules:\n  baseline: "classic Kings, front_ranks=3x3"\n'
    )
    assert load(write(tmp_path, named)).baseline == "classic Kings, front_ranks=3x3"


@pytest.mark.parametrize(
    "sweep, message",
    [
        (
            "kings: {classic Kings: clasic}",
            "key 'rules.sweep.kings.classic Kings': rule option 'kings' has no value 'clasic' "
            "(did you mean 'classic'?); valid values: enhance, classic, option1, share_trait",
        ),
        (
            "kings: {old: classic, classic Kings: classic}",
            "key 'rules.sweep.kings.classic Kings': the value 'classic' is listed twice",
        ),
        (
            "kings: [classic, classic]",
            "key 'rules.sweep.kings[1]': the value 'classic' is listed twice",
        ),
        (
            "kings: {}",
            "key 'rules.sweep.kings': expected a non-empty list of values, or a mapping of names "
            "to values",
        ),
    ],
)
def test_a_sweeps_named_values_are_checked_where_they_are_written(tmp_path, sweep, message):
    text = _swept(f"  sweep:\n    {sweep}")
    with pytest.raises(ExperimentError) as e:
        load(write(tmp_path, text))
    assert f"exp.yaml:6: {message}" in str(e.value)


def test_round_robin_matchups(tmp_path):
    text = GOOD.replace("  - [greedy, random]", "  round_robin: [random, greedy]")
    exp = load(write(tmp_path, text))
    assert {c.agents for c in exp.cells} == {("random", "greedy")}


def test_records_manifest_and_common_random_numbers(tmp_path):
    out = tmp_path / "out"
    manifest, ran = run(load(write(tmp_path, GOOD), out), workers=2, quiet=True)
    assert ran and manifest["status"] == "complete"
    df = records(out)
    assert df.height == 6000
    assert len(list((out / "records").glob("*/*.parquet"))) == 6, "one file per chunk"
    m = json.loads((out / "manifest.json").read_text())
    assert m["config"]["variants"]["classic"].startswith("houses(") and m["seed"] == 3
    assert [c["games"] for c in m["cells"]] == [3000, 3000]
    # Both cells play the same deals, and seats alternate.
    base, classic = (df.filter(pl.col("variant") == v) for v in ("base", "classic"))
    assert base["seed"].equals(classic["seed"])
    assert base["agent_p1"].to_list()[:2] == ["greedy", "random"]


def test_worker_count_does_not_change_the_records(tmp_path):
    exp_file = write(tmp_path, GOOD)
    run(load(exp_file, tmp_path / "w1"), workers=1, quiet=True)
    run(load(exp_file, tmp_path / "w2"), workers=2, quiet=True)
    assert records(tmp_path / "w1").equals(records(tmp_path / "w2"))


def test_rerun_does_nothing_changed_file_is_refused_force_reruns(tmp_path):
    f = write(tmp_path, GOOD)
    out = tmp_path / "out"
    sim("run", str(f), "--output", str(out), "--quiet")
    r = sim("run", str(f), "--output", str(out))
    assert "already complete (use --force to run again)" in r.stdout
    f.write_text(GOOD.replace("games: 3000", "games: 2000"))
    r = sim("run", str(f), "--output", str(out), check=False)
    assert r.returncode == 2
    assert "holds records of a different configuration" in r.stderr and "--force" in r.stderr
    assert "they differ in: games;" in r.stderr
    sim("run", str(f), "--output", str(out), "--force", "--quiet")
    assert records(out).height == 4000


def test_a_run_from_before_a_new_rule_option_is_kept_and_a_changed_one_named(tmp_path):
    f = write(tmp_path, GOOD.replace("games: 3000", "games: 1000"))
    out = tmp_path / "out"
    sim("run", str(f), "--output", str(out), "--quiet")
    before = records(out)
    current = json.loads((out / "manifest.json").read_text())["config_hash"]

    def from_before_the_option() -> None:
        """The manifest as a sim without the `self_block` option wrote it: its rule strings
        lack it, and its hash differs."""
        manifest = json.loads((out / "manifest.json").read_text())
        manifest["config"]["variants"] = {
            v: r.replace(",self_block=defends_ally", "")
            for v, r in manifest["config"]["variants"].items()
        }
        for cell in manifest["cells"]:
            cell["rules"] = cell["rules"].replace(",self_block=defends_ally", "")
        manifest["config_hash"] = "0" * 16
        (out / "manifest.json").write_text(json.dumps(manifest))

    # At its default the option plays the same games: the run is kept.
    from_before_the_option()
    r = sim("run", str(f), "--output", str(out))
    assert "already complete (use --force to run again)" in r.stdout
    adopted = json.loads((out / "manifest.json").read_text())
    assert adopted["config_hash"] == current
    assert all(c["rules"].endswith(",self_block=defends_ally)") for c in adopted["cells"])
    assert records(out).equals(before)
    # A value changed in the file is refused, naming the option, both values and the variant,
    # and an option the old run did not know.
    f.write_text(f.read_text().replace("kings: classic", "kings: share_trait"))
    r = sim("run", str(f), "--output", str(out), check=False)
    assert r.returncode == 2
    assert "they differ in: variants (kings (classic -> share_trait in 'classic'));" in (r.stderr)
    # From before the option as well: the option, at its default, is not named as a change.
    from_before_the_option()
    r = sim("run", str(f), "--output", str(out), check=False)
    assert "they differ in: variants (kings (classic -> share_trait in 'classic'));" in (r.stderr)


def test_records_of_another_rules_version_are_refused_with_the_reason(tmp_path):
    f = write(tmp_path, GOOD.replace("games: 3000", "games: 1000"))
    out = tmp_path / "out"
    sim("run", str(f), "--output", str(out), "--quiet")
    # As if an older engine, whose rule readings differ, had written an unfinished run.
    m = json.loads((out / "manifest.json").read_text())
    m.update(status="running", rules_version=m["rules_version"] - 1, config_hash="older")
    m["config"]["rules_version"] -= 1
    (out / "manifest.json").write_text(json.dumps(m))
    r = sim("run", str(f), "--output", str(out), check=False)
    assert r.returncode == 2
    from sim import _core

    v = _core.RULES_VERSION
    assert (
        f"holds records played under rules version {v - 1}, and this sim plays rules version "
        f"{v}: the engine's behaviour changed between them" in r.stderr
    ), r.stderr
    assert "--force" in r.stderr
    r = sim("run", str(f), "--output", str(out), "--force", "--quiet")
    assert json.loads((out / "manifest.json").read_text())["rules_version"] == v


def test_killed_run_resumes_to_identical_records(tmp_path):
    text = GOOD.replace("games: 3000", "games: 200000").replace(
        "chunk_size: 1000", "chunk_size: 5000"
    )
    text = text.replace("[greedy, random]", "[random, random]")
    f = write(tmp_path, text)
    full, cut = tmp_path / "full", tmp_path / "cut"
    run(load(f, full), workers=2, quiet=True)
    p = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "sim.cli",
            "run",
            str(f),
            "--output",
            str(cut),
            "--quiet",
            "--workers",
            "1",
        ]
    )
    deadline = time.time() + 60
    while not list(cut.glob("records/*/*.parquet")) and time.time() < deadline:
        time.sleep(0.01)
    p.send_signal(signal.SIGKILL)
    p.wait()
    kept = len(list(cut.glob("records/*/*.parquet")))
    assert 0 < kept < 80, f"the run was cut part way ({kept} chunks kept)"
    r = sim("run", str(f), "--output", str(cut), "--quiet")
    assert records(cut).equals(records(full))
    assert "records:" in r.stdout


def test_ctrl_c_keeps_finished_chunks_and_says_how_to_resume(tmp_path):
    text = GOOD.replace("games: 3000", "games: 200000").replace(
        "[greedy, random]", "[random, random]"
    )
    f = write(tmp_path, text)
    out = tmp_path / "out"
    p = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "sim.cli",
            "run",
            str(f),
            "--output",
            str(out),
            "--quiet",
            "--workers",
            "1",
        ],
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.time() + 60
    while not list(out.glob("records/*/*.parquet")) and time.time() < deadline:
        time.sleep(0.01)
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 130
    assert "run the same command again to resume" in err
    assert list(out.glob("records/*/*.parquet"))


def test_stopping_rule_stops_each_cell_at_its_precision(tmp_path):
    text = GOOD.replace("games: 3000", "until: {ci_halfwidth: 0.02, max_games: 50000}")
    text = text.replace("  - [greedy, random]", "  - [greedy, random]\n  - [greedy, greedy]")
    f = write(tmp_path, text)
    run(load(f, tmp_path / "a"), workers=1, quiet=True)
    run(load(f, tmp_path / "b"), workers=2, quiet=True)
    df = records(tmp_path / "a")
    assert df.equals(records(tmp_path / "b"))
    games = dict(df.group_by("cell").len().iter_rows())
    # Greedy wins ~97% against random: a narrow interval comes quickly; greedy against
    # itself (~50%) needs about 2,400 games for +-0.02.
    assert games["base__greedy-vs-random"] == 1000
    assert 2000 <= games["base__greedy-vs-greedy"] <= 3000
    assert all(n % 1000 == 0 for n in games.values())


def test_matchup_max_games_and_chunk_size_apply_to_its_cells_only(tmp_path):
    # A slow match-up (e.g. search) gets its own cap and smaller chunks; records of its games
    # are the same games the experiment-wide chunking would play (same deals, same seeds).
    text = GOOD.replace(
        "  - [greedy, random]",
        "  - [greedy, random]\n  - {agents: [greedy, greedy], max_games: 1300, chunk_size: 400}",
    )
    f = write(tmp_path, text)
    run(load(f, tmp_path / "o"), workers=2, quiet=True)
    chunks = sorted(p.name for p in (tmp_path / "o/records/base__greedy-vs-greedy").iterdir())
    assert chunks == [f"chunk-{s:010d}.parquet" for s in (0, 400, 800, 1200)]
    games = dict(records(tmp_path / "o").group_by("cell").len().iter_rows())
    assert games == {
        "base__greedy-vs-random": 3000,
        "classic__greedy-vs-random": 3000,
        "base__greedy-vs-greedy": 1300,
        "classic__greedy-vs-greedy": 1300,
    }
    plain = GOOD.replace("[greedy, random]", "[greedy, greedy]").replace("3000", "1300")
    run(load(write(tmp_path, plain, "plain.yaml"), tmp_path / "p"), workers=1, quiet=True)
    cols = ["cell", "game", "seed", "winner", "turns"]
    assert (
        records(tmp_path / "o")
        .filter(pl.col("cell").str.contains("greedy-vs-greedy"))
        .select(cols)
        .equals(records(tmp_path / "p").select(cols))
    )


def test_resume_of_a_run_without_chunk_hashes_refuses_a_chunk_of_the_wrong_size(tmp_path):
    f = write(tmp_path, GOOD)
    run(load(f, tmp_path / "o"), workers=2, quiet=True)
    manifest = tmp_path / "o/manifest.json"
    m = json.loads(manifest.read_text())
    # As an interrupted run of a sim that did not record chunks' hashes left it.
    del m["chunks"]
    manifest.write_text(json.dumps({**m, "status": "running"}))
    chunk = tmp_path / "o/records/base__greedy-vs-random/chunk-0000001000.parquet"
    pl.read_parquet(chunk).head(10).write_parquet(chunk)
    r = sim("run", str(f), "--output", str(tmp_path / "o"), "--quiet", check=False)
    assert r.returncode == 2
    assert f"{chunk} holds 10 games where this configuration's chunk has 1000" in r.stderr
    assert "use --force" in r.stderr


def test_run_json_summary(tmp_path):
    r = sim("run", str(write(tmp_path, GOOD)), "--output", str(tmp_path / "o"), "--json", "--quiet")
    out = json.loads(r.stdout)
    cells = {c["cell"]: c for c in out["cells"]}
    c = cells["base__greedy-vs-random"]
    assert c["games"] == 3000 and c["wins_a"] + c["wins_b"] + c["draws"] == 3000
    assert c["ci95"][0] < c["win_rate_a"] < c["ci95"][1]
    assert c["first_player_ci95"][0] < c["first_player_win_rate"] < c["first_player_ci95"][1]
    assert c["no_winner_rate"] == c["draws"] / 3000 and not c["mirror"]
    # The answer to the question first: greedy's win rate against random, then the comparison.
    df = records(tmp_path / "o").filter(pl.col("cell") == "base__greedy-vs-random")
    a_won = ((pl.col("winner") == 0) & ~pl.col("seats_swapped")) | (
        (pl.col("winner") == 1) & pl.col("seats_swapped")
    )
    rate = df.select(a_won.mean()).item()
    assert out["answer"][0].startswith(f"greedy beats random under 'base': it wins {rate:.1%}")
    assert out["answer"][1].startswith(
        "Against 'base' (greedy v random), greedy's win rate: 'classic'"
    )
    assert [(m["measure"], m["variant"]) for m in out["measures"]] == [
        ("a_wins", "base"),
        ("a_wins", "classic"),
        ("rounds", "base"),
        ("rounds", "classic"),
    ]
    assert {c["measure"] for c in out["comparisons"]} == {"win_a", "rounds"}
    # A changed `answer:` applies to the finished run without playing it again.
    f = write(tmp_path, GOOD + "answer: {measures: [rounds]}\n")
    r = sim("run", str(f), "--output", str(tmp_path / "o"), "--json", "--quiet")
    assert json.loads(r.stdout)["answer"][0].startswith("Games last ")


def test_dask_local_cluster_writes_the_same_records(tmp_path):
    from distributed import LocalCluster

    f = write(tmp_path, GOOD)
    run(load(f, tmp_path / "local"), workers=2, quiet=True)
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        r = sim(
            "run",
            str(f),
            "--output",
            str(tmp_path / "dask"),
            "--backend",
            "dask",
            "--scheduler",
            cluster.scheduler_address,
            "--quiet",
        )
    assert "records:" in r.stdout
    assert records(tmp_path / "dask").equals(records(tmp_path / "local"))


def test_impact_plays_each_variant_again_without_each_card_and_reports_its_value(tmp_path):
    """`impact:` adds, per variant, the same deals with a card taken out; the report's first
    table is the card's value to the player who draws it, computed here from the records."""
    text = GOOD.replace(
        "[greedy, random]", "[greedy, greedy]\n  - {agents: [greedy, random], impact: false}"
    )
    text += "impact: {cards: [KS], methods: [blank]}\n"
    exp = load(write(tmp_path, text))
    # The match-up with `impact: false` plays the plain variants only.
    assert [(c.variant, c.agents[1]) for c in exp.cells] == [
        ("base", "greedy"),
        ("base", "random"),
        ("classic", "greedy"),
        ("classic", "random"),
        ("base | blank KS", "greedy"),
        ("classic | blank KS", "greedy"),
    ]
    assert "blank=KS" in exp.variants["classic | blank KS"]
    out = tmp_path / "out"
    run(load(write(tmp_path, text), out), workers=2, quiet=True)
    df = records(out)
    html = build(out).read_text()
    mirror = pl.col("cell").str.ends_with("greedy-vs-greedy")
    with_ks = df.filter(mirror, pl.col("variant") == "classic").sort("game")
    without = df.filter(mirror, pl.col("variant") == "classic | blank KS").sort("game")
    bit = 1 << (3 * 13 + 12)  # KS
    holder = [
        0 if p1 & bit else 1 if p2 & bit else None
        for p1, p2 in zip(with_ks["drawn_mask_p1"], with_ks["drawn_mask_p2"], strict=True)
    ]

    def score(winner, seat):
        return 0.5 if winner == -1 else float(winner == seat)

    diffs = [
        score(a, h) - score(b, h)
        for a, b, h in zip(with_ks["winner"], without["winner"], holder, strict=True)
        if h is not None
    ]
    value = sum(diffs) / len(diffs)
    row = re.search(r'data-value="classic\|greedy\|KS\|blank\|([-0-9.]+)\|(\d+)"', html)
    assert row and int(row[2]) == len(diffs) and float(row[1]) == pytest.approx(value, abs=1e-6)
    # And against the same card's value under the baseline, on the same deals: the answer's
    # last sentence gives the difference of the two values.
    base_with = df.filter(mirror, pl.col("variant") == "base").sort("game")
    base_without = df.filter(mirror, pl.col("variant") == "base | blank KS").sort("game")
    base_holder = [
        0 if p1 & bit else 1 if p2 & bit else None
        for p1, p2 in zip(base_with["drawn_mask_p1"], base_with["drawn_mask_p2"], strict=True)
    ]
    base_diffs = [
        score(a, h) - score(b, h)
        for a, b, h in zip(base_with["winner"], base_without["winner"], base_holder, strict=True)
        if h is not None
    ]
    change = value - sum(base_diffs) / len(base_diffs)
    said = json.loads((out / "answer.json").read_text())["sentences"][-1]
    more = "more" if change > 0 else "less"
    assert said.startswith(
        f"KS is worth {more} under 'classic' than under 'base', on the same deals (greedy v "
        f"greedy): {round(100 * change, 1) + 0.0:+.1f} points"
    )
    assert "What a card is worth" in html and "worth to the player who draws it" in html
    # The blank variants are not compared with the baseline as rule variants.
    assert "Under 'base | blank KS'" not in html
    bad = write(tmp_path, GOOD + "impact: {cards: [QS], methods: [blank]}\n", "bad.yaml")
    with pytest.raises(ExperimentError) as e:
        load(bad)
    assert any("variant 'base | blank QS'" in p for p in e.value.problems), e.value.problems


def test_a_jokers_value_is_read_from_its_own_drawn_bit(tmp_path):
    """Jokers are cards 52 and 53 of the masks: `impact` on BJ counts the games where it was
    drawn (a regression: the report once failed on a Joker's name)."""
    text = GOOD.replace("[greedy, random]", "[greedy, greedy]").replace(
        "{kings: classic}", "{kings: classic, jokers: true}"
    )
    text = text.replace("    - name: base\n", "") + "impact: {cards: [BJ], methods: [forbid]}\n"
    text = text.replace("games: 3000", "games: 400").replace("chunk_size: 1000", "chunk_size: 400")
    out = tmp_path / "out"
    run(load(write(tmp_path, text), out), workers=2, quiet=True)
    html = build(out).read_text()
    df = records(out).filter(pl.col("variant") == "classic")
    bit = 1 << 52
    drew = df.filter(
        ((pl.col("drawn_mask_p1") & bit) != 0) | ((pl.col("drawn_mask_p2") & bit) != 0)
    ).height
    row = re.search(r'data-value="classic\|greedy\|BJ\|forbid\|([-0-9.]+)\|(\d+)"', html)
    assert row and int(row[2]) == drew > 0


def test_a_second_run_into_a_folder_in_use_is_refused(tmp_path):
    """Two runs into one folder at once would interleave chunks and manifests (a concurrent
    --force once left a run marked complete with games missing)."""
    import fcntl

    f = write(tmp_path, GOOD)
    done, fresh = tmp_path / "done", tmp_path / "fresh"
    sim("run", str(f), "--output", str(done), "--quiet")
    manifest = (done / "manifest.json").read_text()
    fresh.mkdir()
    for out, extra in ((fresh, []), (done, ["--force"])):
        with open(out / ".lock", "w") as held:  # as a run in progress holds it
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
            r = sim("run", str(f), "--output", str(out), "--quiet", *extra, check=False)
            assert r.returncode == 2
            assert r.stderr == (
                f"error: {out} is in use by another run (it holds {out / '.lock'}); wait "
                "for it to end, or use another --output\n"
            )
    assert not (fresh / "records").exists() and not (fresh / "manifest.json").exists()
    assert (done / "manifest.json").read_text() == manifest and records(done).height == 6000
    with open(done / ".lock", "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        r = sim("report", str(done), check=False)
        assert r.returncode == 2 and "is in use by another run" in r.stderr
    # Released (as when the other run ends or dies): the run goes ahead.
    sim("run", str(f), "--output", str(fresh), "--quiet")
    assert records(fresh).height == 6000


def test_chunk_temporary_files_are_unique_to_the_process(tmp_path):
    # Another process's temporary file at the old shared name must not be touched or block.
    out = tmp_path / "out"
    theirs = out / "records/base__greedy-vs-random/chunk-0000000000.parquet.tmp"
    theirs.mkdir(parents=True)
    run(load(write(tmp_path, GOOD), out), workers=2, quiet=True)
    assert records(out).height == 6000 and theirs.is_dir()


def _interrupted(out: Path) -> None:
    """Mark a finished run as an interrupted one (as a kill leaves it)."""
    m = json.loads((out / "manifest.json").read_text())
    m["status"] = "running"
    del m["cells"]
    (out / "manifest.json").write_text(json.dumps(m))


def test_each_chunk_is_recorded_with_its_hash_and_resume_replays_damaged_ones(tmp_path):
    import hashlib

    f = write(tmp_path, GOOD)
    clean, out = tmp_path / "clean", tmp_path / "out"
    run(load(f, clean), workers=2, quiet=True)
    run(load(f, out), workers=2, quiet=True)
    m = json.loads((out / "manifest.json").read_text())
    c0 = "base__greedy-vs-random/chunk-0000000000.parquet"
    data = (out / "records" / c0).read_bytes()
    assert m["chunks"][c0] == {
        "sha256": hashlib.sha256(data).hexdigest(),
        "rows": 1000,
        "first_game": 0,
    }
    assert len(m["chunks"]) == 6
    _interrupted(out)
    cell = out / "records/base__greedy-vs-random"
    a, b, c = (cell / f"chunk-{s:010d}.parquet" for s in (0, 1000, 2000))
    # Swap two chunks, cut a third; delete one of the other cell.
    a_bytes = a.read_bytes()
    a.write_bytes(b.read_bytes())
    b.write_bytes(a_bytes)
    pl.read_parquet(c).head(10).write_parquet(c)
    (out / "records/classic__greedy-vs-random/chunk-0000001000.parquet").unlink()
    r = sim("run", str(f), "--output", str(out), "--quiet")
    why = "does not match the SHA-256 recorded when it was written (altered, swapped or damaged)"
    assert r.stderr == "".join(
        f"note: {x} {why}: discarded; its games are played again\n" for x in (a, b, c)
    )
    assert records(out).equals(records(clean))
    assert sim("report", str(out)).returncode == 0
    # A file that is no chunk of this run is refused by name (the report would read it).
    _interrupted(out)
    stray = cell / "copy.parquet"
    stray.write_bytes(a.read_bytes())
    r = sim("run", str(f), "--output", str(out), "--quiet", check=False)
    assert r.returncode == 2
    assert r.stderr == (
        f"error: {stray} is not a chunk of this run (a stray or copied file?); move it out of "
        f"{out / 'records'}, or use --force to delete the records and start again\n"
    )


@pytest.mark.parametrize("damage", ["flip", "delete", "duplicate", "swap"])
def test_the_report_refuses_records_that_do_not_match_the_manifest(tmp_path, damage):
    f = write(tmp_path, GOOD)
    out = tmp_path / "out"
    run(load(f, out), workers=2, quiet=True)
    before = records(out)
    cell = out / "records/base__greedy-vs-random"
    a, b = cell / "chunk-0000000000.parquet", cell / "chunk-0000001000.parquet"
    if damage == "flip":  # one bit in the middle of the file
        data = bytearray(a.read_bytes())
        data[len(data) // 2] ^= 1
        a.write_bytes(bytes(data))
        bad, what = a, "does not match the SHA-256 recorded when it was written"
    elif damage == "delete":
        a.unlink()
        bad, what = a, "is missing"
    elif damage == "duplicate":
        bad = out / "records/classic__greedy-vs-random/chunk-0000000000 (copy).parquet"
        bad.write_bytes(a.read_bytes())
        what = "was not written by this run (a stray or copied file?)"
    else:
        a_bytes = a.read_bytes()
        a.write_bytes(b.read_bytes())
        b.write_bytes(a_bytes)
        bad, what = a, "does not match the SHA-256 recorded when it was written"
    r = sim("report", str(out), check=False)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.startswith(f"error: {bad} {what}")
    assert r.stderr.count("\n") == 1
    if damage == "duplicate":
        bad.unlink()
    else:
        # The same command that wrote the run plays the damaged chunks again.
        sim("run", str(f), "--output", str(out), "--quiet")
        assert records(out).equals(before)
    assert sim("report", str(out)).returncode == 0


def test_force_deletes_only_records_that_sim_wrote(tmp_path):
    f = write(tmp_path, GOOD)
    out = tmp_path / "out"
    theirs = out / "records" / "notes.txt"
    theirs.parent.mkdir(parents=True)
    theirs.write_text("not sim's")
    r = sim("run", str(f), "--output", str(out), "--force", "--quiet", check=False)
    assert r.returncode == 2
    assert r.stderr == (
        f"error: {out / 'records'} was not written by sim (no manifest.json in {out} names "
        "it), so --force does not delete it; move it away, or use another --output\n"
    )
    assert theirs.read_text() == "not sim's"
    # A folder sim wrote is deleted and played again.
    other = tmp_path / "other"
    sim("run", str(f), "--output", str(other), "--quiet")
    r = sim("run", str(f), "--output", str(other), "--force", "--quiet")
    assert r.returncode == 0 and records(other).height == 6000


def test_report_of_a_cell_that_wins_every_game_with_dollars_in_its_name(tmp_path):
    # Wilson's upper bound for 10 wins in 10 is 0.9999999999999999 (an error bar of -1e-16,
    # which matplotlib rejects); `$...$` in a plot label is mathtext to matplotlib.
    text = GOOD.replace("    - name: base\n", "").replace("name: classic", "name: a $^$ b")
    text = text.replace("games: 3000", "games: 10").replace("chunk_size: 1000", "chunk_size: 10")
    text = text.replace("seed: 3", "seed: 1")  # greedy wins all ten of these deals
    out = tmp_path / "out"
    r = sim("run", str(write(tmp_path, text)), "--output", str(out), "--json", "--quiet")
    (cell,) = json.loads(r.stdout)["cells"]
    assert cell["variant"] == "a $^$ b" and cell["wins_a"] == 10 and wilson(10, 10)[1] < 1
    assert "a $^$ b" in (out / "index.html").read_text()


def test_report_of_an_interrupted_run_is_a_one_line_error(tmp_path):
    f = write(tmp_path, GOOD)
    out = tmp_path / "out"
    run(load(f, out), workers=2, quiet=True)
    _interrupted(out)
    r = sim("report", str(out), check=False)
    assert r.returncode == 2
    assert r.stderr == (
        f"error: {out} holds an unfinished run (interrupted?): run the same `sim run` "
        "command again to finish it, and it writes the report\n"
    )


@pytest.mark.parametrize(
    ("content", "what"),
    [
        (b'{"status": "comp', "damaged (not valid JSON: Unterminated string starting at"),
        (b'{"a": "\xe9"}', "damaged (not UTF-8 text)"),
        (b"[1, 2]", "not a manifest of sim (a JSON list, not an object)"),
    ],
)
def test_a_damaged_manifest_is_one_line_on_run_and_report(tmp_path, content, what):
    out = tmp_path / "out"
    out.mkdir()
    (out / "manifest.json").write_bytes(content)
    f = write(tmp_path, GOOD)
    fix = (
        "restore it from a backup, or move the folder away (or use another --output) to start again"
    )
    for args in (
        ["run", str(f), "--output", str(out)],
        ["run", str(f), "--output", str(out), "--force"],
        ["report", str(out)],
    ):
        r = sim(*args, check=False)
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
        assert r.stderr.startswith(f"error: {out}/manifest.json: {what}"), r.stderr
        assert r.stderr.endswith(f"; {fix}\n") and r.stderr.count("\n") == 1, r.stderr


def test_a_card_its_drawer_never_played_is_shown_as_never_played_not_valued(tmp_path):
    """Greedy never plays the old Jack of Clubs: its 'value' is zero by construction, so the
    report's card table says it was never played instead of calling it negligible."""
    text = (
        tiny_experiment(400, 400)
        .replace("options: {kings: classic}", "options: {jack_of_clubs: discard_random}")
        .replace("[greedy, random]", "[greedy, greedy]")
    )
    text += "impact: {cards: [JC], methods: [forbid]}\n"
    out = tmp_path / "out"
    run(load(write(tmp_path, text), out), workers=1, quiet=True)
    html = build(out).read_text()
    rows = re.findall(r'data-value="([^|]+)\|greedy\|JC\|forbid\|[^"]+">(.*?)</tr>', html, re.S)
    said = {variant: "never played (0.0% of the deals)" in row for variant, row in rows}
    assert said == {"base": False, "classic": True}


def test_a_manifest_matches_its_configuration_once_its_rule_strings_are_written_again(tmp_path):
    from sim.running.experiment import config_hash

    exp = load(write(tmp_path, GOOD), tmp_path / "out")
    old = json.loads(json.dumps(exp.resolved))
    old["variants"] = {
        v: r.replace(",self_block=defends_ally", "") for v, r in old["variants"].items()
    }
    assert exp.matches({"config_hash": config_hash(old), "config": old})
    # Another value of an option, or an option this sim does not know: another configuration.
    changed = dict(
        old,
        variants={
            v: r.replace("kings=classic", "kings=enhance") for v, r in old["variants"].items()
        },
    )
    assert not exp.matches({"config_hash": config_hash(changed), "config": changed})
    unknown = dict(
        old, variants={v: r.replace("life=40", "lives=40") for v, r in old["variants"].items()}
    )
    assert not exp.matches({"config_hash": config_hash(unknown), "config": unknown})
    assert not exp.matches({"config_hash": "0" * 16})
