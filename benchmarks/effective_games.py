"""Effective games per expert game (issue #52): how much a card's value learns from each game
an experiment plays with `impact: {deals: drawn}` against full cells.

A card's value is read from the deals where the card was drawn in the cell with it; a full cell
without the card plays every deal, a `deals: drawn` one only those. So a plain variant with k
cards taken out by m methods costs 1 + k*m games a deal with full cells and 1 + m * sum(p_card)
with drawn ones (p_card: the share of deals where the card was drawn), for the same card values
and intervals: the ratio is the card values' effective games per game played. Win rates and
the other measures read the plain cells alone, unchanged (1.0).

    .venv/bin/python benchmarks/effective_games.py experiments/kings_option2.yaml \\
        experiments/classic_king_of_spades.yaml --games 300

plays `--games` games of the answering match-up (`settling.matchup`) under each plain variant
(seed: the experiment's) and prints, per file and variant, each card's draw rate and the
games a deal both ways."""

from __future__ import annotations

import argparse
import time

import polars as pl

import sim
from sim.analysis.names import card_id
from sim.running.experiment import load
from sim.running.runner import settling


def drawn_share(df: pl.DataFrame, card: str) -> float:
    bit = 1 << card_id(card)
    masks = [c for c in df.columns if c.startswith("drawn_mask_p")]
    return float(
        df.select(pl.any_horizontal([(pl.col(m) & bit) != 0 for m in masks]).mean()).item()
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--threads", type=int, default=0)
    args = ap.parse_args()
    for f in args.files:
        exp = load(f)
        impact: dict[str, list[str]] = exp.resolved.get("impact", {})
        cards = list(dict.fromkeys(card for _, _, card in impact.values()))
        methods = len({m for _, m, _ in impact.values()})
        pair = settling.matchup(exp)
        print(f"{f}: {pair[0]} v {pair[1]}, {args.games} games a variant, seed {exp.seed}")
        for variant, rules in exp.variants.items():
            if variant in impact:
                continue
            t = time.time()
            df = sim.play_games(
                args.games, pair, exp.seed, rules, threads=args.threads or None, swap_seats=True
            )
            shares = {c: drawn_share(df, c) for c in cards}
            full = 1 + methods * len(cards)
            drawn = 1 + methods * sum(shares.values())
            said = " ".join(f"{c} {p:.2f}" for c, p in shares.items())
            print(
                f"  {variant:<34} drawn: {said}; games a deal {full} full, {drawn:.2f} drawn: "
                f"{full / drawn:.2f} effective games a game for card values "
                f"({time.time() - t:.0f} s)"
            )


if __name__ == "__main__":
    main()
