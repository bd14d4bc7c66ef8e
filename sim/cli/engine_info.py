"""What the engine offers and how it does: `sim rules` and `sim agents` list the rule options and
agents, `sim bench` measures games per second, `sim ladder` rates agents against each other."""

from __future__ import annotations

import json
import os
import re
import sys
import time

import click
import polars as pl

from sim.analysis import usage
from sim.cli.options import (
    GAME_OPTION,
    GAMES,
    MAX_GAMES,
    MAX_THREADS,
    SEED,
    THREADS,
    _bounded,
    _fail,
    _game_agents,
    _rules,
    _split_agents,
)
from sim.games import DEFAULT as DEFAULT_GAME
from sim.games import game as game_info
from sim.games import game_of
from sim.play.batch import play_games
from sim.play.engine import rule_options, rule_presets


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


@click.command("bench")
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


@click.command("ladder")
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
    "50% (an even share at three or four players; default: all --games).",
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
@click.option(
    "--write-ratings",
    is_flag=True,
    help="Store the ratings in strategies/ratings.json as the game's ladder, the one reports "
    "place their players on (two players, the game's default rules).",
)
@GAME_OPTION
def ladder_cmd(
    agents: str,
    games: int,
    chunk: int,
    seed: int,
    rules: str,
    workers: int,
    as_json: bool,
    write_ratings: bool,
    game: str,
) -> None:
    """Rate agents against each other (Bradley-Terry on the Elo scale, with intervals).

    At three or four players (--rules players=N) the agents are taken weakest first: each
    plays alone among the one before it, and its share of the wins is checked against an
    even share."""
    from sim.analysis.ladder import ladder, lines
    from sim.play.agents import resolve

    names = _split_agents(agents)
    if len(names) < 2:
        _fail("--agents needs at least two agents")
    if write_ratings and rules:
        _fail(
            "--write-ratings stores the ladder of the game's default rules at two players: "
            f"drop --rules {rules}"
        )
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
    if write_ratings:
        _store_ratings(result, game)


def _store_ratings(result: dict, game: str) -> None:
    """strategies/ratings.json (the working directory's, else the checkout's) gets this
    ladder as the game's, with the command that made it."""
    from pathlib import Path

    from sim.play import ratings

    here = Path.cwd() / "strategies"
    folder = here if here.is_dir() else ratings.checkout()
    command = "sim " + " ".join(sys.argv[1:])
    found = ratings.entry(result, command, time.strftime("%Y-%m-%d"), game_info(game).version)
    try:
        path = ratings.write(folder, game, found)
    except OSError as e:
        _fail(f"cannot write {folder / ratings.FILE}: {e.strerror or e}")
    click.echo(f"ratings: {path}", err=True)


@click.command("agents")
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
    click.echo(
        f"\nAlso: human, a person at the terminal (sim play --game {game} --agents human,B "
        "--games 1)."
    )
    if game == DEFAULT_GAME:
        click.echo("Also: python:FILE.py:Class, an agent written in Python (docs/agents.md).")


@click.command("rules")
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
