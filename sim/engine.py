"""The Python API over the Rust engine: batches of games in, polars DataFrames out."""

from __future__ import annotations

import json
import os
from typing import Any

import polars as pl

from sim import _core

# Column types of a batch of records, in order.
GAMES = ("houses", "battle_cards", "house_of_suits")

RECORD_SCHEMA: dict[str, pl.DataType] = {
    "game": pl.UInt64(),
    "seed": pl.UInt64(),
    "winner": pl.Int8(),
    "end_reason": pl.Utf8(),
    "turns": pl.UInt32(),
    "rounds": pl.UInt32(),
    "life_p1": pl.Int32(),
    "life_p2": pl.Int32(),
    "first_player": pl.UInt8(),
    "cards_deployed_p1": pl.UInt32(),
    "cards_deployed_p2": pl.UInt32(),
    "kings_p1": pl.Utf8(),
    "kings_p2": pl.Utf8(),
    "deployed_mask_p1": pl.UInt64(),
    "deployed_mask_p2": pl.UInt64(),
    "drawn_mask_p1": pl.UInt64(),
    "drawn_mask_p2": pl.UInt64(),
    "actions": pl.UInt32(),
    "king_round_p1": pl.UInt32(),
    "king_round_p2": pl.UInt32(),
    "low_hand_turns": pl.UInt32(),
    "lead_changes": pl.UInt32(),
    "decisions_p1": pl.UInt32(),
    "decisions_p2": pl.UInt32(),
    "agent_p1": pl.Utf8(),
    "agent_p2": pl.Utf8(),
    "seats_swapped": pl.Boolean(),
    "rules": pl.Utf8(),
    "rules_version": pl.UInt32(),
    "game_name": pl.Utf8(),
}

# Columns that only Houses-Skirmish fills; other games record zeros there.
HOUSES_ONLY = {
    "cards_deployed_p1": 0,
    "cards_deployed_p2": 0,
    "kings_p1": "",
    "kings_p2": "",
    "deployed_mask_p1": 0,
    "deployed_mask_p2": 0,
    "drawn_mask_p1": 0,
    "drawn_mask_p2": 0,
    "king_round_p1": 0,
    "king_round_p2": 0,
    "low_hand_turns": 0,
    "lead_changes": 0,
}


def game_of(canonical: str) -> str:
    """The game a canonical rule string belongs to, from its name: `battle_cards(...)`."""
    name = canonical.split("(", 1)[0]
    return name if name in GAMES else "houses"


def canonical_rules(spec: str | dict[str, Any] | None = None, game: str = "houses") -> str:
    """The canonical rule-set string of `game`; `spec` is ``"name=value,..."`` or a mapping."""
    if spec is None:
        spec = ""
    if isinstance(spec, dict):
        spec = ",".join(f"{k}={_option_value(v)}" for k, v in spec.items())
    if game == "battle_cards":
        return _core.canonical_battle_cards_rules(spec)
    if game == "house_of_suits":
        return _core.canonical_house_of_suits_rules(spec)
    if game != "houses":
        raise ValueError(f"unknown game '{game}'; valid games: {', '.join(GAMES)}")
    return _core.canonical_rules(spec)


def _option_value(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def rule_options() -> list[dict[str, Any]]:
    """Every rule option with its kind, default, choices and help."""
    return _core.rule_options()


def rule_presets() -> list[dict[str, str]]:
    """The named presets: name, the options they set, help."""
    return [{"name": n, "options": o, "help": h} for n, o, h in _core.rule_presets()]


def play_games(
    n: int,
    agents: tuple[str, str] = ("random", "random"),
    seed: int = 0,
    rules: str | dict[str, Any] | None = None,
    start: int = 0,
    threads: int | None = None,
    swap_seats: bool = False,
    game: str = "houses",
) -> pl.DataFrame:
    """Play games ``start .. start+n`` of the batch seeded by `seed`; one row per game.

    Game ``i`` is dealt from a seed derived from (`seed`, ``i``) only, so the same game index
    gives the same deal under every rule set, agent pairing and thread count. With
    `swap_seats`, odd-numbered games seat ``agents[1]`` as P1.
    """
    from sim import python_agents
    from sim.agents import resolve

    if isinstance(rules, str) and game_of(rules) != "houses":
        game = game_of(rules)
    canon = canonical_rules(rules, game)
    threads = threads or os.cpu_count() or 1
    pair = (agents[0], agents[1])
    if game == "battle_cards":
        cols = _core.play_battle_cards(canon, pair, seed, start, n, threads, swap_seats)
        cols["rounds"] = [(t + 1) // 2 for t in cols["turns"]]
        cols["first_player"] = [0] * n
        cols.pop("rolls")
        for k, v in HOUSES_ONLY.items():
            cols[k] = [v] * n
    elif game == "house_of_suits":
        cols = _core.play_house_of_suits(canon, pair, seed, start, n, threads, swap_seats)
        # Scores go where life goes; a match has no early end.
        cols["life_p1"], cols["life_p2"] = cols.pop("score_p1"), cols.pop("score_p2")
        cols.pop("games_in_match")
        cols["end_reason"] = ["match"] * n
        cols["rounds"] = [(t + 1) // 2 for t in cols["turns"]]
        cols["first_player"] = [0] * n
        cols["actions"] = [
            d1 + d2 for d1, d2 in zip(cols["decisions_p1"], cols["decisions_p2"], strict=True)
        ]
        for k, v in HOUSES_ONLY.items():
            cols[k] = [v] * n
    elif any(python_agents.is_python(a) for a in agents):
        cols = python_agents.play_games(n, pair, seed, canon, start, swap_seats, resolve)
    else:
        specs = (resolve(agents[0]), resolve(agents[1]))
        cols = _core.play_games(canon, specs, seed, start, n, threads, swap_seats)
    games = range(start, start + n)
    swapped = [swap_seats and i % 2 == 1 for i in games]
    cols["game"] = list(games)
    cols["agent_p1"] = [agents[1] if sw else agents[0] for sw in swapped]
    cols["agent_p2"] = [agents[0] if sw else agents[1] for sw in swapped]
    cols["seats_swapped"] = swapped
    cols["rules"] = [canon] * n
    cols["rules_version"] = [_core.GAME_VERSIONS[game]] * n
    cols["game_name"] = [game] * n
    return pl.DataFrame(cols, schema=RECORD_SCHEMA)


def replay(
    seed: int,
    agents: tuple[str, str] = ("greedy", "greedy"),
    rules: str | None = None,
    game: str = "houses",
) -> tuple[list[str], dict[str, Any]]:
    """Play one game (its own seed) with the log kept; returns (log lines, record)."""
    from sim.agents import resolve

    if game in ("battle_cards", "house_of_suits"):
        play = getattr(_core, f"replay_{game}")
        log, cols = play(canonical_rules(rules, game), tuple(agents), seed)
        return log, {k: v[0] for k, v in cols.items()}
    specs = (resolve(agents[0]), resolve(agents[1]))
    log, cols = _core.replay(canonical_rules(rules), specs, seed)
    return log, {k: v[0] for k, v in cols.items()}


def scenario(position: dict[str, Any]) -> dict[str, Any]:
    """Build a position, play its moves, return the resulting state."""
    return json.loads(_core.scenario(json.dumps(position)))
