"""A card's cells without it that play only the deals where it was drawn (`impact: {deals:
drawn}`): the games they play are the full cells' games there, the card values, their gaps and
changes and the verdicts come out exactly as from full cells, at a third of the games; they stop
with the cell they read their deals from, and resume to the same records."""

import json

import polars as pl
import pytest
from conftest import cut_short, records, sim, write

from sim.analysis.names import card_id
from sim.reporting.verdicts.box import verdicts_only
from sim.running.experiment import ExperimentError, load
from sim.running.runner import run

DRAWN = """\
name: drawn
question: Are the Kings balanced?
seed: 11
rules:
  variants:
    - name: "Spring '25 Kings"
    - name: classic Kings
      options: {kings: classic}
  baseline: "Spring '25 Kings"
impact: {cards: [KS, KD], methods: [blank], deals: drawn}
matchups:
  - [greedy, greedy]
games: 3000
chunk_size: 1000
answer:
  measures: [card_value, card_change]
  asks:
    - {ask: balanced, line: 3}
"""
FULL = DRAWN.replace(", deals: drawn", "")


def _drawn(df: pl.DataFrame, card: str) -> pl.Series:
    bit = 1 << card_id(card)
    return ((df["drawn_mask_p1"] & bit) != 0) | ((df["drawn_mask_p2"] & bit) != 0)


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    """The same experiment with full cells and with cells of the drawn deals only."""
    tmp = tmp_path_factory.mktemp("drawn")
    for name, text in (("full", FULL), ("drawn", DRAWN)):
        sim("run", str(write(tmp, text, f"{name}.yaml")), "--output", str(tmp / name), "--quiet")
    return tmp / "full", tmp / "drawn"


def test_a_cell_without_its_card_plays_the_full_cells_games_where_the_card_was_drawn(both):
    full, drawn = (records(o) for o in both)
    for variant in ("Spring '25 Kings", "classic Kings"):
        with_card = full.filter(pl.col("variant") == variant)
        for card in ("KS", "KD"):
            blank = f"{variant} | blank {card}"
            wanted = with_card.filter(_drawn(with_card, card))["game"]
            got = drawn.filter(pl.col("variant") == blank)
            assert got["game"].to_list() == wanted.to_list()
            assert got.equals(
                full.filter(pl.col("game").is_in(wanted) & (pl.col("variant") == blank))
            )
            # About a third of the deals: the rest are not played.
            assert 0.2 < got.height / with_card.height < 0.45
        # The cells with the card are whole.
        assert drawn.filter(pl.col("variant") == variant).equals(with_card)


def test_card_values_gaps_changes_and_verdicts_are_those_of_full_cells(both):
    full, drawn = (json.loads((o / "answer.json").read_text()) for o in both)
    assert drawn["figures"]["card_values"] == full["figures"]["card_values"]
    # The same verdicts (how long more games would take differs: the drawn run is cheaper).
    assert verdicts_only(drawn["verdicts"]) == verdicts_only(full["verdicts"])
    # Every comparison the box reads (gaps between the Kings, each King across variants).
    assert [verdicts_only(p["readings"]) for p in drawn["verdicts"]["parts"]] == [
        verdicts_only(p["readings"]) for p in full["verdicts"]["parts"]
    ]
    m = json.loads((both[1] / "manifest.json").read_text())
    assert m["config"]["impact_deals"] == "drawn"
    games = {c["variant"]: c["games"] for c in m["cells"]}
    assert games["classic Kings"] == 3000 and games["classic Kings | blank KS"] < 1500


def test_a_cell_of_drawn_deals_stops_with_the_cell_it_reads_them_from(tmp_path):
    """Under a stopping rule a cell stops on its own precision: one that plays only the drawn
    deals has far fewer games, and stops when the cell with the card does."""
    text = DRAWN.replace("games: 3000", "until: {ci_halfwidth: 0.02, max_games: 6000}")
    out = tmp_path / "out"
    run(load(write(tmp_path, text), out), workers=2, quiet=True)
    df = records(out)
    for variant in ("Spring '25 Kings", "classic Kings"):
        with_card = df.filter(pl.col("variant") == variant)
        for card in ("KS", "KD"):
            blank = df.filter(pl.col("variant") == f"{variant} | blank {card}")
            assert (
                blank["game"].to_list()
                == with_card.filter(_drawn(with_card, card))["game"].to_list()
            )


def test_a_run_of_drawn_deals_resumes_to_the_same_records(tmp_path, both):
    """Cut after the cells with the card played their last chunk, before the cells without it
    did (the manifest as a killed run leaves it)."""
    cut = tmp_path / "cut"
    late = cut_short(both[1], cut, lambda k: "blank" in k and k.endswith("0000002000.parquet"))
    assert len(late) == 4
    f = write(tmp_path, DRAWN)
    run(load(f, cut), workers=1, quiet=True)
    assert records(cut).equals(records(both[1]))


def test_deals_takes_all_or_drawn(tmp_path):
    with pytest.raises(ExperimentError, match=r"'impact.deals': expected one of all, drawn"):
        load(write(tmp_path, DRAWN.replace("deals: drawn", "deals: some")))
    # Without it a file keeps its configuration (and its hash): every deal is played.
    assert "impact_deals" not in load(write(tmp_path, FULL)).resolved
