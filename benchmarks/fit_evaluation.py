"""Fit the search player's evaluation (crates/houses-engine/src/houses/agents/evaluation.rs).

Usage: .venv/bin/python benchmarks/fit_evaluation.py [GAMES] [SEED] [--players] [--write]
           [--agent SPEC] [--explore N] [--jobs N] [--generation K]

Plays GAMES self-play games with `cargo run --release --example evaluation_data`, fits a
logistic regression of "the deciding seat won" on the features of positions at the start of a
turn (no intercept: every feature is a difference between the seats), checks it on held-out
games, and prints the weights; `--write` puts them into `WEIGHTS` (then `cargo fmt`). Needs the
dev dependencies (statsmodels). The shipped weights: `fit_evaluation.py 200000 1 --write`.

With `--players`: GAMES games at three and at four players (seeds SEED and SEED + 1), one row
per seat still in, and a conditional logit (the win shared out among the seats in proportion
to `exp(weights . side)`, fitted by maximum likelihood) for `WEIGHTS_MULTI`, compared on
held-out games with the two-player weights in the same form. The shipped weights:
`fit_evaluation.py 100000 1 --players --write`.

Expert iteration (docs/agents.md): `--agent SPEC` plays the games by that agent in every seat
(for example `search_fast`'s setting with `eval=K`) instead of the heuristic player, one move
in `--explore` N (10) at random; `--jobs N` plays them in N processes (shard k: seed
SEED * 1000 + k; with one job, seed SEED as before); `--generation K` fits and writes
`WEIGHTS_GEN{K}` (or `WEIGHTS_MULTI_GEN{K}` with `--players`) instead of the first fit's
constants, and compares the held-out log loss with generation K - 1's weights.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import polars as pl
import statsmodels.api as sm


def _option(name: str, default: str | None = None) -> str | None:
    """The value after `--name` on the command line, or `default`."""
    if f"--{name}" in sys.argv:
        i = sys.argv.index(f"--{name}")
        if i + 1 >= len(sys.argv):
            sys.exit(f"--{name} needs a value")
        return sys.argv[i + 1]
    return default


def _positional() -> list[str]:
    """The arguments that are neither options nor their values."""
    out, skip = [], False
    for a in sys.argv[1:]:
        if skip:
            skip = False
        elif a.startswith("--"):
            skip = a in ("--agent", "--explore", "--jobs", "--generation")
        else:
            out.append(a)
    return out


def _generation() -> int | None:
    g = _option("generation")
    return None if g is None else int(g)


def _constant(name: str) -> np.ndarray:
    """The weights `name` as written in evaluation.rs."""
    m = re.search(rf"pub const {name}: \[f64; \d+\] = \[([^\]]*)\];", EVALUATION.read_text())
    if not m:
        sys.exit(f"{name} not found in {EVALUATION}")
    return np.array([float(v) for v in m.group(1).replace("\n", " ").split(",") if v.strip()])


def _name(base: str, generation: int | None) -> str:
    return base if not generation else f"{base}_GEN{generation}"


def main() -> None:
    if "--players" in sys.argv:
        return main_multiplayer()
    args = _positional()
    games = args[0] if args else "200000"
    seed = args[1] if len(args) > 1 else "1"
    generation = _generation()
    data = _positions(games, int(seed), 2)
    names = [c for c in data.columns if c != "won"]
    x = data.select(names).to_numpy()
    y = data["won"].to_numpy()
    # Rows come game by game, so a split by position keeps the held-out games unseen.
    cut = int(len(y) * 0.8)
    fit = sm.Logit(y[:cut], x[:cut]).fit(disp=False)
    p = fit.predict(x[cut:])
    eps = 1e-12
    logloss = -np.mean(y[cut:] * np.log(p + eps) + (1 - y[cut:]) * np.log(1 - p + eps))
    accuracy = np.mean((p > 0.5) == (y[cut:] == 1))
    held = len(y) - cut
    print(
        f"{len(y):,} positions; held out {held:,}: log loss {logloss:.4f}, accuracy {accuracy:.3f}"
    )
    if generation:
        before = _constant(_name("WEIGHTS", generation - 1))
        q = 1 / (1 + np.exp(-(x[cut:] @ before)))
        loss = -np.mean(y[cut:] * np.log(q + eps) + (1 - y[cut:]) * np.log(1 - q + eps))
        print(f"  generation {generation - 1}'s weights on the same held-out positions: {loss:.4f}")
    for n, w, se in zip(names, fit.params, fit.bse, strict=True):
        print(f"  {n:16s} {w:+.4f}  (se {se:.4f})")
    listed = ", ".join(f"{w:.4f}" for w in fit.params)
    name = _name("WEIGHTS", generation)
    weights = f"pub const {name}: [f64; {len(names)}] = [{listed}];"
    print(weights)
    if "--write" in sys.argv:
        _write(name, weights)


EVALUATION = Path(__file__).parent.parent / "crates/houses-engine/src/houses/agents/evaluation.rs"


def _write(name: str, line: str) -> None:
    """Replace the constant `name` in evaluation.rs with `line`, then `cargo fmt`."""
    pattern = rf"pub const {name}: \[f64; \d+\] = \[[^\]]*\];"
    text = EVALUATION.read_text()
    if not re.search(pattern, text):
        sys.exit(f"{name} not found in {EVALUATION}")
    EVALUATION.write_text(re.sub(pattern, line, text))
    subprocess.run(["cargo", "fmt", "--all"], check=True)
    print(f"written to {EVALUATION}")


def _positions(games: str, seed: int, players: int) -> pl.DataFrame:
    """The example's rows: from the deciding seat's side (two players), or one row per seat;
    played by `--agent` (else the heuristic player) in `--jobs` processes."""
    subprocess.run(
        ["cargo", "build", "--quiet", "--release", "-p", "houses-engine"]
        + ["--example", "evaluation_data"],
        check=True,
    )
    example = Path(__file__).parent.parent / "target/release/examples/evaluation_data"
    jobs = int(_option("jobs", "1") or 1)
    agent = _option("agent")
    extra = [] if agent is None else [agent, _option("explore", "10") or "10"]
    n = int(games)
    shards = [n // jobs + (1 if k < n % jobs else 0) for k in range(jobs)]
    frames = []
    # Each shard writes to a file of its own (a pipe read one after another would hold the
    # later shards up once their buffers fill).
    with tempfile.TemporaryDirectory() as tmp:
        outs = [Path(tmp) / f"shard{k}.csv" for k in range(jobs)]
        procs = [
            subprocess.Popen(
                [str(example), str(g), str(seed if jobs == 1 else seed * 1000 + k), str(players)]
                + extra,
                stdout=out.open("wb"),
            )
            for k, (g, out) in enumerate(zip(shards, outs, strict=True))
        ]
        for proc in procs:
            if proc.wait():
                sys.exit(f"evaluation_data exited with {proc.returncode}")
        for k, out in enumerate(outs):
            frames.append(_shard(pl.read_csv(out), k))
    return pl.concat(frames)


def _shard(frame: pl.DataFrame, k: int) -> pl.DataFrame:
    """Shard `k`'s rows; each shard numbers its positions from 1, so they are kept apart."""
    if "position" in frame.columns:
        frame = frame.with_columns(pl.col("position") + k * 1_000_000_000)
    return frame


