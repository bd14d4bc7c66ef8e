"""The human seat: a person plays any of the games in the terminal against any agent.

`sim play --agents human,search --games 1` (with `--game battle_cards` or `--game
house_of_suits` for the other games) seats the person as P1. One loop serves every game; the
board, the log lines a seat may read and the final line are the game's (`sim/play/boards.py`). At
each of their decisions the board is drawn from their side (the opponent's hand hidden), then
what happened since their last decision, then the legal moves, numbered. They answer with a
number or the move as written (with completion), `undo` or `quit`. Undo replays the game from
its seed and the moves chosen so far, less the last: the engine is deterministic and each
built-in agent draws from its own seeded stream, so the opponent plays the same moves again.
The finished game is saved as a replay file (`sim replay --file F`).
"""

from __future__ import annotations

import difflib
import json
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from sim import _core, games
from sim.play import boards, python_agents, replays
from sim.play.boards import seat_name
from sim.play.engine import canonical_rules, table_size

HUMAN = "human"
COMMANDS = ("undo", "quit", "help")
HELP = (
    "Enter a move's number or the move as written (e.g. {example}; Tab completes), 'undo' to "
    "go back to your previous decision, 'quit' to stop. The notation is in docs/notation.md."
)


def public_lines(lines: list[str], seat: int, game: str = games.DEFAULT) -> list[str]:
    """The log lines `seat` may read, as the game hides them (`Board.public_lines`)."""
    return boards.board_of(game).public_lines(lines, seat)


def moves_list(legal: list[str]) -> Columns:
    return Columns(
        [Text(f"{i:>2}", style="bold yellow") + Text(f" {m}") for i, m in enumerate(legal, 1)],
        column_first=True,
        padding=(0, 3),
    )


# --- reading an answer ---------------------------------------------------------------------


# Cards of every game: the standard suits, House of Suits' O and W, the Jokers.
_CARD = r"(?:10|[2-9tajqk])[hdcsow]|[br]j"
_CARDS = re.compile(rf"(?i)(?:{_CARD})(?:[/=](?:{_CARD}))*")


def _normal(text: str) -> str:
    """A move as typed, spelt as the engine writes it: single spaces, cards in capitals, 10
    for T (`deploy th lead 5h` is `deploy 10H lead 5H`)."""

    def card(m: re.Match[str]) -> str:
        return re.sub(r"(?<![0-9])T", "10", m.group(0).upper())

    return " ".join(_CARDS.sub(card, w) if _CARDS.fullmatch(w) else w.lower() for w in text.split())


@dataclass
class Answer:
    move: int | None = None
    command: str | None = None
    refusal: str | None = None


def read_answer(text: str, legal: list[str]) -> Answer:
    """A number (1-based) or a legal move, or a command; otherwise why it was refused."""
    text = text.strip()
    if text.lower() in COMMANDS:
        return Answer(command=text.lower())
    if text.isdigit():
        n = int(text)
        if 1 <= n <= len(legal):
            return Answer(move=n - 1)
        return Answer(refusal=f"There is no move {n}: the moves are numbered 1 to {len(legal)}.")
    if not text:
        return Answer(refusal="Enter a move's number, a move, 'undo' or 'quit'.")
    move = _normal(text)
    if move in legal:
        return Answer(move=legal.index(move))
    close = difflib.get_close_matches(move, legal, n=3, cutoff=0.0)
    listed = ", ".join(f"{legal.index(m) + 1} {m}" for m in close)
    return Answer(refusal=f"'{text}' is not a legal move now. Closest legal moves: {listed}.")


Ask = Callable[[str, list[str]], str]


