"""A card's cells without it that play only the deals where it was drawn (`impact: {deals:
drawn}`). A card's value to its drawer is read from the deals where one player drew it in the
cell with the card (`analysis.cards.card_value`): on the others the game without it teaches
nothing about it, yet costs a whole game, and a King is drawn in about a third of games. So such
a cell plays, chunk by chunk, just the deals its card was drawn in, read from the same chunk of
the cell with the card, which plays first; each is the very game a full cell plays there, so
the card's value, its interval and every comparison of it come out exactly as from full cells."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from sim.analysis.names import card_id
from sim.running.experiment import Cell, Experiment


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
