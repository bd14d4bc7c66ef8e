"""The verdict box: the rule from intervals (data first), the figures each part is read from,
the words, the defaults and the validation of `answer.asks`."""

from __future__ import annotations

import pytest

from sim.analysis.verdicts import (
    NO,
    NOT_SETTLED,
    ON_THE_LINE,
    YES,
    at_least,
    beyond,
    more_games,
    z_value,
)
from sim.play.agents import standing
from sim.reporting.formats import duration
from sim.reporting.verdicts import words
from sim.reporting.verdicts.asks import asks, default_asks
from sim.reporting.verdicts.readings import reading


def fig(estimate: float, se: float, games: int = 1000, **about):
    return {"estimate": estimate, "se": se, "games": games, **about}


def test_a_verdict_and_a_size_are_types_that_read_and_write_as_their_strings():
    import json

    from sim.analysis.verdicts import Verdict, verdict_word
    from sim.reporting.answer.sizes import Size, size

    # As answer.json, scan.json and tune.json hold them, and as read back from them.
    assert json.dumps({"verdict": ON_THE_LINE}) == '{"verdict": "on the line"}'
    assert f"{NOT_SETTLED}: x" == "not settled: x" and Verdict("yes") is YES
    assert [v.word for v in Verdict] == ["Yes", "No", "On the line", "Not settled"]
    assert verdict_word("not settled") == "Not settled"
    assert {"too few games"} == {size(1.0, 0.5, 1.5, False, 10, 0.01)}
    assert size(0.05, 0.04, 0.06, False, 1000, 0.01) is Size.LARGE
    # A misspelt verdict or size fails where it is read, not as a silent mismatch.
    with pytest.raises(ValueError):
        Size("smal")
    with pytest.raises(ValueError):
        verdict_word("not setled")


def test_a_verdict_is_read_from_the_whole_interval_against_the_line():
    assert at_least(3.1, 9.0, 3.0) == YES
    assert at_least(-2.0, 2.9, 3.0) == NO
    assert at_least(1.9, 4.0, 3.0) == NOT_SETTLED
    # Either way: past one side, strictly within both, or across one of them.
    assert beyond(-5.0, -1.0, 1.0) == YES
    assert beyond(-0.9, 0.9, 1.0) == NO
    assert beyond(0.5, 1.5, 1.0) == NOT_SETTLED


def test_an_interval_within_a_third_of_the_line_either_side_is_on_the_line():
    # The 3-point line's margin is 1 point, the smallest difference that matters.
    assert at_least(2.0, 4.0, 3.0) == ON_THE_LINE
    assert at_least(2.1, 3.4, 3.0) == ON_THE_LINE
    assert at_least(1.9, 3.4, 3.0) == NOT_SETTLED
    assert at_least(2.5, 4.1, 3.0) == NOT_SETTLED
    # Past the line or short of it is said as such, however close.
    assert at_least(3.0, 3.5, 3.0) == YES and at_least(2.5, 2.99, 3.0) == NO
    # Either way: near +line or near -line; a margin of 0 (the scan's) never is.
    assert beyond(-3.9, -2.2, 3.0) == ON_THE_LINE and beyond(2.2, 3.9, 3.0) == ON_THE_LINE
    assert beyond(2.2, 3.9, 3.0, margin=0) == NOT_SETTLED
    # An experiment's own margin.
    assert at_least(1.5, 4.5, 3.0, margin=1.5) == ON_THE_LINE


def test_the_games_that_would_settle_a_straddling_interval():
    # Estimate 2 points from the line with z*se = 4: four times the games, 3,000 more.
    assert more_games(1000, 5.0, 2.0, 2.0, [3.0]) == 3000
    # On the line: no number of games puts it past the line, but 16 times the games put all
    # of it within 1 point of it (z*se = 4 -> 1).
    assert more_games(1000, 3.0, 2.0, 2.0, [3.0]) == 15000
    # Half a point off the line: within its margin at (4/0.5)^2 = 64 times the games, or past
    # it at 64 times too; the nearer of the two (0.4 off the margin: 100 times; 0.6 off the
    # line: 44 times) wins.
    assert more_games(1000, 3.6, 2.0, 2.0, [3.0]) == 43000
    # Two significant figures: 1000 * (2.4/1.7)^2 - 1000 = 993.1 -> 990.
    assert more_games(1000, 4.7, 1.2, 2.0, [3.0]) == 990
    # A fraction of a game is one more, never "0 more games"; a spread that is not finite
    # says nothing (found by the fuzz test: a run of one game a cell ended in a traceback).
    assert more_games(1, 50.0, 25.8, 1.96, [1.0]) == 1
    assert more_games(1, 50.0, float("inf"), 1.96, [1.0]) is None


