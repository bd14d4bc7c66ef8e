"""A slog cure (`ask: cures`): the late game quicker by the line, and its outcome following the
position and the better player no less; the figures it reads, its words and its advice."""

from __future__ import annotations

from sim.analysis.verdicts import NO, NOT_SETTLED, ON_THE_LINE, YES
from sim.reporting.verdicts import words
from sim.reporting.verdicts.figures import Z95
from sim.reporting.verdicts.readings import reading


def fig(estimate: float, se: float, games: int = 1000, **about):
    return {"estimate": estimate, "se": se, "games": games, **about}


def test_a_slog_is_cured_by_a_quicker_late_game_that_is_no_more_random():
    part = {"ask": "cures", "line": 0.5}
    quicker, slower = fig(0.8, 0.05, kind="pace"), fig(0.1, 0.05, kind="pace")
    held = fig(-0.5, 1.0, kind="leader")  # the round-6 leader wins about as often
    # The stronger player wins 6 points less often in the late game: the draw decides more.
    lost = fig(-6.0, 1.0, kind="edge", strong="search", weak="greedy")
    unsure = fig(-2.5, 1.5, kind="edge", strong="search", weak="greedy")
    assert reading(part, [quicker, held], 1.96)["verdict"] == YES
    assert reading(part, [slower, held], 1.96)["verdict"] == NO
    r = reading(part, [quicker, held, lost], 1.96)
    assert r["verdict"] == NO and r["figure"]["failed"] == "edge"
    # The reading's figure is the pace whatever decides it, the guards beside it.
    assert r["estimate"] == 0.8 and [g["kind"] for g in r["figure"]["guards"]] == [
        "leader",
        "edge",
    ]
    r = reading(part, [quicker, held, unsure], 1.96)
    assert r["verdict"] == NOT_SETTLED and r["more_games"] > 0
    # The games it needs are the mixed match-up's, whose figure is open.
    r = reading(
        part, [quicker, held, {**unsure, "pair": ["search", "greedy"], "games": 9000}], 1.96
    )
    assert (r["more_pair"], r["more_played"]) == (["search", "greedy"], 9000)
    said = words.more({**r, "more_of": "the search player against the quick player"}, part)
    assert said == (
        f"; about {r['more_games']:,} more games of the search player against the quick player "
        "per setup would settle it"
    )
    # Half a card quicker give or take a sixth of a card: on the line.
    assert reading(part, [fig(0.5, 0.05, kind="pace"), held], 1.96)["verdict"] == ON_THE_LINE
    # Quicker for sure, and the stronger player 3 points less often give or take a point: on
    # the 3-point line, said as that line.
    level = fig(-3.0, 0.3, kind="edge", strong="search", weak="greedy")
    r = reading(part, [quicker, held, level], 1.96)
    assert r["verdict"] == ON_THE_LINE and r["figure"]["level"] == "edge"
    assert words.more(r, part) == (
        "; level with the 3-point line: the stronger player wins about 3 points less often, "
        "within 1 of it either way, as good as at the line, and more games would not change "
        "what to do"
    )


def test_a_slog_cure_is_said_with_its_pace_then_what_says_it_is_no_more_random():
    part = {"ask": "cures", "line": 0.5, "unit": "cards"}
    pace = fig(0.8, 0.05, kind="pace", value=2.2, base=1.4, deals=1234, length=[-0.5, -0.8, -0.2])
    edge = fig(-6.0, 1.0, kind="edge", strong="search", weak="greedy", value=66.0, base=72.0)
    leader = fig(-0.5, 1.0, kind="leader", value=71.5, base=72.0)
    r = reading(part, [pace, leader, edge], Z95)
    titles = {"search": "the search player", "greedy": "the quick player"}
    said = words.figure(part, r, "one card a turn", titles)
    assert said == (
        "a turn from round 6 on plays 2.20 cards against 1.40 under 'one card a turn' (+0.80 "
        "[+0.70, +0.90], on the 1,234 deals that reach round 6 under both); the player ahead as "
        "round 6 began wins 71.5% against 72.0% (-0.5 points [-2.5, +1.5]); the search player "
        "beats the quick player in 66.0% of the games that reach round 6, against 72.0% (-6.0 "
        "points [-8.0, -4.0]); the late game itself -0.50 turns [-0.80, -0.20] (95%; said, not "
        "a condition)"
    )
    box = {"single_variant": False, "question": "Does it cure the late-game slog?"}
    advice = words.next_step([{**part, **box, "readings": [{**r, "variant": "two"}]}])
    assert advice == (
        "'two' quickens the late game (+0.80 cards a turn), but the stronger player, in the "
        "games that reach round 6, wins 6.0 points less often: the draw decides more. Look for "
        "a cure that keeps the better player's edge."
    )
