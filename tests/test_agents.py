"""Agents from Python: personas, the step-by-step Game, and agents written in Python."""

import json
from pathlib import Path

import pytest

import sim
from sim import _core
from sim.play.agents import catalogue, personas, plain, resolve, standing
from sim.play.engine import decode

HOARDER = "python:examples/python_agent.py:Hoarder"


def test_personas_are_data_with_parameters():
    p = personas()
    assert {"aggressive", "defensive", "balanced", "search"} <= set(p)
    assert resolve("defensive").startswith("heuristic(aggression=0.7,hold_back=3,")
    assert resolve("search").startswith("search(iterations=1000,")


def test_the_expert_persona_judges_with_the_last_refitted_evaluation():
    # Its move is chosen by sequential halving (docs/agents.md). The other games have one
    # evaluation each: there it is their search with halving (House of Suits: 3,000
    # simulations), and a refitted evaluation is refused.
    assert resolve("search_expert").startswith(
        "search(iterations=300,worlds=32,c=0.05,rollout=1,eval=3,halving=1)"
    )
    assert resolve("search_expert", "battle_cards") == (
        "search(iterations=1000,worlds=32,c=0.05,rollout=0,halving=1)@v2"
    )
    assert resolve("search_expert", "house_of_suits") == (
        "search(iterations=3000,worlds=32,c=0.05,rollout=0,halving=1)@v2"
    )
    with pytest.raises(ValueError, match="but Houses-Skirmish has 4 evaluations"):
        resolve("search(eval=4)")
    with pytest.raises(ValueError, match="but Battle Cards has 1 evaluation"):
        resolve("search(eval=1)", "battle_cards")


def test_a_persona_plays_another_game_with_the_parameters_its_file_gives_there():
    # search_fast plays no greedy turn-end in Battle Cards (it costs more than it gives there at
    # 100 simulations, docs/agents.md), the Houses-Skirmish parameters in House of Suits.
    assert resolve("search_fast", "battle_cards") == (
        "search(iterations=100,worlds=16,c=0.05,rollout=0)@v2"
    )
    assert resolve("search_fast", "house_of_suits") == (
        "search(iterations=100,worlds=16,c=0.05,rollout=1)@v2"
    )
    assert standing("search_fast", "battle_cards") == (2, "the strong player")
    assert standing("search", "house_of_suits") == (3, "the stronger search player")
    assert plain("search_fast", "battle_cards").endswith("16 guesses of the cards it cannot see")
    # A persona without an entry for the game is not offered there, and the error says why.
    with pytest.raises(ValueError) as e:
        resolve("defensive", "house_of_suits")
    assert str(e.value) == (
        "unknown house_of_suits agent 'defensive' (persona 'defensive' plays Houses-Skirmish "
        "only: its file has no `games: house_of_suits` entry); valid agents: random, greedy, "
        "search, search_expert, search_fast"
    )
    listed = [r["name"] for r in catalogue("battle_cards")]
    assert listed == ["random", "greedy", "search", "search", "search_expert", "search_fast"]


def test_the_shipped_personas_are_found_from_any_working_folder(tmp_path, monkeypatch):
    # strategies/ beside the package, not only the current folder's (a run started elsewhere).
    monkeypatch.chdir(tmp_path)
    personas.cache_clear()
    try:
        assert {"search_fast", "defensive"} <= set(personas())
        assert resolve("search_fast").startswith("search(iterations=100,")
    finally:
        personas.cache_clear()


def test_a_game_played_step_by_step_matches_the_batch():
    seed = _core.game_seed(4, 0)
    game = _core.Game(sim.canonical_rules(), seed, ("greedy", "random"))
    assert game.is_over, "both seats built in: the game plays out at once"
    batch = sim.play_games(1, ("greedy", "random"), seed=4)
    # The engine sends numeric columns as 64-bit buffers; `decode` reads them.
    step = decode(game.record(), sim.games.game("houses").schema)
    for k in ("seed", "winner", "turns", "life_p1", "life_p2", "deployed_mask_p1", "actions"):
        assert step[k][0] == batch[k][0], k


