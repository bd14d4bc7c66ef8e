"""Saved games: a replay file holds the game, the rules, the game's seed, the agents and every
move in the notation (docs/notation.md), hidden ones included (a game's log may hide some, such
as House of Suits' set-aside cards; `_core.Game.moves()` does not). The engine is
deterministic, so the seed and the moves give back every position; the agents are only a note
of who played."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from sim import _core, games

FORMAT = 1

_MOVE = re.compile(r"^P([12]): (.*)$")


def moves_of(log: list[str]) -> list[str]:
    """The moves in a Houses-Skirmish log, in order (the engine writes each one as
    `P1: <move>`; other games may hide some there: use `played`)."""
    return [m.group(2) for line in log if (m := _MOVE.match(line))]


def played(rules: str, seed: int, specs: tuple[str, str]) -> tuple[list[str], list[str]]:
    """One game of built-in agents (`specs` resolved) from its own seed: its log and its moves,
    as `sim replay` plays it."""
    game = _core.Game(rules, seed, specs, keep_log=True)
    return game.log(), game.moves()


def save(
    path: Path,
    rules: str,
    seed: int,
    agents: tuple[str, str],
    moves: list[str],
    outcome: dict[str, Any] | None,
    **extra: Any,
) -> Path:
    data = {
        "format": FORMAT,
        "game": games.game_of(rules),
        "rules": rules,
        "seed": seed,
        "agents": list(agents),
        "moves": list(moves),
        "winner": outcome["winner"] if outcome else None,
        "reason": outcome["reason"] if outcome else None,
        **extra,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n")
    return path


def load(path: Path) -> dict[str, Any]:
    """A replay file, checked for what replaying needs; ValueError says what is missing."""
    try:
        data = json.loads(Path(path).read_bytes())
    except OSError as e:
        raise ValueError(f"{path}: cannot read: {e.strerror}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not a replay file (not UTF-8 text)") from None
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}: not a replay file: {e}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: not a replay file (a JSON {type(data).__name__}, not an object)")
    missing = [k for k in ("rules", "seed", "moves") if k not in data]
    if missing:
        raise ValueError(f"{path}: not a replay file (missing {', '.join(missing)})")
    seed, moves, agents = data["seed"], data["moves"], data.get("agents", [])
    wrong = [
        f"'{key}' should be {what}, not {value!r}"[:120]
        for key, value, ok, what in [
            ("rules", data["rules"], isinstance(data["rules"], str), "a rule string"),
            (
                "seed",
                seed,
                isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 2**64,
                "an integer from 0 to 2^64-1",
            ),
            (
                "moves",
                moves,
                isinstance(moves, list) and all(isinstance(m, str) for m in moves),
                "a list of moves",
            ),
            (
                "agents",
                agents,
                isinstance(agents, list) and all(isinstance(a, str) for a in agents),
                "a list of agents",
            ),
        ]
        if not ok
    ]
    if wrong:
        raise ValueError(f"{path}: not a replay file ({wrong[0]})")
    return data


def steps(rules: str, seed: int, moves: list[str]):
    """Replay `moves` from `seed`; yields the game after each decision played from the list
    (forced moves play themselves in between, and are checked against the list too).
    ValueError when the list leaves the game's legal moves."""
    game = _core.Game(rules, seed, (None, None), keep_log=True)
    yield game
    while True:
        done = game.moves()
        if done != moves[: len(done)]:
            raise ValueError(
                f"move {len(done)}: the game played '{done[-1]}', the file has another"
            )
        if len(done) == len(moves):
            return
        if game.decider is None:
            raise ValueError(f"the game ended after {len(done)} of the file's {len(moves)} moves")
        legal = game.legal()
        move = moves[len(done)]
        if move not in legal:
            raise ValueError(
                f"move {len(done) + 1} '{move}' is not legal here ({', '.join(legal)})"
            )
        game.play(legal.index(move))
        yield game


def replay_log(data: dict[str, Any]) -> list[str]:
    """The full log of a saved game, as `sim replay` prints it."""
    *_, game = steps(data["rules"], int(data["seed"]), list(data["moves"]))
    return game.log()
