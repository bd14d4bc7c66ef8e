"""What the commands share: the one-line error (exit 2), the bounds of the numbers they take,
and reading --agents, --rules and --game."""

from __future__ import annotations

import sys

import click

from sim.games import DEFAULT as DEFAULT_GAME
from sim.games import NAMES as GAME_NAMES
from sim.play.engine import canonical_rules


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


GAME_OPTION = click.option(
    "--game",
    type=click.Choice(list(GAME_NAMES)),
    default=DEFAULT_GAME,
    show_default=True,
)


def _game_agents(text: str, game: str) -> tuple[str, str]:
    return _agents(text, game)
