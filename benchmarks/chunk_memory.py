"""Does playing a run grow with its number of chunks? One greedy cell of CHUNKS chunks of SIZE
games, played by the runner in this process, the resident memory read after each chunk is
written (issue #37: `scale.py`'s `sim run` peak grew by about 190 KB a chunk from 100 to 1,000
chunks).

    .venv/bin/python benchmarks/chunk_memory.py CHUNKS SIZE [WORKERS] [--out DIR]

Prints the RSS (MiB) after every tenth of the chunks, and the last.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import sim.running.runner.execute as execute
from sim.running.experiment import from_mapping


def rss_mib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS"):
            return int(line.split()[1]) // 1024
    return 0


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("chunks", type=int)
    p.add_argument("size", type=int)
    p.add_argument("workers", type=int, nargs="?", default=1)
    p.add_argument("--out", type=Path, default=Path("/tmp/chunk_memory"))
    args = p.parse_args()
    after: list[int] = []
    write = execute._write_chunk

    def measured(*a: Any, **k: Any) -> None:
        write(*a, **k)
        after.append(rss_mib())

    execute._write_chunk = measured  # type: ignore[assignment]
    spec = {
        "name": "chunk_memory",
        "question": "Does playing a run grow with its number of chunks?",
        "seed": 1,
        "matchups": [["greedy", "greedy"]],
        "games": args.chunks * args.size,
        "chunk_size": args.size,
    }
    execute.run(from_mapping(spec, args.out), workers=args.workers, force=True, quiet=True)
    step = max(1, len(after) // 10)
    print(f"RSS after chunks (MiB): {after[::step]}; after the last: {after[-1]}")


if __name__ == "__main__":
    main()
