"""The manifest of a run: reading and saving it, checking the records against it (audit,
verify), what an earlier run into the folder leaves to keep (prepare, its chunks checked by
their SHA-256), and adopting a run made before a rule option was added."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import polars as pl

from sim.play.engine import rule_values
from sim.running.experiment import Experiment, upgraded
from sim.running.runner.chunks import _all_chunks, _chunk_key, chunk_path
from sim.running.runner.files import MANIFEST, RECORDS, RunError, _sha256, why, write_text
from sim.running.runner.settling import all_extension_chunks, grid_chunk, plan


class RecordsError(RunError):
    """Records that do not match their manifest (missing, stray, altered chunks)."""


ALTERED = "does not match the SHA-256 recorded when it was written (altered, swapped or damaged)"
STRAY = "was not written by this run (a stray or copied file?)"
NOT_A_FILE = "is a folder, not a chunk file"


def audit(out: Path, manifest: dict[str, Any]) -> list[tuple[Path, str]]:
    """Every chunk file the records hold that does not match the manifest's record of it, and
    every recorded chunk that is missing: (file, what is wrong). Empty for a manifest written
    before chunks were recorded."""
    entries = manifest.get("chunks")
    if entries is None:
        return []
    root = out / RECORDS
    on_disk = {_chunk_key(out, p): p for p in root.glob("*/*.parquet")}
    problems = []
    for key, path in sorted(on_disk.items()):
        entry = entries.get(key)
        if path.is_dir():
            problems.append((path, NOT_A_FILE))
        elif entry is None:
            problems.append((path, STRAY))
        else:
            try:
                digest = _sha256(path)
            except OSError as e:
                problems.append((path, f"cannot be read: {why(e)}"))
                continue
            if digest != entry["sha256"]:
                problems.append((path, ALTERED))
    problems += [(root / key, "is missing") for key in sorted(set(entries) - set(on_disk))]
    return problems


def verify(out: Path, manifest: dict[str, Any], again: str | None = None) -> None:
    """RecordsError unless the records are exactly the chunks the manifest recorded. `again`:
    what plays the damaged games again, in words with the command (a scan's runs are played by
    `sim scan`, which has no FILE); by default `sim run FILE`."""
    problems = audit(out, manifest)
    if problems:
        path, what = problems[0]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        again = again or f"running the experiment again (`sim run FILE --output {out}`)"
        raise RecordsError(f"{path} {what}{more}; {again} plays its games again")


def _keep(exp: Experiment, old: dict[str, Any]) -> tuple[dict[str, dict[str, Any]], bool]:
    """The chunks of an earlier run into this folder that can be kept, checked against their
    SHA-256, and whether any had to be discarded. A damaged or unrecorded chunk is deleted
    (its games are played again, the same games); a file that is no chunk of this
    configuration is an error, since the report would read it."""
    out = exp.output
    root = out / RECORDS
    expected = _all_chunks(exp)
    # Past the file's games, where the run goes on until its answer settles.
    expected |= {_chunk_key(out, chunk_path(out, c)): c for c in all_extension_chunks(exp)}
    settling_plan = plan(exp)
    entries: dict[str, dict[str, Any]] | None = old.get("chunks")
    kept: dict[str, dict[str, Any]] = {}
    discarded = False
    for path in sorted(root.glob("*/*.parquet")):
        key = _chunk_key(out, path)
        # A settling run's chunk past this budget, played under a larger one: kept.
        chunk = expected.get(key) or grid_chunk(exp, settling_plan, path.parent.name, path.name)
        if chunk is None:
            raise RunError(
                f"{path} is not a chunk of this run (a stray or copied file?); move it out of "
                f"{root}, or use --force to delete the records and start again"
            )
        if entries is None:
            # Written by a sim that did not record chunks: adopt it if its size is right.
            rows = pl.scan_parquet(path).select(pl.len()).collect().item()
            if rows != chunk.count:
                raise RunError(
                    f"{path} holds {rows} games where this configuration's "
                    f"chunk has {chunk.count} (written by another version of sim?); "
                    f"use --force to delete the records and start again"
                )
            kept[key] = {"sha256": _sha256(path), "rows": rows, "first_game": chunk.start}
            continue
        entry = entries.get(key)
        if entry is None:
            what = STRAY
        elif _sha256(path) != entry["sha256"]:
            what = ALTERED
        else:
            kept[key] = entry
            continue
        path.unlink()
        discarded = True
        print(f"note: {path} {what}: discarded; its games are played again", file=sys.stderr)
    # Recorded chunks without a file were cut short before the rename, or deleted: both are
    # simply played (again).
    discarded |= entries is not None and kept != entries
    return kept, discarded


def _manifest(out: Path) -> dict[str, Any] | None:
    path = out / MANIFEST
    return read_manifest(path) if path.exists() else None


def read_manifest(path: Path) -> dict[str, Any]:
    """The manifest at `path`; RunError, naming the file, when it cannot be read or is not a
    JSON object (damaged, or not written by sim). Even --force does not go past it: without
    the manifest, nothing says that the records beside it are sim's to delete."""
    fix = (
        "restore it from a backup, or move the folder away (or use another --output) to start again"
    )
    try:
        manifest = json.loads(path.read_bytes())
    except OSError as e:
        raise RunError(f"{path}: cannot read: {e.strerror}") from None
    except UnicodeDecodeError:
        raise RunError(f"{path}: damaged (not UTF-8 text); {fix}") from None
    except json.JSONDecodeError as e:
        raise RunError(
            f"{path}: damaged (not valid JSON: {e.msg} at line {e.lineno} column {e.colno}); {fix}"
        ) from None
    if not isinstance(manifest, dict):
        raise RunError(
            f"{path}: not a manifest of sim (a JSON {type(manifest).__name__}, not an object); "
            f"{fix}"
        )
    return manifest


