"""Experiment files: read a YAML file, check it against the schema, resolve it into cells.

Every problem is reported with the file, the line, the key, what was expected and the closest
valid key or value; all problems are reported at once, and nothing runs on an invalid file.

The keys and their bounds (schema), reading the YAML with each key's line (reading), the checks
that collect the problems (checks), the experiment and its cells (model), and checking and
resolving a file or a mapping into one (resolve).
"""

from sim.running.experiment.model import (
    CELL_ID_SCHEME,
    Cell,
    Experiment,
    cell_id,
    config_hash,
    upgraded,
)
from sim.running.experiment.reading import read_yaml
from sim.running.experiment.resolve import from_mapping, load
from sim.running.experiment.schema import ExperimentError

__all__ = [
    "CELL_ID_SCHEME",
    "Cell",
    "Experiment",
    "ExperimentError",
    "cell_id",
    "config_hash",
    "from_mapping",
    "load",
    "read_yaml",
    "upgraded",
]
