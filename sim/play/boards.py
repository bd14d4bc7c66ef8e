"""Each game's board, in one shape: what the human seat draws in the terminal from a seat's
observation, the log lines that seat may read, what the replay viewer keeps of a state for a
step (its page draws it with the game's function of the same name), and the final line.

The human seat (`sim/play/human.py`) and the viewer (`sim/reporting/viewer.py`) run one loop
for every game and ask `board_of(game)` for the rest."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from sim import games

# The most seats at a Houses-Skirmish table (`players=4`).
MAX_SEATS = games.game(games.DEFAULT).seats


def seat_name(seat: int) -> str:
    return f"P{seat + 1}"


def _cards(cards: list[str] | None, style: str = "bold") -> Text:
    return Text(" ".join(cards or []) or "-", style=style if cards else "dim")


def _grid() -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="cyan", no_wrap=True)
    grid.add_column()
    return grid


def _hand(p: dict[str, Any]) -> Text:
    """A player's hand, or its size when hidden (`hand` is null in the observation)."""
    if p["hand"] is not None:
        return _cards(p["hand"], "bold green")
    n = p["hand_size"]
    return Text(f"{n} card{'s' if n != 1 else ''}")


@dataclass(frozen=True)
class Board:
    """One game's board. `example` shows a move in the help line."""

    game: str
    title: str
    example: str

    def terminal(self, obs: dict[str, Any], agents: tuple[str, str]) -> RenderableType:
        """The board as the observation's seat sees it: the opponent above, the player below."""
        raise NotImplementedError

    def public_lines(self, lines: list[str], seat: int) -> list[str]:
        """The log lines `seat` may read (the opponent's hidden cards left out)."""
        raise NotImplementedError

    def step(self, state: dict[str, Any], new_lines: list[str]) -> dict[str, Any]:
        """What the viewer keeps of a state (every card shown) for one step; `new_lines` are
        the log lines of the step."""
        raise NotImplementedError

    def summary(self, state: dict[str, Any]) -> str:
        """The finished game's figures for the final line (`Life: P1 3, P2 0.`)."""
        raise NotImplementedError


# --- Houses-Skirmish -----------------------------------------------------------------------


def _unit(u: dict[str, Any]) -> Text:
    cards, *flags = u["unit"].split(" ")
    t = Text(cards, style="bold")
    t.append(f" {u['attack']}/{u['defence']}")
    if u["damage"]:
        t.append(f" dmg {u['damage']}", style="red")
    if flags:
        t.append(" " + ",".join(flags), style="dim")
    return t


def _rank(units: list[dict[str, Any]]) -> Text:
    if not units:
        return Text("-", style="dim")
    return Text("  ").join(_unit(u) for u in units)


