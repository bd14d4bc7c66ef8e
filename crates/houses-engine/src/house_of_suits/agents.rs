//! The built-in House of Suits players' specs and the greedy player's reading of a move.

use super::*;
use crate::core::rng::GameRng;
use crate::core::SearchParams;

/// The built-in House of Suits random and greedy players' behaviour version (in their
/// canonical specs).
pub const HS_AGENT_VERSION: u32 = 1;
/// The search player's behaviour version. Version 2: each decision draws from its own stream
/// (`core::rng::DecisionStreams`), so the same match under two rule sets stays in step until
/// the games themselves differ.
pub const HS_SEARCH_VERSION: u32 = 2;
pub const HS_AGENTS: &[&str] = crate::core::roster::SMALL_GAME_AGENTS;

/// The search player's parameters when `search` names none (measured against greedy: see
/// docs/house_of_suits.md).
pub const HS_SEARCH_DEFAULTS: SearchParams = SearchParams {
    iterations: 1000,
    worlds: 32,
    c: 0.05,
    rollout: 0,
    eval: 0,
    halving: 0,
    expand: 0,
    reuse: 0,
};

crate::core::roster::small_game_players!(
    /// A House of Suits player: random, greedy, or the information-set search (`core::search`)
    /// over worlds sampled by `HsMatch::determinize` and `evaluate`'s judgement of a
    /// position.
    HsAgentSpec,
    game: "house_of_suits",
    title: "House of Suits",
    state: super::HsMatch,
    agent_version: HS_AGENT_VERSION,
    search_version: HS_SEARCH_VERSION,
    search_defaults: HS_SEARCH_DEFAULTS,
);

/// The greedy player's move: for each move, score the game as if it ended with the market as it
/// would then stand (the player's own set-aside card included, the opponent's unknown); the best,
/// ties at random.
pub(super) fn greedy_pick(g: &HsGame, seat: usize, legal: &[HsAction], rng: &mut GameRng) -> usize {
    let mut scorer = Scorer::new(g, seat);
    let scores: Vec<f64> = legal.iter().map(|a| scorer.score(g, seat, a)).collect();
    let best = scores.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let ties: Vec<usize> = (0..legal.len())
        .filter(|&i| scores[i] >= best - 1e-9)
        .collect();
    ties[rng.below(ties.len())]
}

/// What every move of one decision shares, worked out once: the market totals with the
/// player's own set-aside card, each player's investments by suit, and the suits' roles with
/// the market card last laid (moves come market card by market card). A decision offers every
/// ordered pair of hand cards (132 with six suits), and scoring each from scratch made the
/// greedy player twenty times slower than the random one.
struct Scorer {
    totals: Vec<u32>,
    mine: Vec<i32>,
    theirs: Vec<i32>,
    /// The market card the cached roles are for, and the totals and roles with it laid.
    laid: Option<(HCard, Vec<u32>, Vec<Role>)>,
}

impl Scorer {
    fn new(g: &HsGame, seat: usize) -> Scorer {
        let mut totals = g.totals(false);
        if let Some(c) = g.aside[seat] {
            totals[c.suit as usize] += c.rank as u32;
        }
        let by_suit = |cards: &[HCard]| {
            let mut v = vec![0i32; g.suits as usize];
            for c in cards {
                v[c.suit as usize] += c.rank as i32;
            }
            v
        };
        Scorer {
            totals,
            mine: by_suit(&g.invested[seat]),
            theirs: by_suit(&g.invested[1 - seat]),
            laid: None,
        }
    }

    fn score(&mut self, g: &HsGame, seat: usize, a: &HsAction) -> f64 {
        match *a {
            HsAction::SetAside(c) => {
                // Keep back a high card of the suit this hand holds most of: it will lift that
                // suit.
                let same = g.hands[seat].iter().filter(|x| x.suit == c.suit).count();
                same as f64 * 10.0 + c.rank as f64
            }
            HsAction::Lay { market, invest } => {
                if self.laid.as_ref().is_none_or(|(m, _, _)| *m != market) {
                    let mut t = self.totals.clone();
                    t[market.suit as usize] += market.rank as u32;
                    let roles = HsGame::roles(&t);
                    self.laid = Some((market, t, roles));
                }
                let (_, t, roles) = self.laid.as_ref().expect("just set");
                let mut v = 0.0;
                for (s, r) in roles.iter().enumerate() {
                    let mine = self.mine[s]
                        + if invest.suit as usize == s {
                            invest.rank as i32
                        } else {
                            0
                        };
                    let theirs = self.theirs[s];
                    v += match r {
                        Role::Winning => (mine - theirs) as f64,
                        Role::Losing => (theirs - mine) as f64,
                        Role::Bonus => (mine - theirs).signum() as f64 * t[s] as f64,
                        _ => 0.0,
                    };
                }
                v
            }
        }
    }
}
