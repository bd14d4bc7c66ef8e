"""What a player does with one card, read from Houses-Skirmish records: of the games in which
a seat drew the card, how often it deployed it, how long those games ran, and how often it took
each kind of decision, with the card live and with it a blank on the same deals (an
experiment's `impact: {methods: [blank]}` cells). The answer book says with these why one
player finds a card worth more than another does (`sim/reporting/book_reasons.py`)."""

from __future__ import annotations

from dataclasses import dataclass, field

import polars as pl

from sim.analysis.names import card_id

# The seats a two-player record has.
SEATS = ("p1", "p2")
# Decisions that end a phase or a declaration rather than do something with a card: not what
# tells two players' use of a card apart.
BOOKKEEPING = ("end", "done", "pass", "start", "defer")


def drawers(records: pl.DataFrame, card: str, agent: str) -> pl.DataFrame:
    """One row per seat of `agent` that drew `card` in a two-player game of `records` (raw
    columns): whether it deployed the card, whether it won, the game's rounds, and each kind's
    decisions taken by that seat (`taken_<kind>`)."""
    bit = 1 << card_id(card)
    kinds = sorted(
        {c[len("taken_") : -len("_p1")] for c in records.columns if c.startswith("taken_")} - {""}
    )
    parts = []
    for k, p in enumerate(SEATS):
        if f"drawn_mask_{p}" not in records.columns:
            continue
        parts.append(
            records.filter(
                pl.col(f"agent_{p}") == agent, (pl.col(f"drawn_mask_{p}") & bit) > 0
            ).select(
                ((pl.col(f"deployed_mask_{p}") & bit) > 0).alias("deployed"),
                (pl.col("winner") == k).alias("won"),
                pl.col("rounds").cast(pl.Float64),
                *[
                    pl.col(f"taken_{kind}_{p}").cast(pl.Float64).alias(kind)
                    for kind in kinds
                    if f"taken_{kind}_{p}" in records.columns
                ],
            )
        )
    return pl.concat(parts) if parts else pl.DataFrame()


@dataclass
class CardUse:
    """One player's use of one card: `games` (seats that drew it, the card live), the share of
    them that deployed it, their mean rounds, and each kind's decisions taken a game by the
    drawer, live (`taken`) and with the card a blank on the same deals (`blank_taken`, empty
    without blank records)."""

    agent: str
    card: str
    games: int
    deployed: float
    rounds: float
    blank_rounds: float | None
    taken: dict[str, float] = field(default_factory=dict)
    blank_taken: dict[str, float] = field(default_factory=dict)

    def change(self, kind: str) -> float:
        """How many more decisions of `kind` a game the drawer takes with the card live than
        with it blank (0 without blank records)."""
        if not self.blank_taken:
            return 0.0
        return self.taken.get(kind, 0.0) - self.blank_taken.get(kind, 0.0)


def card_use(
    records: pl.DataFrame, blank: pl.DataFrame | None, card: str, agent: str
) -> CardUse | None:
    """`agent`'s use of `card` in `records` (the card live) and `blank` (the same deals with
    the card a blank, or None); None where the agent never drew it."""
    live = drawers(records, card, agent)
    if live.is_empty():
        return None
    kinds = [c for c in live.columns if c not in ("deployed", "won", "rounds")]
    off = drawers(blank, card, agent) if blank is not None else pl.DataFrame()
    return CardUse(
        agent=agent,
        card=card,
        games=live.height,
        deployed=float(live["deployed"].mean()),  # type: ignore[arg-type]
        rounds=float(live["rounds"].mean()),  # type: ignore[arg-type]
        blank_rounds=None if off.is_empty() else float(off["rounds"].mean()),  # type: ignore[arg-type]
        taken={k: float(live[k].mean()) for k in kinds},  # type: ignore[arg-type]
        blank_taken={}
        if off.is_empty()
        else {k: float(off[k].mean()) for k in kinds if k in off.columns},  # type: ignore[arg-type]
    )


def telling_kind(weaker: CardUse, stronger: CardUse) -> str | None:
    """The kind of decision whose change with the card live (against blank) differs most
    between the two players: what one does with the card that the other does not. None
    without blank records for both."""
    if not weaker.blank_taken or not stronger.blank_taken:
        return None
    kinds = (set(weaker.taken) & set(stronger.taken)) - set(BOOKKEEPING)
    gaps = {k: abs(weaker.change(k) - stronger.change(k)) for k in kinds}
    best = max(sorted(gaps), key=lambda k: gaps[k], default=None)
    return best if best is not None and gaps[best] > 0 else None