class Houses(Board):
    def terminal(self, obs: dict[str, Any], agents: tuple[str, str]) -> RenderableType:
        me = int(obs["seat"][1]) - 1
        seats = len(obs["players"])
        grid = _grid()

        def player(s: int, label: str) -> None:
            p = obs["players"][seat_name(s)]
            if s == me:
                hand = Text(" ".join(p["hand"]) or "-", style="bold green")
            else:
                known = f" (known: {' '.join(p['hand'])})" if p["hand"] else ""
                # Each seat's unseen cards; older observations give the opponents' total.
                hidden = obs.get("hidden_cards", {}).get(seat_name(s))
                n = len(p["hand"]) + (obs["opponent_hidden_cards"] if hidden is None else hidden)
                hand = Text(f"{n} card{'s' if n != 1 else ''}{known}")
            out = "   out" if p.get("out") else ""
            grid.add_row(Text(seat_name(s), style="bold"), Text(f"{label}   life {p['life']}{out}"))
            grid.add_row("hand", hand)

        def ranks(s: int, order: tuple[str, ...]) -> None:
            for r in order:
                grid.add_row(r, _rank(obs["units"][seat_name(s)][r]))

        # The opponents top down, the last to play before this seat nearest to it; agent A sits
        # in P1 and agent B in every other seat.
        for k, them in enumerate((me + j) % seats for j in range(1, seats)):
            if k:
                grid.add_row("", Rule(style="dim", characters="·"))
            player(them, f"{agents[min(them, 1)]}")
            ranks(them, ("rear", "front"))
        grid.add_row("", Rule(style="dim"))
        ranks(me, ("front", "rear"))
        player(me, "you")
        barrows = obs["barrows"]
        grid.add_row(
            "piles",
            Text(
                f"deck {obs['deck_size']}   Barrows {len(barrows)}"
                + (f" ({' '.join(barrows)})" if barrows else "")
                + f"   burned {len(obs['burned'])}"
            ),
        )
        for a in obs["attacks"]:
            line = f"{a['attacker']} -> {a['target']}" + (
                f" and {a['second']}" if a["second"] else ""
            )
            grid.add_row(
                "combat", Text(line + (f", blocked by {a['blocker']}" if a["blocker"] else ""))
            )
        title = (
            f"turn {obs['turn']} (round {obs['round']})   {obs['active']}'s turn   "
            f"{obs['pending'].replace('_', ' ')}: {obs['decider']} to decide"
        )
        return Panel(grid, title=title, subtitle="units: cards attack/defence", expand=False)

    def public_lines(self, lines: list[str], seat: int) -> list[str]:
        """The opponents' draws and hands, and the cards a Queen of Spades' player keeps and
        puts back, are hidden; the turn's board line is left out (the board is drawn)."""
        me = seat_name(seat)
        them = [seat_name(s) for s in range(MAX_SEATS) if s != seat]
        hands = tuple(f"{p} hand: " for p in [me, *them])
        out = []
        for line in lines:
            if line.startswith(("seed ", "board: ", *hands)):
                continue
            for p in them:
                if line.startswith(f"draw: {p} draws "):
                    line = f"draw: {p} draws a card"
                elif line.startswith(f"{p}: keep "):
                    line = f"{p}: keep (the cards are hidden)"
            out.append(line)
        return out

    def step(self, state: dict[str, Any], new_lines: list[str]) -> dict[str, Any]:
        s = state
        return {
            "turn": s["turn"],
            "round": s["round"],
            "active": s["active"],
            "pending": s["pending"],
            "decider": s["decider"],
            "deck": s["deck_size"],
            "barrows": s["barrows"],
            "burned": len(s["burned"]),
            "attacks": s["attacks"],
            "outcome": s["outcome"],
            "players": {
                p: {
                    "life": s["players"][p]["life"],
                    "hand": s["players"][p]["hand"],
                    "front": s["units"][p]["front"],
                    "rear": s["units"][p]["rear"],
                }
                for p in s["players"]  # P1, P2 (P3, P4 at a larger table)
            },
        }

    def summary(self, state: dict[str, Any]) -> str:
        return "Life: " + ", ".join(f"{p} {v['life']}" for p, v in state["players"].items())


# --- Battle Cards --------------------------------------------------------------------------

_BC_PENDING = {
    "turn": "to play or discard",
    "ward": "to ward off {attack} with a Joker, or take it",
    "redraw": "to redraw the hand after the Ace, or keep it",
    "over": "",
}


class BattleCards(Board):
    def terminal(self, obs: dict[str, Any], agents: tuple[str, str]) -> RenderableType:
        me = int(obs["seat"][1]) - 1
        grid = _grid()

        def player(s: int, label: str) -> None:
            p = obs["players"][seat_name(s)]
            grid.add_row(Text(seat_name(s), style="bold"), Text(f"{label}   life {p['life']}"))
            grid.add_row("hand", _hand(p))
            armor = Text(" ".join(p["armor"]) or "-", style="bold" if p["armor"] else "dim")
            if p["armor"]:
                armor.append(f"   (top {p['armor'][-1]})", style="dim")
            grid.add_row("armor", armor)
            top = f" (top {p['discard'][-1]})" if p["discard"] else ""
            grid.add_row("piles", Text(f"draw {p['draw_size']}   discard {len(p['discard'])}{top}"))

        player(1 - me, agents[1 - me])
        grid.add_row("", Rule(style="dim"))
        player(me, "you")
        title = f"turn {obs['turn']}   {obs['active']}'s turn"
        if obs["decider"]:
            title += f"   {obs['decider']} " + _BC_PENDING[obs["pending"]].format(
                attack=obs["attack"]
            )
        return Panel(grid, title=title, subtitle="armor: bottom to top", expand=False)

    def public_lines(self, lines: list[str], seat: int) -> list[str]:
        """The opponent's hand (on its turn's line) is hidden."""
        them = seat_name(1 - seat)
        out = []
        for line in lines:
            if line.startswith("seed "):
                continue
            if line.startswith("== turn ") and f" {them} (" in line:
                line = re.sub(r" hand: .*$", "", line)
            out.append(line)
        return out

    def step(self, state: dict[str, Any], new_lines: list[str]) -> dict[str, Any]:
        s = state
        return {
            "turn": s["turn"],
            "active": s["active"],
            "pending": s["pending"],
            "decider": s["decider"],
            "attack": s["attack"],
            "outcome": s["outcome"],
            "rolls": s["rolls"],
            "dice": [int(m.group(1)) for ln in new_lines if (m := re.match(r"die: (\d)", ln))],
            "players": {
                p: {
                    "life": s["players"][p]["life"],
                    "hand": s["players"][p]["hand"],
                    "armor": s["players"][p]["armor"],
                    "discard": len(s["players"][p]["discard"]),
                    "discard_top": (s["players"][p]["discard"] or [None])[-1],
                    "draw": s["players"][p]["draw_size"],
                }
                for p in ("P1", "P2")
            },
        }

    def summary(self, state: dict[str, Any]) -> str:
        return "Life: " + ", ".join(f"{p} {state['players'][p]['life']}" for p in ("P1", "P2"))


