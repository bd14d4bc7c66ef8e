"""Experiment files: read a YAML file, check it against the schema, resolve it into cells.

Every problem is reported with the file, the line, the key, what was expected and the closest
valid key or value; all problems are reported at once, and nothing runs on an invalid file.
"""

from __future__ import annotations

import difflib
import hashlib
import itertools
import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePath
from typing import Any

import yaml

from sim.games import DEFAULT as DEFAULT_GAME
from sim.games import NAMES as GAME_NAMES
from sim.games import game as game_info
from sim.play.agents import resolve as resolve_agent
from sim.play.engine import canonical_rules
from sim.reporting.answer import ANSWER_KEYS, MATTERS
from sim.reporting.answer import MEASURES as ANSWER_MEASURES

TOP_KEYS = {
    "name": "a short name (letters, digits, '_' or '-')",
    "question": "the designers' question, in words",
    "description": "free text",
    "game": f"one of {', '.join(GAME_NAMES)} (default {DEFAULT_GAME})",
    "seed": "an integer from 0 to 18446744073709551615 (2^64-1)",
    "rules": "a mapping: preset, options, and variants or sweep",
    "matchups": "a list of agent pairs [A, B] (or {agents: [A, B], max_games: N, chunk_size: M}), "
    "or {round_robin: [A, B, ...]}",
    "games": "games per cell (a positive integer, at most 1000000000)",
    "until": "a stopping rule: {ci_halfwidth: 0.01, max_games: 2000000}",
    "chunk_size": "games per chunk (a positive integer, at most 1000000)",
    "swap_seats": "true (default) or false",
    "output": "the output folder (default reports/<name>)",
    "impact": "a card's causal value: {cards: [KS, KC], methods: [blank, forbid]} "
    "(a match-up with impact: false skips those cells)",
    "answer": "what answers the question: {measures: [first_player, rounds], "
    "matters: {points: 1, rounds: 0.25}, matchup: [greedy, greedy], "
    "see_also: [other_experiment.yaml], focus: KS, caveat: 'what a reader must know'}",
}
MAX_SEED = 2**64 - 1
# Bounds on the size of a run, checked before anything is planned: a cell's games (at a
# hundred thousand games a second, about three hours), a chunk's games (a chunk is held in
# memory), and the cells and chunk files of a whole run (each chunk is listed in the
# manifest, which is written again after every chunk).
MAX_CELL_GAMES = 1_000_000_000
MAX_CHUNK_SIZE = 1_000_000
MAX_CELLS = 10_000
MAX_CHUNKS = 10_000
RULES_KEYS = ("preset", "options", "variants", "sweep", "baseline")
VARIANT_KEYS = ("name", "options")
UNTIL_KEYS = ("ci_halfwidth", "max_games", "min_games")
MATCHUP_KEYS = ("agents", "max_games", "chunk_size", "impact")
IMPACT_KEYS = ("cards", "methods")
# How a card is taken out: a blank (a King in play with no power) or forbidden (never deployed).
IMPACT_METHODS = ("blank", "forbid")


def impact_variant(variant: str, method: str, card: str) -> str:
    """The name of the variant that plays `variant` with `card` taken out by `method`."""
    return f"{variant} | {method} {card}"


@dataclass(frozen=True)
class Cell:
    """One rule set and one match-up: the unit that is played, recorded and compared."""

    id: str
    variant: str
    rules: str
    agents: tuple[str, str]
    # A match-up's own cap on games and chunk size (e.g. for a slow search agent, whose
    # chunks should be small so that an interrupted run loses little).
    max_games: int | None = None
    chunk_size: int | None = None


