"""What more games would cost on this machine: each setup's pace, read from the seconds its
chunks took to play (the manifest records them), and the command that plays them (a settling
run: `sim run FILE --settle --budget N`). "About 2,300 more games per setup" says whether it is
a coffee or a week."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sim.analysis.houses import split_group
from sim.running.runner.settling import AGAINST_BASELINE

Pair = tuple[str, str]


@dataclass(frozen=True)
class Timing:
    """The seconds a deal costs each setup of a run, and how to play more of them."""

    # (plain variant, match-up) -> seconds a deal of its cells took: the variant's own cell and
    # its cards' cells (which may play only some deals), over the games its own cell played.
    per_deal: dict[tuple[str, Pair], float]
    plain: list[str]
    baseline: str
    # `sim run FILE` (with `--output` where the run is not in its file's usual folder).
    command: str

    def seconds(self, part: dict[str, Any], variant: str, pair: Pair, more: int) -> float | None:
        """About how long `more` games of each setup a reading reads would take here; None
        where some of them were never timed (a run written before chunks were timed)."""
        paces = [self.per_deal.get((v, pair)) for v in read_by(part, variant, self)]
        if not paces or any(p is None for p in paces):
            return None
        return more * sum(p for p in paces if p is not None)

    def settle(self, games: int, more: int) -> str:
        """The command that plays on until the answer settles, with a budget (the most games a
        setup plays) that covers `more` games beyond `games`."""
        return f"{self.command} --settle --budget {_round_up(games + more)}"


def read_by(part: dict[str, Any], variant: str, t: Timing) -> list[str]:
    """The plain variants whose cells a reading reads: its own (a House part's: the variants
    of its split group), with the baseline where it compares with it."""
    named = [variant] if variant in t.plain else [v for v in t.plain if split_group(v) == variant]
    if part["ask"] in AGAINST_BASELINE and t.baseline not in named:
        named.append(t.baseline)
    return named


def timing(manifest: dict[str, Any], out: Path, baseline: str, plain: list[str]) -> Timing:
    """The run's pace per setup, from the seconds its chunks took (`runner/execute.py`)."""
    impact = manifest["config"].get("impact") or {}
    seconds: dict[str, float] = {}
    timed: dict[str, bool] = {}
    for key, entry in manifest.get("chunks", {}).items():
        cell = key.split("/")[0]
        seconds[cell] = seconds.get(cell, 0.0) + float(entry.get("seconds") or 0.0)
        timed[cell] = timed.get(cell, True) and "seconds" in entry
    spent: dict[tuple[str, Pair], float] = {}
    games: dict[tuple[str, Pair], int] = {}
    untimed: set[tuple[str, Pair]] = set()
    for c in manifest["cells"]:
        own = c["variant"] in plain
        variant = c["variant"] if own else impact.get(c["variant"], [None])[0]
        if variant is None:
            continue
        key = (variant, (c["agents"][0], c["agents"][1]))
        spent[key] = spent.get(key, 0.0) + seconds.get(c["id"], 0.0)
        if not timed.get(c["id"], False):
            untimed.add(key)
        if own:
            games[key] = c["games"]
    per_deal = {key: spent[key] / n for key, n in games.items() if n > 0 and key not in untimed}
    name = manifest.get("name", "")
    usual = out.name == name and out.parent.name == "reports"
    file = manifest.get("experiment_file") or f"experiments/{name}.yaml"
    command = f"sim run {file}" + ("" if usual else f" --output {out}")
    return Timing(per_deal, plain, baseline, command)


def _round_up(n: int) -> int:
    """Up to two significant figures: a budget, not a count."""
    digits = max(0, len(str(int(n))) - 2)
    step = 10**digits
    return int(math.ceil(n / step) * step)
