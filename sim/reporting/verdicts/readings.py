"""A verdict per part, variant and player, from the intervals of its figures (`figures`): Yes
when the interval is wholly past the part's line, No when it is wholly short of it, on the line
when it lies wholly within the line's margin (`verdicts.MARGIN`), Not settled when it straddles
otherwise (with about how many more games a cell would settle it). Each interval is z standard
errors wide on each side, z from the number of verdicts in the box and of the looks of a run
that went on until they settled."""

from __future__ import annotations

from typing import Any

from sim.analysis.verdicts import (
    NO,
    NOT_SETTLED,
    ON_THE_LINE,
    RANDOM_LINE,
    YES,
    Verdict,
    at_least,
    beyond,
    margin_of,
    more_games,
)
from sim.reporting.verdicts.figures import Z95


def _interval(fig: dict[str, Any], z: float) -> tuple[float, float]:
    return fig["estimate"] - z * fig["se"], fig["estimate"] + z * fig["se"]


def _some(verdicts: list[Verdict]) -> Verdict:
    """Is it so of at least one? Yes if one is, no if none can be, on the line if none is
    surely so and the rest are on the line."""
    if YES in verdicts:
        return YES
    if all(v == NO for v in verdicts):
        return NO
    return ON_THE_LINE if all(v in (NO, ON_THE_LINE) for v in verdicts) else NOT_SETTLED


def _every(verdicts: list[Verdict]) -> Verdict:
    """Is it so of every one? Yes if all are, no if one is not, on the line if none surely
    is not and the rest are on the line."""
    if NO in verdicts:
        return NO
    if all(v == YES for v in verdicts):
        return YES
    return ON_THE_LINE if all(v in (YES, ON_THE_LINE) for v in verdicts) else NOT_SETTLED


def _said(figs: list[dict[str, Any]], z: float) -> list[dict[str, Any]]:
    """Figures a reading names beside the one it turns on: each with its range."""
    return [
        {
            **{k: v for k, v in g.items() if k not in ("se", "games")},
            "lo": _interval(g, z)[0],
            "hi": _interval(g, z)[1],
        }
        for g in figs
    ]


def _cure(part: dict[str, Any], figs: list[dict[str, Any]], z: float) -> dict[str, Any]:
    """A slog cure (`cures`): the late game quicker by the line, and its outcome following the
    position and the better player no less (each guard: not `RANDOM_LINE` points or more
    lower). Yes when all hold, No when one fails. The reading's figure is the pace, with the
    guards beside it; `failed`: the kind of the guard a No turns on, if any. Where not settled,
    the games that would settle every figure still open."""
    line = float(part["line"])
    pace, guards = figs[0], figs[1:]
    parts = [(pace, line, margin_of(line, part.get("margin")))]
    parts += [(g, -RANDOM_LINE, margin_of(RANDOM_LINE)) for g in guards]
    verdicts = [at_least(*_interval(g, z), at, m) for g, at, m in parts]
    verdict = _every(verdicts)
    failed = [g for g, v in zip(guards, verdicts[1:], strict=True) if v == NO]
    open_ = [
        (n, g)
        for (g, at, m), v in zip(parts, verdicts, strict=True)
        if v == NOT_SETTLED and (n := more_games(g["games"], g["estimate"], g["se"], z, [at], m))
    ]
    # The figure that needs the most games says how many; where it is read from another
    # match-up (the better player's edge), its games are that match-up's.
    more, needs = (
        max(open_, key=lambda x: x[0]) if verdict == NOT_SETTLED and open_ else (None, pace)
    )
    elsewhere = (
        {"more_pair": needs["pair"], "more_played": needs["games"]} if needs.get("pair") else {}
    )
    lo, hi = _interval(pace, z)
    alone = list(_interval(pace, Z95)) if z > Z95 + 1e-6 else None
    about = {k: v for k, v in pace.items() if k not in ("estimate", "se", "games")}
    return {
        "verdict": verdict,
        "estimate": pace["estimate"],
        "lo": lo,
        "hi": hi,
        **({"alone": alone} if alone else {}),
        "games": pace["games"],
        "more_games": more,
        **elsewhere,
        "figure": {
            **about,
            "guards": _said(guards, z),
            **({"failed": min(failed, key=lambda g: g["estimate"])["kind"]} if failed else {}),
            # On the line for a guard's sake (the pace settled past its line): which guard.
            **(
                {
                    "level": next(
                        g["kind"]
                        for (g, _, _), v in zip(parts, verdicts, strict=True)
                        if v == ON_THE_LINE
                    )
                }
                if verdict == ON_THE_LINE and verdicts[0] != ON_THE_LINE
                else {}
            ),
        },
    }


