"""A King's value branched at its first draw (`impact: {blank_from: draw}`, issue #52): the
blank cells play the game with the King until a player first draws it, then the King without
its power. The engine's side (the very game until the draw, with search players) is pinned in
crates/houses-engine/tests/card_ablation.rs; here, what the file asks reaches the cells' rules, the
records and the report's words, and bad values are one clear error."""

import json

import polars as pl
import pytest
from conftest import cut_short, records, sim, write

from sim.analysis.names import card_id
from sim.running.experiment import ExperimentError, load
from sim.running.runner import execute, run

BRANCHED = """\
name: branched
question: Is the classic King of Spades worth more than the King of Diamonds?
seed: 11
rules:
  options: {kings: classic}
impact: {cards: [KS, KD], methods: [blank], deals: drawn, blank_from: draw}
matchups:
  - [greedy, greedy]
games: 2000
chunk_size: 1000
answer:
  measures: [card_value]
"""


def test_the_blank_cells_rules_say_from_the_draw_and_other_cells_do_not(tmp_path):
    exp = load(write(tmp_path, BRANCHED.replace("[blank]", "[blank, forbid]")))
    rules = exp.resolved["variants"]
    assert "blank=KS" in rules["default | blank KS"]
    assert "blank_from=draw" in rules["default | blank KS"]
    assert "blank_from=deal" in rules["default | forbid KS"]
    assert "blank_from=deal" in rules["default"]
    # Without the key the blank is one from the deal, as before (and the file's hash with it).
    plain = load(write(tmp_path, BRANCHED.replace(", blank_from: draw", "")))
    assert "blank_from=deal" in plain.resolved["variants"]["default | blank KS"]


def test_blank_from_takes_deal_or_draw_and_needs_the_blank_method(tmp_path):
    with pytest.raises(ExperimentError, match=r"'impact.blank_from': expected one of deal, draw"):
        load(write(tmp_path, BRANCHED.replace("blank_from: draw", "blank_from: later")))
    with pytest.raises(
        ExperimentError,
        match=r"'impact.blank_from': applies to the blank method, and methods are forbid",
    ):
        load(write(tmp_path, BRANCHED.replace("[blank]", "[forbid]")))


def test_a_branched_run_plays_from_the_draw_and_says_so(tmp_path):
    out = tmp_path / "out"
    sim("run", str(write(tmp_path, BRANCHED)), "--output", str(out), "--quiet")
    df = records(out)
    blank = df.filter(pl.col("variant") == "default | blank KS")
    assert blank.height > 0
    assert blank["rules"].str.contains("blank_from=draw").all()
    # Each of its games is a deal where the King of Spades was drawn in the game with it.
    bit = 1 << card_id("KS")
    drawn = ((blank["drawn_mask_p1"] & bit) != 0) | ((blank["drawn_mask_p2"] & bit) != 0)
    assert drawn.all()
    answer = json.loads((out / "answer.json").read_text())
    text = " ".join(answer["sentences"])
    assert "the same card blank from its first draw on" in text


SEARCHED = (
    BRANCHED.replace(
        "[greedy, greedy]", "['search(iterations=20,worlds=4)', 'search(iterations=20,worlds=4)']"
    )
    .replace("games: 2000", "games: 120")
    .replace("chunk_size: 1000", "chunk_size: 40")
)


@pytest.fixture(scope="module")
def forked(tmp_path_factory):
    """A run whose blank cells were forked from the games with the Kings, and the same run
    with every blank cell played on its own from the deal (as on Dask)."""
    tmp = tmp_path_factory.mktemp("forked")
    f = write(tmp, SEARCHED)
    calls = []
    with pytest.MonkeyPatch.context() as mp:
        play = execute.play_forked
        mp.setattr(execute, "play_forked", lambda *a: calls.append(a) or play(*a))
        run(load(f, tmp / "forked"), workers=1, quiet=True)
    # Every chunk of the cell with the Kings forked both blanks (120 games, chunks of 40).
    assert [len(c[1]) for c in calls] == [2, 2, 2]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(execute, "_forked_kids", lambda full, sparse: {})
        run(load(f, tmp / "replayed"), workers=1, quiet=True)
    return tmp


def test_blank_cells_forked_at_the_draw_are_the_games_played_from_the_deal(forked):
    a, b = records(forked / "forked"), records(forked / "replayed")
    assert a.filter(pl.col("variant").str.contains("blank")).height > 0
    # The records are the same, so is every figure and verdict read from them.
    assert a.equals(b)


def test_a_run_cut_before_its_forked_chunks_resumes_to_the_same_records(tmp_path, forked):
    """Cut after the games with the Kings wrote their last chunk, before the blank cells' forked
    chunks were written: the blank cells replay those games from the deal, to the same records."""
    cut = tmp_path / "cut"
    late = cut_short(
        forked / "forked", cut, lambda k: "blank" in k and k.endswith("0000000080.parquet")
    )
    assert len(late) == 2
    run(load(write(tmp_path, SEARCHED), cut), workers=1, quiet=True)
    assert records(cut).equals(records(forked / "forked"))
