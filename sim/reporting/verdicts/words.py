"""Every sentence of the verdict box, from the readings' data by small templates: a part's
question, a reading's figure, the other players' agreement and what to try next. Cards and
Houses in words ("the King of Spades"), players by strength ("the strong player")."""

from __future__ import annotations

from typing import Any

from sim.analysis.houses import split_group
from sim.analysis.measures import ALL, CARD_VALUE, ROUNDS
from sim.analysis.names import JOKER_WORDS as JOKERS
from sim.analysis.names import ORDINALS, card_words
from sim.analysis.names import SUIT_WORDS as SUITS
from sim.analysis.verdicts import (
    DEFERRED_OFTEN,
    LINES,
    MOST_MORE,
    NO,
    NOT_SETTLED,
    ON_THE_LINE,
    RANDOM_LINE,
    YES,
    margin_of,
    verdict_word,
)
from sim.reporting.answer.wording import _listing, quoted
from sim.reporting.formats import duration, interval, signed
from sim.reporting.terms import WORDS
from sim.reporting.verdicts.sentences import say

# Below this share of games reaching the late game, another player's slog verdict is said to
# rest on few of its games.
FEW_REACH = 0.2
UNITS = {
    "points": "points",
    "rounds": "rounds",
    "turns": "turns",
    "damage": "damage",
    "cards": "cards",
}


def card(name: str) -> str:
    """A card in words: KS "the King of Spades", 10D "the 10 of Diamonds"."""
    return card_words(name)


def cards(names: list[str]) -> str:
    if names and all(n.startswith("K") and n not in JOKERS for n in names):
        return "the Kings"
    return _listing([card(n) for n in names])


def house(letter: str) -> str:
    return SUITS.get(letter, letter)


def question(part: dict[str, Any], titles: dict[str, str]) -> str:
    """A part's question, in the designers' words (the file's own `question` first)."""
    if part.get("question"):
        return str(part["question"])
    ask = part["ask"]
    if ask == "dominates" and part.get("house"):
        if part["house"] == "any":
            return say("question", "dominates_any_house")
        return say("question", "dominates_house", house=house(part["house"]))
    if ask in ("dominates", "worth"):
        return say("question", ask, card=card(part["card"]))
    if ask == "balanced":
        return say("question", ask, cards=cards(part["cards"]))
    if ask == "favoured":
        of = part.get("of", "first_player")
        if of == "agent":
            a, b = part["pair"]
            return say(
                "question", "favoured_agent", player=titles.get(a, a), other=titles.get(b, b)
            )
        return say("question", "favoured_first_player" if of == "first_player" else "favoured_seat")
    if ask in ("cures", "shortens"):
        return say("question", ask)
    measure = part.get("measure", ROUNDS.name)
    if measure == CARD_VALUE.name:
        return say("question", "changes_card_value", card=card(part["card"]))
    return say("question", "changes", changed=_changed(measure))


def _changed(measure: str) -> str:
    """What a rule changes, in words ("the length of a game": the measure's record)."""
    return ALL[measure].changed


def _ci(r: dict[str, Any], digits: int = 1) -> str:
    """A reading's interval, in the unit of its figure (points, turns): [+1.2, +3.4]."""
    return interval(r["lo"], r["hi"], lambda x: signed(x, digits))


def _ranges(r: dict[str, Any], verdicts: int, digits: int = 1) -> str:
    """A reading's range, and where the box's is wider than its own 95% range (the table's),
    both, named: "[-2.9, +11.3] with all 6 verdicts at once, [+0.5, +7.9] on its own"."""
    if not r.get("alone"):
        return _ci(r, digits)
    lo, hi = r["alone"]
    alone = interval(lo, hi, lambda x: signed(x, digits))
    return say("ranges", "two", ci=_ci(r, digits), at_once=_at_once(verdicts), alone=alone)


