//! The built-in Battle Cards players (random, greedy) and their specs.

use super::*;
use crate::core::card::{Kind, Suit};
use crate::core::rng::GameRng;
use crate::core::{Mcts, SearchParams};

/// The built-in Battle Cards random and greedy players' behaviour version (in their canonical
/// specs: `greedy@v1`).
pub const BC_AGENT_VERSION: u32 = 1;
/// The search player's behaviour version. Version 2: each decision draws from its own stream
/// (`core::rng::DecisionStreams`), so the same deal under two rule sets stays in step until the
/// games themselves differ.
pub const BC_SEARCH_VERSION: u32 = 2;
pub const BC_AGENTS: &[&str] = crate::core::roster::SMALL_GAME_AGENTS;

/// The search player's parameters when `search` names none (measured against greedy: see
/// docs/battle_cards.md).
pub const BC_SEARCH_DEFAULTS: SearchParams = SearchParams {
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
    /// A Battle Cards player: random, greedy, or the information-set search (`core::search`)
    /// over worlds sampled from the player's `BcView`, greedy play-outs and `evaluate`'s
    /// judgement of a position.
    BcAgentSpec,
    game: "battle_cards",
    title: "Battle Cards",
    state: super::BcState,
    agent_version: BC_AGENT_VERSION,
    search_version: BC_SEARCH_VERSION,
    search_defaults: BC_SEARCH_DEFAULTS,
);

pub struct BcAgent {
    spec: BcAgentSpec,
    rng: GameRng,
    search: Option<Box<Mcts<BcState>>>,
}

impl BcAgent {
    pub fn new(spec: BcAgentSpec, seed: u64) -> BcAgent {
        BcAgent {
            spec,
            rng: GameRng::new(seed),
            search: match spec {
                BcAgentSpec::Search(p) => Some(Box::new(Mcts::new(seed, p))),
                _ => None,
            },
        }
    }

    pub fn choose(&mut self, v: &BcView, legal: &[BcAction]) -> usize {
        if let Some(search) = self.search.as_mut() {
            // The search reads the game only through worlds sampled from the view.
            return search.choose_with(v.seat(), legal, |rng| v.determinize(rng));
        }
        if self.spec == BcAgentSpec::Random || legal.len() == 1 {
            return self.rng.below(legal.len());
        }
        greedy_pick(v, legal, &mut self.rng)
    }
}

/// The greedy player's move: the best by `bc_score`, ties at random (allocation-free: it is
/// also the search player's play-out policy).
pub(super) fn greedy_pick(v: &BcView, legal: &[BcAction], rng: &mut GameRng) -> usize {
    let best = legal
        .iter()
        .map(|a| bc_score(v, a))
        .fold(f64::NEG_INFINITY, f64::max);
    let tied = |a: &&BcAction| bc_score(v, a) >= best - 1e-9;
    let k = rng.below(legal.iter().filter(tied).count());
    legal
        .iter()
        .enumerate()
        .filter(|(_, a)| tied(a))
        .nth(k)
        .map_or(0, |(i, _)| i)
}

/// The greedy player's reading of a move: expected damage, armor, life, with simple odds.
fn bc_score(v: &BcView, a: &BcAction) -> f64 {
    let me = v.seat();
    let op = 1 - me;
    let r = v.rules();
    let p = |least: u8| (7.0 - least as f64).clamp(0.0, 6.0) / 6.0;
    let missing = (r.life - v.life(me)) as f64;
    match *a {
        BcAction::Discard(c) => {
            if c.is_joker() {
                -5.0
            } else {
                -2.0
            }
        }
        BcAction::Play(c) => match c.suit() {
            Some(Suit::Hearts) => {
                if v.armor(me).len() < r.armor_limit {
                    2.0 + if is_face_or_ace(c) {
                        2.0 * p(r.hearts_bonus)
                    } else {
                        0.0
                    }
                } else {
                    -1.0
                }
            }
            Some(Suit::Diamonds) => {
                if is_face_or_ace(c) {
                    missing.min(10.0) + 2.0
                } else {
                    missing.min(value(c) as f64) * p(r.diamonds_life)
                }
            }
            Some(Suit::Spades) => match v.armor(op).last() {
                None => -1.0,
                Some(&top) => match c.kind() {
                    Kind::Ace if is_face_or_ace(top) => 5.0,
                    Kind::Ace => -1.0,
                    Kind::Soldier if value(c) > value(top) => 3.0 + value(top) as f64 / 5.0,
                    Kind::Soldier => -1.0,
                    _ if value(top) < 10 => 3.0 * p(r.spades_face),
                    _ => -1.0,
                },
            },
            _ => match c.kind() {
                Kind::Ace => 12.0,
                Kind::Soldier if v.armor(op).is_empty() => value(c) as f64 * p(r.clubs_attack),
                Kind::Soldier => -1.0,
                _ => 10.0 * p(r.clubs_attack),
            },
        },
        // Ward off anything that threatens a real loss.
        BcAction::Ward(yes) => {
            let BcPending::Ward { attack, .. } = v.pending() else {
                return 0.0;
            };
            let threat = match attack.suit() {
                Some(Suit::Clubs) => value(attack) as f64 / v.life(me).max(1) as f64 * 10.0,
                _ => 1.0,
            };
            if yes {
                threat - 3.0
            } else {
                0.0
            }
        }
        // Redraw when the hand left has little to play.
        BcAction::Redraw(yes) => {
            let good = v
                .hand()
                .iter()
                .filter(|c| !c.is_joker() && value(**c) >= 7)
                .count();
            if yes {
                1.0 - good as f64
            } else {
                0.0
            }
        }
    }
}
