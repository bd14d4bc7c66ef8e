"""`sim scan`: every rule option's every other value against a base rule set, on the same deals,
ranked by what each moves (`sim.running.scan`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from sim.cli.options import SEED, THREADS, _bounded, _fail

GAMES_A_CHANGE = _bounded(100, 100_000_000, "a number of games from 100 to 100,000,000")


def _names(text: str | None) -> list[str] | None:
    return None if text is None else [n.strip() for n in text.split(",") if n.strip()]


def _base_options(text: str | None) -> dict[str, str]:
    """--rules 'k=v,...' as a mapping (each option once), checked by the engine."""
    from sim.play.engine import canonical_rules

    found: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in (text or "").split(","))):
        key, eq, value = part.partition("=")
        if not eq:
            _fail(f"--rules: expected name=value, got '{part}'")
        found[key.strip()] = value.strip()
    try:
        canonical_rules(",".join(f"{k}={v}" for k, v in found.items()))
    except ValueError as e:
        _fail(f"--rules: {e}")
    return found


@click.command("scan")
@click.option("--preset", help="Start from a preset (spring25, summer20_kings, summer20).")
@click.option("--rules", "base", help="Base options over the preset, 'name=value,...'.")
@click.option("--only", help="Scan these options only, comma-separated (default: every option).")
@click.option("--skip", help="Leave these options out, comma-separated.")
@click.option("--quick", default="greedy", show_default=True, help="The player of every cell.")
@click.option(
    "--strong",
    default="search_fast",
    show_default=True,
    help="The player that checks the changes that move most ('none': no check).",
)
@click.option("--seed", type=int, default=1, show_default=True, callback=SEED)
@click.option(
    "--first-chunk",
    type=int,
    default=2_000,
    show_default=True,
    callback=GAMES_A_CHANGE,
    help="Games a cell plays before the first check (each chunk after doubles).",
)
@click.option(
    "--max-games",
    type=int,
    default=254_000,
    show_default=True,
    callback=GAMES_A_CHANGE,
    help="The most games a cell plays.",
)
@click.option(
    "--strong-games",
    type=int,
    default=1_000,
    show_default=True,
    callback=GAMES_A_CHANGE,
    help="Games of each cell the strong player plays.",
)
@click.option(
    "--strong-top",
    type=click.IntRange(0, 100),
    default=8,
    show_default=True,
    help="How many of the changes that move most the strong player checks.",
)
@click.option(
    "--house-games",
    type=click.IntRange(0, 100_000_000),
    default=20_000,
    show_default=True,
    help="Games of each pairing of Houses, decks split by suit, under each change (0: none).",
)
@click.option(
    "--cards",
    help="Cards beyond the Kings whose value to their drawer each change is measured on, "
    "comma-separated (e.g. QS,JC): each forbidden in a cell of its own under every change.",
)
@click.option(
    "--card-games",
    type=click.IntRange(1, 100_000_000),
    default=20_000,
    show_default=True,
    help="Games of each cell with a card forbidden, under each change (with --cards).",
)
@click.option(
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("reports/scan"),
    show_default=True,
)
@click.option("--workers", type=int, default=0, callback=THREADS, help="Threads (0: all cores).")
@click.option("--force", is_flag=True, help="Delete the folder's earlier records first.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.option("--json", "as_json", is_flag=True, help="Print every effect as JSON.")
def scan_cmd(
    preset: str | None,
    base: str | None,
    only: str | None,
    skip: str | None,
    quick: str,
    strong: str,
    seed: int,
    first_chunk: int,
    max_games: int,
    strong_games: int,
    strong_top: int,
    house_games: int,
    cards: str | None,
    card_games: int,
    output: Path,
    workers: int,
    force: bool,
    quiet: bool,
    as_json: bool,
) -> None:
    """Scan every rule option: each value against the base rules on the same deals, ranked by
    what it moves (the first player's edge, a game's length, the late game, each King's value,
    the spread of the Houses with decks split by suit).
    What is settled as negligible stops early; an interrupted scan resumes."""
    from sim.play.agents import resolve
    from sim.reporting.scan_page import summary_lines, write_page
    from sim.running.experiment import ExperimentError
    from sim.running.runner import RunError
    from sim.running.scan import ScanSettings, plan, play_scan

    if first_chunk > max_games:
        # Played as asked, every cell would play the whole first chunk: the budget ignored.
        _fail(
            f"--first-chunk {first_chunk:,} is more than --max-games {max_games:,}: a cell's "
            "first chunk is part of its most games; give --first-chunk at most --max-games"
        )
    for flag, agent in (("--quick", quick), ("--strong", strong)):
        if agent != "none" or flag == "--quick":
            try:
                resolve(agent)
            except ValueError as e:
                _fail(f"{flag}: {e}")
    settings = ScanSettings(
        preset=preset,
        options=_base_options(base),
        only=_names(only),
        skip=_names(skip) or [],
        quick=quick,
        strong=None if strong == "none" else strong,
        seed=seed,
        first_chunk=first_chunk,
        max_games=max_games,
        strong_games=strong_games,
        strong_top=strong_top,
        house_games=house_games,
        cards=[c.upper() for c in _names(cards) or []],
        card_games=card_games,
    )
    try:
        if not plan(settings):
            _fail("nothing to scan: every option given is left out or has one value")
        data, ran = play_scan(settings, output, workers=workers or None, force=force, quiet=quiet)
        report = write_page(output, data)
    except ExperimentError as e:
        _fail("; ".join(e.problems))
    except (RunError, ValueError) as e:
        _fail(str(e))
    except KeyboardInterrupt:
        click.echo(
            f"interrupted: finished chunks are kept in {output}; run the same command again to "
            "resume",
            err=True,
        )
        sys.exit(130)
    if as_json:
        click.echo(json.dumps(data, indent=1, sort_keys=True))
        return
    if not ran:
        click.echo(f"{output}: already complete (use --force to scan again)")
    for line in summary_lines(data):
        click.echo(line)
    click.echo(f"report: {report}")