def _with(r: dict[str, Any], ci: str, against: str) -> str:
    """Points against a reference, with its range(s): "+1.2 points [+0.3, +2.1] off an even
    share", or with two ranges named, the reference first: "+1.2 points off an even share,
    [-0.4, +2.8] with all 3 verdicts at once, [+0.3, +2.1] on its own"."""
    two = "two" if r.get("alone") else "one"
    return say("with", two, estimate=signed(r["estimate"]), ci=ci, against=against)


def _at_once(verdicts: int) -> str:
    return say("ranges", "at_once", verdicts=verdicts)


def _ahead(r: dict[str, Any], verdicts: int = 1) -> str:
    """A lead in words, its range said as far behind and ahead as it may be: "1.7 points
    behind (from 6.6 behind to 3.1 ahead)", and its own 95% range beside the box's where they
    differ."""

    def side(x: float) -> str:
        return say("ahead", "behind" if x < 0 else "ahead")

    def said(x: float) -> str:
        return say("ahead", "said", amount=f"{abs(x):.1f}", side=side(x))

    lo, hi = r.get("alone") or (None, None)
    return say(
        "ahead",
        "lead",
        amount=f"{abs(r['estimate']):.1f}",
        side=side(r["estimate"]),
        lo=said(r["lo"]),
        hi=said(r["hi"]),
        at_once=_at_once(verdicts),
        alone_lo="" if lo is None else said(lo),
        alone_hi="" if hi is None else said(hi),
    )


def _units(part: dict[str, Any], default: str = "points") -> str:
    """A part's unit in words."""
    return UNITS.get(part.get("unit", default), default)


def settled_by(part: dict[str, Any]) -> str:
    """The line a part's verdicts are read against, in a few words."""
    ask, line = part["ask"], part["line"]
    unit = _units(part)
    if unit == UNITS["points"] and line == 1:
        unit = WORDS["point"]
    kind = "dominates_house" if ask == "dominates" and part.get("house") else ask
    return say("settled_by", kind, line=f"{line:g}", unit=unit, random_line=f"{RANDOM_LINE:g}")


def figure(
    part: dict[str, Any],
    r: dict[str, Any],
    baseline: str,
    titles: dict[str, str],
    verdicts: int = 1,
) -> str:
    """A reading's number and interval, in plain words (`verdicts`: how many the box holds at
    once, where its range is wider than the reading's own)."""
    fig, ask, unit = r["figure"], part["ask"], _units(part)
    digits = 2 if unit in (UNITS["rounds"], UNITS["turns"]) else 1
    ci = _ranges(r, verdicts, digits)
    if ask == "dominates" and part.get("house"):
        return say(
            "figure",
            "dominates_house",
            house=house(fig["house"]),
            rate=f"{fig['rate']:.1f}",
            other=house(fig["other"]),
            against=_with(r, ci, say("against", "even_share", fair="")),
        )
    if ask == "dominates":
        return say(
            "figure",
            ask,
            value=signed(fig["value"]),
            other=card(fig["other"]),
            other_value=signed(fig["other_value"]),
            ahead=_ahead(r, verdicts),
        )
    if ask == "balanced":
        return say(
            "figure",
            ask,
            card=card(fig["card"]),
            value=signed(fig["value"]),
            other=card(fig["other"]),
            other_value=signed(fig["other_value"]),
            apart=f"{abs(r['estimate']):.1f}",
            ci=ci,
        )
    if ask == "worth":
        if fig.get("unused"):
            return say("figure", "worth_unused")
        return say("figure", ask, estimate=signed(r["estimate"]), ci=ci)
    if ask == "favoured":
        of = part.get("of", "first_player")
        if of == "agent":
            b = part["pair"][1]
            return say(
                "figure",
                "favoured_agent",
                rate=f"{fig['rate']:.1f}",
                other=titles.get(b, b),
                against=_with(r, ci, say("against", "half")),
            )
        fair = "" if fig["players"] == 2 else f"{fig['fair']:.0f}"
        deferred = fig.get("deferred", 0) >= DEFERRED_OFTEN
        return say(
            "figure",
            ask,
            seat="" if of == "first_player" else ORDINALS[fig["place"]],
            rate=f"{fig['rate']:.1f}",
            against=_with(r, ci, say("against", "even_share", fair=fair)),
            deferred=f"{100 * fig['deferred']:.0f}" if deferred else "",
        )
    if ask == "cures":
        return _cure(r, baseline, titles, verdicts)
    measure = part.get("measure", ROUNDS.name)
    kind = (
        "shortens"
        if ask == "shortens"
        else "changes_card_value"
        if measure == CARD_VALUE.name
        else "changes"
    )
    return say(
        "figure",
        kind,
        card=card(part["card"]) if kind == "changes_card_value" else "",
        changed=_changed(measure) if kind == "changes" else "",
        estimate=signed(r["estimate"], digits),
        unit=unit,
        ci=ci,
        baseline=quoted(baseline),
    )


