# Type stubs for the compiled module (crates/houses-py), checked against it by
# `python -m mypy.stubtest sim._core` in `make lint`.
from typing import Any, final

__all__ = [
    "play_games",
    "replay",
    "scenario",
    "canonical_rules",
    "rule_options",
    "rule_presets",
    "canonical_agent",
    "Game",
    "play_battle_cards",
    "replay_battle_cards",
    "canonical_battle_cards_rules",
    "battle_cards_options",
    "play_house_of_suits",
    "replay_house_of_suits",
    "canonical_house_of_suits_rules",
    "game_seed",
    "RULES_VERSION",
    "GAME_VERSIONS",
    "AGENTS",
]

RULES_VERSION: int
# Each game's behaviour version (Houses-Skirmish's is RULES_VERSION).
GAME_VERSIONS: dict[str, int]
AGENTS: list[str]

# Houses-Skirmish
def play_games(
    rules: str,
    agents: tuple[str, str],
    seed: int,
    start: int,
    count: int,
    threads: int,
    swap_odd_seats: bool = False,
) -> dict[str, list[Any]]: ...
def replay(
    rules: str, agents: tuple[str, str], seed: int
) -> tuple[list[str], dict[str, list[Any]]]: ...
def scenario(text: str) -> str: ...
def canonical_rules(spec: str) -> str: ...
def rule_options() -> list[dict[str, Any]]: ...
def rule_presets() -> list[tuple[str, str, str]]: ...
def canonical_agent(spec: str) -> str: ...
def game_seed(seed: int, index: int) -> int: ...
@final
class Game:
    """One Houses-Skirmish game played step by step (agents written in Python)."""

    def __new__(cls, rules: str, seed: int, agents: tuple[str | None, str | None]) -> Game: ...
    @property
    def decider(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    def legal(self) -> list[str]: ...
    def observation(self, seat: int) -> str: ...
    def play(self, index: int) -> None: ...
    def record(self) -> dict[str, list[Any]]: ...

# Battle Cards
def play_battle_cards(
    rules: str,
    agents: tuple[str, str],
    seed: int,
    start: int,
    count: int,
    threads: int,
    swap_odd_seats: bool = False,
) -> dict[str, list[Any]]: ...
def replay_battle_cards(
    rules: str, agents: tuple[str, str], seed: int
) -> tuple[list[str], dict[str, list[Any]]]: ...
def canonical_battle_cards_rules(spec: str) -> str: ...
def battle_cards_options() -> list[tuple[str, str]]: ...

# House of Suits
def play_house_of_suits(
    rules: str,
    agents: tuple[str, str],
    seed: int,
    start: int,
    count: int,
    threads: int,
    swap_odd_seats: bool = False,
) -> dict[str, list[Any]]: ...
def replay_house_of_suits(
    rules: str, agents: tuple[str, str], seed: int
) -> tuple[list[str], dict[str, list[Any]]]: ...
def canonical_house_of_suits_rules(spec: str) -> str: ...
