"""The `sim` command line."""

from __future__ import annotations

import json
import os
import re
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import click
import polars as pl

from sim.analysis import usage
from sim.games import DEFAULT as DEFAULT_GAME
from sim.games import NAMES as GAME_NAMES
from sim.games import game as game_info
from sim.games import game_of
from sim.play.batch import play_games, replay
from sim.play.engine import canonical_rules, rule_options, rule_presets, scenario


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


# Bounds of the numbers the command line takes. Seeds are the engine's 64-bit seeds; a batch
# of games is held in memory (an experiment plays more, in chunks); each thread is an OS thread.
MAX_SEED = 2**64 - 1
MAX_GAMES = 100_000_000
MAX_THREADS = 1024


def _bounded(lo: int, hi: int, valid: str):
    """A click callback: a one-line error (exit 2) naming the option and what is valid, for a
    number outside lo..hi (the engine would raise OverflowError or panic on it)."""

    def check(ctx: click.Context, param: click.Parameter, value: int | None) -> int | None:
        if value is not None and not lo <= value <= hi:
            _fail(f"{param.opts[0]}: expected {valid}, got {value}")
        return value

    return check


SEED = _bounded(0, MAX_SEED, f"an integer from 0 to {MAX_SEED} (2^64-1)")
GAMES = _bounded(1, MAX_GAMES, f"a number of games from 1 to {MAX_GAMES}")
THREADS = _bounded(0, MAX_THREADS, f"0 (all cores) or a number of threads up to {MAX_THREADS}")


def _agents(text: str, game: str = DEFAULT_GAME) -> tuple[str, str]:
    from sim.play.agents import resolve

    names = _split_agents(text)
    if len(names) == 1:
        names = names * 2
    if len(names) != 2:
        _fail(f"--agents takes one or two agents (A or A,B), got '{text}'")
    for n in names:
        try:
            resolve(n, game)
        except ValueError as e:
            _fail(str(e))
    return names[0], names[1]


def _split_agents(text: str) -> list[str]:
    """Split on commas outside parentheses: 'search(iterations=50,worlds=2),greedy'."""
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def _rules(text: str | None, game: str = DEFAULT_GAME) -> str:
    try:
        return canonical_rules(text or "", game)
    except ValueError as e:
        _fail(f"--rules: {e}")
    raise AssertionError  # unreachable


class _Group(click.Group):
    """Errors raised by a user's own code (a Python agent) are one line, whatever the
    command."""

    def invoke(self, ctx: click.Context) -> Any:
        from sim.play.python_agents import AgentError

        try:
            return super().invoke(ctx)
        except AgentError as e:
            _fail(str(e))


@click.group(cls=_Group)
@click.version_option(package_name="houses-sim")
def main() -> None:
    """Simulate Houses-Skirmish games to answer balance questions."""


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


@main.command("validate")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def validate_cmd(file: Path) -> None:
    """Check an experiment file against the schema; list every problem."""
    exp = _load_experiment(file)
    matchups = len({c.agents for c in exp.cells})
    shape = f"{len(exp.variants)} rule variants x {matchups} match-ups"
    if len(exp.cells) < len(exp.variants) * matchups:
        shape += ", some match-ups without the impact variants"
    click.echo(f"{file}: ok ({len(exp.cells)} cells: {shape}; output {exp.output})")


@main.command("run")
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
def run_cmd(
    file: Path,
    workers: int,
    backend: str,
    scheduler: str | None,
    output: Path | None,
    force: bool,
    quiet: bool,
    as_json: bool,
) -> None:
    """Run an experiment: play every cell, write records, print the summary."""
    from sim.reporting.report import ANSWER_FILE, build
    from sim.running.runner import RunError, WriteError, dask_missing, locked, run, summary

    exp = _load_experiment(file, output)
    if backend == "dask" and not scheduler:
        _fail("--backend dask needs --scheduler tcp://HOST:PORT")
    if backend == "dask" and (missing := dask_missing()):
        _fail(missing)
    try:
        # One lock over playing and the report, so that no other run changes the records
        # in between.
        with locked(exp.output):
            manifest, ran = run(exp, workers or None, backend, scheduler, force, quiet)
            try:
                report = build(exp.output)
            except WriteError as e:
                _fail(
                    f"{e}; the records are complete in {exp.output}: free space (or make the "
                    f"folder writable) and run `sim report {exp.output}` to write the report"
                )
            rows = summary(exp.output)
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
    _print_summary(exp.question, rows, found["sentences"], found["comparisons"])
    click.echo(f"records: {exp.output / 'records'}  manifest: {exp.output / 'manifest.json'}")
    click.echo(f"report: {report}")


