"""Agents written in Python, for designers who want to script a play style.

An agent is any class with a method

    choose(self, observation: dict, legal: list[str]) -> int

that returns the index of the move it plays among `legal` (moves in the notation of
docs/notation.md). `observation` is what its player may know: the state as JSON (the same
shape `sim scenario` prints) with the opponent's unseen cards and the deck removed, plus
`seat`, `opponent_hidden_cards` and `deck_size`. A fresh instance plays each game; if the
class's constructor takes a `seed` argument it gets one of its own per game.

Name it in an experiment or on the command line as `python:FILE.py:Class` or
`python:package.module:Class`. It plays through one engine call per decision, so it is far
slower than the built-in agents (thousands of games a minute rather than tens of thousands a
second); the built-in seats still play inside the engine.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import json
from functools import cache
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from sim import _core, games
from sim.play.engine import decode


class AgentError(ValueError):
    """A Python agent failed during a game: it raised, or returned something that is not the
    index of a legal move. The message names the agent, its seat, the game and what it did."""


class Agent(Protocol):
    def choose(self, observation: dict[str, Any], legal: list[str]) -> int: ...


PREFIX = "python:"


def is_python(name: str) -> bool:
    return str(name).startswith(PREFIX)


def anchored(name: str, folder: Path) -> str:
    """`name` with a relative `FILE.py` read from `folder` (an experiment file's folder): the
    name its games are played with. Any other name is returned as it is."""
    if not is_python(name):
        return name
    where, _, cls = name[len(PREFIX) :].rpartition(":")
    if not where.endswith(".py") or Path(where).is_absolute():
        return name
    return f"{PREFIX}{(folder / where).resolve()}:{cls}"


@cache
def load(name: str) -> type:
    """The agent class named `python:FILE.py:Class` or `python:module:Class`."""
    target = name[len(PREFIX) :]
    where, _, cls = target.rpartition(":")
    if not where or not cls:
        raise ValueError(
            f"python agent '{name}' must be written python:FILE.py:Class or python:module:Class"
        )
    if where.endswith(".py"):
        path = Path(where)
        if not path.exists():
            raise ValueError(f"python agent '{name}': no file {path}")
        spec = importlib.util.spec_from_file_location(f"sim_agent_{path.stem}", path)
        if spec is None or spec.loader is None:
            raise ValueError(f"python agent '{name}': cannot load {path}")
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except (Exception, SystemExit) as e:  # its code, run on import: any error is its own
            raise ValueError(f"python agent '{name}': loading {path} raised {_what(e)}") from None
    else:
        try:
            module = importlib.import_module(where)
        except ImportError as e:
            raise ValueError(f"python agent '{name}': cannot import {where}: {e}") from None
        except (Exception, SystemExit) as e:
            raise ValueError(
                f"python agent '{name}': importing {where} raised {_what(e)}"
            ) from None
    agent = getattr(module, cls, None)
    if agent is None or not callable(getattr(agent, "choose", None)):
        raise ValueError(f"python agent '{name}': {where} has no class {cls} with a choose method")
    return agent


def source_hash(name: str) -> str:
    """The SHA-256 (16 hex digits) of the agent's source file: part of its resolved spec, so
    that a run refuses to resume with edited agent code (it would mix two agents in a cell)."""
    where = name[len(PREFIX) :].rpartition(":")[0]
    if where.endswith(".py"):
        origin: str | None = where
    else:
        found = importlib.util.find_spec(where)
        origin = found.origin if found else None
    if origin is None or not Path(origin).is_file():
        raise ValueError(f"python agent '{name}': cannot find the source of {where}")
    return hashlib.sha256(Path(origin).read_bytes()).hexdigest()[:16]


def _what(e: BaseException) -> str:
    """An exception in one line: its type and message."""
    text = " ".join(str(e).split())
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def _make(name: str, seed: int) -> Agent:
    cls = load(name)
    try:
        takes_seed = "seed" in inspect.signature(cls).parameters
    except (TypeError, ValueError):  # no signature to read (a builtin or C class)
        takes_seed = False
    return cls(seed=seed) if takes_seed else cls()


def _index(value: Any, legal: list[str]) -> int | None:
    """`value` as the index of a legal move, or None: an int (or numpy integer), not a bool."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        return None
    return int(value) if 0 <= value < len(legal) else None


def play_games(
    n: int, agents: tuple[str, str], seed: int, rules: str, start: int, swap_seats: bool, resolve
) -> dict[str, list]:
    """Columns like `_core.play_games` (decoded), one game at a time through `_core.Game`."""
    schema = games.game(games.DEFAULT).schema
    columns: dict[str, list] = {}
    for i in range(start, start + n):
        seats = (agents[1], agents[0]) if swap_seats and i % 2 == 1 else agents
        game_seed = _core.game_seed(seed, i)
        builtin = (
            None if is_python(seats[0]) else resolve(seats[0]),
            None if is_python(seats[1]) else resolve(seats[1]),
        )
        game = _core.Game(rules, game_seed, builtin)
        players: list[Agent | None] = []
        for s, a in enumerate(seats):
            try:
                players.append(
                    _make(a, _core.game_seed(game_seed, s + 1)) if is_python(a) else None
                )
            except (Exception, SystemExit) as e:  # KeyboardInterrupt still stops the run
                raise AgentError(
                    f"python agent {a} (P{s + 1}) in game {i}: creating it raised {_what(e)}"
                ) from None
        while (seat := game.decider) is not None:
            legal = game.legal()
            player = players[seat]
            assert player is not None  # built-in seats play inside the engine
            where = f"python agent {seats[seat]} (P{seat + 1}) in game {i}"
            try:
                value = player.choose(json.loads(game.observation(seat)), legal)
            except (Exception, SystemExit) as e:
                raise AgentError(f"{where}: choose raised {_what(e)}") from None
            index = _index(value, legal)
            if index is None:
                shown = repr(value)
                shown = shown if len(shown) <= 60 else shown[:57] + "..."
                raise AgentError(
                    f"{where}: choose returned {shown} ({type(value).__name__}), not the index "
                    f"of a legal move: an int from 0 to {len(legal) - 1}"
                )
            game.play(index)
        for k, v in decode(game.record(), schema).items():
            columns.setdefault(k, []).extend(v.tolist() if isinstance(v, np.ndarray) else v)
    return columns
