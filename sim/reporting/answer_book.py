"""The answer book: one answer a designer question, across experiment files and players.

The catalogue (docs/questions.yaml) names each designer question and the shipped answers that
answer it: a file, one part of its answer box, and a rule variant. Every player's reading of
those answers (docs/answers.json keeps the strongest player's with words and the weaker
players' in numbers) is a candidate; the standing verdict is the strongest player's (a settled
one, Yes, No or On the line, where it has one; else with its state), ties going to more games.
Every other reading that says otherwise (another verdict, or a card's value outside the
standing range) comes with a reason measured from the runs' records where they are here
(sim/reporting/book_reasons.py), else the figures side by side. `sim answers --write` keeps the
book in docs/answer_book.json and the README's table is rendered from it, one row a question."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sim.analysis.names import SUIT_WORDS, card_words
from sim.analysis.verdicts import Verdict
from sim.play.agents import standing as agent_standing
from sim.reporting.answer.wording import quoted

CATALOGUE = Path("docs") / "questions.yaml"
BOOK = Path("docs") / "answer_book.json"

SETTLED = {Verdict.YES, Verdict.NO, Verdict.ON_THE_LINE}
QUESTION_KEYS = ("id", "question", "answers")
ANSWER_KEYS = ("file", "part", "variant")
# The players a verdict names, strongest last, for entries written before parts kept their
# player's strength: title -> strength.
KNOWN_AGENTS = (
    "random",
    "greedy",
    "search_fast",
    "search",
    "search_strong",
    "search_expert",
    "search_master",
)


def _title_strength(title: str) -> int:
    """How strong the player a verdict names is ("the quick player against the random player"
    stands by its first player); 1 for a title no known agent has."""
    for name in KNOWN_AGENTS:
        strength, known = agent_standing(name)
        if title == known or title.startswith(known + " against"):
            return strength
    return 1


# --- the catalogue -------------------------------------------------------------------------


def catalogue(path: Path, experiments: Path) -> list[dict[str, Any]]:
    """The questions of the catalogue at `path`, checked: ValueError naming the file, the
    question and the key at the first problem."""
    from sim.running.experiment import ExperimentError, read_yaml

    try:
        data = read_yaml(path)
    except ExperimentError as e:
        raise ValueError("; ".join(e.problems)) from None
    if not isinstance(data, dict) or not isinstance(data.get("questions"), list):
        raise ValueError(f"{path}: needs a list 'questions' at its top")
    if set(data) - {"questions"}:
        raise ValueError(f"{path}: unknown key {sorted(set(data) - {'questions'})[0]!r}")
    seen: set[str] = set()
    for i, q in enumerate(data["questions"]):
        where = f"{path}: questions[{i}]"
        if not isinstance(q, dict):
            raise ValueError(f"{where}: a question is a mapping with {', '.join(QUESTION_KEYS)}")
        for key in q:
            if key not in QUESTION_KEYS:
                known = ", ".join(QUESTION_KEYS)
                raise ValueError(f"{where}: unknown key {key!r} (known: {known})")
        for key in QUESTION_KEYS:
            if key not in q:
                raise ValueError(f"{where}: missing {key!r}")
        where = f"{path}: question {q['id']!r}"
        if q["id"] in seen:
            raise ValueError(f"{where}: the id is used twice")
        seen.add(q["id"])
        if not isinstance(q["question"], str) or not q["question"].strip():
            raise ValueError(f"{where}: 'question' is the designers' question, as text")
        if not isinstance(q["answers"], list) or not q["answers"]:
            raise ValueError(f"{where}: 'answers' lists one answer or more")
        for j, a in enumerate(q["answers"]):
            _check_answer(a, f"{where}, answers[{j}]", experiments)
    return data["questions"]


def _check_answer(a: Any, where: str, experiments: Path) -> None:
    if not isinstance(a, dict):
        raise ValueError(f"{where}: an answer is a mapping with file, part and variant")
    for key in a:
        if key not in ANSWER_KEYS:
            raise ValueError(f"{where}: unknown key {key!r} (known: {', '.join(ANSWER_KEYS)})")
    for key in ("file", "part"):
        if not isinstance(a.get(key), str):
            raise ValueError(f"{where}: missing {key!r}")
    if not (experiments / a["file"]).is_file():
        raise ValueError(f"{where}: no experiment file {experiments / a['file']}")


def check_parts(questions: list[dict[str, Any]], entries: list[dict[str, Any]]) -> None:
    """ValueError where an answer names a part or a variant that its file's shipped entry does
    not have (a file not run yet has no entry, and is not checked)."""
    by_file = {e["file"]: e for e in entries}
    for q in questions:
        for j, a in enumerate(q["answers"]):
            e = by_file.get(a["file"])
            if e is None:
                continue
            where = f"{CATALOGUE}: question {q['id']!r}, answers[{j}]"
            parts = {p["question"]: p for p in e["parts"]}
            if a["part"] not in parts:
                known = "; ".join(parts)
                raise ValueError(
                    f"{where}: {a['file']} has no part {a['part']!r} (its parts: {known})"
                )
            variants = [v["variant"] for v in parts[a["part"]]["verdicts"]]
            if a.get("variant") is not None and a["variant"] not in variants:
                known = "; ".join(str(v) for v in variants)
                raise ValueError(
                    f"{where}: {a['part']!r} of {a['file']} has no variant {a['variant']!r} "
                    f"(its variants: {known})"
                )


# --- readings ------------------------------------------------------------------------------


@dataclass
class Reading:
    """One player's verdict on one part of one file under one variant."""

    file: str
    part: str
    variant: str | None
    player: str
    agent: str | None
    strength: int
    verdict: str
    text: str
    date: str
    estimate: float | None = None
    lo: float | None = None
    hi: float | None = None
    games: int | None = None
    figure: dict[str, Any] | None = None
    unit: str = "points"
    ask: str | None = None

    @property
    def key(self) -> str:
        return f"{self.file} | {self.part} | {self.variant} | {self.player}"

    @property
    def settled(self) -> bool:
        return self.verdict in SETTLED

    def said(self) -> str:
        """The verdict and its figure, as a table cell says it."""
        return f"**{Verdict(self.verdict).word}**: {self.text}"


