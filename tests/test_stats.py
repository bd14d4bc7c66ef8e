"""The statistics, checked against independent reference implementations (statsmodels)."""

import math

import numpy as np
import polars as pl
import pytest
import statsmodels.api as sm
from statsmodels.stats.proportion import proportion_confint
from statsmodels.stats.weightstats import DescrStatsW, ztest

from sim.analysis.cards import card_value, card_value_change, card_value_gap
from sim.analysis.comparisons import paired_difference
from sim.analysis.ladder import ratings_with_intervals
from sim.analysis.names import card_id
from sim.analysis.stats import bradley_terry, wilson


@pytest.mark.parametrize("k, n", [(0, 10), (3, 10), (47, 100), (500, 1000), (999, 1000), (10, 10)])
def test_wilson_matches_statsmodels(k, n):
    lo, hi = proportion_confint(k, n, alpha=0.05, method="wilson")
    assert wilson(k, n) == pytest.approx((lo, hi), abs=1e-6)


def _glm_elo(agents, results):
    """Bradley-Terry as a logistic regression without intercept: one column per agent but the
    anchor (+1 for the first of the pair, -1 for the second); Elo = 400 * beta / ln 10."""
    rows, counts = [], []
    for (a, b), (wa, wb) in results.items():
        x = [0.0] * (len(agents) - 1)
        for who, sign in ((a, 1.0), (b, -1.0)):
            if who != agents[0]:
                x[agents.index(who) - 1] = sign
        rows.append(x)
        counts.append([wa, wb])
    fit = sm.GLM(np.array(counts), np.array(rows), family=sm.families.Binomial()).fit()
    scale = 400 / math.log(10)
    return {a: scale * b for a, b in zip(agents[1:], fit.params, strict=True)}, {
        a: scale * s for a, s in zip(agents[1:], fit.bse, strict=True)
    }


RESULTS = {("r", "g"): (12, 188), ("r", "s"): (5, 195), ("g", "s"): (70, 130)}


def test_bradley_terry_matches_a_logistic_regression():
    agents = ["r", "g", "s"]
    wins, games = {}, {}
    for (a, b), (wa, wb) in RESULTS.items():
        wins[(a, b)], wins[(b, a)] = wa, wb
        games[(a, b)] = games[(b, a)] = wa + wb
    elo = bradley_terry(agents, wins, games)
    ref, _ = _glm_elo(agents, RESULTS)
    for a in ("g", "s"):
        assert elo[a] - elo["r"] == pytest.approx(ref[a], abs=0.05)


def _pairs(results):
    return [
        {"a": a, "b": b, "games": wa + wb, "rate_a": wa / (wa + wb)}
        for (a, b), (wa, wb) in results.items()
    ]


def test_ladder_intervals_agree_with_the_regression_and_include_the_anchor_noise():
    agents = ["r", "g", "s"]
    ratings = {r["agent"]: r for r in ratings_with_intervals(agents, _pairs(RESULTS), 7, 2000)}
    ref, se = _glm_elo(agents, RESULTS)
    for a in ("g", "s"):
        lo, hi = ratings[a]["lo"], ratings[a]["hi"]
        # A Wald interval from the regression and the bootstrap's percentiles: same width to
        # within a fifth, and each contains the other's centre.
        assert hi - lo == pytest.approx(2 * 1.96 * se[a], rel=0.2)
        assert lo < ref[a] < hi
    assert ratings["r"]["lo"] == ratings["r"]["hi"] == 0


def test_a_thirty_game_ladder_is_as_unsure_as_its_head_to_head():
    # 18-12 over 30 games: the head-to-head interval includes 50%, so must the rating's
    # interval include 0 (the bug: shifting by the anchor's point estimate excluded it).
    lo, hi = wilson(18, 30)
    assert lo < 0.5 < hi
    ratings = {
        r["agent"]: r for r in ratings_with_intervals(["a", "b"], _pairs({("b", "a"): (18, 12)}), 1)
    }
    assert ratings["b"]["lo"] < 0 < ratings["b"]["hi"]


