"""A fuzz test of the command line (issue #17): random arguments and random YAML (experiment
files that are nearly right, positions, and raw text) fed to `sim validate`, `sim run`,
`sim scenario` and `sim replay`. Whatever the input, the command ends with exit code 0 or 2
and never a traceback.

Deterministic by default (the same examples on every run, so CI does not flake);
HOUSES_FUZZ_EXAMPLES=N (and HOUSES_FUZZ_RANDOM=1 for fresh examples) explores further."""

import copy
import os
import tempfile
from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
import yaml
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sim.cli import main

EXAMPLES = int(os.environ.get("HOUSES_FUZZ_EXAMPLES", "0"))
FUZZ = settings(
    deadline=None,
    database=None,
    derandomize=not os.environ.get("HOUSES_FUZZ_RANDOM"),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def examples(n: int) -> settings:
    return settings(FUZZ, max_examples=EXAMPLES or n)


def check(result: Result, args: list[str]) -> None:
    """Exit code 0 or 2 and no traceback, whatever the input."""
    where = f"sim {' '.join(args)}\n{result.output}"
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(where) from result.exception
    assert result.exit_code in (0, 2), where
    assert "Traceback" not in result.output, where


def invoke(args: list[str]) -> Result:
    result = CliRunner().invoke(main, args)
    check(result, args)
    assert not plt.get_fignums(), f"sim {' '.join(args)} left figures open"
    return result


# Values that go wrong in many ways: wrong types, out of range, empty, odd text.
NUMBERS = st.one_of(
    st.integers(-(2**70), 2**70),
    st.sampled_from([0, -1, 1, 2**32, 2**63, 2**64 - 1, 2**64, 10**12]),
)
TEXT = st.text(max_size=30)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    NUMBERS,
    st.floats(allow_nan=True, allow_infinity=True),
    TEXT,
    st.sampled_from(["", " ", "true", "none", "0", "-1", "1e3", "∞", "$$", "a,b", "x=y"]),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)),
    max_leaves=12,
)
# Agents that play quickly when they are right, and many that are not.
AGENTS = st.sampled_from(
    [
        "random",
        "greedy",
        "balanced",
        "search(iterations=3,worlds=2)",
        "search(iterations=0)",
        "search(iterations=99999999999)",
        "search(worlds=-1)",
        "search(",
        "heuristic(aggression=nan)",
        "heuristic(aggression=1e400)",
        "human",
        "python:nowhere.py:Agent",
        "python:",
        "",
        "randon",
        "greedy@v1",
    ]
)
RULES = st.one_of(
    st.sampled_from(
        [
            "",
            "jokers=true",
            "jokers=true,jokers=false",
            "life=0",
            "life=-3",
            f"life={2**40}",
            "hand_limit=0",
            "deck=suit_split,jokers=true",
            "front_ranks=3x3",
            "preset=summer20_kings",
            "preset=nope",
            "battle_cards(life=1)",
            "house_of_suits(match=mixed)",
            "kings=",
            "=",
            ",,,",
            "blank=KS+KS",
            "forbid=ZZ",
        ]
    ),
    TEXT,
)

