"""A balance scan (`sim scan`): every rule option's every other value against a base rule set (the
Spring '25 rules, or a preset), on the same deals, measured on what the designers ask about:
the first player's edge, a game's length, the late game, and each King's value to its drawer.

Two runs under one folder, each an ordinary run (resumable, checked by its manifest):
- `quick/`: the quick player in every cell, each variant again with each King a blank, under
  the `settled` stopping rule (`runner/settled.py`): chunks double and a variant stops once
  every effect is settled, so what is negligible is dropped early (successive halving);
- `strong/`: the strong player on the baseline and the variants the quick player found to move
  something (the largest first), plain cells only, so that each verdict says whether it holds
  with a player that plans.

`scan.json` keeps every effect with its verdict; the page, `index.html`, is written from it
(`reporting/scan_page`).
"""

from __future__ import annotations

import dataclasses
import json
import shlex
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sim import games
from sim.analysis import effects as fx
from sim.analysis import frame
from sim.analysis.names import CARDS as CARD_NAMES
from sim.analysis.names import KINGS
from sim.analysis.stats import holm
from sim.analysis.verdicts import YES
from sim.play.engine import canonical_rules, rule_values
from sim.running.experiment import Experiment, from_mapping
from sim.running.runner import MANIFEST, locked, make_output, read_manifest, run, write_text
from sim.running.runner.settled import family_size, rule_measures, variant_cells

# Options a scan leaves alone: what measures a card (blank, forbid), the table size (a measure
# at three or four players means something else: seats_3p_4p.yaml asks it), and the Houses of
# a suit-split deck (a pairing, not a rule: suit_split.yaml asks it).
NOT_SCANNED = {
    "blank": "a tool for a card's value, not a rule",
    "forbid": "a tool for a card's value, not a rule",
    "players": "the table size: every measure means something else at three or four players "
    "(experiments/seats_3p_4p.yaml)",
    "split_houses": "which Houses each player holds under a suit-split deck: a pairing, not a "
    "rule (experiments/suit_split.yaml)",
}
# The values a scan tries of a numeric option (the others are every choice): life a quarter
# either side of the Spring '25 40; the hand limits the notes discuss (experiments/hand_limit);
# the classic King of Hearts' 13 less and more by about a third, the two-card draw two rounds
# either side of round 6, the King aid a quarter and the whole of the aider's attack, the
# Kings' defence 3 less and 3 more than the printed 13 (a 10 with a 3, the seeds' example,
# threatens a King of 10).
NUMERIC_VALUES = {
    "life": ["30", "50"],
    "hand_limit": ["none", "5", "7"],
    "classic_king_of_hearts_absorb": ["9", "17"],
    "two_card_draw_round": ["4", "8"],
    "king_aid_percent": ["25", "100"],
    "king_defence": ["10", "16"],
}
SCAN_FILE = "scan.json"
QUICK, STRONG, HOUSES, CARDS = "quick", "strong", "houses", "cards"


@dataclass
class ScanSettings:
    """What a scan plays; everything here is part of its runs' configurations."""

    preset: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    only: list[str] | None = None
    skip: list[str] = field(default_factory=list)
    quick: str = "greedy"
    strong: str | None = "search_fast"
    seed: int = 1
    first_chunk: int = 2_000
    max_games: int = 254_000
    strong_games: int = 1_000
    strong_top: int = 8
    kings: list[str] = field(default_factory=lambda: list(KINGS))
    # Games of each pairing's cell under each change with decks split by suit, for the spread
    # of the Houses (0: not measured).
    house_games: int = 20_000
    # Cards beyond the Kings whose value to their drawer is measured under each change: a cell
    # with the card forbidden to both players beside each change's plain one, `card_games`
    # games each (none by default: each card adds a cell to every change).
    cards: list[str] = field(default_factory=list)
    card_games: int = 20_000

    def base_rules(self) -> str:
        parts = ([f"preset={self.preset}"] if self.preset else []) + [
            f"{k}={v}" for k, v in self.options.items()
        ]
        return canonical_rules(",".join(parts))


