"""Issue #59: what breaking the toolkit on purpose still found, each now one `error:` line and
exit 2: an output folder that cannot be made (`sim run`, `sim scan`, `sim tune` alike), a tune
file that is not UTF-8, tune targets and `answer.asks` lines that can never mean anything, a
scan's first chunk over its budget, a damaged scan chunk's hint naming `sim scan`, and click's
own usage errors."""

from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import tiny_experiment, write

import sim
from sim.cli import main
from sim.running import scan

TUNE = {
    "name": "t",
    "question": "What starting life keeps the first player within 3 points of 50%?",
    "seed": 5,
    "knobs": {"life": {"low": 10, "high": 80}},
    "targets": [{"measure": "first_player", "within": 3}],
    "trials": 1,
    "games": 100,
}


def cli(*args: str) -> tuple[int, str]:
    """`sim ARGS` in this process (exit code, stderr): what each case prints, without a new
    interpreter per case."""
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert not isinstance(r.exception, Exception) or isinstance(r.exception, SystemExit), (
        r.exception
    )
    return r.exit_code, r.stderr


def _tune_file(tmp_path: Path, **changes: object) -> Path:
    f = tmp_path / "t.yaml"
    f.write_text(json.dumps({**TUNE, **changes}))  # JSON is YAML
    return f


def _commands(tmp_path: Path, out: Path) -> dict[str, list[str]]:
    """Each command that writes a folder, with `out` as its output."""
    return {
        "run": ["run", str(write(tmp_path, tiny_experiment(100, 100))), "--output", str(out)],
        "scan": ["scan", "--only", "hand_limit", "--output", str(out)],
        "tune": ["tune", str(_tune_file(tmp_path)), "--output", str(out)],
    }


@pytest.mark.parametrize("command", ["run", "scan", "tune"])
def test_an_output_folder_under_a_file_is_one_line(tmp_path, command):
    # What a read-only folder does to a non-root user, on any user (root writes anywhere).
    (tmp_path / "afile").write_text("not a folder")
    out = tmp_path / "afile" / "new"
    assert cli(*_commands(tmp_path, out)[command]) == (
        2,
        f"error: cannot use {out} as the output folder: Not a directory\n",
    )


@pytest.mark.parametrize("command", ["run", "scan", "tune"])
def test_an_output_folder_on_a_read_only_disk_is_one_line(tmp_path, monkeypatch, command):
    out = tmp_path / "ro" / "new"
    args = _commands(tmp_path, out)[command]

    def read_only(self: Path, *a: object, **kw: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(self))

    monkeypatch.setattr(Path, "mkdir", read_only)
    assert cli(*args) == (
        2,
        f"error: cannot use {out} as the output folder: Read-only file system\n",
    )


def test_a_tune_file_that_is_not_utf8_is_one_line(tmp_path):
    f = tmp_path / "t.yaml"
    f.write_bytes(b"\xcb" + b"\x00\xff" * 50)  # what `head -c 600 /dev/urandom` may start with
    assert cli("tune", f) == (
        2,
        f"error: {f}:1: not UTF-8 text (byte 0xcb at offset 0); save the file as UTF-8\n",
    )


def test_a_tune_file_gives_each_key_once(tmp_path):
    f = tmp_path / "t.yaml"
    f.write_text("name: a\nname: b\n")
    assert cli("tune", f) == (
        2,
        f"error: {f}:2: key 'name': given twice in one mapping (first at line 1); give each "
        "key once\n",
    )


@pytest.mark.parametrize(
    ("target", "problem"),
    [
        (
            {"measure": "first_player", "within": -2},
            "targets[0].within: expected a tolerance above 0 and at most 50 points, got -2",
        ),
        (
            {"measure": "first_player", "within": float("nan")},
            "targets[0].within: expected a tolerance above 0 and at most 50 points, got nan",
        ),
        (
            {"measure": "first_player", "at_least": 200},
            "targets[0].at_least: expected a number from 0 to 100 points (the range of the "
            "figure), got 200",
        ),
        (
            {"measure": "king_value", "card": "KS", "at_most": float("-inf")},
            "targets[0].at_most: expected a number from -100 to 100 points (the range of the "
            "figure), got -inf",
        ),
        (
            {"measure": "rounds", "at_least": -1},
            "targets[0].at_least: expected a number of 0 rounds or more (the range of the "
            "figure), got -1",
        ),
        (
            {"measure": "late_turns", "within": 10**400},
            f"targets[0].within: expected a finite tolerance above 0 turns, got {10**400}",
        ),
    ],
)
def test_a_tune_target_that_can_never_mean_anything_is_refused(tmp_path, target, problem):
    text = json.dumps({**TUNE, "targets": [target]}).replace("NaN", ".nan")
    f = tmp_path / "t.yaml"
    f.write_text(text.replace("-Infinity", "-.inf"))
    assert cli("tune", f) == (2, f"error: {f}: {problem}\n")


