"""Flat memory and scale: run the same greedy-vs-greedy experiment at several sizes with
`sim run` (which plays the games and then builds the report), then rebuild its report alone
with `sim report`, and print per size: wall time, games a second, the peak memory (max RSS) of
each of the two processes, and the records' bytes a game.

    .venv/bin/python benchmarks/scale.py 1000000 10000000
    .venv/bin/python benchmarks/scale.py 100000000 --workdir /big/disk --chunk-size 250000
    .venv/bin/python benchmarks/scale.py 10000000 --cells 30   # a sweep: 30 cells, 10M in all

With `--cells K` the games are split over K cells, the base rules and K - 1 variants (starting
life from 41 up), each compared with the base on the same deals in the report.

A run into a `--workdir` that already holds the size's records resumes it (an interrupted
100M run keeps its finished chunks), so its wall time is then only the rest.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TEMPLATE = """\
name: scale_{name}
question: How fast, and in how much memory, do {total} greedy-vs-greedy games run?
seed: 1
matchups:
  - [greedy, greedy]
games: {n}
chunk_size: {chunk}
"""

SWEEP = """rules:
  baseline: base
  variants:
    - name: base
{variants}
"""


def _timed(cmd: list[str]) -> tuple[float, float, str]:
    """Wall seconds, the peak RSS in MiB of this one process (`wait4`, not the largest child
    so far), and its standard output."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    assert p.stdout is not None
    out = p.stdout.read()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode:
        raise SystemExit(f"{' '.join(cmd)} exited with {p.returncode}")
    return time.perf_counter() - t0, usage.ru_maxrss / 1024, out


def measure(n: int, workdir: Path, chunk: int, cells: int = 1) -> dict:
    name = str(n) if cells == 1 else f"{n}_{cells}_cells"
    exp = workdir / f"scale_{name}.yaml"
    text = TEMPLATE.format(name=name, total=n, n=n // cells, chunk=min(chunk, n // cells))
    if cells > 1:
        variants = "\n".join(
            f"    - {{name: life_{41 + k}, options: {{life: {41 + k}}}}}" for k in range(cells - 1)
        )
        text += SWEEP.format(variants=variants)
    exp.write_text(text)
    out = workdir / name
    sim = [sys.executable, "-m", "sim.cli"]
    run = [*sim, "run", str(exp), "--output", str(out), "--quiet", "--json"]
    wall, run_peak, printed = _timed(run)
    report_wall, report_peak, _ = _timed([*sim, "report", str(out)])
    played = sum(c["games"] for c in json.loads(printed)["cells"])
    records = sum(f.stat().st_size for f in (out / "records").rglob("*.parquet"))
    return {
        "games": played,
        "cells": cells,
        "run_seconds": round(wall, 1),
        "games_per_second": round(played / wall),
        "run_peak_rss_mib": round(run_peak),
        "report_seconds": round(report_wall, 1),
        "report_peak_rss_mib": round(report_peak),
        "record_bytes_per_game": round(records / played, 1),
        "command": " ".join(run[1:]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[100_000, 1_000_000])
    parser.add_argument("--workdir", type=Path, help="keep the runs here (default: a temp dir)")
    parser.add_argument("--chunk-size", type=int, default=100_000)
    parser.add_argument("--cells", type=int, default=1, help="split the games over this many")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        workdir = args.workdir or Path(tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        for n in sorted(args.sizes):
            print(json.dumps(measure(n, workdir, args.chunk_size, args.cells)), flush=True)


if __name__ == "__main__":
    main()
