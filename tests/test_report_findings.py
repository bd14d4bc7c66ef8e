"""What the report says beyond its tables: every finding in words, which variant a suit-split
pairing is compared with, the answers of related runs quoted under it, and the late game read on
the deals that reach round 6."""

import json
import re

import polars as pl
import pytest
from conftest import sim


def test_a_finding_that_compares_a_chosen_first_player_with_a_drawn_one_says_so():
    from sim.reporting.findings import _findings

    def row(variant, deferred):
        return {
            "variant": variant,
            "agent_a": "search",
            "agent_b": "search",
            "deferred": deferred,
            "games": 4_000,
        }

    comparison = {
        "measure": "first_won",
        "label": "first player's win rate",
        "rate": True,
        "variant": "coin",
        "agent_a": "search",
        "agent_b": "search",
        "value": 0.493,
        "base": 0.433,
        "diff": 0.06,
        "lo": 0.039,
        "hi": 0.080,
        "p_adj": 1e-7,
        "n": 4_000,
        "noise": False,
        "size": "large",
        "changed": 0.3,
    }
    said = [
        f
        for f in _findings(
            [comparison], [], [row("draw", 0.34), row("coin", 0.0)], [], "draw", None, []
        )
        if f.startswith("Under 'coin'")
    ]
    assert said[0].endswith(
        "large): under one of the two the advantage draw's winner chose who moved first, so "
        "this compares a choice with a seat, not two seats."
    )
    # Both drawn: a comparison of seats, said plainly.
    said = _findings([comparison], [], [row("draw", 0.0), row("coin", 0.0)], [], "draw", None, [])
    assert [f for f in said if f.startswith("Under 'coin'")][0].endswith("large).")


def test_a_finding_ranks_houses_only_when_they_meet_the_same_number_of_others():
    from sim.reporting.findings import _findings

    def matrix(played, mean):
        return {"label": "stun", "best": max(mean, key=mean.get), "played": played, "mean": mean}

    # Spades meets each other House, which meet only Spades: D's one pairing (against S) and
    # S's three cannot be ranked.
    hub = matrix({"S": 3, "D": 1, "C": 1, "H": 1}, {"S": 0.65, "D": 0.62, "C": 0.24, "H": 0.17})
    said = _findings([], [], [], [hub], "base", None, [])
    assert (
        "With suit-split decks (stun), S, the House in every pairing, wins 65.0% of its "
        "games on average over its 3 pairings." in said
    )
    assert not any("strongest House" in f for f in said)
    every = matrix({"S": 3, "D": 3, "C": 3, "H": 3}, {"S": 0.6, "D": 0.8, "C": 0.4, "H": 0.2})
    said = _findings([], [], [], [every], "base", None, [])
    assert (
        "With suit-split decks (stun), the strongest House is D: it wins 80.0% of its "
        "games on average over its 3 pairings." in said
    )


