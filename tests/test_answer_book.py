"""The answer book (sim/reporting/answer_book.py, book_reasons.py): the catalogue of designer
questions and its errors, the standing verdict a question, the measured reason a reading says
otherwise, and the README's table, one row a question."""

from __future__ import annotations

import json

import polars as pl
import pytest
from conftest import ROOT

import sim
from sim.analysis.card_use import card_use, telling_kind
from sim.reporting import answer_book as ab
from sim.reporting.book_reasons import card_sentence

# --- the catalogue and its errors ------------------------------------------------------------


def _catalogue(tmp_path, text):
    (tmp_path / "experiments").mkdir(exist_ok=True)
    (tmp_path / "experiments" / "k.yaml").write_text("name: k\n")
    f = tmp_path / "questions.yaml"
    f.write_text(text)
    return f


GOOD = """questions:
  - id: q1
    question: "Is King 'Option 2' balanced?"
    answers:
      - {file: k.yaml, part: "Are the Kings balanced?", variant: Option 2 Kings}
"""


def test_a_good_catalogue_reads(tmp_path):
    f = _catalogue(tmp_path, GOOD)
    [q] = ab.catalogue(f, tmp_path / "experiments")
    assert q["answers"][0]["variant"] == "Option 2 Kings"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("asks: []\n", "needs a list 'questions' at its top"),
        (GOOD + "extra: 1\n", "unknown key 'extra'"),
        (
            GOOD.replace("    question:", "    words:"),
            "questions[0]: unknown key 'words' (known: id, question, answers)",
        ),
        (
            "questions:\n  - {question: Q, answers: [{file: k.yaml, part: P}]}\n",
            "questions[0]: missing 'id'",
        ),
        (
            GOOD.replace("variant: Option 2", "varaint: Option 2"),
            "question 'q1', answers[0]: unknown key 'varaint' (known: file, part, variant)",
        ),
        (GOOD.replace("part: ", "prt: "), "question 'q1', answers[0]: unknown key 'prt'"),
        (GOOD.replace("file: k.yaml", "file: missing.yaml"), "answers[0]: no experiment file"),
        (GOOD + GOOD.replace("questions:\n", ""), "question 'q1': the id is used twice"),
        (
            GOOD.replace("    answers:\n      - {", "    answers: []\n    x: {"),
            "questions[0]: unknown key 'x'",
        ),
    ],
)
def test_a_catalogue_error_names_the_file_the_question_and_the_key(tmp_path, text, message):
    f = _catalogue(tmp_path, text)
    with pytest.raises(ValueError) as e:
        ab.catalogue(f, tmp_path / "experiments")
    assert str(e.value).startswith(str(f))
    assert message in str(e.value)


def test_a_question_with_no_answer_is_an_error(tmp_path):
    f = _catalogue(tmp_path, GOOD.replace("    answers:\n      - {", "    answers: []\n#"))
    with pytest.raises(ValueError, match=r"question 'q1': 'answers' lists one answer or more"):
        ab.catalogue(f, tmp_path / "experiments")


def _entry(file="k.yaml", verdicts=None, others=None, player="the expert player", strength=5):
    part = {
        "question": "Are the Kings balanced?",
        "player": player,
        "strength": strength,
        "agent": "search_expert",
        "ask": "balanced",
        "verdicts": verdicts
        or [{"variant": "Option 2 Kings", "verdict": "not settled", "text": "t", "games": 100}],
        "agreement": [],
        "others": others or [],
    }
    return {"file": file, "question": "Q?", "date": "2026-12-07", "parts": [part]}


def test_an_answer_naming_a_part_or_variant_the_file_lacks_is_an_error(tmp_path):
    q = [{"id": "q1", "question": "Q", "answers": [{"file": "k.yaml", "part": "Nope?"}]}]
    with pytest.raises(ValueError, match=r"k.yaml has no part 'Nope\?' \(its parts: Are the"):
        ab.check_parts(q, [_entry()])
    q[0]["answers"][0] = {"file": "k.yaml", "part": "Are the Kings balanced?", "variant": "x"}
    with pytest.raises(ValueError, match=r"has no variant 'x' \(its variants: Option 2 Kings\)"):
        ab.check_parts(q, [_entry()])
    ab.check_parts(q, [])  # a file not run yet is not checked


# --- the standing verdict ------------------------------------------------------------------------


