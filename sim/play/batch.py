"""Batches of games by agent name: the agents resolved, the engine's columns decoded, one row
per game (`sim.play_games`, `sim.replay`)."""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import polars as pl

from sim import _core, games
from sim.play import python_agents
from sim.play.agents import resolve
from sim.play.engine import Repeated, canonical_rules, decode, frame, table_size


def play_games(
    n: int,
    agents: tuple[str, str] = ("random", "random"),
    seed: int = 0,
    rules: str | dict[str, Any] | None = None,
    start: int = 0,
    threads: int | None = None,
    swap_seats: bool = False,
    game: str = games.DEFAULT,
    only: list[int] | None = None,
) -> pl.DataFrame:
    """Play games ``start .. start+n`` of the batch seeded by `seed`; one row per game.

    Game ``i`` is dealt from a seed derived from (`seed`, ``i``) only, so the same game index
    gives the same deal under every rule set, agent pairing and thread count. With
    `swap_seats`, odd-numbered games seat ``agents[1]`` as P1. With `only`, the games at
    those indices instead (`n` and `start` unused): each the very game a batch plays there.
    """
    if isinstance(rules, str) and games.game_of(rules) != games.DEFAULT:
        game = games.game_of(rules)
    info = games.game(game)
    canon = canonical_rules(rules, game)
    threads = threads or os.cpu_count() or 1
    pair = (agents[0], agents[1])
    if "human" in pair:
        raise ValueError(
            "the human seat plays one game at the terminal: sim play --agents human,B --games 1"
        )
    if only is not None:
        only = [int(i) for i in only]
        n, start = len(only), 0
    if any(python_agents.is_python(a) for a in agents):
        if only is not None:
            raise ValueError("agents written in Python play whole batches, not chosen games")
        if game != games.DEFAULT:
            raise ValueError(f"agents written in Python play {games.DEFAULT} only, not {game}")
        if table_size(canon) != 2:
            raise ValueError("agents written in Python play two-player games only (players=2)")
        cols = python_agents.play_games(n, pair, seed, canon, start, swap_seats, resolve)
    else:
        specs = (resolve(agents[0], game), resolve(agents[1], game))
        cols = decode(
            _core.play_games(game, canon, specs, seed, start, n, threads, swap_seats, only),
            info.schema,
        )
    indices = only if only is not None else range(start, start + n)
    return _frame(cols, list(indices), pair, canon, game, swap_seats)


def play_branched(
    n: int,
    agents: tuple[str, str],
    seed: int,
    rules: str,
    branches: list[tuple[str, str]],
    start: int = 0,
    threads: int | None = None,
    swap_seats: bool = False,
) -> tuple[pl.DataFrame, list[pl.DataFrame]]:
    """Houses-Skirmish games ``start .. start+n`` as `play_games` plays them and, for each of
    `branches` (a card, and the rules to play on under), the same games forked at a player's
    first draw of the card, where it was drawn. Under `rules` with ``blank=K,blank_from=draw``
    a branch's rows are exactly `play_games`'s under those rules at those games (`only`),
    for the moves after the draw only. Built-in agents only."""
    info = games.game(games.DEFAULT)
    canon = canonical_rules(rules)
    pair = (agents[0], agents[1])
    specs = (resolve(agents[0], games.DEFAULT), resolve(agents[1], games.DEFAULT))
    under = [(card, canonical_rules(r)) for card, r in branches]
    cols, forks = _core.play_branched(
        canon, specs, seed, start, n, threads or os.cpu_count() or 1, swap_seats, under
    )
    df = _frame(
        decode(cols, info.schema),
        list(range(start, start + n)),
        pair,
        canon,
        games.DEFAULT,
        swap_seats,
    )
    kids = [
        _frame(decode(c, info.schema), list(at), pair, r, games.DEFAULT, swap_seats)
        for (at, c), (_, r) in zip(forks, under, strict=True)
    ]
    return df, kids


def _frame(
    cols: dict[str, Any],
    indices: list[int],
    agents: tuple[str, str],
    canon: str,
    game: str,
    swap_seats: bool,
) -> pl.DataFrame:
    """The engine's decoded columns of the games at `indices` as records: with the batch's
    own columns (game index, agents, seats, rules, version, game name)."""
    info = games.game(game)
    n = len(indices)
    players = table_size(canon)
    # Agent A in one seat, B in every other; with `swap_seats`, A moves round the table (the
    # engine's `a_seat`: game i puts A in seat i mod players).
    a_seats = [i % players if swap_seats else 0 for i in indices]
    cols["game"] = indices
    for k in range(info.seats):
        cols[f"agent_p{k + 1}"] = [
            None if k >= players else agents[0] if k == a else agents[1] for a in a_seats
        ]
    cols["seats_swapped"] = [a != 0 for a in a_seats]
    cols["a_seat"] = a_seats
    repeated = {
        "rules": Repeated(canon, n),
        "rules_version": Repeated(info.version, n),
        "game_name": Repeated(game, n),
    }
    return frame({**cols, **repeated}, info.schema)


def replay(
    seed: int,
    agents: tuple[str, str] = ("greedy", "greedy"),
    rules: str | None = None,
    game: str = games.DEFAULT,
) -> tuple[list[str], dict[str, Any]]:
    """Play one game (its own seed) with the log kept; returns (log lines, record)."""
    specs = (resolve(agents[0], game), resolve(agents[1], game))
    log, cols = _core.replay(game, canonical_rules(rules, game), specs, seed)
    decoded = decode(cols, games.game(game).schema)
    return log, {k: v[0].item() if isinstance(v, np.ndarray) else v[0] for k, v in decoded.items()}
