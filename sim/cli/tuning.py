"""`sim tune FILE`: search the rule settings that meet the designers' targets
(`sim.running.tune`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from sim.cli.options import THREADS, _fail


@click.command("tune")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--output", type=click.Path(file_okay=False, path_type=Path), help="Output folder.")
@click.option("--workers", type=int, default=0, callback=THREADS, help="Threads (0: all cores).")
@click.option("--force", is_flag=True, help="Delete the folder's earlier records first.")
@click.option("--quiet", is_flag=True, help="Print the answer only.")
@click.option("--json", "as_json", is_flag=True, help="Print what it found as JSON.")
def tune_cmd(
    file: Path, output: Path | None, workers: int, force: bool, quiet: bool, as_json: bool
) -> None:
    """Find the rule settings that meet the targets of a tune file: candidates proposed by
    Optuna's TPE sampler, each played on the same deals, the best played again, the pick
    re-checked on fresh deals. An interrupted tune resumes."""
    from sim.reporting.tune_page import summary_lines, write_page
    from sim.running.runner import RunError
    from sim.running.tune import TuneError, load, play_tune

    try:
        spec = load(file, output)
        data, ran = play_tune(spec, workers or None, force=force, quiet=quiet)
        report = write_page(Path(spec.output), data)
    except TuneError as e:
        for problem in e.problems:
            click.echo(f"error: {problem}", err=True)
        sys.exit(2)
    except RunError as e:
        _fail(str(e))
    except KeyboardInterrupt:
        click.echo(
            "interrupted: finished runs are kept; run the same command again to resume", err=True
        )
        sys.exit(130)
    if as_json:
        click.echo(json.dumps(data, indent=1, sort_keys=True))
        return
    if not ran:
        click.echo(f"{spec.output}: already complete (use --force to tune again)")
    for line in summary_lines(data):
        click.echo(line)
    click.echo(f"report: {report}")