def test_a_run_of_one_game_a_cell_reads_its_verdicts(tmp_path):
    from conftest import sim, tiny_experiment, write

    p = write(tmp_path, tiny_experiment(1, 2))
    r = sim("run", str(p), "--output", str(tmp_path / "out"), "--quiet", check=False)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert "Does the quick player beat the random player?" in r.stdout


def test_the_box_holds_together_at_95_percent():
    assert z_value(1) == pytest.approx(1.959964, abs=1e-5)
    assert z_value(6) == pytest.approx(2.638, abs=1e-3)


def test_a_card_dominates_only_when_it_leads_every_other_by_the_line():
    part = {"ask": "dominates", "card": "KS", "line": 3.0}
    ahead = [fig(6.0, 1.0, card="KS", other="KD"), fig(8.0, 1.0, card="KS", other="KC")]
    r = reading(part, ahead, 1.96)
    assert r["verdict"] == YES
    # The figure shown is its nearest rival's gap.
    assert r["figure"]["other"] == "KD" and r["estimate"] == 6.0
    # One rival it surely does not lead by 3 points: no.
    level = [fig(6.0, 1.0, card="KS", other="KD"), fig(0.5, 1.0, card="KS", other="KC")]
    assert reading(part, level, 1.96)["verdict"] == NO
    # The nearest rival's gap straddles the line: not settled, with the games it needs.
    close = [fig(4.0, 1.0, card="KS", other="KD"), fig(9.0, 1.0, card="KS", other="KC")]
    r = reading(part, close, 1.96)
    assert r["verdict"] == NOT_SETTLED and r["more_games"] == 2800


def test_a_card_set_is_balanced_when_no_two_are_the_line_apart():
    part = {"ask": "balanced", "line": 3.0}
    near = [fig(1.0, 0.5, card="KH", other="KS"), fig(0.4, 0.5, card="KH", other="KC")]
    assert reading(part, near, 1.96)["verdict"] == YES
    far = near + [fig(9.7, 0.4, card="KH", other="KD")]
    r = reading(part, far, 1.96)
    assert r["verdict"] == NO and r["figure"]["other"] == "KD"


def test_a_seat_is_favoured_when_one_is_surely_a_point_off_an_even_share():
    part = {"ask": "favoured", "of": "seat", "line": 1.0}
    seats = [fig(0.2, 0.3, place=0), fig(-2.5, 0.4, place=1), fig(1.2, 0.9, place=2)]
    r = reading(part, seats, 1.96)
    assert r["verdict"] == YES and r["figure"]["place"] == 1
    even = [fig(0.1, 0.3, place=0), fig(-0.1, 0.3, place=1)]
    assert reading(part, even, 1.96)["verdict"] == NO


def test_a_cure_for_the_slog_is_the_late_game_at_least_two_turns_shorter():
    part = {"ask": "shortens", "line": 2.0}
    assert reading(part, [fig(-3.0, 0.3)], 1.96)["verdict"] == YES
    assert reading(part, [fig(-0.4, 0.3)], 1.96)["verdict"] == NO
    # Two turns shorter, give or take 0.6: on the 2-turn line (its margin two thirds of a turn).
    assert reading(part, [fig(-2.0, 0.3)], 1.96)["verdict"] == ON_THE_LINE


def test_a_house_dominates_when_it_beats_every_house_it_meets():
    part = {"ask": "dominates", "house": "any", "line": 1.0}
    # Spades beats Diamonds and Clubs by 4 and 3 points; Diamonds loses to Spades.
    figs = [
        fig(4.0, 0.5, house="S", other="D", rate=54.0),
        fig(-4.0, 0.5, house="D", other="S", rate=46.0),
        fig(3.0, 0.5, house="S", other="C", rate=53.0),
        fig(-3.0, 0.5, house="C", other="S", rate=47.0),
    ]
    r = reading(part, figs, 1.96)
    assert r["verdict"] == YES and r["figure"]["house"] == "S" and r["figure"]["other"] == "C"


