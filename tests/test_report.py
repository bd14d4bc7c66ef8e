"""The HTML report: written by `sim run`, rebuilt by `sim report`, loads cleanly in a real
browser (headless Chromium), every image decodes, and its tables hold the records' numbers."""

import html as html_lib
import json
import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import polars as pl
import pytest
from conftest import NO_CHROMIUM, browse, chromium, sim

EXP = """\
name: report_test
question: Do classic Kings or a Spades-against-Hearts split change who wins?
seed: 5
rules:
  variants:
    - name: base
    - name: classic
      options: {kings: classic}
    - name: spades_v_hearts
      options: {deck: suit_split, split_houses: S-H}
matchups:
  - [greedy, greedy]
  - [greedy, random]
games: 2000
chunk_size: 1000
"""


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("report")
    (d / "exp.yaml").write_text(EXP)
    out = d / "out"
    r = sim("run", str(d / "exp.yaml"), "--output", str(out), "--quiet")
    assert f"report: {out / 'index.html'}" in r.stdout
    return out


class Cells(HTMLParser):
    """Collect the per-cell table: {cell: {key: text}} from data-cell/data-k attributes."""

    def __init__(self):
        super().__init__()
        self.rows: dict[str, dict[str, str]] = {}
        self.cell = self.key = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "tr" and "data-cell" in a:
            self.cell = a["data-cell"]
            self.rows[self.cell] = {}
        if tag == "td" and "data-k" in a and self.cell:
            self.key = a["data-k"]

    def handle_data(self, data):
        if self.key:
            self.rows[self.cell][self.key] = data.strip()
            self.key = None

    def handle_endtag(self, tag):
        if tag == "tr":
            self.cell = None


def test_tables_hold_the_numbers_in_the_records(report):
    html = (report / "index.html").read_text()
    parser = Cells()
    parser.feed(html)
    df = pl.read_parquet(report / "records" / "*" / "*.parquet")
    sw = pl.col("seats_swapped")
    expected = df.group_by("cell").agg(
        games=pl.len(),
        wins_a=(((pl.col("winner") == 0) & ~sw) | ((pl.col("winner") == 1) & sw)).sum(),
        draws=(pl.col("winner") == -1).sum(),
        by_life=(pl.col("end_reason") == "life").sum(),
    )
    assert len(parser.rows) == 6
    for r in expected.iter_rows(named=True):
        row = parser.rows[r["cell"]]
        for k in ("games", "wins_a", "draws", "by_life"):
            assert int(row[k]) == r[k], (r["cell"], k)
    # The answer paragraph opens the report, before the details.
    assert html.index('id="answer"') < html.index('id="cells"')
    assert "6 cells, 12,000 games." in html  # the first finding, folded under the answer
    # Every section is filled.
    for section in (
        "Compared with the baseline",
        "King impact",
        "Cards and winning (associations)",
        "Seat and House",
        "Pace",
        'id="houses1"',
        "first player's win rate",
    ):
        assert section in html
    # The picture of the answer beside the verdict box, then the sections' four.
    assert len(re.findall(r'<img alt="[^"]+" src="data:image/svg\+xml;base64,', html)) == 5


def test_sim_report_rebuilds_the_same_report(report):
    before = (report / "index.html").read_bytes()
    (report / "index.html").unlink()
    r = sim("report", str(report))
    assert "report:" in r.stdout
    assert (report / "index.html").read_bytes() == before


# Runs inside the report: every image decodes, no script error, and at this width neither the
# page nor the answer and its table overflow sideways (all sections opened first). The result goes
# to the harness page around it, which chromium's --dump-dom prints.
CHECK = """<script>
window.__errors = [];
window.addEventListener("error", e => window.__errors.push(String(e.message)));
window.addEventListener("load", async () => {
  const imgs = Array.from(document.images);
  const bad = [];
  for (const img of imgs) {
    try { await img.decode(); } catch (e) { bad.push(img.alt); }
    if (!img.naturalWidth) bad.push(img.alt);
  }
  document.querySelectorAll("details").forEach(d => { d.open = true; });
  const width = document.documentElement.clientWidth;
  const right = el => Math.round(el.getBoundingClientRect().right);
  const box = document.getElementById("measures").closest(".scroll");
  const result = {
    images: imgs.length, bad, errors: window.__errors, width,
    page_overflow: document.documentElement.scrollWidth > width,
    answer_overflow: right(document.getElementById("answer")) > width,
    measures_overflow: right(box) > width || box.scrollWidth > box.clientWidth,
  };
  parent.postMessage(JSON.stringify(result), "*");
});
</script>"""