def test_a_report_quotes_the_answer_of_the_file_that_asks_the_same_question(tmp_path):
    def experiment(name: str, other: str, matchup: str) -> str:
        return (
            f"name: {name}\nquestion: Does hand size move the first player's edge?\nseed: 0\n"
            "game: battle_cards\nrules:\n  sweep: {hand_size: [4, 5]}\n"
            f"matchups:\n  - {matchup}\ngames: 400\nchunk_size: 400\n"
            f"answer: {{measures: [first_player], see_also: [{other}.yaml]}}\n"
        )

    (tmp_path / "a.yaml").write_text(experiment("a", "b", "[greedy, greedy]"))
    (tmp_path / "b.yaml").write_text(experiment("b", "a", "[random, random]"))

    def told(name: str) -> dict:
        return json.loads((tmp_path / name / "answer.json").read_text())

    sim("run", str(tmp_path / "a.yaml"), "--output", str(tmp_path / "a"), "--quiet")
    # The other file has no run yet: the report says how to make one.
    assert told("a")["see_also_answers"] == [
        {
            "file": "b.yaml",
            "sentences": [],
            "note": f"Not run yet: `sim run {tmp_path / 'b.yaml'}` answers it.",
            "link": None,
            "question": "Does hand size move the first player's edge?",
        }
    ]
    assert told("a")["sentences"][-1] == "A related question is asked in b.yaml."

    sim("run", str(tmp_path / "b.yaml"), "--output", str(tmp_path / "b"), "--quiet")
    sim("report", str(tmp_path / "a"))
    a, b = told("a"), told("b")

    # Each quotes the other's sentences, less the one that only names this file; a count of
    # comparisons in them is their report's.
    def theirs(sentences: list[str]) -> list[str]:
        return [s.replace("the report's ", "its report's ") for s in sentences]

    assert a["sentences"][-1] == "A related question is asked in b.yaml, whose answer follows."
    assert b["see_also_answers"][0]["sentences"] == theirs(a["sentences"][:-1])
    quoted = a["see_also_answers"][0]
    assert quoted["sentences"] == theirs(b["sentences"][:-1]) and quoted["note"] is None
    assert any("its report's 2 comparisons" in s for s in quoted["sentences"])
    assert (quoted["link"], quoted["games"], quoted["matchups"]) == (
        "../b/index.html",
        800,
        ["random v random"],
    )
    html = (tmp_path / "a" / "index.html").read_text()
    assert '<div class="answer related" data-file="b.yaml">' in html
    # The quote is headed by the other file's own question.
    assert (
        "<p><b>b.yaml</b> asks: <i>Does hand size move the first player&#39;s edge?</i> "
        "(random v random, 800 games;" in html
    )
    assert html.index(b["sentences"][0].replace("'", "&#39;")) > html.index('id="answer"')

    # A file changed since its run: the quote stays, with a note that it is out of date.
    (tmp_path / "b.yaml").write_text(experiment("b", "a", "[random, greedy]"))
    sim("report", str(tmp_path / "a"))
    note = told("a")["see_also_answers"][0]["note"]
    assert note.startswith("b.yaml has changed since this run of it (configuration ")
    assert note.endswith(f"`sim run {tmp_path / 'b.yaml'}` again to bring it up to date.")


def test_a_related_file_not_run_here_is_quoted_from_the_shipped_verdicts(tmp_path):
    # The repository's layout: experiments/ and docs/answers.json side by side.
    from sim.running import experiment

    (tmp_path / "experiments").mkdir()
    (tmp_path / "docs").mkdir()
    question = "Does hand size move the first player's edge?"
    for name, other in (("a", "b"), ("b", "a")):
        (tmp_path / "experiments" / f"{name}.yaml").write_text(
            f"name: {name}\nquestion: {question}\nseed: 0\ngame: battle_cards\n"
            "rules:\n  sweep: {hand_size: [4, 5]}\nmatchups:\n  - [greedy, greedy]\n"
            f"games: 400\nchunk_size: 400\n"
            f"answer: {{measures: [first_player], see_also: [{other}.yaml]}}\n"
        )
    b = tmp_path / "experiments" / "b.yaml"
    version = experiment.load(b).resolved["rules_version"]
    verdicts = [
        {"variant": "hand_size=4", "verdict": "yes", "text": "the first player wins 53.0%"},
        {"variant": "hand_size=5", "verdict": "not settled", "text": "it wins 51.0%"},
    ]
    shipped = {
        "file": "b.yaml",
        "question": question,
        "rules_version": version,
        "date": "2026-12-03",
        "cells": 2,
        "games": 8000,
        "seconds": 3,
        "parts": [
            {
                "question": "Is the first player favoured?",
                "player": "the quick player",
                "verdicts": verdicts,
                "agreement": ["With the strong player: Yes under 'hand_size=4'."],
            }
        ],
        "next": "",
    }
    snapshot = tmp_path / "docs" / "answers.json"
    snapshot.write_text(json.dumps([shipped]))
    out = tmp_path / "reports" / "a"
    sim("run", str(tmp_path / "experiments" / "a.yaml"), "--output", str(out), "--quiet")
    told = json.loads((out / "answer.json").read_text())
    rerun = f"`sim run {b}`"
    (quoted,) = told["see_also_answers"]
    # Its verdicts as sentences, with how old they are, by whom, and how to run it here.
    assert quoted["sentences"] == [
        "Is the first player favoured? Yes under 'hand_size=4': the first player wins 53.0%. "
        "Not settled under 'hand_size=5': it wins 51.0%. "
        "With the strong player: Yes under 'hand_size=4'."
    ]
    assert quoted["note"] == (
        "The verdicts of the quick player as shipped in docs/answers.json (run on 2026-12-03, "
        f"rules version {version}, 8,000 games): it has no run on this machine; {rerun} runs "
        "it again."
    )
    assert quoted["shipped"] == {
        "date": "2026-12-03",
        "rules_version": version,
        "players": ["the quick player"],
    }
    assert told["sentences"][-1] == "A related question is asked in b.yaml, whose answer follows."
    # On the page, where the verdicts come from is said before them.
    html = (out / "index.html").read_text()
    block = html[html.index('<div class="answer related" data-file="b.yaml">') :]
    assert block.index("as shipped in docs/answers.json") < block.index("Is the first player")

    # Shipped under an older rules version: said so.
    snapshot.write_text(json.dumps([{**shipped, "rules_version": version - 1}]))
    sim("report", str(out))
    note = json.loads((out / "answer.json").read_text())["see_also_answers"][0]["note"]
    assert (
        f"rules version {version - 1} (this engine plays rules version {version}: docs/rules.md, "
        '"Rules versions", says which rule sets play otherwise)' in note
    )
    # Shipped for another wording of its question (the file changed since): not quoted.
    snapshot.write_text(json.dumps([{**shipped, "question": "Another question?"}]))
    sim("report", str(out))
    (quoted,) = json.loads((out / "answer.json").read_text())["see_also_answers"]
    assert (quoted["sentences"], quoted["note"]) == ([], f"Not run yet: {rerun} answers it.")


