"""A card's cells without it that play only the deals where it was drawn (`impact: {deals:
drawn}`). A card's value to its drawer is read from the deals where one player drew it in the
cell with the card (`analysis.cards.card_value`): on the others the game without it teaches
nothing about it, yet costs a whole game, and a King is drawn in about a third of games. So such
a cell plays, chunk by chunk, just the deals its card was drawn in, read from the same chunk of
the cell with the card, which plays first; each is the very game a full cell plays there, so
the card's value, its interval and every comparison of it come out exactly as from full cells."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import polars as pl

from sim.analysis.names import card_id
from sim.running.experiment import Cell, Experiment

if TYPE_CHECKING:
    from sim.running.runner.chunks import Chunk


def parent(exp: Experiment, cell: Cell) -> Cell | None:
    """The cell whose deals `cell` plays where its card was drawn (None for a full cell)."""
    if cell.drawn_in is None:
        return None
    variant = cell.drawn_in[0]
    return next(c for c in exp.cells if c.variant == variant and c.agents == cell.agents)


def drawn_games(path: Path, card: str) -> tuple[int, ...]:
    """The games of the chunk file at `path` in which some player drew `card`."""
    bit = 1 << card_id(card)
    names = pl.read_parquet_schema(path)
    masks = [n for n in names if n.startswith("drawn_mask_p")]
    df = pl.read_parquet(path, columns=["game", *masks])
    drew = pl.any_horizontal([(pl.col(m) & bit) != 0 for m in masks])
    return tuple(int(g) for g in df.filter(drew)["game"].sort())


def with_games(chunk: Chunk, parent_path: Path) -> Chunk:
    """`chunk` (of a card's cell without it) set to play the deals of the same chunk of its
    parent (its file at `parent_path`) where the card was drawn."""
    assert chunk.cell.drawn_in is not None
    return replace(chunk, games=drawn_games(parent_path, chunk.cell.drawn_in[1]))
