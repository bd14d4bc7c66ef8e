"""The checker that collects an experiment's problems, each at the line of the key it concerns,
and the checks of its parts: rule options, sweeps, cell folders, chunk files, `answer:`."""

from __future__ import annotations

import difflib
import math
from pathlib import Path
from typing import Any

from sim.analysis.measures import CARD_VALUE
from sim.analysis.measures import LISTED as ANSWER_MEASURES
from sim.analysis.verdicts import (
    ANSWER_KEYS,
    ASK_KEYS,
    ASK_KINDS,
    ASK_UNITS,
    CHANGES,
    FAVOURED,
    LINES,
    MATTERS,
)
from sim.games import DEFAULT as DEFAULT_GAME
from sim.play.engine import canonical_rules
from sim.running.experiment.model import cell_id
from sim.running.experiment.schema import MAX_CHUNK_SIZE, MAX_CHUNKS


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
    variants: list[str] | None = None,
) -> dict[str, Any] | None:
    """`answer: {measures: [...], matters: {points: 1, rounds: 0.25}, matchup: [A, B]}`;
    `kings`: the game is Houses-Skirmish (for the measures that need it); `impact_cards`: the
    cards `impact:` takes out (for `focus`)."""
    spec = c.mapping(spec, ("answer",), ANSWER_KEYS)
    measures = spec.get("measures")
    if isinstance(measures, str):
        measures = [measures]
    measures = c.choices(measures, ("answer", "measures"), list(ANSWER_MEASURES), "measure")
    # A measure that needs Houses-Skirmish (its Kings, its pace records) says so (its record).
    for m in measures or []:
        record = ANSWER_MEASURES.get(m) if isinstance(m, str) else None
        if not kings and record and record.needs:
            c.fail(("answer", "measures"), f"{m} needs {record.needs}")
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
    if "asks" in spec:
        result["asks"] = _check_asks(c, spec["asks"], impact_cards or [], variants or [])
    if "references" in spec:
        # The variants the question compares against (history, as the classic Kings are in
        # "as the classic Kings did"), not candidates: what to try next never points at them.
        refs = spec["references"]
        refs = [refs] if isinstance(refs, str) else refs
        listed = ", ".join(variants or [])
        if not (isinstance(refs, list) and refs and all(isinstance(r, str) for r in refs)):
            c.fail(
                ("answer", "references"), f"expected a list of variants ({listed}); got {refs!r}"
            )
        elif unknown := [r for r in refs if r not in (variants or [])]:
            c.fail(
                ("answer", "references"),
                f"no variant named {unknown[0]!r}{_closest(unknown[0], variants or [])}; "
                f"variants: {listed}",
            )
        elif set(refs) >= set(variants or []):
            c.fail(
                ("answer", "references"),
                "every variant is a reference: leave at least one candidate (a rule set being "
                "decided) for what to try next to point at",
            )
        else:
            result["references"] = list(dict.fromkeys(refs))
    if "borrow" in spec:
        # Win rates read with a cheaper player's games on the same deals as a control
        # (`analysis/control.py`): off unless asked, for what it is worth (benchmarks/README.md).
        if not isinstance(spec["borrow"], bool):
            c.fail(("answer", "borrow"), f"expected true or false, got {spec['borrow']!r}")
        else:
            result["borrow"] = spec["borrow"]
    if "matchup" in spec:
        pair = spec["matchup"]
        if not (isinstance(pair, list) and tuple(map(str, pair)) in pairs):
            listed = ", ".join(f"[{a}, {b}]" for a, b in pairs)
            c.fail(("answer", "matchup"), f"expected one of the match-ups: {listed}; got {pair!r}")
        else:
            result["matchup"] = [str(x) for x in pair]
    return result


HOUSES = ("D", "C", "H", "S")
# The largest line a part in points can draw: a win rate runs 0 to 100, so no difference of
# win rates (a card's value, a seat's edge, a change) can pass 100 points.
MOST_POINTS = 100.0