def _browse(report: Path, tmp: Path, width: int) -> tuple[dict, Path]:
    """The report at `width` CSS pixels: the in-page check's result and a screenshot."""
    return browse(report / "index.html", CHECK, tmp, width, 2400, f"report_{width}px.png")


@pytest.mark.skipif(not chromium() and not os.environ.get("CI"), reason=NO_CHROMIUM)
@pytest.mark.parametrize("width", [1280, 390])
def test_report_in_headless_chromium_at_laptop_and_phone_width(report, tmp_path, width):
    result, shot = _browse(report, tmp_path, width)
    assert result == {
        "images": 5,
        "bad": [],
        "errors": [],
        "width": width,
        "page_overflow": False,
        "answer_overflow": False,
        "measures_overflow": False,
    }
    assert shot.stat().st_size > 10_000, "a screenshot was taken"


def test_battle_cards_experiment_report(tmp_path):
    (tmp_path / "bc.yaml").write_text(
        "name: bc\nquestion: First-player advantage in Battle Cards?\nseed: 0\ngame: battle_cards\n"
        "rules:\n  sweep: {hand_size: [4, 5]}\n"
        "matchups:\n  - [greedy, greedy]\n  - [greedy, random]\n"
        "swap_seats: false\ngames: 1000\nchunk_size: 500\n"
    )
    r = sim("run", str(tmp_path / "bc.yaml"), "--output", str(tmp_path / "out"), "--quiet")
    html = (tmp_path / "out" / "index.html").read_text()
    assert "report:" in r.stdout and "King impact" not in html and "ended by no cards" in html
    assert "ended by sudden death" not in html and "Card impact" not in html
    # Its games to watch are Battle Cards pages.
    links = re.findall(r'<a href="(games/[^"]+)">longest game', html)
    assert len(links) == 4
    assert "Battle Cards, seed" in (tmp_path / "out" / links[0]).read_text()
    df = pl.read_parquet(tmp_path / "out" / "records" / "*" / "*.parquet")
    assert set(df["game_name"].unique()) == {"battle_cards"}
    assert set(df["end_reason"].unique()) <= {"life", "no_cards"}
    parser = Cells()
    parser.feed(html)
    for cell, row in parser.rows.items():
        d = df.filter(pl.col("cell") == cell)
        assert int(row["games"]) == d.height
        assert int(row["by_no_cards"]) == d.filter(pl.col("end_reason") == "no_cards").height


def _cmp(diff: float, lo: float, hi: float) -> dict:
    return {"diff": diff, "lo": lo, "hi": hi, "noise": lo <= 0 <= hi}


@pytest.mark.parametrize(
    ("cells", "verdict", "which"),
    [
        # The same direction beyond noise under both agents.
        ({"greedy": _cmp(0.02, 0.01, 0.03), "search": _cmp(0.05, 0.01, 0.09)}, "holds", []),
        ({"greedy": _cmp(0.001, -0.01, 0.01), "search": _cmp(0.0, -0.05, 0.05)}, "holds", []),
        (
            {"greedy": _cmp(0.02, 0.01, 0.03), "search": _cmp(-0.05, -0.09, -0.01)},
            "reverses",
            [],
        ),
        # Search is within noise, and its interval still holds greedy's +2 points: too small.
        (
            {"greedy": _cmp(0.02, 0.015, 0.025), "search": _cmp(0.01, -0.02, 0.04)},
            "unresolved",
            ["search"],
        ),
        # Search's interval excludes greedy's +8 points: the effect is smaller or absent.
        (
            {"greedy": _cmp(0.08, 0.07, 0.09), "search": _cmp(0.0, -0.02, 0.02)},
            "differs",
            ["search"],
        ),
    ],
)
def test_robustness_verdicts(cells, verdict, which):
    from sim.analysis.comparisons import agreement

    got = agreement(cells)
    assert (got["verdict"], got["which"]) == (verdict, which)


