"""houses-sim: a balance-analysis toolkit for Houses-Skirmish.

The rules engine and agents are a Rust core (``sim._core``); this package is the Python face:
play batches of seeded games and get per-game records back as polars DataFrames.
"""

from sim import games
from sim._core import RULES_VERSION
from sim.engine import (
    canonical_rules,
    play_games,
    replay,
    rule_options,
    rule_presets,
    scenario,
)

# The built-in agents of the default game (Houses-Skirmish).
AGENTS = games.game(games.DEFAULT).agents

__all__ = [
    "AGENTS",
    "RULES_VERSION",
    "games",
    "canonical_rules",
    "play_games",
    "replay",
    "rule_options",
    "rule_presets",
    "scenario",
]
__version__ = "0.1.0"
