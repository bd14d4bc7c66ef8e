"""A strength ladder: every agent plays every other on the same deals, both seats, and gets a
Bradley-Terry rating (on the Elo scale) with a bootstrap interval; consecutive agents in the
ordering are checked pairwise with Wilson intervals. At a table of three or four, each agent
in the order given plays alone among the one below it, in every seat in turn, and its share
of the wins is checked against an even share."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import numpy as np
import polars as pl
from tqdm.auto import tqdm

from sim.analysis.stats import bradley_terry, wilson
from sim.games import game_of
from sim.play.batch import play_games
from sim.play.engine import canonical_rules, table_size


def ladder(
    agents: list[str],
    games: int,
    seed: int = 0,
    rules: str | None = None,
    threads: int | None = None,
    bootstrap: int = 300,
    chunk: int | None = None,
    progress: bool = False,
) -> dict[str, Any]:
    """With `chunk`, each pair plays chunks of that many games until its head-to-head interval
    excludes 50% or it reaches `games` (lopsided pairs stop early; close pairs play on). With
    `progress`, a progress bar counts the games (its total is the most that may be played)."""
    players = table_size(canonical_rules(rules or "", game_of(rules or "")))
    if players != 2:
        return table_ladder(agents, games, players, seed, rules, threads, chunk, progress)
    pairs: list[dict[str, Any]] = []
    combos = list(itertools.combinations(agents, 2))
    bar = tqdm(total=len(combos) * games, unit="game", disable=not progress, desc="ladder")
    for a, b in combos:
        wa, draws, played = _play_pair(
            (a, b), games, seed, rules, threads, chunk, bar, f"{a} v {b}", _two_seat_tally, 0.5
        )
        wb = played - wa - draws
        lo, hi = wilson(wa + draws / 2, played)
        pairs.append(
            {
                "a": a,
                "b": b,
                "games": played,
                "wins_a": wa,
                "wins_b": wb,
                "draws": draws,
                "rate_a": (wa + draws / 2) / played,
                "lo": lo,
                "hi": hi,
            }
        )
    bar.close()
    ratings = ratings_with_intervals(agents, pairs, seed, bootstrap)
    ordering = []
    for low, high in itertools.pairwise(ratings):
        p = next(p for p in pairs if {p["a"], p["b"]} == {low["agent"], high["agent"]})
        flip = p["a"] != high["agent"]
        r, plo, phi = float(p["rate_a"]), float(p["lo"]), float(p["hi"])
        rate, lo, hi = (1 - r, 1 - phi, 1 - plo) if flip else (r, plo, phi)
        ordering.append(
            {
                "lower": low["agent"],
                "higher": high["agent"],
                "rate": rate,
                "lo": lo,
                "hi": hi,
                "significant": lo > 0.5,
            }
        )
    return {
        "agents": agents,
        "games_per_pair": games,
        "seed": seed,
        "rules": rules or "",
        "ratings": ratings,
        "pairs": pairs,
        "ordering": ordering,
        "strict": all(o["significant"] for o in ordering),
        "anchor": agents[0],
    }


def table_ladder(
    agents: list[str],
    games: int,
    players: int,
    seed: int = 0,
    rules: str | None = None,
    threads: int | None = None,
    chunk: int | None = None,
    progress: bool = False,
) -> dict[str, Any]:
    """The ladder at a table of `players`: `agents` weakest first, each step the stronger one
    alone among the weaker (every seat in turn, same deals), its share of the wins (a game with
    no winner an even share) against an even share, with its Wilson interval. Head-to-head
    ratings need two seats, so none are fitted here."""
    even = 1 / players
    ordering = []
    bar = tqdm(total=(len(agents) - 1) * games, unit="game", disable=not progress, desc="ladder")
    for low, high in itertools.pairwise(agents):
        won, draws, played = _play_pair(
            (high, low),
            games,
            seed,
            rules,
            threads,
            chunk,
            bar,
            f"{high} among {low}",
            _alone_tally,
            even,
        )
        lo, hi = wilson(won + draws * even, played)
        ordering.append(
            {
                "lower": low,
                "higher": high,
                "games": played,
                "wins": won,
                "draws": draws,
                "rate": (won + draws * even) / played,
                "lo": lo,
                "hi": hi,
                "even": even,
                "significant": lo > even,
            }
        )
    bar.close()
    return {
        "agents": agents,
        "games_per_pair": games,
        "seed": seed,
        "rules": rules or "",
        "players": players,
        "ordering": ordering,
        "strict": all(o["significant"] for o in ordering),
        "anchor": agents[0],
    }


def _play_pair(
    pair: tuple[str, str],
    games: int,
    seed: int,
    rules: str | None,
    threads: int | None,
    chunk: int | None,
    bar: Any,
    label: str,
    tally: Callable[[pl.DataFrame], tuple[int, int]],
    even: float,
) -> tuple[int, int, int]:
    """Games of `pair` (A first, seats rotated) in slices up to `games`, or with `chunk` until
    the Wilson interval of A's score (a game with no winner counting `even`) excludes `even`:
    A's wins, the games with no winner, the games played. `tally` counts both in a slice.
    Without early stopping the pair still plays in slices, for the progress bar: the same game
    indices, so the same records."""
    wins = draws = played = 0
    step = chunk or max(1, min(games, 200))
    while played < games:
        df = play_games(
            min(step, games - played),
            pair,
            seed,
            rules,
            start=played,
            threads=threads,
            swap_seats=True,
        )
        w, d = tally(df)
        wins, draws, played = wins + w, draws + d, played + df.height
        bar.update(df.height)
        bar.set_postfix_str(label)
        lo, hi = wilson(wins + draws * even, played)
        if chunk and (lo > even or hi < even):
            bar.update(games - played)  # the games this pair no longer needs
            break
    return wins, draws, played


def _two_seat_tally(df: pl.DataFrame) -> tuple[int, int]:
    """A's wins at two seats (A is P2 where the seats are swapped) and the draws."""
    w, sw = df["winner"], df["seats_swapped"]
    return int((((w == 0) & ~sw) | ((w == 1) & sw)).sum()), int((w < 0).sum())


