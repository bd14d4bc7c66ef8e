"""Running an experiment: cells are played in chunks of games, each chunk written to its own
Parquet file as soon as it is finished, so an interrupted run keeps what it finished and the
same command resumes it. Every chunk is a pure function of (cell, experiment seed, first game,
count), so records are identical whatever the worker count or backend.

The output folder's files and lock (files), chunks and the stopping rule (chunks), the manifest
and resuming (manifest), playing a run (execute) and its per-cell summary (summaries).
"""

from sim.running.runner.execute import dask_missing, run, show_progress
from sim.running.runner.files import (
    MANIFEST,
    RunError,
    SchedulerLost,
    WriteError,
    locked,
    make_output,
    write_text,
)
from sim.running.runner.manifest import RecordsError, read_manifest, verify
from sim.running.runner.summaries import summary

__all__ = [
    "MANIFEST",
    "RecordsError",
    "RunError",
    "SchedulerLost",
    "WriteError",
    "dask_missing",
    "locked",
    "make_output",
    "read_manifest",
    "run",
    "show_progress",
    "summary",
    "verify",
    "write_text",
]
