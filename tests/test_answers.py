"""The README's table of answers is generated from docs/answers.json, and docs/answers.json
agrees with every finished run present under reports/."""

from __future__ import annotations

import json
import os
import re

import pytest
from conftest import ROOT

from sim.reporting import answer_book, answers, findings_page


def test_the_readme_table_is_the_one_generated_from_docs_answers_json(root):
    entries = json.loads((root / answers.SNAPSHOT).read_text())
    book = json.loads((root / answer_book.BOOK).read_text())
    readme = (root / "README.md").read_text()
    assert answers.rewritten(readme, entries, book) == readme, (
        "README.md's table of answers differs from docs/answers.json: run `sim answers --write`"
    )


def test_docs_answers_json_agrees_with_every_finished_run_here(root):
    """On a machine that has run the experiments (`make answers`): the snapshot is theirs."""
    entries = {e["file"]: e for e in json.loads((root / answers.SNAPSHOT).read_text())}
    found = answers.gathered(root / "experiments", root / "reports")
    if not found:
        pytest.skip("no finished run under reports/ (a fresh clone): nothing to compare")
    for run in found:
        assert run["file"] in entries, f"{run['file']} has a run but no entry in docs/answers.json"
        # When and how fast it ran are not its answer (a rerun here finishes on another day).
        mine = {k: v for k, v in entries[run["file"]].items() if k not in ("seconds", "date")}
        theirs = {k: v for k, v in run.items() if k not in ("seconds", "date")}
        assert mine == theirs, f"{run['file']}: docs/answers.json differs from its run"


def test_an_entry_records_the_day_its_run_finished(tmp_path):
    # A report quoting the entry in place of a run says how old its verdicts are.
    (tmp_path / "manifest.json").write_text(
        json.dumps({"question": "Q?", "rules_version": 3, "cells": [{"games": 10}]})
    )
    (tmp_path / "answer.json").write_text(json.dumps({"verdicts": {"parts": []}}))
    finished = 1_796_300_000  # 2026-12-03 12:13 UTC
    os.utime(tmp_path / "manifest.json", (finished, finished))
    entry = answers.summary("q.yaml", tmp_path)
    assert (entry["rules_version"], entry["date"], entry["games"]) == (3, "2026-12-03", 10)


def test_every_shipped_entry_has_its_date():
    entries = json.loads((ROOT / answers.SNAPSHOT).read_text())
    assert [
        e["file"] for e in entries if not re.fullmatch(r"\d{4}-\d\d-\d\d", e.get("date", ""))
    ] == []


def test_a_readme_without_the_markers_is_a_clear_error():
    with pytest.raises(ValueError, match="the README has no generated part"):
        answers.rewritten("# title\n", [], [])


# --- docs/findings.md: its figures are generated from the runs (sim/reporting/findings_page) ---


def test_the_table_of_runs_ends_with_their_sum():
    """`make answers` runs every file: the README's last row says what that took, summed."""
    entries = [
        {"file": "a.yaml", "cells": 4, "games": 160_000, "seconds": 2},
        {"file": "b.yaml", "cells": 114, "games": 555_717, "seconds": 6_902},
        {"file": "c.yaml", "cells": 6, "games": 108_000, "seconds": 61},
        {"file": "d.yaml", "cells": 1, "games": 1, "seconds": 7_170},
    ]
    rows = answers.table(entries, []).splitlines()
    assert "| `b.yaml` | 114 | 555,717 | 1 h 55 min |" in rows
    assert "| `c.yaml` | 6 | 108,000 | 1 min 1 s |" in rows
    assert "| `d.yaml` | 1 | 1 | 2 h 0 min |" in rows
    assert "| all 4 files | 125 | 823,718 | 3 h 56 min |" in rows


def test_docs_findings_md_is_the_one_generated_from_its_data(root):
    page = (root / findings_page.PAGE).read_text()
    figures = json.loads((root / findings_page.SNAPSHOT).read_text())
    entries = json.loads((root / answers.SNAPSHOT).read_text())
    assert findings_page.rewritten(page, figures, entries) == page, (
        "docs/findings.md's figures differ from docs/findings.json: run `sim answers --write`"
    )
    assert set(figures) <= set(findings_page.keys(page)), "docs/findings.json has stale figures"


def test_docs_findings_json_agrees_with_every_finished_run_here(root):
    page = (root / findings_page.PAGE).read_text()
    found = findings_page.gathered(page, root / "reports")
    if not found:
        pytest.skip("no finished run under reports/ (a fresh clone): nothing to compare")
    figures = json.loads((root / findings_page.SNAPSHOT).read_text())
    for key, data in found.items():
        assert figures.get(key) == data, f"docs/findings.json's {key!r} differs from its run"


def _value(card, agent, variant, value, lo, hi, method="blank", n=600):
    return {
        "card": card, "agent_a": agent, "agent_b": agent, "variant": variant, "method": method,
        "value": value, "lo": lo, "hi": hi, "n": n, "used": 0.84, "power_used": 0.1,
    }  # fmt: skip


FIGURES = {
    "card_values": [
        _value("KS", "greedy", "front", 0.07, 0.06, 0.08),
        _value("KD", "greedy", "front", 0.073, 0.066, 0.08, n=640),
        _value("KS", "search_fast", "front", 0.147, 0.125, 0.168, n=2400),
        _value("KS", "search_fast", "front", 0.142, 0.12, 0.16, method="forbid"),
    ],
    "kings": [
        {
            "king": "KS",
            "agent": "search_fast",
            "variant": "front",
            "rate": 0.611,
            "lo": 0.59,
            "hi": 0.631,
            "one_sided": 2000,
        },
        {
            "king": "KS",
            "agent": "greedy",
            "variant": "front",
            "rate": 0.499,
            "lo": 0.49,
            "hi": 0.508,
            "one_sided": 11000,
        },
    ],  # fmt: skip
    "cells": [],
    "houses": [],
}