# A valid experiment, mutated into nearly right ones; `run` plays it in a moment.
BASE: dict[str, Any] = {
    "name": "fuzz",
    "question": "Does greedy beat random?",
    "seed": 1,
    "rules": {"variants": [{"name": "base"}, {"name": "classic", "options": {"kings": "classic"}}]},
    "matchups": [["greedy", "random"]],
    "games": 4,
    "chunk_size": 2,
}
# Where a mutation lands: every key, and keys inside the nested parts.
PLACES: list[tuple[Any, ...]] = [
    ("name",),
    ("question",),
    ("seed",),
    ("game",),
    ("rules",),
    ("rules", "preset"),
    ("rules", "options"),
    ("rules", "variants"),
    ("rules", "sweep"),
    ("rules", "baseline"),
    ("rules", "variants", 1, "options"),
    ("rules", "variants", 1, "options", "kings"),
    ("rules", "variants", 0, "name"),
    ("matchups",),
    ("matchups", 0),
    ("matchups", 0, 1),
    ("games",),
    ("until",),
    ("chunk_size",),
    ("swap_seats",),
    ("impact",),
    ("answer",),
    ("description",),
    ("unknown_key",),
]
# Numbers that keep `run` quick where they are valid (a few games), or are refused.
SMALL_OR_REFUSED = st.one_of(
    st.integers(-5, 12),
    st.integers(10**9 + 1, 2**70),
    st.integers(-(2**70), -1),
)
# `answer.asks` lines (issue #59): each kind with its keys, lines and margins out of range
# and not finite, keys of other kinds.
ANSWERS = st.fixed_dictionaries(
    {
        "asks": st.lists(
            st.fixed_dictionaries(
                {
                    "ask": st.one_of(
                        st.sampled_from(
                            [
                                "dominates",
                                "balanced",
                                "worth",
                                "favoured",
                                "changes",
                                "shortens",
                                "x",
                            ]
                        ),
                        SCALARS,
                    )
                },
                optional={
                    "card": st.sampled_from(["KS", "KH", "7H", "ZZ", ""]),
                    "cards": st.lists(st.sampled_from(["KS", "KD", "QS", "x"]), max_size=3),
                    "house": st.sampled_from(["S", "any", "Q", ""]),
                    "of": st.sampled_from(["first_player", "seat", "agent", "x"]),
                    "measure": st.sampled_from(["rounds", "card_value", "slog", "x"]),
                    "line": st.one_of(
                        st.floats(allow_nan=True, allow_infinity=True),
                        st.sampled_from([-1, 0, 0.5, 3, 100, 101, 10**400]),
                    ),
                    "margin": st.one_of(
                        st.floats(allow_nan=True, allow_infinity=True),
                        st.sampled_from([-1, 0, 1, 5]),
                    ),
                    "variants": st.lists(st.sampled_from(["base", "classic", "x"])),
                    "question": st.one_of(TEXT, SCALARS),
                },
            ),
            max_size=3,
        ),
    },
    optional={"measures": st.lists(st.sampled_from(["card_value", "first_player", "x"]))},
)
# Replacements shaped like what belongs there, so that validation gets past the first check.
SHAPED = st.one_of(
    st.fixed_dictionaries(
        {"ci_halfwidth": st.one_of(SCALARS, st.floats(0, 1)), "max_games": SMALL_OR_REFUSED}
    ),
    st.fixed_dictionaries({"cards": st.lists(st.one_of(TEXT, st.sampled_from(["KS", "BJ"])))}),
    st.fixed_dictionaries(
        {"measures": st.lists(st.sampled_from(["first_player", "rounds", "card_value", "x"]))}
    ),
    st.fixed_dictionaries({"sweep": st.dictionaries(st.sampled_from(["kings", "life"]), VALUES)}),
    ANSWERS,
    st.fixed_dictionaries({"round_robin": st.lists(AGENTS, max_size=4)}),
    st.lists(st.lists(AGENTS, max_size=3), max_size=3),
    st.fixed_dictionaries(
        {"agents": st.lists(AGENTS, max_size=3), "max_games": SMALL_OR_REFUSED},
        optional={"chunk_size": SMALL_OR_REFUSED, "impact": SCALARS},
    ),
)


def _set(doc: Any, place: tuple[Any, ...], value: Any) -> None:
    for key in place[:-1]:
        if isinstance(doc, dict) and key in doc:
            doc = doc[key]
        elif isinstance(doc, list) and isinstance(key, int) and key < len(doc):
            doc = doc[key]
        else:
            return
    if isinstance(doc, dict):
        doc[place[-1]] = value
    elif isinstance(doc, list) and isinstance(place[-1], int) and place[-1] < len(doc):
        doc[place[-1]] = value


@st.composite
def experiments(draw: st.DrawFn, quick: bool) -> dict[str, Any]:
    """BASE with up to three values replaced (with `quick`, numbers stay small or are
    refused, so that a file that is still valid runs in a moment)."""
    doc = copy.deepcopy(BASE)
    numbers = SMALL_OR_REFUSED if quick else NUMBERS
    values = st.one_of(numbers, SHAPED, SCALARS if quick else VALUES, AGENTS, RULES)
    for _ in range(draw(st.integers(0, 3))):
        _set(doc, draw(st.sampled_from(PLACES)), draw(values))
    return doc


