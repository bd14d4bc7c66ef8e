"""Agents by name: the built-in ones (random, greedy, heuristic(...), search(...)) and the
personas described as data in `strategies/*.yaml`. A persona is a named set of parameters for a
built-in agent, e.g. strategies/defensive.yaml:

    name: defensive
    agent: heuristic
    params: {aggression: 0.7, hold_back: 3.0, risk: 1.0, block: 1.6, king: 4.0}

A persona plays Houses-Skirmish; it plays another game only where its file says so, under
`games`, with the parameters that change there (measured to keep its place on that game's
ladder, docs/agents.md) and, where they differ, its own words, e.g.
strategies/search_fast.yaml:

    games:
      battle_cards: {params: {rollout: 0}, description: ..., plain: ...}
      house_of_suits: {}
"""

from __future__ import annotations

import difflib
import sys
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
            try:
                data = yaml.safe_load(f.read_text()) or {}
                if not isinstance(data, dict):
                    raise ValueError("not a mapping of keys (name:, agent:, params:)")
            except (OSError, UnicodeDecodeError, yaml.YAMLError, ValueError) as e:
                # One unreadable persona file: said once, in a line, and left out; the
                # other agents still play.
                why = str(e).splitlines()[0] if str(e) else type(e).__name__
                sys.stderr.write(f"warning: {f}: not a persona ({why}); left out\n")
                continue
            name = data.get("name", f.stem)
            data["spec"] = _spec(data, data.get("params") or {})
            data["file"] = str(f)
            found[name] = data
    return found


def _spec(persona: dict, params: dict) -> str:
    listed = ",".join(f"{k}={v}" for k, v in params.items())
    return f"{persona.get('agent', 'heuristic')}({listed})"


def persona(name: str, game: str = games.DEFAULT) -> dict | None:
    """Persona `name` as it plays `game` (its `spec` for that game), or None where there is no
    such persona or it does not play that game."""
    found = personas().get(name)
    if found is None or game == games.DEFAULT:
        return found
    there = (found.get("games") or {}).get(game)
    if there is None:
        return None
    # The entry's own words (`description`, `plain`) replace the Houses-Skirmish ones.
    there = there or {}
    params = {**(found.get("params") or {}), **(there.get("params") or {})}
    return {**found, **there, "params": params, "spec": _spec(found, params)}


def names_for(game: str = games.DEFAULT) -> list[str]:
    """Every agent name `game` takes: its built-in agents, then the personas that play it."""
    listed = games.game(game).agents + sorted(n for n in personas() if persona(n, game))
    return list(dict.fromkeys(listed))  # a persona may share a built-in's name (`search`)


def resolve(name: str, game: str = games.DEFAULT) -> str:
    """The engine's canonical spec (with its behaviour version) for an agent name, persona or
    spec of `game`; ValueError if unknown. Personas and agents written in Python play
    Houses-Skirmish."""
    from sim.play import python_agents

    name = str(name).strip()
    games.game(game)  # an unknown game: its clear error first
    if name == "human":
        from sim.play import human

        human.check_game(game)
        return name  # a person at the terminal (sim/play/human.py), not an engine agent
    if game != games.DEFAULT:
        found = persona(name, game)
        try:
            return _core.canonical_agent(game, found["spec"] if found else name)
        except ValueError as e:
            if "unknown" not in str(e):
                raise
            valid = names_for(game)
            near = difflib.get_close_matches(name, valid, n=1)
            hint = f" (did you mean '{near[0]}'?)" if near else ""
            # A persona of Houses-Skirmish that this game has no setting for: said so.
            why = (
                f" (persona '{name}' plays Houses-Skirmish only: its file has no `games:"
                f" {game}` entry)"
                if name in personas()
                else hint
            )
            raise ValueError(
                f"unknown {game} agent '{name}'{why}; valid agents: {', '.join(valid)}"
            ) from None
    if python_agents.is_python(name):
        python_agents.load(name)  # raises a clear ValueError when it cannot be loaded
        return f"{name}@sha256={python_agents.source_hash(name)}"
    found = personas().get(name)
    try:
        return _core.canonical_agent(game, found["spec"] if found else name)
    except ValueError as e:
        if "unknown agent" not in str(e):
            raise
        valid = names_for(game)  # each name once: a persona may share a built-in's name
        near = difflib.get_close_matches(name, valid, n=1)
        hint = f" (did you mean '{near[0]}'?)" if near else ""
        raise ValueError(
            f"unknown agent '{name}'{hint}; valid agents: {', '.join(valid)} "
            "(or heuristic(param=value,...), search(iterations=N,...), python:FILE.py:Class)"
        ) from None


# What each built-in agent is, for `sim agents`.
BUILTIN_HELP = {
    "random": "plays a uniformly random legal move (a floor for the others)",
    "greedy": "one-ply heuristic: scores every legal move and plays the best (heuristic's "
    "default weights)",
    "heuristic": "the greedy player with its weights as parameters: heuristic(aggression=1.5,...)",
    "search": "information-set Monte Carlo tree search over sampled deals, each position judged "
    "by the game's evaluation (rollout=N first plays N turns by the greedy player): "
    "search(iterations=N,worlds=N,c=X,rollout=N,eval=K,halving=B,expand=E,reuse=U); eval "
    "picks the fitted evaluation (Houses-Skirmish: 0 the first fit, 1 to 3 refitted on the search "
    "player's own games); halving=1 chooses the move by sequential halving over the same "
    "sampled deals; expand=1 tries the greedy player's move first below each position; "
    "reuse=1 keeps the tree of the move just chosen for the next decision of the same turn",
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
    `description`), a built-in's own line; empty for an agent written in Python or spelt out
    with its parameters."""
    found = persona(name, game)
    if found:
        return str(found.get("plain") or found.get("description") or "")
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
    found = persona(name, game)
    if found and "strength" in found:
        return int(found["strength"]), str(found.get("title") or name)
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
    for name in sorted(personas()):
        if (p := persona(name, game)) is not None:
            try:
                spec = resolve(name, game)
            except ValueError as e:
                # A persona file this engine cannot play (a parameter it does not know): listed
                # with why, so that one bad file does not hide the others.
                spec = f"cannot be played: {e}"
            rows.append(
                {
                    "name": name,
                    "kind": f"persona ({p['file']})",
                    "spec": spec,
                    "about": p.get("description", ""),
                }
            )
    return rows
