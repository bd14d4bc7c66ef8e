"""Playing: `sim play` (a batch, or a person at the terminal), `sim replay` (one game, as text or
a page to step through) and `sim scenario` (a position from a file)."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

import click

from sim.cli.options import (
    GAME_OPTION,
    GAMES,
    MAX_THREADS,
    SEED,
    THREADS,
    _fail,
    _game_agents,
    _rules,
)
from sim.play.batch import play_games, replay
from sim.play.engine import scenario


@click.command("replay")
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


@click.command("scenario")
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


@click.command("play")
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
        import polars as pl

        from sim.running.runner.files import os_error

        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            df.write_parquet(out)
        # polars reports an I/O error of its Parquet writer as a ComputeError, not an OSError.
        except (OSError, pl.exceptions.PolarsError) as e:
            error = os_error(e, out)
            if error is None:
                raise
            with contextlib.suppress(OSError):  # what a full disk left of it is no Parquet file
                out.unlink(missing_ok=True)
            _fail(f"--out: cannot write {out}: {error.strerror or error}: {error.filename}")
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
