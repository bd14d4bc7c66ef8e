"""docs/findings.md's figures, generated from the runs so that none is copied by hand.

The page is written by hand, but each of its figures lies between two marker lines,

    <!-- figure: KIND RUN [ARG] -->
    ...
    <!-- figure: end -->

and is rendered by `KINDS[KIND]` from data that `sim answers --write` takes from
`reports/RUN/answer.json` (its `figures`) and keeps in docs/findings.json, so that a fresh clone
can check the page against the data, and a machine that has the runs can check the data against
them (tests/test_answers.py). `verdicts FILE` renders a run's verdicts from docs/answers.json."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sim.play.agents import standing
from sim.reporting import terms
from sim.reporting.answers import said_with_spread
from sim.reporting.formats import pct, points_interval
from sim.reporting.related import ANSWER_FILE

PAGE = Path("docs") / "findings.md"
SNAPSHOT = Path("docs") / "findings.json"
END = "<!-- figure: end -->"
# A figure may stand indented (in a list item): its lines keep the start marker's indent.
MARKER = re.compile(
    r"^(?P<indent>[ ]*)<!-- figure: (?!end )(?P<key>[^>]+?) -->\n(?P<body>.*?)"
    r"^(?P=indent)<!-- figure: end -->",
    re.S | re.M,
)
HOUSES = {"D": "Diamonds", "C": "Clubs", "H": "Hearts", "S": "Spades"}
KINGS = {"KD": "Diamonds", "KC": "Clubs", "KS": "Spades", "KH": "Hearts"}


def _r(x: float | None) -> float | None:
    # Rounded so that the snapshot stays readable and stable across platforms.
    return None if x is None else round(float(x), 5)


def _player(agent: str) -> str:
    return standing(agent)[1]


def _strongest_first(agents: list[str]) -> list[str]:
    return sorted(dict.fromkeys(agents), key=lambda a: -standing(a)[0])


def _columns(rows: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """(player, variant) columns: the strongest player's first, variants in the run's order."""
    variants = list(dict.fromkeys(r["variant"] for r in rows))
    seen = {(r["agent"], r["variant"]) for r in rows}
    agents = _strongest_first([r["agent"] for r in rows])
    return [(a, v) for a in agents for v in variants if (a, v) in seen]


def _table(head: list[str], body: list[list[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in body])


def _by_card(
    rows: list[dict[str, Any]], cell: Callable[[dict[str, Any]], str], first: str = "King"
) -> str:
    """One row a card, one column a (player, variant), each entry `cell(row)`."""
    cols = _columns(rows)
    cards = sorted(
        dict.fromkeys(r["card"] for r in rows),
        key=lambda c: (c not in KINGS, list(KINGS).index(c) if c in KINGS else 0),
    )
    at = {(r["card"], r["agent"], r["variant"]): r for r in rows}
    head = [first] + [f"{_player(a)}, {v}" for a, v in cols]
    body = [
        [KINGS.get(c, c)] + [cell(at[(c, a, v)]) if (c, a, v) in at else "-" for a, v in cols]
        for c in cards
    ]
    return _table(head, body)


def _rate(v: float, lo: float, hi: float) -> str:
    """A win rate and its interval: 58.3% [56.2, 60.4]."""
    return f"{pct(v)} [{100 * lo:.1f}, {100 * hi:.1f}]"


# --- each kind: what it keeps of a run's figures, and how it renders that ---------------------


def _mirror_values(figures: dict[str, Any], method: str) -> list[dict[str, Any]]:
    """The run's card values by `method` (blank or forbid), each read from a mirror match-up."""
    return [
        v for v in figures["card_values"] if v["method"] == method and v["agent_a"] == v["agent_b"]
    ]


def _king_values(figures: dict[str, Any], method: str = "blank") -> list[dict[str, Any]]:
    return [
        {
            "card": v["card"],
            "agent": v["agent_a"],
            "variant": v["variant"],
            "value": _r(v["value"]),
            "lo": _r(v["lo"]),
            "hi": _r(v["hi"]),
            "n": v["n"],
        }
        for v in _mirror_values(figures, method)
    ]


def _render_king_values(rows: list[dict[str, Any]]) -> str:
    table = _by_card(rows, lambda r: points_interval(r["value"], r["lo"], r["hi"]))
    sizes = []
    for agent in _strongest_first([r["agent"] for r in rows]):
        n = [r["n"] for r in rows if r["agent"] == agent]
        sizes.append(f"{_player(agent)} {min(n):,} to {max(n):,}")
    return (
        f"{table}\n\nPoints of win rate to the King's drawer, 95% intervals; deals with the King"
        f" drawn: {'; '.join(sizes)} an entry."
    )