def readings(entry: dict[str, Any], part: dict[str, Any]) -> list[Reading]:
    """Every player's readings of one part of a shipped entry: the strongest player's (with
    its words), then each weaker player's kept in numbers (their words made from them)."""
    strength = part.get("strength", _title_strength(part["player"]))
    found = [
        _reading(entry, part, part["player"], part.get("agent"), strength, v)
        for v in part["verdicts"]
    ]
    for o in part.get("others", []):
        for v in o["verdicts"]:
            found.append(_reading(entry, part, o["player"], o.get("agent"), o["strength"], v))
    return found


def _reading(
    entry: dict[str, Any],
    part: dict[str, Any],
    player: str,
    agent: str | None,
    strength: int,
    v: dict[str, Any],
) -> Reading:
    r = Reading(
        file=entry["file"],
        part=part["question"],
        variant=v["variant"],
        player=player,
        agent=agent,
        strength=strength,
        verdict=v["verdict"],
        text="",
        date=entry.get("date", ""),
        estimate=v.get("estimate"),
        lo=v.get("lo"),
        hi=v.get("hi"),
        games=v.get("games"),
        figure=v.get("figure"),
        unit=part.get("unit", "points"),
        ask=part.get("ask"),
    )
    r.text = v.get("text") or figure_text(r)
    if v.get("spread"):
        r.text += f". {v['spread']}"
    return r


def figure_text(r: Reading) -> str:
    """A weaker player's reading in words, from its numbers: what the strongest player's text
    says, without the games that would settle it."""
    f = r.figure or {}
    rng = f"[{r.lo:+.1f}, {r.hi:+.1f}]" if r.lo is not None and r.hi is not None else ""
    est = r.estimate if r.estimate is not None else 0.0
    if "card" in f and r.ask == "balanced":
        return (
            f"from {card_words(f['card'])} {f['value']:+.1f} to {card_words(f['other'])} "
            f"{f['other_value']:+.1f}, {est:.1f} points apart {rng}"
        )
    if "card" in f and "other" in f:
        return (
            f"it adds {f['value']:+.1f} points to its drawer's win rate; the best of the others, "
            f"{card_words(f['other'])}, adds {f['other_value']:+.1f}: {abs(est):.1f} points "
            f"{'ahead' if est >= 0 else 'behind'} {rng}"
        )
    if "house" in f:
        return (
            f"{SUIT_WORDS[f['house']]} wins {f['rate']:.1f}% against {SUIT_WORDS[f['other']]}, "
            f"its hardest pairing ({est:+.1f} points {rng} off an even share)"
        )
    return f"{est:+.2f} {r.unit} {rng}".strip()