def test_the_words_of_a_reading():
    part = {"ask": "dominates", "card": "KS", "cards": ["KS", "KD"], "line": 3.0, "unit": "points"}
    r = {
        "verdict": NOT_SETTLED,
        "estimate": 1.0,
        "lo": -2.5,
        "hi": 4.5,
        "games": 1000,
        "more_games": 4200,
        "figure": {"card": "KS", "other": "KD", "value": 9.0, "other_value": 8.0},
    }
    assert words.question(part, {}) == "Does the King of Spades dominate?"
    assert words.figure(part, r, "base", {}) + words.more(r, part) == (
        "it adds +9.0 points to its drawer's win rate; the best of the others, the King of "
        "Diamonds, adds +8.0: 1.0 points ahead (from 2.5 behind to 4.5 ahead); about 4,200 "
        "more games per setup would settle it"
    )
    assert words.card("10D") == "the 10 of Diamonds" and words.card("RJ") == "the Red Joker"


def test_more_games_come_with_their_time_here_and_the_command_that_plays_them():
    from sim.reporting.timing import Timing
    from sim.reporting.verdicts.box import _timed

    part = {"ask": "dominates", "card": "KS", "line": 3.0, "unit": "points"}
    pair = ("search_expert", "search_expert")
    # 0.35 s a deal for the variant's cells (its own and its Kings' blanks), as its chunks played.
    t = Timing({("new", pair): 0.35}, ["base", "new"], "base", "sim run experiments/k.yaml")
    r = {"verdict": NOT_SETTLED, "variant": "new", "games": 1200, "more_games": 4200, "figure": {}}
    _timed(r, part, pair, t)
    assert words.more(r, part, timed=True) == (
        "; about 4,200 more games per setup would settle it (about 24 minutes here: "
        "`sim run experiments/k.yaml --settle --budget 5400`)"
    )
    # The verdict's own words are the same on any machine: the time is said beside them.
    assert words.more(r, part) == "; about 4,200 more games per setup would settle it"
    box = [{**part, "question": "Q?", "single_variant": True, "readings": [r]}]
    assert words.next_step(box, timed=True) == (
        "Play more games: about 4,200 more per setup would settle \u201cQ?\u201d (about 24 minutes "
        "here: `sim run experiments/k.yaml --settle --budget 5400`)."
    )
    assert (
        words.next_step(box)
        == "Play more games: about 4,200 more per setup would settle \u201cQ?\u201d."
    )
    # Past a hundred times the games played: the time, and no command that is not the way.
    far = {**r, "games": 10, "more_games": 540_000}
    _timed(far, part, pair, t)
    assert words.more(far, part, timed=True) == (
        "; settling it would take about 540,000 more games per setup (about 2 days here), over "
        "100 times those played: read it as undecided at this player's strength"
    )
    # A run whose chunks were not timed (written before they were): no time, no guess.
    untimed = {k: v for k, v in r.items() if not k.startswith("more_") or k == "more_games"}
    _timed(untimed, part, pair, Timing({}, ["base", "new"], "base", "sim run k.yaml"))
    assert words.more(untimed, part, timed=True) == (
        "; about 4,200 more games per setup would settle it"
    )
    assert [duration(s) for s in (30, 61, 5_000, 4 * 3600, 3 * 86400)] == [
        "under a minute",
        "about 1 minute",
        "about 83 minutes",
        "about 4 hours",
        "about 3 days",
    ]


