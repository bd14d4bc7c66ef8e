"""Each variant against the baseline on a game's measures, and the answers read from them:
the first agent's win rate, games with no winner, game length, the late game and big
attacks."""

from __future__ import annotations

from typing import Any

from sim.analysis.measures import ALL
from sim.analysis.stats import wilson
from sim.analysis.verdicts import MEASURES
from sim.reporting.answer.facts import Facts
from sim.reporting.answer.sizes import REAL, Size
from sim.reporting.answer.wording import _count_against, _pair, _q, _rate, _rate_said, _said, _shown
from sim.reporting.answer.writers import writes
from sim.reporting.formats import count_change, interval, pct, points, points_interval


@writes("no_winner")
def _no_winner(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    pairs = f.pairs("no_winner")
    table = []
    found: list[tuple[dict[str, Any], float, float, float]] = []
    for i, pair in enumerate(pairs[:1]):
        for r in f.cells(pair):
            n = r["games"]
            rate = r["draws"] / n if n else 0.0
            lo, hi = wilson(r["draws"], n)
            table.append(
                {
                    "measure": "no_winner",
                    "variant": r["variant"],
                    "matchup": _pair(*pair),
                    "value": f"{pct(rate)} {interval(lo, hi)}",
                    "size": "",
                    "against": "",
                }
            )
            if i == 0:
                found.append((r, rate, lo, hi))
    if not found:
        return [], table
    listed = "; ".join(
        (f"under {_q(r['variant'])} " if len(found) > 1 else "") + f"{pct(rate)} {interval(lo, hi)}"
        for r, rate, lo, hi in found
    )
    return [f"Games with no winner ({_pair(*pairs[0])}): {listed}."], table


def _compared_text(
    f: Facts, measure: str, pair: tuple[str, str], skip: set[str] | None = None
) -> str | None:
    """One sentence: each variant (but those in `skip`) against the baseline on one measure,
    with size."""
    parts = _compared_parts(f, measure, pair, skip or set())
    if not parts:
        return None
    # A measure read from mixed match-ups is the first-named agent's win rate, by name.
    label = f"{pair[0]}'s win rate" if ALL[measure].mixed else MEASURES[measure][0]
    return f"Against {_q(f.baseline)} ({_pair(*pair)}), {label}: " + "; ".join(parts) + "."


def _compared_parts(
    f: Facts, measure: str, pair: tuple[str, str], skip: set[str] | None = None
) -> list[str]:
    """Each variant (but those in `skip`) against the baseline on one measure: the
    difference, its interval and its size, and whether the rule came into play at all."""
    unit = MEASURES[measure][1]
    parts = []
    for c in f.compared(measure, pair):
        if c["variant"] in (skip or set()):
            continue
        s = _said(c)
        if unit == "points":
            what = f"{points(c['diff'])} points {interval(c['lo'], c['hi'], points)}"
        else:
            r = count_change
            what = f"{r(c['diff'])} {unit} [{r(c['lo'])}, {r(c['hi'])}]"
        if c.get("changed") == 0 and c["lo"] == c["hi"] == 0:
            s = "the same games: the rule never came into play"
        elif c.get("few_changed"):
            s += f"; it changed the winner of only {pct(c['changed'])} of the deals"
        parts.append(f"{_q(c['variant'])} {what} ({s})")
    return parts


@writes("a_wins")
def _a_wins(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    pairs = f.pairs("a_wins")
    m = f.matters["points"]
    table = []
    for pair in pairs[:1]:
        for r in f.cells(pair):
            w = r["win_a"]
            table.append(
                {
                    "measure": "a_wins",
                    "variant": r["variant"],
                    "matchup": _pair(*pair),
                    "value": f"{pct(w['rate'])} {interval(w['lo'], w['hi'])}",
                    "size": _rate_said(w, r["games"], m),
                    "against": "50%",
                }
            )
    if not pairs:
        return [], table
    a, b = pairs[0]
    base = next((r for r in f.cells(pairs[0]) if r["variant"] == f.baseline), None)
    base = base or f.cells(pairs[0])[0]
    w = base["win_a"]
    where = f" under {_q(base['variant'])}" if len(f.cells(pairs[0])) > 1 else ""
    verb = "beats" if w["lo"] > 0.5 else ("loses to" if w["hi"] < 0.5 else "is even with")
    text = [
        f"{a} {verb} {b}{where}: it wins {pct(w['rate'])} {interval(w['lo'], w['hi'])} of "
        f"{base['games']:,} games."
    ]
    more = _compared_text(f, "a_wins", pairs[0])
    return text + ([more] if more else []), table


@writes("rounds")
def _rounds(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    pairs = f.pairs("rounds")
    table = []
    for pair in pairs[:1]:
        for r in f.cells(pair):
            c = next((c for c in f.compared("rounds", pair) if c["variant"] == r["variant"]), None)
            table.append(
                {
                    "measure": "rounds",
                    "variant": r["variant"],
                    "matchup": _pair(*pair),
                    "value": f"{r['rounds_mean']:.2f}",
                    "size": _shown(c) if c else "",
                    "against": _count_against(c),
                }
            )
    if not pairs:
        return [], table
    base = next((r for r in f.cells(pairs[0]) if r["variant"] == f.baseline), None)
    text = []
    changes = _compared_parts(f, "rounds", pairs[0])
    if base:
        # One sentence: the baseline's length, then what each variant does to it.
        opening = (
            f"Games last {base['rounds_mean']:.1f} rounds on average under {_q(f.baseline)} "
            f"({_pair(*pairs[0])})"
        )
        text.append(opening + (f"; against that, {'; '.join(changes)}." if changes else "."))
    capped = _deck_sets_length(f.cells(pairs[0]))
    if capped:
        text.append(capped)
    return text, table


# From this share of a cell's games ending when the deck runs out, the answer on game length
# says so: those games' length is the deck's, whatever the rule does to the play.
DECK_END_OFTEN = 0.2


def _deck_sets_length(cells: list[dict[str, Any]]) -> str | None:
    """Where many games end because the deck ran out (Houses-Skirmish's sudden death), their
    length is set by the deck: a rule that lengthens the play cannot lengthen them."""
    shares = [
        (r, r.get("ends", {}).get("sudden_death", 0) / r["games"]) for r in cells if r["games"]
    ]
    often = [(r, share) for r, share in shares if share >= DECK_END_OFTEN]
    if not often:
        return None
    where = "; ".join(
        (f"under {_q(r['variant'])} " if len(cells) > 1 else "") + pct(share) for r, share in often
    )
    return (
        f"Many games end when the deck runs out (sudden death): {where} of the games. Their "
        "length is the deck's, not the play's."
    )


@writes("big_attacks")
def _big_attacks(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    """How hard one attack can hit (the Summer '20 notes: "a player could potentially have a
    27/27 unit ... A 10, 9 and 8 Blood Bonded together could remove nearly 3/4 of the opposing
    player's maximum life in one attack"): the share of games with an attack of 20 or more
    (half the default life) and of 27 or more (the notes' bond), and a game's biggest attack,
    under the baseline; each variant against it on the same deals; then the other mirror
    match-ups."""
    pairs = [p for p in f.pairs("big_attacks") if all("attack_20_share" in r for r in f.cells(p))]
    table = []
    t = count_change
    for pair in pairs[:1]:
        for r in f.cells(pair):
            for k in (20, 27):
                c = next(
                    (c for c in f.compared(f"attack_{k}", pair) if c["variant"] == r["variant"]),
                    None,
                )
                table.append(
                    {
                        "measure": "big_attacks",
                        "label": f"games with an attack of {k} or more",
                        "variant": r["variant"],
                        "matchup": _pair(*pair),
                        "value": pct(r[f"attack_{k}_share"]),
                        "size": _shown(c) if c else "",
                        "against": points_interval(c["diff"], c["lo"], c["hi"])
                        if c
                        else "baseline",
                    }
                )
    # One block of rows per threshold (the table names each block once).
    table.sort(key=lambda row: row["label"])
    if not pairs:
        return [], table
    cells = {r["variant"]: r for r in f.cells(pairs[0])}
    base = cells.get(f.baseline)
    if base is None:
        return [], table
    text = [
        f"How hard can one attack hit ({_pair(*pairs[0])})? Under {_q(f.baseline)} "
        f"{pct(base['attack_20_share'])} of the games see an attack of 20 or more (half the "
        f"starting life) and {pct(base['attack_27_share'])} one of 27 or more (what the "
        f"notes' bond of a 10, 9 and 8 deals); a game's biggest attack is "
        f"{base['biggest_attack_mean']:.1f} on average ({base['biggest_attack_max']} at most), "
        "and its biggest unblocked hit on a "
        f"player {base['biggest_hit_mean']:.1f} on average."
    ]
    by = {
        m: {c["variant"]: c for c in f.compared(m, pairs[0])}
        for m in ("attack_20", "attack_27", "biggest_attack")
    }
    parts = []
    for v, cell in cells.items():
        if v == f.baseline:
            continue
        shares = [
            f"{pct(cell[f'attack_{k}_share'])} with {k} or more, {points(c['diff'])} points "
            f"{interval(c['lo'], c['hi'], points)} ({_said(c)})"
            for k in (20, 27)
            if (c := by[f"attack_{k}"].get(v))
        ]
        if not shares:
            continue
        said = f"{_q(v)} has " + " and ".join(shares)
        if b := by["biggest_attack"].get(v):
            said += (
                f"; a game's biggest attack is {t(b['diff'])} [{t(b['lo'])}, {t(b['hi'])}] "
                f"({_said(b)}; {cell['biggest_attack_max']} at most)"
            )
        parts.append(said)
    if parts:
        text.append("Against that, on the same deals: " + "; ".join(parts) + ".")
    for pair in pairs[1:]:
        other = {r["variant"]: r for r in f.cells(pair)}
        if f.baseline not in other:
            continue
        listed = ", ".join(
            f"{_q(v)} {pct(r['attack_20_share'])} and {pct(r['attack_27_share'])}"
            for v, r in other.items()
        )
        text.append(
            f"With {_pair(*pair)}, games with an attack of 20 or more and of 27 or more: {listed}."
        )
    return text, table


def _better_player(f: Facts) -> list[str]:
    """Does the better player still decide the late game? Each mixed match-up's first agent's
    win rate in the games that reach round 6, under each rule against the baseline, on the
    deals that reach it under both."""
    text = []
    for pair in dict.fromkeys((r["agent_a"], r["agent_b"]) for r in f.rows):
        if pair[0] == pair[1]:
            continue
        changes = [
            f"{_q(c['variant'])} {pct(c['value'])} against {pct(c['base'])} "
            f"({points_interval(c['diff'], c['lo'], c['hi'])} points, {_said(c)}; "
            f"{c['n']:,} deals)"
            for c in f.compared("late_win_a", pair)
        ]
        if changes:
            text.append(
                f"Does the better player still decide the late game? With {_pair(*pair)}, "
                f"{pair[0]}'s win rate in the games that reach round 6: " + "; ".join(changes) + "."
            )
    return text


# How a change in the late game's length is said, by its size (and, where it matters, sign).
LATE_VERDICT = {
    Size.LARGE: "shortens it by a lot",
    Size.SMALL: "shortens it somewhat",
    Size.NEGLIGIBLE: "leaves it about as long",
    Size.WITHIN_NOISE: "is not shown to change it",
    Size.TOO_FEW_GAMES: "has too few games to say",
}


def _late_verdict(c: dict[str, Any]) -> str:
    said = LATE_VERDICT.get(c["size"], c["size"])
    return said.replace("shortens", "lengthens") if c["diff"] > 0 else said


@writes("slog")
def _slog(f: Facts) -> tuple[list[str], list[dict[str, Any]]]:
    """The late-game slog of the Spring '22 notes ("It feels good, for the first 5 rounds or
    so... If a match extends beyond this stage ... the players are playing one card at a time"):
    first how much each variant shortens the late game (turns from round 6 on) per game that
    reaches round 6 under the baseline (every deal counted: `analysis.REACHED`), and when its
    two-card draw came into play; then the
    baseline's late game, and how many of its turns begin with at most one card in hand. The
    one-card turns are said, not compared: a turn that draws two cards begins with two by the
    rule itself."""
    pairs = [p for p in f.pairs("slog") if all("late_turns_mean" in r for r in f.cells(p))]
    table = []
    for pair in pairs[:1]:
        for r in f.cells(pair):
            c = next((c for c in f.compared("slog", pair) if c["variant"] == r["variant"]), None)
            table.append(
                {
                    "measure": "slog",
                    "variant": r["variant"],
                    "matchup": _pair(*pair),
                    # A variant's value on the deals it is compared on (the baseline's).
                    "value": f"{(c['value'] if c else r['late_turns_mean']):.2f}",
                    "size": _shown(c) if c else "",
                    "against": _count_against(c),
                }
            )
    # The late game's pace: cards played a turn from round 6 on, on the deals that reach it
    # under both rules.
    paces = f.compared("late_pace", pairs[0]) if pairs else []
    for c in paces:
        table.append(
            {
                "measure": "slog",
                "label": c["label"],
                "variant": c["variant"],
                "matchup": _pair(*pairs[0]),
                "value": f"{c['value']:.2f}",
                "size": _shown(c),
                "against": _count_against(c),
            }
        )
    cells = {r["variant"]: r for r in f.cells(pairs[0])} if pairs else {}
    base = cells.get(f.baseline)
    if base is None:
        return [], table
    players = base.get("players") or 2
    ends = base.get("ends", {})

    def deck_end(r: dict[str, Any]) -> float:
        return r["ends"].get("sudden_death", 0) / r["games"]

    parts = []
    for c in f.compared("slog", pairs[0]):
        cell = cells.get(c["variant"])
        if cell is None:
            continue
        t = count_change
        said = (
            f"{_q(c['variant'])} {_late_verdict(c)}: "
            f"{t(c['diff'])} turns [{t(c['lo'])}, {t(c['hi'])}] ({_said(c)}"
        )
        if c["size"] in REAL and c["base"]:
            share = c["diff"] / c["base"]
            said += f"; {pct(abs(share))} {'fewer' if share < 0 else 'more'}"
        said += ")"
        draws = f.variant_rules.get(c["variant"], {}).get("extra_draw", "none")
        if cell["two_card_games"]:
            said += (
                f"; it drew two cards in {pct(cell['two_card_games'] / cell['games'])} of the "
                f"games, from round {cell['two_card_round']:.1f} on average"
            )
            median = base.get("rounds_median")
            if median and cell["two_card_round"] > median:
                said += f" (half the games are over by round {median:.0f})"
        elif draws != "none":
            said += "; its two-card draw never came into play"
        if "sudden_death" in ends and deck_end(cell) != deck_end(base):
            said += f", and {pct(deck_end(cell))} of its games end when the deck runs out"
        parts.append(said)
    text = []
    if paces:
        said_paces = "; ".join(
            f"{_q(c['variant'])} {c['value']:.2f} against {c['base']:.2f} "
            f"({count_change(c['diff'])} [{count_change(c['lo'])}, "
            f"{count_change(c['hi'])}], {_said(c)}; {c['n']:,} deals)"
            for c in paces
        )
        text.append(
            f'Does each rule quicken the late game, the notes\' "playing one card at a time" '
            f"({_pair(*pairs[0])}, cards played a turn from round 6 on, on the deals that reach "
            f"round 6 under both rules)? {said_paces}."
        )
    if parts:
        text.append(
            f"How much does each rule shorten the late game, the turns from round 6 on "
            f"({_pair(*pairs[0])}, on the same deals, per game that reaches round 6 under "
            f"{_q(f.baseline)})? " + "; ".join(parts) + "."
        )
    text.append(
        f"Under {_q(f.baseline)} {pct(base['late_share'])} of the games reach round 6 and play "
        f"{base['late_turns_mean']:.2f} turns from then on (about "
        f"{base['late_turns_mean'] / players:.1f} rounds), on average, and "
        f"{pct(base['late_low_share'])} of those turns begin with at most one card in hand "
        '(the notes\' "one card at a time")'
        + (
            f"; {pct(deck_end(base))} of the games end when the deck runs out"
            if "sudden_death" in ends
            else ""
        )
        + "."
    )
    drawn_two = [
        f"{_q(v)} {pct(r['late_low_share'])}"
        for v, r in cells.items()
        if v != f.baseline and r["two_card_games"]
    ]
    if drawn_two:
        text[-1] += (
            " Late turns begun with at most one card: "
            + ", ".join(drawn_two)
            + " (a turn that draws two cards begins with at least two, by the rule itself)."
        )
    held = [
        f"{_rate(r['late_leader'])} of {r['late_led']:,} under {_q(v)}"
        for v, r in cells.items()
        if r.get("late_leader")
    ]
    if held:
        text.append(
            "Does the lead hold in the late game? The player alone ahead on life as round 6 "
            "began won " + "; ".join(held) + "."
        )
    text += _better_player(f)
    # The other mirror match-ups, shorter: how far the late game depends on who plays it.
    for pair in pairs[1:]:
        other = {r["variant"]: r for r in f.cells(pair)}.get(f.baseline)
        if other is None:
            continue
        theirs = {r["variant"]: r for r in f.cells(pair)}
        changes = []
        for c in f.compared("slog", pair):
            said = (
                f"{_q(c['variant'])} {count_change(c['diff'])} turns [{count_change(c['lo'])}, "
                f"{count_change(c['hi'])}] ({_said(c)}"
            )
            cell = theirs.get(c["variant"])
            if cell and "sudden_death" in ends and deck_end(cell) != deck_end(other):
                # Fewer late turns can be games running out of cards.
                said += f"; {pct(deck_end(cell))} of its games end when the deck runs out"
            changes.append(said + ")")
        text.append(
            f"With {_pair(*pair)}, {pct(other['late_share'])} of the games reach round 6 and "
            f"play {other['late_turns_mean']:.2f} turns from then on, "
            f"{pct(other['late_low_share'])} of them begun with at most one card"
            + (
                f", {pct(deck_end(other))} ending when the deck runs out"
                if "sudden_death" in ends
                else ""
            )
            + (f"; {'; '.join(changes)}" if changes else "")
            + "."
        )
    return text, table
