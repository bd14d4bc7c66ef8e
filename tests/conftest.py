import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

ROOT = Path(__file__).resolve().parent.parent


def tiny_experiment(games: int, chunk_size: int) -> str:
    """The small experiment the CLI, robustness and notebook tests run and alter: two
    variants, greedy against random."""
    return f"""\
name: tiny
question: Does greedy beat random?
seed: 3
rules:
  variants:
    - name: base
    - name: classic
      options: {{kings: classic}}
matchups:
  - [greedy, random]
games: {games}
chunk_size: {chunk_size}
"""


def sim(*args: str, check: bool = True, **kw) -> subprocess.CompletedProcess[str]:
    """The `sim` command line, run as a user would (a new process, output captured)."""
    return subprocess.run(
        [sys.executable, "-m", "sim.cli", *args], capture_output=True, text=True, check=check, **kw
    )


def records(out: Path) -> pl.DataFrame:
    """A run's records, every cell, in a fixed order."""
    return pl.read_parquet(out / "records" / "*" / "*.parquet").sort("cell", "game")


def write(tmp_path: Path, text: str, name: str = "exp.yaml") -> Path:
    """An experiment file in `tmp_path`."""
    p = tmp_path / name
    p.write_text(text)
    return p


@pytest.fixture
def root() -> Path:
    return ROOT
