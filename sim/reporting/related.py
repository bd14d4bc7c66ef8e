"""The answers of related runs (`see_also`), quoted under this report's: each read from its own
answer file, or, with no run on this machine, from the verdicts the project ships
(docs/answers.json), or why it is not (not run yet, unfinished, out of date), and the rules it
plays otherwise."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from sim.analysis.verdicts import verdict_word
from sim.reporting import answer
from sim.reporting.answer import quoted

# The answer (sentences, the answering measures' table, the comparisons) beside the report,
# for `sim run`'s summary and for notebooks.
ANSWER_FILE = "answer.json"
# Every shipped experiment's verdicts (`sim answers --write`: sim/reporting/answers.py), under
# the repository's root: quoted for a related file that has no run on this machine.
SNAPSHOT = Path("docs") / "answers.json"


def _quoted(sentence: str, this_file: str) -> str:
    """Another run's sentence as read under this report: its table and its count of
    comparisons are its own report's, and where it names this run's file, it names this
    report."""
    for follows in (", whose answer follows", ", whose answers follow"):
        sentence = sentence.replace(follows, "")
    if this_file:
        sentence = sentence.replace(this_file, "this report")
    # Its counts are its own report's ("the report's 64 comparisons" beside this one's 42).
    sentence = sentence.replace("the report's ", "its report's ")
    return sentence.replace("in the table below", "in its report's table")


def _see_also_answers(
    out: Path, manifest: dict[str, Any], files: list[str]
) -> list[dict[str, Any]]:
    """The answers of the runs that ask the same question (`answer.see_also`), to quote under
    this one: a designer reading one player's answer sees at once whether another agrees. A
    run not made yet, unfinished, or made before its file last changed says so instead."""
    from sim.running import experiment
    from sim.running.runner import MANIFEST, RunError, read_manifest

    here = Path(manifest.get("experiment_file") or ".").parent
    related = []
    for name in files:
        path = here / name
        entry: dict[str, Any] = {"file": name, "sentences": [], "note": None, "link": None}
        related.append(entry)
        try:
            exp = experiment.load(path)
        except (OSError, experiment.ExperimentError):
            entry["note"] = f"{path} cannot be read, so its answer is not quoted here."
            continue
        # Its folder next to this run's (the usual reports/<name>), else where its file says.
        entry["question"] = exp.question
        folders = list(dict.fromkeys([out.parent / exp.name, exp.output]))
        folder = next((f for f in folders if (f / MANIFEST).is_file()), None)
        run = f"`sim run {path}`"
        if folder is None:
            shipped = _shipped(path, exp.question, exp.resolved.get("rules_version"), run)
            if shipped is None:
                entry["note"] = f"Not run yet: {run} answers it."
            else:
                entry.update(shipped)
            continue
        try:
            other = read_manifest(folder / MANIFEST)
            told = json.loads((folder / ANSWER_FILE).read_text())
        except (RunError, OSError, ValueError):
            entry["note"] = f"Its run in {folder} is unfinished or has no report yet: {run}."
            continue
        cells = other.get("cells") or []
        entry.update(
            {
                "sentences": [
                    _quoted(s, Path(manifest.get("experiment_file") or "").name)
                    for s in told.get("sentences", [])
                    if not s.startswith(answer.SEE_ALSO_LEADS)
                    and not any(ask in s for ask in answer.AGREEMENT_ASKS)
                    and answer.HOUSE_AGREEMENT_ASK not in s
                ],
                "games": sum(c.get("games", 0) for c in cells),
                "matchups": list(
                    dict.fromkeys(" v ".join(c["agents"]) for c in cells if c.get("agents"))
                ),
                "link": Path(os.path.relpath(folder / "index.html", out)).as_posix(),
                "config_hash": other.get("config_hash"),
                "top_cards": told.get("top_cards"),
                "houses": told.get("houses"),
            }
        )
        differs = _rules_apart(manifest.get("config", {}), other.get("config", {}))
        if differs:
            entry["differs"] = differs
        if not exp.matches(other):
            entry["note"] = (
                f"{name} has changed since this run of it (configuration "
                f"{other.get('config_hash')}, now {exp.config_hash}): {run} again to bring it "
                "up to date."
            )
    return related


def _shipped(
    path: Path, question: str, rules_version: int | None, run: str
) -> dict[str, Any] | None:
    """A related file's verdicts as the project ships them (docs/answers.json beside the
    experiments folder it is in), for a machine that has not run it: what the file answers is
    known without hours of games, with how old it is and the command that reruns it. None when
    the snapshot has no entry for it, or one for another wording of its question (the file has
    changed since)."""
    snapshot = path.resolve().parent.parent / SNAPSHOT
    try:
        entries = json.loads(snapshot.read_text())
    except (OSError, ValueError):
        return None
    found = next((e for e in entries if isinstance(e, dict) and e.get("file") == path.name), None)
    if found is None or found.get("question") != question or not found.get("parts"):
        return None
    sentences = [
        " ".join([part["question"], *map(_verdict, part["verdicts"]), *part.get("agreement", [])])
        for part in found["parts"]
    ]
    players = list(dict.fromkeys(p["player"] for p in found["parts"]))
    version = found.get("rules_version")
    older = (
        f' (this engine plays rules version {rules_version}: docs/rules.md, "Rules versions", '
        "says which rule sets play otherwise)"
        if rules_version is not None and version != rules_version
        else ""
    )
    when = f"run on {found['date']}, " if found.get("date") else ""
    return {
        "sentences": sentences,
        "games": found.get("games"),
        "note": (
            f"The verdicts of {' and '.join(players)} as shipped in {SNAPSHOT} ({when}"
            f"rules version {version}{older}, {found.get('games', 0):,} games): it has no run "
            f"on this machine; {run} runs it again."
        ),
        "shipped": {"date": found.get("date"), "rules_version": version, "players": players},
    }


# A verdict as a sentence starts it (the README's table says it in bold).
def _verdict(v: dict[str, Any]) -> str:
    """One verdict of docs/answers.json as a sentence: "No under 'Option 2 Kings': it adds..."."""
    under = f" under {quoted(v['variant'])}" if v.get("variant") else ""
    return f"{verdict_word(v['verdict'])}{under}: {v['text']}."


def _rules_apart(mine: dict[str, Any], theirs: dict[str, Any]) -> list[str] | None:
    """The rule options another run plays at one value throughout and this one at another
    (spades_trait's `deck=shared` beside spades_house's `deck=suit_split`), as
    [theirs, this run's]: its answer is not about the same game. None when none differ."""

    def constant(config: dict[str, Any]) -> dict[str, str]:
        parsed = [answer.rule_values(r) for r in (config.get("variants") or {}).values()]
        if not parsed:
            return {}
        return {k: v for k, v in parsed[0].items() if all(p.get(k) == v for p in parsed)}

    here, there = constant(mine), constant(theirs)
    apart = [k for k, v in there.items() if k in here and here[k] != v]
    if not apart:
        return None
    return [", ".join(f"{k}={there[k]}" for k in apart), ", ".join(f"{k}={here[k]}" for k in apart)]