def reading(part: dict[str, Any], figs: list[dict[str, Any]], z: float) -> dict[str, Any]:
    """The verdict of one part for one variant and player, its binding figure (the one the
    verdict turns on, shown with it) and, where not settled, about how many more games a cell
    would settle it."""
    ask, line = part["ask"], float(part["line"])
    lines = [line, -line]
    m = margin_of(line, part.get("margin"))

    def _either_way(fig: dict[str, Any]) -> Verdict:
        return beyond(*_interval(fig, z), line, m)

    if ask == "cures":
        return _cure(part, figs, z)
    if ask == "dominates" and part.get("house"):
        by: dict[str, list[dict[str, Any]]] = {}
        for fig in figs:
            by.setdefault(fig["house"], []).append(fig)
        if part["house"] != "any":
            by = {h: v for h, v in by.items() if h == part["house"]}
        per = {h: _every([at_least(*_interval(g, z), line, m) for g in hs]) for h, hs in by.items()}
        verdict = _some(list(per.values())) if per else NOT_SETTLED
        # The House nearest to beating every other: its hardest pairing.
        worst = {h: min(hs, key=lambda g: g["estimate"]) for h, hs in by.items()}
        pick = [h for h in per if per[h] == verdict] or list(worst)
        binding = max((worst[h] for h in pick), key=lambda g: g["estimate"])
        lines = [line]
    elif ask == "dominates":
        verdict = _every([at_least(*_interval(g, z), line, m) for g in figs])
        binding = min(figs, key=lambda g: g["estimate"])  # its nearest rival
        lines = [line]
    elif ask == "balanced":
        apart = [_either_way(g) for g in figs]
        # Balanced when no two are a line apart.
        verdict = {YES: NO, NO: YES}.get(_some(apart), _some(apart))
        binding = max(figs, key=lambda g: abs(g["estimate"]))
    elif ask == "favoured" and part.get("of") == "agent":
        binding = figs[0]  # does A beat B: at least the line above half
        verdict = at_least(*_interval(binding, z), line, m)
        lines = [line]
    elif ask == "favoured":
        verdict = _some([_either_way(g) for g in figs])
        binding = max(figs, key=lambda g: abs(g["estimate"]))
    elif ask == "shortens":
        binding = figs[0]
        lo, hi = _interval(binding, z)
        verdict = at_least(-hi, -lo, line, m)
        lines = [-line]
    else:  # worth, changes: a difference at least the line either way
        binding = figs[0]
        verdict = _either_way(binding)
    if binding.get("unused"):
        verdict = NOT_SETTLED  # never played: this run cannot rate it, however many games
    lo, hi = _interval(binding, z)
    more = (
        more_games(binding["games"], binding["estimate"], binding["se"], z, lines, m)
        if verdict == NOT_SETTLED and not binding.get("unused")
        else None
    )
    # Where the box's range is wider than the figure's 95% range on its own (several verdicts
    # held at once, several looks), both are said, side by side (`words.figure`).
    alone = list(_interval(binding, Z95)) if z > Z95 + 1e-6 else None
    return {
        "verdict": verdict,
        "estimate": binding["estimate"],
        "lo": lo,
        "hi": hi,
        **({"alone": alone} if alone else {}),
        "games": binding["games"],
        "more_games": more,
        "figure": {k: v for k, v in binding.items() if k not in ("estimate", "se", "games")},
    }
