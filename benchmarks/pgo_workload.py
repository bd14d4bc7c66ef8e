"""The games an instrumented build of the engine plays to learn where its time goes, for the
profile-guided build (`benchmarks/pgo_build.sh`, run by `make setup`).

The mix is what the product spends its time on: greedy players under the default rules first
(every experiment's quick player, and the search's play-outs), the search players, random
players, the rule sets the shipped experiments sweep, and the two other games. A path the mix
never reaches is still compiled, only without the profile's hints. Seeded, one thread: the
profile, and so the build, is the same every time.
"""

from __future__ import annotations

import sys
import time

import sim

HOUSES_RULES = [
    "preset=summer20_kings",
    "kings=share_trait",
    "jokers=true",
    "deck=suit_split,split_houses=S-H",
    "players=3",
    "players=4",
    "extra_draw=from_round_6",
]

# (games, agents, rules, game)
WORKLOAD: list[tuple[int, tuple[str, str], str, str]] = [
    (30_000, ("greedy", "greedy"), "", "houses"),
    (5_000, ("random", "random"), "", "houses"),
    (5_000, ("random", "greedy"), "", "houses"),
    *[(2_000, ("greedy", "greedy"), rules, "houses") for rules in HOUSES_RULES],
    (12, ("search_expert", "search_expert"), "", "houses"),
    (4, ("search_fast", "greedy"), "", "houses"),
    (4, ("search_expert", "search_expert"), "players=4", "houses"),
    (5_000, ("greedy", "greedy"), "", "battle_cards"),
    (2_000, ("random", "random"), "", "battle_cards"),
    (10, ("search", "greedy"), "", "battle_cards"),
    (1_000, ("greedy", "greedy"), "", "house_of_suits"),
    (500, ("random", "random"), "", "house_of_suits"),
    (4, ("search", "greedy"), "", "house_of_suits"),
]


def main() -> None:
    t0 = time.perf_counter()
    for n, agents, rules, game in WORKLOAD:
        sim.play_games(n, agents, seed=1, rules=rules or None, threads=1, game=game)
    print(f"pgo workload: {time.perf_counter() - t0:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
