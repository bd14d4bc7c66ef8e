"""The skill curve: each verdict's figure player by player against the players' ladder ratings
(strategies/ratings.json, written by `sim ladder --write-ratings`), and whether it has stopped
moving with skill."""

from __future__ import annotations

import base64
import json
import re

import pytest

from sim.play import ratings
from sim.reporting.plots import plot_skill
from sim.reporting.verdicts import skill


def _player(name: str, title: str, *readings: tuple[str, float, float, float, float]) -> dict:
    """A box player: per variant its binding figure, interval and the card's worth."""
    return {
        "player": name,
        "player_name": title,
        "readings": [
            {"variant": v, "estimate": e, "lo": lo, "hi": hi, "figure": {"value": worth}}
            for v, e, lo, hi, worth in readings
        ],
    }


def _part(z: float = 2.0) -> dict:
    """KS dominates? The expert first, the strong and the quick player beside it (each
    interval z standard errors wide, as the box reads them)."""
    expert = _player(
        "search_expert",
        "the expert player",
        ("classic", 4.2, 2.2, 6.2, 21.4),  # se 1
        ("Option 2", 0.5, -0.5, 1.5, 0.6),  # se 0.5
        ("Spring", 1.0, -3.0, 5.0, 0.4),  # se 2
    )
    strong = _player(
        "search_fast",
        "the strong player",
        ("classic", -2.4, -4.4, -0.4, 14.6),
        ("Option 2", 0.3, -0.7, 1.3, 0.4),
        ("Spring", -0.5, -4.5, 3.5, 0.2),
    )
    quick = _player(
        "greedy",
        "the quick player",
        ("classic", -2.1, -3.1, -1.1, 7.1),
        ("Option 2", -8.3, -9.3, -7.3, 2.0),
        ("Spring", -0.8, -1.8, 0.2, 0.2),
    )
    return {
        **expert,
        "ask": "dominates",
        "card": "KS",
        "line": 3,
        "unit": "points",
        "others": [strong, quick],
    }


@pytest.fixture
def rated(tmp_path, monkeypatch):
    """A working folder whose strategies/ratings.json rates the three players."""
    (tmp_path / "strategies").mkdir()
    stored = {
        "houses": {
            "ratings": {
                "greedy": {"elo": 0.0, "lo": 0.0, "hi": 0.0},
                "search_fast": {"elo": 196.0, "lo": 150.0, "hi": 240.0},
                "search_expert": {"elo": 360.0, "lo": 320.0, "hi": 400.0},
            }
        }
    }
    (tmp_path / "strategies" / ratings.FILE).write_text(json.dumps(stored))
    monkeypatch.chdir(tmp_path)
    ratings.stored.cache_clear()
    yield
    ratings.stored.cache_clear()


def test_the_two_strongest_players_decide_whether_a_figure_has_converged(rated):
    found = skill.curve(_part(), z=2.0, game="houses")
    assert found is not None and found["by_rating"]
    # Weakest first, at their ratings.
    classic = found["variants"]["classic"]
    assert [(p["player"], p["rating"]) for p in classic] == [
        ("greedy", 0.0),
        ("search_fast", 196.0),
        ("search_expert", 360.0),
    ]
    states = found["states"]
    # classic: the expert 6.6 points above the strong player, +-2*sqrt(1+1) = 2.83: moving.
    assert states["classic"]["state"] == skill.MOVING
    assert states["classic"]["difference"] == pytest.approx(6.6)
    assert states["classic"]["lo"] == pytest.approx(6.6 - 2 * 2**0.5)
    # Option 2: 0.2 apart +- 2*sqrt(0.5) = 1.41: within the 3-point line either way.
    assert states["Option 2"]["state"] == skill.CONVERGED
    # Spring: 1.5 apart +- 2*sqrt(8) = 5.66: neither shown moving nor within the line.
    assert states["Spring"]["state"] == skill.UNTOLD


def test_the_curve_in_words_names_each_player_weakest_first(rated):
    part = _part()
    found = skill.curve(part, z=2.0, game="houses")
    assert skill.sentence(part, found, single=False) == (
        "How it moves with skill: under 'classic', still moving, up with skill: its lead "
        "-2.1 (quick) → -2.4 (strong) → +4.2 (expert); worth to its drawer +7.1 (quick) → "
        "+14.6 (strong) → +21.4 (expert); under 'Option 2', converged, the two strongest within "
        "3 points of each other: its lead -8.3 (quick) → +0.3 (strong) → +0.5 (expert); worth to "
        "its drawer +2.0 (quick) → +0.4 (strong) → +0.6 (expert); under 'Spring', not told "
        "apart, the two strongest 1.5 points apart [-4.2, +7.2]: its lead -0.8 (quick) → -0.5 "
        "(strong) → +1.0 (expert); worth to its drawer +0.2 (quick) → +0.2 (strong) → +0.4 "
        "(expert)."
    )


def test_a_player_without_a_stored_rating_puts_the_curve_in_order_of_strength(rated):
    part = _part()
    part["others"][0] = {**part["others"][0], "player": "search(iterations=50)"}
    found = skill.curve(part, z=2.0, game="houses")
    assert found is not None and not found["by_rating"]
    assert found["variants"]["classic"][1]["rating"] is None