def _save_manifest(out: Path, manifest: dict[str, Any]) -> None:
    write_text(out / MANIFEST, json.dumps(manifest, indent=2))


def prepare(exp: Experiment, force: bool) -> dict[str, Any] | None:
    """Check the output folder. Returns the finished manifest when there is nothing to do."""
    out = exp.output
    old = _manifest(out)
    stale = old is not None and (
        old.get("config_hash") != exp.config_hash or old.get("question") != exp.question
    )
    if old is not None and stale and exp.matches(old):
        # Written before a rule option this sim added (at its default: the same games), or with
        # the question worded otherwise: the manifest takes this sim's rule strings and the
        # file's question, and the run goes on.
        _adopt(out, old, exp)
    if old is not None and old.get("config_hash") != exp.config_hash:
        old_version = old.get("rules_version")
        version = exp.resolved["rules_version"]
        if not force and old_version is not None and old_version != version:
            raise RunError(
                f"{out} holds records played under rules version {old_version}, and this sim "
                f"plays rules version {version}: the engine's behaviour changed "
                f"between them (see the CHANGELOG's Rules section), so resuming would mix two "
                f"rule readings in one cell; use another --output, or --force to delete the old "
                f"records and start again"
            )
        if not force:
            # Against the old configuration as this sim writes it: a rule option added since
            # (at its default) is not a change.
            before = upgraded(old.get("config")) or old.get("config", {})
            changed = sorted(
                k for k in set(before) | set(exp.resolved) if before.get(k) != exp.resolved.get(k)
            )
            raise RunError(
                f"{out} holds records of a different configuration (hash {old.get('config_hash')}"
                f", this file's is {exp.config_hash}; they differ in: {', '.join(changed)}"
                f"{_rule_changes(before.get('variants'), exp.resolved.get('variants'))}; "
                f"written by sim {old.get('package_version', '?')}); mixing them is refused: use "
                f"another --output, or --force to delete them and start again"
            )
    if force:
        records = out / RECORDS
        # Only a folder that a manifest of sim names: --force must not delete a user's files.
        if records.exists() and (old is None or old.get("records") != RECORDS):
            raise RunError(
                f"{records} was not written by sim (no manifest.json in {out} names it), so "
                "--force does not delete it; move it away, or use another --output"
            )
        if records.exists():
            shutil.rmtree(records)
        (out / MANIFEST).unlink(missing_ok=True)
        return None
    if old is not None and old.get("status") == "complete":
        return old
    return None


def _adopt(out: Path, old: dict[str, Any], exp: Experiment) -> None:
    """Bring the manifest of a run of this configuration, written before a rule option was
    added or with its question worded otherwise, up to date: its configuration, hash, question
    and cells' rule strings as this sim writes them (its records keep theirs: this sim reads
    them alike)."""
    old["config"], old["config_hash"] = exp.resolved, exp.config_hash
    old["question"] = exp.question
    rules = {c.variant: c.rules for c in exp.cells}
    for cell in old.get("cells") or []:
        cell["rules"] = rules.get(cell.get("variant"), cell.get("rules"))
    _save_manifest(out, old)


def _rule_changes(before: Any, after: Any) -> str:
    """What differs between two runs' variants, option by option: a rule option added to sim
    since the old run is named as such (its records hold rule strings without it)."""
    if not isinstance(before, dict) or not isinstance(after, dict) or before == after:
        return ""
    said: list[str] = []
    for name in sorted(set(before) & set(after)):
        old, new = rule_values(before[name]), rule_values(after[name])
        for k in new:
            if k not in old:
                said.append(f"{k} (an option this sim added; the old records do not name it)")
            elif old[k] != new[k]:
                said.append(f"{k} ({old[k]} -> {new[k]} in '{name}')")
    return f" ({', '.join(dict.fromkeys(said))})" if said else ""
