"""The words a designer meets on every page of answers, each defined in one place: the report
defines each where it first appears on the page (`Glossary`), the README's table of answers
and docs/findings.md in a line above their verdicts (`legend`), all in these words.

- **points**: percentage points of win rate;
- **an even share**: what a side wins where the game favours no one;
- **the line**: what settles a part of the question, and where it is set (`line_set`);
- **a setup**: one rule set played by one match-up (a cell);
- **the quick / strong / expert player**: each player by how it plays and how strong it is
  (`player`), from its persona's `plain` words and the stored ladder (`play/ratings.py`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup, escape

POINTS = "percentage points of win rate: from 50% to 53% is 3 points"
EVEN_SHARE = (
    "what a side wins where the game favours no one: half the games at two players, a third "
    "at three"
)
LINE = (
    "how far a figure must reach for a Yes: Yes when its whole range is past the line, No when "
    "all of it falls short"
)
SETUP = (
    "one rule set played by one match-up, a row of the table of results per cell; more games "
    "per setup means that many more in each"
)
# The terms' own words, where a sentence says them (the verdict box's templates, as
# `terms.points`, `verdicts/sentences.py`): rewording one here rewords every sentence that
# uses it, and the glossary below finds it on the page.
WORDS = {"points": "points", "point": "point", "even_share": "an even share"}
# Where a file sets its own lines (docs/experiments.md, "The verdicts").
WHERE_SET = "answer.asks"

# (what the term is called, its pattern on a page, its definition, how the definition opens
# where the page's words are not the term's own: "per setup (a setup: one rule set ...)")
TERMS: list[tuple[str, str, str, str]] = [
    ("points", r"(?<=\d )points?\b", POINTS, ""),
    ("an even share", rf"\b{re.escape(WORDS['even_share'])}\b", EVEN_SHARE, ""),
    ("the line", r"(?<![Oo]n )\b[Tt]he line\b", LINE, ""),
    ("a setup", r"\b(?:per|a) setup\b", SETUP, "a setup: "),
]


def _ask_key(part: dict[str, Any], line: str) -> str:
    """The part as one entry of `answer.asks`, its line `line`: {ask: dominates, card: KS,
    line: 3}."""
    keys = [f"ask: {part['ask']}"]
    keys += [f"{k}: {part[k]}" for k in ("card", "house", "of", "measure") if part.get(k)]
    return "{" + ", ".join(keys + [f"line: {line}"]) + "}"


def line_set(part: dict[str, Any]) -> str:
    """Where a part's line is set: the file's own `answer.asks` entry, or the default of its
    kind and the entry that would set another. `part["line_from"]`: "file" where the file set
    it (`verdicts/asks.py`)."""
    line = float(part["line"])
    if part.get("line_from") == "file":
        return f"set in the file: `{WHERE_SET}: [{_ask_key(part, f'{line:g}')}]`"
    kind = (
        "the smallest difference that matters in its unit (`answer.matters`)"
        if part["ask"] == "changes"
        else f"the default of a `{part['ask']}` part"
    )
    return f"{kind}; a team sets its own in the file: `{WHERE_SET}: [{_ask_key(part, 'N')}]`"


def expected_share(elo: float) -> float:
    """The share of its games a player rated `elo` above another wins against it (Elo)."""
    return 1 / (1 + 10 ** (-elo / 400))


def player(
    title: str, name: str, plain: str, elo: float | None, anchor: str = "the quick player"
) -> str:
    """A player defined in a line: "the expert player, `search_expert`: plans ...; wins about
    84% of its games against the quick player on the ladder (docs/agents.md)". Its persona's
    `plain` words without their asides in brackets."""
    how = re.sub(r"\s*\([^()]*\)", "", plain).strip().rstrip(".")
    said = f"{title}, `{name}`" + (f": {how}" if how else "")
    if elo:
        said += (
            f"; wins about {100 * expected_share(elo):.0f}% of its games against {anchor} on "
            "the ladder (docs/agents.md)"
        )
    return said


# The players the shipped answers name, weakest first: the README's and findings' legend.
SHIPPED_PLAYERS = ("greedy", "search_fast", "search_expert")


def legend() -> str:
    """The terms in a line, for a page that lists its verdicts without defining them at first
    use (the README's table, docs/findings.md)."""
    from sim.play.agents import standing
    from sim.play.ratings import rating

    quick, *search = SHIPPED_PLAYERS
    titles = {a: standing(a)[1] for a in SHIPPED_PLAYERS}
    shares = [f"{100 * expected_share(rating(a) or 0.0):.0f}%" for a in search]
    names = " and ".join(f"{titles[a]} (`{a}`)" for a in search)
    return (
        f"*Points* are {POINTS}. *An even share* is {EVEN_SHARE}. *The line* of a part is "
        f"{LINE}; a file sets its own in `{WHERE_SET}`, else its kind's default "
        f"(docs/experiments.md). *A setup* is {SETUP}. The players, by strength "
        f"(docs/agents.md): {titles[quick]} (`{quick}`) plays the best-looking move without "
        f"planning; {names} plan, playing out continuations of the game, and win about "
        f"{' and '.join(shares)} of their games against {titles[quick]}."
    )


@dataclass
class Glossary:
    """Defines each term at its first use on one page: the first match of its pattern outside
    code is marked `<dfn>` and followed by its definition in brackets. A player's definition
    (`players`: title -> definition) follows at the end of the clause that first names it, so
    that "the expert player's verdicts" stays whole. Called on a page's texts in the order they
    appear (a Jinja filter)."""

    players: dict[str, str] = field(default_factory=dict)
    done: set[str] = field(default_factory=set)
    # While `apart` runs: the players' definitions, set apart from the text.
    _apart: list[str] | None = None

    def apart(self, text: Any) -> Markup:
        """The verdict box's first line (whose verdicts they are): its players marked where it
        names them, their definitions together in a `<details>` under it, so that a phone's
        first screen reaches the first verdict and each player is one tap from its meaning."""
        self._apart = []
        try:
            line = self(text)
            defs = self._apart
        finally:
            self._apart = None
        if not defs:
            return Markup(f'<p class="whose">{line}</p>')
        items = "".join(f"<li>{d}</li>" for d in defs)
        return Markup(
            f'<p class="whose">{line}</p><details class="players"><summary>Who these players '
            f"are</summary><ul>{items}</ul></details>"
        )

    def __call__(self, text: Any) -> Markup:
        html = str(text if isinstance(text, Markup) else escape(str(text)))
        pieces = re.split(r"(<[^>]+>)", html)
        code = False
        for i, piece in enumerate(pieces):
            if piece.startswith("<"):
                code = piece.startswith("<code") or (code and not piece.startswith("</code"))
                continue
            if not code and piece:
                pieces[i] = self._define(piece)
        return Markup("".join(pieces))

    def _define(self, text: str) -> str:
        # (start, end, what goes in place of text[start:end]), found in the text as given.
        edits: list[tuple[int, int, str]] = []
        for word, pattern, meaning, opens in TERMS:
            if word in self.done or not (m := re.search(pattern, text)):
                continue
            self.done.add(word)
            edits.append(
                (
                    m.start(),
                    m.end(),
                    f'<dfn>{m.group(0)}</dfn> <span class="def">({escape(opens + meaning)})</span>',
                )
            )
        at_end: dict[int, list[tuple[int, str]]] = {}
        for title, meaning in self.players.items():
            # "the expert player", or "The expert player" where it opens a sentence.
            first = f"[{title[:1].upper()}{title[:1].lower()}]"
            found = re.search(rf"\b{first}{re.escape(title[1:])}\b", text)
            if title in self.done or not found:
                continue
            self.done.add(title)
            edits.append((found.start(), found.end(), f"<dfn>{found.group(0)}</dfn>"))
            if self._apart is not None:
                self._apart.append(str(_code(meaning)))
                continue
            clause = re.search(r"[;:.](?=\s|$)", text[found.end() :])
            end = found.end() + clause.start() if clause else len(text)
            at_end.setdefault(end, []).append((found.start(), str(_code(meaning))))
        for end, said in at_end.items():
            # In the order the clause names them.
            defs = "; ".join(d for _, d in sorted(said))
            edits.append((end, end, f' <span class="def">({defs})</span>'))
        for start, end, new in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
            text = text[:start] + new + text[end:]
        return text


def _code(text: str) -> Markup:
    """Text whose `backticked` names are shown as code."""
    return Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", str(escape(text))))