def base_name(settings: ScanSettings) -> str:
    """The baseline variant's name: the preset's, with any options added."""
    name = {None: "Spring '25 rules", "spring25": "Spring '25 rules"}.get(
        settings.preset, f"preset {settings.preset}"
    )
    extra = ",".join(f"{k}={v}" for k, v in settings.options.items())
    return f"{name} ({extra})" if extra else name


def plan(settings: ScanSettings) -> list[tuple[str, str, str]]:
    """The variants a scan plays, each `(name, option, value)`: for every option scanned, every
    value but the base rule set's own (`option=value`, its name too) that makes a rule set with
    the base rules (`unplayable` says why the others do not). ValueError for a card the scan
    cannot value (`cards`), before anything is played."""
    for card in settings.cards:
        if card not in CARD_NAMES or card in KINGS:
            valid = ", ".join(c for c in CARD_NAMES if c not in KINGS)
            raise ValueError(
                f"cards: {card!r} is not a card the scan values beyond the Kings (each King's "
                f"value is measured already); valid cards: {valid}"
            )
    refused = unplayable(settings)
    return [v for v in _values(settings) if v[0] not in refused]


def unplayable(settings: ScanSettings) -> dict[str, str]:
    """The values that make no rule set with the base rules, and the engine's reason
    (`jokers=true` over `deck=suit_split`)."""
    found = {}
    for name, option, value in _values(settings):
        options = {**settings.options, option: value}
        parts = ([f"preset={settings.preset}"] if settings.preset else []) + [
            f"{k}={v}" for k, v in options.items()
        ]
        try:
            canonical_rules(",".join(parts))
        except ValueError as e:
            found[name] = str(e)
    return found


def _values(settings: ScanSettings) -> list[tuple[str, str, str]]:
    """Every value of every option scanned but the base rule set's own."""
    base = rule_values(settings.base_rules())
    known = {o["name"]: o for o in games.game(games.DEFAULT).options}
    names = settings.only if settings.only is not None else list(known)
    for n in [*names, *settings.skip]:
        if n not in known:
            valid = ", ".join(sorted(set(known) - set(NOT_SCANNED)))
            raise ValueError(f"unknown rule option '{n}'; valid options: {valid}")
    found = []
    for name in names:
        if name in settings.skip or (settings.only is None and name in NOT_SCANNED):
            continue
        option = known[name]
        values = NUMERIC_VALUES.get(name) or [str(v) for v in option.get("choices") or []]
        for value in values:
            if value != base.get(name):
                found.append((f"{name}={value}", name, value))
    return found


def quick_experiment(settings: ScanSettings, out: Path, name: str) -> Experiment:
    """The quick player's run: the baseline and every variant, each again with each King a
    blank, under the `settled` stopping rule."""
    variants = plan(settings)
    mapping = _mapping(settings, name, variants, settings.quick, settings.max_games)
    # A King's blank cell plays only the deals where the King was drawn (`runner/drawn.py`).
    mapping["impact"] = {"cards": list(settings.kings), "methods": ["blank"], "deals": "drawn"}
    # Checked as an experiment with a fixed count and one chunk a cell (within the limit on
    # files); the rule and the doubling chunks replace them after.
    mapping["chunk_size"] = settings.max_games
    exp = from_mapping(mapping, out / QUICK)
    until = {
        "settled": {"matchup": [settings.quick, settings.quick], "kings": list(settings.kings)},
        "max_games": settings.max_games,
        "min_games": settings.first_chunk,
    }
    exp = dataclasses.replace(exp, games=None, until=until, chunk_size=settings.first_chunk)
    exp.resolved = {
        **exp.resolved,
        "games": None,
        "until": until,
        "chunk_size": settings.first_chunk,
    }
    return exp


