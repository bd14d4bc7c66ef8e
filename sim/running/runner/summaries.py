"""The summary of a run, per cell: games, wins, win rates with 95% intervals (A's, the first
player's, by turn order), the share of games with no winner, and game length."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl

from sim.analysis import frame, stored
from sim.analysis.names import MAX_SEATS, ORDINALS
from sim.analysis.stats import wilson
from sim.running.runner.files import RECORDS
from sim.running.runner.manifest import _manifest


def _rounded(x: float | None) -> float | None:
    return None if x is None else round(x, 2)


def summary(out: Path) -> list[dict[str, Any]]:
    """Per cell: games, wins of each agent, draws, agent A's win rate, the first player's win
    rate and the share of games with no winner, each with a 95% interval, and game length.
    Read lazily from the records, so memory does not grow with the number of games."""
    manifest = _manifest(out) or {}
    files = str(out / RECORDS / "*" / "*.parquet")
    lf = stored.scan(files)
    names = lf.collect_schema().names()
    winner = pl.col("winner").cast(pl.Int64)
    a_won = winner == frame.a_seat(names)
    b_won = (winner != -1) & ~a_won
    agg = (
        lf.group_by("cell")
        .agg(
            games=pl.len(),
            wins_a=a_won.sum(),
            wins_b=b_won.sum(),
            first_wins=(winner == pl.col("first_player").cast(pl.Int64)).sum(),
            players=frame.players(names).max(),
            mean_turns=pl.col("turns").mean(),
            mean_rounds=pl.col("rounds").mean(),
            **{f"order_wins_{k}": (frame.turn_order(names) == k).sum() for k in range(MAX_SEATS)},
        )
        .collect(engine="streaming")
    )
    by_cell = {r["cell"]: r for r in agg.iter_rows(named=True)}
    rows = []
    for c in manifest.get("cells", []):
        empty = {"games": 0, "wins_a": 0, "wins_b": 0, "first_wins": 0, "players": 2}
        r = by_cell.get(c["id"], empty)
        n, wa, wb = r["games"], r["wins_a"], r["wins_b"]
        seats = int(r.get("players") or 2)
        draws = n - wa - wb
        # A game with no winner counts as an even share to each seat (a half with two).
        share = draws / seats
        lo, hi = wilson(wa + share, n)
        first = r["first_wins"] + share
        first_lo, first_hi = wilson(first, n)
        none_lo, none_hi = wilson(draws, n)
        order_rates = []
        for k in range(seats):
            won = r.get(f"order_wins_{k}", 0) + share
            s_lo, s_hi = wilson(won, n)
            order_rates.append(
                {
                    "place": ORDINALS[k],
                    "win_rate": round(won / n, 4) if n else None,
                    "ci95": [round(s_lo, 4), round(s_hi, 4)],
                }
            )
        rows.append(
            {
                "cell": c["id"],
                "variant": c["variant"],
                "agent_a": c["agents"][0],
                "agent_b": c["agents"][1],
                "games": n,
                "wins_a": wa,
                "wins_b": wb,
                "draws": draws,
                "players": seats,
                "win_rate_a": round((wa + share) / n, 4) if n else None,
                "ci95": [round(lo, 4), round(hi, 4)],
                # In a mirror match-up A's win rate is 50% by symmetry; the first player's
                # is the one to read.
                "mirror": c["agents"][0] == c["agents"][1],
                "first_player_win_rate": round(first / n, 4) if n else None,
                "first_player_ci95": [round(first_lo, 4), round(first_hi, 4)],
                "no_winner_rate": round(draws / n, 4) if n else None,
                "no_winner_ci95": [round(none_lo, 4), round(none_hi, 4)],
                # The win rate of the player 1st, 2nd, ... in turn order (who starts is
                # drawn, so this, not the seat number, is the seat advantage).
                "turn_order_win_rates": order_rates,
                "mean_turns": _rounded(r.get("mean_turns")),
                "mean_rounds": _rounded(r.get("mean_rounds")),
            }
        )
    return rows