def _king_used(figures: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"card": v["card"], "agent": v["agent_a"], "variant": v["variant"], "used": _r(v["used"])}
        for v in _mirror_values(figures, "blank")
        if v["card"].startswith("K")
    ]


def _render_king_used(rows: list[dict[str, Any]]) -> str:
    return _by_card(rows, lambda r: pct(r["used"], 0)) + (
        "\n\nOf the deals on which a player drew the King, the share on which that player"
        " deployed it."
    )


def _power_used(figures: dict[str, Any], variant: str) -> list[dict[str, Any]]:
    return [
        {
            "card": v["card"],
            "agent": v["agent_a"],
            "variant": v["variant"],
            "power": _r(v.get("power_used")),
        }
        for v in _mirror_values(figures, "blank")
        if v["variant"] == variant and v["card"].startswith("K")
    ]


def _render_power_used(rows: list[dict[str, Any]]) -> str:
    return _by_card(rows, lambda r: pct(r["power"])) + (
        "\n\nOf the deals on which the King's drawer deployed it, the share on which its power (the"
        " enhanced House Trait) changed play for that player at least once."
    )


def _king_deployer(figures: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "card": k["king"],
            "agent": k["agent"],
            "variant": k["variant"],
            "rate": _r(k["rate"]),
            "lo": _r(k["lo"]),
            "hi": _r(k["hi"]),
            "n": k["one_sided"],
        }
        for k in figures["kings"]
        if k["one_sided"]
    ]


def _render_king_deployer(rows: list[dict[str, Any]]) -> str:
    table = _by_card(rows, lambda r: _rate(r["rate"], r["lo"], r["hi"]))
    n = [r["n"] for r in rows]
    return (
        f"{table}\n\nThe deployer's win rate in the games where exactly one player deployed that"
        f" King ({min(n):,} to {max(n):,} such games an entry), 95% intervals."
    )


def _small_samples(figures: dict[str, Any], card: str) -> list[dict[str, Any]]:
    rows = [r for r in _king_deployer(figures) if r["card"] == card]
    top = max((standing(r["agent"])[0] for r in rows), default=0)
    return [r for r in rows if standing(r["agent"])[0] == top]


def _at_least(k: int, n: int, p: float) -> float:
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


def _render_small_samples(rows: list[dict[str, Any]]) -> str:
    said = []
    for r in rows:
        p = r["rate"]
        said.append(
            f"at {pct(p)} ({_player(r['agent'])}, {r['variant']}) the chance that the deployer"
            f" wins 9 or more of 10 such games is {pct(_at_least(9, 10, p))}, and 18 or more of"
            f" 20, {pct(_at_least(18, 20, p))}"
        )
    return "If the deployer's true win rate were the one measured above, " + "; ".join(said) + "."


def _rounds(figures: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "agent": c["agent_a"],
            "variant": c["variant"],
            "rounds": _r(c["rounds_mean"]),
            "games": c["games"],
        }
        for c in figures["cells"]
        if " | " not in c["variant"] and c["agent_a"] == c["agent_b"]
    ]


def _render_rounds(rows: list[dict[str, Any]]) -> str:
    agents = _strongest_first([r["agent"] for r in rows])
    variants = list(dict.fromkeys(r["variant"] for r in rows))
    at = {(r["agent"], r["variant"]): r for r in rows}
    body = [
        [v] + [f"{at[(a, v)]['rounds']:.1f}" if (a, v) in at else "-" for a in agents]
        for v in variants
    ]
    return _table(["rules"] + [_player(a) for a in agents], body) + (
        "\n\nThe mean number of rounds a game lasts."
    )


def _houses(figures: dict[str, Any], house: str | None = None) -> list[dict[str, Any]]:
    """Per rule set and mirror match-up: each House's mean over its pairings and the matrix;
    with `house`, that House's row alone (a file that plays one House against the others)."""
    return [
        {
            "label": h["variants"],
            "agent": h["matchup"],
            "mean": {k: _r(v) for k, v in h["mean"].items()},
            "lo": {k: _r(v) for k, v in h["mean_lo"].items()},
            "hi": {k: _r(v) for k, v in h["mean_hi"].items()},
            "matrix": {r: {c: _r(x) for c, x in m.items()} for r, m in h["matrix"].items()},
            "games": h["pair_games"],
            **({"focus": house} if house else {}),
        }
        for h in figures["houses"]
        if h["mirror"]
    ]