def _cure(r: dict[str, Any], baseline: str, titles: dict[str, str], verdicts: int) -> str:
    """A slog cure's figures: the late game's pace against the baseline's on the deals that
    reach round 6 under both, then whether its outcome follows the position and the better
    player less, then the late game's length (said, not a condition)."""
    fig = r["figure"]
    said = [
        say(
            "cure",
            "pace",
            value=f"{fig['value']:.2f}",
            base=f"{fig['base']:.2f}",
            baseline=quoted(baseline),
            estimate=signed(r["estimate"], 2),
            ranges=_ranges(r, verdicts, 2),
            deals=f"{fig['deals']:,}",
        )
    ]
    for g in fig.get("guards", []):
        fields = {
            "value": f"{g['value']:.1f}",
            "base": f"{g['base']:.1f}",
            "estimate": signed(g["estimate"]),
            "ci": interval(g["lo"], g["hi"], signed),
        }
        if g["kind"] == "leader":
            said.append(say("cure", "leader", **fields))
        elif g["kind"] == "edge":
            strong, weak = (titles.get(g[k], g[k]) for k in ("strong", "weak"))
            said.append(say("cure", "edge", strong=strong, weak=weak, **fields))
    if length := fig.get("length"):
        d, lo, hi = length
        said.append(say("cure", "length", change=signed(d, 2), lo=signed(lo, 2), hi=signed(hi, 2)))
    return "; ".join(said)


def spread(ends: dict[str, list[Any]]) -> str:
    """A House part's second line: the top and the bottom House by their average win rate
    against the others (the whole spread, where the first line names only the top House's
    hardest pairing)."""
    (top, t, t_lo, t_hi), (bottom, b, b_lo, b_hi) = ends["top"], ends["bottom"]
    return say(
        "spread",
        "houses",
        top=house(top),
        t=f"{t:.1f}",
        t_lo=f"{t_lo:.1f}",
        t_hi=f"{t_hi:.1f}",
        bottom=house(bottom),
        b=f"{b:.1f}",
        b_lo=f"{b_lo:.1f}",
        b_hi=f"{b_hi:.1f}",
    )