def test_the_flagship_quotes_kings_option2_search_s_shipped_verdicts(root, tmp_path):
    # The issue's case: kings_option2's page, on a machine that has not run the search file.
    from sim.reporting.related import _see_also_answers

    if (root / "reports" / "kings_option2_search" / "manifest.json").is_file():
        pytest.skip("kings_option2_search has a run here: its own answer is quoted")
    manifest = {"experiment_file": str(root / "experiments" / "kings_option2.yaml")}
    (quoted,) = _see_also_answers(
        tmp_path / "kings_option2", manifest, ["kings_option2_search.yaml"]
    )
    shipped = next(
        e
        for e in json.loads((root / "docs" / "answers.json").read_text())
        if e["file"] == "kings_option2_search.yaml"
    )
    assert [s.split("? ")[0] + "?" for s in quoted["sentences"]] == [
        p["question"] for p in shipped["parts"]
    ]
    # Shipped under an earlier rules version than this engine's: said, and where to read why.
    from sim import RULES_VERSION

    v, now = shipped["rules_version"], RULES_VERSION
    older = (
        ""
        if v == now
        else f' (this engine plays rules version {now}: docs/rules.md, "Rules versions", says '
        "which rule sets play otherwise)"
    )
    assert quoted["note"].startswith(
        f"The verdicts of the strong player as shipped in docs/answers.json (run on "
        f"{shipped['date']}, rules version {v}{older}, "
    )
    assert quoted["note"].endswith(
        f"`sim run {root / 'experiments' / 'kings_option2_search.yaml'}` runs it again."
    )
    assert "Not run yet" not in quoted["note"]


def test_a_suit_split_pairing_is_compared_with_the_same_split_under_the_baseline_rules():
    from sim.reporting.compared import _reference

    rules = {
        "enhance_DS": "houses(deck=suit_split,kings=enhance,split_houses=D-S)",
        "enhance_CS": "houses(deck=suit_split,kings=enhance,split_houses=C-S)",
        "classic_CS": "houses(deck=suit_split,kings=classic,split_houses=C-S)",
        "classic_HS": "houses(deck=suit_split,kings=classic,split_houses=H-S)",
        "shared": "houses(deck=shared,kings=enhance)",
    }
    plain = list(rules)
    # Another pairing under other Kings: against the same pairing under the baseline's Kings.
    assert _reference("classic_CS", "enhance_DS", rules, plain) == "enhance_CS"
    # Another pairing under the baseline's rules is itself that reference: not compared.
    assert _reference("enhance_CS", "enhance_DS", rules, plain) == "enhance_CS"
    # No variant plays H-S under the baseline's Kings: not compared.
    assert _reference("classic_HS", "enhance_DS", rules, plain) is None
    # Against a shared deck, or within one pairing, the baseline itself.
    assert _reference("classic_CS", "shared", rules, plain) == "shared"
    assert _reference("classic_CS", "enhance_CS", rules, plain) == "enhance_CS"


SPLIT_EXP = """\
name: split_test
question: Do the classic Kings change the suit-split pairings?
seed: 3
rules:
  options: {deck: suit_split}
  variants:
    - name: enhance_SH
      options: {split_houses: S-H}
    - name: enhance_DC
      options: {split_houses: D-C}
    - name: classic_DC
      options: {split_houses: D-C, kings: classic}
    - name: classic_CS
      options: {split_houses: C-S, kings: classic}
matchups:
  - [greedy, greedy]
swap_seats: false
games: 300
chunk_size: 300
"""


