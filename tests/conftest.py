import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import polars as pl
import pytest

from sim.analysis import stored

ROOT = Path(__file__).resolve().parent.parent

# The reason a browser test skips with: the run's last line counts the tests that gave it.
NO_CHROMIUM = "no chromium here"
# What brings them in on a fresh Debian machine (.ci/run installs it the same way).
GET_CHROMIUM = "apt-get install chromium"


def chromium() -> str | None:
    """Headless Chromium for the browser tests (Debian's `chromium`, Ubuntu's
    `chromium-browser`), or None."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


# Screenshots of pages at each width, kept for a person to look at (git ignores them).
ARTIFACTS = Path(__file__).parent / "artifacts"
# A page in a frame of the width asked for (headless windows are at least 500 wide); the
# frame's check script posts its result here, and chromium's --dump-dom prints it.
HARNESS = """<!doctype html><html><body style="margin:0">
<iframe src="page.html" style="width:{w}px;height:{h}px;border:0"></iframe>
<script>window.addEventListener("message", e => {{
  const out = document.createElement("pre"); out.id = "browser-check";
  out.textContent = e.data; document.body.appendChild(out); }});</script>
</body></html>"""


def browse(
    page: Path, check: str, tmp: Path, width: int, height: int, shot: str
) -> tuple[dict, Path]:
    """Load the HTML page `page` at `width` CSS pixels with the script `check` added (it posts
    a JSON result to its parent); return that result and a screenshot (ARTIFACTS / `shot`)."""
    import json
    import re

    browser = chromium()
    assert browser, "CI installs Debian's chromium (.ci/run)"
    (tmp / "page.html").write_text(page.read_text().replace("</body>", check + "</body>"))
    (tmp / "harness.html").write_text(HARNESS.format(w=width, h=height))
    base = [
        browser,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        f"--window-size={max(width, 500)},{height}",
        "--virtual-time-budget=10000",
    ]
    url = (tmp / "harness.html").as_uri()
    dom = subprocess.run(
        [*base, "--dump-dom", url], capture_output=True, text=True, timeout=120, check=True
    ).stdout
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / shot
    subprocess.run(
        [*base, f"--screenshot={path}", url], capture_output=True, timeout=120, check=True
    )
    m = re.search(r'<pre id="browser-check">(.*?)</pre>', dom, re.S)
    assert m, "the check script ran"
    return json.loads(m.group(1).replace("&quot;", '"')), path


def pytest_unconfigure(config: pytest.Config) -> None:
    """End the run with one line naming the browser tests that skipped and how to bring them
    in: on a fresh machine `make test` passes without them, and the -ra lines above the
    counts do not say what to install. Here, not in pytest_terminal_summary: that prints
    above the short summary and the counts, and this line should be the last."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None:
        return
    skipped = [
        r.nodeid.split("[")[0]
        for r in reporter.stats.get("skipped", [])
        if isinstance(r.longrepr, tuple) and r.longrepr[2] == f"Skipped: {NO_CHROMIUM}"
    ]
    if not skipped:
        return
    names = ", ".join(
        f"{test.split('/')[-1]}{f' x{n}' if n > 1 else ''}" for test, n in Counter(skipped).items()
    )
    tests = f"{len(skipped)} browser test{'s' if len(skipped) > 1 else ''}"
    reporter.write_line(
        f"{tests} skipped for want of Chromium ({names}); to run them: `{GET_CHROMIUM}` (as "
        ".ci/run does), then `make test`",
        yellow=True,
        bold=True,
    )


def tiny_experiment(games: int, chunk_size: int) -> str:
    """The small experiment the CLI, robustness and notebook tests run and alter: two
    variants, greedy against random."""
    return f"""\
name: tiny
question: Does greedy beat random?
seed: 3
rules:
  variants:
    - name: base
    - name: classic
      options: {{kings: classic}}
matchups:
  - [greedy, random]
games: {games}
chunk_size: {chunk_size}
"""


def sim(*args: str, check: bool = True, **kw) -> subprocess.CompletedProcess[str]:
    """The `sim` command line, run as a user would (a new process, output captured)."""
    return subprocess.run(
        [sys.executable, "-m", "sim.cli", *args], capture_output=True, text=True, check=check, **kw
    )


def records(out: Path) -> pl.DataFrame:
    """A run's records, every cell, in a fixed order."""
    return stored.scan(str(out / "records" / "*" / "*.parquet")).collect().sort("cell", "game")


def write(tmp_path: Path, text: str, name: str = "exp.yaml") -> Path:
    """An experiment file in `tmp_path`."""
    p = tmp_path / name
    p.write_text(text)
    return p


def cut_short(done: Path, cut: Path, unplayed) -> list[str]:
    """A copy of the finished run `done` at `cut`, as a run killed part way leaves it: the
    chunks whose keys `unplayed(key)` picks deleted with their manifest entries, the run still
    running (no cells). Returns the keys taken out."""
    import json
    import shutil

    shutil.copytree(done, cut)
    m = json.loads((cut / "manifest.json").read_text())
    late = sorted(k for k in m["chunks"] if unplayed(k))
    for key in late:
        (cut / "records" / key).unlink()
        del m["chunks"][key]
    m["status"] = "running"
    del m["cells"]
    (cut / "manifest.json").write_text(json.dumps(m))
    return late


@pytest.fixture
def root() -> Path:
    return ROOT