def test_the_parts_an_experiment_asks_by_default():
    config = {
        "variants": {"a": "", "b": "", "a (blank KS)": ""},
        "impact": {"a (blank KS)": ["a", "blank", "KS"]},
    }
    assert default_asks({"measures": ["card_value"], "focus": "KS"}, config, ["KS"]) == [
        {"ask": "dominates", "card": "KS"}
    ]
    assert default_asks({"measures": ["first_player", "slog"]}, config, []) == [
        {"ask": "favoured", "of": "first_player"},
        {"ask": "changes", "measure": "first_player"},
        {"ask": "cures"},
    ]
    # The lines: a file's own, else the kind's default (a change: the smallest that matters).
    filled = asks(
        {
            "asks": [
                {"ask": "changes", "measure": "rounds"},
                {"ask": "dominates", "card": "KS", "line": 5},
            ]
        },
        config,
        {"rounds": 0.5},
    )
    assert [(p["line"], p["unit"]) for p in filled] == [(0.5, "rounds"), (5, "points")]


def test_players_are_named_by_strength():
    assert standing("search_fast") == (2, "the strong player")
    assert standing("greedy") == (1, "the quick player")
    assert standing("search_strong")[0] > standing("search")[0] > standing("search_fast")[0]


def test_a_wrong_part_is_named_with_its_key_and_the_valid_choices(tmp_path):
    from conftest import sim, write

    p = write(
        tmp_path,
        """\
name: asks
question: Does a King dominate?
seed: 1
rules:
  variants:
    - name: base
impact: {cards: [KS, KD], methods: [blank]}
matchups:
  - [greedy, greedy]
games: 10
answer:
  measures: [card_value]
  asks:
    - {ask: dominate, card: KS}
    - {ask: dominates, card: KH}
    - {ask: favoured, of: table}
    - {ask: balanced, line: -1, variants: [nope]}
""",
    )
    r = sim("validate", str(p), check=False)
    assert r.returncode == 2
    errors = r.stderr.splitlines()
    assert (
        f"error: {p}:14: key 'answer.asks[0].ask': unknown kind 'dominate' (did you mean "
        "'dominates'?); valid kinds: dominates, balanced, worth, favoured, changes, shortens, cures"
        in errors
    )
    assert (
        f"error: {p}:15: key 'answer.asks[1].card': expected impact cards among: KS, KD; got "
        "'KH'" in errors
    )
    assert (
        f"error: {p}:16: key 'answer.asks[2].of': expected one of first_player, seat, agent, in a "
        "'favoured' part; got 'table'" in errors
    )
    assert (
        f"error: {p}:17: key 'answer.asks[3].line': expected a number above 0 and at most 100 "
        "(in points, the part's unit), got -1" in errors
    )
    assert (
        f"error: {p}:17: key 'answer.asks[3].variants': expected variant names among: base; got "
        "['nope']" in errors
    )


def test_a_run_opens_with_its_verdicts_in_the_report_the_terminal_and_json(tmp_path):
    import json

    from conftest import sim, tiny_experiment, write

    p = write(tmp_path, tiny_experiment(400, 200))
    out = tmp_path / "out"
    r = sim("run", str(p), "--output", str(out), "--quiet")
    lines = r.stdout.splitlines()
    # The question, then the part and its verdict: greedy beats random, surely.
    assert lines[0] == "Does greedy beat random?"
    assert lines[1] == "  Verdicts from the quick player against the random player."
    assert lines[2] == "  Does the quick player beat the random player?"
    assert lines[3].startswith("    Yes under 'base': it wins ")
    box = json.loads((out / "answer.json").read_text())["verdicts"]
    part = box["parts"][0]
    assert (part["ask"], part["of"], part["player"]) == ("favoured", "agent", "greedy v random")
    assert [x["verdict"] for x in part["readings"]] == ["yes", "yes"]
    assert part["readings"][0]["lo"] > 1.0  # the whole interval past the line (1 point)
    html = (out / "index.html").read_text()
    # The box comes first: right after the question, before the answer's detail.
    assert html.index('id="verdicts"') < html.index('id="answer"')
    said = json.loads(sim("run", str(p), "--output", str(out), "--json").stdout)
    assert said["verdicts"] == box


def test_the_documented_lines_are_the_defaults(root):
    from sim.analysis.verdicts import LINES

    doc = (root / "docs" / "experiments.md").read_text()
    for kind, (line, unit, _) in LINES.items():
        default = (
            "the smallest difference that matters" if kind == "changes" else f"{line:g} {unit}"
        )
        assert f"| `{kind}` |" in doc and default in doc.split(f"| `{kind}` |")[1].split("\n")[0]