# --- House of Suits ------------------------------------------------------------------------


class HouseOfSuits(Board):
    def terminal(self, obs: dict[str, Any], agents: tuple[str, str]) -> RenderableType:
        me = int(obs["seat"][1]) - 1
        grid = _grid()

        def player(s: int, label: str) -> None:
            p = obs["players"][seat_name(s)]
            grid.add_row(Text(seat_name(s), style="bold"), Text(f"{label}   score {p['score']}"))
            grid.add_row("hand", _hand(p))
            aside = p["aside"] or ("set (hidden)" if p["aside_set"] else "-")
            grid.add_row("aside", Text(aside))
            grid.add_row("invest", _cards(p["invested"]))

        player(1 - me, agents[1 - me])
        grid.add_row("", Rule(style="dim"))
        grid.add_row("market", _cards(obs["market"]))
        suits = Text("   ").join(
            Text(f"{x['suit']} {x['total']} {x['role']} ({x['invested'][0]}/{x['invested'][1]})")
            for x in obs["suits"]
        )
        grid.add_row("suits", suits)
        grid.add_row("pile", Text(f"{obs['pile_size']} cards"))
        grid.add_row("", Rule(style="dim"))
        player(me, "you")
        doing = "set a card aside" if obs["pending"] == "aside" else "lay"
        title = (
            f"game {obs['match_game']} of {obs['games']}   turn {obs['turn'] + 1}   "
            f"{obs['decider'] or '-'} to {doing}"
        )
        return Panel(
            grid,
            title=title,
            subtitle="suits: total role (invested P1/P2), roles as the market stands",
            expand=False,
        )

    def public_lines(self, lines: list[str], seat: int) -> list[str]:
        """The deal's hands are hidden (the player's own is on the board); set-aside cards are
        hidden in the log until the game's end."""
        return [ln for ln in lines if not re.match(r"P[12] hand: ", ln)]

    def step(self, state: dict[str, Any], new_lines: list[str]) -> dict[str, Any]:
        keys = ("match_game", "games", "turn", "active", "pending", "decider", "market")
        return {
            **{k: state[k] for k in keys},
            "pile": state["pile_size"],
            "suits": state["suits"],
            "outcome": state["outcome"],
            "players": state["players"],
        }

    def summary(self, state: dict[str, Any]) -> str:
        return "Scores: " + ", ".join(f"{p} {state['players'][p]['score']}" for p in ("P1", "P2"))


BOARDS: dict[str, Board] = {
    b.game: b
    for b in (
        Houses("houses", "Houses-Skirmish", "'deploy 7H', 'attack 7H player'"),
        BattleCards("battle_cards", "Battle Cards", "'play 7H', 'discard 3C', 'ward'"),
        HouseOfSuits("house_of_suits", "House of Suits", "'aside 7D', 'market 3C invest 9S'"),
    )
}


def board_of(game: str) -> Board:
    found = BOARDS.get(game)
    if found is None:
        raise ValueError(f"no board for game '{game}' (boards: {', '.join(BOARDS)})")
    return found