FAST = st.sampled_from(["random", "greedy", "balanced", "search(iterations=2,worlds=1)"])
# Changes that keep an experiment valid, for runs that play and write a report.
VALID = [
    (("games",), st.integers(1, 6)),
    (("chunk_size",), st.integers(1, 6)),
    (("seed",), st.integers(0, 2**64 - 1)),
    (("swap_seats",), st.booleans()),
    (("matchups",), st.lists(st.lists(FAST, min_size=2, max_size=2), min_size=1, max_size=2)),
    (
        ("rules",),
        st.sampled_from(
            [
                None,
                {"preset": "summer20_kings"},
                {"sweep": {"kings": ["classic", "enhance"], "jokers": [True, False]}},
                {"options": {"jokers": True, "front_ranks": "3x3"}},
                {"options": {"deck": "suit_split"}},
            ]
        ),
    ),
    (("impact",), st.just({"cards": ["KS", "KH"]})),
    (
        ("answer",),
        st.fixed_dictionaries(
            {"measures": st.lists(st.sampled_from(["first_player", "rounds", "no_winner"]))}
        ),
    ),
    (("until",), st.just({"ci_halfwidth": 0.4, "max_games": 5})),
    (("question",), st.text(min_size=1).filter(str.strip)),
]


@st.composite
def valid_experiments(draw: st.DrawFn) -> dict[str, Any]:
    """BASE with valid changes (which may still clash: a repeated match-up, `until` with
    `games`, impact without Kings)."""
    doc = copy.deepcopy(BASE)
    for place, values in draw(st.lists(st.sampled_from(VALID), max_size=3)):
        _set(doc, place, draw(values))
        if place == ("until",):
            doc.pop("games", None)
    return doc


def dump(doc: Any) -> str:
    try:
        return yaml.safe_dump(doc, allow_unicode=True)
    except yaml.YAMLError:
        return str(doc)


RAW_YAML = st.one_of(
    TEXT,
    st.text(alphabet=st.sampled_from(list("{}[]:,-&*!|>'\"#%@` \n\tab1")), max_size=60),
    st.sampled_from(
        [
            "a: &a [*a]\n",
            "- - - - -\n",
            "!!python/object:os.system ls\n",
            "%YAML 1.1\n---\n",
            "---\n...\n---\n",
            "name: x\nname: y\n",
            "\ufeffname: x\n",
            "\x00\x01",
            "? [a, b]\n: c\n",
            "{1: 2, [3]: 4}\n",
        ]
    ),
)


def write(folder: Path, text: str) -> Path:
    path = folder / "input.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return path


WITH_ASKS = ANSWERS.map(lambda answer: {**copy.deepcopy(BASE), "answer": answer})


@examples(60)
@given(doc=st.one_of(experiments(quick=False), WITH_ASKS, RAW_YAML, VALUES))
def test_validate_never_crashes(doc: Any) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        text = doc if isinstance(doc, str) else dump(doc)
        invoke(["validate", str(write(Path(tmp), text))])