def test_paired_difference_matches_a_z_test_on_the_differences():
    rng = np.random.default_rng(3)
    n = 400
    base = rng.integers(3, 9, n).astype(float)
    other = base + rng.normal(0.3, 1.0, n).round()
    lf = pl.LazyFrame(
        {
            "cell": ["v"] * n + ["b"] * n,
            "game": list(range(n)) * 2,
            "rounds": np.concatenate([other, base]),
        }
    )
    got = paired_difference(lf, "v", "b", "rounds")
    d = DescrStatsW(other - base, ddof=1)
    lo, hi = d.zconfint_mean(alpha=0.05)
    _, p = ztest(other - base, value=0)
    assert got["diff"] == pytest.approx(d.mean)
    assert (got["lo"], got["hi"]) == pytest.approx((lo, hi), abs=1e-3)
    assert got["p"] == pytest.approx(p, rel=1e-3)


def _card_records(deal, cell, card, drawn_share, edge):
    """Two-player records of one cell on the shared deals `deal`: the card drawn by the deal's
    seat where the deal's draw number is under `drawn_share` (always deployed); the deal's luck
    decides the winner, the drawer's chance raised by `edge`; a few deals end with no winner.
    Every cell reads the same deals, as an experiment's cells do (common random numbers)."""
    games = len(deal["seat"])
    bit = 1 << card_id(card)
    holder = np.where(deal["drawn"] < drawn_share, deal["seat"], -1)
    p1_wins = np.where(holder == -1, 0.5, np.where(holder == 0, 0.5 + edge, 0.5 - edge))
    winner = np.where(deal["luck"] < p1_wins, 0, 1)
    winner[deal["tie"] < 0.05] = -1
    mask = [np.where(holder == s, bit, 0).astype(np.uint64) for s in (0, 1)]
    return pl.DataFrame(
        {
            "game": np.arange(games, dtype=np.uint64),
            "cell": [cell] * games,
            "winner": winner.astype(np.int8),
            "drawn_mask_p1": mask[0],
            "drawn_mask_p2": mask[1],
            "deployed_mask_p1": mask[0],
            "deployed_mask_p2": mask[1],
        }
    )


def test_a_kings_power_is_counted_in_the_games_its_drawer_deployed_it():
    bit = np.uint64(1 << card_id("KH"))
    # Six deals: KH drawn by P1 (deals 0-2) or P2 (3-5); deployed but in deals 2 and 5; the
    # drawer's enhanced traits acted in deals 0 and 3, the other player's in deal 1 (not KH's).
    drawn = [(bit, 0)] * 3 + [(0, bit)] * 3
    deployed = [(bit, 0), (bit, 0), (0, 0), (0, bit), (0, bit), (0, 0)]
    enhanced = [(2, 0), (0, 1), (0, 0), (0, 1), (0, 0), (0, 0)]

    def cell(name, with_power):
        return pl.DataFrame(
            {
                "game": np.arange(6, dtype=np.uint64),
                "cell": [name] * 6,
                "winner": np.array([0, 1, 0, 1, 0, 1], dtype=np.int8),
                **{
                    f"{col}_p{s + 1}": np.array([row[s] for row in rows], dtype=np.uint64)
                    for col, rows in (("drawn_mask", drawn), ("deployed_mask", deployed))
                    for s in (0, 1)
                },
                **{
                    f"enhanced_p{s + 1}": np.array(
                        [row[s] if with_power else 0 for row in enhanced], dtype=np.uint32
                    )
                    for s in (0, 1)
                },
            }
        )

    lf = pl.concat([cell("v", True), cell("v_blank", False)]).lazy()
    got = card_value(lf, "v", "v_blank", "KH")
    # Deployed in 4 deals; the drawer's power acted in 2 of them.
    assert (got["used"], got["power_used"]) == (pytest.approx(4 / 6), 0.5)
    # Records without the count: no share.
    old = lf.drop("enhanced_p1", "enhanced_p2")
    assert card_value(old, "v", "v_blank", "KH")["power_used"] is None


