"""Runs that go on until their answer settles (`settle:`, `sim run --settle`): where they look,
that their intervals hold wherever they stop (a simulation with a known answer), which cells
play on, and that the same records come out on any number of workers, on Dask, after an
interrupt, and when a finished run is continued from the command line."""

import json

import numpy as np
import polars as pl
import pytest
from conftest import cut_short, records, sim, write

from sim.analysis.verdicts import NO, ON_THE_LINE, YES, at_least, z_value
from sim.reporting.timing import _round_up
from sim.reporting.verdicts.box import verdicts_only
from sim.reporting.verdicts.looks import open_variants, readings_at
from sim.running.experiment import load
from sim.running.runner import run as run_plain
from sim.running.runner import settling

# The classic Kings are balanced under the quick player on this seed only once their gap is
# known to within the line: 1,000 games do not settle it, 8,000 do not either (the budget).
SETTLING = """\
name: settling
question: Are the Kings balanced?
seed: 7
rules:
  variants:
    - name: "Spring '25 Kings"
    - name: classic Kings
      options: {kings: classic}
  baseline: "Spring '25 Kings"
impact: {cards: [KS, KD], methods: [blank]}
matchups:
  - [greedy, greedy]
games: 1000
chunk_size: 500
settle: {max_games: 8000}
answer:
  measures: [card_value]
  asks:
    - {ask: balanced, line: 3}
"""


def run(exp, **kw):
    """`runner.run` with the verdicts read at each look, as `sim run` reads them."""
    return run_plain(exp, open_at=open_variants, **kw)


def _games(out):
    m = json.loads((out / "manifest.json").read_text())
    return {c["variant"]: c["games"] for c in m["cells"]}, m.get("settle")


def test_the_looks_double_from_the_files_games_to_the_budget_on_whole_chunks(tmp_path):
    exp = load(write(tmp_path, SETTLING), tmp_path / "out")
    p = settling.plan(exp)
    assert p is not None and p.matchup == ("greedy", "greedy")
    assert p.looks == [1000, 2000, 4000, 8000]
    # A budget just past a doubling is the next look itself; one off the grid is rounded up.
    exp.settle = {"max_games": 8300, "max_minutes": None}
    assert settling.plan(exp).looks == [1000, 2000, 4000, 8500]
    exp.settle = {"max_games": None, "max_minutes": None}  # the default: 16 times the file's
    assert settling.plan(exp).looks == [1000, 2000, 4000, 8000, 16000]


def _settling_run(mu: float, looks: list[int], z: float, rng, reps: int, sd: float = 30.0):
    """The share of settling runs, with the truth at `mu`, whose interval where they stopped
    misses it: each run reads the mean of its games at each look (at z standard errors), and
    stops at the first look where `at_least` says Yes, No or On the line about the 3-point
    line, or at the last."""
    steps = np.diff([0, *looks])
    # The sum of a look's new games, for every run at once.
    sums = np.cumsum(rng.normal(mu * steps, sd * np.sqrt(steps), size=(reps, len(looks))), axis=1)
    missed = 0
    for row in sums:
        for n, total in zip(looks, row, strict=True):
            est, half = total / n, z * sd / np.sqrt(n)
            if at_least(est - half, est + half, 3.0) in (YES, NO, ON_THE_LINE) or n == looks[-1]:
                missed += not (est - half <= mu <= est + half)
                break
    return missed / reps


def test_intervals_read_where_a_settling_run_stops_hold_at_95_percent():
    """Six looks at 200 .. 6,400 games: widened for the looks (Bonferroni, as the runner
    reads them), the interval where the run stopped misses the truth in under 5% of runs; at
    a single look's width it misses far more often, since a run that happened to stray past
    the line stops there."""
    rng = np.random.default_rng(2026)
    looks = [200, 400, 800, 1600, 3200, 6400]
    for mu in (3.0, 2.5):  # the truth on the line, and half a point short of it
        assert _settling_run(mu, looks, z_value(1, len(looks)), rng, 4000) <= 0.05
    naive = _settling_run(3.0, looks, z_value(1), rng, 4000)
    assert naive > 0.08, naive


