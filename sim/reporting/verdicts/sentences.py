"""The verdict box's sentences as data: one table of templates, `SENTENCES[purpose][kind]`, each a
Jinja2 template filled with named fields that `words.py` computes from a reading (numbers
already formatted, cards and players already in words). Rewording a sentence is an edit here
and touches no logic; the designer's terms (`terms.*` in a template: "points", "an even share")
come from `sim.reporting.terms`.

Purposes: `question` (a part's question, per ask kind), `settled_by` (what a Yes needs),
`figure` (a reading's figure, per ask kind), `cure` (a slog cure's figures), `with`, `against`,
`ranges`, `ahead` (a figure's range and reference), `more` (per verdict: on the line, not
settled), `borrowed`, `spread`, `line_means`, `where`, `agreement` (another player's verdicts),
`next` (what to try next, per ask kind), `whose`, `settling`. Text, not HTML: the report
escapes it later."""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import Environment, StrictUndefined, Template

from sim.reporting.terms import WORDS

SENTENCES: dict[str, dict[str, str]] = {
    "question": {
        "dominates_any_house": "Does one House beat every House it meets?",
        "dominates_house": "Does {{ house }} beat every House it meets?",
        "dominates": "Does {{ card }} dominate?",
        "balanced": "Are {{ cards }} balanced?",
        "worth": "Is {{ card }} worth a {{ terms.point }} or more to its drawer?",
        "favoured_agent": "Does {{ player }} beat {{ other }}?",
        "favoured_first_player": "Is the first player favoured?",
        "favoured_seat": "Is any seat favoured?",
        "cures": "Does it cure the late-game slog?",
        "shortens": "Does it shorten the late game?",
        "changes_card_value": "Does the rule change what {{ card }} is worth?",
        "changes": "Does the rule change {{ changed }}?",
    },
    # What a Yes needs; `unit` in words, singular for a line of one point.
    "settled_by": {
        "dominates_house": (
            "Yes needs a House {{ line }} {{ unit }} or more above {{ terms.even_share }} "
            "against each House it meets."
        ),
        "dominates": "Yes needs {{ line }} {{ unit }} or more ahead of every other.",
        "balanced": "Yes needs every two within {{ line }} {{ unit }} of each other.",
        "worth": "Yes needs {{ line }} {{ unit }} or more either way.",
        "favoured": "Yes needs {{ line }} {{ unit }} or more off {{ terms.even_share }}.",
        "changes": "Yes needs a change of {{ line }} {{ unit }} or more either way.",
        "shortens": "Yes needs the late game {{ line }} {{ unit }} or more shorter.",
        "cures": (
            "Yes needs a turn from round 6 on to play {{ line }} {{ unit }} or more beyond the "
            "baseline's, and the player ahead as round 6 began and the stronger player each to "
            "win less than {{ random_line }} {{ terms.points }} less often."
        ),
    },
    # A reading's figure; `ci`: its range(s) (`ranges`), `against`: a figure with its
    # reference (`with`).
    "figure": {
        "dominates_house": (
            "{{ house }} wins {{ rate }}% against {{ other }}, its hardest pairing ({{ against }})"
        ),
        "dominates": (
            "it adds {{ value }} {{ terms.points }} to its drawer's win rate; the best of the "
            "others, {{ other }}, adds {{ other_value }}: {{ ahead }}"
        ),
        "balanced": (
            "from {{ card }} {{ value }} to {{ other }} {{ other_value }}, {{ apart }} "
            "{{ terms.points }} apart {{ ci }}"
        ),
        "worth_unused": "its drawer never played it, so this run cannot rate it",
        "worth": "it adds {{ estimate }} {{ terms.points }} to its drawer's win rate {{ ci }}",
        "favoured_agent": "it wins {{ rate }}% against {{ other }} ({{ against }})",
        "favoured": (
            "{% if seat %}the {{ seat }} seat in turn order{% else %}the first player{% endif %}"
            " wins {{ rate }}% ({{ against }})"
            # The draw's winner picks its place in turn order: the seats mix that choice too.
            "{% if deferred %}; who starts is partly chosen: the advantage draw's winner let "
            "another player start in {{ deferred }}% of the games{% endif %}"
        ),
        "shortens": "the late game {{ estimate }} {{ unit }} {{ ci }} against {{ baseline }}",
        "changes_card_value": (
            "the value of {{ card }} {{ estimate }} {{ unit }} {{ ci }} against {{ baseline }}"
        ),
        "changes": "{{ changed }} {{ estimate }} {{ unit }} {{ ci }} against {{ baseline }}",
    },
    # A slog cure's figures, joined by "; ": its pace, then each guard, then the length.
    "cure": {
        "pace": (
            "a turn from round 6 on plays {{ value }} cards against {{ base }} under "
            "{{ baseline }} ({{ estimate }} {{ ranges }}, on the {{ deals }} deals that reach "
            "round 6 under both)"
        ),
        "leader": (
            "the player ahead as round 6 began wins {{ value }}% against {{ base }}% "
            "({{ estimate }} {{ terms.points }} {{ ci }})"
        ),
        "edge": (
            "{{ strong }} beats {{ weak }} in {{ value }}% of the games that reach round 6, "
            "against {{ base }}% ({{ estimate }} {{ terms.points }} {{ ci }})"
        ),
        "length": (
            "the late game itself {{ change }} turns [{{ lo }}, {{ hi }}] "
            "(95%; said, not a condition)"
        ),
    },
    # A figure in points against a reference: with one range, or with the box's and its own
    # named (the reference first).
    "with": {
        "one": "{{ estimate }} {{ terms.points }} {{ ci }} {{ against }}",
        "two": "{{ estimate }} {{ terms.points }} {{ against }}, {{ ci }}",
    },
    "against": {
        "even_share": "off {{ terms.even_share }}{% if fair %} of {{ fair }}%{% endif %}",
        "half": "above half",
    },
    # Where the box's range is wider than the reading's own 95% range: both, named.
    "ranges": {
        "two": "{{ ci }} {{ at_once }}, {{ alone }} on its own",
        "at_once": (
            "{% if verdicts > 1 %}with all {{ verdicts }} verdicts at once"
            "{% else %}at every look{% endif %}"
        ),
    },
    # A lead said as far behind or ahead as it may be.
    "ahead": {
        "lead": (
            "{{ amount }} {{ terms.points }} {{ side }} (from {{ lo }} to {{ hi }}"
            "{% if alone_lo %} {{ at_once }}; from {{ alone_lo }} to {{ alone_hi }} on its own"
            "{% endif %})"
        ),
        "said": "{{ amount }} {{ side }}",
        "behind": "behind",
        "ahead": "ahead",
    },
    # What a reading's verdict means beyond its figure, per verdict.
    "more": {
        "on_the_line_guard": (
            "; level with the {{ random_line }}-{{ terms.point }} line: "
            "{% if leader %}the player ahead as round 6 began{% else %}the stronger player"
            "{% endif %} wins about {{ random_line }} {{ terms.points }} less often, within "
            "{{ margin }} of it either way, as good as at the line, and more games would not "
            "change what to do"
        ),
        "on_the_line": (
            "; level with the {{ line }}-{{ unit_one }} line: its whole range lies within "
            "{{ margin }} {{ unit }} of it, as good as at the line either way, and more games "
            "would not change what to do"
        ),
        "not_known": "; nothing is known of its spread yet",
        "too_many": (
            "; settling it would take about {{ games }} more games{{ of }} per setup{{ taking }}"
            ", over {{ most }} times those played: read it as undecided at this player's "
            "strength"
        ),
        "not_settled": (
            "; about {{ games }} more game{% if n != 1 %}s{% endif %}{{ of }} per setup would "
            "settle it{{ taking }}"
        ),
        # Games of another match-up than the reading's own (a slog cure's better player).
        "of": " of {{ pair }}",
        "taking": " ({{ duration }} here{% if command %}: `{{ command }}`{% endif %})",
    },
    "borrowed": {
        "control": (
            "; read with {{ who }}'s {{ games }} games on the same deals as a control "
            "(worth {{ gain }} times its own games)"
        ),
    },
    "spread": {
        "houses": (
            "On average against the others, {{ top }} wins {{ t }}% [{{ t_lo }}%, {{ t_hi }}%] "
            "of its games, top of the Houses, and {{ bottom }} {{ b }}% [{{ b_lo }}%, "
            "{{ b_hi }}%], the bottom"
        ),
    },
    "line_means": {
        "house": (
            "a House at least the line above {{ terms.even_share }} against every House it meets"
        ),
        "set_by_file": (
            "{{ line }} {{ unit }}, set by the file (the default, {{ default }}: {{ why }})"
        ),
    },
    # Where a reading is said per variant: " under 'two from round 6'".
    "where": {"under": " under {{ variants }}"},
    # Another player's verdicts beside the strongest player's (`name`: capitalized where it
    # opens a sentence).
    "agreement": {
        "other_house": "{{ name }} names another House: {{ named }}.",
        "other_house_item": (
            "{{ verdict }}{{ where }}, but for {{ house }} ({{ estimate }} {{ ci }})"
        ),
        "seldom": ", though only {{ share }}% of its games reach round 6",
        "holds": "Holds with {{ name }} too{{ seldom }}.",
        "disagrees": "{{ name }} disagrees",
        "differs": "With {{ name }}",
        "same_under": "the same under {{ variants }}",
        "readings": "{{ lead }}: {{ said }}.",
        "believe": (
            " Believe {{ me }}: the stronger the player, the nearer its verdict to good play."
        ),
        "edge": (
            " {{ me }} is on the line{{ where }}: which side it falls on matters less than the "
            "line's margin."
        ),
        "unused": "it cannot rate it{{ where }}: never played",
        "reading": "{{ verdict }}{{ where }}{{ about }} ({{ estimate }} {{ ci }})",
        "about_house": ", for {{ house }}",
        "about_seat": ", the {{ seat }} seat",
    },
    # What to try next: the largest problem the verdicts show, else more games.
    "next": {
        "edge": " (on the line: as good as there)",
        "dominates": (
            "Tone down {{ card }}{{ where }}: it adds {{ value }} {{ terms.points }} to its "
            "drawer, {{ lead }} more than {{ other }}, the next{{ edge }}."
        ),
        "balanced": (
            "Bring {{ card }} ({{ value }} {{ terms.points }}) and {{ other }} ({{ other_value }}) "
            "closer{{ where }}: the largest gap between two of them{{ edge }}."
        ),
        "house": (
            "Weaken {{ house }}{{ both }}{{ where }}: {% if both %}{{ house }}{% else %}it"
            "{% endif %} beats every House it meets, its hardest pairing at {{ rate }}%{{ edge }}."
        ),
        "house_both": (
            " ({{ top }}% on average against the others) and strengthen {{ bottom }} "
            "({{ bottom_rate }}%)"
        ),
        "bottom_house": (
            "Strengthen {{ bottom }}{{ where }}: it wins {{ rate }}% of its games against the "
            "others on average, the bottom of the Houses (the top, {{ top }}, {{ top_rate }}%)."
        ),
        "favoured": (
            "Even out {% if seat %}the {{ seat }} seat{% else %}the first player{% endif %}"
            "{{ where }}: it wins {{ rate }}% where {{ terms.even_share }} is {{ fair }}%"
            "{{ edge }}."
        ),
        "shortens": (
            "{{ variant }} shortens the late game by {{ by }} turns, short of the {{ line }} a "
            "cure needs: try a stronger draw, or from an earlier round."
        ),
        "cures": (
            "{{ variant }} plays {{ by }} more cards a turn from round 6 on, short of the "
            "{{ line }} a cure needs: try a stronger draw, or from an earlier round."
        ),
        "cures_guard": (
            "{{ variant }} quickens the late game ({{ estimate }} cards a turn), but "
            "{% if leader %}the player ahead as round 6 began{% else %}the stronger player, in "
            "the games that reach round 6,{% endif %} wins {{ less }} {{ terms.points }} less "
            "often: the draw decides more. Look for a cure that keeps the better player's edge."
        ),
        "play_more": (
            "Play more games{{ of }}: about {{ games }} more per setup would settle "
            "\u201c{{ question }}\u201d{{ where }}{{ taking }}."
        ),
    },
    # Whose verdicts the box gives, said first.
    "whose": {
        "several": "Verdicts of the strongest player each part has ({{ players }})",
        "mixed": "Verdicts from {{ player }}",
        "one": "{{ player }}'s verdicts, the strongest player this run has",
        "beside": "{{ whose }}; {{ beside }} beside it.",
        "alone": "{{ whose }}.",
    },
    # How a run that went on until its verdicts settled ended.
    "settling": {
        "where": " (under {{ variants }}; the rest stopped at {{ fewer }})",
        "settled": (
            "This run played on until {{ player }}'s verdicts settled (Yes, No or On the line): "
            "they did at {{ most }} games a setup{{ where }}."
        ),
        "games": (
            "This run played on until {{ player }}'s verdicts settled, up to its budget of "
            "{{ budget }} games a setup{{ where }}; some are still not settled under {{ still }}."
        ),
        "minutes": (
            "This run played on until {{ player }}'s verdicts settled, and stopped at its "
            "{{ minutes }}-minute budget at {{ most }} games a setup{{ where }}, some still not "
            "settled under {{ still }}: the same command plays on."
        ),
    },
}

# Text, not HTML: the report's page escapes each sentence where it inserts it. A field a
# template names and the code does not give is an error, not an empty word.
_ENV = Environment(autoescape=False, undefined=StrictUndefined, keep_trailing_newline=True)
_ENV.globals["terms"] = WORDS


@cache
def _template(source: str) -> Template:
    return _ENV.from_string(source)


def say(purpose: str, kind: str, **fields: Any) -> str:
    """The sentence `SENTENCES[purpose][kind]`, filled with `fields`."""
    return _template(SENTENCES[purpose][kind]).render(**fields)