def test_one_player_or_only_mixed_match_ups_have_no_curve(rated):
    alone = {**_part(), "others": []}
    assert skill.curve(alone, z=2.0, game="houses") is None
    mixed = {**_part(), "others": [{**_part()["others"][0], "player": "greedy v random"}]}
    assert skill.curve(mixed, z=2.0, game="houses") is None


def test_the_ladder_writes_the_ratings_reports_read(tmp_path, monkeypatch):
    from conftest import sim

    (tmp_path / "strategies").mkdir()
    monkeypatch.chdir(tmp_path)
    r = sim("ladder", "--agents", "random,greedy", "--games", "100", "--write-ratings")
    assert f"ratings: {tmp_path / 'strategies' / ratings.FILE}" in r.stderr
    stored = json.loads((tmp_path / "strategies" / ratings.FILE).read_text())["houses"]
    assert stored["command"] == "sim ladder --agents random,greedy --games 100 --write-ratings"
    assert stored["anchor"] == "random" and stored["ratings"]["random"]["elo"] == 0.0
    assert stored["ratings"]["greedy"]["elo"] > 400  # greedy wins nearly every game
    assert stored["pairs"]["random v greedy"]["games"] == 100
    ratings.stored.cache_clear()
    assert ratings.rating("greedy") == stored["ratings"]["greedy"]["elo"]
    assert ratings.rating("search_expert") is None
    ratings.stored.cache_clear()


def test_ratings_are_stored_for_the_default_rules_only():
    from conftest import sim

    r = sim(
        "ladder", "--agents", "random,greedy", "--rules", "life=30", "--write-ratings", check=False
    )
    assert r.returncode == 2
    assert r.stderr.strip() == (
        "error: --write-ratings stores the ladder of the game's default rules at two players: "
        "drop --rules life=30"
    )


def test_a_run_with_two_players_shows_its_skill_curve_and_says_whose_verdicts(tmp_path):
    from conftest import sim, write

    p = write(
        tmp_path,
        """\
name: two_players
question: Is the first player favoured?
seed: 3
rules:
  variants:
    - name: base
    - name: classic
      options: {kings: classic}
matchups:
  - [greedy, greedy]
  - [search_fast, search_fast]
games: 200
chunk_size: 200
answer:
  measures: [first_player]
""",
    )
    out = tmp_path / "out"
    lines = sim("run", str(p), "--output", str(out), "--quiet").stdout.splitlines()
    # Whose verdicts, first; the curve's line in the part, after the other player's.
    assert lines[:2] == [
        "Is the first player favoured?",
        "  The strong player's verdicts, the strongest player this run has; the quick player "
        "beside it.",
    ]
    box = json.loads((out / "answer.json").read_text())["verdicts"]
    part = box["parts"][0]
    curve = part["skill"]
    assert [q["player"] for q in curve["variants"]["base"]] == ["greedy", "search_fast"]
    assert set(curve["states"]) == {"base", "classic"}
    assert part["skill"]["text"].startswith("How it moves with skill: under 'base', ")
    assert any(line.strip().startswith("How it moves with skill: under 'base', ") for line in lines)
    html = (out / "index.html").read_text()
    # The curve is the picture of the answer, beside the box (no card values to show).
    assert html.index('id="verdicts"') < html.index('id="picture"') < html.index('id="answer"')
    assert 'data-kind="skill"' in html
    assert 'class="agree skill">How it moves with skill: ' in html


def test_a_skill_figure_that_rounds_to_zero_is_plus_zero():
    from sim.reporting.verdicts.skill import _chain

    points = [
        {"estimate": -0.04, "player_name": "the quick player"},
        {"estimate": 1.26, "player_name": "the expert player"},
    ]
    assert _chain(points, "estimate") == "+0.0 (quick) → +1.3 (expert)"


def _drawn_skill(variants: int) -> str:
    """The skill picture of one part with `variants` lines, as SVG text."""
    points = [
        {"rating": r, "estimate": 1.0, "lo": 0.0, "hi": 2.0, "player_name": f"the {n} player"}
        for r, n in ((1000.0, "quick"), (1300.0, "strong"), (1500.0, "expert"))
    ]
    part = {
        "ask": "changes",
        "card": "KS",
        "measure": "card_value",
        "question": "Does it change?",
        "unit": "points",
        "skill": {
            "line": 3.0,
            "by_rating": True,
            "variants": {f"rule set {i}": points for i in range(variants)},
        },
    }
    svg = plot_skill([part])
    return base64.b64decode(svg.split(",", 1)[1]).decode()


def test_a_skill_panel_with_many_lines_keeps_its_legend_under_the_plot():
    """With many variants the legend would cover the lines: it goes under the panel, which
    grows to hold it."""

    def height(svg: str) -> float:
        return float(re.search(r'height="([\d.]+)pt"', svg)[1])

    few, many = _drawn_skill(3), _drawn_skill(18)
    assert height(many) > height(few) + 50  # nine legend rows under the panel
    assert "rule set 17" in many