def test_every_shipped_experiment_reaches_its_first_verdict_within_25_words(root):
    """The question and the first part's question are all a designer reads before the first
    Yes, No or Not settled."""
    from sim import games
    from sim.analysis.verdicts import default_measures
    from sim.running.experiment import load

    for f in sorted((root / "experiments").glob("*.yaml")):
        exp = load(f)
        spec = dict(exp.answer or {})
        game = games.game(exp.resolved.get("game", games.DEFAULT))
        spec["measures"] = spec.get("measures") or default_measures(exp.resolved, game)
        parts = asks(spec, exp.resolved)
        assert parts, f"{f.name} asks nothing"
        first = parts[0]
        if first.get("of") == "agent":
            first["pair"] = next(tuple(c.agents) for c in exp.cells if c.agents[0] != c.agents[1])
        said = f"{exp.question} {words.question(first, {})}"
        assert len(said.split()) <= 25, f"{f.name}: {len(said.split())} words: {said}"


def _quick_player_says_diamonds() -> dict:
    """The quick player's reading under 'classic': Yes, for Diamonds."""
    reading = {"variant": "classic", "verdict": "yes", "estimate": 5.8, "lo": 4.6, "hi": 6.9}
    return {"player_name": "the quick player", "readings": [{**reading, "figure": {"house": "D"}}]}


def test_another_player_naming_another_house_does_not_agree():
    """Both players say one House beats the rest, but not the same House: said so."""
    mine = {"readings": [{"variant": "classic", "verdict": "yes", "figure": {"house": "S"}}]}
    theirs = _quick_player_says_diamonds()
    assert words.agreement(mine, theirs, single=True) == (
        "The quick player names another House: Yes, but for Diamonds (+5.8 [+4.6, +6.9])."
    )
    theirs["readings"][0]["figure"]["house"] = "S"
    assert words.agreement(mine, theirs, single=True) == "Holds with the quick player too."


def test_another_player_s_other_verdict_names_the_house_it_reads():
    """Not settled for Spades here, Yes for Diamonds there: the House is said beside it."""
    mine = {
        "readings": [{"variant": "classic", "verdict": "not settled", "figure": {"house": "S"}}]
    }
    theirs = _quick_player_says_diamonds()
    assert words.agreement(mine, theirs, single=True) == (
        "With the quick player: Yes, for Diamonds (+5.8 [+4.6, +6.9])."
    )
    theirs["readings"][0]["figure"]["house"] = "S"
    assert words.agreement(mine, theirs, single=True) == (
        "With the quick player: Yes (+5.8 [+4.6, +6.9])."
    )


def test_a_seat_the_draw_s_winner_often_chose_is_said_so_and_not_a_next_step():
    """At two players the advantage draw's winner picks its place in turn order: the seat's
    rate mixes that choice, so the reading says so and "what to try next" does not ask to
    even out the seat."""
    part = {"ask": "favoured", "of": "seat", "line": 1.0, "unit": "points"}
    r = {
        "variant": "2 players",
        "verdict": "yes",
        "estimate": 7.3,
        "lo": 5.0,
        "hi": 9.7,
        "games": 2000,
        "figure": {"place": 1, "rate": 57.3, "fair": 50.0, "players": 2, "deferred": 0.33},
    }
    assert words.figure(part, r, "base", {}) == (
        "the 2nd seat in turn order wins 57.3% (+7.3 points [+5.0, +9.7] off an even share); "
        "who starts is partly chosen: the advantage draw's winner let another player start in 33% "
        "of the games"
    )
    assert "Even out" not in words.next_step([{**part, "readings": [r], "single_variant": False}])
    r["figure"]["deferred"] = 0.0
    assert "advantage draw" not in words.figure(part, r, "base", {})


def test_another_player_agreeing_under_some_variants_says_so_beside_the_others():
    def reading(variant, verdict, estimate=-2.6, lo=-5.6, hi=0.4):
        return {
            "variant": variant,
            "verdict": verdict,
            "estimate": estimate,
            "lo": lo,
            "hi": hi,
            "figure": {},
        }

    mine = {"readings": [reading("Spring", "no"), reading("classic", "not settled")]}
    theirs = {
        "player_name": "the quick player",
        "readings": [reading("Spring", "no"), reading("classic", "no")],
    }
    assert words.agreement(mine, theirs, single=False) == (
        "With the quick player: the same under 'Spring'; No under 'classic' (-2.6 [-5.6, +0.4])."
    )