def _r(player, strength, verdict, games=1000, estimate=None, lo=None, hi=None, figure=None):
    return ab.Reading(
        file="k.yaml", part="P?", variant="V", player=player, agent=None, strength=strength,
        verdict=verdict, text=verdict, date="2026-12-07", estimate=estimate, lo=lo, hi=hi,
        games=games, figure=figure,
    )  # fmt: skip


def test_an_unsettled_stronger_reading_stands_over_a_settled_weaker_one():
    # Verdicts move with strength: the expert's Not settled stands, the quick player's No
    # beside it (with why they differ).
    quick, expert = _r("quick", 1, "no"), _r("expert", 5, "not settled")
    assert ab.standing([expert, quick]) is expert
    # Among the strongest player's readings (two files), a settled one first.
    few = _r("expert", 5, "no", games=800)
    assert ab.standing([expert, quick, few]) is few


def test_the_strongest_settled_reading_stands():
    quick, strong, expert = _r("quick", 1, "no"), _r("strong", 2, "yes"), _r("expert", 5, "no")
    assert ab.standing([quick, strong, expert]) is expert
    line = _r("strong", 2, "on the line")
    assert ab.standing([quick, line]) is line  # On the line is settled


def test_with_none_settled_the_strongest_stands_with_its_state():
    strong, expert = _r("strong", 2, "not settled"), _r("expert", 5, "not settled")
    assert ab.standing([strong, expert]) is expert


def test_a_tie_goes_to_more_games():
    few, many = _r("quick", 1, "no", games=5000), _r("quick", 1, "no", games=400000)
    assert ab.standing([few, many]) is many
    assert ab.standing([]) is None


def test_a_card_value_outside_the_standing_range_disagrees():
    f = {"card": "KH", "value": 10.0, "other": "KD", "other_value": 0.0}
    top = _r("quick", 1, "no", estimate=10.0, lo=9.1, hi=10.8, figure=f)
    assert not ab.disagrees(top, _r("quick", 1, "no", estimate=10.2, figure=f))
    assert ab.disagrees(top, _r("expert", 5, "no", estimate=5.0, figure=f))
    assert ab.disagrees(top, _r("expert", 5, "not settled", estimate=10.0, figure=f))


def test_a_book_row_keeps_weaker_players_and_other_files():
    expert = _entry(
        verdicts=[{"variant": "Option 2 Kings", "verdict": "not settled", "text": "3.1 apart"}],
        others=[
            {
                "player": "the quick player",
                "agent": "greedy",
                "strength": 1,
                "verdicts": [
                    {
                        "variant": "Option 2 Kings",
                        "verdict": "no",
                        "estimate": 10.2,
                        "lo": 7.4,
                        "hi": 13.1,
                        "games": 5000,
                        "figure": {"card": "KH", "value": 10.3, "other": "KD", "other_value": 0.1},
                    }
                ],
            }
        ],
    )
    q = {
        "id": "option2",
        "question": "Is Option 2 balanced?",
        "answers": [
            {"file": "k.yaml", "part": "Are the Kings balanced?", "variant": "Option 2 Kings"}
        ],
    }
    [row] = ab.book([q], [expert], lambda top, r: {"reason": "why", "measured": False})
    assert row["standing"]["player"] == "the expert player"
    assert row["standing"]["text"] == "3.1 apart"
    # The weaker player, whose verdict is another, is kept beside it in words from its numbers.
    [d] = row["disagree"]
    assert (d["player"], d["verdict"], d["reason"]) == ("the quick player", "no", "why")
    assert d["text"] == (
        "from the King of Hearts +10.3 to the King of Diamonds +0.1, 10.2 points apart "
        "[+7.4, +13.1]"
    )


# --- a reason measured from records -------------------------------------------------------------


@pytest.fixture(scope="module")
def played():
    """Option 2 Kings, the King of Hearts live and a blank, on the same deals: the quick
    player's games and the random player's."""
    out = {}
    for agent in ("greedy", "random"):
        for rules in ("houses(kings=share_trait)", "houses(kings=share_trait,blank=KH)"):
            out[agent, "blank" in rules] = sim.play_games(
                400, (agent, agent), seed=58, rules=rules, swap_seats=True
            )
    return out


