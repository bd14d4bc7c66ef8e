//! House of Suits: the deal, turns, the pool of winning and losing suits, scoring, matches.

use houses_engine::core::{play_batch, play_game};
use houses_engine::house_of_suits::*;
use houses_engine::rng::GameRng;

fn h(s: &str) -> HCard {
    HCard::parse(s).unwrap()
}

#[test]
fn the_deal_gives_ten_eleven_or_twelve_and_the_rest_is_the_pickup_pile() {
    for (suits, per) in [(4u8, 10usize), (5, 11), (6, 12)] {
        let g = HsGame::new(suits, &mut GameRng::new(1));
        assert_eq!(g.hands[0].len(), per);
        assert_eq!(g.hands[1].len(), per);
        assert_eq!(g.pile.len(), 10 * suits as usize - 2 * per);
        assert!(g
            .hands
            .iter()
            .flatten()
            .chain(&g.pile)
            .all(|c| c.suit < suits));
    }
}

#[test]
fn each_sets_a_card_aside_then_turns_lay_two_and_pick_up_two_until_a_final_turn_each() {
    let mut g = HsGame::new(4, &mut GameRng::new(2));
    assert_eq!(g.decider(), Some(0));
    g.step(g.legal()[0]);
    assert_eq!(g.decider(), Some(1));
    g.step(g.legal()[0]);
    assert_eq!(g.hands[0].len(), 9);
    let mut turns = 0;
    while !g.over {
        let before = g.hands[g.active].len();
        let s = g.active;
        let pile = g.pile.len();
        g.step(g.legal()[0]);
        turns += 1;
        if pile > 0 {
            assert_eq!(g.hands[s].len(), before, "lay two, pick up two");
        } else {
            assert_eq!(
                g.hands[s].len(),
                before - 2,
                "the final turn is from the hand"
            );
        }
    }
    // 20 cards in the pickup pile: 10 turns, then one final turn each.
    assert_eq!(turns, 12);
    assert_eq!(g.market.len(), 12);
    assert_eq!(g.invested[0].len() + g.invested[1].len(), 12);
}

#[test]
fn suits_with_equal_market_totals_are_discarded_and_the_rest_ranked() {
    use Role::*;
    // Six suits, all different: W W N L B B from the highest.
    assert_eq!(
        HsGame::roles(&[30, 25, 20, 15, 10, 5]),
        vec![Winning, Winning, Neutral, Losing, Bonus, Bonus]
    );
    // Two suits tie at 20: discarded; four remain: W W N L.
    assert_eq!(
        HsGame::roles(&[30, 20, 20, 15, 10, 5]),
        vec![Winning, Discarded, Discarded, Winning, Neutral, Losing]
    );
    // Five: W W N L B.
    assert_eq!(
        HsGame::roles(&[5, 9, 12, 30, 2]),
        vec![Losing, Neutral, Winning, Winning, Bonus]
    );
    assert_eq!(HsGame::roles(&[10, 4, 7]), vec![Winning, Losing, Winning]);
    assert_eq!(HsGame::roles(&[3, 8]), vec![Losing, Winning]);
    assert_eq!(
        HsGame::roles(&[3, 3, 9]),
        vec![Discarded, Discarded, Winning]
    );
    assert_eq!(HsGame::roles(&[4, 4]), vec![Discarded, Discarded]);
}

#[test]
fn scoring_adds_winning_investments_subtracts_losing_ones_and_pays_bonus_suits() {
    let mut g = HsGame::new(5, &mut GameRng::new(3));
    // Market (with set-aside cards): D 30, C 25, H 20, S 15, O 5 -> D,C win; H neutral; S loses;
    // O is the bonus suit.
    g.market = vec![
        h("10D"),
        h("10D"),
        h("10C"),
        h("10C"),
        h("5C"),
        h("10H"),
        h("10H"),
        h("10S"),
        h("5S"),
        h("5O"),
    ];
    g.aside = [Some(h("10D")), None];
    g.invested[0] = vec![h("7D"), h("3S"), h("2O")];
    g.invested[1] = vec![h("4C"), h("9H"), h("AO")];
    assert_eq!(g.totals(true), vec![30, 25, 20, 15, 5]);
    // P1: +7 (D) - 3 (S) + 5 (the O market total: P1 invested 2 > 1) = 9; P2: +4 (C).
    assert_eq!(g.scores(), [9, 4]);
}

#[test]
fn a_match_is_four_games_or_two_each_of_four_five_and_six_suits() {
    assert_eq!(HsRules::default().schedule(), vec![4, 4, 4, 4]);
    assert_eq!(
        HsRules::parse("match=mixed").unwrap().schedule(),
        vec![4, 4, 5, 5, 6, 6]
    );
    assert_eq!(
        HsRules::parse("suits=6").unwrap().schedule(),
        vec![6, 6, 6, 6]
    );
    assert!(HsRules::parse("suits=7")
        .unwrap_err()
        .contains("expects 4, 5 or 6"));
    assert!(HsRules::parse("sutis=5")
        .unwrap_err()
        .contains("(did you mean 'suits'?)"));
    let r = play_game::<HsMatch>(
        &HsRules::parse("match=mixed").unwrap(),
        [&HsAgentSpec::Greedy, &HsAgentSpec::Random],
        5,
        true,
    );
    assert_eq!(r.record.games, 6);
    let log = r.log.unwrap();
    assert_eq!(log.iter().filter(|l| l.starts_with("== game")).count(), 6);
    assert!(log.last().unwrap().starts_with("winner: "));
    assert!(
        !log.iter()
            .any(|l| l.starts_with("P1: aside ") && !l.contains("hidden")),
        "set-aside cards stay hidden"
    );
}

#[test]
fn greedy_beats_random_and_batches_do_not_depend_on_threads() {
    let rules = HsRules::default();
    let a = play_batch::<HsMatch>(
        &rules,
        [&HsAgentSpec::Greedy, &HsAgentSpec::Random],
        1,
        0,
        300,
        1,
        true,
    );
    let b = play_batch::<HsMatch>(
        &rules,
        [&HsAgentSpec::Greedy, &HsAgentSpec::Random],
        1,
        0,
        300,
        2,
        true,
    );
    assert_eq!(a, b);
    let wins = a
        .iter()
        .enumerate()
        .filter(|(i, r)| r.winner == (i % 2) as i8)
        .count();
    assert!(wins > 200, "greedy won {wins} of 300");
}

#[test]
fn every_game_ends_with_each_card_in_one_place() {
    for seed in 0..300u64 {
        for suits in [4u8, 5, 6] {
            let mut rng = GameRng::new(seed);
            let mut g = HsGame::new(suits, &mut rng);
            while !g.over {
                let legal = g.legal();
                assert!(!legal.is_empty());
                g.step(legal[rng.below(legal.len())]);
            }
            let mut all: Vec<HCard> = g
                .hands
                .iter()
                .flatten()
                .chain(&g.pile)
                .chain(&g.market)
                .chain(g.invested.iter().flatten())
                .chain(g.aside.iter().flatten())
                .copied()
                .collect();
            all.sort();
            let n = all.len();
            all.dedup();
            assert_eq!((n, all.len()), (10 * suits as usize, 10 * suits as usize));
            assert!(g.pile.is_empty());
        }
    }
}