def _mean(h: dict[str, Any], x: str) -> str:
    return f"{HOUSES[x]} {_rate(h['mean'][x], h['lo'][x], h['hi'][x])}"


def _against(h: dict[str, Any], x: str, others: list[str]) -> str:
    return ", ".join(
        f"{HOUSES[o]} {pct(h['matrix'][x][o])} ({h['games'][x][o]:,} games)"
        for o in others
        if h["matrix"][x].get(o) is not None
    )


def _render_houses(rows: list[dict[str, Any]]) -> str:
    body = []
    for h in rows:
        if h.get("focus"):  # one House against each of the others
            x = h["focus"]
            others = sorted((o for o in h["mean"] if o != x), key=lambda o: -h["mean"][o])
            body.append([h["label"], _player(h["agent"]), _mean(h, x), _against(h, x, others)])
            continue
        order = sorted(h["mean"], key=lambda x: -h["mean"][x])
        means = ", ".join(_mean(h, x) for x in order)
        body.append(
            [h["label"], _player(h["agent"]), means, f"{HOUSES[order[0]]} against "
             + _against(h, order[0], order[1:])]
        )  # fmt: skip
    focus = rows[0].get("focus") if rows else None
    return _table(
        [
            "rules",
            "player",
            f"{HOUSES[focus]}' win rate over its pairings"
            if focus
            else "each House's win rate over its pairings",
            f"{HOUSES[focus]} against each other House"
            if focus
            else "the first of them against each other House",
        ],
        body,
    )


def _card_by_rules(figures: dict[str, Any], card: str) -> list[dict[str, Any]]:
    """One card's value to its drawer (against a blank) under each rule set and mirror player,
    with its change against the run's baseline on the same deals (an ablation's table). Runs
    reported before their card changes were kept give the values alone."""
    changes = {
        (c["variant"], c["agent_a"]): c
        for c in figures.get("card_changes", [])
        if c["card"] == card and c["method"] == "blank" and c["agent_a"] == c["agent_b"]
    }
    rows = []
    for v in _king_values(figures, "blank"):
        if v["card"] != card:
            continue
        change = changes.get((v["variant"], v["agent"]))
        if change:
            v |= {"diff": _r(change["diff"]), "dlo": _r(change["lo"]), "dhi": _r(change["hi"])}
        rows.append(v)
    return rows


def _render_card_by_rules(rows: list[dict[str, Any]]) -> str:
    """A row a rule set, for each player (strongest first) the card's worth and its change."""
    agents = _strongest_first([r["agent"] for r in rows])
    variants = list(dict.fromkeys(r["variant"] for r in rows))
    at = {(r["agent"], r["variant"]): r for r in rows}
    # The baseline: the rule set that no other is measured against (no change of its own).
    base = next((v for v in variants if all("diff" not in at.get((a, v), {}) for a in agents)), "")
    head = ["rules"]
    for a in agents:
        head += [f"{_player(a)}: worth", f"{_player(a)}: against {base}"]
    body = []
    for v in variants:
        line = [v]
        for a in agents:
            r = at.get((a, v))
            line.append(points_interval(r["value"], r["lo"], r["hi"]) if r else "-")
            line.append(
                points_interval(r["diff"], r["dlo"], r["dhi"]) if r and "diff" in r else "-"
            )
        body.append(line)
    card = rows[0]["card"] if rows else ""
    sizes = "; ".join(
        f"{_player(a)} {min(r['n'] for r in rows if r['agent'] == a):,} to "
        f"{max(r['n'] for r in rows if r['agent'] == a):,}"
        for a in agents
    )
    return (
        f"{_table(head, body)}\n\nPoints of win rate that {card} adds to its drawer's against a"
        f" blank, and that worth under each rule set minus its worth under {base} on the same"
        f" deals; 95% intervals, each on its own; deals with the card drawn: {sizes} an entry."
    )


def _deployer_by_rules(figures: dict[str, Any], card: str) -> list[dict[str, Any]]:
    return [r for r in _king_deployer(figures) if r["card"] == card]