def test_a_python_agent_sees_only_its_players_information():
    game = _core.Game(sim.canonical_rules(), 11, (None, "greedy"))
    mine, theirs = (json.loads(game.observation(s)) for s in (0, 1))
    assert mine["seat"] == "P1" and mine["legal"] == game.legal()
    # Each sees its own hand, and of the other's only what was revealed to it (scouts),
    # plus a count of the rest.
    my_hand, their_hand = mine["players"]["P1"]["hand"], theirs["players"]["P2"]["hand"]
    assert set(theirs["players"]["P1"]["hand"]) <= set(my_hand)
    assert set(mine["players"]["P2"]["hand"]) <= set(their_hand)
    assert mine["opponent_hidden_cards"] + len(mine["players"]["P2"]["hand"]) == len(their_hand)
    assert theirs["opponent_hidden_cards"] + len(theirs["players"]["P1"]["hand"]) == len(my_hand)
    assert mine["deck"] == [] and mine["deck_size"] > 30


def test_python_agents_play_in_batches_and_experiments(tmp_path):
    df = sim.play_games(40, (HOARDER, "greedy"), seed=2, swap_seats=True)
    assert df.height == 40 and df["agent_p1"][1] == "greedy"
    assert set(df["winner"].to_list()) <= {-1, 0, 1}
    # In an experiment file, FILE.py is read from the file's folder.
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "python_agent.py").write_text(Path(HOARDER.split(":")[1]).read_text())
    exp = tmp_path / "e.yaml"
    exp.write_text(
        "name: py\nquestion: Does the hoarder lose?\nseed: 0\nmatchups:\n"
        f"  - ['{HOARDER}', greedy]\ngames: 30\nchunk_size: 10\n"
    )
    from sim.running.experiment import load
    from sim.running.runner import run

    manifest, _ = run(load(exp, tmp_path / "out"), quiet=True)
    assert manifest["cells"][0]["games"] == 30


def test_bad_python_agents_are_clear_errors():
    with pytest.raises(ValueError, match="no file nowhere.py"):
        resolve("python:nowhere.py:X")
    with pytest.raises(ValueError, match="has no class Nobody with a choose method"):
        resolve("python:examples/python_agent.py:Nobody")

    class Wrong:
        def choose(self, observation, legal):
            return 999

    import sim.play.python_agents as pa

    pa.load.cache_clear()
    orig = pa.load
    pa.load = lambda name: Wrong  # type: ignore[assignment]
    try:
        with pytest.raises(
            ValueError, match=r"choose returned 999 \(int\), not the index of a legal move"
        ):
            pa.play_games(
                1, ("python:x.py:Wrong", "greedy"), 1, sim.canonical_rules(), 0, False, resolve
            )
    finally:
        pa.load = orig


def test_a_python_agents_code_is_part_of_the_configuration(tmp_path, root):
    """Editing the agent between an interrupt and the resume would mix two agents in a cell."""
    import hashlib
    import subprocess
    import sys

    agent = tmp_path / "agent.py"
    agent.write_text((root / "examples/python_agent.py").read_text())
    name = f"python:{agent}:Hoarder"
    # In an experiment file, FILE.py is read from the file's folder.
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "python_agent.py").write_text(Path(HOARDER.split(":")[1]).read_text())
    exp = tmp_path / "e.yaml"
    exp.write_text(
        "name: py\nquestion: Does the hoarder lose?\nseed: 0\nmatchups:\n"
        f"  - ['{name}', greedy]\ngames: 20\nchunk_size: 10\n"
    )
    out = tmp_path / "out"

    def run():
        return subprocess.run(
            [sys.executable, "-m", "sim.cli", "run", str(exp), "--output", str(out), "--quiet"],
            capture_output=True,
            text=True,
        )

    assert run().returncode == 0
    manifest = out / "manifest.json"
    m = json.loads(manifest.read_text())
    digest = hashlib.sha256(agent.read_bytes()).hexdigest()[:16]
    assert m["config"]["matchups"][0]["specs"][0] == f"{name}@sha256={digest}"
    m["status"] = "running"  # as an interrupted run leaves it
    manifest.write_text(json.dumps(m))
    agent.write_text(agent.read_text() + "\n# tuned\n")
    r = run()
    assert r.returncode == 2
    assert "holds records of a different configuration" in r.stderr
    assert "they differ in: matchups;" in r.stderr


BAD_AGENTS = """\
import sys


class Raises:
    def choose(self, observation, legal):
        return 1 / 0


class Bool:
    def choose(self, observation, legal):
        return True


class Str:
    def choose(self, observation, legal):
        return "end"


class Big:
    def choose(self, observation, legal):
        return len(legal)


class Exits:
    def choose(self, observation, legal):
        sys.exit(3)


class BadInit:
    def __init__(self):
        raise RuntimeError("no\\nway")

    def choose(self, observation, legal):
        return 0
"""


