"""The HTML report of an experiment: one self-contained file (styles inline, plots embedded
as SVG) that opens with the question and an answer written from the numbers, then the details.
`sim run` writes it at the end; `sim report OUTPUT` rebuilds it from the records alone."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
from jinja2 import Environment

from sim import games
from sim.analysis import cards as card_measures
from sim.analysis import frame, summary, usage
from sim.analysis import houses as house_measures
from sim.analysis.measures import HOUSE, compared_units
from sim.analysis.stats import wilson
from sim.reporting import answer, formats, samples, terms
from sim.reporting.compared import (
    _choice_values,
)
from sim.reporting.findings import _findings, _robustness
from sim.reporting.formats import ALL_MATCHUPS, _breakable, _option_breaks, commands
from sim.reporting.legend import _players, _variant_legend
from sim.reporting.measured import measured
from sim.reporting.picture import picture
from sim.reporting.plots import plot_cards, plot_kings, plot_lengths, plot_skill, plot_win_rates
from sim.reporting.related import ANSWER_FILE, _see_also_answers
from sim.reporting.report_template import TEMPLATE
from sim.reporting.timing import timing
from sim.reporting.verdicts import verdict_box
from sim.reporting.verdicts import words as verdict_words
from sim.reporting.verdicts.box import lines as box_lines

# A variant that changes the winner of fewer deals than this is flagged (2%).
FEW_CHANGED = 0.02


# Each cell's figures kept in answer.json for docs/findings.md.
CELL_FIGURES = ("cell", "variant", "agent_a", "agent_b", "players", "games", "rounds_mean")


def build_after_run(out: Path, games: int) -> Path:
    """`build`, for the run that just played `games` games in this process: above the
    in-memory limit in a fresh Python process, so that the report's peak memory does not add
    to what playing left (polars' and glibc's heaps keep freed pages: 1M games peaked at 465
    MiB in the run's process, 383 MiB alone). Errors are raised here as `build` raises them.

    A plain subprocess, not multiprocessing's spawn: spawn runs the caller's script again in
    the child, and a script that calls `sim.run_experiment` without a `__main__` guard would
    start its run a second time."""
    if games <= frame.IN_MEMORY_GAMES:
        return build(out)
    import os
    import pickle
    import subprocess
    import sys
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        result = Path(tmp) / "result.pickle"
        # The child finds `sim` where this process did (a notebook may have added a path).
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
        done = subprocess.run(
            [sys.executable, "-c", _BUILD_APART, str(out), str(result)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        if not result.is_file():
            raise RuntimeError(
                f"the report's process stopped (exit {done.returncode}) before writing "
                f"{out / 'index.html'}: {done.stderr.strip()[-2000:]}"
            )
        kind, value = pickle.loads(result.read_bytes())
    if kind == "error":
        raise value
    return Path(value)


# What the fresh process runs: `build`, its path or its exception pickled to a file.
_BUILD_APART = """
import pickle, sys
from pathlib import Path
from sim.reporting.report import build
try:
    answer = ("path", str(build(Path(sys.argv[1]))))
except Exception as e:
    answer = ("error", e)
Path(sys.argv[2]).write_bytes(pickle.dumps(answer))
"""


def build(out: Path) -> Path:
    """Write `out/index.html` from the manifest and the records; RecordsError when the records
    are not the chunks the manifest recorded."""
    from sim.running.runner import MANIFEST, RecordsError, read_manifest, verify

    manifest = read_manifest(out / MANIFEST)
    if "cells" not in manifest:  # written when the run finishes
        raise RecordsError(
            f"{out} holds an unfinished run (interrupted?): run the same `sim run` command "
            "again to finish it, and it writes the report"
        )
    verify(out, manifest)
    config = manifest["config"]
    lf = frame.scan(out)
    m = measured(lf, manifest["cells"], config, manifest.get("answer"))
    game, cells, rows, variants, baseline = m.game, m.cells, m.rows, m.variants, m.baseline
    impact, plain, spec, gap, comparisons = m.impact, m.plain, m.spec, m.gap, m.comparisons
    card_values, card_changes, card_gaps = m.card_values, m.card_changes, m.card_gaps
    unreferenced = m.unreferenced
    choice_values = _choice_values(lf, rows, impact)
    # King and card impact compare players, so they are read from mirror match-ups (the same
    # agent in both seats) when the experiment has any: otherwise agent strength confounds them.
    mirror = [
        r["cell"] for r in rows if r["agent_a"] == r["agent_b"] and r["variant"] not in impact
    ]
    impact_lf = (
        lf.filter(pl.col("cell").is_in(mirror))
        if mirror
        else lf.filter(pl.col("variant").is_in(plain))  # the impact cells are read apart
    )
    # Impact per agent: a card that only a strong player exploits is the designers' case.
    agent_lf = (
        impact_lf.with_columns(agent=pl.col("agent_p1"))
        if mirror
        else impact_lf.with_columns(agent=pl.lit(ALL_MATCHUPS))
    )
    impact_from = (
        "mirror match-ups ("
        + ", ".join(sorted({r["agent_a"] for r in rows if r["cell"] in mirror}))
        + " against itself)"
        if mirror
        else "all match-ups"
    )
    kings_df = summary.kings(agent_lf if game.has("kings") else None, ("variant", "agent"))
    agent_order = list(dict.fromkeys(r["agent_a"] for r in rows if r["cell"] in mirror))
    kings_df = kings_df.sort(
        pl.col("variant").replace_strict(plain, list(range(len(plain)))),
        pl.col("agent").replace_strict(
            agent_order, list(range(len(agent_order))), default=len(agent_order)
        ),
        "king",
    )
    king_rows = []
    for r in kings_df.iter_rows(named=True):
        n = r["one_sided"]
        lo, hi = wilson((r["rate"] or 0) * n, n) if n else (0.0, 1.0)
        king_rows.append({**r, "lo": lo, "hi": hi, "dominant": False, "best": False})
    # The strongest King per variant and agent; dominant when its interval is above 50%.
    for v in plain:
        for a in dict.fromkeys(k["agent"] for k in king_rows):
            vk = [k for k in king_rows if (k["variant"], k["agent"]) == (v, a) and k["one_sided"]]
            if vk:
                best = max(vk, key=lambda k: k["rate"])
                best["best"] = True
                # Above an even share: a half with two players, a third with three.
                best["dominant"] = best["lo"] > 1 / (best.get("players") or 2)
    # One family of tests for the whole report: every comparison, every card value, every
    # change of a card's value across variants, every pair of cards the answer ranks and
    # every value of the advantage draw's choice.
    answer.holm(comparisons + card_values + card_changes + card_gaps + choice_values)
    houses = house_measures.houses(cells, manifest) if game.has("house_matrix") else []
    decisions = usage.usage(lf, game)
    # How often each rule the plain variants vary came into play, per cell (the answer says so
    # where it rarely did).
    varied = answer.varied_options({v: r for v, r in config["variants"].items() if v in plain})
    by_cell = {r["cell"]: r for r in rows}
    in_play = [
        {**p, **{k: by_cell[p["cell"]][k] for k in ("variant", "agent_a", "agent_b")}}
        for p in usage.in_play(lf, game, varied)
        if p["cell"] in by_cell
    ]
    # A variant that changes the winner of hardly any deal: a "within noise" verdict on it says
    # little about the rule, most likely its decision was rarely offered or never taken.
    for c in comparisons:
        c["few_changed"] = c["rate"] and c["changed"] < FEW_CHANGED
    robustness = _robustness(comparisons, rows, king_rows, plain)
    jokers = any("jokers=true" in c["rules"] for c in manifest["cells"])
    cards = card_measures.cards(
        agent_lf if game.has("cards") else None, jokers, ("variant", "agent")
    )
    agents = list(dict.fromkeys(k["agent"] for k in king_rows))
    top = [
        {
            "variant": v,
            "agent": a,
            "table": cards.filter(
                (pl.col("variant") == v)
                & (pl.col("agent") == a)
                & pl.col("gap").is_not_null()
                & pl.col("enough")
            )
            .sort(pl.col("gap").abs(), descending=True)
            .head(10),
        }
        for v in plain
        for a in agents
    ]
    top = [t for t in top if t["table"].height]
    # A few games per cell to watch in the replay viewer.
    links = samples.write_samples(
        out, lf, [r["cell"] for r in rows if r["variant"] in plain], game.has("kings")
    )
    for r in rows:
        r["samples"] = links.get(r["cell"], [])
    lengths = summary.lengths(lf)
    plots = {
        "win_rates": plot_win_rates(rows),
        "lengths": plot_lengths(lengths, rows),
    }
    if game.has("kings"):
        plots["kings"] = plot_kings(kings_df, plain)
    if any(t["variant"] == baseline for t in top):
        plots["cards"] = plot_cards([t for t in top if t["variant"] == baseline], baseline)
    related = _see_also_answers(out, manifest, spec.get("see_also") or [])
    facts = answer.Facts(
        spec,
        rows,
        comparisons,
        card_values,
        houses,
        baseline,
        plain,
        usage.never_taken(decisions),
        config["variants"],
        card_changes,
        card_gaps,
        choice_values,
        king_rows,
        {r["file"]: r.get("top_cards") for r in related if r["sentences"]},
        {r["file"]: r.get("houses") for r in related if r["sentences"]},
        in_play,
    )
    opening = answer.answer(facts)
    # A run that went on until its verdicts settled read them at up to `looks` points: every
    # interval is as wide as its stopping rule's (`runner/settling.py`).
    looks = int((manifest.get("settle") or {}).get("looks", 1))
    # How long more games would take here, at the pace this run's chunks played.
    pace = timing(manifest, out, baseline, plain)
    box = verdict_box(facts, spec, config, gap, config.get("game", games.DEFAULT), looks, pace)
    # The picture of the answer beside the box; the skill curve under it where that is not it.
    beside = picture(box["parts"], card_values)
    if any(p.get("skill") for p in box["parts"]) and beside.get("kind") != "skill":
        plots["skill"] = plot_skill(box["parts"])
    if manifest.get("settle") and box["parts"]:
        pair = tuple(manifest["settle"]["matchup"])
        played = {
            c["variant"]: c["games"]
            for c in manifest["cells"]
            if tuple(c["agents"]) == pair and c["variant"] in plain
        }
        box["settling"] = verdict_words.settling(
            manifest["settle"], played, box["parts"][0]["player_name"], verdict_words.still(box)
        )
    env = Environment(autoescape=True)
    env.filters["pct"] = formats.pct
    env.filters["points"] = formats.points
    env.filters["wbr"] = _breakable
    env.filters["commands"] = commands
    env.filters["option_breaks"] = _option_breaks
    # The page's terms, each defined where it first appears (`terms`).
    glossary = terms.Glossary(_player_terms(rows, game.name))
    env.filters["glossary"] = glossary
    env.filters["glossary_apart"] = glossary.apart
    env.globals.update(value=formats.value, delta=formats.delta, pvalue=formats.pvalue)
    html = env.from_string(TEMPLATE).render(
        manifest=manifest,
        config=config,
        rows=rows,
        # Records with the late game's columns (written since they were added).
        late=bool(rows) and all("late_turns_mean" in r for r in rows),
        seat_rows=[r for r in rows if r["players"] > 2],
        comparisons=comparisons,
        kings=king_rows,
        cards=cards.to_dicts(),
        top=[{**t, "rows": t["table"].to_dicts()} for t in top],
        houses=houses,
        robustness=robustness,
        plots=plots,
        baseline=baseline,
        variants=variants,
        impact_from=impact_from,
        game=game,
        opening=opening,
        box=box,
        box_lines=box_lines(box),
        picture=beside,
        related=related,
        legend=_variant_legend(config, game, plain),
        players=_players(config, game),
        # A House question: its House-against-House tables open under the answer.
        house_answer=HOUSE.name in opening["measures"],
        # The units the note under the answer's table names besides points and rounds.
        compared_units=compared_units(opening["measures"]),
        unreferenced=unreferenced,
        min_games=answer.MIN_GAMES,
        findings=_findings(
            comparisons, king_rows, rows, houses, baseline, robustness, decisions, card_values
        ),
        card_values=card_values,
        card_changes=card_changes,
        card_gaps=card_gaps,
        choice_values=choice_values,
        # A card its drawer (almost) never used is worth zero by construction: said so.
        unused=answer.UNUSED,
        card_min=card_measures.CARD_MIN_GAMES,
        decisions=decisions,
        # The decisions of the rules the variants vary, per variant and match-up: how often
        # each rule came into play where it is set.
        in_play=[p for p in in_play if p["games_arose"] and p["variant"] in plain],
        never=usage.never_taken(decisions),
        few_changed=FEW_CHANGED,
    )
    _write(
        out / ANSWER_FILE,
        json.dumps(
            {
                "verdicts": box,
                **opening,
                "see_also_answers": related,
                "comparisons": comparisons,
                # The figures docs/findings.md is generated from (`sim answers --write`).
                "figures": {
                    "cells": [{k: r.get(k) for k in CELL_FIGURES} for r in rows],
                    "card_values": card_values,
                    "card_changes": card_changes,
                    "kings": king_rows,
                    "houses": houses,
                },
            },
            indent=2,
        ),
    )
    path = out / "index.html"
    _write(path, html)
    return path


def _player_terms(rows: list[dict], game: str) -> dict[str, str]:
    """Each player of the run by its title ("the expert player"), defined in a line: how it
    plays and how strong it is on the stored ladder."""
    from sim.play import agents, ratings

    anchor = agents.standing("greedy", game)[1]
    found = {}
    for name in dict.fromkeys(a for r in rows for a in (r["agent_a"], r["agent_b"])):
        title = agents.standing(name, game)[1]
        if title != name:  # a player named by what it is called needs no definition
            found[title] = terms.player(
                title, name, agents.plain(name, game), ratings.rating(name, game), anchor
            )
    return found


def _write(path: Path, text: str) -> None:
    """Write whole or not at all: a full disk leaves the old file, not a truncated one
    (WriteError naming the file)."""
    from sim.running.runner import write_text

    write_text(path, text)