def _render_deployer_by_rules(rows: list[dict[str, Any]]) -> str:
    """A row a rule set, a column a player (strongest first): how often the player who alone
    deployed the King won (what a playtest sees)."""
    agents = _strongest_first([r["agent"] for r in rows])
    variants = list(dict.fromkeys(r["variant"] for r in rows))
    at = {(r["agent"], r["variant"]): r for r in rows}
    body = [
        [v] + [_rate(r["rate"], r["lo"], r["hi"]) if (r := at.get((a, v))) else "-" for a in agents]
        for v in variants
    ]
    n = [r["n"] for r in rows] or [0]
    king = KINGS.get(rows[0]["card"], rows[0]["card"]) if rows else ""
    return (
        f"{_table(['rules'] + [_player(a) for a in agents], body)}\n\nThe deployer's win rate in"
        f" the games where exactly one player deployed the King of {king} ({min(n):,} to"
        f" {max(n):,} such games an entry), 95% intervals."
    )


# KIND -> (what it keeps of a run's `figures`, given the marker's arguments; how it renders it)
KINDS: dict[str, tuple[Callable[..., list[dict[str, Any]]], Callable[[Any], str]]] = {
    "king_values": (_king_values, _render_king_values),
    "king_used": (_king_used, _render_king_used),
    "king_deployer": (_king_deployer, _render_king_deployer),
    "small_samples": (_small_samples, _render_small_samples),
    "power_used": (_power_used, _render_power_used),
    "rounds": (_rounds, _render_rounds),
    "houses": (_houses, _render_houses),
    "card_by_rules": (_card_by_rules, _render_card_by_rules),
    "deployer_by_rules": (_deployer_by_rules, _render_deployer_by_rules),
}


def keys(page: str) -> list[str]:
    """The page's figures, as their markers name them ("KIND RUN [ARG]")."""
    return [m["key"] for m in MARKER.finditer(page)]


def gathered(page: str, reports: Path) -> dict[str, Any]:
    """Each of the page's figures (but the verdicts) whose run is finished under `reports`: the
    data it is rendered from."""
    found: dict[str, Any] = {}
    for key in keys(page):
        kind, run, *args = key.split(" ", 2)
        if kind == "verdicts":
            continue
        if kind not in KINDS:
            raise ValueError(
                f"{PAGE}: unknown figure {kind!r} (known: verdicts, {', '.join(KINDS)})"
            )
        path = reports / run / ANSWER_FILE
        if not path.is_file():
            continue
        figures = json.loads(path.read_text()).get("figures")
        if figures is None:
            raise ValueError(f"{path} has no figures: rebuild it with `sim report {path.parent}`")
        found[key] = KINDS[kind][0](figures, *args)
    return found


def _verdicts(entry: dict[str, Any] | None, file: str) -> str:
    if entry is None:
        return f"(Not run yet: `sim run experiments/{file}`, then `sim answers --write`.)"
    lines = [f"`sim run experiments/{file}`: {entry['question']}"]
    for p in entry["parts"]:
        said = "; ".join(
            f"**{v['verdict'].capitalize()}**{' under ' + v['variant'] if v['variant'] else ''}:"
            f" {said_with_spread(v)}"
            for v in p["verdicts"]
        )
        also = " ".join([*p["agreement"], *([p["skill"]] if p.get("skill") else [])])
        lines.append(f"- {p['question']} ({p['player']}) {said}.{' ' + also if also else ''}")
    return "\n".join(lines)


def rewritten(page: str, figures: dict[str, Any], entries: list[dict[str, Any]]) -> str:
    """The page with every figure rendered from `figures` (docs/findings.json) and the
    verdicts from `entries` (docs/answers.json); a figure without data says how to get it."""
    by_file = {e["file"]: e for e in entries}
    # The page's words (`terms`), defined above its first verdicts, where they first appear.
    defined: list[str] = []

    def render(m: re.Match[str]) -> str:
        key = m["key"]
        kind, run = key.split(" ", 2)[:2]
        if kind == "verdicts":
            body = _verdicts(by_file.get(run), run)
            if not defined:
                defined.append(kind)
                body = f"{terms.legend()}\n\n{body}"
        elif key in figures:
            body = KINDS[kind][1](figures[key])
        else:
            body = f"(Not generated yet: run `{run}`, then `sim answers --write`.)"
        pad = m["indent"]
        lines = f"<!-- figure: {key} -->\n{body}\n{END}".split("\n")
        return "\n".join(pad + line if line else line for line in lines)

    return MARKER.sub(render, page)