def more(r: dict[str, Any], part: dict[str, Any], timed: bool = False) -> str:
    """Where a reading is on the line, what that means; where it is not settled, about how
    many more games would settle it, or, past `MOST_MORE` times those played, that playing on
    is not the way. `timed`: with how long they would take here and the command (`_taking`)."""
    if r["verdict"] == ON_THE_LINE and r["figure"].get("level"):
        # A slog cure on the line for a guard's sake: the 3-point line of that guard.
        return say(
            "more",
            "on_the_line_guard",
            leader=r["figure"]["level"] == "leader",
            random_line=f"{RANDOM_LINE:g}",
            margin=f"{margin_of(RANDOM_LINE):.2g}",
        )
    if r["verdict"] == ON_THE_LINE:
        unit = _units(part)
        m = margin_of(part["line"], part.get("margin"))
        return say(
            "more",
            "on_the_line",
            line=f"{part['line']:g}",
            unit_one=_unit(unit, 1),
            margin=f"{m:.2g}",
            unit=_unit(unit, m),
        )
    if r["verdict"] != NOT_SETTLED or r["figure"].get("unused"):
        return ""
    n = r["more_games"]
    if n is None:
        return say("more", "not_known")
    of = say("more", "of", pair=r["more_of"]) if r.get("more_of") else ""
    if n > MOST_MORE * max(1, r.get("more_played") or r["games"]):
        return say(
            "more",
            "too_many",
            games=f"{n:,}",
            of=of,
            taking=_taking(r, False) if timed else "",
            most=MOST_MORE,
        )
    taking = _taking(r) if timed else ""
    return say("more", "not_settled", games=f"{n:,}", n=n, of=of, taking=taking)


def borrowed(r: dict[str, Any], titles: dict[str, str]) -> str:
    """Where a win rate borrows from a cheaper player's games on the same deals
    (`analysis/control.py`): whose, how many, and what they were worth."""
    c = r["figure"].get("control")
    if not c:
        return ""
    who = titles.get(c["agent"], c["agent"])
    return say("borrowed", "control", who=who, games=f"{c['games']:,}", gain=f"{c['gain']:.2f}")


def _taking(r: dict[str, Any], command: bool = True) -> str:
    """How long a reading's more games would take on this machine, at the pace its setups
    played here, and the command that plays them (`reporting/timing.py`); nothing where the
    run was not timed."""
    if r.get("more_seconds") is None:
        return ""
    run = r["more_command"] if command and r.get("more_command") else ""
    return say("more", "taking", duration=duration(r["more_seconds"]), command=run)


def _unit(unit: str, x: float) -> str:
    """'points' in the singular for one."""
    return unit[:-1] if unit.endswith("s") and abs(x) == 1 else unit


def _under(variants: list[str]) -> str:
    """Where a reading is said per variant: " under 'v1' and 'v2'"."""
    return say("where", "under", variants=_listing([quoted(v) for v in variants]))


def _opening(name: str) -> str:
    """A player's title opening a sentence: "The expert player"."""
    return f"{name[0].upper()}{name[1:]}"


def agreement(part: dict[str, Any], other: dict[str, Any], single: bool) -> str:
    """Whether another player's verdicts are the strongest player's."""
    mine = {r["variant"]: r["verdict"] for r in part["readings"]}
    theirs = {r["variant"]: r for r in other["readings"] if r["variant"] in mine}
    if not theirs:
        return ""
    name = other["player_name"]
    # A House that beats the rest: the same verdict about another House is no agreement.
    houses = {r["variant"]: r["figure"].get("house") for r in part["readings"]}
    other_house = [
        (v, r)
        for v, r in theirs.items()
        if r["verdict"] == mine[v] == YES and r["figure"].get("house") != houses[v]
    ]
    if other_house:
        named = "; ".join(
            say(
                "agreement",
                "other_house_item",
                verdict=YES.word,
                where="" if single else _under([v]),
                house=house(r["figure"]["house"]),
                estimate=signed(r["estimate"]),
                ci=_ci(r),
            )
            for v, r in other_house
        )
        return say("agreement", "other_house", name=_opening(name), named=named)
    # A late game that few of its games reach says little.
    few = [
        r["figure"]["reached"]
        for r in theirs.values()
        if part.get("ask") in ("shortens", "cures")
        and (r["figure"].get("reached") or 1) < FEW_REACH
    ]
    seldom = say("agreement", "seldom", share=f"{100 * min(few):.0f}") if few else ""

    def same(v: str, r: dict[str, Any]) -> bool:
        # A card this player never played is unrated, not "the same" Not settled.
        return r["verdict"] == mine[v] and not r["figure"].get("unused")

    if all(same(v, r) for v, r in theirs.items()):
        return say("agreement", "holds", name=name, seldom=seldom)
    said = [
        _their_reading(part, v, r, houses[v], single) for v, r in theirs.items() if not same(v, r)
    ]
    opposite = any({mine[v], r["verdict"]} == {YES, NO} for v, r in theirs.items())
    lead = (
        say("agreement", "disagrees", name=_opening(name))
        if opposite
        else say("agreement", "differs", name=name)
    )
    # Where it agrees under some variants: said, so that the list of the others is not read
    # as all it found.
    agreeing = [quoted(v) for v, r in theirs.items() if same(v, r)]
    if agreeing and not single:
        said.insert(0, say("agreement", "same_under", variants=_listing(agreeing)))
    text = say("agreement", "readings", lead=lead, said="; ".join(said))
    me = part.get("player_name")
    if opposite and me:
        # Verdicts move with strength (docs/agents.md): the strongest player's is the one a
        # table of good players would see.
        text += say("agreement", "believe", me=me)
    edge = [v for v, r in theirs.items() if mine[v] == ON_THE_LINE and r["verdict"] in (YES, NO)]
    if edge and me:
        where = "" if single else _under(edge)
        text += say("agreement", "edge", me=_opening(me), where=where)
    return text


