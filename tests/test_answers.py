"""The README's table of answers is generated from docs/answers.json, and docs/answers.json
agrees with every finished run present under reports/."""

from __future__ import annotations

import json

import pytest

from sim.reporting import answers


def test_the_readme_table_is_the_one_generated_from_docs_answers_json(root):
    entries = json.loads((root / answers.SNAPSHOT).read_text())
    readme = (root / "README.md").read_text()
    assert answers.rewritten(readme, entries) == readme, (
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
        mine = {k: v for k, v in entries[run["file"]].items() if k != "seconds"}
        theirs = {k: v for k, v in run.items() if k != "seconds"}
        assert mine == theirs, f"{run['file']}: docs/answers.json differs from its run"


def test_a_readme_without_the_markers_is_a_clear_error():
    with pytest.raises(ValueError, match="the README has no generated part"):
        answers.rewritten("# title\n", [])
