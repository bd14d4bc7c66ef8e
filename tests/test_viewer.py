"""The replay viewer: `sim replay --html`, stepped through in headless Chromium."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import NO_CHROMIUM, chromium

from sim.play import replays
from sim.play.batch import replay
from sim.play.engine import canonical_rules
from sim.reporting import viewer

SIM = str(Path(sys.executable).parent / "sim")

# Runs in the page once it has loaded: Next three times, Right arrow twice, Left arrow once
# (step 5 of the game, index 4), then reports what is shown; --dump-dom prints the result.
CHECK = """<script>
window.addEventListener("load", () => {
  const next = document.getElementById("next");
  for (let i = 0; i < 3; i++) next.click();
  const key = k => document.dispatchEvent(new KeyboardEvent("keydown", {key: k}));
  key("ArrowRight"); key("ArrowRight"); key("ArrowLeft");
  const out = document.createElement("pre");
  out.id = "browser-check";
  out.textContent = JSON.stringify({
    step: document.getElementById("step").textContent,
    index: document.body.dataset.step,
    now: Array.from(document.querySelectorAll("#log .now")).map(d => d.textContent),
    board: document.getElementById("board").textContent,
    overflow: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    address: location.hash,
  });
  document.body.append(out);
});
</script>"""


def _browse(page: Path, width: int, fragment: str = "") -> dict:
    checked = page.with_name("checked.html")
    checked.write_text(page.read_text().replace("</body>", CHECK + "</body>"))
    dom = subprocess.run(
        [chromium() or "chromium", "--headless", "--no-sandbox", "--disable-gpu"]
        + [f"--window-size={width},900", "--virtual-time-budget=5000", "--dump-dom"]
        + [checked.as_uri() + fragment],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    m = re.search(r'<pre id="browser-check">(.*?)</pre>', dom, re.S)
    assert m, "the check script ran"
    return json.loads(m.group(1).replace("&quot;", '"').replace("&amp;", "&"))


def test_the_page_holds_the_whole_game_and_needs_nothing_else(tmp_path):
    out = tmp_path / "game.html"
    r = subprocess.run(
        [SIM, "replay", "--seed", "1", "--html", str(out)], capture_output=True, text=True
    )
    assert r.returncode == 0, r.stderr
    page = out.read_text()
    log, _ = replay(1, ("greedy", "greedy"), "")
    data = json.loads(re.search(r'id="data">(.*?)</script>', page, re.S).group(1))
    assert data["log"] == log and data["steps"][-1]["outcome"]["winner"] in log[-1]
    # Offline: no address of anything outside the page.
    assert not re.search(r"""(src|href)=|https?://|@import|url\(""", page)


@pytest.mark.skipif(not chromium(), reason=NO_CHROMIUM)
@pytest.mark.parametrize("width", [1100, 500])
def test_stepping_through_a_game_in_headless_chromium(tmp_path, width):
    rules = canonical_rules("")
    log, _ = replay(1, ("greedy", "greedy"), rules)
    moves = replays.moves_of(log)
    page = viewer.write(tmp_path / "game.html", rules, 1, moves, ["greedy", "greedy"])
    _, steps = viewer.steps_of(rules, 1, moves)
    shown = _browse(page, width)
    assert shown["step"] == f"step 5 / {len(steps)}" and shown["index"] == "4"
    # The log lines of that step are the ones highlighted, and its board is drawn.
    assert shown["now"] == log[steps[3]["upto"] : steps[4]["upto"]]
    assert f"life {steps[4]['players']['P1']['life']}" in shown["board"]
    assert not shown["overflow"]
    # The address names the step shown, and a link to a step opens it.
    assert shown["address"] == "#step=5"
    if width == 1100:
        linked = _browse(page, width, "#step=9")
        assert linked["index"] == "12" and linked["address"] == "#step=13"


def test_a_saved_game_opens_in_the_viewer(tmp_path):
    rules = canonical_rules("")
    log, _ = replay(7, ("random", "greedy"), rules)
    saved = replays.save(
        tmp_path / "g.json", rules, 7, ("random", "greedy"), replays.moves_of(log), None
    )
    out = tmp_path / "g.html"
    r = subprocess.run(
        [SIM, "replay", "--file", str(saved), "--html", str(out)], capture_output=True, text=True
    )
    assert r.returncode == 0, r.stderr
    data = json.loads(re.search(r'id="data">(.*?)</script>', out.read_text(), re.S).group(1))
    assert data["log"] == log


# What each other game's board must show of step `s` (both seats played by greedy).
OTHER_GAMES = {
    "battle_cards": lambda s: [
        f"{p} (greedy)  life {s['players'][p]['life']}" for p in ("P1", "P2")
    ]
    + [f"draw {s['players']['P1']['draw']} · discard {s['players']['P1']['discard']}"],
    "house_of_suits": lambda s: [
        f"{p} (greedy)  score {s['players'][p]['score']}" for p in ("P1", "P2")
    ]
    + [f"game {s['match_game']} of {s['games']}", "market" + "".join(c + " " for c in s["market"])]
    + [f"{x['suit']} {x['total']} {x['role']}" for x in s["suits"]],
}


@pytest.mark.parametrize("game", sorted(OTHER_GAMES))
def test_the_other_games_replay_as_pages_too(tmp_path, game):
    out = tmp_path / "game.html"
    r = subprocess.run(
        [SIM, "replay", "--game", game, "--seed", "2", "--agents", "greedy,random"]
        + ["--html", str(out)],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr
    page = out.read_text()
    log, record = replay(2, ("greedy", "random"), canonical_rules("", game), game)
    data = json.loads(re.search(r'id="data">(.*?)</script>', page, re.S).group(1))
    assert data["game"] == game and data["log"] == log
    assert data["steps"][-1]["outcome"]["winner"] == {0: "P1", 1: "P2"}.get(
        record["winner"], "draw"
    )
    assert not re.search(r"""(src|href)=|https?://|@import|url\(""", page)


@pytest.mark.skipif(not chromium(), reason=NO_CHROMIUM)
@pytest.mark.parametrize("width", [1100, 500])
@pytest.mark.parametrize("game", sorted(OTHER_GAMES))
def test_stepping_through_the_other_games_in_headless_chromium(tmp_path, game, width):
    rules = canonical_rules("", game)
    log, moves = replays.played(rules, 4, ("greedy", "greedy"))
    page = viewer.write(tmp_path / "game.html", rules, 4, moves, ["greedy", "greedy"])
    full, steps = viewer.steps_of(rules, 4, moves)
    assert full == log
    shown = _browse(page, width)
    assert shown["step"] == f"step 5 / {len(steps)}" and shown["index"] == "4"
    assert shown["now"] == log[steps[3]["upto"] : steps[4]["upto"]]
    for text in OTHER_GAMES[game](steps[4]):
        assert text in shown["board"], (text, shown["board"])
    assert not shown["overflow"]
    assert shown["address"] == "#step=5"