def _line_problem(part: dict[str, Any]) -> str | None:
    """Why a part's `line:` can never be crossed or missed in a meaningful way (not a finite
    number above 0, or past what a figure in points can reach); None where it can."""
    line = part["line"]
    unit = (
        ASK_UNITS.get(str(part.get("measure")), "points")
        if part.get("ask") == "changes"
        else LINES[str(part["ask"])][1]
    )
    most = MOST_POINTS if unit == "points" else math.inf
    # A whole number of 400 digits is finite to Python but not as a float.
    finite = (isinstance(line, int) and not isinstance(line, bool) and abs(line) < 10**300) or (
        isinstance(line, float) and math.isfinite(line)
    )
    if finite and 0 < line <= most:
        return None
    what = (
        f"a number above 0 and at most {most:g}"
        if math.isfinite(most)
        else "a finite number above 0"
    )
    return f"expected {what} (in {unit}, the part's unit), got {line!r}"


def _check_asks(
    c: _Checker, asks: Any, cards: list[str], variants: list[str]
) -> list[dict[str, Any]]:
    """`answer.asks`: the parts of the question and what settles each (docs/experiments.md),
    e.g. `[{ask: dominates, card: KS, line: 3}, {ask: balanced, variants: [Option 2 Kings]}]`."""
    loc: tuple = ("answer", "asks")
    if not isinstance(asks, list) or not asks:
        c.fail(
            loc,
            f"expected a list of parts such as {{ask: dominates, card: KS}}; kinds: "
            f"{', '.join(ASK_KINDS)}",
        )
        return []
    out = []
    for i, part in enumerate(asks):
        at = loc + (i,)
        part = c.mapping(part, at, ASK_KEYS)
        if not part:
            continue
        kind = part.get("ask")
        if kind not in ASK_KINDS:
            c.fail(
                at + ("ask",),
                f"unknown kind {kind!r}{_closest(str(kind), list(ASK_KINDS))}; "
                f"valid kinds: {', '.join(ASK_KINDS)}",
            )
            continue
        listed = ", ".join(cards) if cards else "none (the file has no impact: cards)"
        for key in ("card", "cards"):
            if key not in part:
                continue
            named = part[key] if key == "cards" else [part[key]]
            if not isinstance(named, list) or not all(
                isinstance(x, str) and x.upper() in cards for x in named
            ):
                c.fail(at + (key,), f"expected impact cards among: {listed}; got {part[key]!r}")
            else:
                part[key] = [x.upper() for x in named] if key == "cards" else part[key].upper()
        needs_card = (
            kind in ("worth",)
            or (kind == "dominates" and "house" not in part)
            or (kind == "changes" and part.get("measure") == CARD_VALUE.name)
        )
        if needs_card and "card" not in part:
            c.fail(at, f"a '{kind}' part names its card: card: one of {listed}")
        if "house" in part and (kind != "dominates" or part["house"] not in HOUSES + ("any",)):
            c.fail(
                at + ("house",),
                f"expected one of {', '.join(HOUSES)} or any, in a "
                f"'dominates' part; got {part['house']!r}",
            )
        if "of" in part and (kind != "favoured" or part["of"] not in FAVOURED):
            c.fail(
                at + ("of",),
                f"expected one of {', '.join(FAVOURED)}, in a 'favoured' part; got {part['of']!r}",
            )
        if "measure" in part and (kind != "changes" or part["measure"] not in CHANGES):
            c.fail(
                at + ("measure",),
                f"expected one of {', '.join(CHANGES)}, in a 'changes' "
                f"part; got {part['measure']!r}",
            )
        if "line" in part and (problem := _line_problem(part)):
            c.fail(at + ("line",), problem)
        if "margin" in part:
            # The part's own line, else its kind's (a `changes` line is its unit's MATTERS).
            mg, ln = part["margin"], part.get("line", LINES.get(str(kind), (None,))[0] or None)
            if (
                isinstance(mg, bool)
                or not isinstance(mg, (int, float))
                or not math.isfinite(mg)
                or mg < 0
                or (isinstance(ln, (int, float)) and not isinstance(ln, bool) and mg >= ln)
            ):
                c.fail(
                    at + ("margin",),
                    "expected a number from 0 up to the part's line (how far either side of "
                    f"the line a range may reach and be on it), got {mg!r}",
                )
        if "variants" in part:
            vs = part["variants"]
            if not isinstance(vs, list) or not vs or not all(v in variants for v in vs):
                c.fail(
                    at + ("variants",),
                    f"expected variant names among: {', '.join(variants)}; got {vs!r}",
                )
        if "question" in part and not (isinstance(part["question"], str) and part["question"]):
            c.fail(at + ("question",), f"expected the part's question, got {part['question']!r}")
        out.append(dict(part))
    return out