def strong_experiment(
    settings: ScanSettings, out: Path, name: str, movers: list[str], dead: Iterable[str] = ()
) -> Experiment | None:
    """The strong player's run on the baseline, `movers` and the `dead` changes (no game of the
    quick player's differed under them: some act only in games longer than its own), plain
    cells; None when there is no strong player or nothing to check."""
    checked = set(movers) | set(dead)
    if not settings.strong or not checked:
        return None
    chosen = [v for v in plan(settings) if v[0] in checked]
    mapping = _mapping(settings, name, chosen, settings.strong, settings.strong_games)
    # Small chunks: an interrupted run loses little of a slow player's games.
    mapping["chunk_size"] = min(100, settings.strong_games)
    return from_mapping(mapping, out / STRONG)


def house_experiment(settings: ScanSettings, out: Path, name: str) -> Experiment | None:
    """The quick player's run with decks split by suit: the baseline and every change, each in
    a cell per pairing of Houses (`effects.PAIRINGS`), a fixed number of games; None where the
    scan measures no House (`house_games` 0). A change that makes no rule set with a split deck
    (`jokers=true`) has no House cells."""
    if not settings.house_games:
        return None
    split = {"deck": "suit_split"}
    variants: list[tuple[str, dict[str, str]]] = [(base_name(settings), {})]
    variants += [(v, {o: x}) for v, o, x in plan(settings)]
    listed: list[dict[str, Any]] = []
    for v, options in variants:
        cells: list[dict[str, Any]] = [
            {"name": f"{v} | houses {p}", "options": {**options, **split, "split_houses": p}}
            for p in fx.PAIRINGS
        ]
        if all(_plays(settings, c["options"]) for c in cells):
            listed += cells
    base = base_name(settings)
    mapping = {
        "name": name,
        "question": "What does each rule option do to the Houses with decks split by suit?",
        "seed": settings.seed,
        "rules": {
            **({"preset": settings.preset} if settings.preset else {}),
            **({"options": dict(settings.options)} if settings.options else {}),
            "variants": listed,
            "baseline": f"{base} | houses {fx.PAIRINGS[0]}",
        },
        "matchups": [[settings.quick, settings.quick]],
        "games": settings.house_games,
        "chunk_size": min(settings.house_games, 50_000),
    }
    return from_mapping(mapping, out / HOUSES)


def card_experiment(
    settings: ScanSettings, out: Path, name: str, dead: Iterable[str] = ()
) -> Experiment | None:
    """The quick player's run for the values of `settings.cards`: the baseline and every
    change but the `dead` ones (no game of the quick run differed under them), each plain and
    again with each card forbidden, a fixed number of games; None where the scan values no
    card beyond the Kings."""
    if not settings.cards or not settings.card_games:
        return None
    skipped = set(dead)
    changes = [v for v in plan(settings) if v[0] not in skipped]
    mapping = _mapping(settings, name, changes, settings.quick, settings.card_games)
    mapping["question"] = "What does each rule option do to the value of each card?"
    mapping["impact"] = {"cards": list(settings.cards), "methods": ["forbid"], "deals": "drawn"}
    mapping["chunk_size"] = min(settings.card_games, 50_000)
    return from_mapping(mapping, out / CARDS)


def read_card_effects(exp: Experiment, agent: str, cards: list[str]) -> list[dict[str, Any]]:
    """Each change's effect on each card's value to its drawer, against the base rules' (the
    same deals with the card forbidden, under both)."""
    cells = variant_cells(exp, _pair(agent))
    lf = frame.scan(exp.output, in_memory=True)
    measures = [m for m in fx.measures([], cards) if m.key.startswith("card:")]
    found = []
    base = cells[exp.baseline]
    for v, c in cells.items():
        if v != exp.baseline:
            found += [{"variant": v, **e} for e in fx.effects(lf, c, base, measures)]
    return found


def _plays(settings: ScanSettings, options: dict[str, str]) -> bool:
    """Do the base rules with `options` over them make a rule set?"""
    merged = {**settings.options, **options}
    parts = ([f"preset={settings.preset}"] if settings.preset else []) + [
        f"{k}={v}" for k, v in merged.items()
    ]
    try:
        canonical_rules(",".join(parts))
    except ValueError:
        return False
    return True


