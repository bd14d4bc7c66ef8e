"""Rule tuning (`sim tune FILE`): find the rule settings that meet the designers' targets.

A tune file names the base rules, the knobs to turn (a numeric option's range, or a choice
option's values), the targets ("the classic King of Hearts within 2 points of the other Kings'
value"), the player and the games a candidate plays. Optuna's TPE sampler (seeded) proposes
candidates; each is played as an ordinary run under `trials/` on the same deals (the file's
seed), so candidates differ by their rules alone, and a candidate played before is read back,
not played again (an interrupted tune resumes by replaying the sampler over the finished runs).
Then the noise is dealt with: the best few (`leaders`) are played again with more games on the
same deals, the best of those is the pick, and the pick and the base rules are played once more
on fresh deals (`recheck`: another seed), where each target gets its verdict.

`tune.json` keeps every candidate with its figures; the page is `reporting/tune_page`.
"""

from __future__ import annotations

import json
import math
import re
import shutil
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tqdm.auto import tqdm

from sim import games
from sim.analysis import frame
from sim.analysis import targets as tg
from sim.analysis.effects import z_family
from sim.analysis.names import KINGS
from sim.analysis.verdicts import NO, NOT_SETTLED, YES, Verdict
from sim.play.engine import canonical_rules, rule_values
from sim.running.experiment import Experiment, ExperimentError, from_mapping, read_yaml
from sim.running.runner import locked, make_output, run, show_progress, write_text
from sim.running.runner.settled import variant_cells

TUNE_FILE = "tune.json"
TOP_KEYS = {
    "name": "a name: letters, digits, _ and -",
    "question": "the question, in words",
    "seed": "the seed of the candidates' deals, 0 to 2^64-1",
    "rules": "the base rules: {preset: NAME, options: {name: value}}",
    "knobs": "the options to turn: {option: {low: N, high: N}} or {option: [value, ...]}",
    "targets": "a list of {measure, card?, at_most | at_least | within}",
    "player": "the agent in both seats (default greedy)",
    "trials": "how many candidates to try (1 to 1,000)",
    "games": "games a candidate plays (100 to 10,000,000)",
    "leaders": "how many of the best to play again with more games (default 3)",
    "leader_games": "games a leader plays (default four times games)",
    "recheck": "the pick re-checked on fresh deals: {seed: N, games: N, players: {agent: games}}",
    "output": "the output folder (default reports/tune_<name>)",
}
BOUNDS = ("at_most", "at_least", "within")
# Options a tune leaves alone: tools for a card's value, and the table size.
NOT_KNOBS = ("blank", "forbid", "players", "split_houses")


class TuneError(ValueError):
    """A tune file's problems, each naming the file and the key."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass
class Target:
    measure: str
    card: str | None
    bound: str  # at_most, at_least or within
    value: float

    @property
    def key(self) -> str:
        return self.measure + (f":{self.card}" if self.card else "")

    @property
    def label(self) -> str:
        return str(tg.MEASURES[self.measure]["label"]).format(card=_king(self.card))

    @property
    def unit(self) -> str:
        return str(tg.MEASURES[self.measure]["unit"])

    @property
    def line(self) -> float:
        return float(tg.MEASURES[self.measure]["line"])

    @property
    def centre(self) -> float:
        return float(tg.MEASURES[self.measure].get("centre", 0.0))

    def words(self) -> str:
        """The target in words: "the King of Hearts' value ... within 2 points of 0"."""
        unit = self.unit[:-1] if self.value == 1 else self.unit
        if self.bound == "within":
            of = "50%" if self.measure == "first_player" else f"{self.centre:g}"
            return f"{self.label} within {self.value:g} {unit} of {of}"
        word = "at most" if self.bound == "at_most" else "at least"
        return f"{self.label} {word} {self.value:g} {unit}"

    def miss(self, estimate: float) -> float:
        """How far `estimate` is outside the target, in the target's unit (0 inside)."""
        if self.bound == "at_most":
            return max(0.0, estimate - self.value)
        if self.bound == "at_least":
            return max(0.0, self.value - estimate)
        return max(0.0, abs(estimate - self.centre) - self.value)

    def margin(self, estimate: float) -> float:
        """How far `estimate` is inside the target (negative outside)."""
        if self.bound == "at_most":
            return self.value - estimate
        if self.bound == "at_least":
            return estimate - self.value
        return self.value - abs(estimate - self.centre)

    def verdict(self, lo: float, hi: float) -> Verdict:
        """Is the target met? Yes when the whole interval is inside, No when all of it is
        outside, else Not settled."""
        if self.bound == "at_most":
            return YES if hi <= self.value else NO if lo > self.value else NOT_SETTLED
        if self.bound == "at_least":
            return YES if lo >= self.value else NO if hi < self.value else NOT_SETTLED
        low, high = self.centre - self.value, self.centre + self.value
        if low <= lo and hi <= high:
            return YES
        return NO if hi < low or lo > high else NOT_SETTLED