@dataclass
class Experiment:
    path: Path
    name: str
    question: str
    seed: int
    cells: list[Cell]
    variants: dict[str, str]  # name -> canonical rules
    baseline: str
    games: int | None
    until: dict[str, float] | None
    chunk_size: int
    swap_seats: bool
    output: Path
    resolved: dict[str, Any] = field(default_factory=dict)
    # What answers the question (`answer:`); not part of the configuration's hash, since it
    # changes the report, never the records. None: the report's defaults for this shape.
    answer: dict[str, Any] | None = None

    @property
    def config_hash(self) -> str:
        return config_hash(self.resolved)

    def matches(self, old: dict[str, Any]) -> bool:
        """Whether a run's manifest (`old`) is of this configuration: the same hash, or the
        same once its rule strings are written by this sim (`upgraded`): a rule option added
        since, at its default, plays the same games (a change of behaviour bumps the rules
        version, which is part of the configuration)."""
        if old.get("config_hash") == self.config_hash:
            return True
        config = upgraded(old.get("config"))
        return config is not None and config_hash(config) == self.config_hash

    def max_games(self) -> int:
        if self.games is not None:
            return self.games
        assert self.until is not None  # a file gives exactly one of games and until
        return int(self.until["max_games"])

    def with_cell_ids(self, scheme: int) -> Experiment:
        """The same experiment with its cells' ids (and records folders) made by `scheme`:
        resuming a run keeps the scheme its manifest records."""
        cells = [replace(c, id=cell_id(c.variant, c.agents, scheme)) for c in self.cells]
        return replace(self, cells=cells)