def house_cells(exp: Experiment) -> dict[str, dict[str, str]]:
    """Each change's cells of the House run, by pairing."""
    found: dict[str, dict[str, str]] = {}
    for c in exp.cells:
        variant, _, pairing = c.variant.rpartition(" | houses ")
        found.setdefault(variant, {})[pairing] = c.id
    return found


def _mapping(
    settings: ScanSettings,
    name: str,
    variants: list[tuple[str, str, str]],
    agent: str,
    games_: int,
) -> dict[str, Any]:
    base = base_name(settings)
    return {
        "name": name,
        "question": "What does each rule option do to the game?",
        "seed": settings.seed,
        "rules": {
            **({"preset": settings.preset} if settings.preset else {}),
            **({"options": dict(settings.options)} if settings.options else {}),
            "variants": [{"name": base}]
            + [{"name": v, "options": {opt: value}} for v, opt, value in variants],
            "baseline": base,
        },
        "matchups": [[agent, agent]],
        "games": games_,
    }


def play_scan(
    settings: ScanSettings,
    output: Path,
    name: str = "scan",
    workers: int | None = None,
    force: bool = False,
    quiet: bool = False,
) -> tuple[dict[str, Any], bool]:
    """Play the scan (or what is left of it) into `output`, then write `scan.json`: what it
    found, and whether this call played games. The same call resumes an interrupted scan and
    plays nothing once it is complete (the page is `reporting.scan_page.write_page`'s)."""
    make_output(output)
    started = time.time()
    with locked(output):
        quick = quick_experiment(settings, output, name)
        _, ran = run(quick, workers, force=force, quiet=quiet)
        found = read_effects(quick, settings.quick)
        movers = _movers(found[0], settings.strong_top)
        strong = strong_experiment(settings, output, name, movers, found[1])
        if strong is not None:
            ran = run(strong, workers, force=force, quiet=quiet)[1] or ran
        houses = house_experiment(settings, output, name)
        if houses is not None:
            ran = run(houses, workers, force=force, quiet=quiet)[1] or ran
        cards = card_experiment(settings, output, name, found[1])
        if cards is not None:
            ran = run(cards, workers, force=force, quiet=quiet)[1] or ran
        return _written(settings, output, name, started, ran, found)


def rebuild(output: Path) -> dict[str, Any]:
    """`scan.json` of a finished scan again, from its records alone (`sim report`): RunError
    where its runs are not complete."""
    from sim.running.runner import RunError, verify

    path = output / SCAN_FILE
    if not path.is_file():
        raise RunError(f"{output} has no {SCAN_FILE}: not the output folder of `sim scan`")
    found = json.loads(path.read_text())
    settings = ScanSettings(**found["settings"])
    with locked(output):
        for sub in (QUICK, STRONG, HOUSES, CARDS):
            if not (output / sub / MANIFEST).is_file():
                continue
            manifest = read_manifest(output / sub / MANIFEST)
            again = scan_command(settings, output)
            if manifest.get("status") != "complete":
                raise RunError(
                    f"{output / sub} holds an unfinished run: run the same `sim scan` command "
                    f"again to finish it (`{again}`)"
                )
            verify(output / sub, manifest, f"running the scan again (`{again}`)")
        return _written(settings, output, found.get("name", "scan"), time.time(), False)[0]


# Each setting's `sim scan` option, in the order `sim scan --help` lists them.
_FLAGS = {
    "preset": "--preset",
    "options": "--rules",
    "only": "--only",
    "skip": "--skip",
    "quick": "--quick",
    "strong": "--strong",
    "seed": "--seed",
    "first_chunk": "--first-chunk",
    "max_games": "--max-games",
    "strong_games": "--strong-games",
    "strong_top": "--strong-top",
    "house_games": "--house-games",
    "cards": "--cards",
    "card_games": "--card-games",
}


