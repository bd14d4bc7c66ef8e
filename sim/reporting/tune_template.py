"""Rule tuning's page template (Jinja2), kept in a module so the package carries it."""

TEMPLATE = r"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ data.name }}: {{ data.question }}</title>
<style>
{{ base_style }}
  tr.met td { background: #eef6f0; }
  @media (max-width: 600px) { td.num { white-space: normal; } }
</style>
</head>
<body>
<h1>Rule tuning: {{ data.name }}</h1>
<p class="question">{{ data.question }}</p>

<div class="verdicts">
  <p class="lead">{{ lines[0] }}</p>
  <ul>{% for l in lines[1:] %}<li>{{ l.strip()|commands }}</li>{% endfor %}</ul>
</div>
<p class="meta">{{ data.trials | length }} settings tried ({{ data.trial_count }} proposals of
Optuna's TPE sampler, seed {{ spec.seed }}), {{ "{:,}".format(spec.games) }} games each with
{{ spec.player }} v {{ spec.player }} on the same deals; {{ data.leaders | length }} leaders
again with {{ "{:,}".format(spec.leader_games) }} games on deals of their own; the pick and the rules as they are on
fresh deals (seed {{ data.recheck.seed }}), {{ "{:,}".format(data.recheck.games) }} games each;
{{ "%.1f" | format(minutes) }} minutes. The recheck's intervals hold together at 95% over the
{{ targets | length }} target{{ "s" if targets | length > 1 }} (each at {{ "%.2f" | format(data.z) }}
standard errors); the others are 95% intervals.</p>

<h2>What it tried</h2>
{% if plot %}<img class="plot" src="{{ plot }}" alt="Each target's figure for every setting tried, with its interval and the target">{% endif %}
<div class="scroll"><table>
<tr><th>setting</th>{% for t in targets %}<th>{{ t.label }}</th>{% endfor %}<th>distance from the targets</th></tr>
{% for r in rows %}
<tr{% if r.objective == 0 %} class="met"{% endif %}><td>{{ r.label }}</td>{% for c in r.cells %}<td class="num">{{ c }}</td>{% endfor %}<td class="num">{{ "%.2f" | format(r.objective) }}</td></tr>
{% endfor %}
</table></div>
<p class="note">Green: every estimate inside its target. The distance adds up how far each
estimate is outside its target, in multiples of the smallest difference that matters (a point
of win rate or of a King's value, a quarter of a round, half a turn).</p>

{% if leaders %}
<h2>The leaders, with more games</h2>
<div class="scroll"><table>
<tr><th>setting</th>{% for t in targets %}<th>{{ t.label }}</th>{% endfor %}<th>distance</th></tr>
{% for r in leaders %}
<tr{% if r.objective == 0 %} class="met"{% endif %}><td>{{ r.label }}</td>{% for c in r.cells %}<td class="num">{{ c }}</td>{% endfor %}<td class="num">{{ "%.2f" | format(r.objective) }}</td></tr>
{% endfor %}
</table></div>
{% endif %}

<h2>How it was done</h2>
<p>The knobs: {% for k in spec.knobs %}<code>{{ k.name }}</code> {% if k.kind == "int" %}from {{ k.low }} to {{ k.high }}{% else %}among {{ k.choices | join(", ") }}{% endif %}{% if not loop.last %}; {% endif %}{% endfor %},
over the base rules{% if spec.preset %} (preset <code>{{ spec.preset }}</code>){% endif %}.
The targets: {% for t in targets %}{{ t.words }}{% if not loop.last %}; {% endif %}{% endfor %}.
A King's value is its power's worth to the player who draws it: the same deals with that King a
blank. Each candidate is played on the same deals, so candidates differ by their rules alone;
the rules as they are are tried first. The search's estimates carry noise, so
{{ data.leaders | length }} leaders are played again with more games on deals of their own:
first the settings whose estimates met every target, the closest to the rules as they are first,
then the nearest to the targets. The pick is the leader closest to the rules as they are whose
every interval is inside its target (else the nearest to the targets); it is played on deals
the search never saw, against the rules as they are, and each target gets its verdict there:
Yes when the whole interval is inside the target, No when all of it is outside.</p>
<p class="meta">houses-sim rule tuning; the figures are in tune.json beside this page, the runs in
trials/, leaders/ and recheck/.</p>
</body>
</html>
"""