@main.command("report")
@click.argument("output", type=click.Path(exists=True, file_okay=False, path_type=Path))
def report_cmd(output: Path) -> None:
    """Rebuild OUTPUT/index.html from the records and the manifest alone."""
    from sim.reporting.report import build
    from sim.running.runner import RunError, locked

    if not (output / "manifest.json").exists():
        _fail(f"{output} has no manifest.json: not the output of `sim run`")
    try:
        with locked(output):
            path = build(output)
    except RunError as e:
        _fail(str(e))
    click.echo(f"report: {path}")


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


GAME_OPTION = click.option(
    "--game",
    type=click.Choice(list(GAME_NAMES)),
    default=DEFAULT_GAME,
    show_default=True,
)


def _game_agents(text: str, game: str) -> tuple[str, str]:
    return _agents(text, game)


@main.command("replay")
@click.option(
    "--seed", type=int, default=1, show_default=True, callback=SEED, help="The game's seed."
)
@click.option("--agents", default="greedy", show_default=True, help="A or A,B (P1,P2).")
@click.option("--rules", default="", help="Rule options, e.g. 'jokers=true,front_ranks=3x3'.")
@click.option(
    "--file",
    "file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="A saved game (a replay file written by the human seat) instead of --seed.",
)
@click.option(
    "--html",
    "html_out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the game as a page that steps through it (a board per step, the log beside).",
)
@GAME_OPTION
def replay_cmd(
    seed: int, agents: str, rules: str, file: Path | None, html_out: Path | None, game: str
) -> None:
    """Print one complete game, turn by turn, ending with the winner (or, with --html, write
    it as a page to step through)."""
    from sim.play import replays
    from sim.play.agents import resolve

    if file is not None:
        try:
            data = replays.load(file)
        except ValueError as e:
            _fail(str(e))
        try:
            log = replays.replay_log(data)
        except ValueError as e:  # the moves leave the game's legal moves
            _fail(f"{file}: {e}")
        if html_out is not None:
            _write_viewer(
                html_out, data["rules"], data["seed"], data["moves"], data.get("agents", [])
            )
            return
        click.echo(f"rules: {data['rules']}")
        click.echo(f"agents: {', '.join(data.get('agents', []))}")
        for line in log:
            click.echo(line)
        if not data.get("finished", True):
            click.echo("(the game was left before its end)")
        return
    pair = _game_agents(agents, game)
    from sim.play.python_agents import is_python

    for a in pair:
        if a == "human":
            _fail(
                "--agents: the human seat plays with `sim play --agents human,B --games 1`; "
                "`sim replay --file` shows the game it saves"
            )
        if is_python(a):
            _fail(
                f"--agents: sim replay plays built-in agents, not {a}; an agent written in "
                "Python plays in `sim play` and `sim run`"
            )
    if html_out is not None:
        canon = _rules(rules, game)
        _, moves = replays.played(canon, seed, (resolve(pair[0], game), resolve(pair[1], game)))
        _write_viewer(html_out, canon, seed, moves, list(pair))
        return
    log, _ = replay(seed, pair, _rules(rules, game), game)
    click.echo(f"rules: {_rules(rules, game)}")
    for line in log:
        click.echo(line)


def _write_viewer(path: Path, rules: str, seed: int, moves: list[str], agents: list[str]) -> None:
    from sim.reporting import viewer
    from sim.running.runner import WriteError

    try:
        viewer.write(path, rules, seed, moves, agents)
    except (ValueError, WriteError) as e:
        _fail(str(e))
    click.echo(f"viewer: {path} ({len(moves)} moves)")


@main.command("scenario")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def scenario_cmd(file: Path) -> None:
    """Build the position in FILE (YAML), play its moves, print the state as JSON."""
    from sim.running.experiment import ExperimentError, read_yaml

    try:
        position = read_yaml(file)
    except ExperimentError as e:
        _fail(str(e))
    if not isinstance(position, dict):
        _fail(f"{file}: expected a mapping with 'players' (see docs/notation.md)")
    try:
        state = scenario(position)
    except ValueError as e:
        _fail(f"{file}: {e}")
    click.echo(json.dumps(state, indent=2))


def _decisions(df: pl.DataFrame) -> int:
    """Decisions made by every seat (zero in the columns of seats a table does not have)."""
    seats = [c for c in df.columns if re.fullmatch(r"decisions_p\d", c)]
    return int(df.select(pl.sum_horizontal(seats).sum()).item())


def _timed(
    games: int, pair: tuple[str, str], seed: int, rules: str, threads: int, game: str
) -> tuple[pl.DataFrame, float]:
    t0 = time.perf_counter()
    df = play_games(games, pair, seed, rules, threads=threads, game=game)
    return df, time.perf_counter() - t0