def test_a_card_its_drawer_never_played_is_not_rated():
    """The quick player never plays the old Jack of Clubs: its value is zero by construction,
    so its reading says so, not No."""
    part = {"ask": "worth", "card": "JC", "line": 1.0, "unit": "points"}
    fig = {"estimate": -0.1, "se": 0.1, "games": 5000, "card": "JC", "unused": True}
    r = reading(part, [fig], 1.96)
    assert (r["verdict"], r["more_games"]) == (NOT_SETTLED, None)
    assert words.figure(part, r, "base", {}) + words.more(r, part) == (
        "its drawer never played it, so this run cannot rate it"
    )
    mine = {"readings": [{"variant": "old", "verdict": "yes", "figure": {}}]}
    other = {"player_name": "the quick player", "readings": [{**r, "variant": "old"}]}
    assert words.agreement(mine, other, single=False) == (
        "With the quick player: it cannot rate it under 'old': never played."
    )
    # Where the strongest player's own reading is Not settled, an unrated one is not the same.
    mine = {"readings": [{"variant": "old", "verdict": NOT_SETTLED, "figure": {}}]}
    assert words.agreement(mine, other, single=False) == (
        "With the quick player: it cannot rate it under 'old': never played."
    )


def test_another_player_s_seat_verdict_names_its_seat():
    part = {
        "ask": "favoured",
        "of": "seat",
        "readings": [{"variant": "3 players", "verdict": "not settled", "figure": {"place": 1}}],
    }
    other = {
        "player_name": "the quick player",
        "readings": [
            {
                "variant": "3 players",
                "verdict": "yes",
                "estimate": -5.3,
                "lo": -5.9,
                "hi": -4.7,
                "figure": {"place": 2},
            }
        ],
    }
    assert words.agreement(part, other, single=False) == (
        "With the quick player: Yes under '3 players', the 3rd seat (-5.3 [-5.9, -4.7])."
    )


def test_a_part_is_on_the_line_when_its_deciding_figures_are():
    """Dominance needs every rival's gap past the line: one on it and the rest past it puts
    the card on the line; balance needs no gap past it: one on it and the rest short of it
    puts the set on the line. A gap surely past (or short of) the line still decides."""
    dominates = {"ask": "dominates", "card": "KS", "line": 3.0}
    on = [fig(3.2, 0.3, card="KS", other="KD"), fig(8.0, 1.0, card="KS", other="KC")]
    r = reading(dominates, on, 1.96)
    assert r["verdict"] == ON_THE_LINE and r["figure"]["other"] == "KD"
    assert r["more_games"] is None  # settled: nothing to forecast
    behind = on + [fig(0.5, 0.5, card="KS", other="KH")]
    assert reading(dominates, behind, 1.96)["verdict"] == NO
    balanced = {"ask": "balanced", "line": 3.0}
    near = [fig(2.8, 0.3, card="KS", other="KD"), fig(0.4, 0.5, card="KS", other="KC")]
    assert reading(balanced, near, 1.96)["verdict"] == ON_THE_LINE
    far = near + [fig(9.0, 0.5, card="KS", other="KH")]
    assert reading(balanced, far, 1.96)["verdict"] == NO


def test_the_words_of_a_reading_on_the_line_and_of_one_too_dear_to_settle():
    part = {"ask": "dominates", "card": "KS", "cards": ["KS", "KD"], "line": 3.0, "unit": "points"}
    r = reading(part, [fig(3.1, 0.4, card="KS", other="KD", value=17.0, other_value=13.9)], 1.96)
    assert r["verdict"] == ON_THE_LINE and r["verdict"].word == "On the line"
    assert words.more(r, part) == (
        "; level with the 3-point line: its whole range lies within 1 point of it, as good as at "
        "the line either way, and more games would not change what to do"
    )
    # Settling would take over 100 times the games played: said, and not advised.
    dear = reading(part, [fig(2.5, 2.0, 1000, card="KS", other="KD")], 3.0)
    assert dear["verdict"] == NOT_SETTLED and dear["more_games"] > 100 * 1000
    assert words.more(dear, part).endswith(
        "over 100 times those played: read it as undecided at this player's strength"
    )
    box_part = {"ask": "dominates", "single_variant": True, "question": "Q?", "readings": []}
    assert words.next_step([{**box_part, "readings": [{**dear, "variant": "v"}]}]) == ""