def test_a_cards_change_of_value_between_variants_matches_a_bootstrap_over_the_deals():
    rng = np.random.default_rng(5)
    games, card = 6000, "7S"
    deal = {
        "seat": rng.integers(0, 2, games),
        "drawn": rng.random(games),
        "luck": rng.random(games),
        "tie": rng.random(games),
    }
    frames = [
        _card_records(deal, "a", card, 0.6, 0.20),  # variant A with the card
        _card_records(deal, "a_out", card, 0.6, 0.0),  # and without it
        _card_records(deal, "b", card, 0.5, 0.12),  # the baseline with it
        _card_records(deal, "b_out", card, 0.5, 0.0),
    ]
    lf = pl.concat(frames).lazy()
    got = card_value_change(lf, ("a", "a_out"), ("b", "b_out"), card)
    a = card_value(lf, "a", "a_out", card)
    b = card_value(lf, "b", "b_out", card)
    assert got["diff"] == pytest.approx(a["value"] - b["value"], abs=1e-12)
    assert got["deals"] == games and got["n"] == min(a["n"], b["n"])

    # The reference: resample the deals (the same ones in all four cells) and recompute both
    # card values from scratch.
    def gains(with_card, without):
        holder = np.where(
            with_card["drawn_mask_p1"].to_numpy() > 0,
            0,
            np.where(with_card["drawn_mask_p2"].to_numpy() > 0, 1, -1),
        )

        def score(w):
            return np.where(w == -1, 0.5, (w == holder).astype(float))

        d = score(with_card["winner"].to_numpy()) - score(without["winner"].to_numpy())
        return np.where(holder >= 0, d, 0.0), (holder >= 0).astype(float)

    da, ia = gains(frames[0], frames[1])
    db, ib = gains(frames[2], frames[3])
    diffs = []
    for _ in range(2000):
        i = rng.integers(0, games, games)
        diffs.append(da[i].sum() / ia[i].sum() - db[i].sum() / ib[i].sum())
    boot_se = np.std(diffs)
    se = (got["hi"] - got["lo"]) / (2 * 1.96)
    assert se == pytest.approx(boot_se, rel=0.1)
    # The shared deals make the two values move together: treated as independent, their
    # difference would look much less certain than it is (so the check above can tell).
    independent = math.hypot(a["hi"] - a["value"], b["hi"] - b["value"]) / 1.96
    assert independent > 1.3 * boot_se


def test_a_cards_change_of_value_reads_only_the_deals_every_cell_played_at_any_table_size():
    """Cells stopped at different lengths (a stopping rule) and three-player records: the
    change is over the deals all four cells played, a no-winner game is a third to each."""
    rng = np.random.default_rng(7)
    games, card = 3000, "KS"
    bit = 1 << card_id(card)
    holder = rng.integers(-1, 3, games)  # -1: nobody drew it
    luck = rng.random(games)

    def cell(name, edge, length):
        # The holder wins with chance 1/3 + edge; otherwise seat 0, 1 or 2 by luck (or none).
        winner = np.where(luck < 1 / 3 + edge, holder, (luck * 10).astype(int) % 4 - 1)
        winner = np.where(holder == -1, (luck * 10).astype(int) % 4 - 1, winner)
        masks = {f"drawn_mask_p{s + 1}": np.where(holder == s, bit, 0) for s in range(3)}
        frame = pl.DataFrame(
            {
                "game": np.arange(games, dtype=np.uint64),
                "cell": [name] * games,
                "players": [3] * games,
                "winner": winner.astype(np.int8),
                **{k: v.astype(np.uint64) for k, v in masks.items()},
                **{k.replace("drawn", "deployed"): v.astype(np.uint64) for k, v in masks.items()},
            }
        )
        return frame.head(length)

    frames = [
        cell("a", 0.2, 3000),
        cell("a_out", 0.0, 2500),  # stopped early
        cell("b", 0.1, 2800),
        cell("b_out", 0.0, 3000),
    ]
    lf = pl.concat(frames).lazy()
    got = card_value_change(lf, ("a", "a_out"), ("b", "b_out"), card)
    # The reference, by hand over the first 2,500 deals (the ones all four cells played).
    common = 2500

    def value(with_card, without):
        w, wo = with_card["winner"].to_numpy()[:common], without["winner"].to_numpy()[:common]
        h = holder[:common]

        def score(x):
            return np.where(x == -1, 1 / 3, (x == h).astype(float))

        drawn = h >= 0
        return (score(w) - score(wo))[drawn].mean()

    expected = value(frames[0], frames[1]) - value(frames[2], frames[3])
    assert got["deals"] == common
    assert got["diff"] == pytest.approx(expected, abs=1e-12)