@dataclass
class Knob:
    name: str
    kind: str  # int or choice
    low: int = 0
    high: int = 0
    choices: list[str] = field(default_factory=list)


@dataclass
class TuneSpec:
    path: str
    name: str
    question: str
    seed: int
    preset: str | None
    options: dict[str, str]
    knobs: list[Knob]
    targets: list[Target]
    player: str = "greedy"
    trials: int = 24
    games: int = 20_000
    leaders: int = 3
    leader_games: int = 80_000
    recheck_seed: int = 1
    recheck_games: int = 80_000
    # Stronger players that recheck the pick on the same fresh deals, each with its games: a
    # setting the search chose with one player may not hold for a better one.
    recheck_players: dict[str, int] = field(default_factory=dict)
    leader_seed: int = 2
    output: str = ""

    def kings(self) -> list[str]:
        """The Kings whose blanks the candidates play: all four for a gap, else those named."""
        named = {t.card for t in self.targets if t.measure.startswith("king_")}
        if any(t.measure == "king_gap" for t in self.targets):
            return list(KINGS)
        return [k for k in KINGS if k in named]

    def base_values(self) -> dict[str, str]:
        parts = ([f"preset={self.preset}"] if self.preset else []) + [
            f"{k}={v}" for k, v in self.options.items()
        ]
        return rule_values(canonical_rules(",".join(parts)))


def _king(card: str | None) -> str:
    from sim.analysis.effects import KING_NAMES

    return KING_NAMES.get(card or "", card or "")


def load(path: str | Path, output: str | Path | None = None) -> TuneSpec:
    """Read and check a tune file; TuneError listing every problem, each naming its key."""
    path = Path(path)
    try:
        # The experiment files' reader: not UTF-8, not YAML, a key twice are one line each.
        data = read_yaml(path)
    except ExperimentError as e:
        raise TuneError(e.problems) from None
    return from_mapping_(data, path, output)