@examples(25)
@given(
    doc=st.one_of(valid_experiments(), experiments(quick=True), WITH_ASKS, RAW_YAML),
    extra=st.lists(
        st.one_of(
            st.tuples(st.just("--workers"), st.sampled_from(["0", "1", "2", "-1", "99999", "x"])),
            st.tuples(st.just("--backend"), st.sampled_from(["local", "dask", "spark"])),
            st.tuples(st.just("--scheduler"), st.sampled_from(["nowhere", "xyz://a:1", ""])),
            st.tuples(st.just("--output"), st.sampled_from(["@/input.yaml", "@/input.yaml/x"])),
            st.tuples(st.just("--force")),
            st.tuples(st.just("--json")),
            st.tuples(st.just("--bogus")),
        ),
        max_size=3,
    ),
)
def test_run_never_crashes(doc: Any, extra: list[tuple[str, ...]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        text = doc if isinstance(doc, str) else dump(doc)
        args = ["run", str(write(Path(tmp), text)), "--output", f"{tmp}/out", "--quiet"]
        # Every output folder is in the temporary folder ('@'), whatever the file says.
        invoke(args + [a.replace("@", tmp) for option in extra for a in option])


CARDS = st.one_of(
    st.sampled_from(["7H", "KS", "KH", "AS", "BJ", "RJ", "10D", "2C", "QS", "JC", "1H", "ZZ", ""]),
    TEXT,
)
UNITS = st.one_of(
    CARDS,
    st.builds(lambda a, b: f"{a}/{b}", CARDS, CARDS),
    st.builds(
        lambda a, f: f"{a} {f}",
        CARDS,
        st.sampled_from(["exhausted", "guard", "necromancer", "spirit", "bogus", "=7H"]),
    ),
    st.sampled_from(["BJ=7H", "BJ=KS", "9C/8C/7C/6C", "9C/8C/7C"]),
)
PLAYER = st.fixed_dictionaries(
    {},
    optional={
        "life": NUMBERS,
        "hand": st.lists(CARDS, max_size=6),
        "front": st.lists(UNITS, max_size=6),
        "rear": st.lists(UNITS, max_size=5),
    },
)
POSITIONS = st.fixed_dictionaries(
    {"players": st.dictionaries(st.sampled_from(["P1", "P2", "P3", "p1"]), PLAYER, max_size=3)},
    optional={
        "rules": RULES,
        "seed": NUMBERS,
        "active": st.sampled_from(["P1", "P2", "P0", ""]),
        "first_player": st.sampled_from(["P1", "P2", "x"]),
        "turn": NUMBERS,
        "phase": st.sampled_from(["deploy", "response", "attack", "block", "combat", ""]),
        "deck": st.lists(CARDS, max_size=6),
        "deck_p2": st.lists(CARDS, max_size=3),
        "barrows": st.lists(CARDS, max_size=4),
        "burned": st.lists(CARDS, max_size=3),
        "moves": st.lists(
            st.one_of(
                st.sampled_from(
                    ["end", "pass", "done", "deploy 7H", "attack 7H player", "block KS 7H", ""]
                ),
                TEXT,
            ),
            max_size=5,
        ),
    },
)


@examples(80)
@given(doc=st.one_of(POSITIONS, POSITIONS.map(lambda p: {**p, "extra": 1}), VALUES, RAW_YAML))
def test_scenario_never_crashes(doc: Any) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        text = doc if isinstance(doc, str) else dump(doc)
        invoke(["scenario", str(write(Path(tmp), text))])


OPTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("--seed"), st.one_of(NUMBERS.map(str), TEXT)),
        st.tuples(
            st.just("--agents"), st.one_of(AGENTS, st.builds("{},{}".format, AGENTS, AGENTS))
        ),
        st.tuples(st.just("--rules"), RULES),
        st.tuples(st.just("--game"), st.sampled_from(["houses", "battle_cards", "chess", ""])),
        st.tuples(st.just("--html"), st.sampled_from(["page.html", "sub/page.html", "input.yaml"])),
        st.tuples(st.just("--file"), st.sampled_from(["replay.json", "missing.json", "."])),
    ),
    max_size=4,
)
# Replay files: a real one damaged, or any JSON.
REPLAYS = st.one_of(
    st.fixed_dictionaries(
        {},
        optional={
            "format": st.one_of(st.just(1), SCALARS),
            "game": st.one_of(st.sampled_from(["houses", "battle_cards"]), SCALARS),
            "rules": RULES,
            "seed": st.one_of(NUMBERS, SCALARS),
            "agents": st.one_of(st.lists(AGENTS, max_size=3), SCALARS),
            "moves": st.one_of(st.lists(st.sampled_from(["end", "pass", "x", ""])), SCALARS),
            "finished": SCALARS,
        },
    ),
    VALUES,
)


@examples(50)
@given(options=OPTIONS, saved=REPLAYS)
def test_replay_never_crashes(options: list[tuple[str, str]], saved: Any) -> None:
    import json

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "replay.json").write_text(json.dumps(saved, default=str))
        (folder / "input.yaml").write_text("")
        args = ["replay"]
        for option, value in options:
            if option in ("--html", "--file") and value != ".":
                value = str(folder / value)
            args += [option, value]
        invoke(args)