def test_a_suit_split_pairing_is_compared_with_itself_under_the_baseline_rules(tmp_path):
    (tmp_path / "exp.yaml").write_text(SPLIT_EXP)
    out = tmp_path / "out"
    sim("run", str(tmp_path / "exp.yaml"), "--output", str(out), "--quiet")
    got = json.loads((out / "answer.json").read_text())["comparisons"]
    # enhance_DC is classic_DC's reference, and itself another pairing: not compared.
    assert {(c["variant"], c["measure"], c["reference"]) for c in got} == {
        ("classic_DC", "first_house", "enhance_DC"),
        ("classic_DC", "rounds", "enhance_DC"),
    }
    first = next(c for c in got if c["measure"] == "first_house")
    df = pl.read_parquet(out / "records" / "*" / "*.parquet")
    # P1 (the first House, D) scores a win 1 and a game with no winner one half.
    w = pl.col("winner").cast(pl.Int64)
    score = pl.when(w == -1).then(0.5).otherwise((w == 0).cast(pl.Float64))
    p1 = {
        v: df.filter(pl.col("variant") == v).select(score.mean()).item()
        for v in ("enhance_DC", "classic_DC")
    }
    assert first["value"] == pytest.approx(p1["classic_DC"])
    assert first["base"] == pytest.approx(p1["enhance_DC"])
    html = (out / "index.html").read_text()
    table = html.split('<table id="comparisons">')[1].split("</table>")[0]
    assert "against kings=enhance" in table and "<th>reference</th>" in table
    note = re.sub(r"\s+", " ", html.split('<table id="comparisons">')[0])
    assert (
        "Not compared (no variant splits the deck the same way under the baseline's rules): "
        "classic_CS." in note
    )


def _split_run(name: str, agent: str, other: str) -> str:
    return f"""\
name: {name}
question: Does Diamonds beat Spades with suit-split decks?
seed: 4
rules:
  options: {{deck: suit_split, split_houses: D-S}}
matchups:
  - [{agent}, {agent}]
swap_seats: false
games: 300
chunk_size: 300
answer: {{measures: [house], see_also: [{other}.yaml]}}
"""


def test_two_runs_of_one_suit_split_question_set_their_leading_pairings_side_by_side(tmp_path):
    (tmp_path / "a.yaml").write_text(_split_run("a", "greedy", "b"))
    (tmp_path / "b.yaml").write_text(_split_run("b", "random", "a"))
    out = tmp_path / "reports"
    sim("run", str(tmp_path / "a.yaml"), "--output", str(out / "a"), "--quiet")
    sim("run", str(tmp_path / "b.yaml"), "--output", str(out / "b"), "--quiet")
    sim("report", str(out / "a"))
    a = json.loads((out / "a" / "answer.json").read_text())
    assert a["sentences"][1].startswith(
        "Do greedy here and random in b.yaml agree on the match between the two strongest "
        "Houses? Under 'default', D against S, "
    )
    # Quoted, the other run's own such sentence is left out: it compares the wrong two runs.
    (quoted,) = a["see_also_answers"]
    assert quoted["sentences"] and not any(
        "agree on the match between" in s for s in quoted["sentences"]
    )
    assert quoted["houses"]["pair"] == "random"


NAMED_SPLIT_EXP = """\
name: named_split
question: Does one House beat the others under each King rule set?
seed: 3
rules:
  options: {deck: suit_split}
  sweep:
    kings: {"Spring '25 Kings": enhance, classic Kings: classic}
    split_houses: [D-S, H-S]
matchups:
  - [greedy, greedy]
swap_seats: false
games: 200
chunk_size: 200
answer: {measures: [house]}
"""


