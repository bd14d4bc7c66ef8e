"""The report's HTML template (Jinja2), kept in a module so the package carries it."""

TEMPLATE = r"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ manifest.name }}: {{ manifest.question }}</title>
<style>
  body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2733;
         max-width: 1240px; margin: 0 auto; padding: 1rem; }
  h1 { font-size: 1.5rem; margin-bottom: .2rem; }
  h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #d9dee5; }
  .question { font-size: 1.15rem; font-style: italic; }
  .answer { background: #f1f6fb; border-left: 4px solid #1b6ca8; padding: .6rem .9rem; }
  .meta, .note { color: #5a6573; font-size: .85rem; }
  .against { color: #5a6573; font-size: .8rem; }
  .choice { display: inline-block; margin-left: 1rem; }
  /* A wide table scrolls inside its box; a shadow at an edge says there is more that way. */
  .scroll { overflow-x: auto; max-width: 100%;
            background: linear-gradient(to right, #fff 30%, rgba(255,255,255,0)) left / 2rem 100% no-repeat local,
                        linear-gradient(to left, #fff 30%, rgba(255,255,255,0)) right / 2rem 100% no-repeat local,
                        radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.2), transparent) left / .7rem 100% no-repeat scroll,
                        radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.2), transparent) right / .7rem 100% no-repeat scroll; }
  .answer p { margin: .3rem 0; }
  .verdicts { border: 2px solid #1b6ca8; border-radius: 6px; padding: .5rem .9rem; margin: .6rem 0; }
  .verdicts .part { margin: .4rem 0 .6rem; }
  .verdicts p.whose { margin: .2rem 0 .4rem; color: #123f66; }
  .verdicts details.players { margin: -.2rem 0 .4rem; color: #5a6573; font-size: .9rem; }
  .verdicts details.players summary { cursor: pointer; }
  .verdicts p.ask { font-weight: 600; font-size: 1.08rem; margin: .2rem 0; }
  .verdicts ul { margin: .1rem 0; padding-left: 1.2rem; }
  .verdicts li { margin: .15rem 0; }
  .verdicts .v { color: #123f66; } .verdicts .v-not-settled { color: #7a5c00; } .verdicts .v-on-the-line { color: #5b3f8c; }
  .verdicts .agree { color: #555; list-style: none; margin-left: -1.2rem; font-size: .95rem; }
  .verdicts p.line { margin: .1rem 0 .3rem; color: #555; font-size: .92rem; }
  .verdicts code { word-break: normal; overflow-wrap: anywhere; }
  /* A term defined where it first appears: the term, then its meaning in brackets. */
  dfn { font-style: normal; font-weight: 600; }
  .def { color: #5a6573; font-size: .88em; }
  /* The verdict box and the picture of the answer: side by side at a desktop width, the
     picture under the box on a phone. */
  .at-once { display: grid; grid-template-columns: minmax(0, 1fr); column-gap: 1.2rem; }
  .at-once .picture { margin: .6rem 0; }
  .at-once .picture img { margin: 0 auto; }
  @media (min-width: 960px) {
    .at-once.with-picture { grid-template-columns: minmax(0, 11fr) minmax(0, 9fr); align-items: start; }
    .at-once .picture { position: sticky; top: .5rem; }
  }
  /* Wider than a phone, the tables use the page's width. */
  @media (min-width: 601px) { .scroll > table { width: 100%; } }
  .answer p.lead { font-size: 1.08rem; }
  .answer.related { background: #f6f6f4; border-left-color: #8a8f98; margin-top: .6rem; }
  table.measures td, table.measures th { white-space: normal; }
  table.measures td.l { overflow-wrap: break-word; }
  table.measures td.size { white-space: nowrap; }
  /* A value and its interval each stay whole; on a phone the interval goes under the value. */
  table.measures .nw { white-space: nowrap; }
  table.measures tr.group th { background: #f1f6fb; font-style: italic; font-weight: 600; }
  caption { text-align: left; font-size: .85rem; color: #5a6573; padding: .2rem 0; }
  th { white-space: normal; vertical-align: bottom; }
  details.section { margin-top: 1.1rem; }
  details.section > summary { font-size: 1.15rem; font-weight: 600; cursor: pointer;
                              border-bottom: 1px solid #d9dee5; padding: .2rem 0; }
  .size-large { font-weight: 600; }
  .size-negligible, .size-within-noise, .size-too-few-games { color: #5a6573; }
  @media (max-width: 600px) {
    body { font-size: 14px; padding: .6rem; }
    .answer p.lead { font-size: 1rem; }
    .answer { padding: .4rem .6rem; }
    h1 { font-size: 1.25rem; }
    table { font-size: .78rem; }
    th, td { padding: .2rem .3rem; }
    table.measures .ci { display: block; color: #5a6573; }
    /* A two-word size ("chosen start", "within noise") may take two lines on a phone, so
       that the size column stays in view beside a wide interval. */
    table.measures td.size { white-space: normal; }
    table.measures { font-size: .74rem; }
    table.measures td, table.measures th { padding: .2rem .22rem; }
  }
  table { border-collapse: collapse; font-size: .85rem; margin: .5rem 0; }
  th, td { padding: .25rem .5rem; border-bottom: 1px solid #e6e9ee; text-align: right;
           white-space: nowrap; }
  th { background: #f6f7f9; cursor: default; }
  th.sort { cursor: pointer; }
  td.l, th.l { text-align: left; }
  .noise { color: #8a8f98; }
  .real { font-weight: 600; }
  .flag { background: #fff3cd; }
  img { max-width: 100%; height: auto; display: block; margin: .5rem 0; }
  code { font-size: .8rem; word-break: break-all; }
</style>
</head>
<body>
<h1>{{ manifest.name }}</h1>
<p class="question">{{ manifest.question }}</p>
{# The verdict box: each part of the question answered Yes, No, On the line or Not settled, from the
strongest player the run has (sim/reporting/verdicts). #}
{% if box_lines %}<div class="at-once{% if picture %} with-picture{% endif %}" id="at-once">
<div class="verdicts" id="verdicts">
{% if box.whose %}{{ box.whose|glossary_apart }}{% endif %}
{% for p in box_lines %}<div class="part"><p class="ask">{{ p.question }}</p>
<ul>{% for r in p.readings %}<li><b class="v v-{{ r.verdict|lower|replace(' ', '-') }}">{{ r.verdict }}</b>{% if r.where %} {{ r.where }}{% endif %}: {{ r.text|commands|glossary }}.{% if r.spread %}<br>{{ r.spread|glossary }}.{% endif %}</li>
{% endfor %}{% for a in p.agreement %}<li class="agree">{{ a|glossary }}</li>{% endfor %}{% if p.skill %}<li class="agree skill">{{ p.skill|glossary }}</li>{% endif %}</ul>
{# What settles the part, and where a team sets its own line: under the verdicts, so that a
phone's first screen reaches the first one. #}<p class="line">{{ ('The line: ' ~ p.settled_by[:-1] ~ (', ' ~ p.line_set if p.line_set else '') ~ '.')|commands|glossary }}</p></div>
{% endfor %}{% if box.next %}<p class="next"><b>What to try next:</b> {{ (box.next_here or box.next)|commands|glossary }}</p>{% endif %}{% if box.settling %}<p class="note">{{ box.settling|glossary }}</p>{% endif %}
<p class="note">Yes when the whole range is past the line that settles the question, No when all of it falls short, On the line when all of it lies within the line's margin either side (a third of the line, unless the question sets its own: as good as at the line either way), Not settled when it straddles the line otherwise. {% if box.verdicts > 1 or box.looks|default(1) > 1 %}The ranges in this box are wider than the 95% ranges below: wide enough that all {{ box.verdicts }} verdicts hold at once{% if box.looks|default(1) > 1 %}, at every one of the {{ box.looks }} points where the run looked at them to decide whether to play on{% endif %}, with 95% confidence. {% endif %}Why these lines: {% for p in box.parts %}{{ p.question }} {{ p.line_means }}{{ '; ' if not loop.last else '.' }}{% endfor %}</p>
</div>
{% if picture %}<figure class="picture" id="picture" data-kind="{{ picture.kind }}"><img alt="The picture of the answer" src="{{ picture.src }}">
<figcaption class="note">{{ picture.caption|glossary }}</figcaption></figure>{% endif %}
</div>{% endif %}
{% if plots.skill %}<details class="skill" id="skill"><summary>How the verdicts move with the player's skill (the figure each verdict reads, per player, by ladder rating)</summary>
<img alt="Each verdict's figure per player against the player's ladder rating" src="{{ plots.skill }}">
</details>{% endif %}
<div class="answer" id="answer">
{% for s in opening.sentences %}<p{% if loop.first %} class="lead"{% endif %}>{{ s|glossary }}</p>
{% endfor %}{% if not opening.sentences %}<p>No figure answers this question yet: the cells it is read from have no games.</p>{% endif %}
</div>
{# The answers of the files that ask a related question (answer.see_also), quoted with their
question: another player's answer, or another side of the question, next to this one. #}
{% for r in related %}<div class="answer related" data-file="{{ r.file }}">
<p><b>{{ r.file }}</b>{% if r.question %} asks: <i>{{ r.question }}</i>{% endif %}{% if r.link %} ({{ r.matchups|join(', ') }}, {{ '{:,}'.format(r.games) }} games{% if r.differs %}, played with <code>{{ r.differs[0] }}</code> where this run has <code>{{ r.differs[1] }}</code>{% endif %}; <a href="{{ r.link }}">its report</a>){% endif %}:</p>
{# Verdicts quoted from docs/answers.json say where they come from before they are read.
#}{% if r.shipped %}<p class="note">{{ r.note }}</p>
{% endif %}{% for s in r.sentences %}<p>{{ s }}</p>
{% endfor %}{% if r.note and not r.shipped %}<p class="note">{{ r.note }}</p>{% endif %}
</div>
{% endfor %}{% set cols = opening.columns %}<div class="scroll"><table class="measures" id="measures">
{% if opening.caption %}<caption>{{ opening.caption }}</caption>{% endif %}
<tr><th class="l">variant</th>{% if cols.matchup %}<th class="l">match-up</th>{% endif %}<th>value [95% CI]</th><th>against</th><th class="l">size</th></tr>
{# With several measures, each one's rows follow a row naming it (a column repeating it on every row made the table twice as long on a phone). #}
{% for m in opening.table %}{% if cols.measure and (loop.first or m.label != opening.table[loop.index0 - 1].label) %}<tr class="group"><th class="l" colspan="{{ 5 if cols.matchup else 4 }}">{{ m.label }}</th></tr>
{% endif %}<tr><td class="l">{{ m.variant|wbr }}</td>{% if cols.matchup %}<td class="l">{{ m.matchup }}</td>{% endif %}
{% set v = m.value.split(' [', 1) %}<td><span class="nw">{{ v[0] }}</span>{% if v|length > 1 %} <span class="nw ci">[{{ v[1] }}</span>{% endif %}</td>{% set a = m.against.split(' [', 1) %}<td><span class="nw">{{ a[0] }}</span>{% if a|length > 1 %} <span class="nw ci">[{{ a[1] }}</span>{% endif %}</td><td class="l size size-{{ m.size.split(',')[0].split(': ')[-1]|replace('*', '')|replace(' ', '-') }}">{{ m.size }}</td></tr>
{% endfor %}</table></div>
<p class="note">The smallest difference that matters here: {{ '%g'|format(opening.matters.points) }} point{{ '' if opening.matters.points == 1 else 's' }} of win
rate, {{ '%g'|format(opening.matters.rounds) }} rounds{% if 'turns' in compared_units %}, {{ '%g'|format(opening.matters.turns) }} turns of the late game{% endif %}{% if 'cards' in compared_units %}, {{ '%g'|format(opening.matters.cards) }} cards played a turn in the late game{% endif %}{% if 'damage' in compared_units %}, {{ '%g'|format(opening.matters.damage) }} point{{ '' if opening.matters.damage == 1 else 's' }} of damage for a game's biggest attack (a share of games, in points, as a win rate){% endif %}. A difference is <i>negligible</i> when its
95% interval lies within that (or it is real but smaller), <i>small</i> up to three times it,
<i>large</i> beyond (a size is that of the estimate; "perhaps" names the other sizes its
interval reaches: <i>large, perhaps small</i>); <i>within noise</i> when, after a Holm correction for the report's
{{ comparisons|length + card_values|length + card_changes|length + card_gaps|length + choice_values|length }} comparisons, it cannot be told from zero while its
interval still holds differences that matter; below {{ min_games }} games there is no verdict.
The intervals themselves are not adjusted, so an interval that just excludes zero can still be
within noise once the number of comparisons is counted{% if opening.marked %} (marked <i>within noise*</i> in the table){% endif %}.</p>
{% if legend.options %}<div class="legend" id="variants"><p class="note"><b>The variants</b>, against the
default rules (<code>sim rules</code> lists every option):</p>
<ul class="note">{% for o in legend.options %}<li><code>{{ o.option }}</code>: {{ o.help }}{% if 'default' not in o.help %} (default {{ o.default }}){% endif %}{% if o.all %}; <code>{{ o.option }}={{ o.all }}</code> in every variant{% endif %}.{% for v in o["values"] %}<br><span class="choice"><code>{{ o.option }}={{ v.value }}</code>{% if v.value == o.default %} (default){% endif %}: {{ v.means }}</span>{% endfor %}</li>
{% endfor %}{% for v in legend.variants if not v.spelled or v.variant == baseline %}<li><b>{{ v.variant|wbr }}</b>{% if v.variant == baseline %} (the baseline){% endif %}: {% set common = legend.options|selectattr('all')|list %}{{ v.settings|join(', ') if v.settings else ('the settings above' if common else 'the default rules') }}{{ ', and the settings above' if v.settings and common else '' }}.</li>
{% endfor %}</ul></div>{% endif %}
{% if players %}<div class="legend" id="players"><p class="note"><b>The players</b> (how they
compare with each other: the ladder in docs/agents.md):</p>
<ul class="note">{% for a in players %}<li><b>{{ a.name }}</b>{% if a.plain %}: {{ a.plain }}{% endif %} (<code>{{ a.spec|wbr }}</code>).</li>
{% endfor %}</ul></div>{% endif %}
{% macro house_matrices() %}{% for h in houses %}
<p class="note">Suit-split decks{% if h.label %} ({{ h.label }}){% endif %}: win rate of the
player holding the row's Houses against the column's (draws half; a mirrored cell is 1 minus the
measured one). Mean over its match-ups in the last column.</p>
<div class="scroll"><table class="houses" id="houses{{ loop.index }}"><tr><th></th>{% for c in h.houses %}<th>{{ c }}</th>{% endfor %}<th>mean</th></tr>
{% for r in h.houses %}<tr><th>{{ r }}</th>{% for c in h.houses %}
<td>{{ h.matrix[r][c]|pct if h.matrix[r][c] is not none else '' }}</td>{% endfor %}<td><b>{{ h.mean[r]|pct }}</b></td></tr>{% endfor %}
</table></div>
{% endfor %}
{% endmacro %}
{% if house_answer and houses %}<details class="section" open><summary>Who beats whom</summary>
{{ house_matrices() }}</details>{% endif %}
{% if findings %}<details class="section"><summary>Every finding, in words</summary>
<ul>{% for f in findings %}<li>{{ f }}</li>{% endfor %}</ul></details>{% endif %}
<p class="meta">Seed {{ manifest.seed }} · rules version {{ manifest.rules_version }} ·
package {{ manifest.package_version }} · config {{ manifest.config_hash }} ·
baseline variant <b>{{ baseline }}</b> · common random numbers: game <i>i</i> of every cell
is dealt from (seed, <i>i</i>); agents swap seats in odd games (with three or more players, agent
A moves round the table, B in the other seats){% if not config.swap_seats %}
(off in this experiment){% endif %}.</p>

<details class="section"><summary>Results per cell</summary>
<div class="scroll"><table id="cells">
<tr><th class="l">variant</th><th class="l">match-up (A v B)</th><th>games</th><th>A wins</th>
<th>B wins</th><th>draws</th><th>A win rate [95% CI]</th><th>first player's win rate [95% CI]</th><th>turns: median (10-90%)</th>
<th>rounds: median (10-90%)</th>{% if game.end_reasons|length > 1 %}{% for e in game.end_reasons %}<th>ended by {{ e|replace('_', ' ') }}</th>{% endfor %}{% endif %}<th class="l">games to watch</th></tr>
{% for r in rows %}
<tr data-cell="{{ r.cell }}"><td class="l">{{ r.variant }}</td><td class="l">{{ r.agent_a }} v {{ r.agent_b }}</td>
<td data-k="games">{{ r.games }}</td><td data-k="wins_a">{{ r.wins_a }}</td>
<td data-k="wins_b">{{ r.wins_b }}</td><td data-k="draws">{{ r.draws }}</td>
<td>{% if r.agent_a == r.agent_b %}<span class="noise" title="50% by symmetry in a mirror match-up">mirror</span>{% else %}{{ r.win_a.rate|pct }} [{{ r.win_a.lo|pct }}, {{ r.win_a.hi|pct }}]{% endif %}</td>
<td>{{ r.first.rate|pct }} [{{ r.first.lo|pct }}, {{ r.first.hi|pct }}]</td>
<td>{{ r.turns_median|int }} ({{ r.turns_p10|int }}-{{ r.turns_p90|int }})</td>
<td>{{ r.rounds_median|int }} ({{ r.rounds_p10|int }}-{{ r.rounds_p90|int }})</td>
{% if game.end_reasons|length > 1 %}{% for e in game.end_reasons %}<td data-k="by_{{ e }}">{{ r.ends[e] }}</td>{% endfor %}{% endif %}
<td class="l">{% for label, link in r.samples or [] %}<a href="{{ link }}">{{ label }}</a>{{ '; ' if not loop.last }}{% endfor %}</td></tr>
{% endfor %}
</table></div>
<img alt="Win rate per cell with 95% intervals" src="{{ plots.win_rates }}">
</details>

{% if seat_rows %}
<details class="section" open><summary>Win rate by place in turn order</summary>
<p class="note">Three or more players: the win rate of the player who plays 1st, 2nd, 3rd, 4th
in each round (who starts is drawn, so the place in turn order, not the seat number, is the
seat advantage), with 95% intervals; a game with no winner counts an even share to every
player. The even share is 1 / players.</p>
<div class="scroll"><table id="seats">
<tr><th class="l">variant</th><th class="l">match-up (A v B)</th><th>players</th><th>games</th><th>even share</th>{% for k in ["1st", "2nd", "3rd", "4th"] %}<th>{{ k }} [95% CI]</th>{% endfor %}</tr>
{% for r in seat_rows %}
<tr data-cell="{{ r.cell }}"><td class="l">{{ r.variant }}</td><td class="l">{{ r.agent_a }} v {{ r.agent_b }}</td>
<td>{{ r.players }}</td><td>{{ r.games }}</td><td>{{ r.fair|pct }}</td>
{% for k in range(4) %}<td{% if k < r.players %} data-k="place{{ k + 1 }}"{% endif %}>{% if k < r.players %}{% set w = r.seats[k] %}{{ w.rate|pct }} [{{ w.lo|pct }}, {{ w.hi|pct }}]{% else %}-{% endif %}</td>{% endfor %}</tr>
{% endfor %}
</table></div>
</details>
{% endif %}

<details class="section"{% if not house_answer %} open{% endif %}><summary>Compared with the baseline</summary>
{% if comparisons %}
<p class="note">Paired on the same deals: for each game index, the measure under the variant
minus under the baseline (a win counts 1, a draw ½); mean, 95% interval, two-sided p-value.
In a mirror match-up (the same agent in both seats) the first player's win rate is compared,
since either agent's is 50% by symmetry. p-values are Holm-adjusted for every comparison in
the report; the size column reads the difference against the smallest that matters (above).
"Winner changed" is the share of deals won by another seat under the variant: below
{{ few_changed|pct(0) }} the rule hardly touched the games, and "within noise" then says little
about it (see Rule decisions).{% set elsewhere = comparisons|rejectattr('reference', 'equalto', baseline)|list %}{% if elsewhere %}
With decks split by suit, a variant whose Houses differ from the baseline's is compared with
the variant that splits the deck the same way and otherwise has the baseline's rules (what
that one sets otherwise is named under it), on the win rate of the pairing's first House: two
pairings of different Houses are not two rules for one game. A House that plays two pairings or
more is also compared on its average over them, rule set against rule set: the mean of its
pairings' paired differences, each on its own deals.{% endif %}{% if unreferenced %}
Not compared (no variant splits the deck the same way under the baseline's rules):
{{ unreferenced|join(', ') }}.{% endif %}</p>
<div class="scroll"><table id="comparisons">
{# The verdict and the difference come right after what is compared: on a narrow screen the
   table scrolls, and the columns after them are detail. #}
<tr><th class="l">variant</th><th class="l">match-up</th><th class="l">measure</th><th class="l">size</th>
<th>difference [95% CI]</th><th>{{ 'reference' if elsewhere else 'baseline' }}</th><th>variant</th><th>p (Holm)</th><th>paired games</th><th>winner changed</th></tr>
{% for c in comparisons %}
<tr class="{{ 'noise' if c.noise else 'real' }}"><td class="l">{{ c.variant|option_breaks }}{% if c.reference != baseline %}<br><span class="against">against {{ c.reference_label }}</span>{% endif %}</td>
<td class="l">{{ c.agent_a }} v {{ c.agent_b }}</td><td class="l">{{ c.label }}</td>
<td class="l size-{{ c.size|replace(' ', '-') }}">{{ c.size }}{% if c.reach %}, {{ c.reach }}{% endif %}{% if c.few_changed %}<br><span class="against">the rule changed few games</span>{% endif %}</td>
<td>{{ delta(c, c.diff) }} [{{ delta(c, c.lo) }}, {{ delta(c, c.hi) }}]</td>
<td>{{ value(c, c.base) }}</td><td>{{ value(c, c.value) }}</td><td>{{ pvalue(c.p_adj) }}</td>
<td>{{ c.n }}</td><td class="{{ 'flag' if c.few_changed else '' }}" data-changed="{{ c.variant }}|{{ c.agent_a }}|{{ c.agent_b }}|{{ c.measure }}|{{ '%.6f'|format(c.changed) }}">{% if c.rate %}{{ c.changed|pct }}{% endif %}</td></tr>
{% endfor %}
</table></div>
{% else %}<p class="note">Only one rule variant: nothing to compare.</p>{% endif %}
</details>

{% if card_values %}
<details class="section" open><summary>What a card is worth</summary>
<p class="note">Causal, on the same deals: each game played with the card as printed and again
with the card taken out (a <b>blank</b>: deployed as usual, with no power; or <b>forbidden</b>:
never deployed or played). Against a blank the value is what the card's power is worth;
against the card forbidden, what the whole card is worth (its power, its place on the
battlefield and its stats). The value is the win rate of the player who drew the card minus
that same seat's win rate on the same deal without it (draws half), with a 95% interval. The
two win rates are those of the deals where that seat drew the card, so they need not be near
50%: a forbidden card stays in its drawer's hand unplayable, so a value against it also
counts the draw it wastes.</p>
<div class="scroll"><table id="card_values">
<tr><th class="l">variant</th><th class="l">match-up</th><th class="l">card</th><th class="l">taken out as</th>
<th>drawer's win rate with it</th><th>without it</th><th>value [95% CI]</th><th>deals</th><th class="l">size</th></tr>
{% for v in card_values %}
<tr class="{{ 'noise' if v.noise else 'real' }}" data-value="{{ v.variant }}|{{ v.agent_a }}|{{ v.card }}|{{ v.method }}|{{ '%.6f'|format(v.value) }}|{{ v.n }}"><td class="l">{{ v.variant }}</td><td class="l">{{ v.agent_a }} v {{ v.agent_b }}</td>
<td class="l">{{ v.card }}</td><td class="l">{{ 'a blank' if v.method == 'blank' else 'forbidden' }}</td>
<td>{{ v.with|pct }}</td><td>{{ v.without|pct }}</td><td>{{ v.value|points }} [{{ v.lo|points }}, {{ v.hi|points }}]</td><td>{{ v.n }}</td>
{% if v.get('used', 1) < unused %}<td class="l size-never-played">never played ({{ v.used|pct }} of the deals)</td>{% else %}<td class="l size-{{ v.size|replace(' ', '-') }}">{{ v.size }}{% if v.reach %}, {{ v.reach }}{% endif %}</td>{% endif %}</tr>
{% endfor %}
</table></div>
</details>
{% endif %}

{% if game.has('kings') %}
<details class="section"><summary>King impact (associations)</summary>
<p class="note">From {{ impact_from }}, per agent. Games in which exactly one player deployed that King: how often that player
won (draws half), with a 95% interval; how often the King was deployed at all; the mean round
of a player's first King when it was that King. These are associations (a player deploys a
King when the game allows it){% if card_values %}: the causal values above come first{% endif %}.</p>
<div class="scroll"><table id="kings">
<tr><th class="l">variant</th><th class="l">agent</th><th class="l">King</th><th>deployed in</th><th>mean round</th>
<th>one-sided games</th><th>deployer win rate [95% CI]</th></tr>
{% for k in kings %}
<tr class="{{ 'real' if k.dominant else '' }}"><td class="l">{{ k.variant }}</td><td class="l">{{ k.agent }}</td><td class="l">{{ k.king }}</td>
<td>{{ k.deployed_share|pct }}</td><td>{{ '%.1f'|format(k.mean_round) if k.mean_round is not none else '-' }}</td>
<td>{{ k.one_sided }}</td><td>{{ k.rate|pct }} [{{ k.lo|pct }}, {{ k.hi|pct }}]</td></tr>
{% endfor %}
</table></div>
<img alt="King impact per variant" src="{{ plots.kings }}">
</details>
{% endif %}

{% if game.has('cards') %}
<details class="section"><summary>Cards and winning (associations)</summary>
<p class="note">From {{ impact_from }}, per agent, from each player's side of each game: the
player's win rate when they drew the card at some point, when they did not, and the
difference; and when they deployed it. 95% intervals (Wilson for rates). These are
<b>associations, not a card's value</b>: a player who drew more cards played a longer game, and
a card is deployed when the game allows it.{% if card_values %} The causal value is the table
"What a card is worth" above.{% else %} For a card's causal value, add <code>impact:</code> to
the experiment (docs/experiments.md).{% endif %} Rows with fewer than {{ card_min }} games either
way are greyed and left out of the ten largest gaps.</p>
{% for t in top %}
<h3>{{ t.variant }}{% if top|map(attribute='agent')|unique|list|length > 1 %}, {{ t.agent }}{% endif %}</h3>
<div class="scroll"><table>
<tr><th class="l">card</th><th>drawn: games, win rate [95% CI]</th><th>not drawn</th><th>drawn minus not drawn [95% CI]</th><th>deployed: games, win rate [95% CI]</th></tr>
{% for c in t.rows %}<tr><td class="l">{{ c.card }}</td><td>{{ c.drawn }}, {{ c.drawn_wr|pct }} [{{ c.drawn_lo|pct }}, {{ c.drawn_hi|pct }}]</td>
<td>{{ c.not_drawn }}, {{ c.not_drawn_wr|pct }}</td><td>{{ c.gap|points }} [{{ c.gap_lo|points }}, {{ c.gap_hi|points }}]</td>
<td>{{ c.deployed }}, {% if c.deployed %}{{ c.deployed_wr|pct }} [{{ c.deployed_lo|pct }}, {{ c.deployed_hi|pct }}]{% else %}-{% endif %}</td></tr>{% endfor %}
</table></div>
{% endfor %}
{% if plots.cards %}<img alt="Cards and winning, ten largest gaps" src="{{ plots.cards }}">{% endif %}
<details><summary>Every card</summary>
<div class="scroll"><table id="cards" class="sortable">
<tr><th class="l sort">variant</th><th class="l sort">agent</th><th class="l sort">card</th><th class="sort">drawn</th>
<th class="sort">win rate drawn</th><th class="sort">not drawn</th><th class="sort">win rate not drawn</th>
<th class="sort">drawn minus not drawn</th><th class="sort">deployed</th><th class="sort">win rate deployed</th></tr>
{% for c in cards %}<tr class="{{ '' if c.enough else 'noise' }}"><td class="l">{{ c.variant }}</td><td class="l">{{ c.agent }}</td><td class="l">{{ c.card }}</td>
<td>{{ c.drawn }}</td><td data-v="{{ c.drawn_wr }}">{{ c.drawn_wr|pct }}</td><td>{{ c.not_drawn }}</td>
<td data-v="{{ c.not_drawn_wr }}">{{ c.not_drawn_wr|pct }}</td>
<td data-v="{{ c.gap }}">{{ c.gap|points if c.gap is not none else '-' }}</td>
<td>{{ c.deployed }}</td><td data-v="{{ c.deployed_wr }}">{{ c.deployed_wr|pct }}</td></tr>{% endfor %}
</table></div></details>
</details>
{% endif %}

<details class="section"><summary>Seat{% if game.has('house_matrix') %} and House{% endif %}</summary>
<div class="scroll"><table id="seats">
<tr><th class="l">variant</th><th class="l">match-up</th><th>first player's win rate [95% CI]</th><th>P1 seat's win rate</th></tr>
{% for r in rows %}<tr><td class="l">{{ r.variant }}</td><td class="l">{{ r.agent_a }} v {{ r.agent_b }}</td>
<td>{{ r.first.rate|pct }} [{{ r.first.lo|pct }}, {{ r.first.hi|pct }}]</td><td>{{ r.p1_rate|pct }}</td></tr>{% endfor %}
</table></div>
{% if not house_answer %}{{ house_matrices() }}{% endif %}
</details>

<details class="section"><summary>Pace</summary>
<p class="note">{% if game.has('pace') %}The late-game slog shows as long games, many turns begun with at most one card
in hand, and few changes of the lead{% if late %}; and in the late game, from round 6 on (the notes:
"It feels good, for the first 5 rounds or so"), as many turns, many of them begun with at most one card
in hand (the players' "one card at a time"){% endif %}.{% else %}Game length per cell.{% endif %}</p>
<div class="scroll"><table id="pace">
<tr><th class="l">variant</th><th class="l">match-up</th><th>mean rounds</th>{% if game.has('pace') %}<th>turns with ≤ 1 card in hand</th>
<th>lead changes per game</th>{% if late %}<th>games reaching round 6</th><th>their turns from round 6 on</th><th>of those, begun with ≤ 1 card in hand</th><th>games with a two-card draw (mean first round)</th>{% endif %}{% endif %}</tr>
{% for r in rows %}<tr><td class="l">{{ r.variant }}</td><td class="l">{{ r.agent_a }} v {{ r.agent_b }}</td>
<td>{{ '%.1f'|format(r.rounds_mean) }}</td>{% if game.has('pace') %}<td>{{ r.low_hand_share|pct }}</td><td>{{ '%.2f'|format(r.lead_changes) }}</td>{% if late %}<td>{{ r.late_share|pct }}</td><td>{{ '%.2f'|format(r.late_turns_mean) }}</td><td>{{ r.late_low_share|pct }}</td><td>{% if r.two_card_games %}{{ (r.two_card_games / r.games)|pct }} ({{ '%.1f'|format(r.two_card_round) }}){% else %}-{% endif %}</td>{% endif %}{% endif %}</tr>{% endfor %}
</table></div>
<img alt="Game length distribution" src="{{ plots.lengths }}">
</details>

{% if robustness %}
<details class="section"><summary>Robustness across agents</summary>
<p class="note">The same comparisons under each match-up. A row holds when every match-up gives
the same verdict (the same direction beyond noise, or noise everywhere). A match-up where the
difference is within noise contradicts the others only when its interval excludes their
effect; otherwise it has too few games to tell.
{% if robustness.holds %}<b>Every comparison in this table holds across the agents{% if card_values %} (card values are each one agent's: this table does not compare them, and the agents may disagree on them){% endif %}.</b>{% elif robustness.conflicts %}<b>Some
answers depend on the agents: read those with care.</b>{% else %}<b>No comparison with the
baseline changes with the agents, but some are not resolved under the smaller match-ups.</b>{% endif %}</p>
<div class="scroll"><table id="robustness">
<tr><th class="l">variant</th><th class="l">measure</th>{% for m in robustness.matchups %}<th>{{ m[0] }} v {{ m[1] }}</th>{% endfor %}<th class="l">across agents</th></tr>
{% for t in robustness.table %}<tr><td class="l">{{ t.variant }}</td><td class="l">{{ t.label }}</td>
{% for m in robustness.matchups %}{% set c = t.cells.get(m) %}<td class="{{ 'noise' if c and c.noise else '' }}">{% if c %}{{ delta(c, c.diff) }} [{{ delta(c, c.lo) }}, {{ delta(c, c.hi) }}]{% endif %}</td>{% endfor %}
<td class="l" data-verdict="{{ t.verdict }}">{{ t.text }}</td></tr>{% endfor %}
</table></div>
{% if robustness.kings %}
<p class="note">Per mirror match-up, the King whose deployer (against an opponent who did not
deploy one) wins most often: an association, not the King's value (see "What a card is worth"),
and a rate under 50% means even that King's deployers lose more often than not:</p>
<div class="scroll"><table id="kings_by_agent"><tr><th class="l">agent</th><th class="l">variant</th><th class="l">King</th><th>deployer win rate [95% CI]</th><th>one-sided games</th></tr>
{% for k in robustness.kings %}<tr><td class="l">{{ k.agent }}</td><td class="l">{{ k.variant }}</td><td class="l">{{ k.king }}</td>
<td>{{ k.rate|pct }} [{{ k.lo|pct }}, {{ k.hi|pct }}]</td><td>{{ k.one_sided }}</td></tr>{% endfor %}
</table></div>
{% endif %}
</details>
{% endif %}

{% if decisions %}
<details class="section"><summary>Rule decisions</summary>
<p class="note">How often each kind of decision arose for each agent (a real choice with at
least one such move among the legal ones) and how often the agent took it. A rule's effect can
only show if its decision arises and is taken.{% if never %} <b>Never taken:</b>
{% for r in never %}{{ r.agent }}: {{ r.kind }} ({{ r.rule }}, {{ r.arose }} chances){{ '; ' if not loop.last else '.' }}{% endfor %}{% endif %}</p>
{% if in_play %}<p class="note">The decisions of the rules the variants vary, per variant and
match-up: in how many games each arose and was taken, and how often (a rule whose decision is
seldom taken acts in few games, whatever its effect when it does). A rule that acts without a
choice (a Spades soldier's second target struck or stunned) is counted where it acted.</p>
<div class="scroll"><table id="in-play"><tr><th class="l">variant</th><th class="l">match-up</th><th class="l">decision</th><th>games it arose in</th><th>games it was taken in</th><th>times taken</th></tr>
{% for p in in_play %}<tr data-in-play="{{ p.cell }}|{{ p.kind }}|{{ p.games_arose }}|{{ p.games_taken }}|{{ p.taken }}"><td class="l">{{ p.variant|option_breaks }}</td><td class="l">{{ p.agent_a }} v {{ p.agent_b }}</td><td class="l">{{ p.kind|replace('_', ' ') }}<br><span class="against">{{ p.rule }}</span></td>
<td>{% if p.automatic %}no choice{% else %}{{ p.games_arose }} of {{ p.games }}{% endif %}</td><td>{{ p.games_taken }} ({{ (p.games_taken / p.games)|pct }}){% if p.automatic %}<br><span class="against">acted</span>{% endif %}</td><td>{{ p.taken }}</td></tr>{% endfor %}
</table></div>{% endif %}
<details><summary>Every kind of decision, per agent</summary>
<div class="scroll"><table id="decisions"><tr><th class="l">agent</th><th class="l">decision</th><th class="l">offered by</th><th>arose (share of decisions)</th><th>taken (share when offered)</th></tr>
{% for r in decisions %}<tr class="{{ 'flag' if r.never and r.rule else '' }}" data-decision="{{ r.agent }}|{{ r.kind }}"><td class="l">{{ r.agent }}</td><td class="l">{{ r.kind|replace('_', ' ') }}</td><td class="l">{{ r.rule or 'the base rules' }}</td>
<td data-arose="{{ r.arose }}">{{ r.arose }} ({{ r.arose_share|pct }})</td><td data-taken="{{ r.taken }}">{{ r.taken }} ({{ r.taken_share|pct }})</td></tr>{% endfor %}
</table></div></details>
</details>
{% endif %}

<details class="section"><summary>Method</summary>
<p class="note">Win rates count a draw as half a win; intervals are 95% Wilson score
intervals. Variants are compared game by game on the same deals (common random numbers); the
p-value is a normal approximation on the paired differences, Holm-adjusted over every
comparison and card value in the report (statsmodels). Rules per variant:</p>
<ul class="note">{% for v, rules in config.variants.items() %}<li><b>{{ v }}</b>: <code>{{ rules }}</code></li>{% endfor %}</ul>
</details>
<script>
// Sort the full card table by a clicked heading (numbers by their data-v value).
document.querySelectorAll("table.sortable th.sort").forEach((th, col) => {
  th.addEventListener("click", () => {
    const table = th.closest("table");
    const rows = Array.from(table.rows).slice(1);
    const key = r => { const c = r.cells[col]; const v = c.dataset.v ?? c.textContent;
                       const n = parseFloat(v); return isNaN(n) ? v : n; };
    const dir = th.dataset.dir === "asc" ? -1 : 1;
    th.dataset.dir = dir === 1 ? "asc" : "desc";
    rows.sort((a, b) => (key(a) > key(b) ? dir : key(a) < key(b) ? -dir : 0));
    rows.forEach(r => table.tBodies[0].appendChild(r));
  });
});
</script>
</body>
</html>
"""