def test_where_a_weaker_player_disagrees_the_strongest_is_believed_unless_on_the_line():
    part = {
        "player_name": "the expert player",
        "readings": [
            {"variant": "classic", "verdict": "yes", "figure": {}},
            {"variant": "Option 2", "verdict": "on the line", "figure": {}},
        ],
    }
    quick = {
        "player_name": "the quick player",
        "readings": [
            {
                "variant": "classic",
                "verdict": "no",
                "estimate": -2.1,
                "lo": -3.0,
                "hi": -1.2,
                "figure": {},
            },
            {
                "variant": "Option 2",
                "verdict": "no",
                "estimate": 1.0,
                "lo": 0.2,
                "hi": 1.8,
                "figure": {},
            },
        ],
    }
    assert words.agreement(part, quick, single=False) == (
        "The quick player disagrees: No under 'classic' (-2.1 [-3.0, -1.2]); No under 'Option 2' "
        "(+1.0 [+0.2, +1.8]). Believe the expert player: the stronger the player, the nearer its "
        "verdict to good play. The expert player is on the line under 'Option 2': which side it "
        "falls on matters less than the line's margin."
    )


def test_why_a_line_names_the_file_s_own_line_beside_the_default():
    default = {"ask": "dominates", "card": "KS", "line": 3, "unit": "points"}
    assert words.line_means(default).startswith("worth at least 3 points more to its drawer")
    own = {**default, "line": 2}
    assert words.line_means(own) == (
        "2 points, set by the file (the default, 3: worth at least 3 points more to its drawer "
        "than every other card asked about (three times the smallest difference that matters): "
        'then it is the only logical target, which the notes rule out ("the Kings must not be '
        'game breaking"))'
    )
    one = {"ask": "balanced", "cards": ["KS", "KD"], "line": 1, "unit": "points"}
    assert words.line_means(one).startswith("1 point, set by the file (the default, 3: ")
    # A `changes` line is its unit's smallest difference that matters: said as ever.
    changes = {"ask": "changes", "measure": "rounds", "line": 0.25, "unit": "rounds"}
    assert words.line_means(changes).startswith("a difference at least the smallest")


def _house_part(verdict, spread, estimate=20.4):
    fig = {"house": "D", "other": "S", "rate": 50 + estimate, "spread": spread}
    return {
        "ask": "dominates",
        "house": "any",
        "line": 3.0,
        "single_variant": False,
        "readings": [{"variant": "V", "verdict": verdict, "estimate": estimate, "figure": fig}],
    }


