"""Every game the engine plays, read from its registry (`sim._core.games()`): name, behaviour
version, rule options and presets, built-in agents, end reasons, record columns and the report
sections only it has. The rest of the package asks this module about a game, and names none,
except where a game is drawn: its board (`sim/play/boards.py`) and its replay page's drawing
(`DRAW` in `sim/reporting/viewer.py`)."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cache
from typing import Any

import polars as pl

from sim import _core

# The engine's column types, as polars types.
_DTYPES: dict[str, pl.DataType] = {
    "u64": pl.UInt64(),
    "u32": pl.UInt32(),
    "u16": pl.UInt16(),
    "u8": pl.UInt8(),
    "i32": pl.Int32(),
    "i8": pl.Int8(),
    "str": pl.Utf8(),
}

# Columns a batch adds to every record, after the engine's (and after `agent_p1` .. `agent_pN`,
# one per seat the game can have: see `GameInfo.schema`).
BATCH_COLUMNS: dict[str, pl.DataType] = {
    "game": pl.UInt64(),
    "seats_swapped": pl.Boolean(),
    # The seat agent A sat in (0: P1); with two players, 1 exactly when `seats_swapped`.
    "a_seat": pl.UInt8(),
    "rules": pl.Utf8(),
    "rules_version": pl.UInt32(),
    "game_name": pl.Utf8(),
}


@dataclass(frozen=True)
class GameInfo:
    name: str
    version: int
    options: list[dict[str, Any]]
    presets: list[tuple[str, str, str]]
    agents: list[str]
    end_reasons: list[str]
    sections: list[str]
    columns: list[tuple[str, str]]
    # The kinds of decision its players make (the usage columns), and for some of them the
    # rule option that offers them.
    decisions: list[str]
    decision_rules: dict[str, str]

    def has(self, section: str) -> bool:
        """Does this game's report have `section` (kings, cards, house_matrix, pace)?"""
        return section in self.sections

    @property
    def seats(self) -> int:
        """The most seats a game of this kind has (Houses-Skirmish: 4, with `players=4`): the
        records have per-seat columns up to it (`agent_p4`, `life_p4`)."""
        names = {name for name, _ in self.columns}
        return max(k for k in range(1, 9) if k <= 2 or f"decisions_p{k}" in names)

    @property
    def schema(self) -> dict[str, pl.DataType]:
        """The records' column types, in order: the engine's, then the batch's."""
        engine = {name: _DTYPES[ty] for name, ty in self.columns}
        agents = {f"agent_p{k}": pl.Utf8() for k in range(1, self.seats + 1)}
        batch = dict(BATCH_COLUMNS)
        game_col = batch.pop("game")
        return {"game": game_col, **engine, **agents, **batch}


@cache
def registry() -> dict[str, GameInfo]:
    """The games, the default (Houses-Skirmish) first."""
    return {
        g["name"]: GameInfo(
            name=g["name"],
            version=g["version"],
            options=g["options"],
            presets=[tuple(p) for p in g["presets"]],
            agents=g["agents"],
            end_reasons=g["end_reasons"],
            sections=g["sections"],
            columns=[tuple(c) for c in g["columns"]],
            decisions=g["decisions"],
            decision_rules=dict(g["decision_rules"]),
        )
        for g in _core.games()
    }


NAMES: tuple[str, ...] = tuple(registry())
DEFAULT = NAMES[0]


def game(name: str) -> GameInfo:
    """A game by name; ValueError naming the valid games (and the closest) otherwise."""
    found = registry().get(name)
    if found is None:
        near = difflib.get_close_matches(str(name), NAMES, n=1)
        hint = f" (did you mean '{near[0]}'?)" if near else ""
        raise ValueError(f"unknown game '{name}'{hint}; valid games: {', '.join(NAMES)}")
    return found


def game_of(canonical: str) -> str:
    """The game a canonical rule string belongs to, from its name: `battle_cards(...)`."""
    name = canonical.split("(", 1)[0]
    return name if name in registry() else DEFAULT
