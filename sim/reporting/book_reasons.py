"""Why a reading disagrees with a question's standing verdict, measured from the runs' records
where both runs are on this machine (the answer book, sim/reporting/answer_book.py).

- A card's value (a King question): what each player does with the card whose value differs
  most between the two readings, from the games in which it drew the card: how often it
  deploys it, the kind of decision it takes most more often with the card live than with it a
  blank on the same deals (the usage columns), and the length of those games.
- Any other disagreement: each player's games under the variant side by side (their length,
  and the share that reaches round 6, the late game).
- Without the records: the two figures side by side with the games each rests on; a reason
  measured on an earlier `sim answers --write` is kept while both readings are unchanged.
No cause is said that the records do not show."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl

from sim.analysis.card_use import CardUse, card_use, telling_kind
from sim.analysis.names import card_words
from sim.analysis.verdicts import Verdict
from sim.reporting.answer.wording import quoted
from sim.reporting.answer_book import Reading

# How the answer book names a kind of decision taken (docs/records.md "Houses-Skirmish's
# decisions"); another kind is named by its column.
KIND_WORDS = {
    "block": "blocks",
    "attack_player": "attacks on the opponent",
    "attack_unit": "attacks on a unit",
    "deploy": "units deployed",
    "deploy_bonded": "Blood Bonds deployed",
    "bond": "Blood Bonds merged",
    "king": "Kings deployed",
    "trade": "blocker trades",
    "stun": "stuns",
    "charge": "charges",
    "reblock": "blockers chosen",
    "dual_wield": "two-target attacks",
    "return": "units returned to hand",
    "play": "Jacks, Queens and Aces of Diamonds played",
    "end": "deploy phases ended",
    "done": "declarations finished",
    "pass": "passes",
}


def _share(x: float) -> str:
    return f"{100 * x:.0f}%"


class Reasons:
    """`reasons(top, other)`: the reason `other` says otherwise, a dict with its `reason` and
    whether the records `measured` it. `previous` is the book written before (its measured
    reasons are kept while the two readings are unchanged and their records are not here)."""

    def __init__(self, experiments: Path, reports: Path, previous: list[dict[str, Any]]):
        self.experiments, self.reports = experiments, reports
        self.previous: dict[tuple[str, ...], dict[str, Any]] = {}
        for q in previous:
            top = q.get("standing")
            if not top:
                continue
            for d in q.get("disagree", []):
                if d.get("measured"):
                    self.previous[
                        (top["text"], d["file"], d["player"], str(d["variant"]), d["text"])
                    ] = d
        self._frames: dict[tuple[str, str], pl.DataFrame | None] = {}

    def __call__(self, top: Reading, other: Reading) -> dict[str, Any]:
        said = self.card(top, other)
        if said:
            return {"reason": said, "measured": True}
        kept = self.previous.get(
            (top.text, other.file, other.player, str(other.variant), other.text)
        )
        lengths = self.lengths(top, other)
        if kept and lengths is None:
            return {"reason": kept["reason"], "measured": True}
        said = side_by_side(top, other)
        return {"reason": f"{said}; {lengths}" if lengths else said, "measured": bool(lengths)}

    # --- records ---

    def _out(self, file: str) -> Path | None:
        from sim.running.experiment import read_yaml

        f = self.experiments / file
        if not f.is_file():
            return None
        data = read_yaml(f)
        out = self.reports / (data.get("name", f.stem) if isinstance(data, dict) else f.stem)
        return out if (out / "records").is_dir() else None

    def frame(self, file: str, variant: str) -> pl.DataFrame | None:
        """The records of `file`'s run under `variant` (the columns the reasons read), or None
        where the run is not here."""
        if (file, variant) not in self._frames:
            out = self._out(file)
            if out is None:
                self._frames[file, variant] = None
            else:
                from sim.running.records import scan

                # A sweep's cells add their values to the variant's name ("classic Kings,
                # split_houses=D-S"): all of them are the variant's games.
                lf = scan(out, decoded=False).filter(
                    (pl.col("variant") == variant)
                    | pl.col("variant").str.starts_with(f"{variant}, ")
                )
                names = lf.collect_schema().names()
                keep = ["winner", "rounds", "late_turns"] + [
                    c
                    for c in names
                    if c.startswith(("agent_p", "drawn_mask_p", "deployed_mask_p", "taken_"))
                    and c[-1] in "12"
                ]
                df = lf.select([c for c in keep if c in names]).collect()
                self._frames[file, variant] = None if df.is_empty() else df
        return self._frames[file, variant]

    def _variant(self, r: Reading) -> str | None:
        """The reading's variant as its records name it (a one-variant file: its only
        variant that is not a card's blank)."""
        if r.variant is not None:
            return r.variant
        out = self._out(r.file)
        if out is None:
            return None
        from sim.running.records import scan

        names = scan(out, decoded=False).select("variant").unique().collect()["variant"]
        plain = [v for v in names.to_list() if " | " not in v]
        return plain[0] if len(plain) == 1 else None

    def use(self, r: Reading, card: str) -> CardUse | None:
        variant = self._variant(r)
        if variant is None or r.agent is None:
            return None
        live = self.frame(r.file, variant)
        if live is None:
            return None
        blank = self.frame(r.file, f"{variant} | blank {card}")
        return card_use(live.filter(_both(r.agent)), _pair(blank, r.agent), card, r.agent)

    # --- the reasons ---

    def card(self, top: Reading, other: Reading) -> str | None:
        """A card's value, told apart by what each player does with it."""
        card = telling_card(top, other)
        if card is None:
            return None
        mine, theirs = self.use(other, card), self.use(top, card)
        if mine is None or theirs is None:
            return None
        return card_sentence(card, (other, mine), (top, theirs))

    def lengths(self, top: Reading, other: Reading) -> str | None:
        """Each player's games under the variant: their length and the share of late games."""
        said = []
        for r in (other, top):
            variant = self._variant(r)
            df = self.frame(r.file, variant) if variant and r.agent else None
            df = _pair(df, r.agent) if df is not None and r.agent else None
            if df is None or df.is_empty():
                return None
            rounds = float(df["rounds"].mean())  # type: ignore[arg-type]
            late = float((df["rounds"] >= 6).mean())  # type: ignore[arg-type]
            said.append((r.player, rounds, late, df.height))
        (p1, r1, l1, n1), (p2, r2, l2, n2) = said
        return (
            f"{p1}'s {n1:,} games last {r1:.1f} rounds on average and {_share(l1)} reach round 6 "
            f"(the late game); {p2}'s {n2:,} games {r2:.1f} rounds, {_share(l2)}"
        )


