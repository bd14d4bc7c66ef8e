"""Which decisions the rules offered and the agents took: the usage table.

Every record counts, per seat and kind of decision (`GameInfo.decisions`), how often that kind
arose (a real decision with at least one legal move of that kind) and how often the seat took
it. A rule whose decision arises but is never taken cannot change a game, so a comparison that
says "within noise" about it says nothing about the rule: the report flags it.
"""

from __future__ import annotations

import re
from typing import Any

import polars as pl

from sim.analysis.frame import _collect
from sim.games import GameInfo

# Kinds of decision summed a query (two columns each).
USAGE_KINDS_A_QUERY = 6


def usage(lf: pl.LazyFrame | pl.DataFrame, info: GameInfo) -> list[dict[str, Any]]:
    """One row per (agent, kind) that arose: the agent's real decisions, how many offered the
    kind, how many took it, and the kind's rule option where one offers it. Empty for records
    written before usage was counted."""
    lf = lf.lazy()
    names = lf.collect_schema().names()
    kinds = [k for k in info.decisions if f"arose_{k}_p1" in names]
    if not kinds:
        return []
    # Every seat the records have (P3, P4 at a larger table; empty seats have no agent).
    seats = [
        f"p{k}" for k in range(1, 5) if f"agent_p{k}" in names and f"arose_{kinds[0]}_p{k}" in names
    ]
    # A query a seat and a few kinds at a time: a streamed group-by holds a batch of every
    # column it reads, per thread (all four seats' 170 columns at once added 180 MiB to a
    # 30-cell report; 12 columns add about 50).
    parts = []
    for p in seats:
        agent = pl.col(f"agent_{p}")
        first = lf.group_by(agent=agent).agg(
            games=pl.len(), decisions=pl.col(f"decisions_{p}").cast(pl.Int64).sum()
        )
        seat = _collect(first)
        for i in range(0, len(kinds), USAGE_KINDS_A_QUERY):
            sums = lf.group_by(agent=agent).agg(
                **{
                    f"{what}_{k}": pl.col(f"{what}_{k}_{p}").cast(pl.Int64).sum()
                    for k in kinds[i : i + USAGE_KINDS_A_QUERY]
                    for what in ("arose", "taken")
                }
            )
            seat = seat.join(_collect(sums), on="agent", how="left", nulls_equal=True)
        parts.append(seat)
    totals = (
        pl.concat(parts)
        .filter(pl.col("agent").is_not_null())
        .group_by("agent", maintain_order=True)
        .sum()
        .sort("agent")
    )
    rows = []
    for r in totals.iter_rows(named=True):
        for k in kinds:
            arose, taken = r[f"arose_{k}"], r[f"taken_{k}"]
            if not arose:
                continue
            rows.append(
                {
                    "agent": r["agent"],
                    "kind": k,
                    "rule": info.decision_rules.get(k, ""),
                    "decisions": r["decisions"],
                    "arose": arose,
                    "taken": taken,
                    "arose_share": arose / r["decisions"] if r["decisions"] else 0.0,
                    "taken_share": min(1.0, taken / arose),
                    "never": taken == 0,
                }
            )
    return rows


def by_agent(rows: list[dict[str, Any]]) -> dict[str, dict[str, dict[str, int]]]:
    """The table as `{agent: {kind: {"arose": n, "taken": n}}}` (for `sim bench --json`)."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for r in rows:
        out.setdefault(r["agent"], {})[r["kind"]] = {"arose": r["arose"], "taken": r["taken"]}
    return out


def never_taken(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rule decisions (kinds some rule option offers) that an agent was offered and never
    took."""
    return [r for r in rows if r["never"] and r["rule"]]


def rule_kinds(info: GameInfo, options: set[str]) -> dict[str, str]:
    """The decision kinds that these rule options offer (`GameInfo.decision_rules` names the
    option, as `hand_limit` or `kings=option1/share_trait (King of Spades)`), with that text."""
    return {
        kind: rule
        for kind, rule in info.decision_rules.items()
        if any(re.search(rf"\b{re.escape(o)}\b", rule) for o in options)
    }


def in_play(lf: pl.LazyFrame, info: GameInfo, options: set[str]) -> list[dict[str, Any]]:
    """Per cell and each decision kind these options offer: the games in which it arose for
    some seat, those in which some seat took it, and how often it was taken. How often a rule
    came into play, which a share of changed winners cannot say (a search player's games part
    ways under any rule change, since its simulations play by the rules)."""
    names = lf.collect_schema().names()
    kinds = {k: r for k, r in rule_kinds(info, options).items() if f"taken_{k}_p1" in names}
    acted = [a for a in ACTED if a[1] in options and f"{a[0]}_p1" in names]
    if not kinds:
        return _acted(lf, names, acted)
    df = _per_cell(
        lf,
        names,
        {f"{what}_{k}": f"{what}_{k}" for k in kinds for what in ("arose", "taken")},
    )
    return [
        {
            "cell": r["cell"],
            "kind": k,
            "rule": rule,
            "games": r["games"],
            "games_arose": r[f"games_arose_{k}"],
            "games_taken": r[f"games_taken_{k}"],
            "taken": r[f"sum_taken_{k}"],
        }
        for r in df.iter_rows(named=True)
        for k, rule in kinds.items()
    ] + _acted(lf, names, acted)


def _per_cell(lf: pl.LazyFrame, names: list[str], counts: dict[str, str]) -> pl.DataFrame:
    """Per cell, in cell order: its games, and for each of `counts` (a name -> a per-seat
    column without its seat, summed over the seats the records have) the games in which it
    was above zero (`games_<name>`) and its total (`sum_<name>`)."""
    first = next(iter(counts.values()))
    seats = [k for k in range(1, 5) if f"{first}_p{k}" in names]
    total = {n: pl.sum_horizontal(pl.col(f"{c}_p{s}") for s in seats) for n, c in counts.items()}
    return (
        lf.group_by("cell")
        .agg(
            games=pl.len(),
            **{f"games_{n}": (t > 0).sum() for n, t in total.items()},
            **{f"sum_{n}": t.sum() for n, t in total.items()},
        )
        .pipe(_collect)
        .sort("cell")
    )


# Rules that act without a decision, counted by the records: (column without its seat, the
# option, what acting is). A row of `in_play` says how often each acted ("automatic": there is
# no choice to arise; `games_arose` is the games it acted in).
ACTED = [
    (
        "second_targets",
        "spades_trait",
        "a Spades soldier's second target was struck or stunned",
    ),
]


def _acted(lf: pl.LazyFrame, names: list[str], acted: list[tuple[str, str, str]]) -> list[dict]:
    """`in_play`'s rows for rules that act without a decision (`ACTED`)."""
    if not acted:
        return []
    df = _per_cell(lf, names, {column: column for column, _, _ in acted})
    return [
        {
            "cell": r["cell"],
            "kind": column,
            "rule": f"{option}: {what}",
            "automatic": True,
            "games": r["games"],
            "games_arose": r[f"games_{column}"],
            "games_taken": r[f"games_{column}"],
            "taken": r[f"sum_{column}"],
        }
        for r in df.iter_rows(named=True)
        for column, option, what in acted
    ]
