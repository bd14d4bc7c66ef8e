"""Experiment files: read a YAML file, check it against the schema, resolve it into cells."""

from sim.running.experiment.resolve import (
    CELL_ID_SCHEME,
    Cell,
    Experiment,
    ExperimentError,
    cell_id,
    config_hash,
    from_mapping,
    load,
    read_yaml,
    upgraded,
)

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
