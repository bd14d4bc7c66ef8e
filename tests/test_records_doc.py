"""docs/records.md documents every column of the records, of every game, with its type: the
columns of a small run of each game are compared with the doc's tables, both ways."""

import re
from pathlib import Path

import polars as pl
import pytest

import sim
from sim import games
from sim.api import SUMMARY_SCHEMA

# The doc's sections whose tables describe each game's raw columns.
GAME_SECTIONS = {
    "houses": ["Houses-Skirmish (`houses`)", "Houses-Skirmish's decisions"],
    "battle_cards": ["Battle Cards (`battle_cards`)"],
    "house_of_suits": ["House of Suits (`house_of_suits`)"],
}


def documented(root: Path) -> dict[str, dict[str, str]]:
    """Per section (its `##` or `###` heading): each column a table row names in its first
    cell, with the type in its second."""
    sections: dict[str, dict[str, str]] = {}
    rows: dict[str, str] = {}
    for line in (root / "docs" / "records.md").read_text().splitlines():
        if heading := re.match(r"#{2,3} (.+)", line):
            rows = sections.setdefault(heading.group(1), {})
        elif line.startswith("| `"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            for name in re.findall(r"`([^`]+)`", cells[0]):
                assert name not in rows, f"{name} documented twice"
                rows[name] = cells[1]
    return sections


def types(schema: dict[str, pl.DataType]) -> dict[str, str]:
    return {name: str(dtype) for name, dtype in schema.items()}


def experiment(game: str) -> dict:
    return {
        "name": f"doc_{game}",
        "question": "What columns do the records have?",
        "game": game,
        "seed": 5,
        "matchups": [["greedy", "random"]],
        "games": 6,
    }


@pytest.fixture(scope="module")
def doc() -> dict[str, dict[str, str]]:
    return documented(Path(__file__).resolve().parent.parent)


@pytest.mark.parametrize("game", games.NAMES)
def test_every_raw_column_of_every_game_is_documented_with_its_type(game, doc, tmp_path):
    results = sim.run_experiment(experiment(game), tmp_path / game, progress=False)
    raw = results.records(decoded=False)
    expected = dict(doc["Every game"])
    for section in GAME_SECTIONS[game]:
        expected.update(doc[section])
    actual = types(dict(raw.schema))
    assert sorted(set(actual) - set(expected)) == [], "columns docs/records.md does not describe"
    assert sorted(set(expected) - set(actual)) == [], "columns docs/records.md has in excess"
    assert actual == expected, "types in docs/records.md"
    # The batch's records (sim.play_games) are the same, without an experiment's two columns.
    batch = sim.play_games(3, ("greedy", "random"), game=game)
    assert types(dict(batch.schema)) == {
        k: v for k, v in expected.items() if k not in ("cell", "variant")
    }


@pytest.mark.parametrize("game", games.NAMES)
def test_every_decoded_column_is_documented_with_its_type(game, doc, tmp_path):
    results = sim.run_experiment(experiment(game), tmp_path / game, progress=False)
    raw = results.records(decoded=False)
    decoded = results.records()
    added = types({k: v for k, v in decoded.schema.items() if k not in raw.columns})
    expected = dict(doc["Decoded columns"])
    if game == "houses":
        expected.update(doc["Decoded cards (Houses-Skirmish)"])
    assert added == expected
    assert decoded.columns[: raw.width] == raw.columns, "raw columns first, all kept"


def test_every_summary_column_is_documented_with_its_type(doc):
    assert types(SUMMARY_SCHEMA) == doc["The per-cell summary"]


def test_the_doc_has_no_table_of_columns_this_test_does_not_check(doc):
    checked = {"Every game", "Decoded columns", "Decoded cards (Houses-Skirmish)"}
    checked |= {s for sections in GAME_SECTIONS.values() for s in sections}
    checked.add("The per-cell summary")
    assert {s for s, rows in doc.items() if rows} == checked