def _their_reading(
    part: dict[str, Any], variant: str, r: dict[str, Any], my_house: str | None, single: bool
) -> str:
    """Another player's verdict where it differs, with its number: the House it reads where not
    the one this verdict is about, and the seat it reads in a seat part."""
    where = "" if single else _under([variant])
    fig = r["figure"]
    if fig.get("unused"):
        return say("agreement", "unused", where=where)
    about = ""
    if fig.get("house") and fig["house"] != my_house:
        about = say("agreement", "about_house", house=house(fig["house"]))
    elif part.get("of") == "seat" and "place" in fig:
        # A seat part's figure is its farthest seat from an even share.
        about = say("agreement", "about_seat", seat=ORDINALS[fig["place"]])
    return say(
        "agreement",
        "reading",
        verdict=verdict_word(r["verdict"]),
        where=where,
        about=about,
        estimate=signed(r["estimate"]),
        ci=_ci(r),
    )


def next_step(
    parts: list[dict[str, Any]], references: list[str] | None = None, timed: bool = False
) -> str:
    """What to try next, where the data point at one: the largest problem the strongest
    player's verdicts show (a card that dominates, two far apart, a favoured seat or House, a
    slog not cured); else the part nearest to settled, with the games it needs. Never at a
    variant the file keeps as a reference (`answer.references`: history the question compares
    against, not a rule set being decided). `timed`: more games with their time here."""
    kept = set(references or [])

    def candidate(r: dict[str, Any]) -> bool:
        # A House part's reading is of a split group: a reference when its variants are.
        return r["variant"] not in kept and not any(split_group(v) == r["variant"] for v in kept)

    problems = []
    for p in parts:
        for r in filter(candidate, p["readings"]):
            fig, v = r["figure"], r["verdict"]
            where = "" if p["single_variant"] else _under([r["variant"]])
            # On the line of a problem: acted on as the problem, said as on the line.
            edge = say("next", "edge") if v == ON_THE_LINE else ""
            if v == ON_THE_LINE:
                v = {"dominates": YES, "balanced": NO, "favoured": YES}.get(p["ask"], v)
            said = {"where": where, "edge": edge}
            if p["ask"] == "dominates" and v == YES and not p.get("house"):
                said |= {"card": card(fig["card"]), "other": card(fig["other"])}
                said |= {"value": f"{fig['value']:+.1f}", "lead": f"{r['estimate']:+.1f}"}
                problems.append((abs(r["estimate"]), say("next", "dominates", **said)))
            elif p["ask"] == "balanced" and v == NO:
                said |= {"card": card(fig["card"]), "other": card(fig["other"])}
                said |= {
                    "value": f"{fig['value']:+.1f}",
                    "other_value": f"{fig['other_value']:+.1f}",
                }
                problems.append((abs(r["estimate"]), say("next", "balanced", **said)))
            elif p["ask"] == "dominates" and v == YES:
                ends = fig.get("spread") or {}
                bottom = ends.get("bottom")
                both = (
                    say(
                        "next",
                        "house_both",
                        top=f"{ends['top'][1]:.1f}",
                        bottom=house(bottom[0]),
                        bottom_rate=f"{bottom[1]:.1f}",
                    )
                    if bottom and ends["top"][0] == fig["house"] and bottom[0] != fig["house"]
                    else ""
                )
                said |= {"house": house(fig["house"]), "both": both, "rate": f"{fig['rate']:.1f}"}
                problems.append((abs(r["estimate"]), say("next", "house", **said)))
            elif (
                p["ask"] == "dominates"
                and p.get("house")
                and fig.get("spread")
                # Where a House beats every other somewhere, that is the advice (both ends).
                and not any(
                    x["verdict"] in (YES, ON_THE_LINE) for x in filter(candidate, p["readings"])
                )
            ):
                # No House beats every other, but the bottom one is far below an even share
                # (its whole range at least the line under it): the problem at the other end.
                bottom, top = fig["spread"]["bottom"], fig["spread"]["top"]
                if bottom[3] <= 50 - p["line"]:
                    said = {"where": where, "bottom": house(bottom[0]), "top": house(top[0])}
                    said |= {"rate": f"{bottom[1]:.1f}", "top_rate": f"{top[1]:.1f}"}
                    problems.append((50 - bottom[1], say("next", "bottom_house", **said)))
            elif (
                p["ask"] == "favoured"
                and v == YES
                and p.get("of") != "agent"
                # A start partly chosen by the draw's winner is not the seat's doing.
                and fig.get("deferred", 0) < DEFERRED_OFTEN
            ):
                seat = "" if p.get("of") == "first_player" else ORDINALS[fig["place"]]
                said |= {"seat": seat, "rate": f"{fig['rate']:.1f}", "fair": f"{fig['fair']:.0f}"}
                problems.append((abs(r["estimate"]), say("next", "favoured", **said)))
            elif p["ask"] == "cures" and v == NO:
                problems.append(_cure_advice(p, r))
            elif p["ask"] == "shortens" and v == NO:
                said = {"variant": quoted(r["variant"]), "line": f"{p['line']:g}"}
                said["by"] = f"{max(0.0, -r['estimate']):.2f}"
                # The cure nearest to enough is the one to build on.
                problems.append((-r["estimate"] / 100, say("next", "shortens", **said)))
    if problems:
        return max(problems, key=lambda x: x[0])[1]
    unsettled = [
        (r["more_games"], p, r)
        for p in parts
        for r in filter(candidate, p["readings"])
        if r["verdict"] == NOT_SETTLED
        and r["more_games"]
        # Never the advice past `MOST_MORE` times the games played: the reading says so.
        and r["more_games"] <= MOST_MORE * max(1, r.get("more_played") or r["games"])
    ]
    if unsettled:
        n, p, r = min(unsettled, key=lambda x: x[0])
        return say(
            "next",
            "play_more",
            of=say("more", "of", pair=r["more_of"]) if r.get("more_of") else "",
            games=f"{n:,}",
            question=p["question"],
            where="" if p["single_variant"] else _under([r["variant"]]),
            taking=_taking(r) if timed else "",
        )
    return ""