def test_a_house_part_says_both_ends_of_the_spread_and_advises_both():
    from sim.reporting.verdicts.figures import house_figures

    ends = {"top": ["D", 80.1, 76.1, 84.2], "bottom": ["H", 25.3, 21.0, 29.5]}
    assert words.spread(ends) == (
        "On average against the others, Diamonds wins 80.1% [76.1%, 84.2%] of its games, top "
        "of the Houses, and Hearts 25.3% [21.0%, 29.5%], the bottom"
    )
    assert words.next_step([_house_part(YES, ends)]) == (
        "Weaken Diamonds (80.1% on average against the others) and strengthen Hearts (25.3%) "
        "under 'V': Diamonds beats every House it meets, its hardest pairing at 70.4%."
    )
    # No House beats every other, but the bottom one is far below even: that end is the advice.
    assert words.next_step([_house_part(NOT_SETTLED, ends, estimate=3.3)]) == (
        "Strengthen Hearts under 'V': it wins 25.3% of its games against the others on "
        "average, the bottom of the Houses (the top, Diamonds, 80.1%)."
    )
    # The ends are the House answer's averages, for the rule set and player of the figures.
    rows = [
        {
            "variant": f"V, split_houses={s}",
            "agent_a": "x",
            "agent_b": "x",
            "games": 400,
            "p1_rate": 0.6,
        }
        for s in ("D-S", "D-H", "S-H")
    ]
    house = {
        "matchup": "x",
        "variants": "V",
        "houses": ["D", "H", "S"],
        "played": {"D": 2, "H": 2, "S": 2},
        "mean": {"D": 0.6, "H": 0.3, "S": 0.6},
        "mean_lo": {"D": 0.55, "H": 0.25, "S": 0.55},
        "mean_hi": {"D": 0.65, "H": 0.35, "S": 0.65},
    }

    class F:
        houses = [house]
        variant_rules = {r["variant"]: {"split_houses": r["variant"][-3:]} for r in rows}

    F.rows = rows
    figs = house_figures(F(), {"ask": "dominates", "house": "any"})
    assert {k: len(v) for k, v in figs.items()} == {("V", ("x", "x")): 6}
    spread = figs[("V", ("x", "x"))][0]["spread"]
    assert spread == {"top": ["D", 60.0, 55.0, 65.0], "bottom": ["H", 30.0, 25.0, 35.0]}
    # Without every pairing measured there is no spread to speak of.
    house["played"]["H"] = 1
    assert "spread" not in house_figures(F(), {})[("V", ("x", "x"))][0]


def test_what_to_try_next_points_at_candidates_never_at_a_reference():
    def part(variant, estimate):
        fig = {"card": "KS", "other": "KD", "value": 20.0, "other_value": 20.0 - estimate}
        reading = {"variant": variant, "verdict": YES, "estimate": estimate, "figure": fig}
        return reading

    box = [
        {
            "ask": "dominates",
            "card": "KS",
            "line": 3.0,
            "single_variant": False,
            "readings": [part("classic Kings", 6.8), part("Option 2 Kings", 3.5)],
        }
    ]
    # The largest problem is the classic King of Spades...
    assert words.next_step(box).startswith("Tone down the King of Spades under 'classic Kings'")
    # ... but the classic Kings are the history the question compares against.
    assert words.next_step(box, ["classic Kings"]).startswith(
        "Tone down the King of Spades under 'Option 2 Kings': it adds +20.0 points"
    )
    assert words.next_step(box, ["classic Kings", "Option 2 Kings"]) == ""


def test_a_box_range_wider_than_its_own_is_named_beside_it():
    """One figure, two ranges on a page (the box's, held with its other verdicts; the table's,
    on its own): both are named where the box's is the wider."""
    part = {"ask": "dominates", "card": "KS", "cards": ["KS", "KD"], "line": 3.0, "unit": "points"}
    figs = [fig(4.2, 2.27, card="KS", other="KD", value=19.7, other_value=15.5)]
    alone = reading(part, figs, 1.959964)
    assert "alone" not in alone
    r = reading(part, figs, 3.2)
    assert r["alone"] == pytest.approx([4.2 - 1.959964 * 2.27, 4.2 + 1.959964 * 2.27])
    assert words.figure(part, r, "base", {}, verdicts=6).endswith(
        "4.2 points ahead (from 3.1 behind to 11.5 ahead with all 6 verdicts at once; from 0.2 "
        "behind to 8.6 ahead on its own)"
    )
    seat = {"ask": "favoured", "of": "first_player", "line": 1.0, "unit": "points"}
    first = fig(3.0, 1.0, rate=53.0, players=2, fair=50.0)
    r = reading(seat, [first], 2.5)
    assert words.figure(seat, r, "base", {}, verdicts=3) == (
        "the first player wins 53.0% (+3.0 points off an even share, [+0.5, +5.5] with all 3 "
        "verdicts at once, [+1.0, +5.0] on its own)"
    )
    share = {"ask": "worth", "card": "KS", "line": 1.0, "unit": "points"}
    r = reading(share, [fig(2.0, 1.0, card="KS")], 2.5)
    assert words.figure(share, r, "base", {}, verdicts=3) == (
        "it adds +2.0 points to its drawer's win rate [-0.5, +4.5] with all 3 verdicts at once, "
        "[+0.0, +4.0] on its own"
    )
