"""Running experiments: `sim validate` checks an experiment file, `sim run` plays it and prints
its answer and summary, `sim report` rebuilds a run's report."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import click

from sim.cli.options import MAX_THREADS, THREADS, _fail


def _load_experiment(file: Path, output: Path | None = None):
    from sim.running.experiment import ExperimentError, load

    try:
        return load(file, output)
    except ExperimentError as e:
        for problem in e.problems:
            click.echo(f"error: {problem}", err=True)
        n = len(e.problems)
        click.echo(f"{file}: {n} problem{'s' if n > 1 else ''}; nothing was run", err=True)
        sys.exit(2)


@click.command("validate")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def validate_cmd(file: Path) -> None:
    """Check an experiment file against the schema; list every problem."""
    exp = _load_experiment(file)
    matchups = len({c.agents for c in exp.cells})
    shape = f"{len(exp.variants)} rule variants x {matchups} match-ups"
    if len(exp.cells) < len(exp.variants) * matchups:
        shape += ", some match-ups without the impact variants"
    click.echo(f"{file}: ok ({len(exp.cells)} cells: {shape}; output {exp.output})")
    from sim.running.runner import settling

    if plan := settling.plan(exp):
        minutes = f", at most {plan.max_minutes:g} minutes" if plan.max_minutes else ""
        click.echo(
            f"settles: {plan.matchup[0]} v {plan.matchup[1]} plays on until its verdicts "
            f"settle, looking at {', '.join(f'{n:,}' for n in plan.looks)} games a cell{minutes}"
        )
        for pair, grid in plan.beside.items():
            click.echo(
                f"  with {pair[0]} v {pair[1]} (a figure of its answer is read there), at "
                f"{', '.join(f'{n:,}' for n in grid.looks)} games a cell"
            )


@click.command("run")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--workers",
    type=int,
    default=0,
    callback=THREADS,
    help=f"Threads for the games (default 0: all cores; at most {MAX_THREADS}).",
)
@click.option("--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True)
@click.option(
    "--scheduler", help="Dask scheduler address, e.g. tcp://HOST:8786 (with --backend dask)."
)
@click.option("--output", type=click.Path(file_okay=False, path_type=Path), help="Output folder.")
@click.option("--force", is_flag=True, help="Delete earlier records in the output folder first.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option(
    "--cells", "per_cell", is_flag=True, help="Also print the answer's detail and every cell."
)
@click.option(
    "--settle",
    is_flag=True,
    help="Go on until the answering player's verdicts settle (Yes, No or On the line), "
    "within --budget; continues a finished run.",
)
@click.option(
    "--budget",
    multiple=True,
    metavar="GAMES|TIME",
    help="The settling run's budget: the most games a cell plays (20000, 20k) and/or the most "
    "minutes this command takes (90s, 30m, 2h); give it twice for both.",
)
def run_cmd(
    file: Path,
    workers: int,
    backend: str,
    scheduler: str | None,
    output: Path | None,
    force: bool,
    quiet: bool,
    as_json: bool,
    per_cell: bool,
    settle: bool,
    budget: tuple[str, ...],
) -> None:
    """Run an experiment: play every cell, write records, print its verdicts and summary."""
    from sim.reporting.report import ANSWER_FILE, build_after_run
    from sim.reporting.verdicts import looks
    from sim.running.runner import (
        RunError,
        SchedulerLost,
        WriteError,
        dask_missing,
        locked,
        run,
        settling,
        summary,
    )

    exp = _load_experiment(file, output)
    if budget and not (settle or exp.settle):
        _fail(f"--budget is the budget of a settling run: add --settle (or settle: to {file})")
    if settle or budget:
        try:
            exp = settling.settled_by(exp, settling.budget(budget))
        except ValueError as e:
            _fail(str(e))
    if backend == "dask" and not scheduler:
        _fail("--backend dask needs --scheduler tcp://HOST:PORT")
    if backend == "dask" and (missing := dask_missing()):
        _fail(missing)
    try:
        # One lock over playing and the report, so that no other run changes the records
        # in between.
        with locked(exp.output):
            manifest, ran = run(
                exp, workers or None, backend, scheduler, force, quiet, looks.open_variants
            )
            try:
                played = manifest.get("games_played_this_run", 0) if ran else 0
                report = build_after_run(exp.output, played)
            except WriteError as e:
                _fail(
                    f"{e}; the records are complete in {exp.output}: free space (or make the "
                    f"folder writable) and run `sim report {exp.output}` to write the report"
                )
            rows = summary(exp.output)
    except SchedulerLost as e:
        # As an interrupt ends: the run stopped part way, and the same command resumes it.
        click.echo(f"error: {e}", err=True)
        sys.exit(130)
    except RunError as e:
        _fail(str(e))
    except KeyboardInterrupt:
        click.echo(
            f"interrupted: finished chunks are kept in {exp.output}; run the same command "
            "again to resume",
            err=True,
        )
        sys.exit(130)
    found = json.loads((exp.output / ANSWER_FILE).read_text())
    if as_json:
        click.echo(
            json.dumps(
                {
                    "experiment": exp.name,
                    "question": exp.question,
                    "verdicts": found["verdicts"],
                    "answer": found["sentences"],
                    "measures": found["table"],
                    "output": str(exp.output),
                    "report": str(report),
                    "seconds": manifest.get("seconds"),
                    "cells": rows,
                    "comparisons": found["comparisons"],
                },
                indent=2,
            )
        )
        return
    if not ran:
        click.echo(f"{exp.output}: already complete (use --force to run again)")
    _print_verdicts(exp.question, found)
    if per_cell:
        click.echo()
        _print_summary(exp.question, rows, found["sentences"], found["comparisons"])
    click.echo(f"records: {exp.output / 'records'}  manifest: {exp.output / 'manifest.json'}")
    click.echo(f"report: {report}")


@click.command("answers")
@click.option(
    "--write", is_flag=True, help="Write docs/answers.json and the README's table of answers."
)
@click.option(
    "--reports",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("reports"),
    show_default=True,
    help="Where the runs are.",
)
def answers_cmd(write: bool, reports: Path) -> None:
    """The answer book: each designer question of docs/questions.yaml with its standing verdict
    (the strongest player's, settled where it can be) and why any other player or file says
    otherwise, from the finished runs here and docs/answers.json (run from the repository's
    root). With --write, gather every shipped experiment's verdicts and docs/findings.md's
    figures into docs/answers.json, docs/answer_book.json, the README's table,
    docs/findings.json and docs/findings.md. A file not run here keeps what the snapshot had."""
    from sim.reporting import answer_book, answers, findings_page
    from sim.running.experiment import ExperimentError

    try:
        entries = answers.gathered(Path("experiments"), reports)
    except ExperimentError as e:
        _fail("; ".join(e.problems))
    if not entries and write:
        _fail(f"no finished run of experiments/*.yaml under {reports}: run them first")
    before = json.loads(answers.SNAPSHOT.read_text()) if answers.SNAPSHOT.is_file() else []
    kept = [
        e
        for e in answers.merged(before, entries)
        if (Path("experiments") / e["file"]).is_file()  # a file since removed is dropped
    ]
    old_book = json.loads(answer_book.BOOK.read_text()) if answer_book.BOOK.is_file() else []
    try:
        book = answers.answer_book(
            kept, answer_book.CATALOGUE, Path("experiments"), reports, old_book
        )
    except ValueError as e:
        _fail(str(e))
    if not write:
        click.echo(answer_book.terminal(book))
        return
    answers.SNAPSHOT.write_text(json.dumps(kept, indent=2) + "\n")
    answer_book.BOOK.write_text(json.dumps(book, indent=2) + "\n")
    readme = Path("README.md")
    readme.write_text(answers.rewritten(readme.read_text(), kept, book))
    page = findings_page.PAGE.read_text()
    try:
        found = findings_page.gathered(page, reports)
    except ValueError as e:
        _fail(str(e))
    old = json.loads(findings_page.SNAPSHOT.read_text()) if findings_page.SNAPSHOT.is_file() else {}
    figures = {k: found.get(k, old.get(k)) for k in findings_page.keys(page)}
    figures = {k: v for k, v in figures.items() if v is not None}
    findings_page.SNAPSHOT.write_text(json.dumps(figures, indent=2) + "\n")
    findings_page.PAGE.write_text(findings_page.rewritten(page, figures, kept))
    measured = sum(d["measured"] for q in book for d in q["disagree"])
    click.echo(
        f"{answers.SNAPSHOT} and {readme}: {len(entries)} runs here"
        f" ({len(kept) - len(entries)} kept from before); {answer_book.BOOK}: {len(book)}"
        f" questions, {measured} reasons measured; {findings_page.PAGE}:"
        f" {len(found)} figures from runs here, {len(figures) - len(found)} kept"
    )


@click.command("report")
@click.argument("output", type=click.Path(exists=True, file_okay=False, path_type=Path))
def report_cmd(output: Path) -> None:
    """Rebuild OUTPUT/index.html from the records and the manifest alone (of a run, or of a
    balance scan's runs)."""
    from sim.reporting.report import build
    from sim.reporting.scan_page import write_page
    from sim.running.runner import RunError, locked
    from sim.running.scan import SCAN_FILE, rebuild
    from sim.running.tune import TUNE_FILE

    if (output / SCAN_FILE).exists():  # a balance scan's folder: its page
        try:
            click.echo(f"report: {write_page(output, rebuild(output))}")
        except RunError as e:
            _fail(str(e))
        return
    if (output / TUNE_FILE).exists():  # a tune's folder: its page, from what it found
        from sim.reporting.tune_page import write_page as write_tune_page

        data = json.loads((output / TUNE_FILE).read_text())
        click.echo(f"report: {write_tune_page(output, data)}")
        return
    if not (output / "manifest.json").exists():
        _fail(f"{output} has no manifest.json: not the output of `sim run`")
    try:
        with locked(output):
            path = build(output)
    except RunError as e:
        _fail(str(e))
    click.echo(f"report: {path}")


def _print_verdicts(question: str, found: dict) -> None:
    """The question, its verdict box, then the answer's table in the designers' names."""
    from sim.reporting.answer.cards import TOP_AGAINST_OTHERS
    from sim.reporting.verdicts.box import lines

    box = found.get("verdicts") or {"parts": []}
    click.echo(question)
    if box.get("whose"):
        click.echo(
            textwrap.fill(box["whose"], initial_indent="  ", subsequent_indent="  ", width=100)
        )
    for p in lines(box):
        click.echo(
            textwrap.fill(p["question"], initial_indent="  ", subsequent_indent="  ", width=100)
        )
        for r in p["readings"]:
            said = f"{r['verdict']}{' ' + r['where'] if r['where'] else ''}: {r['text']}."
            click.echo(
                textwrap.fill(said, initial_indent="    ", subsequent_indent="      ", width=100)
            )
            if r.get("spread"):  # a House part's top and bottom House, on a line of its own
                click.echo(
                    textwrap.fill(
                        f"{r['spread']}.",
                        initial_indent="      ",
                        subsequent_indent="      ",
                        width=100,
                    )
                )
        for a in [*p["agreement"], *([p["skill"]] if p.get("skill") else []), p["settled_by"]]:
            click.echo(
                textwrap.fill(a, initial_indent="    ", subsequent_indent="      ", width=100)
            )
    if box.get("next"):
        click.echo(
            textwrap.fill(
                f"What to try next: {box.get('next_here') or box['next']}",
                initial_indent="  ",
                subsequent_indent="  ",
                width=100,
            )
        )
    if box.get("parts"):
        names = {p["player"]: p["player_name"] for p in box["parts"]}
        names.update({o["player"]: o["player_name"] for p in box["parts"] for o in p["others"]})
        note = f"{box['point']} " if box.get("point") else ""
        looks = box.get("looks", 1)
        note += (
            f"The ranges are wide enough that all {box['verdicts']} verdicts hold at once"
            + (f", at each of the run's {looks} looks," if looks > 1 else "")
            + " with 95% confidence; the report says why each line."
            if box["verdicts"] > 1 or looks > 1
            else "The range is a 95% range; the report says why the line."
        )
        if box.get("settling"):
            note = f"{box['settling']} {note}"
        click.echo(textwrap.fill(note, initial_indent="  ", subsequent_indent="  ", width=100))
    else:
        names = {}
    table = found.get("table") or []
    if not table:
        return
    click.echo()

    def players(matchup: str) -> str:
        a, _, b = matchup.partition(" v ")
        if a == b or not b:
            return names.get(a, a)
        return f"{names.get(a, a)} v {names.get(b, b)}"

    # One line a variant and match-up under each measure, its values side by side.
    groups: dict[str, dict[tuple[str, str], list[str]]] = {}
    for m in table:
        label = m.get("label", m["measure"])
        value = m["value"]
        if label == TOP_AGAINST_OTHERS:  # "KD +5.9 [...]" -> "KD over KS +5.9 [...]"
            card, _, rest = value.partition(" ")
            value = f"{card} over {m['against']} {rest}"
        groups.setdefault(label, {}).setdefault((m["variant"], m["matchup"]), []).append(value)
    width = max(len(v) for g in groups.values() for v, _ in g) + 2
    for label, by in groups.items():
        click.echo(label)
        for (variant, matchup), values in by.items():
            lead = f"  {variant:<{width}}{players(matchup):<20} "
            click.echo(
                textwrap.fill(
                    "; ".join(values),
                    width=110,
                    initial_indent=lead,
                    subsequent_indent=" " * len(lead),
                )
            )


def _print_summary(
    question: str, rows: list[dict], sentences: list[str], comparisons: list[dict]
) -> None:
    """The question, its answer, then per cell: games, A's win rate (blank in a mirror
    match-up, where it is 50% by symmetry), the first player's win rate and the share of games
    with no winner, with 95% intervals."""
    click.echo(question)
    for line in sentences:
        click.echo(textwrap.fill(line, width=100, initial_indent="  ", subsequent_indent="  "))
    click.echo()

    def rate(x: float | None, ci: list[float]) -> str:
        return "-" if x is None else f"{100 * x:5.1f}% [{100 * ci[0]:4.1f}, {100 * ci[1]:4.1f}]"

    head = (
        f"{'cell':<44} {'games':>8}  {'A win rate [95% CI]':<21} "
        f"{'first player wins':<21} {'no winner':<21}"
    )
    click.echo(head)
    click.echo("-" * len(head))
    for r in rows:
        a = "(mirror)" if r["mirror"] else rate(r["win_rate_a"], r["ci95"])
        click.echo(
            f"{r['cell']:<44} {r['games']:>8}  {a:<21} "
            f"{rate(r['first_player_win_rate'], r['first_player_ci95']):<21} "
            f"{rate(r['no_winner_rate'], r['no_winner_ci95']):<21}"
        )
        if r.get("players", 2) > 2:
            # Three or more players: each place in turn order (who starts is drawn).
            places = "  ".join(
                f"{o['place']} {rate(o['win_rate'], o['ci95'])}" for o in r["turn_order_win_rates"]
            )
            click.echo(f"{'':<44} {'by turn order':>8}  {places}")
    if comparisons:
        from sim.reporting.answer import with_reach

        click.echo()
        head = f"{'against the baseline':<44} {'measure':<26} {'difference [95% CI]':<24} size"
        click.echo(head)
        click.echo("-" * len(head))
        for c in comparisons:
            # Win rates in points; counts (rounds, turns) as they are.
            scale, unit = (
                (100, " pts")
                if c["rate"]
                else (1, {"rounds": " rds", "damage": " dmg"}.get(c["unit"], " turns"))
            )
            diff = (
                f"{scale * c['diff']:+.2f}{unit} [{scale * c['lo']:+.2f}, {scale * c['hi']:+.2f}]"
            )
            where = f"{c['variant']} ({c['agent_a']} v {c['agent_b']})"
            size = with_reach(c["size"], c.get("reach", ""))
            click.echo(f"{where:<44} {c['label']:<26} {diff:<24} {size}")