def test_two_cards_values_are_compared_on_the_same_deals():
    """Two Kings in one variant, each against its own blank: the gap is the difference of the
    two values, and its interval matches a bootstrap over the shared deals."""
    rng = np.random.default_rng(11)
    games = 6000
    seat_a, seat_b = rng.integers(0, 2, games), rng.integers(0, 2, games)
    has_a, has_b = rng.random(games) < 0.55, rng.random(games) < 0.55
    luck, tie = rng.random(games), rng.random(games)
    bits = {"KD": 1 << card_id("KD"), "KS": 1 << card_id("KS")}

    def cell(name, edge_a, edge_b):
        # Each present card raises its holder's chance by its edge; the deal's luck decides.
        p1 = 0.5 + np.where(has_a, np.where(seat_a == 0, edge_a, -edge_a), 0.0)
        p1 += np.where(has_b, np.where(seat_b == 0, edge_b, -edge_b), 0.0)
        winner = np.where(luck < p1, 0, 1)
        winner[tie < 0.05] = -1
        mask = [
            np.where(has_a & (seat_a == s), bits["KD"], 0)
            | np.where(has_b & (seat_b == s), bits["KS"], 0)
            for s in (0, 1)
        ]
        mask = [m.astype(np.uint64) for m in mask]
        return pl.DataFrame(
            {
                "game": np.arange(games, dtype=np.uint64),
                "cell": [name] * games,
                "winner": winner.astype(np.int8),
                "drawn_mask_p1": mask[0],
                "drawn_mask_p2": mask[1],
                "deployed_mask_p1": mask[0],
                "deployed_mask_p2": mask[1],
            }
        )

    # The blanks: the card is still drawn (its bit stays), but it adds nothing.
    frames = {"v": cell("v", 0.18, 0.10), "v_kd": cell("v_kd", 0.0, 0.10)}
    frames["v_ks"] = cell("v_ks", 0.18, 0.0)
    lf = pl.concat(frames.values()).lazy()
    got = card_value_gap(lf, (("v", "v_kd"), "KD"), (("v", "v_ks"), "KS"))
    kd, ks = card_value(lf, "v", "v_kd", "KD"), card_value(lf, "v", "v_ks", "KS")
    assert (got["card"], got["other"]) == ("KD", "KS")
    assert got["diff"] == pytest.approx(kd["value"] - ks["value"], abs=1e-12)
    assert got["n"] == min(kd["n"], ks["n"])

    def gains(with_card, without, card):
        m1, m2 = (with_card[f"drawn_mask_p{s}"].to_numpy() & bits[card] for s in (1, 2))
        holder = np.where(m1 > 0, 0, np.where(m2 > 0, 1, -1))

        def score(w):
            return np.where(w == -1, 0.5, (w == holder).astype(float))

        d = score(with_card["winner"].to_numpy()) - score(without["winner"].to_numpy())
        return np.where(holder >= 0, d, 0.0), (holder >= 0).astype(float)

    da, ia = gains(frames["v"], frames["v_kd"], "KD")
    db, ib = gains(frames["v"], frames["v_ks"], "KS")
    diffs = []
    for _ in range(2000):
        i = rng.integers(0, games, games)
        diffs.append(da[i].sum() / ia[i].sum() - db[i].sum() / ib[i].sum())
    se = (got["hi"] - got["lo"]) / (2 * 1.96)
    assert se == pytest.approx(np.std(diffs), rel=0.1)
    assert got["lo"] > 0  # an 8-point gap on 3,300 deals each is clear