def test_report_has_a_robustness_row_per_comparison(report):
    html = (report / "index.html").read_text()
    assert "<summary>Robustness across agents</summary>" in html
    section = html.split('<table id="robustness">')[1].split("</table>")[0]
    # Two non-baseline variants; only game length is measured under both match-ups (the mirror
    # match-up compares the first player's win rate, greedy v random agent A's: a split deck
    # against a shared one is compared as any variant is).
    verdicts = re.findall(r'data-verdict="(\w+)"', section)
    assert len(verdicts) == 2
    assert section.count("rounds per game") == 2
    findings = html.split("Every finding, in words")[1].split("</ul>")[0]
    held = verdicts.count("holds")
    assert (
        f"Across agents, {held} of 2 comparisons with the baseline come out the same way with "
        "every agent (the same direction beyond noise, or noise with each)" in findings
    )
    assert set(verdicts) <= {"holds", "reverses", "differs", "unresolved"}


def test_king_impact_is_per_mirror_agent_and_counts_one_sided_games(report):
    html = (report / "index.html").read_text()
    table = html.split('<table id="kings">')[1].split("</table>")[0]
    rows = [
        [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>.*?</td>", tr, re.S)]
        for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)[1:]
    ]
    # Read from the mirror match-up only (greedy against itself), one row per variant and King.
    assert {r[1] for r in rows} == {"greedy"}
    assert len(rows) == 3 * 4
    df = pl.read_parquet(report / "records" / "*" / "*.parquet").filter(
        pl.col("variant") == "classic",
        pl.col("agent_p1") == "greedy",
        pl.col("agent_p2") == "greedy",
    )
    p1, p2 = pl.col("kings_p1").str.contains("KC"), pl.col("kings_p2").str.contains("KC")
    one_sided = df.filter(p1 ^ p2).height
    kc = next(r for r in rows if r[0] == "classic" and r[2] == "KC")
    assert int(kc[5]) == one_sided
    # Cards and winning too: every card per variant, from the greedy mirror; a card's "drawn"
    # count is the players (two per game) who drew it, and its win rate theirs.
    cards = html.split('<table id="cards"')[1].split("</table>")[0]
    agents = re.findall(r'<tr[^>]*><td class="l">[^<]*</td><td class="l">([^<]*)</td>', cards)
    assert len(agents) == 3 * 52 and set(agents) == {"greedy"}
    ks = re.search(
        r'<td class="l">classic</td><td class="l">greedy</td><td class="l">KS</td>\s*'
        r'<td>(\d+)</td><td data-v="([0-9.]+)"',
        cards,
    )
    bit = 1 << (3 * 13 + 12)
    sides = [
        (m & bit != 0, 0.5 if w == -1 else float(w == s))
        for s, col in ((0, "drawn_mask_p1"), (1, "drawn_mask_p2"))
        for m, w in zip(df[col], df["winner"], strict=True)
    ]
    drew = [score for d, score in sides if d]
    assert ks and int(ks[1]) == len(drew)
    assert float(ks[2]) == pytest.approx(sum(drew) / len(drew), abs=1e-9)


def test_house_matrix_is_per_match_up(report):
    # Spades against Hearts, no seat swap needed for the House: P1 holds Spades. Each match-up
    # gets its own matrix; agents are not pooled.
    html = (report / "index.html").read_text()
    tables = re.findall(r'<table class="houses" id="houses\d+">(.*?)</table>', html, re.S)
    notes = re.findall(r"Suit-split decks \(([^)]*)\)", html)
    assert len(tables) == 2 and [n.split(", ")[-1] for n in notes] == ["greedy", "greedy v random"]
    df = pl.read_parquet(report / "records" / "*" / "*.parquet").filter(
        pl.col("cell") == "spades_v_hearts__greedy-vs-greedy"
    )
    p1 = df.select(
        pl.when(pl.col("winner") == -1).then(0.5).otherwise((pl.col("winner") == 0) * 1.0).mean()
    ).item()
    spades_row = re.search(r"<tr><th>S</th>(.*?)</tr>", tables[0], re.S).group(1)
    cells = re.findall(r"<td>([^<]*)</td>", spades_row)
    assert f"{100 * p1:.1f}%" in cells