def from_mapping_(data: Any, path: Path, output: str | Path | None = None) -> TuneSpec:
    """Check a tune given as a mapping (the keys of a tune file)."""
    problems: list[str] = []

    def fail(key: str, message: str) -> None:
        problems.append(f"{path}: {key}: {message}")

    if not isinstance(data, dict):
        raise TuneError([f"{path}: expected a mapping with name, question, knobs, targets, ..."])
    for k in data:
        if k not in TOP_KEYS:
            fail(str(k), f"unknown key; valid keys: {', '.join(TOP_KEYS)}")
    name = data.get("name")
    if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9_-]+", name):
        fail("name", f"expected {TOP_KEYS['name']}, got {name!r}")
    question = data.get("question")
    if not isinstance(question, str) or not question.strip():
        fail("question", "expected the question this tune answers, in words")
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        fail("seed", f"expected {TOP_KEYS['seed']}, got {seed!r}")
        seed = 0
    rules = data.get("rules") or {}
    preset = rules.get("preset") if isinstance(rules, dict) else None
    base = (
        {str(k): _text(v) for k, v in (rules.get("options") or {}).items()}
        if isinstance(rules, dict)
        else {}
    )
    try:
        canonical_rules(
            ",".join(
                ([f"preset={preset}"] if preset else []) + [f"{k}={v}" for k, v in base.items()]
            )
        )
    except ValueError as e:
        fail("rules", str(e))
    options = {o["name"]: o for o in games.game(games.DEFAULT).options}
    knobs = []
    raw_knobs = data.get("knobs")
    if not isinstance(raw_knobs, dict) or not raw_knobs:
        fail("knobs", f"expected {TOP_KEYS['knobs']}")
        raw_knobs = {}
    for k, spec in raw_knobs.items():
        k = str(k)
        valid = ", ".join(n for n in options if n not in NOT_KNOBS)
        if k not in options or k in NOT_KNOBS:
            fail(f"knobs.{k}", f"not a rule option a tune may turn; valid options: {valid}")
            continue
        o = options[k]
        if o["kind"] == "int":
            if not (isinstance(spec, dict) and set(spec) == {"low", "high"}):
                fail(f"knobs.{k}", "a numeric option takes {low: N, high: N}")
                continue
            low, high = spec["low"], spec["high"]
            if not all(isinstance(x, int) and not isinstance(x, bool) for x in (low, high)) or not (
                1 <= low <= high
            ):
                fail(f"knobs.{k}", f"expected whole numbers 1 <= low <= high, got {spec!r}")
                continue
            knobs.append(Knob(k, "int", low=low, high=high))
        else:
            choices = [str(c) for c in o.get("choices") or []]
            values = [_text(v) for v in spec] if isinstance(spec, list) else None
            if not values or len(values) < 2 or any(v not in choices for v in values):
                fail(
                    f"knobs.{k}",
                    f"expected a list of two or more of its values: {', '.join(choices)}",
                )
                continue
            knobs.append(Knob(k, "choice", choices=values))
    found_targets = []
    raw_targets = data.get("targets")
    if not isinstance(raw_targets, list) or not raw_targets:
        fail("targets", f"expected {TOP_KEYS['targets']}")
        raw_targets = []
    for i, t in enumerate(raw_targets):
        where = f"targets[{i}]"
        if not isinstance(t, dict):
            fail(where, "expected {measure, card?, at_most | at_least | within}")
            continue
        measure = t.get("measure")
        if not isinstance(measure, str) or measure not in tg.MEASURES:
            fail(f"{where}.measure", f"expected one of {', '.join(tg.MEASURES)}, got {measure!r}")
            continue
        card = t.get("card")
        if measure.startswith("king_") and (not isinstance(card, str) or card not in KINGS):
            fail(f"{where}.card", f"expected a King: {', '.join(KINGS)}, got {card!r}")
            continue
        if not measure.startswith("king_") and "card" in t:
            fail(f"{where}.card", f"{measure} is not a King's figure: it takes no card")
            continue
        bounds = [b for b in BOUNDS if b in t]
        number = t.get(bounds[0]) if len(bounds) == 1 else None
        if number is None or isinstance(number, bool) or not isinstance(number, (int, float)):
            fail(where, "give exactly one of at_most, at_least, within, with a number")
            continue
        if measure == "king_gap" and bounds[0] != "within":
            fail(where, "a King's gap takes within: N (points either side of the others' mean)")
            continue
        if problem := tg.bound_problem(str(measure), bounds[0], number):
            fail(f"{where}.{bounds[0]}", problem)
            continue
        extra = set(t) - {"measure", "card", *BOUNDS}
        if extra:
            fail(
                where,
                f"unknown key {sorted(extra)[0]!r}; valid: measure, card, {', '.join(BOUNDS)}",
            )
        found_targets.append(Target(str(measure), card, bounds[0], float(number)))
    player = str(data.get("player", "greedy"))
    try:
        from sim.play.agents import resolve

        resolve(player)
    except ValueError as e:
        fail("player", str(e))

    def count(key: str, default: int, lo: int, hi: int, within: dict | None = None) -> int:
        v = (data if within is None else within).get(key, default)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            where = key if within is None else f"recheck.{key}"
            fail(where, f"expected a whole number from {lo:,} to {hi:,}, got {v!r}")
            return default
        return v

    trials = count("trials", 24, 1, 1_000)
    n = count("games", 20_000, 100, 10_000_000)
    leaders = count("leaders", 3, 0, 100)
    leader_games = count("leader_games", 4 * n, 100, 10_000_000)
    recheck = data.get("recheck") or {}
    if not isinstance(recheck, dict) or set(recheck) - {"seed", "games", "players"}:
        fail("recheck", f"expected {TOP_KEYS['recheck']}")
        recheck = {}
    stronger = _recheck_players(recheck.get("players"), fail)
    seed_ok = isinstance(seed, int) and not isinstance(seed, bool)
    recheck_seed = count("seed", (seed + 1) % 2**64 if seed_ok else 1, 0, 2**64 - 1, recheck)
    recheck_games = count("games", leader_games, 100, 10_000_000, recheck)
    if problems:
        raise TuneError(problems)
    assert isinstance(name, str) and isinstance(question, str) and isinstance(seed, int)
    return TuneSpec(
        path=str(path),
        name=name,
        question=question.strip(),
        seed=seed,
        preset=preset,
        options=base,
        knobs=knobs,
        targets=found_targets,
        player=player,
        trials=trials,
        games=n,
        leaders=leaders,
        leader_games=leader_games,
        recheck_seed=recheck_seed,
        leader_seed=(seed + 2) % 2**64,
        recheck_games=recheck_games,
        recheck_players=stronger,
        output=str(output or data.get("output") or f"reports/tune_{name}"),
    )


