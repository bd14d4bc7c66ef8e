"""Flat memory and scale: run the same greedy-vs-greedy experiment at several sizes with
`sim run` and report wall time and peak memory (max RSS of the `sim` process).

    .venv/bin/python benchmarks/scale.py 100000 1000000
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TEMPLATE = """\
name: scale_{n}
question: How fast, and in how much memory, do {n} greedy-vs-greedy games run?
seed: 1
matchups:
  - [greedy, greedy]
games: {n}
chunk_size: 10000
"""


def measure(n: int, workdir: Path) -> dict:
    exp = workdir / f"scale_{n}.yaml"
    exp.write_text(TEMPLATE.format(n=n))
    cmd = [
        sys.executable,
        "-m",
        "sim.cli",
        "run",
        str(exp),
        "--output",
        str(workdir / str(n)),
        "--quiet",
        "--json",
    ]
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    wall = time.perf_counter() - t0
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    cell = json.loads(out)["cells"][0]
    return {
        "games": cell["games"],
        "wall_seconds": round(wall, 1),
        "games_per_second": round(cell["games"] / wall),
        # ru_maxrss of children is the largest child so far: run sizes in increasing order.
        "peak_rss_mib": round(max(peak_kib, before) / 1024, 1),
        "command": " ".join(cmd[1:]),
    }


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [100_000, 1_000_000]
    with tempfile.TemporaryDirectory() as d:
        for n in sorted(sizes):
            print(json.dumps(measure(n, Path(d))), flush=True)


if __name__ == "__main__":
    main()