def _direct(df, agent, kind):
    """The drawers of the King of Hearts in `df`, by polars directly."""
    bit = 1 << 38  # KH: 13 * 2 (Hearts) + 13 - 1
    rows = pl.concat(
        df.filter(pl.col(f"agent_p{s}") == agent, (pl.col(f"drawn_mask_p{s}") & bit) > 0).select(
            ((pl.col(f"deployed_mask_p{s}") & bit) > 0).alias("deployed"),
            pl.col(f"taken_{kind}_p{s}").cast(pl.Float64).alias("kind"),
            pl.col("rounds").cast(pl.Float64),
        )
        for s in (1, 2)
    )
    return rows.height, rows["deployed"].mean(), rows["kind"].mean(), rows["rounds"].mean()


def test_a_card_reason_says_what_each_player_does_with_the_card(played):
    quick = card_use(played["greedy", False], played["greedy", True], "KH", "greedy")
    rand = card_use(played["random", False], played["random", True], "KH", "random")
    kind = telling_kind(quick, rand)
    assert kind is not None and kind not in ("end", "done", "pass")
    n, deployed, taken, rounds = _direct(played["greedy", False], "greedy", kind)
    _, _, blank_taken, _ = _direct(played["greedy", True], "greedy", kind)
    assert (quick.games, quick.deployed, quick.rounds) == (n, pytest.approx(deployed), rounds)
    assert quick.change(kind) == pytest.approx(taken - blank_taken)
    f = {"card": "KH", "value": 10.3, "other": "KD", "other_value": 0.1}
    r_quick = _r("the quick player", 1, "no", figure=f)
    r_rand = _r("the random player", 0, "no", figure={**f, "value": 2.0})
    said = card_sentence("KH", (r_quick, quick), (r_rand, rand))
    assert said.startswith(
        "The King of Hearts is worth +10.3 points to the quick player and +2.0 to the random "
        f"player: the quick player deploys it in {100 * deployed:.0f}% of the {n:,} games it "
        f"draws it and makes {taken - blank_taken:+.2f} "
    )
    assert f"(its games: {rounds:.1f} rounds); the random player deploys it in" in said


# --- the shipped book ----------------------------------------------------------------------------


def test_the_shipped_catalogue_checks_against_docs_answers_json():
    entries = json.loads((ROOT / "docs" / "answers.json").read_text())
    questions = ab.catalogue(ROOT / ab.CATALOGUE, ROOT / "experiments")
    ab.check_parts(questions, entries)


def test_every_shipped_reading_belongs_to_a_question_of_the_book():
    entries = json.loads((ROOT / "docs" / "answers.json").read_text())
    questions = ab.catalogue(ROOT / ab.CATALOGUE, ROOT / "experiments")
    covered = {
        (e["file"], p["question"], v["variant"])
        for _, pairs in ab.matched(questions, entries)
        for e, p in pairs
        for v in p["verdicts"]
    }
    shipped = {
        (e["file"], p["question"], v["variant"])
        for e in entries
        for p in e["parts"]
        for v in p["verdicts"]
    }
    assert shipped - covered == set()


def test_the_readme_table_is_one_row_a_question():
    book = json.loads((ROOT / ab.BOOK).read_text())
    lines = ab.markdown(book)
    rows = [x for x in lines if x.startswith("| ") and not x.startswith("| question |")]
    assert len(rows) == len(book)
    assert [r.split(" | ")[0][2:] for r in rows] == [
        q["question"] for q in book if not q["other"]
    ] + [q["question"] for q in book if q["other"]]
    # Every question of the catalogue has its standing verdict in the shipped book.
    assert all(q["standing"] for q in book)
    # The other questions fold under a summary that counts them; the designers' stay open.
    others = sum(q["other"] for q in book)
    start, end = lines.index("<details>"), lines.index("</details>")
    assert (
        lines[start + 1]
        == f"<summary>Other questions the experiment files answer ({others})</summary>"
    )
    assert (
        len([x for x in lines[start:end] if x.startswith("| ") and "question |" not in x]) == others
    )


def test_option_2_s_king_of_hearts_has_its_measured_reason():
    book = {q["id"]: q for q in json.loads((ROOT / ab.BOOK).read_text())}
    q = book["option2_balanced"]
    said = " ".join(d["reason"] for d in q["disagree"] if d["measured"])
    assert "The King of Hearts is worth" in said and "the quick player" in said
