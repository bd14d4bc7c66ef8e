"""The balance scan page's HTML template (Jinja2), kept in a module so the package carries it."""

TEMPLATE = r"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ data.name }}: what each rule option does to the {{ data.baseline }}</title>
<style>
{{ base_style }}
  .agree { color: #555; }
  .v-yes { font-weight: 600; color: #123f66; }
  .v-not-settled { color: #7a5c00; }
  .v-no { color: #8a9099; }
  .dead { color: #8a9099; font-style: italic; }
  .ci { color: #5a6573; font-size: .85em; }
  @media (max-width: 600px) { .ci { display: block; } }
</style>
</head>
<body>
<h1>Balance scan: what each rule option does</h1>
<p class="question">What does each rule option do to the {{ data.baseline }}: the first player's
edge, a game's length, the late game, each King's value to its drawer{% if data.card_games %} (and
that of {{ settings.cards | cards_in_words }}){% endif %}{% if data.house_games %} and
the balance of the Houses with decks split by suit{% endif %}?</p>

{% macro changes(listed) %}
  <ul>
    {% for t in listed %}
    <li><b>{{ t.variant | wbr }}</b> <span class="agree">({{ meanings.get(t.variant) or meanings.get(t.variant.split("=")[0], '') }})</span>
      <ul>{% for e in t.effects %}<li>{{ e }}</li>{% endfor %}</ul></li>
    {% endfor %}
  </ul>
{% endmacro %}
<div class="verdicts">
  <p class="lead">{{ lead }}</p>
  {% if top %}{{ changes(top) }}{% endif %}
  {% if dead_strong %}
  <p>No game differed with {{ settings.quick }} under these, but {{ settings.strong }}, whose
  games are longer, finds them to move something:</p>
  {{ changes(dead_strong) }}
  {% endif %}
  {% if top %}<p class="note">Each figure: the {{ data.baseline }}'s, then the change's, on the
  same deals (the change [its interval]). Kings' values are measured with the quick player
  only{% if settings.strong %}; {{ settings.strong }} checks the game measures of the
  {{ data.movers | length }} changes that move them most, and of those under which no quick
  game differed{% endif %}.</p>{% endif %}
  {% if next_steps %}
  <p><b>What to try next</b></p>
  <ul>{% for s in next_steps %}<li>{{ s }}</li>{% endfor %}</ul>
  {% endif %}
</div>
<p class="meta">Every change against the {{ data.baseline }} on the same deals (seed
{{ settings.seed }}), {{ games_range }} games a change with {{ settings.quick }} v
{{ settings.quick }}{% if strong_range %}, {{ strong_range }} with {{ settings.strong }} v
{{ settings.strong }}{% endif %}; {{ "%.1f" | format(minutes) }} minutes. "Yes" means the
change moves the measure by at least the smallest difference that matters (1 point of win rate
or of a King's value, a quarter of a round, half a turn of the late game), beyond noise, with
all its intervals holding together at 95% (each at {{ "%.2f" | format(data.z) }} standard
errors: every comparison, at every check of the stopping rule).</p>

<h2>The rule changes that move balance most</h2>
{% if moving %}
<div class="scroll"><table>
<tr><th>change</th><th>what it moves</th><th>change [interval]</th><th>baseline</th>
<th>with {{ settings.strong or "the strong player" }}</th><th>deals</th></tr>
{% for r in moving %}
<tr><td>{{ r.variant | wbr }}</td><td>{{ r.label }}</td>
<td class="num">{{ r.diff | signed }} {{ r.unit }} <span class="ci">[{{ r.z_lo | signed }}, {{ r.z_hi | signed }}]</span></td>
<td class="num">{% if r.measure == "first_won" %}{{ "%.1f" | format(r.base) }}%{% elif r.unit == "points" %}{{ r.base | signed }}{% else %}{{ "%.2f" | format(r.base) }}{% endif %}</td>
<td>{% if r.strong_verdict %}<span class="v-{{ r.strong_verdict | replace(' ', '-') }}">{{ verdict_word(r.strong_verdict) }}</span>
  {{ r.strong_diff | signed }} <span class="ci">[{{ r.strong_lo | signed }}, {{ r.strong_hi | signed }}]</span>{% else %}-{% endif %}</td>
<td class="num">{{ "{:,}".format(r.n) }}</td></tr>
{% endfor %}
</table></div>
{% if plot %}<img class="plot" src="{{ plot }}" alt="The largest effects, each in multiples of the smallest difference that matters, with intervals">{% endif %}
{% else %}
<p>No change moves any measure by what matters.</p>
{% endif %}

<h2>Every rule change</h2>
<p class="note">Each cell is the change against the {{ data.baseline }} in the measure's unit
(points of win rate or of a King's value, rounds, turns), its interval under it; bold: Yes,
brown: not settled, grey: No. {% for m in measures %}{{ m.short }}: {{ m.label }}{% if not loop.last %}; {% endif %}{% endfor %}.
A King's value is its power: the same deals with that King a blank. "Not measured": nothing
to read under that change (a King its deck lacks, no game reaching round 6 under the base rules),
and it did not hold the change back.</p>
<div class="scroll"><table>
<tr><th>change</th><th>games</th>{% for m in measures %}<th title="{{ m.label }}">{{ m.short }}</th>{% endfor %}</tr>
{% for v in by_variant %}
<tr><td title="{{ meanings.get(v.variant) or meanings.get(v.option, '') }}">{{ v.variant | wbr }}{% if v.dead %}<br><span class="dead">no game of its {{ "{:,}".format(v.dead_deals) }} deals differed</span>{% endif %}</td>
<td class="num">{{ "{:,}".format(v.games) }}</td>
{% for m in measures %}{% set e = v.effects.get(m.key) %}
<td class="num">{% if e %}<span class="v-{{ e.verdict | replace(' ', '-') }}">{{ e.diff | signed }}</span>
<span class="ci">[{{ e.z_lo | signed }}, {{ e.z_hi | signed }}]</span>{% elif m.key in v.unread %}<span class="dead">not measured</span>{% else %}-{% endif %}</td>
{% endfor %}</tr>
{% endfor %}
</table></div>

<h2>What each change is</h2>
<ul>
{% for v in by_variant %}<li><b>{{ v.variant }}</b>: {{ meanings.get(v.variant) or meanings.get(v.option, '') }}</li>
{% endfor %}
</ul>

<h2>How this was measured</h2>
<p>Every change is played on the same deals as the {{ data.baseline }} (<code>{{ data.base_rules }}</code>):
game <i>i</i> of every cell is dealt from (seed {{ settings.seed }}, <i>i</i>), so the deals' luck
cancels out of each difference. Each change is played again with each King a blank (deployed as
usual, with no power), which gives each King's value to the player who draws it under that
rule, compared with its value under the {{ data.baseline }} on the same deals.</p>
<p>Games come in chunks that double ({{ "{:,}".format(settings.first_chunk) }}, then twice as
many, ...), and after each a change stops once every measure is settled: its interval (at
{{ "%.2f" | format(data.z) }} standard errors: Bonferroni over all {{ "{:,}".format(data.family) }}
comparisons at every check, so that all of them hold together however many checks came before)
lies within
the smallest difference that matters, or past it and no wider than it either side. What is
negligible is dropped early; the rest play on to {{ "{:,}".format(settings.max_games) }} games.
Where no deal changed, a win rate's interval is never narrower than no change in that many deals
allows at that level (the rule of three, for the whole family).</p>
{% if data.house_games %}<p>The Houses: the quick player again with decks split by suit (each
player draws from a pile of their own House), the base rules and each change in a cell per
pairing of Houses, {{ "{:,}".format(data.house_games) }} games a cell on the same deals; a House's
average is its win rate over its three pairings, and a change's effect is the spread (strongest
less weakest) less the base rules', its interval from each deal's influence on both.</p>{% endif %}
{% if data.card_games %}<p>Cards beyond the Kings ({{ settings.cards | join(", ") }}): the quick
player again, the base rules and each change under which a game differed, each plain and with
the card forbidden to both players, {{ "{:,}".format(data.card_games) }} games a cell on the same
deals; a card's value is its drawer's result less the same seat's on the same deal without it,
and a change's effect is that value under the change less under the base rules.</p>{% endif %}
{% if settings.strong %}<p>The strong player ({{ settings.strong }}) plays the baseline, the
{{ data.movers | length }} changes the quick player found to move a game measure most and the
{{ data.dead | length }} under which no game of the quick player's differed
({{ "{:,}".format(settings.strong_games) }} games each): each of the first says whether it holds
with a player that plans, and the others whether their rules act in its longer games
({{ data.strong_dead | default([]) | length }} changed none of its games either); Kings' values
are measured with the quick player only.</p>{% endif %}
{% if data.unplayable %}<p>Not played, since they make no rule set with the base rules: {% for k, why in data.unplayable.items() %}<code>{{ k }}</code> ({{ why }}){% if not loop.last %}; {% endif %}{% endfor %}.</p>{% endif %}
{% if data.not_scanned %}<p>Not scanned: {% for k, why in data.not_scanned.items() %}<code>{{ k }}</code>
({{ why }}){% if not loop.last %}; {% endif %}{% endfor %}.</p>{% endif %}
<p class="meta">houses-sim balance scan; the figures are in scan.json beside this page, the records
in quick/{% if settings.strong %}, strong/{% endif %}{% if data.house_games %}, houses/{% endif %}{% if data.card_games %}, cards/{% endif %}.</p>
</body>
</html>
"""
