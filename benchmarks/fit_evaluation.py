"""Fit the search player's evaluation (crates/houses-engine/src/agents/evaluation.rs).

Usage: .venv/bin/python benchmarks/fit_evaluation.py [GAMES] [SEED] [--write]

Plays GAMES self-play games with `cargo run --release --example evaluation_data`, fits a
logistic regression of "the deciding seat won" on the features of positions at the start of a
turn (no intercept: every feature is a difference between the seats), checks it on held-out
games, and prints the weights; `--write` puts them into `WEIGHTS` (then `cargo fmt`). Needs the
dev dependencies (statsmodels). The shipped weights: `fit_evaluation.py 200000 1 --write`.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import polars as pl
import statsmodels.api as sm


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--write"]
    games = args[0] if args else "200000"
    seed = args[1] if len(args) > 1 else "1"
    out = subprocess.run(
        ["cargo", "run", "--quiet", "--release", "-p", "houses-engine"]
        + ["--example", "evaluation_data", "--", games, seed],
        check=True,
        capture_output=True,
    ).stdout
    data = pl.read_csv(io.BytesIO(out))
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
    for n, w, se in zip(names, fit.params, fit.bse, strict=True):
        print(f"  {n:16s} {w:+.4f}  (se {se:.4f})")
    listed = ", ".join(f"{w:.4f}" for w in fit.params)
    weights = f"pub const WEIGHTS: [f64; {len(names)}] = [{listed}];"
    print(weights)
    if "--write" in sys.argv:
        path = Path(__file__).parent.parent / "crates/houses-engine/src/agents/evaluation.rs"
        text = re.sub(r"pub const WEIGHTS: \[f64; \d+\] = \[[^\]]*\];", weights, path.read_text())
        path.write_text(text)
        subprocess.run(["cargo", "fmt", "--all"], check=True)
        print(f"written to {path}")


if __name__ == "__main__":
    main()