@main.command("bench")
@click.option("--games", type=int, default=20_000, show_default=True, callback=GAMES)
@click.option("--agents", default="random", show_default=True, help="A or A,B.")
@click.option(
    "--threads",
    type=int,
    default=1,
    show_default=True,
    callback=THREADS,
    help=f"0: all cores; at most {MAX_THREADS}.",
)
@click.option(
    "--rules",
    default="",
    help="Rule options, e.g. 'players=4' (Houses-Skirmish at a table of four).",
)
@click.option("--seed", type=int, default=0, callback=SEED)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@GAME_OPTION
def bench_cmd(
    games: int, agents: str, threads: int, rules: str, seed: int, as_json: bool, game: str
) -> None:
    """Measure games per second (after a short warm-up)."""
    pair = _game_agents(agents, game)
    canon = _rules(rules, game)
    threads = threads or os.cpu_count() or 1
    # Warm-up.
    play_games(min(1000, games), pair, (seed + 1) % 2**64, canon, threads=threads, game=game)
    df, dt = _timed(games, pair, seed, canon, threads, game)
    result = {
        "games": games,
        "seconds": round(dt, 4),
        "games_per_second": round(games / dt, 1),
        "threads": threads,
        "agents": list(pair),
        "decisions_per_second": round(_decisions(df) / dt, 1),
        # Each agent's own speed, from a batch against itself: in a mixed batch the wall time
        # cannot be split between the seats (a fast agent would inherit the slow one's time).
        "decisions_per_second_by_agent": {
            a: round(_decisions(d) / t, 1)
            for a in dict.fromkeys(pair)
            for d, t in [
                (df, dt)
                if pair[0] == pair[1]
                else _timed(games, (a, a), seed, canon, threads, game)
            ]
        },
        "mean_turns": round(df.select(pl.col("turns").mean()).item(), 2),
        "mean_actions": round(df.select(pl.col("actions").mean()).item(), 2),
        "rules": canon,
        # How often each kind of decision arose for each agent, and how often it was taken.
        "usage": usage.by_agent(usage.usage(df, game_info(game_of(canon)))),
    }
    if as_json:
        click.echo(json.dumps(result))
    else:
        for k, v in result.items():
            click.echo(f"{k:>16}: {v}")


@main.command("play")
@click.option("--games", type=int, default=10_000, show_default=True, callback=GAMES)
@click.option("--agents", default="greedy,greedy", show_default=True)
@click.option("--rules", default="")
@click.option("--seed", type=int, default=0, callback=SEED)
@click.option(
    "--threads",
    type=int,
    default=0,
    callback=THREADS,
    help=f"Default 0: all cores; at most {MAX_THREADS}.",
)
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    help="Write records to this Parquet file (FILE.parquet).",
)
@click.option(
    "--replay-file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="With a human seat: save the game here (default sim-game-SEED-TIME.json).",
)
@GAME_OPTION
def play_cmd(
    games: int,
    agents: str,
    rules: str,
    seed: int,
    threads: int,
    out: Path | None,
    replay_file: Path | None,
    game: str,
) -> None:
    """Play a batch and print win rates with 95% Wilson intervals.

    With the agent `human` (e.g. --agents human,search --games 1) a person plays one game at
    the terminal instead, and the game is saved as a replay file."""
    from sim.analysis.stats import summary_lines

    pair = _game_agents(agents, game)
    if "human" in pair:
        _play_human(games, pair, rules, seed, out, replay_file, game)
        return
    if out is not None and out.suffix != ".parquet":
        _fail(f"--out writes Parquet records: name a .parquet file, not '{out}'")
    if out is not None and out.is_dir():
        _fail(f"--out {out} is a folder: name a .parquet file")
    if out is not None:  # before the games are played
        folder = next((p for p in out.parents if p.exists()), None)
        if folder is not None and not folder.is_dir():
            _fail(f"--out {out}: {folder} is a file, not a folder")
    df = play_games(
        games, pair, seed, _rules(rules, game), threads=threads or os.cpu_count(), game=game
    )
    for line in summary_lines(df):
        click.echo(line)
    if out:
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            df.write_parquet(out)
        except OSError as e:
            _fail(f"--out: cannot write {out}: {e.strerror or e}: {e.filename}")
        click.echo(f"records: {out}")