def test_the_bounds_a_tune_target_may_take():
    from sim.analysis.targets import bound_problem

    for measure, bound, value in [
        ("first_player", "within", 50),
        ("first_player", "at_least", 0),
        ("king_gap", "within", 2),
        ("king_value", "at_most", -100),
        ("rounds", "at_most", 12.5),
    ]:
        assert bound_problem(measure, bound, value) is None, (measure, bound, value)
    assert bound_problem("first_player", "within", 50.5) is not None
    assert bound_problem("first_player", "within", 0) is not None


ASKS = """\
name: asks
question: Does a King dominate?
seed: 1
rules:
  variants:
    - name: base
    - name: classic
      options: {kings: classic}
impact: {cards: [KS, KD], methods: [blank]}
matchups:
  - [greedy, greedy]
games: 10
answer:
  measures: [card_value, rounds]
  asks:
    - PART
"""


@pytest.mark.parametrize(
    ("part", "problem"),
    [
        (
            "{ask: dominates, card: KS, line: .nan}",
            "line': expected a number above 0 and at most 100 (in points, the part's unit), "
            "got nan",
        ),
        (
            "{ask: balanced, line: 200}",
            "line': expected a number above 0 and at most 100 (in points, the part's unit), "
            "got 200",
        ),
        (
            "{ask: changes, measure: rounds, line: .inf}",
            "line': expected a finite number above 0 (in rounds, the part's unit), got inf",
        ),
        (
            "{ask: worth, card: KS, margin: .nan}",
            "margin': expected a number from 0 up to the part's line (how far either side of "
            "the line a range may reach and be on it), got nan",
        ),
    ],
)
def test_an_asks_line_that_can_never_mean_anything_is_refused(tmp_path, part, problem):
    f = write(tmp_path, ASKS.replace("PART", part))
    assert cli("validate", f) == (
        2,
        f"error: {f}:16: key 'answer.asks[0].{problem}\n{f}: 1 problem; nothing was run\n",
    )


def test_a_first_chunk_over_the_most_games_is_refused(tmp_path):
    assert cli(
        "scan", "--first-chunk", "5000", "--max-games", "100", "--output", tmp_path / "s"
    ) == (
        2,
        "error: --first-chunk 5,000 is more than --max-games 100: a cell's first chunk is "
        "part of its most games; give --first-chunk at most --max-games\n",
    )
    assert not (tmp_path / "s").exists()
    with pytest.raises(ValueError, match="first_chunk 5,000 is more than max_games 100"):
        sim.scan_rules(tmp_path / "s", first_chunk=5_000, max_games=100, progress=False)


def test_the_command_that_plays_a_scan_again_is_sim_scan_with_its_options(tmp_path):
    settings = scan.ScanSettings(
        options={"kings": "classic", "life": "30"},
        only=["hand_limit"],
        strong=None,
        first_chunk=100,
        cards=["QS", "JC"],
    )
    assert scan.scan_command(settings, tmp_path / "my scan") == (
        "sim scan --rules kings=classic,life=30 --only hand_limit --strong none "
        f"--first-chunk 100 --cards QS,JC --output '{tmp_path / 'my scan'}'"
    )
    assert scan.scan_command(scan.ScanSettings(), Path("s")) == "sim scan --output s"


def test_a_damaged_chunk_of_a_scan_names_the_sim_scan_command(tmp_path):
    out = tmp_path / "s"
    sim.scan_rules(
        out,
        only=["hand_limit"],
        first_chunk=100,
        max_games=200,
        strong=None,
        house_games=0,
        workers=1,
        progress=False,
    )
    chunk = sorted((out / "quick" / "records").glob("*/*.parquet"))[0]
    chunk.write_bytes(chunk.read_bytes()[:100])
    code, err = cli("report", out)
    assert code == 2 and err.count("\n") == 1, err
    assert err.endswith(
        "; running the scan again (`sim scan --only hand_limit --strong none --first-chunk 100 "
        f"--max-games 200 --house-games 0 --output {out}`) plays its games again\n"
    )
    assert "sim run FILE" not in err
    shutil.rmtree(out)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["scan", "--strong-top", "101"],
            "Invalid value for '--strong-top': 101 is not in the range 0<=x<=100",
        ),
        (
            ["run", "x.yaml", "--backend", "spark"],
            "Invalid value for '--backend': 'spark' is not one of 'local', 'dask'",
        ),
        (["scan", "--bogus"], "No such option '--bogus'"),
        (["nonsense"], "No such command 'nonsense'"),
        (["tune"], "Missing argument 'FILE'"),
    ],
)
def test_click_s_usage_errors_are_one_line_in_the_toolkit_s_voice(args, message):
    assert cli(*args) == (2, f"error: {message}\n")


def test_sim_alone_still_shows_its_help():
    r = CliRunner().invoke(main, [])
    assert "Usage:" in r.output and "Commands:" in r.output


def test_the_valid_agents_name_each_agent_once():
    from sim.play.agents import resolve

    with pytest.raises(ValueError) as e:
        resolve("nobody")
    valid = str(e.value).split("valid agents: ")[1].split(" (or ")[0].split(", ")
    assert "search" in valid and len(valid) == len(set(valid))
