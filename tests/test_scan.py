"""The balance scan (`sim scan`, `sim.scan_rules`): what it plays, when a change stops, a resume,
its page and its errors."""

from __future__ import annotations

import html
import json
import math
import shutil
import subprocess
import sys

import polars as pl
import pytest

import sim
from sim.analysis import effects as fx
from sim.running import scan

# Three options: the Kings (whose values move), a rule of the Option 1 King of Clubs (no game
# differs under the Spring '25 Kings) and the Ace of Hearts' guard.
SMALL = {
    "only": ["kings", "option1_king_of_clubs", "ace_of_hearts_guard"],
    "first_chunk": 1_000,
    "max_games": 7_000,
    "strong": None,
    "house_games": 2_000,
    "cards": ["QS"],
    "card_games": 2_000,
    "progress": False,
}


def cli(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    r = subprocess.run([sys.executable, "-m", "sim.cli", *args], capture_output=True, text=True)
    if check:
        assert r.returncode == 0, r.stderr
    return r


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    out = tmp_path_factory.mktemp("scan") / "s"
    return sim.scan_rules(out, **SMALL)


def test_the_plan_is_every_other_value_of_every_option_but_the_tools_and_the_table():
    variants = scan.plan(scan.ScanSettings())
    names = [v for v, _, _ in variants]
    assert "kings=classic" in names and "kings=enhance" not in names  # the base's own value
    assert {"life=30", "life=50", "hand_limit=5", "hand_limit=7"} <= set(names)
    assert not any(v.startswith(("blank=", "forbid=", "players=", "split_houses=")) for v in names)
    # From another preset, that preset's values are the base: its hand limit 5 is not a change.
    summer = [v for v, _, _ in scan.plan(scan.ScanSettings(preset="summer20"))]
    assert "hand_limit=none" in summer and "hand_limit=5" not in summer
    with pytest.raises(ValueError, match="unknown rule option 'kingz'; valid options: .*kings"):
        scan.plan(scan.ScanSettings(only=["kingz"]))
    # A value that makes no rule set with the base rules is left out, with the engine's reason.
    split = scan.ScanSettings(options={"deck": "suit_split"})
    assert "jokers=true" not in [v for v, _, _ in scan.plan(split)]
    assert scan.unplayable(split) == {
        "jokers=true": "deck=suit_split plays without Jokers: remove jokers=true"
    }


def test_a_change_that_plays_no_game_differently_stops_after_its_first_chunk(small):
    games = small.data["games"]
    # Under the Spring '25 Kings the Option 1 King of Clubs' rule never comes into play.
    assert small.data["dead"] == {
        "option1_king_of_clubs=unblocked": games["option1_king_of_clubs=unblocked"]
    }
    # Checked after 1,000 and 3,000 games: at 1,000, no change in the few hundred deals where a
    # King was drawn cannot yet rule out a point of its value (the rule of three, for all the
    # scan's intervals at once); at 3,000 it can, and the change stops.
    assert games["option1_king_of_clubs=unblocked"] == 3_000
    # The Kings' values move: those changes play on, in chunks that double, to the most games.
    assert games["kings=classic"] == games["Spring '25 rules"] == 7_000
    out = small.output / "quick" / "records"
    cell = next(p for p in out.iterdir() if p.name.startswith("kings-classic__"))
    starts = sorted(int(f.stem.split("-")[1]) for f in cell.glob("*.parquet"))
    assert starts == [0, 1_000, 3_000]
    # A change's King-blank cells stop with it.
    dead = [p for p in out.iterdir() if p.name.startswith("option1_king_of_clubs-unblocked")]
    assert len(dead) == 5
    assert all(len(list(p.iterdir())) == 2 for p in dead)


def test_every_effect_is_against_the_baseline_on_the_same_deals(small):
    rows = small.effects()
    classic = rows.filter(pl.col("variant") == "kings=classic")
    assert set(classic["measure"]) == {
        "first_won",
        "rounds",
        "late_turns",
        "house_spread",
        "card:QS",
    } | {f"king:{k}" for k in ("KD", "KC", "KH", "KS")}
    # A change's figure minus the baseline's, on the deals both played.
    first = classic.filter(pl.col("measure") == "first_won").row(0, named=True)
    assert first["n"] == 7_000
    assert first["diff"] == pytest.approx(first["value"] - first["base"])
    # Each verdict read from the interval at the scan's family z (every comparison at once).
    z = small.data["z"]
    for r in rows.iter_rows(named=True):
        assert r["z_hi"] - r["z_lo"] == pytest.approx(2 * z * r["se"])
        assert r["verdict"] == fx.verdict(r, z)


def test_the_page_answers_first_and_sim_report_rebuilds_it(small):
    html = small.report.read_text()
    lead = small.answer[0]
    assert " of the 5 rule changes scanned move something a designer would notice" in lead
    assert html.index("changed no game of the deals they played") < html.index(
        "The rule changes that move"
    )
    row = html[html.index("clubs=<wbr>unblocked") :]
    assert row.index("no game of its ") < row.index("deals differed") < row.index("</tr>")
    before = (small.output / "scan.json").read_text()
    r = cli("report", str(small.output))
    assert r.stdout.strip() == f"report: {small.report}"
    assert (small.output / "scan.json").read_text() == before


def test_an_interrupted_scan_resumes_to_the_same_records_and_effects(small, tmp_path):
    cut = tmp_path / "cut"
    shutil.copytree(small.output, cut)
    quick = cut / "quick"
    m = json.loads((quick / "manifest.json").read_text())
    # Cut part way through its third round: the baseline's third chunks lost, the changes'
    # kept (a later decision must not read them), the run unfinished.
    for key in [k for k in m["chunks"] if k.endswith("0000003000.parquet")]:
        if key.startswith("Spring"):
            (quick / "records" / key).unlink()
            del m["chunks"][key]
    del m["cells"]
    (quick / "manifest.json").write_text(json.dumps({**m, "status": "running"}))
    resumed = sim.scan_rules(cut, **SMALL)
    assert resumed.ran
    assert resumed.data["effects"] == small.data["effects"]
    assert resumed.data["games"] == small.data["games"]


def test_a_settled_effect_is_negligible_or_known_to_within_its_line():
    e = {"diff": 0.2, "se": 0.3, "line": 1.0}
    assert fx.verdict(e, 2.0) == fx.NO and fx.settled(e, 2.0)
    wide = {"diff": 5.0, "se": 1.5, "line": 1.0}  # matters, but its size is known to +-3
    assert fx.verdict(wide, 2.0) == fx.YES and not fx.settled(wide, 2.0)
    assert fx.settled({**wide, "se": 0.4}, 2.0)
    assert fx.verdict({"diff": 1.0, "se": 0.5, "line": 1.0}, 2.0) == fx.NOT_SETTLED


def test_no_deal_changed_is_never_a_point_interval(tmp_path):
    # 300 identical deals: the interval is what "no change in 300 deals" allows (the rule of
    # three: at 95% alone, ln(40)/300), not [0, 0].
    df = sim.play_games(300, ("greedy", "greedy"), seed=3).with_columns(
        cell=pl.lit("a"), variant=pl.lit("a")
    )
    lf = pl.concat([df, df.with_columns(cell=pl.lit("b"))]).lazy()
    lf = lf.with_columns(score_a=pl.lit(0.5))
    [first] = fx.effects(lf, fx.Cells("b", {}), fx.Cells("a", {}), fx.measures([])[:1])
    assert first["diff"] == 0 and first["hi"] == pytest.approx(100 * math.log(40) / 300, rel=1e-4)


def test_the_strong_player_checks_the_changes_that_move_most(tmp_path):
    settings = scan.ScanSettings(**{k: v for k, v in SMALL.items() if k != "progress"})
    settings.strong, settings.strong_games = "search_fast", 40
    exp = scan.strong_experiment(settings, tmp_path, "scan", ["kings=classic"])
    assert exp is not None
    assert [c.variant for c in exp.cells] == ["Spring '25 rules", "kings=classic"]
    assert {c.agents for c in exp.cells} == {("search_fast", "search_fast")}
    assert scan.strong_experiment(settings, tmp_path, "scan", []) is None


def test_bad_input_is_one_line_naming_the_flag_and_the_valid_choices(tmp_path):
    r = cli("scan", "--only", "kingz", "--output", str(tmp_path / "o"), check=False)
    assert r.returncode == 2
    assert r.stderr.startswith("error: unknown rule option 'kingz'; valid options: ")
    r = cli("scan", "--rules", "kings=bogus", "--output", str(tmp_path / "o"), check=False)
    assert r.returncode == 2 and r.stderr.startswith("error: --rules: ") and "kings" in r.stderr
    r = cli("scan", "--quick", "nobody", "--output", str(tmp_path / "o"), check=False)
    assert r.returncode == 2 and r.stderr.startswith("error: --quick: unknown")
    r = cli("report", str(tmp_path / "nothing"), check=False)
    assert r.returncode == 2


def test_the_spread_of_the_houses_is_read_from_a_cell_per_pairing_on_the_same_deals(small):
    from sim.analysis import frame

    houses = small.output / "houses"
    m = json.loads((houses / "manifest.json").read_text())
    # The base rules and every change, each with the six pairings, 2,000 games a cell.
    assert len(m["cells"]) == 6 * 6 and {c["games"] for c in m["cells"]} == {2_000}
    row = next(
        r
        for r in small.data["effects"]
        if r["variant"] == "kings=classic" and r["measure"] == "house_spread"
    )
    # The base rules' spread, from each House's average first-House rate over its pairings.
    lf = frame.scan(houses)
    rate = {}
    for c in m["cells"]:
        if c["variant"].startswith("Spring '25 rules | houses "):
            pairing = c["variant"].rsplit(" ", 1)[1]
            first = lf.filter(pl.col("cell") == c["id"]).select(
                (pl.col("winner") == 0).cast(pl.Float64) + (pl.col("winner") == -1) * 0.5
            )
            rate[pairing] = float(first.collect().to_series().mean())
    means = {
        h: sum(rate[p] if p[0] == h else 1 - rate[p] for p in rate if h in p.split("-")) / 3
        for h in "SHDC"
    }
    assert row["base"] == pytest.approx(100 * (max(means.values()) - min(means.values())))
    assert row["base_top"] == max(means, key=lambda h: means[h])
    assert row["diff"] == pytest.approx(row["value"] - row["base"])


def test_a_card_s_value_under_each_change_is_read_against_its_forbidden_cell(small):
    from sim.analysis import frame
    from sim.analysis.cards import card_value_change
    from sim.running.experiment.model import impact_variant

    cards = small.output / "cards"
    m = json.loads((cards / "manifest.json").read_text())
    # The base rules and every change, each plain and with the Queen of Spades forbidden
    # (not the change under which no game differed: option1_king_of_clubs=unblocked); the
    # forbidden cells play only the deals where the card was drawn in their plain cell.
    assert len(m["cells"]) == 5 * 2
    games = {c["variant"]: c["games"] for c in m["cells"]}
    assert {g for v, g in games.items() if "forbid" not in v} == {2_000}
    assert all(300 < g < 1_000 for v, g in games.items() if "forbid" in v)
    ids = {c["variant"]: c["id"] for c in m["cells"]}
    base = "Spring '25 rules"
    row = next(
        r
        for r in small.data["effects"]
        if r["variant"] == "kings=classic" and r["measure"] == "card:QS"
    )
    assert row["label"] == "the Queen of Spades' value to its drawer"
    # The card's value under the change less under the base rules, on the same deals.
    direct = card_value_change(
        frame.scan(cards),
        (ids["kings=classic"], ids[impact_variant("kings=classic", "forbid", "QS")]),
        (ids[base], ids[impact_variant(base, "forbid", "QS")]),
        "QS",
        drawn_only=True,
    )
    assert direct is not None
    assert row["diff"] == pytest.approx(100 * direct["diff"])
    assert small.data["card_games"] == 2_000
    page = " ".join(html.unescape(small.report.read_text()).split())
    assert "QS: the Queen of Spades' value to its drawer" in page
    assert "each King's value to its drawer (and that of the Queen of Spades)" in page
    assert "the records in quick/, houses/, cards/." in page
    with pytest.raises(ValueError, match="cards: 'KS' is not a card the scan values beyond"):
        scan.plan(scan.ScanSettings(cards=["KS"]))
    # Refused before anything is played.
    r = cli("scan", "--cards", "QX", "--output", str(small.output / "bad"), check=False)
    assert r.returncode == 2 and "cards: 'QX' is not a card the scan values" in r.stderr
    assert not (small.output / "bad" / "quick").exists()


def test_the_strong_player_plays_the_changes_under_which_no_quick_game_differed(tmp_path):
    from sim.analysis import frame
    from sim.reporting.scan_page import render, summary_lines

    result = sim.scan_rules(
        tmp_path / "s",
        only=["hand_limit", "option1_king_of_clubs"],
        first_chunk=1_000,
        max_games=3_000,
        strong="search_fast",
        strong_games=60,
        house_games=0,
        progress=False,
    )
    data = result.data
    dead = {"hand_limit=5", "hand_limit=7", "option1_king_of_clubs=unblocked"}
    # Greedy's games end in three or four rounds: no hand outgrows a limit in them.
    assert set(data["dead"]) == dead
    strong = tmp_path / "s" / "strong"
    m = json.loads((strong / "manifest.json").read_text())
    assert {c["variant"] for c in m["cells"]} == dead | {"Spring '25 rules"}
    # The strong player's longer games reach the hand limits; the Option 1 King of Clubs' rule
    # acts under no player with the Spring '25 Kings.
    assert data["strong_dead"] == ["option1_king_of_clubs=unblocked"]
    ids = {c["variant"]: c["id"] for c in m["cells"]}
    deals, differ = fx.differing_games(
        frame.scan(strong), ids["hand_limit=5"], ids["Spring '25 rules"]
    )
    assert deals == 60 and differ > 0
    lines = "\n".join(summary_lines(data))
    assert "hand_limit=5, hand_limit=7 played games differently only with search_fast" in lines
    assert "1 changes played no game differently with either player" in lines
    # Where the strong player finds such a change to matter, the answer lists it.
    row = next(
        r for r in data["effects"] if r["variant"] == "hand_limit=5" and r["measure"] == "rounds"
    )
    row.update(strong_verdict="yes", strong_diff=0.8, strong_lo=0.3, strong_hi=1.3)
    page = " ".join(html.unescape(render(data)).split())
    assert "(1 of them move something with search_fast, whose games are longer)" in page
    assert (
        "No game differed with greedy under these, but search_fast, whose games are longer, "
        "finds them to move something:"
    ) in page
    assert "rounds per game +0.80 [+0.30, +1.30] rounds with search_fast" in page
