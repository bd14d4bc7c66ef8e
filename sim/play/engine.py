"""The Python face of the Rust engine: rule strings (canonical, checked, their values), the
records' columns decoded from the engine's buffers, rule options and presets, positions."""

from __future__ import annotations

import json
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


class Repeated:
    """A column that holds one value in every row (the rules, the game's name): built as
    `pl.repeat`, whose strings all point at one copy, where a list of n references became n
    copies (the rules string, 870 bytes, was two thirds of a batch's memory)."""

    def __init__(self, value: Any, n: int) -> None:
        self.value, self.n = value, n


def frame(cols: dict[str, Any], schema: dict[str, pl.DataType]) -> pl.DataFrame:
    """Records as a DataFrame of the game's schema, from decoded columns."""
    return pl.DataFrame([_series(name, cols[name], dtype) for name, dtype in schema.items()])


def _series(name: str, col: Any, dtype: pl.DataType) -> pl.Series:
    if isinstance(col, Repeated):
        return pl.repeat(col.value, col.n, dtype=dtype, eager=True).alias(name)
    return pl.Series(name, col).cast(dtype)


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


def rule_values(canonical: str) -> dict[str, str]:
    """A canonical rule string, `game(a=1,b=2)`, as {a: 1, b: 2}."""
    inner = canonical.split("(", 1)[1].rstrip(")")
    return dict(p.split("=", 1) for p in inner.split(",") if "=" in p)


def varied_options(rules: dict[str, str]) -> set[str]:
    """The options whose values differ between these canonical rule strings."""
    parsed = [rule_values(r) for r in rules.values()]
    keys = {k for p in parsed for k in p}
    return {k for k in keys if len({p.get(k) for p in parsed}) > 1}


def scenario(position: dict[str, Any]) -> dict[str, Any]:
    """Build a position, play its moves, return the resulting state."""
    return json.loads(_core.scenario(json.dumps(position)))
