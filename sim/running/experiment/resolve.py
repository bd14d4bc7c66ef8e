"""Resolving an experiment: `load` (a file) and `from_mapping` (a mapping given in Python) check
every key, then build the Experiment and its cells."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Mapping
from pathlib import Path, PurePath
from typing import Any

from sim.games import DEFAULT as DEFAULT_GAME
from sim.games import NAMES as GAME_NAMES
from sim.games import game as game_info
from sim.play import python_agents
from sim.play.agents import resolve as resolve_agent
from sim.play.engine import canonical_rules
from sim.running.experiment.checks import (
    _check_answer,
    _check_cell_folders,
    _check_chunks,
    _check_options,
    _Checker,
    _closest,
    _sweep_axis,
)
from sim.running.experiment.model import Cell, Experiment, cell_id, impact_variant, sweep_variant
from sim.running.experiment.reading import _line_map, _read
from sim.running.experiment.schema import (
    IMPACT_BLANK_FROM,
    IMPACT_DEALS,
    IMPACT_KEYS,
    IMPACT_METHODS,
    MATCHUP_KEYS,
    MAX_CELL_GAMES,
    MAX_CELLS,
    MAX_CHUNK_SIZE,
    MAX_SEED,
    RECORDS_KEYS,
    RULES_KEYS,
    SETTLE_KEYS,
    TOP_KEYS,
    UNTIL_KEYS,
    VARIANT_KEYS,
    ExperimentError,
)


def _rules_string(preset: str | None, options: dict[str, str]) -> str:
    parts = ([f"preset={preset}"] if preset else []) + [f"{k}={v}" for k, v in options.items()]
    return ",".join(parts)


def load(path: str | Path, output: str | Path | None = None) -> Experiment:
    """Read and check an experiment file; raise ExperimentError listing every problem."""
    path = Path(path)
    node, data = _read(path)
    if not isinstance(data, dict):
        raise ExperimentError([f"{path}:1: expected a mapping with name, question, matchups, ..."])
    return _resolve(path, data, _line_map(node) if node is not None else {}, output)


# What an experiment given as a mapping (in Python) is called in its problems and its manifest.
FROM_MAPPING = Path("<experiment mapping>")


def from_mapping(data: Mapping[str, Any], output: str | Path | None = None) -> Experiment:
    """Check an experiment given as a mapping, with the keys and values of an experiment file
    (tuples may stand for lists); raise ExperimentError listing every problem, each named by
    its key."""
    plain = _plain(data)
    if not isinstance(plain, dict):
        raise ExperimentError([f"{FROM_MAPPING}: expected a mapping with name, question, ..."])
    return _resolve(FROM_MAPPING, plain, None, output)


def _plain(value: Any) -> Any:
    """A mapping's values as YAML would give them: mappings as dicts, tuples as lists, paths
    as text."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, PurePath):
        return str(value)
    return value


def _play_as(pair: tuple[str, str], played: dict[str, str]) -> tuple[str, str] | None:
    """The names a match-up's games are played with, where not the ones written."""
    plays = (played.get(pair[0], pair[0]), played.get(pair[1], pair[1]))
    return plays if plays != pair else None


