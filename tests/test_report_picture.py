"""The verdict box's picture and the page's words: the picture of the answer beside the box at
a desktop width and under it on a phone, the tables at the page's width (headless Chromium), and
each term defined where it first appears, with where each line is set."""

import json
import os
import re
from pathlib import Path

import pytest
from conftest import NO_CHROMIUM, browse, chromium, sim

# Two players (each against itself) and the four Kings' values: the box's parts are about
# cards, so its picture is each King's value per rule set and player.
EXP = """\
name: kings_picture
question: Does one King dominate under the classic Kings?
seed: 7
rules:
  variants:
    - name: base
    - name: classic
      options: {kings: classic}
impact: {cards: [KS, KC, KD, KH], methods: [blank], deals: drawn}
matchups:
  - [greedy, greedy]
  - [aggressive, aggressive]
games: 400
chunk_size: 400
answer:
  measures: [card_value]
  asks:
    - {ask: dominates, card: KS}
    - {ask: balanced, line: 4}
"""


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("picture")
    (d / "kings.yaml").write_text(EXP)
    out = d / "out"
    sim("run", str(d / "kings.yaml"), "--output", str(out), "--quiet")
    return out


def test_the_picture_of_the_answer_sits_with_the_box(report):
    html = (report / "index.html").read_text()
    box = html.index('id="verdicts"')
    pic = html.index('id="picture"')
    # In the box's row, before the answer's detail; the card values' picture, with a caption.
    assert box < pic < html.index('id="answer"')
    assert 'data-kind="card values"' in html
    assert re.search(r'<figure class="picture"[^>]*><img alt="[^"]+" src="data:image/svg', html)
    assert "each card&#39;s value to the player who draws it" in html


def test_each_term_is_defined_where_it_first_appears(report):
    html = (report / "index.html").read_text()
    page = html[html.index("<body>") :]
    text = re.sub(r"<[^>]+>", "", page)
    for term in ("points", "per setup", "The line", "the quick player", "the aggressive player"):
        defined = re.search(rf"<dfn>{term}</dfn>", page, re.I)
        assert defined, term
        # Defined once, at its first use on the page.
        assert len(re.findall(rf"<dfn>{term}</dfn>", page, re.I)) == 1
    first_points = re.search(r"\d points", text)
    assert first_points and text[first_points.end() :].lstrip().startswith(
        "(percentage points of win rate"
    )
    assert "(a setup: one rule set played by one match-up" in text
    # The quick player: named in the box's first line, how it plays one tap under it (the
    # players' definitions set apart, so that a phone's first screen reaches a verdict).
    whose = re.search(
        r'<p class="whose">(.*?)</p><details class="players"><summary>(.*?)</summary>(.*?)'
        r"</details>\s*<div class=\"part\"",
        page,
        re.S,
    )
    assert whose and "<dfn>The quick player</dfn>" in whose[1] and "(" not in whose[1]
    assert "looks one move ahead" in whose[3] and "<code>greedy</code>" in whose[3]


def test_each_part_says_where_its_line_is_set(report):
    html = (report / "index.html").read_text()
    lines = re.findall(r'<p class="line">(.*?)</p>', html, re.S)
    assert len(lines) == 2
    # Under the part's verdicts, so that a phone's first screen reaches the first one.
    assert html.index('<b class="v v-') < html.index('<p class="line">')
    # The file set the balance part's line (4 points), not the dominance part's (the default).
    assert "the default of a <code>dominates</code> part" in lines[0]
    assert "<code>answer.asks: [{ask: dominates, card: KS, line: N}]</code>" in lines[0]
    assert "set in the file: <code>answer.asks: [{ask: balanced, line: 4}]</code>" in lines[1]
    box = json.loads((report / "answer.json").read_text())["verdicts"]
    assert [p["line_set"].split(":")[0] for p in box["parts"]] == [
        "the default of a `dominates` part; a team sets its own in the file",
        "set in the file",
    ]