def test_a_house_answer_groups_a_named_sweeps_pairings_by_the_names_of_the_other_values(
    tmp_path,
):
    (tmp_path / "exp.yaml").write_text(NAMED_SPLIT_EXP)
    out = tmp_path / "out"
    sim("run", str(tmp_path / "exp.yaml"), "--output", str(out), "--quiet")
    found = json.loads((out / "answer.json").read_text())
    assert set(found["houses"]["variants"]) == {"Spring '25 Kings", "classic Kings"}
    said = " ".join(found["sentences"])
    assert "With suit-split decks (Spring '25 Kings, greedy), S's win rate" in said
    assert "(classic Kings, greedy)" in said
    assert "split_houses" not in said
    cells = pl.read_parquet(out / "records" / "*" / "*.parquet")["variant"].unique().sort()
    assert cells.to_list() == [
        "Spring '25 Kings, split_houses=D-S",
        "Spring '25 Kings, split_houses=H-S",
        "classic Kings, split_houses=D-S",
        "classic Kings, split_houses=H-S",
    ]


SLOG_EXP = """\
name: slog_test
question: Does drawing two cards from round six shorten the late game?
seed: 3
rules:
  sweep: {extra_draw: [none, from_round_6]}
matchups:
  - [random, random]
  - [greedy, random]
games: 400
chunk_size: 400
answer: {measures: [slog], matchup: [random, random]}
"""


def test_the_late_game_answer_reads_the_records_on_the_deals_that_reach_round_6(tmp_path):
    (tmp_path / "exp.yaml").write_text(SLOG_EXP)
    out = tmp_path / "out"
    sim("run", str(tmp_path / "exp.yaml"), "--output", str(out), "--quiet")
    found = json.loads((out / "answer.json").read_text())
    df = pl.read_parquet(out / "records" / "*" / "*.parquet")
    mirror = df.filter(pl.col("agent_p1") == pl.col("agent_p2"))
    base = mirror.filter(pl.col("variant") == "extra_draw=none").sort("game")
    rule = mirror.filter(pl.col("variant") == "extra_draw=from_round_6").sort("game")
    # Per deal that reaches round 6 without the rule, every deal counted: the mean difference
    # over all deals over the share that reach it (a ratio estimator, delta-method interval).
    reached = (base["late_turns"] > 0).to_numpy().astype(float)
    d = (rule["late_turns"].cast(pl.Float64) - base["late_turns"].cast(pl.Float64)).to_numpy()
    ratio = d.mean() / reached.mean()
    se = (d - ratio * reached).std(ddof=1) / (len(d) ** 0.5 * reached.mean())
    c = next(
        c
        for c in found["comparisons"]
        if c["measure"] == "late_turns" and c["agent_b"] == "random" == c["agent_a"]
    )
    assert c["n"] == len(d) == 400
    assert c["diff"] == pytest.approx(ratio)
    assert (c["lo"], c["hi"]) == pytest.approx((ratio - 1.96 * se, ratio + 1.96 * se))
    assert c["base"] == pytest.approx(base["late_turns"].mean() / reached.mean())
    # The late game's pace: cards played a turn from round 6 on, on the deals whose games
    # reach it under both rules (each deal's pace, paired).
    # Its cards over its turns, all turns alike; the interval by the delta method (each deal's
    # linearised residual).
    both = base.select("game", cb="late_cards_played", tb="late_turns").join(
        rule.select("game", cv="late_cards_played", tv="late_turns"), on="game"
    )
    both = both.filter((pl.col("tb") > 0) & (pl.col("tv") > 0))
    cv, tv, cb, tb = (both[x].cast(pl.Float64).to_numpy() for x in ("cv", "tv", "cb", "tb"))
    r_v, r_b = cv.sum() / tv.sum(), cb.sum() / tb.sum()
    residual = (cv - r_v * tv) / tv.mean() - (cb - r_b * tb) / tb.mean()
    half = 1.96 * residual.std(ddof=1) / len(residual) ** 0.5
    c = next(
        c
        for c in found["comparisons"]
        if c["measure"] == "late_pace" and c["agent_b"] == "random" == c["agent_a"]
    )
    assert c["n"] == len(residual) and c["diff"] == pytest.approx(r_v - r_b)
    assert (c["lo"], c["hi"]) == pytest.approx((r_v - r_b - half, r_v - r_b + half))
    reached = base["late_turns"] > 0
    pace, first, second, held, better = found["sentences"][:5]
    assert pace.startswith(
        'Does each rule quicken the late game, the notes\' "playing one card at a time" '
        "(random v random, cards played a turn from round 6 on, on the deals that reach round 6 "
        f"under both rules)? 'extra_draw=from_round_6' {c['value']:.2f} against {c['base']:.2f}"
    )
    assert better.startswith(
        "Does the better player still decide the late game? With greedy v random, greedy's win "
        "rate in the games that reach round 6: 'extra_draw=from_round_6' "
    )
    # The verdict: quicker by half a card a turn, and the better player (greedy against
    # random) and the round-6 leader winning no less by 3 points, each interval in the box.
    box = found["verdicts"]["parts"][0]
    assert box["question"] == "Does it cure the late-game slog?" and box["ask"] == "cures"
    r = box["readings"][0]
    kinds = [g["kind"] for g in r["figure"]["guards"]]
    assert kinds == ["leader", "edge"] and r["figure"]["kind"] == "pace"
    assert r["estimate"] == pytest.approx(c["diff"])
    assert r["text"].startswith(
        f"a turn from round 6 on plays {c['value']:.2f} cards against {c['base']:.2f} under "
        "'extra_draw=none'"
    )
    assert first.startswith(
        "How much does each rule shorten the late game, the turns from round 6 on (random v "
        "random, on the same deals, per game that reaches round 6 under 'extra_draw=none')? "
        "'extra_draw=from_round_6' "
    )
    share = reached.mean()
    turns = base.filter(reached)["late_turns"].mean()
    assert second.startswith(
        f"Under 'extra_draw=none' {100 * share:.1f}% of the games reach round 6 and play "
        f"{turns:.2f} turns from then on"
    )
    # The player alone ahead as round 6 began: a win counts 1, no winner a half.
    led = base.filter(pl.col("late_leader") > 0)
    w, leader = led["winner"].cast(pl.Int64), led["late_leader"].cast(pl.Int64) - 1
    rate = ((w == leader).sum() + (w == -1).sum() / 2) / led.height
    assert (
        f"won {100 * rate:.1f}% [" in held and f"of {led.height:,} under 'extra_draw=none'" in held
    )
    note = re.sub(r"\s+", " ", (out / "index.html").read_text())
    assert "smallest difference that matters here: 1 point of win rate, 0.25 rounds, 0.5 turns" in (
        note
    )


