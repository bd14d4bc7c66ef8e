"""A run without Chromium ends with one line naming the browser tests it skipped and the
command that brings them in (tests/conftest.py's `pytest_unconfigure`)."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import GET_CHROMIUM, NO_CHROMIUM, ROOT

HOW = f"; to run them: `{GET_CHROMIUM}` (as .ci/run does), then `make test`"


def pytest_run(*args: str, cwd: Path, bare: Path) -> list[str]:
    """pytest in a new process whose PATH is the empty folder `bare` (no Chromium on it,
    wherever this machine has one) and outside CI (where the report's browser test fails
    instead of skipping); its output lines."""
    bare.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k != "CI"} | {"PATH": str(bare)}
    r = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout.splitlines()


def test_the_repository_s_browser_tests_skipped_end_the_run_with_one_line(tmp_path):
    lines = pytest_run(
        "tests/test_viewer.py",
        "tests/test_report.py",
        "-k",
        "chromium",
        cwd=ROOT,
        bare=tmp_path / "bin",
    )
    skipped = sum(
        int(n) for n in re.findall(rf"SKIPPED \[(\d+)\] .*: {NO_CHROMIUM}$", "\n".join(lines), re.M)
    )
    assert skipped >= 4
    assert lines[-1] == (
        f"{skipped} browser tests skipped for want of Chromium ("
        "test_viewer.py::test_stepping_through_a_game_in_headless_chromium x2, "
        "test_viewer.py::test_stepping_through_the_other_games_in_headless_chromium "
        f"x{skipped - 4}, "
        "test_report.py::test_report_in_headless_chromium_at_laptop_and_phone_width x2)"
        f"{HOW}"
    )
    assert sum("browser test" in line for line in lines) == 1


SAMPLE = f"""\
import pytest

@pytest.mark.skip(reason={NO_CHROMIUM!r})
def test_in_a_browser():
    pass

@pytest.mark.skip(reason="another reason")
def test_elsewhere():
    pass

def test_plain():
    pass
"""


def test_only_browser_skips_are_counted_and_none_says_nothing(tmp_path):
    shutil.copy(ROOT / "tests" / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_sample.py").write_text(SAMPLE)
    lines = pytest_run(cwd=tmp_path, bare=tmp_path / "bin")
    assert (
        lines[-1]
        == f"1 browser test skipped for want of Chromium (test_sample.py::test_in_a_browser){HOW}"
    )
    # No browser test skipped: the counts stay the last line.
    lines = pytest_run("-k", "not browser", cwd=tmp_path, bare=tmp_path / "bin")
    assert re.fullmatch(r"1 passed, 1 skipped, 1 deselected in .*", lines[-1])
    assert not any("Chromium" in line for line in lines)