def test_a_figure_is_rendered_from_the_run_s_numbers_strongest_player_first(tmp_path):
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "answer.json").write_text(json.dumps({"figures": FIGURES}))
    page = (
        "Intro.\n"
        "<!-- figure: king_values run blank -->\nold\n<!-- figure: end -->\n"
        "- a list item:\n\n"
        "  <!-- figure: small_samples run KS -->\n  old\n  <!-- figure: end -->\n"
        "<!-- figure: verdicts missing.yaml -->\n<!-- figure: end -->\n"
    )
    data = findings_page.gathered(page, tmp_path)
    # The data first: the blank values only, and the strongest player's deployer rate.
    assert [(r["card"], r["agent"]) for r in data["king_values run blank"]] == [
        ("KS", "greedy"),
        ("KD", "greedy"),
        ("KS", "search_fast"),
    ]
    assert [r["agent"] for r in data["small_samples run KS"]] == ["search_fast"]
    out = findings_page.rewritten(page, data, [])
    assert (
        "| King | the strong player, front | the quick player, front |\n|---|---|---|\n"
        "| Diamonds | - | +7.3 [+6.6, +8.0] |\n"
        "| Spades | +14.7 [+12.5, +16.8] | +7.0 [+6.0, +8.0] |\n"
    ) in out
    assert "the quick player 600 to 640; the strong player 2,400 to 2,400" not in out
    assert "the strong player 2,400 to 2,400; the quick player 600 to 640 an entry." in out
    # P(9+ of 10) at 61.1%: 10 * .611^9 * .389 + .611^10 = 0.053.
    assert "wins 9 or more of 10 such games is 5.3%" in out
    # Indented in its list item, start to end.
    assert "\n  If the deployer's true win rate" in out and "\n  <!-- figure: end -->" in out
    assert "(Not run yet: `sim run experiments/missing.yaml`" in out
    assert findings_page.rewritten(out, data, []) == out  # rewriting again changes nothing


def test_an_unknown_figure_is_a_clear_error(tmp_path):
    page = "<!-- figure: kings_values run -->\n<!-- figure: end -->\n"
    known = r"unknown figure 'kings_values' \(known: verdicts, king_values, king_used"
    with pytest.raises(ValueError, match=known):
        findings_page.gathered(page, tmp_path)


def _rendered(tmp_path, figures: dict, key: str) -> str:
    """A page of the one figure `key` ("KIND run ARG"), rendered from a run whose answer.json
    holds `figures`."""
    (tmp_path / "run").mkdir(exist_ok=True)
    (tmp_path / "run" / "answer.json").write_text(json.dumps({"figures": figures}))
    page = f"<!-- figure: {key} -->\n<!-- figure: end -->\n"
    return findings_page.rewritten(page, findings_page.gathered(page, tmp_path), [])


def test_an_ablation_table_gives_a_card_s_worth_and_its_change_under_each_rule_set(tmp_path):
    figures = {
        "card_values": [
            _value("KS", "search_expert", "whole game", 0.20, 0.17, 0.23, n=900),
            _value("KS", "search_expert", "no hand limit", 0.14, 0.11, 0.17, n=880),
            _value("KS", "greedy", "whole game", 0.05, 0.04, 0.06, n=8000),
            _value("KS", "greedy", "no hand limit", 0.06, 0.05, 0.07, n=8100),
            _value("KD", "greedy", "whole game", 0.09, 0.08, 0.10),
        ],
        "card_changes": [
            {
                "card": "KS",
                "method": "blank",
                "variant": "no hand limit",
                "agent_a": "search_expert",
                "agent_b": "search_expert",
                "diff": -0.06,
                "lo": -0.1,
                "hi": -0.02,
            },
            {
                "card": "KS",
                "method": "blank",
                "variant": "no hand limit",
                "agent_a": "greedy",
                "agent_b": "greedy",
                "diff": 0.01,
                "lo": -0.005,
                "hi": 0.025,
            },
        ],  # fmt: skip
        "kings": [],
        "cells": [],
        "houses": [],
    }
    out = _rendered(tmp_path, figures, "card_by_rules run KS")
    assert (
        "| rules | the expert player: worth | the expert player: against whole game"
        " | the quick player: worth | the quick player: against whole game |\n"
        "|---|---|---|---|---|\n"
        "| whole game | +20.0 [+17.0, +23.0] | - | +5.0 [+4.0, +6.0] | - |\n"
        "| no hand limit | +14.0 [+11.0, +17.0] | -6.0 [-10.0, -2.0] | +6.0 [+5.0, +7.0]"
        " | +1.0 [-0.5, +2.5] |\n"
    ) in out
    assert "deals with the card drawn: the expert player 880 to 900; the quick player" in out
    # A run reported before card changes were kept: the values alone, every change "-".
    del figures["card_changes"]
    out = _rendered(tmp_path, figures, "card_by_rules run KS")
    assert "| no hand limit | +14.0 [+11.0, +17.0] | - |" in out


def test_a_king_s_deployer_rate_by_rule_set_is_a_row_a_rule_set(tmp_path):
    out = _rendered(tmp_path, FIGURES, "deployer_by_rules run KS")
    assert (
        "| rules | the strong player | the quick player |\n|---|---|---|\n"
        "| front | 61.1% [59.0, 63.1] | 49.9% [49.0, 50.8] |\n"
    ) in out
    assert "deployed the King of Spades (2,000 to 11,000 such games an entry)" in out
