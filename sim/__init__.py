"""houses-sim: a balance-analysis toolkit for Houses-Skirmish.

The rules engine and agents are a Rust core (``sim._core``); this package is the Python face:
play batches of seeded games and get per-game records back as polars DataFrames, and run
experiments and read their results (``run_experiment``, ``load_results``; README, "Notebook /
Python API"), scan every rule option at once (``scan_rules``) and tune rule settings to the
designers' targets (``tune_rules``). Record columns are
described in docs/records.md.
"""

from sim import games
from sim._core import RULES_VERSION
from sim._version import __version__ as __version__
from sim.api import Results, load_results, run_experiment, scan_rules, tune_rules
from sim.play.batch import play_games, replay
from sim.play.engine import canonical_rules, rule_options, rule_presets, scenario
from sim.running.experiment import ExperimentError
from sim.running.records import decode as decode_records
from sim.running.runner import RecordsError, RunError

# The built-in agents of the default game (Houses-Skirmish).
AGENTS = games.game(games.DEFAULT).agents

__all__ = [
    "AGENTS",
    "RULES_VERSION",
    "ExperimentError",
    "RecordsError",
    "Results",
    "RunError",
    "games",
    "canonical_rules",
    "decode_records",
    "load_results",
    "play_games",
    "replay",
    "rule_options",
    "rule_presets",
    "run_experiment",
    "scan_rules",
    "scenario",
    "tune_rules",
]