Groups = list[tuple[np.ndarray, np.ndarray]]


def _groups(data: pl.DataFrame, names: list[str]) -> Groups:
    """Positions as arrays (positions, seats, features) and who won (positions, seats), one
    pair per number of seats still in."""
    sized = data.join(data.group_by("position").len(), on="position")
    out = []
    for k in (3, 4):
        g = sized.filter(pl.col("len") == k).sort(["position", "seat"])
        if g.height:
            x = g.select(names).to_numpy().reshape(-1, k, len(names))
            out.append((x, g["won"].to_numpy().reshape(-1, k)))
    return out


def _shares(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    s = x @ w
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def _neg_log_likelihood(w: np.ndarray, groups: Groups) -> tuple[float, np.ndarray]:
    total, grad = 0.0, np.zeros_like(w)
    for x, y in groups:
        p = _shares(w, x)
        total -= np.log((p * y).sum(axis=1)).sum()
        grad -= np.einsum("gk,gkf->f", y - p, x)
    return total, grad


def _standard_errors(w: np.ndarray, groups: Groups) -> np.ndarray:
    h = np.zeros((len(w), len(w)))
    for x, _ in groups:
        p = _shares(w, x)
        m = np.einsum("gk,gkf->gf", p, x)
        h += np.einsum("gk,gkf,gkh->fh", p, x, x) - np.einsum("gf,gh->fh", m, m)
    return np.sqrt(np.diag(np.linalg.inv(h)))


def _average_opponent(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    """Search version 3's judgement at three or four: each seat's two-player odds against the
    average opponent, `p / (p + foes (1 - p))`. Those do not add up to one over the seats (a
    search comparing one seat's moves does not need them to), so they are scaled to do so here:
    unscaled, a log loss would reward them for promising every seat more than the table has."""
    k = x.shape[1]
    total = x.sum(axis=1, keepdims=True)
    against = x - (total - x) / (k - 1)
    p = 1 / (1 + np.exp(-(against @ w)))
    v = p / (p + (k - 1) * (1 - p))
    return v / v.sum(axis=1, keepdims=True)


def main_multiplayer() -> None:
    from scipy.optimize import minimize

    args = _positional()
    games = args[0] if args else "100000"
    seed = int(args[1]) if len(args) > 1 else 1
    generation = _generation()
    sets = [_positions(games, seed + i, players) for i, players in enumerate((3, 4))]
    names = [c for c in sets[0].columns if c not in ("position", "seat", "won")]
    train: Groups = []
    held: Groups = []
    for data in sets:
        # Positions are numbered game by game, so a cut by number keeps held-out games unseen.
        cut = int(data["position"].max() * 0.8)
        train += _groups(data.filter(pl.col("position") <= cut), names)
        held += _groups(data.filter(pl.col("position") > cut), names)
    # The two-player weights of this generation (the latest one fitted, where the two-player
    # weights stopped improving before the others) start the fit and are compared.
    g2 = generation or 0
    while g2 and f"pub const {_name('WEIGHTS', g2)}:" not in EVALUATION.read_text():
        g2 -= 1
    w2 = _constant(_name("WEIGHTS", g2))
    fit = minimize(_neg_log_likelihood, w2, args=(train,), jac=True, method="L-BFGS-B")
    if not fit.success:
        sys.exit(f"the fit did not converge: {fit.message}")
    w = fit.x
    # Rows of one game share its winner, so these understate the uncertainty somewhat.
    se = _standard_errors(w, train)
    rows = sum(y.size for _, y in train)
    print(f"{sum(len(y) for _, y in train):,} positions fitted ({rows:,} seat rows)")
    for n, a, b, e in zip(names, w2, w, se, strict=True):
        print(f"  {n:16s} two-player {a:+.4f}  fitted {b:+.4f} (se {e:.4f})")
    models = (
        ("search@v3 (two-player weights, average opponent)", lambda x: _average_opponent(w2, x)),
        ("two-player weights shared out", lambda x: _shares(w2, x)),
        ("fitted weights shared out", lambda x: _shares(w, x)),
    )
    if generation:
        before = _constant(_name("WEIGHTS_MULTI", generation - 1))
        models += ((f"generation {generation - 1}'s weights", lambda x: _shares(before, x)),)
    for label, shares in models:
        for x, y in held:
            k = x.shape[1]
            p = shares(x)
            loss = -np.mean(np.log((p * y).sum(axis=1)))
            top = np.mean(p.argmax(axis=1) == y.argmax(axis=1))
            print(
                f"  held out, {k} seats in, {label}: {len(y):,} positions, log loss "
                f"{loss:.4f} (chance {np.log(k):.4f}), winner picked {top:.3f} (chance {1 / k:.3f})"
            )
    listed = ", ".join(f"{v:.4f}" for v in w)
    name = _name("WEIGHTS_MULTI", generation)
    weights = f"pub const {name}: [f64; {len(names)}] = [{listed}];"
    print(weights)
    if "--write" in sys.argv:
        _write(name, weights)


if __name__ == "__main__":
    main()