def scan_command(settings: ScanSettings, output: Path) -> str:
    """The `sim scan` command that plays these settings into `output` (each setting that is not
    the default, from the scan's own record of them): a hint that names the command to run
    again names this one, not `sim run FILE` (a scan has no file)."""
    default = ScanSettings()
    words = ["sim", "scan"]
    for key, flag in _FLAGS.items():
        value = getattr(settings, key)
        if value == getattr(default, key):
            continue
        if key == "options":
            value = ",".join(f"{k}={v}" for k, v in value.items())
        elif isinstance(value, list):
            value = ",".join(value)
        elif value is None:
            value = "none"  # --strong none: no check
        words += [flag, shlex.quote(str(value))]
    return " ".join([*words, "--output", shlex.quote(str(output))])


def _written(
    settings: ScanSettings,
    output: Path,
    name: str,
    started: float,
    ran: bool,
    quick_effects: tuple[list[dict[str, Any]], dict[str, int], dict[str, list[str]]] | None = None,
) -> tuple[dict[str, Any], bool]:
    """Read both runs' effects (the quick run's unless given), then write `scan.json`."""
    quick = quick_experiment(settings, output, name)
    rows, dead, unread = quick_effects or read_effects(quick, settings.quick)
    movers = _movers(rows, settings.strong_top)
    strong = strong_experiment(settings, output, name, movers, dead)
    strong_rows, strong_dead, _ = (
        read_effects(strong, str(settings.strong)) if strong else ([], {}, {})
    )
    _agree(rows, strong_rows)
    cells = variant_cells(quick, _pair(settings.quick))
    houses = house_experiment(settings, output, name)
    house_rows = read_house_effects(houses, base_name(settings)) if houses else []
    card_run = card_experiment(settings, output, name, dead)
    card_rows = read_card_effects(card_run, settings.quick, settings.cards) if card_run else []
    # Every interval of the page at one family's z: the quick run's, the Houses' and the cards'.
    k = family_size(quick, len(cells)) + len(house_rows) + len(card_rows)
    _at_family_z(rows + house_rows + card_rows, k)
    rows += house_rows + card_rows
    holm(rows)
    housed = {r["variant"] for r in house_rows}
    data = {
        "name": name,
        "settings": dataclasses.asdict(settings),
        "baseline": quick.baseline,
        "base_rules": quick.variants[quick.baseline],
        "variants": {v: quick.variants[v] for v in cells},
        "measures": [
            dataclasses.asdict(m)
            for m in rule_measures(quick)
            + ([fx.HOUSE_SPREAD] if houses else [])
            + [m for m in fx.measures([], settings.cards) if card_run and m.key.startswith("card:")]
        ],
        "z": fx.z_family(k),
        "family": k,
        "games": _games_by_variant(output / QUICK, quick),
        "strong_games": _games_by_variant(output / STRONG, strong) if strong else {},
        "house_games": settings.house_games if houses else 0,
        "card_games": settings.card_games if card_run else 0,
        "effects": rows,
        "strong_effects": strong_rows,
        "dead": dead,
        # The dead changes under which no game of the strong player's differed either.
        "strong_dead": sorted(v for v in strong_dead if v in dead),
        "not_measured": {
            v: unread.get(v, []) + ([fx.HOUSE_SPREAD.key] if houses and v not in housed else [])
            for v in cells
            if v != quick.baseline and (v in unread or (houses and v not in housed))
        },
        "movers": movers,
        "not_scanned": {k: v for k, v in NOT_SCANNED.items() if settings.only is None},
        "unplayable": unplayable(settings),
        "seconds": _seconds(output, started, ran),
    }
    write_text(output / SCAN_FILE, json.dumps(data, indent=1, sort_keys=True) + "\n")
    return data, ran


def _pair(agent: str) -> tuple[str, str]:
    return (agent, agent)