def test_the_cells_of_a_settled_variant_stop_and_the_rest_play_on_to_the_budget(tmp_path):
    out = tmp_path / "out"
    manifest, _ = run(load(write(tmp_path, SETTLING), out), workers=2, quiet=True)
    games, record = _games(out)
    assert games == {
        "Spring '25 Kings": 1000,
        "Spring '25 Kings | blank KS": 1000,
        "Spring '25 Kings | blank KD": 1000,
        "classic Kings": 8000,
        "classic Kings | blank KS": 8000,
        "classic Kings | blank KD": 8000,
    }
    assert record["looks"] == 4 and record["stopped"] == "games"
    assert record["open"] == ["classic Kings"] and record["last_look"] == 8000
    # The report reads its intervals as wide as the rule did: over the box and the looks.
    sim("report", str(out))
    box = json.loads((out / "answer.json").read_text())["verdicts"]
    assert box["looks"] == 4 and box["z"] == pytest.approx(z_value(box["verdicts"], 4))
    assert "up to its budget of 8,000 games a setup (under 'classic Kings'" in box["settling"]


def test_a_settling_run_is_the_same_on_one_or_two_workers_and_after_an_interrupt(tmp_path):
    f = write(tmp_path, SETTLING)
    one, two, cut = tmp_path / "one", tmp_path / "two", tmp_path / "cut"
    run(load(f, one), workers=1, quiet=True)
    run(load(f, two), workers=2, quiet=True)
    assert records(one).equals(records(two))
    # Interrupted during its third look: the manifest as a killed run leaves it (running, the
    # chunks written so far), two of the look's chunks not yet played.
    late = cut_short(one, cut, lambda k: k.endswith(("0000006000.parquet", "0000007500.parquet")))
    assert len(late) == 6
    r = sim("run", str(f), "--output", str(cut), "--quiet")
    assert records(cut).equals(records(one))
    sim("report", str(one))
    verdicts = [json.loads((d / "answer.json").read_text())["verdicts"] for d in (cut, one)]
    # The same verdicts; how long more games would take (and where) is this run's own.
    assert verdicts_only(verdicts[0]) == verdicts_only(verdicts[1])
    assert "up to its budget of 8,000 games a setup" in " ".join(r.stdout.split())


def test_a_settling_run_on_dask_writes_the_same_records(tmp_path):
    from distributed import LocalCluster

    f = write(tmp_path, SETTLING)
    run(load(f, tmp_path / "local"), workers=2, quiet=True)
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        sim(
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
    assert records(tmp_path / "dask").equals(records(tmp_path / "local"))


def test_a_finished_run_is_continued_from_the_command_line_and_keeps_its_games(tmp_path):
    """A run without `settle:`, then `--settle --budget 3000`, then a larger budget: the
    games already played are kept, and each step ends with the records a settling run of
    that budget writes from scratch. The look the first budget took at 3,000 games, which the
    second's plan (1,000, 2,000, 4,000, 8,000) does not take, counts in the intervals' width."""
    plain = SETTLING.replace("settle: {max_games: 8000}\n", "")
    f = write(tmp_path, plain)
    out = tmp_path / "out"
    sim("run", str(f), "--output", str(out), "--quiet")
    assert set(_games(out)[0].values()) == {1000}
    first = {p: p.stat().st_mtime_ns for p in (out / "records").glob("*/*.parquet")}
    r = sim("run", str(f), "--output", str(out), "--quiet", "--settle", "--budget", "3k")
    games, record = _games(out)
    assert games["classic Kings"] == 3000 and games["Spring '25 Kings"] == 1000
    assert record["at"] == [1000, 2000, 3000] and "Not settled under 'classic" in r.stdout
    # The first run's chunks were kept, not played again.
    assert all(p.stat().st_mtime_ns == t for p, t in first.items())
    # The run's time is both commands' (the README's, docs/answers.json's), this one's its own.
    took = json.loads((out / "manifest.json").read_text())
    assert took["seconds_total"] > took["seconds"] > 0
    sim("run", str(f), "--output", str(out), "--quiet", "--settle", "--budget", "8000")
    _, record = _games(out)
    assert record["at"] == [1000, 2000, 4000, 8000] and record["earlier"] == [3000]
    sim("report", str(out))
    box = json.loads((out / "answer.json").read_text())["verdicts"]
    assert box["looks"] == 5 and box["z"] == pytest.approx(z_value(box["verdicts"], 5))
    fresh = tmp_path / "fresh"
    run(load(write(tmp_path, SETTLING, "settling.yaml"), fresh), workers=2, quiet=True)
    assert records(out).equals(records(fresh))
    # Done: the same command again plays nothing.
    r = sim("run", str(f), "--output", str(out), "--settle", "--budget", "8000")
    assert "already complete" in r.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--budget", "30m"], "--budget is the budget of a settling run: add --settle"),
        (["--settle", "--budget", "soon"], "expected games a cell (20000, 20k) or a time"),
        (["--settle", "--budget", "0m"], "expected more than zero"),
    ],
)
def test_a_bad_budget_is_one_line(tmp_path, args, message):
    f = write(tmp_path, SETTLING.replace("settle: {max_games: 8000}\n", ""))
    r = sim("run", str(f), "--output", str(tmp_path / "o"), *args, check=False)
    assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr


def test_the_budget_reads_games_and_times():
    assert settling.budget(["20k", "30m"]) == {"max_games": 20000, "max_minutes": 30.0}
    assert settling.budget(["1.5M", "90s"]) == {"max_games": 1_500_000, "max_minutes": 1.5}
    assert settling.budget(["2h"]) == {"max_minutes": 120.0}


def test_a_settle_key_of_the_wrong_shape_is_named(tmp_path):
    from sim.running.experiment import ExperimentError

    bad = SETTLING.replace("settle: {max_games: 8000}", "settle: {max_games: 8000, minutes: 5}")
    with pytest.raises(ExperimentError, match=r"'settle.minutes': unknown key.*max_minutes"):
        load(write(tmp_path, bad))
    bad = SETTLING.replace("settle: {max_games: 8000}", "settle: {max_minutes: -1}")
    with pytest.raises(
        ExperimentError,
        match=r"exp.yaml:15: key 'settle.max_minutes': expected a positive number, got -1",
    ):
        load(write(tmp_path, bad))


def test_validate_says_where_a_settling_run_looks(tmp_path):
    r = sim("validate", str(write(tmp_path, SETTLING)))
    assert r.stdout.splitlines()[1] == (
        "settles: greedy v greedy plays on until its verdicts settle, looking at 1,000, 2,000, "
        "4,000, 8,000 games a cell"
    )


def test_a_changed_answer_settles_its_own_verdicts_on_the_games_played(tmp_path):
    """A finished settling run asked other questions (`answer:` changed) looks again at its
    games and plays on where the new verdicts need it: it ends with the records of a run
    that asked them from the start."""
    first = SETTLING.replace("{ask: balanced, line: 3}", "{ask: worth, card: KD, line: 1}")
    out = tmp_path / "out"
    run(load(write(tmp_path, first), out), workers=2, quiet=True)
    games, record = _games(out)
    assert set(games.values()) == {1000} and record["stopped"] == "settled"
    run(load(write(tmp_path, SETTLING), out), workers=2, quiet=True)
    fresh = tmp_path / "fresh"
    run(load(write(tmp_path, SETTLING, "fresh.yaml"), fresh), workers=2, quiet=True)
    assert records(out).equals(records(fresh))
    assert _games(out)[0]["classic Kings"] == 8000


def test_a_minutes_budget_starts_no_look_its_pace_says_would_end_past_it(tmp_path):
    """The settling cells have played at 0.01 s a game: the look from 1,000 to 2,000 games
    of the three cells still open (3,000 games, 30 s) fits in a minute's budget with 20 s
    spent, not with 40 s spent; a look already begun is finished whatever the time."""
    exp = settling.settled_by(load(write(tmp_path, SETTLING), tmp_path / "o"), {"max_minutes": 1})

    def still_open(exp, p, look):
        return {("classic Kings", ("greedy", "greedy"))}

    def first_look(spent, on_disk=lambda ch: False):
        progress = settling.Progress()
        pace = settling.Pace()
        pace.add(("greedy", "greedy"), 10.0, 1000)
        found = settling.rounds(exp, iter([]), lambda: spent, on_disk, progress, still_open, pace)
        return next(found, None), progress

    look, _ = first_look(20.0)
    assert look is not None and len(look) == 3 * 2  # three cells, two chunks of 500 each
    assert {ch.start for ch in look} == {1000, 1500}
    look, progress = first_look(40.0)
    assert look is None and progress.stopped == "minutes" and progress.open == ["classic Kings"]
    look, _ = first_look(40.0, on_disk=lambda ch: ch.start == 1000)
    assert look is not None


# The slog cure reads the better player's edge from the mixed match-up: it settles beside the
# answering one. 1,000 games a cell leave the edge open; the budget of 2,000 does not close it.
SLOG = """\
name: slog_settling
question: Does a two-card draw from round six cure the slog?
seed: 11
rules:
  variants:
    - name: one card a turn
    - name: two from round 6
      options: {extra_draw: from_round_6}
  baseline: one card a turn
matchups:
  - {agents: [defensive, defensive], max_games: 1000}
  - {agents: [aggressive, defensive], max_games: 2000}
until: {ci_halfwidth: 0.001, max_games: 4000}
chunk_size: 500
settle: {max_games: 8000}
answer: {measures: [slog], matchup: [defensive, defensive]}
"""