def standing(found: list[Reading]) -> Reading | None:
    """The standing verdict: the strongest player's, settled where one of its readings is, else
    with its state; among its readings, more games first (then the first listed). A weaker
    player's settled verdict does not stand over a stronger one's that is not: verdicts move
    with strength (the classic King of Spades' worth climbs from the quick player to the
    master), so the strongest player's is the one a table of good players would see; the
    weaker ones are beside it, with why they differ."""
    if not found:
        return None
    top = max(r.strength for r in found)
    pool = [r for r in found if r.strength == top]
    return max(pool, key=lambda r: (r.settled, r.games or 0))


def disagrees(top: Reading, r: Reading) -> bool:
    """Whether `r` says otherwise than the standing reading: another verdict, or for a card's
    value (a King question) a figure outside the standing reading's range."""
    if r.verdict != top.verdict:
        return True
    if (top.figure or {}).get("card") and (r.figure or {}).get("card"):
        if None not in (r.estimate, top.lo, top.hi):
            return not top.lo <= r.estimate <= top.hi  # type: ignore[operator]
    return False


# --- the book ------------------------------------------------------------------------------


def matched(
    questions: list[dict[str, Any]], entries: list[dict[str, Any]]
) -> list[tuple[dict[str, Any], list[tuple[dict[str, Any], dict[str, Any]]]]]:
    """Each question with the (entry, part) pairs it draws on, then one question per part
    that no question lists (its id `FILE: PART`, its words the part's), in file order."""
    by_file = {e["file"]: e for e in entries}
    used: set[tuple[str, str, str | None]] = set()
    out = []
    for q in questions:
        pairs = []
        for a in q["answers"]:
            e = by_file.get(a["file"])
            if e is None:
                continue
            for p in e["parts"]:
                if p["question"] == a["part"]:
                    pairs.append((e, _only(p, a.get("variant"))))
                    used |= {
                        (a["file"], a["part"], v["variant"])
                        for v in p["verdicts"]
                        if a.get("variant") in (None, v["variant"])
                    }
        out.append((q, pairs))
    # The rest, one question a part and variant (a variant is another rule set).
    for e in entries:
        for p in e["parts"]:
            for v in dict.fromkeys(v["variant"] for v in p["verdicts"]):
                if (e["file"], p["question"], v) in used:
                    continue
                under = f" Under {quoted(v)}." if v is not None else ""
                q = {
                    "id": f"{e['file']}: {p['question']}" + (f" | {v}" if v else ""),
                    "question": f"{e['question']} {p['question']}{under}",
                    "answers": [{"file": e["file"], "part": p["question"], "variant": v}],
                    "other": True,
                }
                out.append((q, [(e, _only(p, v))]))
    return out


def _only(part: dict[str, Any], variant: str | None) -> dict[str, Any]:
    """The part with only `variant`'s readings (every player's); all of them for None."""
    if variant is None:
        return part
    keep = [v for v in part["verdicts"] if v["variant"] == variant]
    if "others" not in part:  # a file shipped before weaker readings were kept in numbers
        return {**part, "verdicts": keep}
    others = [
        {**o, "verdicts": [v for v in o["verdicts"] if v["variant"] == variant]}
        for o in part["others"]
    ]
    return {**part, "verdicts": keep, "others": others}


def row(
    q: dict[str, Any],
    pairs: list[tuple[dict[str, Any], dict[str, Any]]],
    reason: Any,
) -> dict[str, Any]:
    """One question of the book: its standing verdict and every reading that says otherwise,
    each with `reason(top, other)` (a dict: `text`, `measured`)."""
    found = [r for e, p in pairs for r in readings(e, p)]
    top = standing(found)
    files = sorted({a["file"] for a in q["answers"]})
    out: dict[str, Any] = {
        "id": q["id"],
        "question": q["question"],
        "other": bool(q.get("other")),
        "files": files,
        "standing": None,
        "agree": 0,
        "disagree": [],
        "within": [],
    }
    if top is None:
        return out
    out["standing"] = {
        "file": top.file,
        "part": top.part,
        "variant": top.variant,
        "player": top.player,
        "verdict": top.verdict,
        "text": top.text,
        "games": top.games,
        "date": top.date,
    }
    for r in found:
        if r is top:
            continue
        if not disagrees(top, r):
            out["agree"] += 1
            continue
        out["disagree"].append(
            {
                "file": r.file,
                "variant": r.variant,
                "player": r.player,
                "verdict": r.verdict,
                "text": r.text,
                "games": r.games,
                **reason(top, r),
            }
        )
    # A file shipped before weaker players' readings were kept in numbers: its own agreement
    # lines say where they differ, as measured in that file.
    for e, p in pairs:
        if "others" in p:
            continue
        for line in p.get("agreement", []):
            if line.startswith("Holds with"):
                continue
            variants = {v["variant"] for v in p["verdicts"]} - {None}
            if len(variants) == 1 and " under " in line and f"{variants.pop()}" not in line:
                continue
            out["within"].append({"file": e["file"], "text": line})
    return out


