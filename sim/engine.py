"""The Python API over the Rust engine: batches of games in, polars DataFrames out."""

from __future__ import annotations

import json
import os
import re
from typing import Any

import numpy as np
import polars as pl

from sim import _core, games

# The records' column types of the default game (Houses-Skirmish), in order; each game's are
# `sim.games.game(name).schema`.
RECORD_SCHEMA: dict[str, pl.DataType] = games.game(games.DEFAULT).schema


# The numpy type each record column arrives in: the engine sends numbers as little-endian
# buffers of the column's own width, so reading them needs no cast.
_BUFFER_TYPES: dict[pl.DataType, str] = {
    pl.UInt64(): "<u8",
    pl.UInt32(): "<u4",
    pl.UInt16(): "<u2",
    pl.UInt8(): "u1",
    pl.Int32(): "<i4",
    pl.Int8(): "i1",
}


def decode(cols: dict[str, Any], schema: dict[str, pl.DataType]) -> dict[str, Any]:
    """The engine's columns as arrays: numbers arrive as little-endian buffers of the schema
    type's width, text as lists."""
    out: dict[str, Any] = {}
    for name, values in cols.items():
        if isinstance(values, bytes):
            out[name] = np.frombuffer(values, dtype=_BUFFER_TYPES[schema[name]])
        else:
            out[name] = values
    return out


def frame(cols: dict[str, Any], schema: dict[str, pl.DataType]) -> pl.DataFrame:
    """Records as a DataFrame of the game's schema, from decoded columns."""
    return pl.DataFrame([pl.Series(name, cols[name]).cast(dtype) for name, dtype in schema.items()])


def canonical_rules(spec: str | dict[str, Any] | None = None, game: str = games.DEFAULT) -> str:
    """The canonical rule-set string of `game`; `spec` is ``"name=value,..."`` or a mapping."""
    if spec is None:
        spec = ""
    if isinstance(spec, dict):
        spec = ",".join(f"{k}={_option_value(v)}" for k, v in spec.items())
    _refuse_repeats(spec, games.game(game).name)
    return _core.canonical_rules(games.game(game).name, spec)


def _refuse_repeats(spec: str, name: str) -> None:
    """ValueError for an option given twice ('jokers=true,jokers=false'): the engine would keep
    the last one silently. Split as the engine splits: an optional `name(...)`, then commas."""
    text = spec.strip()
    if text.startswith(f"{name}(") and text.endswith(")"):
        text = text[len(name) + 1 : -1]
    seen: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, eq, _ = part.partition("=")
        key = key.strip()
        if eq and key in seen:
            raise ValueError(
                f"rule option '{key}' is given twice ({seen[key]}, {part}); give each option once"
            )
        seen.setdefault(key, part)


def _option_value(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def rule_options(game: str = games.DEFAULT) -> list[dict[str, Any]]:
    """Every rule option of `game` with its kind, default, choices and help."""
    return games.game(game).options


def rule_presets(game: str = games.DEFAULT) -> list[dict[str, str]]:
    """The named presets of `game`: name, the options they set, help."""
    return [{"name": n, "options": o, "help": h} for n, o, h in games.game(game).presets]


def table_size(canonical: str) -> int:
    """How many play under a canonical rule string (`players=3`); two where the game has no
    such option."""
    m = re.search(r"[(,]players=(\d+)", canonical)
    return int(m.group(1)) if m else 2


def play_games(
    n: int,
    agents: tuple[str, str] = ("random", "random"),
    seed: int = 0,
    rules: str | dict[str, Any] | None = None,
    start: int = 0,
    threads: int | None = None,
    swap_seats: bool = False,
    game: str = games.DEFAULT,
) -> pl.DataFrame:
    """Play games ``start .. start+n`` of the batch seeded by `seed`; one row per game.

    Game ``i`` is dealt from a seed derived from (`seed`, ``i``) only, so the same game index
    gives the same deal under every rule set, agent pairing and thread count. With
    `swap_seats`, odd-numbered games seat ``agents[1]`` as P1.
    """
    from sim import python_agents
    from sim.agents import resolve

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
    if any(python_agents.is_python(a) for a in agents):
        if game != games.DEFAULT:
            raise ValueError(f"agents written in Python play {games.DEFAULT} only, not {game}")
        if table_size(canon) != 2:
            raise ValueError("agents written in Python play two-player games only (players=2)")
        cols = python_agents.play_games(n, pair, seed, canon, start, swap_seats, resolve)
    else:
        specs = (resolve(agents[0], game), resolve(agents[1], game))
        cols = decode(
            _core.play_games(game, canon, specs, seed, start, n, threads, swap_seats),
            info.schema,
        )
    indices = range(start, start + n)
    players = table_size(canon)
    # Agent A in one seat, B in every other; with `swap_seats`, A moves round the table (the
    # engine's `a_seat`: game i puts A in seat i mod players).
    a_seats = [i % players if swap_seats else 0 for i in indices]
    cols["game"] = list(indices)
    for k in range(info.seats):
        cols[f"agent_p{k + 1}"] = [
            None if k >= players else agents[0] if k == a else agents[1] for a in a_seats
        ]
    cols["seats_swapped"] = [a != 0 for a in a_seats]
    cols["a_seat"] = a_seats
    cols["rules"] = [canon] * n
    cols["rules_version"] = [info.version] * n
    cols["game_name"] = [game] * n
    return frame(cols, info.schema)


def replay(
    seed: int,
    agents: tuple[str, str] = ("greedy", "greedy"),
    rules: str | None = None,
    game: str = games.DEFAULT,
) -> tuple[list[str], dict[str, Any]]:
    """Play one game (its own seed) with the log kept; returns (log lines, record)."""
    from sim.agents import resolve

    specs = (resolve(agents[0], game), resolve(agents[1], game))
    log, cols = _core.replay(game, canonical_rules(rules, game), specs, seed)
    decoded = decode(cols, games.game(game).schema)
    return log, {k: v[0].item() if isinstance(v, np.ndarray) else v[0] for k, v in decoded.items()}


def scenario(position: dict[str, Any]) -> dict[str, Any]:
    """Build a position, play its moves, return the resulting state."""
    return json.loads(_core.scenario(json.dumps(position)))
