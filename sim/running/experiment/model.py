"""An experiment and its cells: the ids that name the cells' records folders, the names of sweep
and impact variants, and the configuration's hash, by which a run's manifest is matched (an old
manifest's rule strings written again by this sim: `upgraded`)."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from sim.games import DEFAULT as DEFAULT_GAME
from sim.play.engine import canonical_rules


def impact_variant(variant: str, method: str, card: str) -> str:
    """The name of the variant that plays `variant` with `card` taken out by `method`."""
    return f"{variant} | {method} {card}"


@dataclass(frozen=True)
class Cell:
    """One rule set and one match-up: the unit that is played, recorded and compared."""

    id: str
    variant: str
    rules: str
    agents: tuple[str, str]
    # A match-up's own cap on games and chunk size (e.g. for a slow search agent, whose
    # chunks should be small so that an interrupted run loses little).
    max_games: int | None = None
    chunk_size: int | None = None
    # The names its games are played with where they differ from `agents`: an agent written in
    # Python whose FILE.py the experiment gives relative to its own folder (records, ids and
    # the config keep the name as written, so that they do not depend on the machine).
    play_as: tuple[str, str] | None = None
    # Whether its records keep the usage counters (`records: {usage: false}` leaves them out,
    # all but the advantage draw's, which the first player's answer reads).
    usage: bool = True
    # A card's cell without it under `impact: {deals: drawn}`: (the variant with the card, the
    # card). It plays only the deals where the card was drawn in that variant's cell of its
    # match-up, the only ones the card's value is read from (`runner/drawn.py`).
    drawn_in: tuple[str, str] | None = None


@dataclass
class Experiment:
    path: Path
    name: str
    question: str
    seed: int
    cells: list[Cell]
    variants: dict[str, str]  # name -> canonical rules
    baseline: str
    games: int | None
    # A stopping rule: {ci_halfwidth, max_games, min_games}, or a balance scan's
    # {settled: {...}, max_games, min_games} (`runner/settled.py`).
    until: dict[str, Any] | None
    chunk_size: int
    swap_seats: bool
    output: Path
    resolved: dict[str, Any] = field(default_factory=dict)
    # What answers the question (`answer:`); not part of the configuration's hash, since it
    # changes the report, never the records. None: the report's defaults for this shape.
    answer: dict[str, Any] | None = None
    # Go on until the answer settles (`settle:`, or `sim run --settle`): {max_games,
    # max_minutes}, either None for no such bound (`runner/settling.py`). Not part of the
    # hash either: it adds games after those the file asks for, and changes none of them.
    settle: dict[str, Any] | None = None

    @property
    def config_hash(self) -> str:
        return config_hash(self.resolved)

    def matches(self, old: dict[str, Any]) -> bool:
        """Whether a run's manifest (`old`) is of this configuration: the same hash, or the
        same once its rule strings are written by this sim (`upgraded`): a rule option added
        since, at its default, plays the same games (a change of behaviour bumps the rules
        version, which is part of the configuration)."""
        if old.get("config_hash") == self.config_hash:
            return True
        config = upgraded(old.get("config"))
        return config is not None and config_hash(config) == self.config_hash

    def max_games(self) -> int:
        if self.games is not None:
            return self.games
        assert self.until is not None  # a file gives exactly one of games and until
        return int(self.until["max_games"])

    def with_cell_ids(self, scheme: int) -> Experiment:
        """The same experiment with its cells' ids (and records folders) made by `scheme`:
        resuming a run keeps the scheme its manifest records."""
        cells = [replace(c, id=cell_id(c.variant, c.agents, scheme)) for c in self.cells]
        return replace(self, cells=cells)


def config_hash(resolved: dict[str, Any]) -> str:
    """The hash a run's manifest records of its resolved configuration. The question's wording
    is left out: rewording it plays the same games (a run is brought up to date, not redone)."""
    played = {k: v for k, v in resolved.items() if k != "question"}
    text = json.dumps(played, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def upgraded(config: Any) -> dict[str, Any] | None:
    """A manifest's resolved configuration with its variants' rule strings written again by
    this sim (options added since then appear at their defaults); None when a string no
    longer reads (an option removed or renamed)."""
    if not isinstance(config, dict) or not isinstance(config.get("variants"), dict):
        return None
    game = config.get("game", DEFAULT_GAME)
    try:
        variants = {v: canonical_rules(r, game) for v, r in config["variants"].items()}
    except (ValueError, TypeError, AttributeError):  # an unreadable or damaged string
        return None
    return {**config, "variants": variants}


def sweep_variant(combo: tuple[tuple[str, str, str | None], ...], labelled: bool) -> str:
    """A sweep cell's variant name: its values' names joined by ", " where the sweep names any
    ("Spring '25 Kings, split_houses=D-S": a value without a name is `option=value`), else
    `option=value` joined by "," (the names of runs made before values could be named)."""
    parts = [label if label is not None else f"{k}={v}" for k, v, label in combo]
    return (", " if labelled else ",").join(parts)


# How a cell's id, which names its records folder, is made from its variant and match-up; the
# manifest records it (`cell_id_scheme`), so that a run keeps its folders when it is resumed.
# Scheme 1 (before the manifest recorded it) kept '=', so that a sweep's folders
# (`kings=classic__greedy-vs-greedy`) read as Hive partitions and pandas, pyarrow, duckdb and
# polars added a column per option. Scheme 2 writes '=' as '-', and starts no folder with '_' or
# '.', which pyarrow and pandas skip as hidden.
CELL_ID_SCHEME = 2


def cell_id(variant: str, agents: tuple[str, str], scheme: int = CELL_ID_SCHEME) -> str:
    """The id of the cell that plays `agents` under `variant`: its records' folder name and its
    `cell` column. Scheme 2 is a function of scheme 1's id, so cells with distinct ids under
    scheme 2 have distinct ids under scheme 1 too."""
    raw = f"{variant}__{agents[0]}-vs-{agents[1]}"
    if scheme == 1:
        return re.sub(r"[^A-Za-z0-9_.=+-]", "_", raw)
    name = re.sub(r"[^A-Za-z0-9_.+-]", "_", raw.replace("=", "-"))
    return f"v{name}" if name.startswith(("_", ".")) else name