def book(
    questions: list[dict[str, Any]], entries: list[dict[str, Any]], reason: Any
) -> list[dict[str, Any]]:
    """Every question's row, the catalogue's first, then the other parts the files answer."""
    return [row(q, pairs, reason) for q, pairs in matched(questions, entries)]


# --- the book as the README and the terminal show it ----------------------------------------


def _link(file: str) -> str:
    return f"[`{file}`](experiments/{file})"


def _verdict_cell(s: dict[str, Any]) -> str:
    return f"**{Verdict(s['verdict']).word}**: {s['text']}"


def _who(s: dict[str, Any]) -> str:
    under = f", under {quoted(s['variant'])}" if s.get("variant") else ""
    return f"{s['player']}, {_link(s['file'])}{under} ({s['date']})"


def _others_cell(q: dict[str, Any]) -> str:
    said = []
    for d in q["disagree"]:
        under = f" under {quoted(d['variant'])}" if d.get("variant") else ""
        said.append(
            f"{d['player']}, `{d['file']}`{under}: **{Verdict(d['verdict']).word}**, "
            f"{d['text']}. *Why:* {d['reason']}."
        )
    for w in q["within"]:
        said.append(f"In `{w['file']}`: {w['text']}")
    if q["agree"]:
        n = q["agree"]
        said.append(f"{n} other reading{'s' if n > 1 else ''} agree{'' if n > 1 else 's'}.")
    return "<br>".join(said) or "-"


def markdown(rows: list[dict[str, Any]]) -> list[str]:
    """The README's book: the designers' questions, one row each, then the other questions
    the files answer."""
    head = [
        "| question | standing verdict | player, file | where others say otherwise, and why |",
        "|---|---|---|---|",
    ]
    lines = list(head)
    rest: list[str] = []
    for q in rows:
        s = q["standing"]
        if s is None:
            files = ", ".join(f"`sim run experiments/{f}`" for f in q["files"])
            line = f"| {q['question']} | not run yet | {files} | - |"
        else:
            line = f"| {q['question']} | {_verdict_cell(s)} | {_who(s)} | {_others_cell(q)} |"
        (rest if q["other"] else lines).append(line)
    if rest:
        # Folded: the designers' questions stay the page's table, the rest one click away.
        summary = f"Other questions the experiment files answer ({len(rest)})"
        lines += ["", "<details>", f"<summary>{summary}</summary>", "", *head, *rest, ""]
        lines.append("</details>")
    return lines


def terminal(rows: list[dict[str, Any]]) -> str:
    """The book as `sim answers` prints it: each question, its standing verdict, and each
    reading that says otherwise with why."""
    out = []
    for q in rows:
        out.append(q["question"])
        s = q["standing"]
        if s is None:
            out += [f"  not run yet: sim run experiments/{f}" for f in q["files"]]
            continue
        under = f" under {quoted(s['variant'])}" if s.get("variant") else ""
        out.append(f"  {Verdict(s['verdict']).word}: {s['text']}")
        out.append(f"    ({s['player']}, {s['file']}{under}, {s['date']})")
        for d in q["disagree"]:
            under = f" under {quoted(d['variant'])}" if d.get("variant") else ""
            out.append(
                f"  {d['player']}, {d['file']}{under}: {Verdict(d['verdict']).word}, {d['text']}"
            )
            out.append(f"    why: {d['reason']}")
        for w in q["within"]:
            out.append(f"  in {w['file']}: {w['text']}")
        out.append("")
    return "\n".join(out)
