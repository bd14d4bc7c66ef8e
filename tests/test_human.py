"""The human seat, driven through a pseudo-terminal as a person would play it."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from sim import _core
from sim.play import human, replays
from sim.play.engine import canonical_rules

SIM = str(Path(sys.executable).parent / "sim")
# A fresh, empty prompt (prompt_toolkit's redraw of an answered one has the answer after '>').
PROMPT = r"move \(number, move, undo, quit, help\)>\x1b\[0m"
ANSI = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07]*\x07|[()][0-9A-B]|[=>])")


def _spawn(cwd: Path, extra: list[str], saved: Path) -> pexpect.spawn:
    """`sim play` with a human P1 against random (seed 3) in a pseudo-terminal."""
    env = dict(os.environ, TERM="xterm", NO_COLOR="1", PROMPT_TOOLKIT_NO_CPR="1")
    return pexpect.spawn(
        SIM,
        ["play", *extra, "--agents", "human,random", "--games", "1", "--seed", "3"]
        + ["--replay-file", str(saved)],
        cwd=str(cwd),
        env=env,
        dimensions=(60, 140),
        encoding="utf-8",
        timeout=30,
    )


def _text(raw: str) -> str:
    return ANSI.sub("", raw).replace("\r", "")


def _board(screen: str) -> str:
    """The last board drawn on a screen (the panel from its top corner to its bottom one)."""
    top = screen.rindex("╭")
    return screen[top : screen.index("╯", top) + 1]


def _legal(screen: str) -> list[str]:
    """The numbered legal moves listed on a screen, in number order."""
    listing = screen[screen.rindex("Legal moves:") :]
    found = re.findall(r"(\d+) ((?:[a-z]+)(?: [A-Za-z0-9=/]+)*)", listing)
    return [m for _, m in sorted(found, key=lambda x: int(x[0]))]


def _answerer(child: pexpect.spawn):
    """A function that sends an answer and returns the screen up to the next prompt (or to
    the end of the game)."""

    def answer(text: str) -> str:
        child.sendline(text)
        child.expect([PROMPT, pexpect.EOF])
        return _text(child.before)

    return answer


def _to_the_end(child: pexpect.spawn, screen: str) -> str:
    """Answer the first legal move at every decision until the game is over; everything shown
    from `screen` on, and the process gone with exit status 0."""
    answer, shown, decisions = _answerer(child), screen, 0
    while "Game over" not in screen:
        screen = answer("1")
        shown += screen
        decisions += 1
        assert decisions < 500, "the game should end"
    child.expect(pexpect.EOF)
    shown += _text(child.before)
    child.close()
    assert child.exitstatus == 0
    return shown


def test_a_full_game_at_the_terminal_with_a_refusal_and_an_undo(tmp_path):
    saved = tmp_path / "game.json"
    child = _spawn(tmp_path, [], saved)
    answer = _answerer(child)

    child.expect(PROMPT)
    first = _text(child.before)
    # Seed 3: P2 wins the advantage draw and defers; the player sees that and their hand.
    assert "P2: defer" in first and "hand  7D 9S 9D 10S 3H" in first
    first_legal = _legal(first)
    assert first_legal[0] == "deploy 7D" and "end" in first_legal

    refused = answer("deploy 9X")
    assert "'deploy 9X' is not a legal move now. Closest legal moves:" in refused
    closest = re.search(r"Closest legal moves: (.*)\.", refused.replace("\n", "")).group(1)
    assert all(m.split(" ", 1)[1] in first_legal for m in closest.split(", "))

    second = answer("1")
    assert "front 7D 7/7" in _board(second)
    assert _board(second) != _board(first)
    undone = answer("undo")
    assert "Undone: back to your previous decision." in undone
    assert _board(undone) == _board(first)
    assert _legal(undone) == first_legal

    screen = _to_the_end(child, undone)  # always the first legal move
    over = re.search(r"Game over \((\w+)\): winner (P1|P2|draw), (you win|you lose|a draw)", screen)
    assert over, screen[-2000:]
    assert f"replay saved: {saved}" in screen.replace("\n", "")

    data = json.loads(saved.read_text())
    assert data["finished"] and data["winner"] == over.group(2)
    assert data["agents"][0] == "human" and data["agents"][1].startswith("random")
    # The undone move is not in the game: P2 deferred, then the first legal moves were replayed.
    assert data["moves"][:3] == ["defer", "deploy 7D", "deploy 9S"]
    shown = subprocess.run(
        [SIM, "replay", "--file", str(saved)], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert shown[-1] == f"winner: {over.group(2)}"
    assert sum(line.startswith(("P1: ", "P2: ")) for line in shown) == len(data["moves"])


def test_a_typed_move_is_read_as_the_engine_writes_it():
    legal = ["deploy 10H", "deploy 10H lead 5H", "bond 7S/10S", "attack 7H player", "end"]
    assert human.read_answer("deploy th lead 5h", legal).move == 1
    assert human.read_answer("  BOND 7s/Ts ", legal).move == 2
    assert human.read_answer("4", legal).move == 3
    assert "numbered 1 to 5" in str(human.read_answer("6", legal).refusal)
    refused = str(human.read_answer("attack 7H 9S", legal).refusal)
    assert "'attack 7H 9S' is not a legal move now" in refused
    assert "Closest legal moves: 4 attack 7H player" in refused
    assert human.read_answer("undo", legal).command == "undo"


def test_the_opponents_hidden_cards_stay_hidden_in_what_the_player_reads():
    log = [
        "seed 1",
        "draw: P2 draws 4D",
        "P2 hand: 4D 5H",
        "draw: P1 draws 7S",
        "P2: keep 4C 5C 2C",
        "P2: deploy 5H",
        "P1 takes 4, life 36",
    ]
    assert human.public_lines(log, 0) == [
        "draw: P2 draws a card",
        "draw: P1 draws 7S",
        "P2: keep (the cards are hidden)",
        "P2: deploy 5H",
        "P1 takes 4, life 36",
    ]


def test_a_replay_file_that_leaves_the_legal_moves_is_refused(tmp_path):
    good = replays.steps("", 5, [])
    game = next(good)
    with pytest.raises(ValueError, match="is not legal here"):
        list(replays.steps("", 5, ["start", "deploy 9X"]))
    assert game.decider == 0


# Per other game: a move that is not legal, and the final line's figures.
OTHER_GAMES = {
    "battle_cards": ("play 9X", "Life"),
    "house_of_suits": ("market 9X invest 2Q", "Scores"),
}


@pytest.mark.parametrize("game", sorted(OTHER_GAMES))
def test_the_other_games_at_the_terminal_with_a_refusal_and_an_undo(tmp_path, game):
    refused_move, figures = OTHER_GAMES[game]
    saved = tmp_path / "game.json"
    child = _spawn(tmp_path, ["--game", game], saved)
    answer = _answerer(child)

    child.expect(PROMPT)
    first = _text(child.before)
    # The same game, from the engine: the player's hand is drawn, the opponent's is not.
    rules = canonical_rules("", game)
    same = _core.Game(rules, _core.game_seed(3, 0), (None, None))
    dealt = json.loads(same.state())
    hands = {p: " ".join(dealt["players"][p]["hand"]) for p in ("P1", "P2")}
    assert re.search(rf"hand +{hands['P1']} ", _board(first))
    assert hands["P2"] not in first
    first_legal = _legal(first)
    assert first_legal == same.legal()

    refused = answer(refused_move)
    assert f"'{refused_move}' is not a legal move now. Closest legal moves:" in refused
    closest = re.search(r"Closest legal moves: (.*)\.", refused.replace("\n", "")).group(1)
    assert all(m.split(" ", 1)[1] in first_legal for m in closest.split(", "))

    second = answer("1")
    assert _board(second) != _board(first)
    undone = answer("undo")
    assert "Undone: back to your previous decision." in undone
    assert _board(undone) == _board(first) and _legal(undone) == first_legal

    screen = _to_the_end(child, undone)
    over = re.search(
        rf"Game over \((\w+)\): winner (P1|P2|draw), (you win|you lose|a draw)\. {figures}: P1 ",
        screen,
    )
    assert over, screen[-2000:]

    data = json.loads(saved.read_text())
    assert data["game"] == game and data["finished"] and data["winner"] == over.group(2)
    assert data["moves"][0] == first_legal[0]
    shown = subprocess.run(
        [SIM, "replay", "--file", str(saved)], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert shown[-1] == f"winner: {over.group(2)}"


def test_the_other_games_hide_the_opponents_hand_in_what_the_player_reads():
    bc = [
        "seed 3",
        "== turn 1 P1 (life P1 20 P2 20) hand: 7D 8C JS KC",
        "P1: play 7D",
        "== turn 2 P2 (life P1 20 P2 20) hand: 9H 2C",
        "P2: discard 9H",
    ]
    assert human.public_lines(bc, 0, "battle_cards") == [
        "== turn 1 P1 (life P1 20 P2 20) hand: 7D 8C JS KC",
        "P1: play 7D",
        "== turn 2 P2 (life P1 20 P2 20)",
        "P2: discard 9H",
    ]
    hs = ["== game 1 of 4 (4 suits)", "P1 hand: 6C 9C", "P2 hand: 8H 3S", "P2: aside (hidden)"]
    assert human.public_lines(hs, 0, "house_of_suits") == [
        "== game 1 of 4 (4 suits)",
        "P2: aside (hidden)",
    ]


def test_a_three_player_game_at_the_terminal_shows_every_opponent_and_hides_their_cards(tmp_path):
    saved = tmp_path / "game.json"
    child = _spawn(tmp_path, ["--rules", "players=3"], saved)
    child.expect(PROMPT)
    screen = _text(child.before)
    board = _board(screen)
    # Both opponents are drawn, each with its own count of cards in hand.
    rules = canonical_rules("players=3")
    assert re.search(r"P2 +random", board) and re.search(r"P3 +random", board), board
    same = _core.Game(rules, _core.game_seed(3, 0), (None, "random"))
    hidden = json.loads(same.observation(0))["hidden_cards"]
    for p in ("P2", "P3"):
        n = hidden[p]
        block = board[board.index(f"{p} ") :]
        assert re.search(rf"hand +{n} cards?", block), (p, n, board)
    screen = _to_the_end(child, screen)
    over = re.search(
        r"Game over \((\w+)\): winner (P1|P2|P3|draw), (you win|you lose|a draw)", screen
    )
    assert over, screen[-2000:]
    # What the player read never showed an opponent's hand or draw.
    assert not re.search(r"P[23] hand: |draw: P[23] draws [0-9AJQK]", screen)
    data = json.loads(saved.read_text())
    assert data["finished"] and data["winner"] == over.group(2)
    shown = subprocess.run(
        [SIM, "replay", "--file", str(saved)], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert shown[-1] == f"winner: {over.group(2)}"
