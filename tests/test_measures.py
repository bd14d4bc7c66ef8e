"""The measure registry: one record a measure, read by validation, the defaults, the asks and
the answer's writers (`sim/analysis/measures.py`, `sim/reporting/answer/writers.py`)."""

from __future__ import annotations

import dataclasses

import pytest

from sim.analysis import measures
from sim.analysis.measures import ALL, LISTED, AskContext, Measure, Shape
from sim.reporting.answer.writers import WRITERS, writes

PLAIN = Shape(
    impact=False,
    several=False,
    mirror=True,
    suit_split=False,
    many_players=False,
    can_end_drawn=False,
)


def test_every_measure_a_file_may_name_has_one_writer():
    import sim.reporting.answer  # noqa: F401  (imports every writer's module)

    assert set(WRITERS) == set(LISTED)


def test_a_second_writer_for_a_measure_is_refused():
    with pytest.raises(ValueError, match="two writers for the measure 'rounds'"):
        writes("rounds")(lambda f: ([], []))


@pytest.mark.parametrize(
    "changes, expected",
    [
        ({}, ["first_player"]),
        ({"mirror": False}, ["a_wins"]),
        ({"several": True, "can_end_drawn": True}, ["first_player", "no_winner", "rounds"]),
        # A table of three or four reads its seats first.
        ({"many_players": True, "several": True}, ["seats", "first_player", "rounds"]),
        # Cards taken out: the answer is about cards, whatever else the file has.
        ({"impact": True, "several": True, "can_end_drawn": True}, ["card_value", "card_change"]),
        ({"impact": True}, ["card_value"]),
        ({"suit_split": True, "several": True}, ["house"]),
    ],
)
def test_an_experiments_shape_picks_its_default_measures(changes, expected):
    assert measures.default_measures(dataclasses.replace(PLAIN, **changes)) == expected


def test_each_measure_asks_its_own_questions_each_once():
    ctx = AskContext(cards=[], focus=None, several=True)
    assert measures.default_asks(["first_player", "rounds", "seats"], ctx) == [
        {"ask": "favoured", "of": "first_player"},
        {"ask": "changes", "measure": "first_player"},
        {"ask": "changes", "measure": "rounds"},
        # The seats are asked whether one is favoured, not whether a rule changes them.
        {"ask": "favoured", "of": "seat"},
    ]
    alone = AskContext(cards=[], focus=None, several=False)
    assert measures.default_asks(["rounds", "rounds", "slog"], alone) == [{"ask": "cures"}]
    cards = AskContext(cards=["KS", "KD"], focus="KS", several=True)
    assert measures.default_asks(["card_value", "card_change"], cards) == [
        {"ask": "dominates", "card": "KS"},
        {"ask": "changes", "measure": "card_value", "card": "KS"},
    ]


def test_what_a_measure_reads_besides_a_games_length():
    assert measures.compared_units(["slog"]) == {"turns", "cards", "points"}
    assert measures.compared_units(["big_attacks"]) == {"points", "damage"}
    assert measures.compared_units(["first_player", "card_value"]) == set()


def test_a_new_measure_is_its_record(monkeypatch, tmp_path):
    """A record alone makes a measure a file may name, with the game it needs checked and the
    questions it asks (the writer is the one other source file: the test above)."""
    from sim.running.experiment import ExperimentError, load

    pace = Measure(
        "pace",
        "cards played a late turn",
        "turns",
        changed="the late game's pace",
        column="late_turns",
        needs="Houses-Skirmish (its pace records)",
        asks=lambda m, ctx: [{"ask": "changes", "measure": m.name}],
    )
    for table in (ALL, LISTED):
        monkeypatch.setitem(table, "pace", pace)
    monkeypatch.setitem(measures.CHANGES, "pace", "late_turns")
    ctx = AskContext(cards=[], focus=None, several=True)
    assert measures.default_asks(["pace"], ctx) == [{"ask": "changes", "measure": "pace"}]
    f = tmp_path / "pace.yaml"
    f.write_text(
        "name: pace\nquestion: Who wins?\nseed: 1\ngame: battle_cards\nmatchups:\n"
        "  - [greedy, random]\ngames: 10\nanswer: {measures: [pace]}\n"
    )
    with pytest.raises(ExperimentError, match=r"answer.measures': pace needs Houses-Skirmish"):
        load(f)
