"""Experiment files: validation (every problem named by file, line and key), and the cells their
keys make (sweeps, round robin, impact)."""

import json
import re

import polars as pl
import pytest
from conftest import records, sim, tiny_experiment, write

from sim.reporting.report import build
from sim.running.experiment import ExperimentError, load
from sim.running.runner import run

GOOD = tiny_experiment(3000, 1000)


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
        GOOD + "answer: {measures: [a_wins], references: [clasic]}\n",
        13,
        "key 'answer.references': no variant named 'clasic' (did you mean 'classic'?); "
        "variants: base, classic",
    ),
    (
        GOOD + "answer: {measures: [a_wins], references: [base, classic]}\n",
        13,
        "key 'answer.references': every variant is a reference: leave at least one candidate",
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