def _cure_advice(p: dict[str, Any], r: dict[str, Any]) -> tuple[float, str]:
    """A slog cure that failed: why, and what to try (weighed small beside a card or a seat
    out of balance, as a length short of a cure is)."""
    fig, name = r["figure"], quoted(r["variant"])
    failed = next((g for g in fig.get("guards", []) if g["kind"] == fig.get("failed")), None)
    if failed is None:
        by, line = f"{max(0.0, r['estimate']):.2f}", f"{p['line']:g}"
        return (
            (p["line"] - r["estimate"]) / 100,
            say("next", "cures", variant=name, by=by, line=line),
        )
    return (
        abs(failed["estimate"]) / 100,
        say(
            "next",
            "cures_guard",
            variant=name,
            estimate=signed(r["estimate"], 2),
            leader=failed["kind"] == "leader",
            less=f"{abs(failed['estimate']):.1f}",
        ),
    )


def line_means(part: dict[str, Any]) -> str:
    """Why a part's line is where it is: its kind's reason, or where the file sets another
    line, that line and the kind's default beside it (the reasons name the default's number)."""
    default, unit, why = LINES[part["ask"]]
    if part.get("house"):
        why = say("line_means", "house")
    line = float(part["line"])
    if not default or line == default:
        return why
    unit = _units(part, unit)
    return say(
        "line_means",
        "set_by_file",
        line=f"{line:g}",
        unit=_unit(unit, line),
        default=f"{default:g}",
        why=why,
    )