def config_hash(resolved: dict[str, Any]) -> str:
    """The hash a run's manifest records of its resolved configuration."""
    text = json.dumps(resolved, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def upgraded(config: Any) -> dict[str, Any] | None:
    """A manifest's resolved configuration with its variants' rule strings written again by
    this sim (options added since then appear at their defaults); None when a string no
    longer reads (an option removed or renamed)."""
    if not isinstance(config, dict) or not isinstance(config.get("variants"), dict):
        return None
    game = config.get("game", DEFAULT_GAME)
    try:
        variants = {v: canonical_rules(r, game) for v, r in config["variants"].items()}
    except (ValueError, TypeError, AttributeError):  # an unreadable or damaged string
        return None
    return {**config, "variants": variants}


class ExperimentError(Exception):
    """All the problems found in one experiment file."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


def _closest(word: str, choices: list[str]) -> str:
    near = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f" (did you mean '{near[0]}'?)" if near else ""


class _Checker:
    """Collects problems, each located at the line of the key it concerns."""

    def __init__(self, path: Path, lines: dict[tuple, int] | None):
        self.path = path
        # None: the experiment is a mapping given in Python, whose problems have no line.
        self.lines = lines
        self.problems: list[str] = []

    def line(self, loc: tuple) -> int:
        lines = self.lines or {}
        while loc and loc not in lines:
            loc = loc[:-1]
        return lines.get(loc, 1)

    def fail(self, loc: tuple, message: str) -> None:
        key = ".".join(f"[{p}]" if isinstance(p, int) else str(p) for p in loc).replace(".[", "[")
        where = f"key '{key}': " if key else ""
        at = f"{self.path}:{self.line(loc)}" if self.lines is not None else str(self.path)
        self.problems.append(f"{at}: {where}{message}")

    def mapping(self, value: Any, loc: tuple, allowed: Any) -> dict:
        if not isinstance(value, dict):
            self.fail(loc, f"expected a mapping, got {type(value).__name__}")
            return {}
        for k in value:
            if k not in allowed:
                valid = ", ".join(allowed)
                self.fail(
                    loc + (k,), f"unknown key{_closest(k, list(allowed))}; valid keys: {valid}"
                )
        return value

    def choices(self, value: Any, loc: tuple, valid: list[str], what: str) -> list:
        """A non-empty list whose items are among `valid` (a `what`, e.g. 'method'); each
        unknown item is named with the closest valid one."""
        if not isinstance(value, list) or not value:
            self.fail(loc, f"expected a list of: {', '.join(valid)}")
            return []
        for i, item in enumerate(value):
            if item not in valid:
                self.fail(
                    loc + (i,),
                    f"unknown {what} {item!r}{_closest(str(item), valid)}; valid {what}s: "
                    f"{', '.join(valid)}",
                )
        return value

    def positive_int(self, value: Any, loc: tuple, most: int | None = None) -> int | None:
        """A positive integer, at most `most` when given."""
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or value <= 0
            or (most is not None and value > most)
        ):
            bound = f" up to {most}" if most is not None else ""
            self.fail(loc, f"expected a positive integer{bound}, got {value!r}")
            return None
        return value


def _line_map(node: yaml.Node, loc: tuple = (), out: dict | None = None) -> dict[tuple, int]:
    """Map each key path of the document to its (1-based) line."""
    out = {} if out is None else out
    out.setdefault(loc, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            key = k.value
            out[loc + (key,)] = k.start_mark.line + 1
            _line_map(v, loc + (key,), out)
            out[loc + (key,)] = k.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            _line_map(v, loc + (i,), out)
    return out


def _option_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _check_options(
    c: _Checker, options: Any, loc: tuple, game: str = DEFAULT_GAME
) -> dict[str, str]:
    """Each option on its own, so a bad one is reported at its own line."""
    good: dict[str, str] = {}
    if options is None:
        return good
    if not isinstance(options, dict):
        c.fail(loc, "expected a mapping of rule options (see `sim rules`)")
        return good
    for k, v in options.items():
        try:
            canonical_rules(f"{k}={_option_text(v)}", game)
            good[str(k)] = _option_text(v)
        except ValueError as e:
            c.fail(loc + (k,), str(e))
    return good


def _sweep_axis(
    c: _Checker, option: str, values: Any, game: str
) -> list[tuple[str, str, str | None]]:
    """One option of a sweep: its values, each with the name it is said by (None where the
    values are a plain list). A mapping names each value, `{"Spring '25 Kings": enhance}`."""
    loc: tuple[Any, ...] = ("rules", "sweep", option)
    if isinstance(values, dict) and values:
        named: list[tuple[Any, Any]] = list(values.items())
    elif isinstance(values, list) and values:
        named = [(None, v) for v in values]
    else:
        c.fail(loc, "expected a non-empty list of values, or a mapping of names to values")
        return []
    axis: list[tuple[str, str, str | None]] = []
    for i, (label, v) in enumerate(named):
        where = loc + ((i,) if label is None else (label,))
        if label is not None and (not isinstance(label, str) or not label.strip()):
            c.fail(where, f"expected a name for the value {v!r}, e.g. 'Spring 25 Kings'")
            continue
        text = _option_text(v)
        try:
            canonical_rules(f"{option}={text}", game)
        except ValueError as e:
            c.fail(where, str(e))
            continue
        if any(text == seen for _, seen, _ in axis):
            c.fail(where, f"the value '{text}' is listed twice")
            continue
        axis.append((option, text, label.strip() if label is not None else None))
    return axis


def sweep_variant(combo: tuple[tuple[str, str, str | None], ...], labelled: bool) -> str:
    """A sweep cell's variant name: its values' names joined by ", " where the sweep names any
    ("Spring '25 Kings, split_houses=D-S": a value without a name is `option=value`), else
    `option=value` joined by "," (the names of runs made before values could be named)."""
    parts = [label if label is not None else f"{k}={v}" for k, v, label in combo]
    return (", " if labelled else ",").join(parts)


def _rules_string(preset: str | None, options: dict[str, str]) -> str:
    parts = ([f"preset={preset}"] if preset else []) + [f"{k}={v}" for k, v in options.items()]
    return ",".join(parts)


# How a cell's id, which names its records folder, is made from its variant and match-up; the
# manifest records it (`cell_id_scheme`), so that a run keeps its folders when it is resumed.
# Scheme 1 (before the manifest recorded it) kept '=', so that a sweep's folders
# (`kings=classic__greedy-vs-greedy`) read as Hive partitions and pandas, pyarrow, duckdb and
# polars added a column per option. Scheme 2 writes '=' as '-', and starts no folder with '_' or
# '.', which pyarrow and pandas skip as hidden.
CELL_ID_SCHEME = 2


def cell_id(variant: str, agents: tuple[str, str], scheme: int = CELL_ID_SCHEME) -> str:
    """The id of the cell that plays `agents` under `variant`: its records' folder name and its
    `cell` column. Scheme 2 is a function of scheme 1's id, so cells with distinct ids under
    scheme 2 have distinct ids under scheme 1 too."""
    raw = f"{variant}__{agents[0]}-vs-{agents[1]}"
    if scheme == 1:
        return re.sub(r"[^A-Za-z0-9_.=+-]", "_", raw)
    name = re.sub(r"[^A-Za-z0-9_.+-]", "_", raw.replace("=", "-"))
    return f"v{name}" if name.startswith(("_", ".")) else name


def _check_cell_folders(
    c: _Checker,
    variants: list[str],
    pairs: list[tuple[str, str]],
    variant_loc: dict[str, tuple[Any, ...]],
    pair_loc: dict[tuple[str, str], tuple[Any, ...]],
) -> None:
    """Each cell's records go to a folder named by its id, which keeps only some characters:
    two cells with one id would overwrite each other's records, and the report would compare a
    cell with itself. Such a file is refused."""
    seen: dict[str, tuple[str, tuple[str, str]]] = {}
    reported: set[str] = set()
    why = (
        "(a folder name keeps letters, digits and _.+-, writes '=' as '-' and any other "
        "character as '_'); rename one"
    )
    for v in variants:
        for pair in pairs:
            cid = cell_id(v, pair)
            ov, op = seen.setdefault(cid, (v, pair))
            if (ov, op) == (v, pair):
                continue
            if ov != v:
                loc = variant_loc.get(v, ("rules",))
                msg = f"variants '{v}' and '{ov}' would share the cell folder '{cid}' {why}"
                key = f"{v}|{ov}"
            else:
                loc = pair_loc.get(pair, ("matchups",))
                msg = (
                    f"the match-ups {list(pair)} and {list(op)} would share the cell folder "
                    f"'{cid}' {why}"
                )
                key = f"{pair}|{op}"
            if key not in reported:
                reported.add(key)
                c.fail(loc, msg)


def _check_chunks(
    c: _Checker,
    data: dict[str, Any],
    cells_of: dict[tuple[str, str], int],
    settings: dict[tuple[str, str], dict[str, int]],
    games: int | None,
    until: dict[str, float] | None,
    chunk_size: int,
) -> None:
    """The chunk files the run may write (each cell's most games over its chunk size, as the
    runner splits them), at most MAX_CHUNKS."""
    most = games if games is not None else int((until or {}).get("max_games", 0))
    total = 0
    for pair, cells in cells_of.items():
        limit = min(most, settings.get(pair, {}).get("max_games") or most)
        size = min(settings.get(pair, {}).get("chunk_size") or chunk_size, limit)
        total += cells * -(-limit // max(size, 1))
    if total > MAX_CHUNKS:
        loc = ("chunk_size",) if "chunk_size" in data else ("games" if games else "until",)
        c.fail(
            loc,
            f"the run would write up to {total} chunk files ({_count(cells_of, 'cell')}); "
            f"at most {MAX_CHUNKS}: raise chunk_size (up to {MAX_CHUNK_SIZE}) or lower the "
            "games per cell",
        )


def _count(cells_of: dict[tuple[str, str], int], what: str) -> str:
    n = sum(cells_of.values())
    return f"{n} {what}{'' if n == 1 else 's'}"


def _check_answer(
    c: _Checker,
    spec: Any,
    pairs: list[tuple[str, str]],
    kings: bool = True,
    impact_cards: list[str] | None = None,
) -> dict[str, Any] | None:
    """`answer: {measures: [...], matters: {points: 1, rounds: 0.25}, matchup: [A, B]}`;
    `kings`: the game has Kings (for `king_deployer`); `impact_cards`: the cards `impact:`
    takes out (for `focus`)."""
    spec = c.mapping(spec, ("answer",), ANSWER_KEYS)
    measures = spec.get("measures")
    if isinstance(measures, str):
        measures = [measures]
    measures = c.choices(measures, ("answer", "measures"), list(ANSWER_MEASURES), "measure")
    if not kings and "king_deployer" in (measures or []):
        c.fail(("answer", "measures"), "king_deployer needs a game with Kings (Houses-Skirmish)")
    for houses_only in ("slog", "big_attacks"):
        if not kings and houses_only in (measures or []):
            c.fail(
                ("answer", "measures"), f"{houses_only} needs Houses-Skirmish (its pace records)"
            )
    matters: dict[str, float] = {}
    matters_spec = spec.get("matters") or {}
    if not isinstance(matters_spec, dict):
        c.fail(("answer", "matters"), "expected a mapping such as {points: 1, rounds: 0.25}")
        matters_spec = {}
    for unit, value in matters_spec.items():
        if unit not in MATTERS:
            c.fail(
                ("answer", "matters", unit),
                f"unknown unit {unit!r}; valid units: {', '.join(MATTERS)}",
            )
        elif isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
            c.fail(("answer", "matters", unit), f"expected a positive number, got {value!r}")
        else:
            matters[unit] = float(value)
    result: dict[str, Any] = {"measures": [str(m) for m in measures], "matters": matters}
    if "see_also" in spec:
        # Other experiments asking the same question (another player, more games): named
        # under the answer. Paths are relative to this file's folder and must exist.
        also = spec["see_also"]
        also = [also] if isinstance(also, str) else also
        if not (isinstance(also, list) and all(isinstance(a, str) and a for a in also)):
            c.fail(("answer", "see_also"), f"expected experiment files, got {also!r}")
        else:
            missing = [a for a in also if not (c.path.parent / a).is_file()]
            if missing:
                c.fail(
                    ("answer", "see_also"),
                    f"no such experiment file next to {c.path.name}: {', '.join(missing)}",
                )
            else:
                result["see_also"] = list(also)
    if "focus" in spec:
        # The card the question is about ("does the King of Spades dominate?"): the card
        # answer opens by saying whether it is worth the most.
        focus, cards = spec["focus"], impact_cards or []
        if not (isinstance(focus, str) and focus.upper() in cards):
            listed = ", ".join(cards) if cards else "none (the file has no impact: cards)"
            c.fail(
                ("answer", "focus"), f"expected one of the impact cards: {listed}; got {focus!r}"
            )
        else:
            result["focus"] = focus.upper()
    if "caveat" in spec:
        # A known limit of the answer (an agent's weakness that bears on it, measured and
        # documented), said before the answer's figures.
        caveat = spec["caveat"]
        if not (isinstance(caveat, str) and caveat.strip()):
            c.fail(("answer", "caveat"), f"expected a sentence or two of text, got {caveat!r}")
        else:
            result["caveat"] = " ".join(caveat.split())
    if "matchup" in spec:
        pair = spec["matchup"]
        if not (isinstance(pair, list) and tuple(map(str, pair)) in pairs):
            listed = ", ".join(f"[{a}, {b}]" for a, b in pairs)
            c.fail(("answer", "matchup"), f"expected one of the match-ups: {listed}; got {pair!r}")
        else:
            result["matchup"] = [str(x) for x in pair]
    return result


def _read(path: Path) -> tuple[yaml.Node | None, Any]:
    """The file's YAML node tree and its data. ExperimentError for a file that cannot be read,
    is not UTF-8 or not YAML, repeats a key in a mapping (YAML would keep the last silently),
    or whose aliases expand it beyond MAX_VALUES values (a few hundred bytes of nested aliases
    expand to billions)."""
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise ExperimentError([f"{path}: cannot read: {e.strerror}"]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        raise ExperimentError(
            [
                f"{path}:{line}: not UTF-8 text (byte 0x{raw[e.start]:02x} at offset {e.start}); "
                "save the file as UTF-8"
            ]
        ) from None
    try:
        # The reader checks the characters as the loader is made: inside the `try`.
        loader = yaml.SafeLoader(text)
    except yaml.YAMLError as e:
        raise ExperimentError([_yaml_problem(path, text, e)]) from None
    try:
        node = loader.get_single_node()
        if node is not None:
            _check_size(path, node)
            _check_duplicates(path, node)
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as e:
        raise ExperimentError([_yaml_problem(path, text, e)]) from None
    except RecursionError:
        raise ExperimentError(
            [f"{path}: lists or mappings nested too deeply (experiments need a few levels)"]
        ) from None
    finally:
        loader.dispose()
    return node, data


def _yaml_problem(path: Path, text: str, e: yaml.YAMLError) -> str:
    """PyYAML's error in one line, at the line of the problem (its own text spans several,
    with a copy of the line and a caret)."""
    if isinstance(e, yaml.reader.ReaderError):
        line = text.count("\n", 0, e.position) + 1
        char = f"#x{e.character:04x}" if isinstance(e.character, int) else repr(e.character)
        return f"{path}:{line}: not valid YAML: character {char}: {e.reason}"
    if isinstance(e, yaml.MarkedYAMLError):
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else 1
        where = [f"column {mark.column + 1}"] if mark else []
        if e.context:
            at = f" from line {e.context_mark.line + 1}" if e.context_mark else ""
            where.append(f"{e.context}{at}")
        what = e.problem or e.context or "not valid"
        return f"{path}:{line}: not valid YAML: {what} ({'; '.join(where)})"
    return f"{path}:1: not valid YAML: {' '.join(str(e).split())}"


def read_yaml(path: Path) -> Any:
    """A YAML file's data, read with the same checks as an experiment file (UTF-8, no repeated
    key, no alias bomb, no absurd nesting). ExperimentError naming the file and line."""
    return _read(path)[1]


# The most values (scalars, lists, mappings) a file may hold once its aliases are expanded:
# experiments are a few hundred.
MAX_VALUES = 10_000


def _check_size(path: Path, root: yaml.Node) -> None:
    """Walk the node tree with aliases expanded, stopping at MAX_VALUES values."""
    count, stack = 0, [root]
    while stack:
        node = stack.pop()
        count += 1
        if count > MAX_VALUES:
            raise ExperimentError(
                [
                    f"{path}:{node.start_mark.line + 1}: the file expands to more than "
                    f"{MAX_VALUES} values through YAML aliases (*name); write the values out "
                    "or use fewer aliases"
                ]
            )
        if isinstance(node, yaml.MappingNode):
            stack.extend(v for kv in node.value for v in kv)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)


def _check_duplicates(path: Path, root: yaml.Node) -> None:
    """Every key given twice in one mapping, at the line of its second occurrence."""
    problems: list[str] = []
    seen_nodes: set[int] = set()

    def walk(node: yaml.Node, loc: tuple) -> None:
        if id(node) in seen_nodes:  # an alias: checked where its anchor is
            return
        seen_nodes.add(id(node))
        if isinstance(node, yaml.MappingNode):
            first: dict[Any, int] = {}
            for k, v in node.value:
                key = k.value if isinstance(k, yaml.ScalarNode) else None
                line = k.start_mark.line + 1
                if key is not None and key in first:
                    dotted = ".".join(
                        f"[{p}]" if isinstance(p, int) else str(p) for p in loc + (key,)
                    ).replace(".[", "[")
                    problems.append(
                        f"{path}:{line}: key '{dotted}': given twice in one mapping (first at "
                        f"line {first[key]}); give each key once"
                    )
                first.setdefault(key, line)
                walk(v, loc + (key,))
        elif isinstance(node, yaml.SequenceNode):
            for i, v in enumerate(node.value):
                walk(v, loc + (i,))

    walk(root, ())
    if problems:
        raise ExperimentError(problems)


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
    if "impact" in data:
        imp = c.mapping(data["impact"], ("impact",), IMPACT_KEYS)
        cards = imp.get("cards")
        methods = imp.get("methods", list(IMPACT_METHODS))
        if not isinstance(cards, list) or not cards or not all(isinstance(x, str) for x in cards):
            c.fail(("impact", "cards"), "expected a non-empty list of cards, e.g. [KS, KC]")
            cards = []
        methods = c.choices(methods, ("impact", "methods"), list(IMPACT_METHODS), "method")
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

    def agent(a: Any, loc: tuple) -> bool:
        try:
            specs[str(a)] = resolve_agent(str(a), game)
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
    swap = data.get("swap_seats", True)
    if not isinstance(swap, bool):
        c.fail(("swap_seats",), f"expected true or false, got {swap!r}")
        swap = True

    impact_cards = list(dict.fromkeys(card for _, _, card in impact_of.values()))
    answer = (
        _check_answer(c, data.get("answer"), pairs, game_info(game).has("kings"), impact_cards)
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
    )
    exp.resolved = {
        "name": name,
        "question": exp.question,
        "seed": seed,
        "baseline": baseline,
        "variants": resolved_rules,
        # Only when asked for, so that files without it keep their config hash.
        **({"impact": impact_of} if impact_of else {}),
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
        "rules_version": game_info(game).version,
        "game": game,
    }
    return exp