def _alone_tally(df: pl.DataFrame) -> tuple[int, int]:
    """A's wins from its seat at a larger table, and the games with no winner."""
    return int((df["winner"] == df["a_seat"]).sum()), int((df["winner"] < 0).sum())


def ratings_with_intervals(
    agents: list[str], pairs: list[dict[str, Any]], seed: int, bootstrap: int = 300
) -> list[dict[str, Any]]:
    """Bradley-Terry ratings relative to the first agent (the anchor), weakest first, each with
    a 95% parametric-bootstrap interval: each pair's result is redrawn from its observed rate,
    the model is refitted, and the agent's rating minus the anchor's rating *in that same
    sample* is kept (shifting by the anchor's point estimate instead would ignore the anchor's
    own uncertainty and give intervals that are too narrow)."""
    wins: dict[tuple[str, str], float] = {}
    n: dict[tuple[str, str], int] = {}
    for p in pairs:
        wins[(p["a"], p["b"])] = p["rate_a"] * p["games"]
        wins[(p["b"], p["a"])] = (1 - p["rate_a"]) * p["games"]
        n[(p["a"], p["b"])] = n[(p["b"], p["a"])] = p["games"]
    anchor = agents[0]
    elo = bradley_terry(agents, wins, n)
    rng = np.random.default_rng(seed)
    samples: dict[str, list[float]] = {a: [] for a in agents}
    for _ in range(bootstrap):
        bw: dict[tuple[str, str], float] = {}
        for p in pairs:
            k = int(rng.binomial(p["games"], p["rate_a"]))
            bw[(p["a"], p["b"])], bw[(p["b"], p["a"])] = k, p["games"] - k
        fit = bradley_terry(agents, bw, n, iterations=200)
        for a in agents:
            samples[a].append(fit[a] - fit[anchor])
    return sorted(
        (
            {
                "agent": a,
                "elo": elo[a] - elo[anchor],
                "lo": float(np.percentile(samples[a], 2.5)),
                "hi": float(np.percentile(samples[a], 97.5)),
            }
            for a in agents
        ),
        key=lambda r: r["elo"],
    )


def lines(result: dict[str, Any]) -> list[str]:
    if "players" in result:
        return _table_lines(result)
    out = [
        f"ladder: {len(result['agents'])} agents, up to {result['games_per_pair']} games a pair, "
        f"seats swapped, same deals (seed {result['seed']}); Elo relative to "
        f"{result['anchor']}, 95% bootstrap intervals"
    ]
    for r in reversed(result["ratings"]):
        out.append(f"  {r['agent']:<24} {r['elo']:>7.0f}  [{r['lo']:>6.0f}, {r['hi']:>6.0f}]")
    out.append(
        "games per pair: " + ", ".join(f"{p['a']}-{p['b']} {p['games']}" for p in result["pairs"])
    )
    out.append("ordering (each agent against the one below it):")
    for o in reversed(result["ordering"]):
        verdict = "significant" if o["significant"] else "NOT significant"
        out.append(
            f"  {o['higher']} beats {o['lower']}: {100 * o['rate']:.1f}% "
            f"[{100 * o['lo']:.1f}, {100 * o['hi']:.1f}] {verdict}"
        )
    out.append("strict ordering: " + ("yes" if result["strict"] else "no"))
    return out


def _table_lines(result: dict[str, Any]) -> list[str]:
    players, even = result["players"], 100 / result["players"]
    out = [
        f"ladder at {players} players: each agent alone among the one below it, in every seat "
        f"in turn, same deals (seed {result['seed']}), up to {result['games_per_pair']} games "
        f"a step; its share of the wins against an even {even:.1f}% (a game with no winner "
        f"counts an even share), 95% Wilson intervals"
    ]
    for o in reversed(result["ordering"]):
        verdict = "significant" if o["significant"] else "NOT significant"
        out.append(
            f"  {o['higher']} among {o['lower']}: {100 * o['rate']:.1f}% "
            f"[{100 * o['lo']:.1f}, {100 * o['hi']:.1f}] over {o['games']:,} games "
            f"({o['draws']:,} with no winner) {verdict}"
        )
    out.append("strict ordering: " + ("yes" if result["strict"] else "no"))
    return out
