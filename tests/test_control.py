"""A win rate that borrows strength from a cheaper player's games on the same deals
(`sim/analysis/control.py`): its interval keeps its coverage, and it is narrower by what the
correlation says."""

from __future__ import annotations

import numpy as np

from sim.analysis.control import controlled_mean


def _deals(rng, n: int, m: int, p_y: float, p_x: float, shared: float):
    """Pairs of win/loss outcomes on the same deals, correlated through the deal: with
    probability `shared` both players' results follow the deal's own (one draw), else each its
    own. The strong player's rate is `p_y` whatever the mix when p_x == p_y."""
    deal = rng.random(n + m)
    same = rng.random(n + m) < shared
    x = np.where(same, deal < p_x, rng.random(n + m) < p_x).astype(float)
    y = np.where(same[:n], deal[:n] < p_y, rng.random(n) < p_y).astype(float)
    return y, x[:n], x[n:]


def test_the_borrowed_interval_covers_the_truth_95_times_in_100():
    """Over 4,000 runs with a known rate: 300 strong games, 6,000 of the cheap player, outcomes
    correlated 0.45 through the deal. The interval holds the truth in 93-97% of them, and is
    about 1/sqrt(1 - 0.95 * 0.45^2) = 0.9 times the plain one's width."""
    rng = np.random.default_rng(52)
    truth, hits, widths, plain = 0.56, 0, [], []
    reps = 4000
    for _ in range(reps):
        y, xp, xr = _deals(rng, 300, 5700, truth, truth, 0.45)
        c = controlled_mean(y, xp, xr)
        assert c is not None
        hits += c["lo"] <= truth <= c["hi"]
        widths.append(c["hi"] - c["lo"])
        plain.append(2 * 1.959964 * np.std(y, ddof=1) / np.sqrt(len(y)))
    assert 0.93 <= hits / reps <= 0.97, hits / reps
    ratio = float(np.mean(widths) / np.mean(plain))
    assert 0.86 <= ratio <= 0.93, ratio


def test_a_control_whose_rate_differs_still_covers_and_an_unrelated_one_costs_nothing():
    """The cheap player wins as first player more often than the strong one (another rate):
    the estimate is still the strong player's. A control with no correlation leaves the width
    as it was, within the noise of its tuning."""
    rng = np.random.default_rng(7)
    reps, hits, ratio = 3000, 0, []
    for _ in range(reps):
        y, xp, xr = _deals(rng, 400, 8000, 0.52, 0.61, 0.5)
        c = controlled_mean(y, xp, xr)
        assert c is not None
        hits += c["lo"] <= 0.52 <= c["hi"]
    assert 0.93 <= hits / reps <= 0.97, hits / reps
    for _ in range(500):
        y, xp, xr = _deals(rng, 400, 8000, 0.5, 0.5, 0.0)
        c = controlled_mean(y, xp, xr)
        assert c is not None
        ratio.append((c["hi"] - c["lo"]) / (2 * 1.959964 * np.std(y, ddof=1) / 20))
    assert 0.98 <= float(np.mean(ratio)) <= 1.0


def test_too_few_pairs_or_no_other_deals_borrow_nothing():
    y = np.ones(50)
    assert controlled_mean(y, y, np.ones(500)) is None
    y = np.array([0.0, 1.0] * 100)
    assert controlled_mean(y, y, np.array([])) is None
    # A cheap player whose outcome never varies has nothing to lend.
    assert controlled_mean(y, np.ones(200), np.ones(500)) is None


BORROW = """\
name: borrow
question: Is the first player favoured?
seed: 9
rules:
  variants:
    - name: base
matchups:
  - {agents: [greedy, greedy], max_games: 600}
  - {agents: [random, random], max_games: 6000}
until: {ci_halfwidth: 0.001, max_games: 6000}
chunk_size: 300
answer: {measures: [first_player], borrow: true}
"""


def test_a_file_that_borrows_reads_the_first_players_rate_with_the_cheaper_players_games(
    tmp_path,
):
    """The box's first-player figure for the quick player is the random player's games on the
    same deals lent as a control: recomputed here from the records with numpy."""
    import json

    import polars as pl
    from conftest import sim, write

    f = write(tmp_path, BORROW)
    out = tmp_path / "out"
    sim("run", str(f), "--output", str(out), "--quiet")
    box = json.loads((out / "answer.json").read_text())["verdicts"]
    (r,) = box["parts"][0]["readings"]
    assert r["figure"]["control"]["agent"] == "random"
    assert r["figure"]["control"]["games"] == 6000
    assert "read with the random player's 6,000 games on the same deals as a control" in r["text"]
    df = pl.read_parquet(out / "records" / "*" / "*.parquet").sort("game")

    def first_won(cell: str) -> np.ndarray:
        g = df.filter(pl.col("cell").str.contains(cell))
        won = (g["winner"].cast(pl.Int64) == g["first_player"].cast(pl.Int64)).to_numpy()
        return np.where(g["winner"].cast(pl.Int64).to_numpy() == -1, 0.5, won.astype(float))

    y, x = first_won("greedy"), first_won("random")
    lam = np.cov(x[:600], y, ddof=1)[0, 1] / np.var(x[:600], ddof=1)
    rate = y.mean() - lam * (x[:600].mean() - x.mean())
    assert abs(r["figure"]["rate"] - 100 * rate) < 1e-9
    # Without `borrow`, the cell's own rate.
    sim("run", str(write(tmp_path, BORROW.replace(", borrow: true", ""))), "--output", str(out))
    box = json.loads((out / "answer.json").read_text())["verdicts"]
    (r,) = box["parts"][0]["readings"]
    assert "control" not in r["figure"] and abs(r["figure"]["rate"] - 100 * y.mean()) < 1e-9


def test_borrow_is_true_or_false(tmp_path):
    from conftest import sim, write

    f = write(tmp_path, BORROW.replace("borrow: true", "borrow: yes please"))
    r = sim("validate", str(f), check=False)
    assert r.returncode == 2
    said = " ".join(r.stderr.split())
    assert "key 'answer.borrow': expected true or false, got 'yes please'" in said
