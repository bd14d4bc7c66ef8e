"""The Python API for notebooks: run an experiment (a file or a mapping) into its output folder,
as `sim run` does, and load what a run wrote: its per-game records (decoded), its per-cell
summary and its answer. Polars DataFrames; `.to_pandas()` on any of them for pandas."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from sim import games
from sim.running import records
from sim.running.experiment import Experiment, from_mapping, load
from sim.running.runner import (
    MANIFEST,
    RecordsError,
    RunError,
    dask_missing,
    locked,
    read_manifest,
    run,
    summary,
    verify,
)

# The per-cell summary's columns, in order (`Results.summary()`, documented in docs/records.md).
SUMMARY_SCHEMA: dict[str, pl.DataType] = {
    "cell": pl.Utf8(),
    "variant": pl.Utf8(),
    "agent_a": pl.Utf8(),
    "agent_b": pl.Utf8(),
    "mirror": pl.Boolean(),
    "games": pl.Int64(),
    "wins_a": pl.Int64(),
    "wins_b": pl.Int64(),
    "draws": pl.Int64(),
    "win_rate_a": pl.Float64(),
    "win_rate_a_lo": pl.Float64(),
    "win_rate_a_hi": pl.Float64(),
    "first_player_win_rate": pl.Float64(),
    "first_player_win_rate_lo": pl.Float64(),
    "first_player_win_rate_hi": pl.Float64(),
    "no_winner_rate": pl.Float64(),
    "no_winner_rate_lo": pl.Float64(),
    "no_winner_rate_hi": pl.Float64(),
    "mean_turns": pl.Float64(),
    "mean_rounds": pl.Float64(),
    "players": pl.Int64(),
    # Three or more players: the win rates of the players 1st to 4th in turn order.
    **{f"place{k}_win_rate{end}": pl.Float64() for k in range(1, 5) for end in ("", "_lo", "_hi")},
}
# Where `runner.summary` gives an interval as [lo, hi]: the rate it belongs to.
_INTERVALS = {
    "ci95": "win_rate_a",
    "first_player_ci95": "first_player_win_rate",
    "no_winner_ci95": "no_winner_rate",
}


def run_experiment(
    experiment: str | os.PathLike[str] | Mapping[str, Any],
    output: str | os.PathLike[str] | None = None,
    *,
    workers: int | None = None,
    backend: str = "local",
    scheduler: str | None = None,
    force: bool = False,
    progress: bool = True,
    settle: bool | Mapping[str, Any] = False,
) -> Results:
    """Run an experiment, as `sim run` does, and return its results.

    `experiment` is an experiment file's path or a mapping with the same keys
    (docs/experiments.md). Records go to `output` (default: the experiment's `output:`, else
    `reports/<name>`). An interrupted run is resumed by the same call, and a finished one is
    not played again: `Results.ran` says whether games were played. `force` deletes the
    folder's earlier records first. `workers`: threads (default all cores); `backend="dask"`
    plays the chunks on the Dask cluster at `scheduler` (needs `houses-sim[dask]`). A progress
    bar shows on a terminal and in Jupyter unless `progress` is False.

    `settle`: go on until the answering player's verdicts settle, as `sim run --settle`
    does (True), within a budget ({"max_games": 20000, "max_minutes": 15}); the file's
    `settle:` applies without it.

    Raises ExperimentError (every problem of the experiment), RunError (the folder holds
    another configuration, or another run is using it) and ValueError (a bad backend)."""
    exp = _experiment(experiment, output)
    if settle:
        from sim.running.runner import settling

        exp = settling.settled_by(exp, dict(settle) if isinstance(settle, Mapping) else None)
    if backend not in ("local", "dask"):
        raise ValueError(f"backend: expected 'local' or 'dask', got {backend!r}")
    if backend == "dask":
        if not scheduler:
            raise ValueError("backend='dask' needs scheduler='tcp://HOST:PORT'")
        if missing := dask_missing():
            raise RunError(missing)
    from sim.reporting.report import build_after_run
    from sim.reporting.verdicts import looks

    # One lock over playing and the report, as `sim run` holds it.
    with locked(exp.output):
        manifest, ran = run(
            exp, workers, backend, scheduler, force, not progress, looks.open_variants
        )
        build_after_run(exp.output, manifest.get("games_played_this_run", 0) if ran else 0)
    return Results(exp.output, manifest, ran)


def scan_rules(
    output: str | os.PathLike[str] = "reports/scan",
    *,
    preset: str | None = None,
    rules: str | Mapping[str, Any] | None = None,
    only: list[str] | None = None,
    skip: list[str] | tuple[str, ...] = (),
    quick: str = "greedy",
    strong: str | None = "search_fast",
    seed: int = 1,
    first_chunk: int = 2_000,
    max_games: int = 254_000,
    strong_games: int = 1_000,
    strong_top: int = 8,
    house_games: int = 20_000,
    cards: list[str] | tuple[str, ...] = (),
    card_games: int = 20_000,
    workers: int | None = None,
    force: bool = False,
    progress: bool = True,
) -> ScanResult:
    """A balance scan, as `sim scan` does: every rule option's every other value against the
    base rules (`preset` and `rules` over it: "name=value,..." or a mapping) on the same deals,
    each change measured on the first player's edge, a game's length, the late game and each
    King's value to its drawer, the quick player in every cell and the strong one (None: no
    check) on the changes that move most; and the spread of the Houses with decks split by suit
    (`house_games` games a pairing, 0: not measured); with `cards` (e.g. ["QS", "JC"]), each
    of those cards' value to its drawer (forbidden in a cell of its own, `card_games` games a
    cell). What is settled as negligible stops
    early; the same call resumes an interrupted scan and plays nothing once it is complete
    (`force` deletes earlier records first). Returns `.answer`, `.effects()`, `.report`.

    Raises ValueError (an unknown option or agent), ExperimentError and RunError as
    `run_experiment` does."""
    from sim.play.agents import resolve as resolve_agent
    from sim.reporting.scan_page import write_page
    from sim.running.scan import ScanSettings, play_scan

    if isinstance(rules, Mapping):
        options = {str(k): _option_text(v) for k, v in rules.items()}
    else:
        options = dict(
            p.strip().split("=", 1) for p in (rules or "").split(",") if p.strip() and "=" in p
        )
    for agent in (quick, strong):
        if agent is not None:
            resolve_agent(agent)
    if first_chunk > max_games:  # as `sim scan` refuses it: the budget would be ignored
        raise ValueError(
            f"first_chunk {first_chunk:,} is more than max_games {max_games:,}: a cell's first "
            "chunk is part of its most games"
        )
    settings = ScanSettings(
        preset=preset,
        options=options,
        only=list(only) if only is not None else None,
        skip=list(skip),
        quick=quick,
        strong=strong,
        seed=seed,
        first_chunk=first_chunk,
        max_games=max_games,
        strong_games=strong_games,
        strong_top=strong_top,
        house_games=house_games,
        cards=[c.upper() for c in cards],
        card_games=card_games,
    )
    settings.base_rules()  # ValueError for a bad option, before anything is played
    out = Path(output)
    data, ran = play_scan(settings, out, workers=workers, force=force, quiet=not progress)
    write_page(out, data)
    return ScanResult(out, data, ran)


def tune_rules(
    tune: str | os.PathLike[str] | Mapping[str, Any],
    output: str | os.PathLike[str] | None = None,
    *,
    workers: int | None = None,
    force: bool = False,
    progress: bool = True,
) -> TuneResult:
    """Rule tuning, as `sim tune` does: `tune` is a tune file's path or a mapping with its keys
    (docs/tune.md). Candidates proposed by Optuna's TPE sampler are played on the same deals,
    the best again with more games, and the pick re-checked on fresh deals against the rules as
    they are. Resumable: the same call plays only what is missing. Returns `.answer`,
    `.candidates()`, `.pick`, `.report`. Raises TuneError listing every problem of the file."""
    from sim.reporting.tune_page import write_page
    from sim.running.tune import from_mapping_, load, play_tune

    folder = Path(output) if output is not None else None
    if isinstance(tune, Mapping):
        spec = from_mapping_(dict(tune), Path("<tune mapping>"), folder)
    else:
        spec = load(Path(tune), folder)
    data, ran = play_tune(spec, workers, force=force, quiet=not progress)
    out = Path(spec.output)
    write_page(out, data)
    return TuneResult(out, data, ran)


def _option_text(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def _experiment(
    experiment: str | os.PathLike[str] | Mapping[str, Any], output: str | os.PathLike[str] | None
) -> Experiment:
    folder = Path(output) if output is not None else None
    if isinstance(experiment, Mapping):
        return from_mapping(experiment, folder)
    if isinstance(experiment, (str, os.PathLike)):
        return load(Path(experiment), folder)
    raise TypeError(
        f"experiment: expected a file's path or a mapping, got {type(experiment).__name__}"
    )


def load_results(output: str | os.PathLike[str], verify_records: bool = True) -> Results:
    """The results an experiment's run wrote to `output` (finished or interrupted). With
    `verify_records` (the default) every chunk is checked against the SHA-256 the manifest
    recorded: RecordsError for a missing, altered or stray chunk. RunError when `output` holds
    no run (no manifest.json) or its manifest is damaged."""
    out = Path(output)
    path = out / MANIFEST
    if not path.exists():
        raise RunError(f"{out} has no {MANIFEST}: not the output folder of a run")
    manifest = read_manifest(path)
    if verify_records:
        verify(out, manifest)
    return Results(out, manifest)


@dataclass(frozen=True)
class ScanResult:
    """What a balance scan found (`scan_rules`): every effect of every change, its settings,
    and where its page and runs are."""

    output: Path
    data: dict[str, Any]
    # Whether the call that returned it played games (False: the scan was complete).
    ran: bool = False

    def __repr__(self) -> str:
        return f"ScanResult({str(self.output)!r}: {len(self.data['variants']) - 1} changes)"

    @property
    def report(self) -> Path:
        """The scan's page (`index.html`)."""
        return self.output / "index.html"

    @property
    def answer(self) -> list[str]:
        """The answer as `sim scan` prints it: the lead, the changes that move most, and what
        to try next."""
        from sim.reporting.scan_page import summary_lines

        return summary_lines(self.data)

    def effects(self) -> pl.DataFrame:
        """Every change's effect on every measure, one row each: the change (`variant`), the
        measure, the baseline's and the change's figures, the difference with its 95%
        interval (`lo`, `hi`) and its interval at the scan's family z (`z_lo`, `z_hi`), the
        verdict, the Holm-adjusted p-value, and the strong player's where it played."""
        return pl.DataFrame(self.data["effects"], infer_schema_length=None)


