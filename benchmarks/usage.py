"""Is every rule decision used? For each rule option that offers a kind of decision, play
mirror games of each agent under a rule set that has it, and print how often the decision arose
and how often the agent took it (the usage table of issue #13).

Usage: .venv/bin/python benchmarks/usage.py [GAMES_GREEDY] [GAMES_SEARCH] [--json FILE]

The search agents play GAMES_SEARCH games (search_strong a third of them); greedy plays
GAMES_GREEDY. Decisions that the base rules offer (deploy, attack, block, ...) are left out.
"""

from __future__ import annotations

import json
import sys

from sim import play_games
from sim.analysis.usage import usage
from sim.games import game

# A rule set under which each rule decision can arise.
RULE_SETS = {
    "": ["start", "defer", "scout", "dual_wield", "excess", "charge", "keep"],
    "king_aid_half=true": ["aid"],
    "jokers=true": ["joker", "doppelganger", "summon", "stay"],
    "spades_trait=choose_blocker": ["reblock"],
    "kings=option1,option1_king_of_hearts=reassign_blockers": ["reblock"],
    "spades_trait=stun": ["stun"],
    "kings=share_trait": ["trade", "stun"],
    "hand_limit=3": ["discard"],
}


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n_greedy = int(args[0]) if args else 2000
    n_search = int(args[1]) if len(args) > 1 else 200
    out = sys.argv[sys.argv.index("--json") + 1] if "--json" in sys.argv else None
    info = game("houses")
    rows = []
    for rules, kinds in RULE_SETS.items():
        for agent, n in (
            ("greedy", n_greedy),
            ("search", n_search),
            ("search_strong", max(1, n_search // 3)),
        ):
            df = play_games(n, (agent, agent), seed=13, rules=rules, swap_seats=True)
            found = {r["kind"]: r for r in usage(df, info)}
            for k in kinds:
                r = found.get(k, {"arose": 0, "taken": 0})
                rows.append(
                    {
                        "rules": rules or "(defaults)",
                        "decision": k,
                        "offered by": info.decision_rules.get(k, ""),
                        "agent": agent,
                        "games": n,
                        "arose": r["arose"],
                        "taken": r["taken"],
                    }
                )
                print(
                    f"{rules or '(defaults)':55s} {k:13s} {agent:14s} {n:5d} games: "
                    f"arose {r['arose']:6d}, taken {r['taken']:6d}",
                    flush=True,
                )
    if out:
        with open(out, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