def test_a_figure_read_from_another_match_up_settles_that_match_up_too(tmp_path):
    out = tmp_path / "out"
    exp = load(write(tmp_path, SLOG), out)
    p = settling.plan(exp)
    assert p is not None and p.matchup == ("defensive", "defensive")
    assert p.looks == [1000, 2000, 4000, 8000]
    # The same looks, the mixed match-up's games scaled alike from its own 2,000.
    assert p.beside == {("aggressive", "defensive"): settling.Grid([2000, 4000, 8000, 8000], 500)}
    run(exp, workers=2, quiet=True)
    manifest = json.loads((out / "manifest.json").read_text())
    record = manifest["settle"]
    # The mixed match-up played past its file's games: the edge was a figure that needed them.
    mixed = [c["games"] for c in manifest["cells"] if c["agents"] == ["aggressive", "defensive"]]
    assert min(mixed) > 2000 and record["stopped"] == "settled"
    # Every cell's games are its first N, whichever looks it sat out.
    per_cell = records(out).group_by("cell").agg(n=pl.len(), top=pl.col("game").max())
    assert (per_cell["n"] == per_cell["top"] + 1).all()
    # The box at the last look is the report's: the edge is read there too.
    sim("report", str(out))
    box = json.loads((out / "answer.json").read_text())["verdicts"]
    last = p.looks.index(record["last_look"])
    looked = [r for _, r in readings_at(exp, p, last)]
    reported = [r for part in box["parts"] for r in part["readings"]]
    assert [(r["verdict"], r["lo"], r["hi"]) for r in looked] == [
        (r["verdict"], r["lo"], r["hi"]) for r in reported
    ]
    assert len(reported[0]["figure"]["guards"]) == 2


def test_more_games_of_another_match_up_come_with_the_command_that_plays_them(tmp_path):
    out = tmp_path / "out"
    text = SLOG.replace("max_games: 8000}", "max_games: 2000}")
    run(load(write(tmp_path, text), out), quiet=True)
    sim("report", str(out))
    box = json.loads((out / "answer.json").read_text())["verdicts"]
    (r,) = box["parts"][0]["readings"]
    assert r["verdict"] == "not settled" and r["more_pair"] == ["aggressive", "defensive"]
    # The budget covers the mixed match-up's games and the more it needs (the answering
    # match-up's, fewer, are within it).
    budget = _round_up(r["more_played"] + r["more_games"])
    assert r["more_played"] == 2000 and budget > 2000
    file = tmp_path / "exp.yaml"
    assert r["more_command"] == f"sim run {file} --output {out} --settle --budget {budget}"
    said = " ".join(r["text_here"].split())
    assert (
        f"about {r['more_games']:,} more games of the aggressive player against the defensive "
        "player per setup would settle it (" in said
    )
    assert said.endswith(f"`{r['more_command']}`)")


def test_the_answering_match_up_is_the_box_s_first_player_a_mirror_one(tmp_path):
    """The quick player against the random player is the strongest match-up, but the slog's
    pace is read from mirror match-ups: the random player's mirror answers (its cure is the
    box's first reading) and the mixed match-up settles beside it, for the better player's
    edge."""
    text = (
        SLOG.replace("[defensive, defensive]", "[random, random]")
        .replace("[aggressive, defensive]", "[greedy, random]")
        .replace(", matchup: [random, random]", "")
    )
    p = settling.plan(load(write(tmp_path, text), tmp_path / "o"))
    assert p is not None and p.matchup == ("random", "random")
    assert list(p.beside) == [("greedy", "random")]
    # A file whose answer is a mixed match-up's (A's win rate) settles that match-up.
    wins = text.replace("measures: [slog]", "measures: [a_wins]")
    p = settling.plan(load(write(tmp_path, wins), tmp_path / "o"))
    assert p is not None and p.matchup == ("greedy", "random") and not p.beside


def test_the_settling_sentence_names_the_variants_still_open_not_the_baseline(tmp_path):
    """A comparison with the baseline keeps the baseline's cells playing on beside it (the
    manifest lists both as open), but only the compared variant's verdict is not settled: the
    sentence names that one. (The classic King of Spades is worth about 5.4 points more here,
    on the 5-point line: 8,000 games do not settle it.)"""
    text = SETTLING.replace(
        "{ask: balanced, line: 3}", "{ask: changes, measure: card_value, card: KS, line: 5}"
    )
    out = tmp_path / "out"
    run(load(write(tmp_path, text), out), workers=2, quiet=True)
    _, record = _games(out)
    assert record["open"] == ["Spring '25 Kings", "classic Kings"]
    sim("report", str(out))
    box = json.loads((out / "answer.json").read_text())["verdicts"]
    assert box["settling"].endswith("some are still not settled under 'classic Kings'.")