def read_effects(
    exp: Experiment, agent: str
) -> tuple[list[dict[str, Any]], dict[str, int], dict[str, list[str]]]:
    """Every variant's effects against the baseline on all the games each played, each with its
    verdict from the interval at the family's z (Bonferroni over every comparison of the run,
    at every check), the variants under which no game differed from the baseline's (with the
    deals that shows on), and per variant the measures it had nothing to read for."""
    cells = variant_cells(exp, _pair(agent))
    # In memory: each query reads a few cells, and scan.json is then the same to the last bit
    # from the same records.
    lf = frame.scan(exp.output, in_memory=True)
    measures = rule_measures(exp) if exp.until else fx.measures([])
    k = family_size(exp, len(cells)) if exp.until else (len(cells) - 1) * len(measures)
    z = fx.z_family(k)
    rows: list[dict[str, Any]] = []
    dead: dict[str, int] = {}
    unread: dict[str, list[str]] = {}
    base = cells[exp.baseline]
    for v, c in cells.items():
        if v == exp.baseline:
            continue
        deals, differ = fx.differing_games(lf, c.plain, base.plain)
        if deals and not differ:
            dead[v] = deals
        found = fx.effects(lf, c, base, measures, k)
        if lost := fx.missing(found, measures):
            unread[v] = [m.key for m in lost]
        for e in found:
            half = z * e["se"]
            rows.append(
                {
                    "variant": v,
                    **e,
                    "z_lo": e["diff"] - half,
                    "z_hi": e["diff"] + half,
                    "verdict": fx.verdict(e, z),
                    "lines": fx.units_of_line(e),
                }
            )
    holm(rows)
    return rows, dead, unread


def read_house_effects(exp: Experiment, base: str) -> list[dict[str, Any]]:
    """Each change's effect on the spread of the Houses with decks split by suit, against the
    base rules' (`effects.house_spread_effect`)."""
    cells = house_cells(exp)
    lf = frame.scan(exp.output, in_memory=True)
    found = []
    for v, pairings in cells.items():
        if v == base:
            continue
        e = fx.house_spread_effect(lf, pairings, cells[base])
        if e is not None:
            found.append({"variant": v, **e})
    return found


def _at_family_z(rows: list[dict[str, Any]], k: int) -> None:
    """Each row's interval and verdict at the z of a family of `k` (in place)."""
    z = fx.z_family(k)
    for r in rows:
        half = z * r["se"]
        r.update(
            z_lo=r["diff"] - half,
            z_hi=r["diff"] + half,
            verdict=fx.verdict(r, z),
            lines=fx.units_of_line(r),
        )


def _movers(rows: list[dict[str, Any]], top: int) -> list[str]:
    """The variants with an effect that matters (Yes), largest first (in multiples of its line),
    at most `top` of them."""
    best: dict[str, float] = {}
    for r in rows:
        if r["verdict"] == YES and not fx.is_card_value(r["measure"]):
            best[r["variant"]] = max(best.get(r["variant"], 0.0), r["lines"])
    return sorted(best, key=lambda v: -best[v])[:top]


def _agree(rows: list[dict[str, Any]], strong: list[dict[str, Any]]) -> None:
    """Beside each quick effect, the strong player's verdict on it where it was played (in
    place: `strong_verdict`, `strong_diff`, `strong_lo`, `strong_hi`)."""
    by_key = {(r["variant"], r["measure"]): r for r in strong}
    for r in rows:
        s = by_key.get((r["variant"], r["measure"]))
        if s is not None:
            # Its interval at its own family's z, as its verdict is read.
            r.update(
                strong_verdict=s["verdict"],
                strong_diff=s["diff"],
                strong_lo=s["z_lo"],
                strong_hi=s["z_hi"],
                strong_n=s["n"],
            )


def _games_by_variant(folder: Path, exp: Experiment) -> dict[str, int]:
    """The games each plain variant's cell played."""
    manifest = read_manifest(folder / MANIFEST)
    plain = set(variant_cells(exp, exp.cells[0].agents))
    return {
        c["variant"]: int(c["games"])
        for c in (manifest or {}).get("cells", [])
        if c["variant"] in plain
    }


def _seconds(output: Path, started: float, ran: bool) -> float:
    """The scan's own time: this call's when it played anything, else the time recorded."""
    if ran or not (output / SCAN_FILE).is_file():
        return round(time.time() - started, 1)
    return float(json.loads((output / SCAN_FILE).read_text()).get("seconds", 0.0))