def test_rule_decisions_and_changed_winners_match_the_records(report):
    """The usage table sums the records' per-seat counts by agent; "winner changed" is the
    share of deals won by another seat under the variant."""
    html = (report / "index.html").read_text()
    df = pl.read_parquet(report / "records" / "*" / "*.parquet")
    rows = dict(
        (m[0], (int(m[1]), int(m[2])))
        for m in re.findall(
            r'data-decision="([^"]+)">.*?data-arose="(\d+)".*?data-taken="(\d+)"', html, re.S
        )
    )
    for kind in ("deploy", "attack_player", "block"):
        for agent in ("greedy", "random"):
            arose = sum(
                df.filter(pl.col(f"agent_{p}") == agent)[f"arose_{kind}_{p}"].sum()
                for p in ("p1", "p2")
            )
            taken = sum(
                df.filter(pl.col(f"agent_{p}") == agent)[f"taken_{kind}_{p}"].sum()
                for p in ("p1", "p2")
            )
            assert rows[f"{agent}|{kind}"] == (arose, taken), (agent, kind)
            assert 0 < taken <= arose
    changed = re.search(r'data-changed="classic\|greedy\|greedy\|first_won\|([0-9.]+)"', html)
    cells = {c: df.filter(pl.col("cell") == c) for c in df["cell"].unique()}
    base = cells["base__greedy-vs-greedy"].sort("game")["winner"]
    classic = cells["classic__greedy-vs-greedy"].sort("game")["winner"]
    assert changed and float(changed[1]) == pytest.approx((base != classic).mean(), abs=1e-6)
    assert "Rule decisions" in html
    # The varied rules' decisions per cell (here the Spring '25 King of Clubs' charge, which
    # only the base variant offers): games it arose in, was taken in, and times taken.
    in_play = re.findall(r'data-in-play="([^|]+)\|([^|]+)\|(\d+)\|(\d+)\|(\d+)"', html)
    assert in_play and {k for _, k, *_ in in_play} == {"charge"}
    for cell, kind, arose, taken_in, times in in_play:
        c = cells[cell]
        a = c[f"arose_{kind}_p1"] + c[f"arose_{kind}_p2"]
        t = c[f"taken_{kind}_p1"] + c[f"taken_{kind}_p2"]
        assert (int(arose), int(taken_in), int(times)) == ((a > 0).sum(), (t > 0).sum(), t.sum())
        assert cell.startswith("base__")


def test_each_cell_links_games_to_watch_that_replay_its_records(report):
    """The per-cell table links the longest game of each cell (and one where the King of
    Spades was deployed) to a replay-viewer page beside the report; the page replays the
    recorded game (same winner in its log)."""
    import json

    html = (report / "index.html").read_text()
    links = re.findall(r'<a href="(games/[^"]+)">([^<]+)</a>', html)
    assert links and all((report / href).exists() for href, _ in links)
    df = pl.read_parquet(report / "records" / "*" / "*.parquet")
    href, label = next((h, t) for h, t in links if t.startswith("longest game"))
    cell = Path(href).name.removesuffix("-longest.html")
    game = int(re.search(r"#(\d+)", label)[1])
    rec = df.filter((pl.col("cell") == cell) & (pl.col("game") == game)).row(0, named=True)
    assert rec["rounds"] == df.filter(pl.col("cell") == cell)["rounds"].max()
    page = (report / href).read_text()
    data = json.loads(re.search(r'id="data">(.*?)</script>', page, re.S)[1])
    winner = {0: "P1", 1: "P2", -1: "draw"}[rec["winner"]]
    assert data["steps"][-1]["outcome"]["winner"] == winner


def test_sample_games_are_found_in_records_from_before_the_four_seat_columns(report, tmp_path):
    """Records written before three- and four-player games have King columns for P1 and P2
    only; the report's sample games (one where the King of Spades was deployed) must still be
    found in them, not crash `sim report`."""
    from sim.analysis import frame as analysis
    from sim.reporting import samples

    lf = analysis.scan(report)
    old = lf.drop(
        [c for c in lf.collect_schema().names() if re.fullmatch(r".*_p[34]|players|a_seat", c)]
    )
    cells = old.select("cell").unique().collect()["cell"].sort().to_list()
    links = samples.write_samples(tmp_path, old, cells, kings=True)
    assert links == samples.write_samples(tmp_path, lf, cells, kings=True)
    assert any(label.startswith("King of Spades deployed") for c in links for label, _ in links[c])


