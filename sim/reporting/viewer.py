"""A replay as one self-contained HTML page: a board per step (each decision, with the forced
moves that follow it), the log beside it, previous/next buttons, arrow keys and a slider. No
network and no files besides the page itself, so it opens offline and on a phone."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from sim import games
from sim.play import boards, replays


def steps_of(rules: str, seed: int, moves: list[str]) -> tuple[list[str], list[dict[str, Any]]]:
    """The full log and, per step, the board (every card shown: a spectator's view, as the
    game's `Board.step` keeps it) and the log lines up to it."""
    board = boards.board_of(games.game_of(rules))
    out: list[dict[str, Any]] = []
    game = None
    for game in replays.steps(rules, seed, moves):
        log = game.log()
        since = out[-1]["upto"] if out else 0
        step = board.step(json.loads(game.state()), log[since:])
        out.append({**step, "upto": len(log)})
    assert game is not None
    return game.log(), out


def page(
    title: str, agents: list[str], log: list[str], steps: list[dict[str, Any]], game: str
) -> str:
    data = json.dumps(
        {"game": game, "agents": agents, "log": log, "steps": steps}, separators=(",", ":")
    )
    # A JSON island in a script element: only '</' could end it early.
    data = data.replace("</", "<\\/")
    return TEMPLATE.replace("__TITLE__", html.escape(title)).replace("__DATA__", data)


def write(path: Path, rules: str, seed: int, moves: list[str], agents: list[str]) -> Path:
    from sim.running.runner import write_text

    game = games.game_of(rules)
    log, steps = steps_of(rules, seed, moves)
    title = f"{boards.board_of(game).title}, seed {seed}: {' v '.join(agents)}"
    # Whole or not at all (WriteError naming the file): a full disk leaves no truncated page.
    write_text(path, page(title, agents, log, steps, game))
    return path


TEMPLATE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>__TITLE__</title>
<style>
  body { font: 15px/1.4 system-ui, sans-serif; margin: 0; padding: 12px; color: #222; }
  h1 { font-size: 17px; margin: 0 0 8px; }
  .bar { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin-bottom: 10px; }
  .bar button { font-size: 16px; padding: 6px 14px; }
  .bar input[type=range] { flex: 1 1 160px; min-width: 0; }
  .main { display: flex; gap: 14px; flex-wrap: wrap; align-items: flex-start; }
  .board { flex: 1 1 340px; min-width: 0; }
  .log { flex: 1 1 260px; min-width: 0; max-height: 70vh; overflow-y: auto;
         font: 13px/1.35 ui-monospace, monospace; border: 1px solid #ccc; padding: 6px; }
  .log div { white-space: pre-wrap; overflow-wrap: anywhere; }
  .log .now { background: #fff3b0; }
  .log .later { color: #aaa; }
  .side { border: 1px solid #ccc; border-radius: 6px; padding: 6px 8px; margin: 6px 0; }
  .side.active { border-color: #2a6; box-shadow: 0 0 0 1px #2a6; }
  .row { display: flex; gap: 6px; flex-wrap: wrap; margin: 4px 0; align-items: baseline; }
  .label { width: 44px; color: #678; font-size: 13px; flex: none; }
  .unit { border: 1px solid #999; border-radius: 4px; padding: 1px 5px; background: #fafafa;
          font-family: ui-monospace, monospace; font-size: 13px; }
  .unit .st { color: #555; } .unit .dmg { color: #c00; } .unit .fl { color: #888; }
  .card { font-family: ui-monospace, monospace; }
  .red { color: #c00; }
  .piles, .combat { font-size: 13px; color: #444; margin: 4px 0; overflow-wrap: anywhere; }
  .outcome { font-weight: bold; margin: 6px 0; }
</style>
</head>
<body>
<h1>__TITLE__</h1>
<div class="bar">
  <button id="prev" aria-label="previous step">&larr; Prev</button>
  <button id="next" aria-label="next step">Next &rarr;</button>
  <input id="slider" type="range" min="0" value="0" aria-label="step">
  <span id="step"></span>
</div>
<div class="main">
  <div class="board" id="board"></div>
  <div class="log" id="log"></div>
</div>
<script type="application/json" id="data">__DATA__</script>
<script>
"use strict";
const DATA = JSON.parse(document.getElementById("data").textContent);
const steps = DATA.steps;
let at = 0;
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};
const card = c => el("span", "card" + (/[HD]$|^RJ/.test(c) ? " red" : ""), c + " ");
function unit(u) {
  const [cards, ...flags] = u.unit.split(" ");
  const e = el("span", "unit");
  e.append(el("b", "", cards), el("span", "st", " " + u.attack + "/" + u.defence));
  if (u.damage) e.append(el("span", "dmg", " dmg " + u.damage));
  if (flags.length) e.append(el("span", "fl", " " + flags.join(",")));
  return e;
}
function row(label, items) {
  const r = el("div", "row");
  r.append(el("span", "label", label));
  if (!items.length) r.append(el("span", "fl", "-"));
  items.forEach(i => r.append(i));
  return r;
}
function box(s, p, label) {
  const b = el("div", "side" + (s.active === p ? " active" : ""));
  const who = DATA.agents[p === "P1" ? 0 : 1] || "";
  b.append(el("div", "", p + " (" + who + ")  " + label));
  return b;
}
const headline = (b, text) => b.append(el("div", "", text));
// Each game's board, drawn from its step (sim/play/boards.py keeps what each one needs).
const DRAW = {
  houses(s, b) {
    const side = (p, ranks) => {
      const pl = s.players[p];
      const x = box(s, p, "life " + pl.life);
      x.append(row("hand", pl.hand.map(card)));
      ranks.forEach(r => x.append(row(r, pl[r].map(unit))));
      return x;
    };
    const deciding = s.decider ? ": " + s.decider + " to decide" : "";
    headline(b, "turn " + s.turn + " (round " + s.round + "), " + s.active + "'s turn; " +
      s.pending.replace(/_/g, " ") + deciding);
    const seats = Object.keys(s.players);
    if (seats.length === 2) b.append(side("P2", ["rear", "front"]), side("P1", ["front", "rear"]));
    else seats.forEach(p => b.append(side(p, ["front", "rear"])));  // three or four players
    b.append(el("div", "piles", "deck " + s.deck + " · Barrows " + s.barrows.length +
      (s.barrows.length ? " (" + s.barrows.join(" ") + ")" : "") + " · burned " + s.burned));
    s.attacks.forEach(a => b.append(el("div", "combat", "combat: " + a.attacker + " → " +
      a.target + (a.second ? " and " + a.second : "") +
      (a.blocker ? ", blocked by " + a.blocker : ""))));
  },
  battle_cards(s, b) {
    const doing = {turn: "to play or discard", ward: "to ward off " + s.attack +
      " with a Joker, or take it", redraw: "to redraw after the Ace, or keep the hand"};
    headline(b, "turn " + s.turn + ", " + s.active + "'s turn" +
      (s.decider ? "; " + s.decider + " " + doing[s.pending] : ""));
    const side = p => {
      const pl = s.players[p];
      const x = box(s, p, "life " + pl.life);
      x.append(row("hand", pl.hand.map(card)));
      x.append(row("armor", pl.armor.map(card)));
      x.append(el("div", "piles", "draw " + pl.draw + " · discard " + pl.discard +
        (pl.discard_top ? " (top " + pl.discard_top + ")" : "")));
      return x;
    };
    b.append(side("P2"), side("P1"));
    b.append(el("div", "piles", (s.dice.length ? "dice this step: " + s.dice.join(", ") :
      "no die rolled this step") + " · rolls so far " + s.rolls));
  },
  house_of_suits(s, b) {
    const doing = {aside: "to set a card aside", lay: "to lay a card in the market and invest one"};
    // `turn` counts the turns played in the game under way.
    headline(b, "game " + s.match_game + " of " + s.games +
      (s.decider ? ", turn " + (s.turn + 1) + "; " + s.decider + " " + doing[s.pending] : ""));
    const side = p => {
      const pl = s.players[p];
      const x = box(s, p, "score " + pl.score);
      x.append(row("hand", pl.hand.map(card)));
      x.append(row("aside", pl.aside ? [card(pl.aside)] : []));
      x.append(row("invest", pl.invested.map(card)));
      return x;
    };
    b.append(side("P2"));
    b.append(row("market", s.market.map(card)));
    b.append(row("suits", s.suits.map(x => {
      const e = el("span", "unit");
      e.append(el("b", "", x.suit + " " + x.total), el("span", "st", " " + x.role),
        el("span", "fl", " P1 " + x.invested[0] + " / P2 " + x.invested[1]));
      return e;
    })));
    b.append(el("div", "piles", "pickup pile " + s.pile));
    b.append(side("P1"));
  },
};
function show(i) {
  at = Math.max(0, Math.min(steps.length - 1, i));
  const s = steps[at];
  const b = document.getElementById("board");
  b.replaceChildren();
  DRAW[DATA.game](s, b);
  if (s.outcome) b.append(el("div", "outcome", "winner: " + s.outcome.winner +
    " (" + s.outcome.reason + ")"));
  const from = at ? steps[at - 1].upto : 0;
  const log = document.getElementById("log");
  log.replaceChildren();
  let current = null;
  DATA.log.forEach((line, k) => {
    const d = el("div", k >= s.upto ? "later" : k >= from ? "now" : "", line);
    if (k === from) current = d;
    log.append(d);
  });
  if (current) log.scrollTop = current.offsetTop - log.offsetTop - 20;
  document.getElementById("step").textContent = "step " + (at + 1) + " / " + steps.length;
  document.getElementById("slider").value = at;
  document.getElementById("prev").disabled = at === 0;
  document.getElementById("next").disabled = at === steps.length - 1;
  document.body.dataset.step = at;
  // The address names the step shown, so a link (or a reload) opens the same step.
  history.replaceState(null, "", "#step=" + (at + 1));
}
document.getElementById("slider").max = steps.length - 1;
document.getElementById("slider").addEventListener("input", e => show(+e.target.value));
document.getElementById("prev").addEventListener("click", () => show(at - 1));
document.getElementById("next").addEventListener("click", () => show(at + 1));
document.addEventListener("keydown", e => {
  if (e.key === "ArrowRight") show(at + 1);
  if (e.key === "ArrowLeft") show(at - 1);
});
const linked = /^#step=(\\d+)$/.exec(location.hash);
show(linked ? +linked[1] - 1 : 0);
</script>
</body>
</html>
"""