def _resolve(
    path: Path, data: dict[str, Any], lines: dict[tuple, int] | None, output: str | Path | None
) -> Experiment:
    """Check an experiment's data (`lines`: where each key is in its file) and resolve it."""
    c = _Checker(path, lines)
    c.mapping(data, (), TOP_KEYS)

    name = data.get("name")
    if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9_-]+", name or ""):
        c.fail(("name",), f"expected {TOP_KEYS['name']}, got {name!r}")
    question = data.get("question")
    if not isinstance(question, str) or not question.strip():
        c.fail(("question",), "expected the question this experiment answers, in words")
    seed = data.get("seed")
    if "seed" not in data:
        # Not 0 by default: two experiments meant to differ in their deals would share them.
        c.fail(("seed",), f"missing; expected {TOP_KEYS['seed']}, e.g. seed: 1")
        seed = 0
    elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        c.fail(("seed",), f"expected {TOP_KEYS['seed']}, got {seed!r}")
        seed = 0

    game = data.get("game", DEFAULT_GAME)
    if game not in GAME_NAMES:
        valid = list(GAME_NAMES)
        c.fail(
            ("game",),
            f"unknown game '{game}'{_closest(game, valid)}; valid games: {', '.join(valid)}",
        )
        game = DEFAULT_GAME
    presets = [p[0] for p in game_info(game).presets]

    # Rules: a base (preset + options) and what varies (variants or sweep).
    rules = data.get("rules") or {}
    rules = c.mapping(rules, ("rules",), RULES_KEYS)
    preset = rules.get("preset")
    if preset is not None and not presets:
        c.fail(("rules", "preset"), f"{game} has no presets")
        preset = None
    if preset is not None and preset not in presets:
        c.fail(
            ("rules", "preset"),
            f"unknown preset '{preset}'{_closest(preset, presets)}; "
            f"valid presets: {', '.join(presets)}",
        )
        preset = None
    base = _check_options(c, rules.get("options"), ("rules", "options"), game)
    variants: dict[str, dict[str, str]] = {}
    # Where each variant is written, to point at it when two cells would share a folder.
    variant_loc: dict[str, tuple[Any, ...]] = {}
    if "variants" in rules and "sweep" in rules:
        c.fail(("rules", "sweep"), "give either 'variants' or 'sweep', not both")
    elif "sweep" in rules:
        sweep = rules["sweep"]
        if not isinstance(sweep, dict) or not sweep:
            c.fail(("rules", "sweep"), "expected a mapping of option -> list of values")
        else:
            axes: list[list[tuple[str, str, str | None]]] = []
            for k, values in sweep.items():
                axis = _sweep_axis(c, str(k), values, game)
                if axis:
                    axes.append(axis)
            crossed = math.prod(len(a) for a in axes)
            if crossed > MAX_CELLS:
                c.fail(
                    ("rules", "sweep"),
                    f"crosses into {' x '.join(str(len(a)) for a in axes)} = {crossed} variants; "
                    f"a run has at most {MAX_CELLS} cells: sweep fewer options or values",
                )
                axes = []
            labelled = any(label is not None for axis in axes for _, _, label in axis)
            for combo in itertools.product(*axes) if axes else ():
                named = sweep_variant(combo, labelled)
                variants[named] = {k: v for k, v, _ in combo}
                variant_loc[named] = ("rules", "sweep")
    elif "variants" in rules:
        vs = rules["variants"]
        if not isinstance(vs, list) or not vs:
            c.fail(("rules", "variants"), "expected a non-empty list of {name, options}")
        else:
            for i, v in enumerate(vs):
                v = c.mapping(v, ("rules", "variants", i), VARIANT_KEYS)
                vname = v.get("name")
                if not isinstance(vname, str) or not vname:
                    c.fail(("rules", "variants", i, "name"), "expected a variant name")
                    continue
                if vname in variants:
                    c.fail(("rules", "variants", i, "name"), f"variant '{vname}' is named twice")
                variant_loc[vname] = ("rules", "variants", i, "name")
                variants[vname] = _check_options(
                    c, v.get("options"), ("rules", "variants", i, "options"), game
                )
    if not variants:
        variants = {"default": {}}
    # Impact: each variant again with each card taken out by each method, on the same deals;
    # the report compares the player who draws the card across the two (its causal value).
    impact_of: dict[str, list[str]] = {}
    deals = "all"
    if "impact" in data:
        imp = c.mapping(data["impact"], ("impact",), IMPACT_KEYS)
        cards = imp.get("cards")
        methods = imp.get("methods", list(IMPACT_METHODS))
        if not isinstance(cards, list) or not cards or not all(isinstance(x, str) for x in cards):
            c.fail(("impact", "cards"), "expected a non-empty list of cards, e.g. [KS, KC]")
            cards = []
        methods = c.choices(methods, ("impact", "methods"), list(IMPACT_METHODS), "method")

        def one_of(key: str, valid: tuple[str, ...], why: str) -> str:
            """`impact.<key>`, one of `valid` (the first, its default, when absent or wrong)."""
            value = imp.get(key, valid[0])
            if value not in valid:
                c.fail(
                    ("impact", key), f"expected one of {', '.join(valid)} ({why}), got {value!r}"
                )
                return valid[0]
            return value

        deals = one_of(
            "deals",
            IMPACT_DEALS,
            "drawn: a card's cells without it play only the deals where it was drawn with it",
        )
        blank_from = one_of(
            "blank_from",
            IMPACT_BLANK_FROM,
            "draw: a blank King loses its power only once a player first draws it",
        )
        if blank_from != "deal" and "blank" not in methods:
            c.fail(
                ("impact", "blank_from"),
                f"applies to the blank method, and methods are {', '.join(methods) or 'none'}: "
                f"add blank to methods, or leave blank_from out",
            )
        with_impact = len(variants) * (1 + len(methods) * len(cards))
        if with_impact > MAX_CELLS:
            c.fail(
                ("impact", "cards"),
                f"{len(variants)} variants, each again without each of {len(cards)} cards by "
                f"{len(methods)} methods, make {with_impact} variants; a run has at most "
                f"{MAX_CELLS} cells: name fewer cards",
            )
            methods = []
        for vname, opts in list(variants.items()):
            for m in methods:
                for card in cards:
                    name_ = impact_variant(vname, m, card.upper())
                    variants[name_] = {**opts, m: card.upper()}
                    if m == "blank" and blank_from != "deal":
                        variants[name_]["blank_from"] = blank_from
                    variant_loc[name_] = ("impact", "cards")
                    impact_of[name_] = [vname, m, card.upper()]
    resolved_rules: dict[str, str] = {}
    for vname, opts in variants.items():
        try:
            resolved_rules[vname] = canonical_rules(_rules_string(preset, {**base, **opts}), game)
        except ValueError as e:
            loc = ("rules", "variants") if "variants" in rules else ("rules",)
            c.fail(loc, f"variant '{vname}': {e}")
    baseline = rules.get("baseline", next(iter(variants)))
    if not isinstance(baseline, str):
        c.fail(("rules", "baseline"), f"expected a variant's name, got {baseline!r}")
        baseline = next(iter(variants))
    elif baseline not in variants:
        c.fail(
            ("rules", "baseline"),
            f"no variant named '{baseline}'"
            f"{_closest(baseline, list(variants))}; variants: {', '.join(variants)}",
        )

    # Match-ups.
    pairs: list[tuple[str, str]] = []
    # A match-up's own settings: max_games, chunk_size.
    pair_settings: dict[tuple[str, str], dict[str, int]] = {}
    specs: dict[str, str] = {}
    pair_loc: dict[tuple[str, str], tuple[Any, ...]] = {}
    # Match-ups that skip the `impact:` variants (`impact: false`: a slow agent's cells).
    no_impact: set[tuple[str, str]] = set()

    # An agent written in Python, FILE.py relative to the experiment file's folder: played
    # from there (a mapping's from the current folder).
    played: dict[str, str] = {}

    def agent(a: Any, loc: tuple) -> bool:
        written = str(a)
        plays = written if path == FROM_MAPPING else python_agents.anchored(written, path.parent)
        try:
            spec = resolve_agent(plays, game)
            # The spec names it as written, so that the config hash is the same on any machine.
            specs[written] = written + spec[len(plays) :] if plays != written else spec
            played[written] = plays
            return True
        except ValueError as e:
            c.fail(loc, str(e))
            return False

    m = data.get("matchups")
    if m is None:
        c.fail(("matchups",), f"missing; expected {TOP_KEYS['matchups']}")
    elif isinstance(m, dict):
        m = c.mapping(m, ("matchups",), ("round_robin",))
        rr = m.get("round_robin")
        if not isinstance(rr, list) or len(rr) < 2:
            c.fail(("matchups", "round_robin"), "expected a list of at least two agents")
        elif len(rr) * (len(rr) - 1) // 2 > MAX_CELLS:
            c.fail(
                ("matchups", "round_robin"),
                f"{len(rr)} agents make {len(rr) * (len(rr) - 1) // 2} match-ups; a run has at "
                f"most {MAX_CELLS} cells: list fewer agents",
            )
        else:
            listed: set[str] = set()
            for i, a in enumerate(rr):
                if str(a) in listed:
                    # Its pairs would be played twice, into the same cell folders.
                    c.fail(("matchups", "round_robin", i), f"agent '{a}' is listed twice")
                listed.add(str(a))
                agent(a, ("matchups", "round_robin", i))
            pairs = list(itertools.combinations(dict.fromkeys(str(a) for a in rr), 2))
            pair_loc = {p: ("matchups", "round_robin") for p in pairs}
    elif isinstance(m, list) and m:
        for i, pair in enumerate(m):
            settings: dict[str, int] = {}
            if isinstance(pair, dict):
                item = c.mapping(pair, ("matchups", i), MATCHUP_KEYS)
                pair = item.get("agents")
                for setting, most in (
                    ("max_games", MAX_CELL_GAMES),
                    ("chunk_size", MAX_CHUNK_SIZE),
                ):
                    if setting in item:
                        value = c.positive_int(item[setting], ("matchups", i, setting), most)
                        if value:
                            settings[setting] = value
                if not isinstance(item.get("impact", True), bool):
                    c.fail(("matchups", i, "impact"), "expected true or false")
                where: tuple[Any, ...] = ("matchups", i, "agents")
            else:
                where = ("matchups", i)
            if not (isinstance(pair, list) and len(pair) == 2):
                c.fail(where, f"expected a pair [A, B], got {pair!r}")
                continue
            if all([agent(a, where + (j,)) for j, a in enumerate(pair)]):
                key = (str(pair[0]), str(pair[1]))
                if key in pairs:
                    c.fail(where, f"the match-up {list(key)} is listed twice")
                    continue
                pairs.append(key)
                pair_loc[key] = where
                pair_settings[key] = settings
                if isinstance(m[i], dict) and m[i].get("impact") is False:
                    no_impact.add(key)
    else:
        c.fail(("matchups",), f"expected {TOP_KEYS['matchups']}")

    # How many games.
    games = until = None
    if ("games" in data) == ("until" in data):
        c.fail(
            ("games",),
            "give exactly one of 'games' (a fixed number per cell) or 'until' (a stopping rule)",
        )
    elif "games" in data:
        games = c.positive_int(data["games"], ("games",), MAX_CELL_GAMES)
    else:
        u = c.mapping(data["until"], ("until",), UNTIL_KEYS)
        hw = u.get("ci_halfwidth")
        if "ci_halfwidth" not in u:
            c.fail(
                ("until", "ci_halfwidth"),
                "missing: a stopping rule stops a cell once its 95% interval is this narrow, a "
                "number between 0 and 0.5 (for a fixed number of games, give games: N instead "
                "of until)",
            )
        elif not isinstance(hw, (int, float)) or isinstance(hw, bool) or not 0 < hw < 0.5:
            c.fail(("until", "ci_halfwidth"), f"expected a number between 0 and 0.5, got {hw!r}")
            hw = None
        mg = None
        if "max_games" not in u:
            c.fail(
                ("until", "max_games"),
                "missing: a stopping rule needs max_games, the most games a cell plays (a "
                "positive integer)",
            )
        else:
            mg = c.positive_int(u.get("max_games"), ("until", "max_games"), MAX_CELL_GAMES)
        until = {"ci_halfwidth": float(hw or 0), "max_games": mg or 0}
        if "min_games" in u:
            least = c.positive_int(u["min_games"], ("until", "min_games"), MAX_CELL_GAMES)
            if least and mg and least > mg:
                c.fail(
                    ("until", "min_games"),
                    f"expected at most max_games ({mg}), got {least}: a cell would stop at "
                    "max_games before min_games",
                )
            until["min_games"] = least or 0
    chunk_size = (
        c.positive_int(data.get("chunk_size", 10_000), ("chunk_size",), MAX_CHUNK_SIZE) or 10_000
    )
    settle = _check_settle(c, data["settle"]) if "settle" in data else None
    keep_usage = True
    if "records" in data:
        kept = c.mapping(data["records"], ("records",), RECORDS_KEYS)
        keep_usage = kept.get("usage", True)
        if not isinstance(keep_usage, bool):
            c.fail(("records", "usage"), f"expected true or false, got {keep_usage!r}")
            keep_usage = True
    swap = data.get("swap_seats", True)
    if not isinstance(swap, bool):
        c.fail(("swap_seats",), f"expected true or false, got {swap!r}")
        swap = True

    impact_cards = list(dict.fromkeys(card for _, _, card in impact_of.values()))
    answer = (
        _check_answer(
            c,
            data.get("answer"),
            pairs,
            game_info(game).has("kings"),
            impact_cards,
            [v for v in variants if v not in impact_of],
        )
        if "answer" in data
        else None
    )
    if "output" in data:
        folder = data["output"]
        if not isinstance(folder, str) or not folder.strip():
            c.fail(
                ("output",),
                f"expected the output folder, a path such as reports/{name}; got {folder!r}",
            )
        elif output is None:
            try:
                is_file = Path(folder).exists() and not Path(folder).is_dir()
            except (OSError, ValueError) as e:  # a name too long, a NUL character
                c.fail(("output",), f"{folder!r} cannot be a folder: {e}")
            else:
                if is_file:
                    c.fail(
                        ("output",), f"{folder} is a file, not a folder; name a folder for the run"
                    )
    # Each match-up's cells: every variant, or those without `impact:` with `impact: false`.
    cells_of = {p: len(variants) - (len(impact_of) if p in no_impact else 0) for p in pairs}
    if sum(cells_of.values()) > MAX_CELLS:
        c.fail(
            ("rules",),
            f"{len(variants)} variants x {len(pairs)} match-ups make {sum(cells_of.values())} "
            f"cells; a run has at most {MAX_CELLS}: compare fewer variants or match-ups",
        )
    else:
        _check_cell_folders(c, list(variants), pairs, variant_loc, pair_loc)
    if not c.problems:
        _check_chunks(c, data, cells_of, pair_settings, games, until, chunk_size)

    if c.problems:
        raise ExperimentError(c.problems)
    assert isinstance(name, str) and isinstance(question, str)  # checked above

    out = Path(output) if output else Path(data.get("output") or f"reports/{name}")
    cells = [
        Cell(
            cell_id(v, pair),
            v,
            resolved_rules[v],
            pair,
            max_games=pair_settings.get(pair, {}).get("max_games"),
            chunk_size=pair_settings.get(pair, {}).get("chunk_size"),
            play_as=_play_as(pair, played),
            usage=keep_usage,
            drawn_in=(impact_of[v][0], impact_of[v][2])
            if v in impact_of and deals == "drawn"
            else None,
        )
        for v in variants
        for pair in pairs
        if not (v in impact_of and pair in no_impact)
    ]
    exp = Experiment(
        path=path,
        name=name,
        question=question.strip(),
        seed=seed,
        cells=cells,
        variants=resolved_rules,
        baseline=baseline,
        games=games,
        until=until,
        chunk_size=min(chunk_size, games) if games else chunk_size,
        swap_seats=swap,
        output=out,
        answer=answer,
        settle=settle,
    )
    exp.resolved = {
        "name": name,
        "question": exp.question,
        "seed": seed,
        "baseline": baseline,
        "variants": resolved_rules,
        # Only when asked for, so that files without it keep their config hash.
        **({"impact": impact_of} if impact_of else {}),
        # Only when asked for, so that files without it keep their config hash.
        **({"impact_deals": deals} if impact_of and deals != "all" else {}),
        "matchups": [
            {
                "agents": list(p),
                "specs": [specs[p[0]], specs[p[1]]],
                "max_games": pair_settings.get(p, {}).get("max_games"),
                # Only when given, so that files without it keep their config hash.
                **(
                    {"chunk_size": pair_settings[p]["chunk_size"]}
                    if "chunk_size" in pair_settings.get(p, {})
                    else {}
                ),
                **({"impact": False} if p in no_impact else {}),
            }
            for p in pairs
        ],
        "games": games,
        "until": until,
        "chunk_size": exp.chunk_size,
        "swap_seats": swap,
        # Only when records leave something out, so that files without it keep their hash.
        **({"records": {"usage": False}} if not keep_usage else {}),
        "rules_version": game_info(game).version,
        "game": game,
    }
    return exp


def _check_settle(c: Any, value: Any) -> dict[str, Any] | None:
    """`settle:`: true (no bound but the default's, `runner/settling.py`), false, or
    {max_games: N, max_minutes: M}."""
    if value is False:
        return None
    if value is True:
        return {"max_games": None, "max_minutes": None}
    if not isinstance(value, dict):
        c.fail(
            ("settle",),
            f"expected true, false or {{max_games: N, max_minutes: M}}, got {value!r}",
        )
        return None
    given = c.mapping(value, ("settle",), SETTLE_KEYS)
    found: dict[str, Any] = {"max_games": None, "max_minutes": None}
    if "max_games" in given:
        found["max_games"] = c.positive_int(
            given["max_games"], ("settle", "max_games"), MAX_CELL_GAMES
        )
    if "max_minutes" in given:
        minutes = given["max_minutes"]
        if (
            isinstance(minutes, bool)
            or not isinstance(minutes, (int, float))
            or not math.isfinite(minutes)
            or minutes <= 0
        ):
            c.fail(("settle", "max_minutes"), f"expected a positive number, got {minutes!r}")
        else:
            found["max_minutes"] = float(minutes)
    return found
