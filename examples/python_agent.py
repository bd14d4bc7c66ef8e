"""An example agent written in Python (see sim/play/python_agents.py for the protocol).

Play it: .venv/bin/sim play --games 200 --agents python:examples/python_agent.py:Hoarder,greedy
"""

import random

FACES = {"A": 1, "J": 11, "Q": 12, "K": 13}


def rank(card: str) -> int:
    """'10S' -> 10, 'KD' -> 13, 'BJ=7H' -> 7 (a Doppelganger counts as its copy)."""
    value = card.split("=")[-1][:-1]
    return FACES.get(value) or (int(value) if value.isdigit() else 0)


class Hoarder:
    """Blocks whenever it can and attacks the player with everything; deploys only scouts,
    Kings and soldiers of 7 or more; otherwise moves on (end, pass, done) or plays at random."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, observation: dict, legal: list[str]) -> int:
        for i, move in enumerate(legal):
            attack_player = move.startswith("attack ") and move.endswith("player")
            if move.startswith("block ") or attack_player:
                return i
        for i, move in enumerate(legal):
            words = move.split()
            if words[0] == "scout" or (words[0] == "deploy" and rank(words[1]) >= 7):
                return i
        for stop in ("end", "pass", "done"):
            if stop in legal:
                return legal.index(stop)
        return self.rng.randrange(len(legal))