def _both(agent: str) -> pl.Expr:
    """The games of `agent` against itself (a cell of the reading's own match-up)."""
    return (pl.col("agent_p1") == agent) & (pl.col("agent_p2") == agent)


def _pair(df: pl.DataFrame | None, agent: str) -> pl.DataFrame | None:
    return None if df is None else df.filter(_both(agent))


def telling_card(top: Reading, other: Reading) -> str | None:
    """The card whose value differs most between the two readings' figures (a King
    question's top and bottom card, or the dominating card and its nearest rival)."""
    a, b = _values(top), _values(other)
    common = set(a) & set(b)
    if not common:
        return None
    return max(sorted(common), key=lambda c: abs(a[c] - b[c]))


def _values(r: Reading) -> dict[str, float]:
    f = r.figure or {}
    out = {}
    if "card" in f and "value" in f:
        out[f["card"]] = float(f["value"])
    if "other" in f and "other_value" in f and isinstance(f["other"], str) and len(f["other"]) <= 3:
        out[f["other"]] = float(f["other_value"])
    return out


def card_sentence(
    card: str, first: tuple[Reading, CardUse], second: tuple[Reading, CardUse]
) -> str:
    """One sentence with the numbers: each player's worth for the card, how often it deploys
    it when drawn, the decision it takes more often with the card live, and its games' length."""
    (r1, u1), (r2, u2) = first, second
    name = card_words(card)
    # Two readings of one player in two files are told apart by their file.
    p1, p2 = (
        (f"{r1.player} in `{r1.file}`", f"{r2.player} in `{r2.file}`")
        if r1.player == r2.player
        else (r1.player, r2.player)
    )
    head = (
        f"{name[0].upper()}{name[1:]} is worth {_values(r1)[card]:+.1f} points to {p1} "
        f"and {_values(r2)[card]:+.1f} to {p2}"
    )
    kind = telling_kind(u1, u2)

    def does(r: Reading, u: CardUse, first: bool) -> str:
        player = p1 if first else p2
        said = f"{player} deploys it in {_share(u.deployed)} of the {u.games:,} games it draws it"
        if kind is not None:
            words = KIND_WORDS.get(kind, f"`{kind}` decisions")
            said += (
                f" and makes {u.change(kind):+.2f} {words} a game against the same deals with it "
                f"a blank"
                if first
                else f", {u.change(kind):+.2f} {words} a game"
            )
        return said + f" (its games: {u.rounds:.1f} rounds)"

    return f"{head}: {does(r1, u1, True)}; {does(r2, u2, False)}"


def side_by_side(top: Reading, other: Reading) -> str:
    """The two readings side by side, each with the games it rests on (no records here)."""

    def on(r: Reading) -> str:
        games = f" over {r.games:,} games a setup" if r.games else ""
        differ = top.variant != other.variant
        under = f" under {quoted(r.variant)}" if r.variant and differ else ""
        return f"{r.player} (`{r.file}`{under}){games}: {Verdict(r.verdict).word}"

    return f"{on(other)}; {on(top)}"