def terminal_ask() -> Ask:
    """Input with completion of the legal moves (prompt_toolkit) on a terminal; plain lines
    when input is piped."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):

        def plain(prompt: str, words: list[str]) -> str:
            return input(prompt)

        return plain
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import WordCompleter

    session: PromptSession[str] = PromptSession()

    def ask(prompt: str, words: list[str]) -> str:
        completer = WordCompleter(words, sentence=True, ignore_case=True)
        return session.prompt(prompt, completer=completer, complete_while_typing=True)

    return ask


# --- the game ------------------------------------------------------------------------------


@dataclass
class Seating:
    """One game with human seats: the engine's session and the moves chosen from Python."""

    rules: str
    seed: int
    agents: tuple[str, str]
    resolve: Callable[[str], str]
    # (seat, move, log index the seat had read up to at that decision), in order.
    chosen: list[tuple[int, str, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.game = self._replay()

    @property
    def seat_agents(self) -> list[str]:
        """Each seat's agent: A in P1, B in every other seat (three or four players)."""
        seats = table_size(canonical_rules(self.rules, games.game_of(self.rules)))
        return [self.agents[min(s, 1)] for s in range(seats)]

    def _replay(self) -> _core.Game:
        """The game from its seed with `chosen` played again (the opponent replays too)."""
        specs = tuple(
            None if a == HUMAN or python_agents.is_python(a) else self.resolve(a)
            for a in self.agents
        )
        self.game = _core.Game(self.rules, self.seed, (specs[0], specs[1]), keep_log=True)
        self.bots = [
            python_agents._make(a, _core.game_seed(self.seed, s + 1))
            if python_agents.is_python(a)
            else None
            for s, a in enumerate(self.seat_agents)
        ]
        self.read_to = [0] * len(self.bots)
        self._bots_play()
        for seat, move, _ in self.chosen:
            assert self.game.decider == seat, "a replayed game must reach the same decisions"
            self.read_to[seat] = len(self.game.log()) + 1
            self.game.play(self.game.legal().index(move))
            self._bots_play()
        return self.game

    def _bots_play(self) -> None:
        """Let agents written in Python play until a human decides or the game ends."""
        while (s := self.game.decider) is not None and (bot := self.bots[s]) is not None:
            self.game.play(bot.choose(json.loads(self.game.observation(s)), self.game.legal()))

    def play(self, seat: int, move: str) -> None:
        self.chosen.append((seat, move, self.read_to[seat]))
        # The seat has now read everything up to and including its own move.
        self.read_to[seat] = len(self.game.log()) + 1
        self.game.play(self.game.legal().index(move))
        self._bots_play()

    def undo(self, seat: int) -> bool:
        """Back to `seat`'s previous decision; False when it has none."""
        if not any(s == seat for s, _, _ in self.chosen):
            return False
        while True:
            s, _, read = self.chosen.pop()
            if s == seat:
                break
        self.game = self._replay()
        self.read_to[seat] = read  # show again what that decision showed
        return True


def default_replay_path(seed: int) -> Path:
    return Path(f"sim-game-{seed}-{time.strftime('%Y%m%d-%H%M%S')}.json")


def play(
    rules: str,
    seed: int,
    agents: tuple[str, str],
    resolve: Callable[[str], str],
    save_to: Path,
    console: Console | None = None,
    ask: Ask | None = None,
    extra: dict[str, Any] | None = None,
) -> dict[str, Any] | None:
    """Play one game with the human seats answered at the terminal; returns the outcome
    (None when the player quits). The game is saved to `save_to` either way."""
    console = console or Console(highlight=False)
    ask = ask or terminal_ask()
    board = boards.board_of(games.game_of(rules))
    table = Seating(rules, seed, agents, resolve)
    note: Text | None = None
    quit_ = False
    while (seat := table.game.decider) is not None:
        game = table.game
        obs = json.loads(game.observation(seat))
        console.print()
        console.print(board.terminal(obs, agents))
        since = board.public_lines(game.log()[table.read_to[seat] :], seat)
        if since:
            console.print(Text(f"Since your last decision ({seat_name(seat)}):", style="bold"))
            for line in since:
                console.print(Text("  " + line))
        if note is not None:
            console.print(note)
            note = None
        legal = game.legal()
        console.print(Text("Legal moves:", style="bold"))
        console.print(moves_list(legal))
        while True:
            try:
                text = ask(f"{seat_name(seat)} move (number, move, undo, quit, help)> ", legal)
            except (EOFError, KeyboardInterrupt):
                text = "quit"
            answer = read_answer(text, legal)
            if answer.refusal:
                console.print(Text(answer.refusal, style="red"))
                continue
            if answer.command == "help":
                console.print(Text(HELP.format(example=board.example)))
                continue
            break
        if answer.command == "quit":
            quit_ = True
            break
        if answer.command == "undo":
            if table.undo(seat):
                note = Text("Undone: back to your previous decision.", style="yellow")
            else:
                note = Text("Nothing to undo: this is your first decision.", style="yellow")
            continue
        assert answer.move is not None
        table.play(seat, legal[answer.move])
    final = json.loads(table.game.state())
    outcome = final["outcome"]
    if quit_:
        console.print(Text("You left the game before its end.", style="yellow"))
    else:
        who = outcome["winner"]
        humans = [seat_name(s) for s, a in enumerate(table.seat_agents) if a == HUMAN]
        if who == "draw":
            verdict = "a draw"
        elif len(humans) == 1:
            verdict = "you win" if who in humans else "you lose"
        else:
            verdict = f"{who} wins"
        console.print(
            Text(
                f"Game over ({outcome['reason']}): winner {who}, {verdict}. {board.summary(final)}."
            )
        )
    path = replays.save(
        save_to,
        rules,
        seed,
        agents,
        table.game.moves(),
        None if quit_ else outcome,
        finished=not quit_,
        **(extra or {}),
    )
    console.print(Text(f"replay saved: {path} (sim replay --file {path})"))
    return None if quit_ else outcome


def check_game(game: str) -> None:
    """The human seat plays every game with a board (`sim/play/boards.py`)."""
    boards.board_of(game)
