"""Sample games for the report: per cell, the longest game and, where Kings are played, the
first game in which the King of Spades was deployed, written as replay-viewer pages beside the
report (`OUTPUT/games/`) so that a designer can watch what the figures are made of.

A game is replayed from its own seed with the cell's agents and rules (the engine is
deterministic, and each agent draws from its seat's stream of that seed), and kept only when
the replay ends as the record says."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import polars as pl

from sim import games
from sim.analysis.frame import _cell, _collect
from sim.play import replays
from sim.play.agents import resolve
from sim.play.batch import replay
from sim.reporting import viewer

# The folder under the output that holds the pages.
GAMES_DIR = "games"


def _pick(lf: pl.LazyFrame, cell: str, where: pl.Expr | None, longest: bool) -> dict | None:
    q = _cell(lf, cell)
    if "players" in lf.collect_schema().names():
        # A replay seats A in P1 and B in every other seat: a game that sat A elsewhere (three
        # or four players, A moving round the table) would be another game.
        q = q.filter(
            (pl.col("a_seat") == 0)
            | (pl.col("agent_p1") == pl.col("agent_p2"))
            | (pl.col("players") == 2)
        )
    if where is not None:
        q = q.filter(where)
    # The longest game (the first of the longest) or the first game: a maximum, then the games
    # that reach it, rather than a sort of the whole cell, which held every one of its games.
    if longest:
        rounds = _collect(q.select(pl.col("rounds").max())).item()
        if rounds is None:
            return None
        q = q.filter(pl.col("rounds") == rounds)
    first = _collect(q.select(pl.col("game").min())).item()
    if first is None:
        return None
    df = _collect(
        q.filter(pl.col("game") == first)
        .select("game", "seed", "winner", "agent_p1", "agent_p2", "rules")
        .head(1)
    )
    return df.row(0, named=True) if df.height else None


def _write(out: Path, cell: str, label: str, game: dict[str, Any]) -> str | None:
    agents = (game["agent_p1"], game["agent_p2"])
    if any(a.startswith("python:") for a in agents):
        return None  # a Python agent cannot be replayed inside the engine
    name_of_game = games.game_of(game["rules"])
    _, record = replay(game["seed"], agents, game["rules"], name_of_game)
    if record["winner"] != game["winner"]:
        return None  # not the recorded game: show nothing rather than another game
    specs = (resolve(agents[0], name_of_game), resolve(agents[1], name_of_game))
    _, moves = replays.played(game["rules"], game["seed"], specs)
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", f"{cell}-{label}") + ".html"
    viewer.write(out / GAMES_DIR / name, game["rules"], game["seed"], moves, list(agents))
    return f"{GAMES_DIR}/{name}"


def write_samples(out: Path, lf: pl.LazyFrame, cells: list[str], kings: bool) -> dict[str, list]:
    """For each cell: [(label, relative link)] to its sample games, written under `out`."""
    # Read only where the game has Kings: one King column a seat (records written before the
    # three- and four-player engine have two).
    king_columns = [c for c in lf.collect_schema().names() if re.fullmatch(r"kings_p\d", c)]
    kings = kings and bool(king_columns)
    ks_deployed = (
        pl.any_horizontal(pl.col(c).str.contains("KS") for c in king_columns) if kings else None
    )
    links: dict[str, list[tuple[str, str]]] = {}
    for cell in cells:
        picks = [("longest game", _pick(lf, cell, None, longest=True))]
        if kings:
            picks.append(("King of Spades deployed", _pick(lf, cell, ks_deployed, longest=False)))
        for label, game in picks:
            if game is None:
                continue
            try:
                link = _write(out, cell, "longest" if label == "longest game" else "KS", game)
            except ValueError:
                link = None  # an agent that no longer resolves: the report goes on without it
            if link:
                links.setdefault(cell, []).append((f"{label} (#{game['game']})", link))
    return links