def test_a_difference_that_rounds_to_zero_prints_as_the_answer_prints_it():
    from sim.reporting.formats import points

    # "Every finding" and the answer both say +0.0 for -0.04 points (KS under Spring '25).
    assert (points(-0.0004), points(-0.0006), points(0.05)) == ("+0.0", "-0.1", "+5.0")


def test_one_formatter_a_unit_writes_what_each_page_wrote():
    from functools import partial

    from sim.reporting.formats import count_change, interval, pct, points_interval, signed

    # Rates and differences of rates as fractions; anything else in the unit printed.
    assert (pct(0.5234), pct(None), pct(0.5, 0)) == ("52.3%", "-", "50%")
    assert (signed(-0.04), signed(-0.004, 2), signed(2.25), signed(-3.06)) == (
        "+0.0",
        "+0.00",
        "+2.2",
        "-3.1",
    )
    assert count_change(-0.004) == "+0.00" and count_change(0.291) == "+0.29"
    assert interval(0.47, 0.48) == "[47.0%, 48.0%]"
    assert interval(-0.4, 2.0, partial(signed, digits=2)) == "[-0.40, +2.00]"
    assert points_interval(0.012, -0.0004, 0.021) == "+1.2 [+0.0, +2.1]"


def test_a_quoted_run_played_under_other_rules_says_which():
    from sim.reporting.related import _rules_apart

    def config(*rules: str) -> dict:
        return {"variants": {f"v{i}": f"houses({r})" for i, r in enumerate(rules)}}

    suit_split = config("deck=suit_split,split_houses=D-S", "deck=suit_split,split_houses=C-S")
    shared = config("deck=shared,split_houses=S-H,kings=enhance", "deck=shared,kings=classic")
    # The option both runs hold at one value each; the varied ones are not "the game".
    assert _rules_apart(suit_split, shared) == ["deck=shared", "deck=suit_split"]
    assert _rules_apart(shared, shared) is None


def test_a_quoted_sentence_counts_and_tables_are_its_own_reports():
    from sim.reporting.related import _quoted

    said = (
        "7H -0.8 points [-1.4, -0.2] (within noise: clear of zero on its own, not once the "
        "report's 64 comparisons are allowed for) (all 12 in the table below); see b.yaml, "
        "whose answer follows."
    )
    assert _quoted(said, "b.yaml") == (
        "7H -0.8 points [-1.4, -0.2] (within noise: clear of zero on its own, not once its "
        "report's 64 comparisons are allowed for) (all 12 in its report's table); see this "
        "report."
    )