def whose(parts: list[dict[str, Any]]) -> str:
    """Whose verdicts the box gives, said first: the strongest player the run has (each
    part's first), and the players beside it."""
    if not parts:
        return ""
    first = list(dict.fromkeys(p["player_name"] for p in parts))
    beside = [
        n
        for n in dict.fromkeys(o["player_name"] for p in parts for o in p["others"])
        if n not in first
    ]
    if len(first) > 1:
        text = say("whose", "several", players=_listing(first))
    elif " against " in first[0]:  # a mixed match-up: "the quick player against the random..."
        text = say("whose", "mixed", player=first[0])
    else:
        text = say("whose", "one", player=_opening(first[0]))
    if beside:
        return say("whose", "beside", whose=text, beside=_listing(beside))
    return say("whose", "alone", whose=text)


def still(box: dict[str, Any]) -> list[str]:
    """The variants the box's first player's Not settled readings are under (a comparison's
    variant, not the baseline it is compared with, which plays on beside it)."""
    return list(
        dict.fromkeys(
            r["variant"]
            for part in box["parts"]
            for r in part["readings"]
            if r["verdict"] == NOT_SETTLED and r["variant"]
        )
    )


def settling(
    record: dict[str, Any], games: dict[str, int], player: str, open_now: list[str] | None = None
) -> str:
    """How a run that went on until its verdicts settled ended (`runner/settling.py`): where
    and why it stopped, and which variants played on. `games`: each plain variant's games in
    the settling match-up; `player`: its name ("the expert player"); `open_now`: the variants
    whose readings are still not settled (`still`), else the record's, which also names the
    baseline that plays on beside them."""
    most = max(games.values(), default=0)
    fewer = sorted({n for n in games.values() if n < most})
    played_on = [v for v, n in games.items() if n == most]
    where = (
        say(
            "settling",
            "where",
            variants=_listing([quoted(v) for v in played_on]),
            fewer=_listing([f"{n:,}" for n in fewer]),
        )
        if fewer
        else ""
    )
    said = {"player": player, "most": f"{most:,}", "where": where}
    stopped = record.get("stopped")
    if stopped == "settled":
        return say("settling", "settled", **said)
    still = _listing([quoted(v) for v in open_now or record.get("open") or []])
    if stopped == "games":
        budget = f"{record.get('max_games', most):,}"
        return say("settling", "games", budget=budget, still=still, **said)
    if stopped == "minutes":
        minutes = f"{record.get('max_minutes', 0):g}"
        return say("settling", "minutes", minutes=minutes, still=still, **said)
    return ""
