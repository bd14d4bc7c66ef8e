"""Agents by name: the built-in ones (random, greedy, heuristic(...), search(...)) and the
personas described as data in `strategies/*.yaml`. A persona is a named set of parameters for a
built-in agent, e.g. strategies/defensive.yaml:

    name: defensive
    agent: heuristic
    params: {aggression: 0.7, hold_back: 3.0, risk: 1.0, block: 1.6, king: 4.0}
"""

from __future__ import annotations

import difflib
from functools import cache
from pathlib import Path

import yaml

from sim import _core, games

BUILTIN = games.game(games.DEFAULT).agents


def _strategy_dirs() -> list[Path]:
    checkout = Path(__file__).resolve().parents[2]  # sim/play/agents.py -> the repository
    return [Path.cwd() / "strategies", checkout / "strategies"]


@cache
def personas() -> dict[str, dict]:
    """Every persona found in strategies/ (the working directory's first)."""
    found: dict[str, dict] = {}
    for d in reversed(_strategy_dirs()):
        for f in sorted(d.glob("*.yaml")) if d.is_dir() else []:
            data = yaml.safe_load(f.read_text()) or {}
            name = data.get("name", f.stem)
            params = ",".join(f"{k}={v}" for k, v in (data.get("params") or {}).items())
            data["spec"] = f"{data.get('agent', 'heuristic')}({params})"
            data["file"] = str(f)
            found[name] = data
    return found


def resolve(name: str, game: str = games.DEFAULT) -> str:
    """The engine's canonical spec (with its behaviour version) for an agent name, persona or
    spec of `game`; ValueError if unknown. Personas and agents written in Python play
    Houses-Skirmish."""
    from sim.play import python_agents

    name = str(name).strip()
    info = games.game(game)
    if name == "human":
        from sim.play import human

        human.check_game(game)
        return name  # a person at the terminal (sim/play/human.py), not an engine agent
    if game != games.DEFAULT:
        try:
            return _core.canonical_agent(game, name)
        except ValueError as e:
            if "unknown" not in str(e):
                raise
            near = difflib.get_close_matches(name, info.agents, n=1)
            hint = f" (did you mean '{near[0]}'?)" if near else ""
            raise ValueError(
                f"unknown {game} agent '{name}'{hint}; valid agents: {', '.join(info.agents)}"
            ) from None
    if python_agents.is_python(name):
        python_agents.load(name)  # raises a clear ValueError when it cannot be loaded
        return f"{name}@sha256={python_agents.source_hash(name)}"
    persona = personas().get(name)
    try:
        return _core.canonical_agent(game, persona["spec"] if persona else name)
    except ValueError as e:
        if "unknown agent" not in str(e):
            raise
        valid = BUILTIN + sorted(personas())
        near = difflib.get_close_matches(name, valid, n=1)
        hint = f" (did you mean '{near[0]}'?)" if near else ""
        raise ValueError(
            f"unknown agent '{name}'{hint}; valid agents: {', '.join(valid)} "
            "(or heuristic(param=value,...), search(iterations=N,...), python:FILE.py:Class)"
        ) from None


def names() -> list[str]:
    return BUILTIN + sorted(personas())


# What each built-in agent is, for `sim agents`.
BUILTIN_HELP = {
    "random": "plays a uniformly random legal move (a floor for the others)",
    "greedy": "one-ply heuristic: scores every legal move and plays the best (heuristic's "
    "default weights)",
    "heuristic": "the greedy player with its weights as parameters: heuristic(aggression=1.5,...)",
    "search": "information-set Monte Carlo tree search over sampled deals, each position judged "
    "by the game's evaluation (rollout=N first plays N turns by the greedy player): "
    "search(iterations=N,worlds=N,c=X,rollout=N,eval=K); eval picks the fitted evaluation "
    "(Houses-Skirmish: 0 the first fit, 1 to 3 refitted on the search player's own games)",
}


# How each built-in agent plays, for a designer reading a report (`plain`).
BUILTIN_PLAIN = {
    "random": "picks any legal move at random: a floor, not a real player",
    "greedy": "looks one move ahead: scores each legal move with fixed rules of thumb and plays "
    "the best, without planning",
    "heuristic": "the greedy player with its rules of thumb weighted otherwise",
    "search": "plans: tries its moves in simulated continuations of the game, over guesses of "
    "the cards it cannot see, and plays the one that does best",
}


def plain(name: str, game: str = games.DEFAULT) -> str:
    """How agent `name` of `game` plays, in a designer's words: a persona's `plain` (else its
    `description`; personas are Houses-Skirmish's), a built-in's own line; empty for an agent
    written in Python or spelt out with its parameters."""
    persona = personas().get(name) if game == games.DEFAULT else None
    if persona:
        return str(persona.get("plain") or persona.get("description") or "")
    return BUILTIN_PLAIN.get(name, "")


# Where each built-in agent stands (`standing`): a verdict is read from the strongest player
# a run has, and names each player this way.
BUILTIN_STANDING = {
    "random": (0, "the random player"),
    "greedy": (1, "the quick player"),
    "heuristic": (1, "the heuristic player"),
    "search": (2, "the search player"),
}


def standing(name: str, game: str = games.DEFAULT) -> tuple[int, str]:
    """How strong agent `name` is among the others (higher is stronger: a persona's `strength`,
    a built-in's place) and how a verdict names it (a persona's `title`: "the strong player").
    An agent written in Python or spelt with its parameters stands by the agent it is built
    on, and is named by what it is called."""
    persona = personas().get(name) if game == games.DEFAULT else None
    if persona and "strength" in persona:
        return int(persona["strength"]), str(persona.get("title") or name)
    base = name.split("(", 1)[0].split("@", 1)[0]
    strength, title = BUILTIN_STANDING.get(base, (1, name))
    return strength, title if base == name else name


def catalogue(game: str = games.DEFAULT) -> list[dict[str, str]]:
    """Every agent of `game`: the built-in ones and the personas, each with its canonical spec
    (behaviour version included) and a description."""
    info = games.game(game)
    rows = []
    for name in info.agents:
        try:
            spec = _core.canonical_agent(game, name)
        except ValueError:
            spec = f"{name}(...)"  # an agent that needs its parameters spelt out
        rows.append(
            {"name": name, "kind": "built-in", "spec": spec, "about": BUILTIN_HELP.get(name, "")}
        )
    if game == games.DEFAULT:
        for name, p in sorted(personas().items()):
            rows.append(
                {
                    "name": name,
                    "kind": f"persona ({p['file']})",
                    "spec": resolve(name),
                    "about": p.get("description", ""),
                }
            )
    return rows