def _recheck_players(given: Any, fail: Any) -> dict[str, int]:
    """`recheck.players`: {agent: games}, each agent one `sim agents` lists."""
    if given is None:
        return {}
    where = "recheck.players"
    if not isinstance(given, dict):
        fail(where, f"expected {{agent: games}}, e.g. {{search_expert: 2000}}; got {given!r}")
        return {}
    from sim.play.agents import resolve

    found = {}
    for agent, n in given.items():
        try:
            resolve(str(agent))
        except ValueError as e:
            fail(f"{where}.{agent}", str(e))
            continue
        if isinstance(n, bool) or not isinstance(n, int) or not 100 <= n <= 10_000_000:
            fail(f"{where}.{agent}", f"expected a whole number from 100 to 10,000,000, got {n!r}")
            continue
        found[str(agent)] = n
    return found


def _text(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def label(params: dict[str, str]) -> str:
    """A candidate's name: its settings, `option=value` joined by ", "."""
    return ", ".join(f"{k}={v}" for k, v in params.items())


def _slug(params: dict[str, str]) -> str:
    return re.sub(r"[^A-Za-z0-9_.+-]", "_", "__".join(f"{k}-{v}" for k, v in params.items()))


def candidate_run(
    spec: TuneSpec,
    folder: Path,
    variants: dict[str, dict[str, str]],
    seed: int,
    n: int,
    player: str | None = None,
) -> Experiment:
    """The run that plays `variants` (name -> settings) under the base rules, `n` games each on
    the deals of `seed`, each again with the Kings the targets read made blanks; `player` in
    both seats (default the tune's)."""
    player = player or spec.player
    mapping: dict[str, Any] = {
        "name": spec.name,
        "question": spec.question,
        "seed": seed,
        "rules": {
            **({"preset": spec.preset} if spec.preset else {}),
            **({"options": dict(spec.options)} if spec.options else {}),
            "variants": [{"name": v, "options": o} for v, o in variants.items()],
        },
        "matchups": [[player, player]],
        "games": n,
        "chunk_size": min(n, 50_000),
    }
    if spec.kings():
        # A King's blank cell plays only the deals where the King was drawn.
        mapping["impact"] = {"cards": spec.kings(), "methods": ["blank"], "deals": "drawn"}
    return from_mapping(mapping, folder)


def figures(
    spec: TuneSpec, exp: Experiment, variant: str, player: str | None = None
) -> dict[str, dict[str, Any]]:
    """Each target's figure under `variant` of a finished run: estimate, standard error, the
    games or deals it rests on (`player`'s cells; default the tune's player)."""
    player = player or spec.player
    cells = variant_cells(exp, (player, player))[variant]
    lf = frame.scan(exp.output)
    values = tg.king_values(lf, cells.plain, cells.blank) if spec.kings() else {}
    found = {}
    for t in spec.targets:
        f = tg.figure(lf, cells.plain, cells.blank, t.measure, t.card, values)
        if f is not None:
            found[t.key] = {"estimate": f[0], "se": f[1], "n": f[2]}
    return found


# A target a candidate has no figure for (a King never drawn, no game reaching round 6) counts
# as this many lines off: worse than any figure, but finite for the sampler.
UNMEASURED = 1000.0


def objective(spec: TuneSpec, found: dict[str, dict[str, Any]]) -> float:
    """How far a candidate's estimates miss the targets, in multiples of each target's smallest
    difference that matters, added up (0: every estimate inside its target)."""
    return sum(
        t.miss(found[t.key]["estimate"]) / t.line if t.key in found else UNMEASURED
        for t in spec.targets
    )


def margin(spec: TuneSpec, found: dict[str, dict[str, Any]], z: float) -> float:
    """The least margin of a candidate's intervals inside its targets, in lines (the pick among
    candidates that meet every target is the one most surely inside them); minus infinity
    where a target has no figure."""
    return min(
        (
            (t.margin(found[t.key]["estimate"]) - z * found[t.key]["se"]) / t.line
            if t.key in found
            else -math.inf
            for t in spec.targets
        ),
        default=-math.inf,
    )


def play_tune(
    spec: TuneSpec, workers: int | None = None, force: bool = False, quiet: bool = False
) -> tuple[dict[str, Any], bool]:
    """Search, play the leaders, re-check the pick; write `tune.json`. Returns what it found and
    whether this call played games."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    out = Path(spec.output)
    make_output(out)
    started = time.time()
    ran = False
    base = spec.base_values()
    with locked(out):
        if force:  # every run of an earlier tune into this folder, those of other picks too
            for sub in ("trials", "leaders", "recheck"):
                for run_folder in sorted((out / sub).glob("*/manifest.json")):
                    shutil.rmtree(run_folder.parent)

        def evaluate(
            params: dict[str, str], where: str, n: int, seed: int
        ) -> dict[str, dict[str, Any]]:
            nonlocal ran
            name = label(params)
            exp = candidate_run(spec, out / where / _slug(params), {name: params}, seed, n)
            ran = run(exp, workers, force=force, quiet=True)[1] or ran
            return figures(spec, exp, name)

        sampler = optuna.samplers.TPESampler(seed=spec.seed % 2**32)
        study = optuna.create_study(direction="minimize", sampler=sampler)
        # The base rules first, where the knobs' ranges hold them: what the rules do now.
        first = {k.name: base[k.name] for k in spec.knobs}
        if all(_in_range(k, first[k.name]) for k in spec.knobs):
            study.enqueue_trial(
                {k: (int(v) if _knob(spec, k).kind == "int" else v) for k, v in first.items()}
            )
        tried: dict[str, dict[str, Any]] = {}
        bar = tqdm(
            total=spec.trials, unit="trial", desc=spec.name, disable=not show_progress(quiet)
        )
        for _ in range(spec.trials):
            trial = study.ask()
            params = {
                k.name: str(trial.suggest_int(k.name, k.low, k.high))
                if k.kind == "int"
                else str(trial.suggest_categorical(k.name, k.choices))
                for k in spec.knobs
            }
            key = label(params)
            if key not in tried:
                found = evaluate(params, "trials", spec.games, spec.seed)
                tried[key] = {
                    "params": params,
                    "label": key,
                    "figures": found,
                    "objective": objective(spec, found),
                    "first_trial": trial.number,
                }
            study.tell(trial, tried[key]["objective"])
            bar.update(1)
        bar.close()
        z = z_family(len(spec.targets))
        # The leaders: where estimates met every target, the settings closest to the rules as
        # they are (a designer changes as little as will do); else the nearest to the targets.
        met = [c for c in tried.values() if c["objective"] == 0]
        missed = [c for c in tried.values() if c["objective"] > 0]
        ranked = sorted(met, key=lambda c: (change(spec, c["params"], base), c["label"]))
        ranked += sorted(missed, key=lambda c: (c["objective"], -margin(spec, c["figures"], z)))
        # The leaders on deals of their own (`leader_seed`): the search's deals chose them, and
        # their luck would carry over (the winner's curse).
        leaders = []
        for c in ranked[: spec.leaders]:
            found = evaluate(c["params"], "leaders", spec.leader_games, spec.leader_seed)
            leaders.append({**c, "figures": found, "objective": objective(spec, found)})
        pick = _pick(spec, leaders or ranked[:1], base, z)
        recheck = _recheck(spec, out, pick["params"], base, workers, force)
        ran = recheck.pop("ran") or ran
        # How long each player's recheck took here (its run's manifest): what more games of it
        # would cost (not a figure of the recheck, which is the same on any machine).
        paces = recheck.pop("seconds")
    data = {
        "name": spec.name,
        "question": spec.question,
        "spec": {
            **asdict(spec),
            "targets": [
                {
                    **asdict(t),
                    "key": t.key,
                    "words": t.words(),
                    "label": t.label,
                    "unit": t.unit,
                    "line": t.line,
                }
                for t in spec.targets
            ],
        },
        "base": {k.name: base[k.name] for k in spec.knobs},
        "trials": sorted(tried.values(), key=lambda c: c["first_trial"]),
        "trial_count": spec.trials,
        "leaders": leaders,
        "pick": pick,
        "recheck": recheck,
        "recheck_seconds": paces,
        "z": z,
        "seconds": _seconds(out, started, ran),
    }
    write_text(out / TUNE_FILE, json.dumps(data, indent=1, sort_keys=True) + "\n")
    return data, ran


def change(spec: TuneSpec, params: dict[str, str], base: dict[str, str]) -> float:
    """How far a setting is from the rules as they are: each numeric knob's distance as a share
    of its range, each choice changed 1, added up."""
    total = 0.0
    for k in spec.knobs:
        v, b = params[k.name], base.get(k.name, "")
        if k.kind == "int" and b.isdigit():
            total += abs(int(v) - int(b)) / max(1, k.high - k.low)
        else:
            total += float(v != b)
    return total


def _pick(
    spec: TuneSpec, leaders: list[dict[str, Any]], base: dict[str, str], z: float
) -> dict[str, Any]:
    """The leader to recheck: the one closest to the rules as they are among those whose every
    interval lies inside its target, else the one nearest the targets (most surely inside)."""
    inside = [c for c in leaders if margin(spec, c["figures"], z) >= 0]
    if inside:
        return min(inside, key=lambda c: (change(spec, c["params"], base), c["label"]))
    return min(leaders, key=lambda c: (c["objective"], -margin(spec, c["figures"], z)))


def _recheck(
    spec: TuneSpec,
    out: Path,
    pick: dict[str, str],
    base: dict[str, str],
    workers: int | None,
    force: bool,
) -> dict[str, Any]:
    """The pick and the base rules on fresh deals (`recheck_seed`), each target's figure with
    its interval (Bonferroni over the targets) and verdict: `base` and `pick` (the same where
    the pick is the base rules); then the same for each stronger player (`recheck_players`,
    under `players`), on the same deals."""
    now = {k: base[k] for k in pick}
    names = {"base": "the rules as they are", "pick": f"the pick: {label(pick)}"}
    variants = {names["base"]: now}
    if pick != now:
        variants[names["pick"]] = pick
    # A folder of its own for each pick: a changed search may pick another.
    folder = out / "recheck" / _slug(pick)
    z = z_family(len(spec.targets))

    def checked(player: str, where: Path, n: int) -> tuple[dict[str, Any], bool]:
        exp = candidate_run(spec, where, variants, spec.recheck_seed, n, player)
        # A recheck asked for another number of games (more, as the page advises) plays them
        # afresh in its folder, on the same fresh deals: its run is another configuration.
        again = _games_played(where) not in (None, n)
        ran = run(exp, workers, force=force or again, quiet=True)[1]
        found: dict[str, Any] = {"games": n}
        for role, name in names.items():
            variant = name if name in variants else names["base"]
            rows = {}
            for key, f in figures(spec, exp, variant, player).items():
                t = next(t for t in spec.targets if t.key == key)
                lo, hi = f["estimate"] - z * f["se"], f["estimate"] + z * f["se"]
                rows[key] = {**f, "lo": lo, "hi": hi, "verdict": t.verdict(lo, hi)}
            found[role] = rows
        return found, ran

    def took(where: Path) -> float | None:
        seconds = json.loads((where / "manifest.json").read_text()).get("seconds")
        return round(float(seconds), 1) if seconds else None

    found, ran = checked(spec.player, folder, spec.recheck_games)
    found = {"seed": spec.recheck_seed, **found, "ran": ran, "players": {}}
    seconds = {spec.player: took(folder)}
    for player, n in spec.recheck_players.items():
        # A folder of each player's own inside the pick's.
        where = folder / "players" / re.sub(r"[^A-Za-z0-9_.+-]", "_", player)
        found["players"][player], ran = checked(player, where, n)
        found["ran"] = found["ran"] or ran
        seconds[player] = took(where)
    found["seconds"] = seconds
    return found


def _games_played(where: Path) -> int | None:
    """The games a cell of the run in `where` was asked to play (None where there is none)."""
    manifest = where / "manifest.json"
    if not manifest.is_file():
        return None
    return json.loads(manifest.read_text()).get("config", {}).get("games")


def _knob(spec: TuneSpec, name: str) -> Knob:
    return next(k for k in spec.knobs if k.name == name)


def _in_range(k: Knob, value: str) -> bool:
    if k.kind == "int":
        return value.isdigit() and k.low <= int(value) <= k.high
    return value in k.choices


def _seconds(out: Path, started: float, ran: bool) -> float:
    if ran or not (out / TUNE_FILE).is_file():
        return round(time.time() - started, 1)
    return float(json.loads((out / TUNE_FILE).read_text()).get("seconds", 0.0))
