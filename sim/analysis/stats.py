"""Small, honest statistics for win rates."""

from __future__ import annotations

import math
from typing import Any

import polars as pl

# The family-wise error rate of a family of comparisons (Holm).
ALPHA = 0.05


def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (draws count as half a win upstream)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def holm(items: list[dict[str, Any]]) -> None:
    """Holm-adjust the p-values of `items` as one family (in place): `p_adj`, and `noise` when
    the adjusted p-value is at least ALPHA."""
    if not items:
        return
    from statsmodels.stats.multitest import multipletests

    _, adjusted, _, _ = multipletests([i["p"] for i in items], alpha=ALPHA, method="holm")
    for i, p in zip(items, adjusted, strict=True):
        i["p_adj"] = float(p)
        i["noise"] = bool(p >= ALPHA)


def summary_lines(df: pl.DataFrame) -> list[str]:
    """Win rates of each seat (a game with no winner counting an even share, a half with two
    players) with intervals, plus length and endings."""
    n = df.height
    players = int(df["players"][0]) if "players" in df.columns else 2
    share = 1 / players
    wins = [int((df["winner"] == s).sum()) for s in range(players)]
    draws = n - sum(wins)
    seats = "  ".join(f"P{s + 1} ({df[f'agent_p{s + 1}'][0]}) wins {w}" for s, w in enumerate(wins))
    lines = [f"games: {n}  {seats}  draws {draws}"]
    for s, w in enumerate(wins):
        rate = (w + draws * share) / n
        lo, hi = wilson(w + draws * share, n)
        lines.append(f"P{s + 1} win rate {rate:.3f}  95% CI [{lo:.3f}, {hi:.3f}]")
    first_wins = int((df["winner"] == df["first_player"].cast(pl.Int8)).sum())
    lo, hi = wilson(first_wins + draws * share, n)
    rate = (first_wins + draws * share) / n
    lines.append(f"first player win rate {rate:.3f}  95% CI [{lo:.3f}, {hi:.3f}]")
    median, mean = df.select(m=pl.col("turns").median(), a=pl.col("turns").mean()).row(0)
    lines.append(f"turns: median {median:.0f}, mean {mean:.1f}")
    for reason, count in df.group_by("end_reason").len().sort("end_reason").iter_rows():
        lines.append(f"ended by {reason}: {count}")
    return lines


def bradley_terry(
    agents: list[str],
    wins: dict[tuple[str, str], float],
    games: dict[tuple[str, str], int],
    iterations: int = 500,
) -> dict[str, float]:
    """Bradley-Terry strengths on the Elo scale (400 log10 of the strength ratio), by the
    minorise-maximise algorithm (Hunter 2004). `wins[(a, b)]` is a's score against b (draws
    count half to each) and `games` holds both orders of each pair. The ratings are defined up
    to a constant: compare differences, or subtract an anchor's rating."""
    p = dict.fromkeys(agents, 1.0)
    total = {a: sum(w for (x, _), w in wins.items() if x == a) for a in agents}
    for _ in range(iterations):
        new = {}
        for a in agents:
            # games holds both orders of each pair: count each pair once, from a's side.
            denom = sum(n / (p[a] + p[b]) for (x, b), n in games.items() if x == a)
            new[a] = max(total[a], 1e-3) / denom if denom else p[a]
        norm = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        p = {a: v / norm for a, v in new.items()}
    return {a: 400 * math.log10(v) for a, v in p.items()}