def _play_human(
    games: int,
    pair: tuple[str, str],
    rules: str,
    seed: int,
    out: Path | None,
    replay_file: Path | None,
    game: str,
) -> None:
    from sim.play import human
    from sim.play.agents import resolve

    if games != 1:
        _fail("a human plays one game at a time: --games 1")
    if out is not None:
        _fail("--out writes batch records; a human's game is saved with --replay-file")
    # Game 0 of the batch seeded by --seed: the same deal `sim play --seed N` deals first.
    game_seed = _core_game_seed(seed, 0)
    agents = (
        pair[0] if pair[0] == "human" else resolve(pair[0], game),
        pair[1] if pair[1] == "human" else resolve(pair[1], game),
    )
    human.play(
        _rules(rules, game),
        game_seed,
        agents,
        lambda a: resolve(a, game),
        replay_file or human.default_replay_path(seed),
        extra={"batch_seed": seed, "game_index": 0},
    )


def _core_game_seed(seed: int, index: int) -> int:
    from sim import _core

    return _core.game_seed(seed, index)


@main.command("ladder")
@click.option(
    "--agents",
    default="random,greedy,aggressive,balanced,defensive,search",
    show_default=True,
    help="Agents or personas, comma-separated.",
)
@click.option(
    "--games",
    type=int,
    default=400,
    show_default=True,
    callback=GAMES,
    help="Games per pair (most).",
)
@click.option(
    "--chunk",
    type=int,
    default=0,
    callback=_bounded(0, MAX_GAMES, f"0 (no chunks) or a number of games up to {MAX_GAMES}"),
    help="Play each pair in chunks of this size and stop once its interval excludes "
    "50% (default: all --games).",
)
@click.option("--seed", type=int, default=1, show_default=True, callback=SEED)
@click.option("--rules", default="")
@click.option(
    "--workers",
    type=int,
    default=0,
    callback=THREADS,
    help=f"Threads (default 0: all cores; at most {MAX_THREADS}).",
)
@click.option("--json", "as_json", is_flag=True)
@GAME_OPTION
def ladder_cmd(
    agents: str,
    games: int,
    chunk: int,
    seed: int,
    rules: str,
    workers: int,
    as_json: bool,
    game: str,
) -> None:
    """Rate agents against each other (Bradley-Terry on the Elo scale, with intervals)."""
    from sim.analysis.ladder import ladder, lines
    from sim.play.agents import resolve

    names = _split_agents(agents)
    if len(names) < 2:
        _fail("--agents needs at least two agents")
    for n in names:
        try:
            resolve(n, game)
        except ValueError as e:
            _fail(str(e))
    try:
        result = ladder(
            names,
            games,
            seed,
            _rules(rules, game),
            threads=workers or None,
            chunk=chunk or None,
            progress=sys.stderr.isatty(),
        )
    except ValueError as e:
        _fail(f"--rules: {e}")
    if as_json:
        click.echo(json.dumps(result, indent=2))
    else:
        click.echo("\n".join(lines(result)))


@main.command("agents")
@click.option("--json", "as_json", is_flag=True)
@GAME_OPTION
def agents_cmd(as_json: bool, game: str) -> None:
    """List every agent and persona with its canonical spec and what it does."""
    from sim.play.agents import catalogue

    rows = catalogue(game)
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    for r in rows:
        click.echo(f"{r['name']} ({r['kind']})\n    {r['spec']}\n    {r['about']}")
    if game == DEFAULT_GAME:
        click.echo("\nAlso: python:FILE.py:Class, an agent written in Python (docs/agents.md).")


@main.command("rules")
@click.option("--json", "as_json", is_flag=True)
@GAME_OPTION
def rules_cmd(as_json: bool, game: str) -> None:
    """List every rule option (type, default, choices, help) and the presets.

    Give options as --rules 'name=value,...', e.g. --rules 'kings=classic,deck=suit_split';
    'preset=NAME' starts from a preset and the other options override it.
    """
    opts, presets = rule_options(game), rule_presets(game)
    if as_json:
        click.echo(json.dumps({"options": opts, "presets": presets}, indent=2))
        return
    for o in opts:
        choices = {
            "int": "any positive integer",
            "int_or_none": "none or a positive integer",
            "houses": "P1-P2 suit letters, e.g. S-H or DC-HS",
        }.get(o["kind"]) or ", ".join(o["choices"])
        click.echo(f"{o['name']} ({o['kind']}, default {o['default']}; {choices})\n    {o['help']}")
        # What each choice means, where the engine says (a choice option's own docs).
        for c, h in zip(o["choices"], o.get("choice_help") or [], strict=False):
            click.echo(f"      {c}: {h}")
    if presets:
        click.echo("\npresets (preset=NAME):")
    for p in presets:
        click.echo(f"  {p['name']}: {p['help']}" + (f" [{p['options']}]" if p["options"] else ""))


if __name__ == "__main__":
    main()
