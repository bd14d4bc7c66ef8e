"""Random play-outs against OpenSpiel's C++, in one run: games and decisions a second on one
core, each side timed in turn (best of `--rounds`).

    .venv/bin/pip install -e ".[bench]"    # open_spiel 1.6
    .venv/bin/python benchmarks/openspiel.py --games 20000 --rounds 3

OpenSpiel's side is `crazy_eights` for two players (its nearest card game: a 52-card deck,
hands, draws), played to the end by uniform random moves in C++: `MCTSBot` with one simulation
and a `RandomRolloutEvaluator` of one roll-out, so that each `step` call from Python is one
root expansion and one random game from the deal (the deals are made beforehand, in Python,
and not timed; a call's Python overhead is about a microsecond of a game's tens). Ours is
`sim.play_games` with random agents on one thread (records and DataFrame included, as `sim
bench` times them) and, where the Rust example is built, the engine alone
(`cargo build --release -p houses-engine --example stats`).

A decision is a move a player chose (OpenSpiel's chance outcomes, the deck's draws, are not
counted; the deal is not part of either side's figure). The two games differ in length, so
the per-decision figure is the fairer one.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATS = ROOT / "target" / "release" / "examples" / "stats"


def openspiel_side(games: int, seed: int) -> dict[str, float]:
    import pyspiel

    game = pyspiel.load_game("crazy_eights", {"players": 2})
    rng = random.Random(seed)

    def dealt() -> pyspiel.State:
        state = game.new_initial_state()
        while state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        return state

    deals = [dealt() for _ in range(games)]
    bot = pyspiel.MCTSBot(
        game, pyspiel.RandomRolloutEvaluator(1, seed), 2.0, 1, 64, False, seed, False
    )
    t0 = time.perf_counter()
    for state in deals:
        bot.step(state)
    seconds = time.perf_counter() - t0
    return {"games_per_second": games / seconds, "decisions_per_game": _decisions(game, rng)}


def _decisions(game, rng: random.Random, n: int = 300) -> float:
    """Player decisions in a random game of crazy_eights (n games played in Python)."""
    moves = 0
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
    return moves / n


def sim_side(games: int, seed: int) -> dict[str, float]:
    import sim

    sim.play_games(1000, agents=("random", "random"), seed=seed, threads=1)  # warm-up
    t0 = time.perf_counter()
    df = sim.play_games(games, agents=("random", "random"), seed=seed, threads=1)
    seconds = time.perf_counter() - t0
    return {"games_per_second": games / seconds, "decisions_per_game": df["actions"].mean()}


def rust_side(games: int) -> dict[str, float] | None:
    """The engine alone (`stats random random N`): games a second from its last line."""
    if not STATS.exists():
        return None
    out = subprocess.run(
        [str(STATS), "random", "random", str(games)], capture_output=True, text=True
    )
    last = (out.stdout + out.stderr).strip().splitlines()[-1].split()
    rate = float(next(w for w in last if w.endswith("/s")).removesuffix("/s"))
    actions = float(last[last.index("actions") + 1])
    return {"games_per_second": rate, "decisions_per_game": actions}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    best: dict[str, dict[str, float]] = {}
    for r in range(args.rounds):
        seed = args.seed + r
        for name, figure in (
            ("openspiel_crazy_eights_cpp", openspiel_side(args.games, seed)),
            ("houses_through_python", sim_side(args.games, seed)),
            ("houses_rust_alone", rust_side(args.games)),
        ):
            if figure is None:
                continue
            if name not in best or figure["games_per_second"] > best[name]["games_per_second"]:
                best[name] = figure
    for figure in best.values():
        figure["decisions_per_second"] = figure["games_per_second"] * figure["decisions_per_game"]
    base = best["openspiel_crazy_eights_cpp"]
    for figure in best.values():
        figure["games_ratio"] = figure["games_per_second"] / base["games_per_second"]
        figure["decisions_ratio"] = figure["decisions_per_second"] / base["decisions_per_second"]
    print(json.dumps({"games": args.games, "rounds": args.rounds, **best}, indent=1))


if __name__ == "__main__":
    main()