def test_the_advantage_draws_choice_is_valued_against_the_same_seat_with_a_coin():
    from sim.analysis.comparisons import choice_value

    # Deals 0-3 with the draw (P1 won it in 0-2, P2 in 3; P1 deferred in deal 1) and with a
    # coin; deal 4 has no chooser (a coin decided in both) and is left out.
    draw = pl.DataFrame(
        {
            "game": [0, 1, 2, 3, 4],
            "cell": ["draw"] * 5,
            "winner": [0, 0, -1, 1, 0],
            "arose_defer_p1": [1, 1, 1, 0, 0],
            "arose_defer_p2": [0, 0, 0, 1, 0],
            "taken_defer_p1": [0, 1, 0, 0, 0],
            "taken_defer_p2": [0, 0, 0, 0, 0],
        }
    )
    coin = draw.with_columns(
        cell=pl.lit("coin"),
        winner=pl.Series([1, 0, 0, -1, 1], dtype=pl.Int64),
        arose_defer_p1=pl.lit(0, dtype=pl.Int64),
        arose_defer_p2=pl.lit(0, dtype=pl.Int64),
    )
    lf = pl.concat([draw, coin.cast(draw.schema)]).lazy()
    got = choice_value(lf, "draw", "coin")
    # The chooser's results: 1, 1, 1/2, 1 with the draw; 0, 1, 1, 1/2 with a coin.
    gains = np.array([1.0, 0.0, -0.5, 0.5])
    assert got["n"] == 4 and got["deferred"] == 0.25
    assert got["value"] == pytest.approx(0.875) and got["base"] == pytest.approx(0.625)
    assert got["diff"] == pytest.approx(gains.mean())
    half = 1.96 * gains.std(ddof=1) / 2
    assert (got["lo"], got["hi"]) == pytest.approx((gains.mean() - half, gains.mean() + half))
    assert got["fixed"] is None  # records without the first player: no fixed choice to read

    # The better fixed choice, from the coin's movers: the first mover scored 0, 0, 1, 1/2, 0
    # (P1, P2, P1, P2, P1 moved first), so always deferring scores 0.7 against the chooser's
    # 0.875, compared as two independent samples.
    draw = draw.with_columns(first_player=pl.Series([0, 1, 0, 1, 0], dtype=pl.Int64))
    coin = coin.with_columns(first_player=pl.Series([0, 1, 0, 1, 0], dtype=pl.Int64))
    lf = pl.concat([draw, coin.cast(draw.schema)]).lazy()
    fixed = choice_value(lf, "draw", "coin")["fixed"]
    first = np.array([0.0, 0.0, 1.0, 0.5, 0.0])
    mine = np.array([1.0, 1.0, 0.5, 1.0])
    assert (fixed["choice"], fixed["n"]) == ("defer", 5)
    assert fixed["rate"] == pytest.approx(0.7)
    assert fixed["diff"] == pytest.approx(0.175)
    se = np.sqrt(mine.var(ddof=1) / 4 + first.var(ddof=1) / 5)
    # Bonferroni for the two fixed choices the better one was picked from (97.5% each).
    z = 2.2414
    assert (fixed["lo"], fixed["hi"]) == pytest.approx((0.175 - z * se, 0.175 + z * se))


def test_the_advantage_draws_winner_is_counted_from_the_defer_decision():
    from sim.analysis.summary import _chooser_counts

    # Game 0: P1 won the draw, started and won. Game 1: P2 won it, deferred and lost. Game 2:
    # P2 won it, started, no winner. Game 3: a coin decided (no choice).
    frame = pl.DataFrame(
        {
            "winner": [0, 0, -1, 1],
            "arose_defer_p1": [1, 0, 0, 0],
            "arose_defer_p2": [0, 1, 1, 0],
            "taken_defer_p1": [0, 0, 0, 0],
            "taken_defer_p2": [0, 1, 0, 0],
        }
    )
    got = frame.select(*_chooser_counts(frame.columns)).row(0, named=True)
    assert got == {
        "chooser_games": 3,
        "chooser_wins": 1,
        "chooser_draws": 1,
        "chooser_deferred": 1,
    }
    assert _chooser_counts(["winner"]) == []
