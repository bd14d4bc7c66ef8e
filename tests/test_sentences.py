"""The verdict box's sentences as data (`verdicts/sentences.py`): a sentence is reworded in the
table alone, every template renders with the fields its code gives, and the glossary's words
(`terms.WORDS`) reach every sentence that says them."""

from __future__ import annotations

import re

import pytest
from jinja2 import StrictUndefined, UndefinedError, meta

from sim.analysis.verdicts import NOT_SETTLED, ON_THE_LINE
from sim.reporting import terms
from sim.reporting.verdicts import sentences, words

PART = {"ask": "dominates", "card": "KS", "cards": ["KS", "KD"], "line": 3.0, "unit": "points"}
READING = {
    "verdict": NOT_SETTLED,
    "estimate": 1.0,
    "lo": -2.5,
    "hi": 4.5,
    "games": 1000,
    "more_games": 4200,
    "figure": {"card": "KS", "other": "KD", "value": 9.0, "other_value": 8.0},
}


def test_rewording_a_template_rewords_the_box_without_touching_its_logic(monkeypatch):
    assert words.question(PART, {}) == "Does the King of Spades dominate?"
    monkeypatch.setitem(
        sentences.SENTENCES["question"], "dominates", "Is {{ card }} too strong for its cost?"
    )
    monkeypatch.setitem(
        sentences.SENTENCES["more"], "not_settled", "; play {{ games }} more games{{ of }}"
    )
    assert words.question(PART, {}) == "Is the King of Spades too strong for its cost?"
    assert words.more(READING, PART) == "; play 4,200 more games"


def test_a_glossary_word_is_reworded_in_one_place(monkeypatch):
    monkeypatch.setitem(terms.WORDS, "points", "pts")
    said = words.figure(PART, READING, "base", {})
    assert said.startswith("it adds +9.0 pts to its drawer's win rate")
    assert "1.0 pts ahead" in said


def _fields(source: str) -> set[str]:
    return meta.find_undeclared_variables(sentences._ENV.parse(source))


# The kinds the code picks by the part's own ask (`say("question", ask)`).
ASK_KINDS = {"dominates", "balanced", "worth", "favoured", "changes", "shortens", "cures"}


@pytest.mark.parametrize(
    ("purpose", "kind"), [(p, k) for p, kinds in sentences.SENTENCES.items() for k in kinds]
)
def test_every_template_is_said_by_the_code_and_renders_with_its_fields(root, purpose, kind):
    source = sentences.SENTENCES[purpose][kind]
    # No dangling entry: the code names its purpose, and its kind or the ask it is picked by.
    code = (root / "sim/reporting/verdicts/words.py").read_text()
    assert f'"{purpose}"' in code, f"{purpose}: no code says it"
    assert f'"{kind}"' in code or kind in ASK_KINDS, f"{purpose}.{kind}: no code picks it"
    # Every field given (the glossary's from `terms.WORDS`): it renders, each field in it.
    # (a number where the template compares it: "{% if verdicts > 1 %}")
    fields: dict[str, object] = {
        f: 2 if re.search(rf"\b{f}\s*[<>]", source) else f"<{f}>"
        for f in _fields(source) - {"terms"}
    }
    text = sentences.say(purpose, kind, **fields)
    conditional = {f for f in fields if re.search(rf"{{%\s*if\s+{f}\b", source)}
    for f in set(fields) - conditional:
        assert f"<{f}>" in text
        # A field the code leaves out is an error, not an empty word.
        with pytest.raises(UndefinedError):
            sentences.say(purpose, kind, **{k: v for k, v in fields.items() if k != f})


def test_the_table_renders_text_not_html():
    # The report escapes each sentence where it inserts it: escaped here, it would be twice.
    assert sentences._ENV.autoescape is False
    assert sentences._ENV.undefined is StrictUndefined
    assert sentences.say("question", "favoured_agent", player="<a>", other="b&c") == (
        "Does <a> beat b&c?"
    )


def test_a_line_on_the_line_says_its_unit():
    part = {**PART, "line": 1.0}
    r = {**READING, "verdict": ON_THE_LINE}
    assert words.more(r, part).startswith("; level with the 1-point line:")
