"""What analysts working in Jupyter rely on: a progress bar in the notebook, `python -m sim`,
optional Dask."""

import ast
import subprocess
import sys
import types
from pathlib import Path

from conftest import tiny_experiment

from sim.running.experiment import load
from sim.running.runner import run, show_progress

TINY = tiny_experiment(400, 200)


def write(tmp_path: Path, text: str = TINY) -> Path:
    f = tmp_path / "tiny.yaml"
    f.write_text(text)
    return f


def test_progress_bars_come_from_tqdm_auto(root):
    # tqdm.auto draws a widget in Jupyter and text on a terminal; plain tqdm only text.
    for path in sorted((root / "sim").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tqdm"):
                assert node.module == "tqdm.auto", f"{path.name} imports {node.module}"
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("tqdm") for a in node.names), path.name


def test_a_run_shows_its_progress_in_a_jupyter_kernel(tmp_path, monkeypatch, capsys):
    # A kernel's stderr is no terminal; the bar shows all the same (as text here, where
    # ipywidgets is not installed; as a widget where it is).
    assert not sys.stderr.isatty()
    assert not show_progress(quiet=False)
    monkeypatch.setitem(sys.modules, "ipykernel", types.ModuleType("ipykernel"))
    assert show_progress(quiet=False) and not show_progress(quiet=True)
    run(load(write(tmp_path), tmp_path / "o"), workers=1)
    err = capsys.readouterr().err
    assert "tiny: 100%" in err and "800/800" in err
    run(load(write(tmp_path), tmp_path / "q"), workers=1, quiet=True)
    assert capsys.readouterr().err == ""


def test_python_m_sim_is_the_command_line(root):
    r = subprocess.run(
        [sys.executable, "-m", "sim", "--help"], capture_output=True, text=True, check=True
    )
    assert r.stdout.startswith("Usage: sim [OPTIONS] COMMAND [ARGS]...")
    f = root / "experiments" / "smoke.yaml"
    r = subprocess.run(
        [sys.executable, "-m", "sim", "validate", str(f)], capture_output=True, text=True
    )
    assert (r.returncode, r.stdout) == (
        0,
        f"{f}: ok (4 cells: 2 rule variants x 2 match-ups; output reports/smoke)\n",
    )
    r = subprocess.run([sys.executable, "-m", "sim", "nonsense"], capture_output=True, text=True)
    assert r.returncode == 2 and "No such command 'nonsense'" in r.stderr


# Runs the command line with dask and distributed uninstallable, as without the dask extra.
WITHOUT_DASK = (
    "import sys; sys.modules['dask'] = None; sys.modules['distributed'] = None; "
    "from sim.cli import main; main()"
)


def test_the_dask_backend_without_dask_installed_is_a_one_line_error(tmp_path):
    out = tmp_path / "o"
    args = ["run", str(write(tmp_path)), "--output", str(out), "--backend", "dask"]
    r = subprocess.run(
        [sys.executable, "-c", WITHOUT_DASK, *args, "--scheduler", "tcp://127.0.0.1:1"],
        capture_output=True,
        text=True,
    )
    assert (r.returncode, r.stdout, r.stderr) == (
        2,
        "",
        "error: the dask backend needs dask and distributed (dask is not installed): "
        "pip install 'houses-sim[dask]'\n",
    )
    assert not out.exists()
    # The local backend needs no dask.
    r = subprocess.run(
        [sys.executable, "-c", WITHOUT_DASK, "run", str(write(tmp_path)), "--output", str(out)],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0 and "Yes under 'base': it wins" in r.stdout


def test_nothing_imports_dask_unless_the_dask_backend_is_asked_for(tmp_path):
    out = tmp_path / "o"
    code = (
        "import sys, sim, sim.cli, sim.running.runner, sim.reporting.report\n"
        "from pathlib import Path\n"
        "from sim.running.experiment import load\n"
        f"sim.running.runner.run(load({str(write(tmp_path))!r}, {str(out)!r}), quiet=True)\n"
        f"sim.reporting.report.build(Path({str(out)!r}))\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert r.stdout == "[]\n" and (out / "index.html").exists()
