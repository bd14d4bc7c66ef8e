from pathlib import Path

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


@pytest.fixture
def root() -> Path:
    return ROOT