@dataclass(frozen=True)
class TuneResult:
    """What a rule tuning found (`tune_rules`): every candidate with its figures, the pick and
    its recheck on fresh deals."""

    output: Path
    data: dict[str, Any]
    ran: bool = False

    def __repr__(self) -> str:
        return f"TuneResult({str(self.output)!r}: pick {self.pick})"

    @property
    def pick(self) -> str:
        """The settings picked (`option=value, ...`)."""
        return str(self.data["pick"]["label"])

    @property
    def report(self) -> Path:
        return self.output / "index.html"

    @property
    def answer(self) -> list[str]:
        """The answer as `sim tune` prints it."""
        from sim.reporting.tune_page import summary_lines

        return summary_lines(self.data)

    def candidates(self) -> pl.DataFrame:
        """Every setting tried, one row each: its settings, each target's estimate and standard
        error, and its distance from the targets (0: every estimate inside)."""
        rows = []
        for c in self.data["trials"]:
            row: dict[str, Any] = {**c["params"], "objective": c["objective"]}
            for key, f in c["figures"].items():
                row[key] = f["estimate"]
                row[f"{key}_se"] = f["se"]
            rows.append(row)
        return pl.DataFrame(rows, infer_schema_length=None)


@dataclass(frozen=True)
class Results:
    """What a run wrote to its output folder: the manifest, the records, the summary and the
    answer. Columns are described in docs/records.md."""

    output: Path
    manifest: dict[str, Any]
    # Whether the call that returned these results played games (False: already complete).
    ran: bool = False

    def __repr__(self) -> str:
        cells = self.manifest.get("cells")
        done = f"{len(cells)} cells, complete" if cells is not None else "unfinished"
        return f"Results({str(self.output)!r}: {self.manifest.get('name')}, {done})"

    @property
    def name(self) -> str:
        return str(self.manifest.get("name", ""))

    @property
    def question(self) -> str:
        return str(self.manifest.get("question", ""))

    @property
    def complete(self) -> bool:
        """Did the run finish? An interrupted run's records hold its finished chunks only."""
        return self.manifest.get("status") == "complete" and "cells" in self.manifest

    @property
    def game(self) -> str:
        return str(self.manifest.get("config", {}).get("game", games.DEFAULT))

    @property
    def report(self) -> Path:
        """The HTML report (`index.html`)."""
        return self.output / "index.html"

    def scan(self, decoded: bool = True) -> pl.LazyFrame:
        """The per-game records, lazily: filter and select before `.collect()` on a large run.
        With `decoded`, the decoded columns follow the raw ones (docs/records.md)."""
        if not any(self.output.glob(records.RECORDS_GLOB)):
            empty = pl.LazyFrame(schema=records.experiment_schema(self.game))
            return records.decode(empty) if decoded else empty
        return records.scan(self.output, decoded)

    def records(self, decoded: bool = True) -> pl.DataFrame:
        """The per-game records, one row per game (all in memory: `scan()` reads lazily)."""
        return self.scan(decoded).collect()

    def summary(self) -> pl.DataFrame:
        """Per cell: games, each agent's wins, A's win rate, the first player's win rate and
        the share of games without a winner, each with its 95% interval (`_lo`, `_hi`), and
        mean game length. Of a finished run."""
        self._require_complete()
        rows = []
        for row in summary(self.output):
            flat = {
                k: v for k, v in row.items() if k not in _INTERVALS and k != "turn_order_win_rates"
            }
            for key, rate in _INTERVALS.items():
                flat[f"{rate}_lo"], flat[f"{rate}_hi"] = row[key]
            for k, place in enumerate(row.get("turn_order_win_rates", []), start=1):
                flat[f"place{k}_win_rate"] = place["win_rate"]
                flat[f"place{k}_win_rate_lo"], flat[f"place{k}_win_rate_hi"] = place["ci95"]
            rows.append(flat)
        return pl.DataFrame(rows, schema=SUMMARY_SCHEMA)

    @property
    def answer(self) -> dict[str, Any]:
        """The answer to the question, as the report opens with it: `sentences` (the answer in
        words), `table` (the answering measures), `comparisons` (every variant against the
        baseline), `measures` and `matters`. Of a finished run; written with the report."""
        from sim.reporting.report import ANSWER_FILE, build

        self._require_complete()
        path = self.output / ANSWER_FILE
        if not path.exists():  # a run whose report was not written: write it now
            with locked(self.output):
                build(self.output)
        found: dict[str, Any] = json.loads(path.read_text())
        return found

    def comparisons(self) -> pl.DataFrame:
        """Every variant against the baseline on the same deals (the answer's comparisons):
        measure, difference, its 95% interval, p-values and size, one row each."""
        return pl.DataFrame(self.answer["comparisons"], infer_schema_length=None)

    def _require_complete(self) -> None:
        if not self.complete:
            raise RecordsError(
                f"{self.output} holds an unfinished run (interrupted?): its records are readable "
                "(records(), scan()); run the experiment again to finish it"
            )
