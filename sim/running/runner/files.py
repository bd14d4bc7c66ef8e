"""The output folder's files: their names, the lock a run holds on the folder, and files written
whole or not at all under temporary names (removed when stale); the errors of a run that must
not start or cannot write."""

from __future__ import annotations

import errno
import fcntl
import hashlib
import os
import re
import secrets
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

MANIFEST = "manifest.json"
RECORDS = "records"
LOCK = ".lock"


class RunError(Exception):
    """A run that must not start (e.g. the output folder holds a different experiment)."""


class SchedulerLost(RunError):
    """The Dask scheduler went away part way through a run: what was finished is kept, and the
    same command against a running scheduler resumes. The command line ends it as it ends an
    interrupt."""


class WriteError(RunError):
    """A file that could not be written (a full disk, a read-only folder), named by the path
    it was meant for (not its temporary name), with `detail` in brackets after the reason
    (what a full disk leaves short)."""

    def __init__(self, path: Path, error: OSError, detail: str = ""):
        self.path = path
        said = f" ({detail})" if detail else ""
        super().__init__(f"cannot write {path}: {why(error)}{said}")

    def __reduce__(self) -> tuple[Any, ...]:
        # Raised in a report built in another process, and sent back whole.
        return (_write_error, (self.path, str(self)))


def _write_error(path: Path, message: str) -> WriteError:
    e = WriteError.__new__(WriteError)
    e.path = path
    Exception.__init__(e, message)
    return e


def why(error: OSError) -> str:
    """An OSError's reason in a few words, without the path: the OS's words for its code
    (pyarrow's own are longer: 'Error writing bytes to file. Detail: [errno 28] No space left
    on device'), Python's `strerror`, or what polars writes ('No space left on device (os
    error 28): PATH')."""
    if error.errno:
        return os.strerror(error.errno)
    if error.strerror:
        return error.strerror
    return re.sub(r" \(os error \d+\).*$", "", str(error)) or type(error).__name__


# How polars (Rust's std::io::Error) words an OS error's code: "... (os error 28)".
_OS_ERROR = re.compile(r"\(os error (\d+)\)")


def os_error(error: Exception, path: Path) -> OSError | None:
    """The OSError behind a failed write: Python's own, or the one polars reports as a
    ComputeError ('parquet: ... No space left on device (os error 28)'), rebuilt from its
    code; None for any other error (a bug to show whole, not a folder to blame)."""
    if isinstance(error, OSError):
        return error
    m = _OS_ERROR.search(str(error))
    if m is None:
        # Where the disk fills while polars writes a file's footer, its error loses the OS's
        # words ("parquet: File out of specification: Invalid thrift: transport error"): a
        # write that failed on a disk with no room left is a full disk.
        if _no_room(path):
            return OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        return None
    code = int(m.group(1))
    return OSError(code, os.strerror(code), str(path))


# Less room than this on the disk after a failed write: the disk is full.
NO_ROOM = 1 << 20


def _no_room(path: Path) -> bool:
    try:
        return shutil.disk_usage(path.parent).free < NO_ROOM
    except OSError:
        return False


def disk_full(error: OSError) -> bool:
    """Whether the write failed for want of space (a full disk, or a quota reached)."""
    m = _OS_ERROR.search(str(error))  # an OSError with polars' words and no code of its own
    code = error.errno if error.errno is not None else int(m.group(1)) if m else None
    return code in (errno.ENOSPC, errno.EDQUOT)


def size_text(n: float) -> str:
    """A size in bytes as a person reads it: '640 kB', '2.1 MB'."""
    if n < 1e3:
        return f"{n:.0f} bytes"
    if n < 1e6:
        return f"{n / 1e3:.0f} kB"
    if n < 1e9:
        return f"{n / 1e6:.1f} MB"
    return f"{n / 1e9:.1f} GB"


def free_space(folder: Path) -> str:
    """The space left on the disk holding `folder`, in words ('unknown' where it cannot be
    asked)."""
    try:
        return size_text(shutil.disk_usage(folder).free)
    except OSError:
        return "unknown"


def make_output(out: Path) -> None:
    """Make the output folder (and its parents): RunError in one line naming it where it cannot
    be (a read-only disk, no permission, a file in its place). Every command that writes a
    folder (`sim run`, `sim scan`, `sim tune`) makes it here, so each says the same."""
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise RunError(f"cannot use {out} as the output folder: {why(e)}") from None


# Output folders this process holds the lock of, with how many `locked` blocks hold each.
_held: dict[Path, tuple[int, int]] = {}


@contextmanager
def locked(out: Path) -> Iterator[None]:
    """Hold OUTPUT/.lock exclusively for the whole run (or report): two runs into one folder
    at once would interleave chunks and manifests, or one's --force would delete the other's
    records. Re-entrant within a process; the OS drops the lock when the process dies."""
    key = out.resolve()
    if key in _held:
        fd, depth = _held[key]
        _held[key] = (fd, depth + 1)
        try:
            yield
        finally:
            _held[key] = (fd, _held[key][1] - 1)
        return
    make_output(out)
    try:
        fd = os.open(out / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as e:
        raise RunError(f"cannot use {out} as the output folder: {why(e)}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise RunError(
            f"{out} is in use by another run (it holds {out / LOCK}); wait for it to end, "
            "or use another --output"
        ) from None
    _held[key] = (fd, 1)
    try:
        yield
    finally:
        del _held[key]
        os.close(fd)  # releases the lock


def tmp_path(path: Path) -> Path:
    """A temporary name beside `path` that no other process or call uses."""
    return path.with_name(f"{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")


# The names tmp_path gives (of a process that died before it renamed or removed them).
_TMP_NAME = re.compile(r"\.\d+-[0-9a-f]{8}\.tmp$")


def _discard(path: Path) -> None:
    """Remove a temporary file if it is there; a folder that refuses is left as it is (the
    next run removes what is left, `_remove_stale`)."""
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass


def write_text(path: Path, text: str) -> None:
    """Write whole or not at all (temporary file, then rename): a full disk or an interrupt
    leaves the old file, not a truncated one. WriteError naming `path` when it cannot."""
    tmp = tmp_path(path)
    try:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(text)
            os.replace(tmp, path)
        except OSError as e:
            raise WriteError(path, e) from None
    finally:
        _discard(tmp)  # after a failure; renamed away otherwise


def _sha256(path: Path) -> str:
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def _remove_stale(out: Path) -> None:
    """Temporary files of a process that died (killed, out of disk) before renaming them: the
    caller holds the lock, so no living process is writing them."""
    for stale in [*(out / RECORDS).glob("*/*.tmp"), *out.glob("*.tmp")]:
        if _TMP_NAME.search(stale.name) and stale.is_file():
            stale.unlink()
