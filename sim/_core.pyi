# Type stubs for the compiled module (crates/houses-py), checked against it by
# `python -m mypy.stubtest sim._core` in `make lint`.
from typing import Any, final

__all__ = [
    "games",
    "play_games",
    "play_branched",
    "replay",
    "canonical_rules",
    "canonical_agent",
    "scenario",
    "game_seed",
    "Game",
    "RULES_VERSION",
]

# Houses-Skirmish's behaviour version (each game's is in `games()`).
RULES_VERSION: int

def games() -> list[dict[str, Any]]:
    """Every game's registry entry: name, version, options, presets, agents, end_reasons,
    sections, columns."""

def play_games(
    game: str,
    rules: str,
    agents: tuple[str, str],
    seed: int,
    start: int,
    count: int,
    threads: int,
    swap_odd_seats: bool = False,
    only: list[int] | None = None,
) -> dict[str, bytes | list[str]]: ...
def play_branched(
    rules: str,
    agents: tuple[str, str],
    seed: int,
    start: int,
    count: int,
    threads: int,
    swap_odd_seats: bool,
    branches: list[tuple[str, str]],
) -> tuple[dict[str, bytes | list[str]], list[tuple[list[int], dict[str, bytes | list[str]]]]]: ...
def replay(
    game: str, rules: str, agents: tuple[str, str], seed: int
) -> tuple[list[str], dict[str, bytes | list[str]]]: ...
def canonical_rules(game: str, spec: str) -> str: ...
def canonical_agent(game: str, spec: str) -> str: ...
def scenario(text: str) -> str: ...
def game_seed(seed: int, index: int) -> int: ...
@final
class Game:
    """One game played step by step (agents written in Python, the human seat), of the game its
    rule string names (`battle_cards(...)`; Houses-Skirmish when it names none)."""

    def __new__(
        cls,
        rules: str,
        seed: int,
        agents: tuple[str | None, str | None],
        keep_log: bool = False,
    ) -> Game: ...
    @property
    def game(self) -> str: ...
    @property
    def decider(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    def legal(self) -> list[str]: ...
    def observation(self, seat: int) -> str: ...
    def state(self) -> str: ...
    def log(self) -> list[str]: ...
    def moves(self) -> list[str]: ...
    def play(self, index: int) -> None: ...
    def record(self) -> dict[str, bytes | list[str]]: ...