@pytest.mark.parametrize(
    ("cls", "what"),
    [
        ("Raises", "choose raised ZeroDivisionError: division by zero"),
        (
            "Bool",
            "choose returned True (bool), not the index of a legal move: an int from 0 to 6",
        ),
        (
            "Str",
            "choose returned 'end' (str), not the index of a legal move: an int from 0 to 6",
        ),
        ("Big", "choose returned 7 (int), not the index of a legal move: an int from 0 to 6"),
        ("Exits", "choose raised SystemExit: 3"),
        ("BadInit", "creating it raised RuntimeError: no way"),
    ],
)
def test_a_python_agents_errors_are_one_line(tmp_path, cls, what):
    import subprocess
    import sys

    (tmp_path / "bad.py").write_text(BAD_AGENTS)
    name = f"python:{tmp_path}/bad.py:{cls}"
    r = subprocess.run(
        [sys.executable, "-m", "sim.cli", "play", "--games", "3", "--agents", f"greedy,{name}"],
        capture_output=True,
        text=True,
    )
    assert (r.returncode, r.stderr) == (2, f"error: python agent {name} (P2) in game 0: {what}\n")


def test_a_python_agents_error_in_a_run_names_the_cell(tmp_path):
    import subprocess
    import sys

    (tmp_path / "bad.py").write_text(BAD_AGENTS)
    name = f"python:{tmp_path}/bad.py:Str"
    # In an experiment file, FILE.py is read from the file's folder.
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "python_agent.py").write_text(Path(HOARDER.split(":")[1]).read_text())
    exp = tmp_path / "e.yaml"
    exp.write_text(
        f"name: py\nquestion: Q?\nseed: 0\nmatchups:\n  - ['{name}', greedy]\ngames: 4\n"
    )
    r = subprocess.run(
        [sys.executable, "-m", "sim.cli", "run", str(exp), "--output", str(tmp_path / "o")],
        capture_output=True,
        text=True,
    )
    cell = f"default__python_{tmp_path}/bad.py_Str-vs-greedy".replace("/", "_")
    assert (r.returncode, r.stderr) == (
        2,
        f"error: cell {cell}: python agent {name} (P1) in game 0: choose returned 'end' (str), "
        "not the index of a legal move: an int from 0 to 1\n",
    )


def test_a_python_agent_that_fails_on_import_is_one_line(tmp_path):
    import subprocess
    import sys

    (tmp_path / "broken.py").write_text("raise SystemExit('no')\n")
    name = f"python:{tmp_path}/broken.py:X"
    r = subprocess.run(
        [sys.executable, "-m", "sim.cli", "play", "--agents", f"{name},greedy"],
        capture_output=True,
        text=True,
    )
    assert (r.returncode, r.stderr) == (
        2,
        f"error: python agent '{name}': loading {tmp_path}/broken.py raised SystemExit: no\n",
    )


def test_a_persona_the_engine_cannot_play_is_listed_with_why(tmp_path, monkeypatch):
    """One bad persona file (a parameter the engine does not know) does not end `sim agents`
    in a traceback: it is listed with the engine's reason, the others as ever."""
    from conftest import sim

    (tmp_path / "strategies").mkdir()
    (tmp_path / "strategies" / "odd.yaml").write_text(
        "name: odd\nagent: search\nparams: {iterations: 10, depth: 3}\n"
    )
    monkeypatch.chdir(tmp_path)
    r = sim("agents")
    assert "Traceback" not in r.stderr
    listed = r.stdout.split("\n")
    at = listed.index(f"odd (persona ({tmp_path / 'strategies' / 'odd.yaml'}))")
    assert listed[at + 1].strip().startswith("cannot be played: unknown search parameter 'depth'")
    assert any(line.startswith("search_expert (persona") for line in listed)


def test_an_unreadable_persona_file_is_one_warning_and_left_out(tmp_path, monkeypatch):
    from conftest import sim

    (tmp_path / "strategies").mkdir()
    (tmp_path / "strategies" / "bin.yaml").write_bytes(b"\xcb\x00\xff name: x")
    monkeypatch.chdir(tmp_path)
    r = sim("agents")
    assert "Traceback" not in r.stderr
    [warned] = [line for line in r.stderr.splitlines() if line.startswith("warning: ")]
    assert warned.startswith(f"warning: {tmp_path / 'strategies' / 'bin.yaml'}: not a persona (")
    assert warned.endswith("); left out")
    assert "search_expert (persona" in r.stdout