def test_the_variants_are_said_in_the_rule_options_own_words(report):
    from sim import games
    from sim.reporting.legend import _variant_legend

    html = (report / "index.html").read_text()
    legend = html[html.index('id="variants"') : html.index("</div>", html.index('id="variants"'))]
    items = [
        html_lib.unescape(re.sub(r"<[^>]+>", "", li)).strip()
        for li in re.findall(r"<li>(.*?)</li>", legend)
    ]
    options = {o["name"]: o for o in games.game("houses").options}
    means = {
        (o["name"], c): h
        for o in options.values()
        for c, h in zip(o["choices"], o["choice_help"], strict=False)
    }
    # Each option with its help, then each value the variants give it (the default first) with
    # what that value means, from the engine's own per-choice docs.
    assert items == [
        f"kings: {options['kings']['help']} (default enhance)."
        f"kings=enhance (default): {means['kings', 'enhance']}"
        f"kings=classic: {means['kings', 'classic']}",
        f"deck: {options['deck']['help']} (default shared)."
        f"deck=shared (default): {means['deck', 'shared']}"
        f"deck=suit_split: {means['deck', 'suit_split']}",
        "base (the baseline): the default rules.",
        "classic: kings=classic.",
        "spades_v_hearts: deck=suit_split.",
    ]
    assert means["kings", "classic"].startswith("The Kings as the Summer '20 notes assess them")
    # A sweep's variant is named by what it sets; an option every variant sets is said once.
    rules = {
        v: f"houses(life=40,players=3,{v})"
        for v in ("kings=enhance", "kings=classic", "kings=option1")
    }
    got = _variant_legend({"variants": rules}, games.game("houses"), list(rules))
    assert [(o["option"], o["all"]) for o in got["options"]] == [("players", "3"), ("kings", None)]
    assert [(v["variant"], v["settings"], v["spelled"]) for v in got["variants"]] == [
        ("kings=enhance", [], True),
        ("kings=classic", ["kings=classic"], True),
        ("kings=option1", ["kings=option1"], True),
    ]


def test_the_report_says_how_each_player_plays(report):
    html = (report / "index.html").read_text()
    players = html.split('id="players"')[1].split("</div>")[0]
    text = re.sub(r"<[^>]+>", "", html_lib.unescape(players))
    assert "greedy: looks one move ahead" in text and "(greedy@v4)" in text
    assert "random: picks any legal move at random: a floor, not a real player" in text
    assert text.count("greedy:") == 1, "each player once, though it plays in two match-ups"


def test_a_rebuilt_report_is_the_same_to_the_last_digit(report, monkeypatch):
    from sim.analysis import frame as analysis
    from sim.reporting.report import build

    # Above the in-memory limit the numbers are streamed: the same numbers to the last bit
    # (comparisons, card values and the chooser's are summed exactly, in any order).
    monkeypatch.setattr(analysis, "IN_MEMORY_GAMES", 0)
    build(report)
    streamed = (report / "answer.json").read_bytes()
    page = (report / "index.html").read_text()
    monkeypatch.undo()
    first = build(report).read_text(), (report / "answer.json").read_bytes()
    again = build(report).read_text(), (report / "answer.json").read_bytes()
    assert first == again
    assert first[0] == page
    assert first[1] == streamed
    assert json.loads(streamed)["comparisons"], "the run compares variants on the same deals"


def test_a_large_run_s_report_is_built_in_a_fresh_process_with_the_same_bytes(report):
    from sim.reporting.report import build, build_after_run

    build(report)
    here = (report / "index.html").read_text(), (report / "answer.json").read_bytes()
    # A run of more games than the in-memory limit: the report is built in another process.
    path = build_after_run(report, games=10**9)
    assert path == report / "index.html"
    assert (path.read_text(), (report / "answer.json").read_bytes()) == here


def test_a_write_error_crosses_from_the_report_s_process_whole():
    import pickle

    from sim.running.runner import WriteError

    e = WriteError(Path("/full/disk/index.html"), OSError(28, "No space left on device"))
    back = pickle.loads(pickle.dumps(e))
    assert isinstance(back, WriteError) and back.path == e.path
    assert str(back) == "cannot write /full/disk/index.html: No space left on device"


def test_a_report_built_apart_raises_what_build_raises_and_runs_no_script_twice(report, tmp_path):
    import sys

    from sim.reporting.report import build_after_run
    from sim.running.runner import RecordsError

    unfinished = tmp_path / "unfinished"
    shutil.copytree(report, unfinished)
    manifest = json.loads((unfinished / "manifest.json").read_text())
    del manifest["cells"]
    (unfinished / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(RecordsError, match="holds an unfinished run"):
        build_after_run(unfinished, games=10**9)
    # A script with no `__main__` guard: its report's process must not run it again.
    runs = tmp_path / "runs.txt"
    script = tmp_path / "unguarded.py"
    script.write_text(
        "from pathlib import Path\n"
        "from sim.reporting.report import build_after_run\n"
        f"with open({str(runs)!r}, 'a') as f:\n"
        "    f.write('ran\\n')\n"
        f"print(build_after_run(Path({str(report)!r}), games=10**9))\n"
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(report / "index.html")
    assert runs.read_text() == "ran\n"