# Runs in the report (in a frame of the width asked for): where the box and the picture sit
# and how wide the tables are against the page's content (every section opened first).
CHECK = """<script>
window.addEventListener("load", () => {
  document.querySelectorAll("details").forEach(d => { d.open = true; });
  const r = el => el.getBoundingClientRect();
  const body = getComputedStyle(document.body);
  const content = r(document.body).width - parseFloat(body.paddingLeft)
    - parseFloat(body.paddingRight);
  const box = r(document.getElementById("verdicts"));
  const pic = r(document.getElementById("picture"));
  const widths = {};
  for (const id of ["measures", "cells", "comparisons", "card_values"]) {
    const t = document.getElementById(id);
    if (t) widths[id] = Math.round(1000 * r(t).width / content) / 1000;
  }
  parent.postMessage(JSON.stringify({
    width: document.documentElement.clientWidth,
    page_overflow: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    beside: pic.left >= box.right - 1 && pic.top < box.top + 40,
    below: pic.top >= box.bottom - 1,
    picture_width: Math.round(pic.width), content: Math.round(content), widths,
  }), "*");
});
</script>"""


def _browse(report: Path, tmp: Path, width: int) -> dict:
    return browse(report / "index.html", CHECK, tmp, width, 900, f"picture_{width}px.png")[0]


@pytest.mark.skipif(not chromium() and not os.environ.get("CI"), reason=NO_CHROMIUM)
def test_the_picture_beside_the_box_and_the_tables_at_the_page_width_in_chromium(report, tmp_path):
    desk = _browse(report, tmp_path, 1280)
    assert desk["width"] == 1280 and not desk["page_overflow"]
    assert desk["beside"], desk
    # The picture a good share of the row; each main table the content's width.
    assert desk["picture_width"] > 0.3 * desk["content"], desk
    assert desk["widths"] and all(w >= 0.9 for w in desk["widths"].values()), desk
    phone = _browse(report, tmp_path, 375)
    assert phone["width"] == 375 and not phone["page_overflow"], phone
    assert phone["below"] and not phone["beside"], phone


def test_a_glossary_defines_each_term_once_and_players_where_their_clause_ends():
    from sim.reporting import terms
    from sim.reporting.formats import commands

    g = terms.Glossary(
        {
            "the quick player": "the quick player, `greedy`: looks one move ahead",
            "the strong player": "the strong player, `search_fast`: plans",
        }
    )
    said = str(g("The strong player's verdicts; the quick player beside it."))
    # The term itself marked, its meaning at the end of the clause that names it.
    assert said == (
        "<dfn>The strong player</dfn>&#39;s verdicts "
        '<span class="def">(the strong player, <code>search_fast</code>: plans)</span>; '
        "<dfn>the quick player</dfn> beside it "
        '<span class="def">(the quick player, <code>greedy</code>: looks one move ahead)</span>.'
    )
    first = str(g(commands("`sim run a --budget 3 points`: +2.0 points; 400 more per setup")))
    assert first.count("<dfn>") == 2 and "(a setup: one rule set" in first
    # A command is left as it is: the first "points" defined is the text's.
    assert first.startswith("<code>sim run a --budget 3 points</code>: +2.0 <dfn>points</dfn>")
    # Once defined, a term is not defined again; "on the line" is a verdict, not the line.
    again = str(g("+1.0 points per setup, On the line; the line"))
    assert again.count("<dfn>") == 1 and "<dfn>the line</dfn>" in again


def test_the_readme_and_findings_define_the_words_above_their_verdicts(root):
    from sim.reporting import terms

    legend = terms.legend()
    assert legend.startswith("*Points* are percentage points of win rate")
    assert "the expert player (`search_expert`)" in legend and "`answer.asks`" in legend
    readme = (root / "README.md").read_text()
    table = readme.split("<!-- answers: generated")[1]
    assert table.index(legend) < table.index("| question |")
    findings = (root / "docs" / "findings.md").read_text()
    assert findings.index(legend) < findings.index("**Not settled**")