# A tune that plays in a moment when it is valid (issue #59): one knob, one target, a trial of
# 100 games, no leaders, a recheck of 100; mutations keep numbers small or out of range.
TUNE: dict[str, Any] = {
    "name": "fuzz_tune",
    "question": "What starting life keeps the first player within 3 points of 50%?",
    "seed": 1,
    "knobs": {"life": {"low": 30, "high": 50}},
    "targets": [{"measure": "first_player", "within": 3}],
    "trials": 1,
    "games": 100,
    "leaders": 0,
    "recheck": {"games": 100},
}
TUNE_PLACES: list[tuple[Any, ...]] = [
    ("name",),
    ("question",),
    ("seed",),
    ("rules",),
    ("knobs",),
    ("knobs", "life"),
    ("knobs", "life", "low"),
    ("knobs", "life", "high"),
    ("knobs", "kings"),
    ("targets",),
    ("targets", 0),
    ("targets", 0, "measure"),
    ("targets", 0, "within"),
    ("targets", 0, "at_most"),
    ("targets", 0, "card"),
    ("player",),
    ("trials",),
    ("games",),
    ("leaders",),
    ("leader_games",),
    ("recheck",),
    ("recheck", "games"),
    ("recheck", "players"),
    ("output",),
    ("unknown_key",),
]
BOUNDS = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([-2, 0, 0.5, 3, 50, 51, 100, 200, 1e308, -1e308]),
)
TUNE_SHAPED = st.one_of(
    st.fixed_dictionaries(
        {"measure": st.sampled_from(["first_player", "king_gap", "king_value", "rounds", "x"])},
        optional={
            "within": BOUNDS,
            "at_most": BOUNDS,
            "at_least": BOUNDS,
            "card": st.sampled_from(["KH", "KS", "7H", "", "ZZ"]),
        },
    ).map(lambda t: [t]),
    st.fixed_dictionaries({"low": SMALL_OR_REFUSED, "high": SMALL_OR_REFUSED}),
    st.lists(st.sampled_from(["classic", "enhance", "share_trait", "bogus"]), max_size=3),
    st.fixed_dictionaries(
        {},
        optional={
            "seed": NUMBERS,
            "games": st.one_of(st.just(100), SMALL_OR_REFUSED),
            "players": st.dictionaries(
                st.sampled_from(["greedy", "random", "search_exprt", ""]),
                st.one_of(st.just(100), SMALL_OR_REFUSED, SCALARS),
                max_size=2,
            ),
        },
    ),
)


@st.composite
def tunes(draw: st.DrawFn) -> dict[str, Any]:
    """TUNE with up to three values replaced: shaped like what belongs there, small or
    refused numbers, bounds out of range and not finite, or anything."""
    doc = copy.deepcopy(TUNE)
    values = st.one_of(SMALL_OR_REFUSED, TUNE_SHAPED, BOUNDS, SCALARS, AGENTS)
    for _ in range(draw(st.integers(0, 3))):
        _set(doc, draw(st.sampled_from(TUNE_PLACES)), draw(values))
    return doc


@examples(25)
@given(doc=st.one_of(tunes(), RAW_YAML, VALUES))
def test_tune_never_crashes(doc: Any) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        text = doc if isinstance(doc, str) else dump(doc)
        invoke(["tune", str(write(Path(tmp), text)), "--output", f"{tmp}/out", "--quiet"])


# `sim scan` with its options in combination (issue #59): a scan of one option that plays a few
# games when the options are valid; each option may come again (click takes the last).
SCAN_BASE = ["--only", "life", "--strong", "none", "--house-games", "0"]
SCAN_NUMBERS = st.one_of(
    st.integers(-3, 40).map(str),
    st.sampled_from(["0", "101", "100000001", str(2**70), "1e3", "x", ""]),
)
SCAN_OPTIONS = st.lists(
    st.one_of(
        st.tuples(
            st.sampled_from(
                [
                    "--first-chunk",
                    "--max-games",
                    "--strong-games",
                    "--strong-top",
                    "--house-games",
                    "--card-games",
                    "--seed",
                    "--workers",
                ]
            ),
            SCAN_NUMBERS,
        ),
        st.tuples(st.just("--quick"), st.sampled_from(["greedy", "random", "randon", ""])),
        st.tuples(st.just("--strong"), st.sampled_from(["none", "random", "x"])),
        st.tuples(st.just("--preset"), st.sampled_from(["spring25", "summer20", "nope", ""])),
        st.tuples(st.just("--rules"), RULES),
        st.tuples(st.just("--only"), st.sampled_from(["life", "kings", "bogus", "", "life,life"])),
        st.tuples(st.just("--skip"), st.sampled_from(["life", "kings", "bogus", ""])),
        st.tuples(st.just("--cards"), st.sampled_from(["QS", "QS,JC", "ZZ", "KS", ""])),
        st.tuples(st.just("--output"), st.sampled_from(["@/input.yaml", "@/input.yaml/x"])),
        st.tuples(st.just("--json")),
        st.tuples(st.just("--bogus")),
    ),
    max_size=4,
)


@examples(25)
@given(options=SCAN_OPTIONS)
def test_scan_arguments_never_crash(options: list[tuple[str, ...]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "input.yaml").write_text("")
        small = ["--first-chunk", "10", "--max-games", "20", "--card-games", "10"]
        args = ["scan", *SCAN_BASE, *small, "--output", f"{tmp}/out", "--quiet"]
        invoke(args + [a.replace("@", tmp) for option in options for a in option])
