"""Running an experiment: chunks, the manifest, resume, local and Dask execution, the summary."""

from sim.running.runner.execute import (
    MANIFEST,
    RecordsError,
    RunError,
    WriteError,
    dask_missing,
    locked,
    read_manifest,
    run,
    show_progress,
    summary,
    verify,
    write_text,
)

__all__ = [
    "MANIFEST",
    "RecordsError",
    "RunError",
    "WriteError",
    "dask_missing",
    "locked",
    "read_manifest",
    "run",
    "show_progress",
    "summary",
    "verify",
    "write_text",
]
