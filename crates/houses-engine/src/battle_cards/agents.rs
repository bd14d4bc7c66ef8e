//! The built-in Battle Cards players (random, greedy) and their specs.

use super::*;
use crate::card::{Kind, Suit};
use crate::rng::GameRng;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BcAgentSpec {
    Random,
    Greedy,
}

/// The built-in Battle Cards agents' behaviour version (in their canonical specs: `greedy@v1`).
pub const BC_AGENT_VERSION: u32 = 1;
pub const BC_AGENTS: &[&str] = &["random", "greedy"];

impl BcAgentSpec {
    pub fn parse(s: &str) -> Result<BcAgentSpec, String> {
        let s = crate::core::versioned_spec(s, |_| Some(BC_AGENT_VERSION))?;
        match s.trim() {
            "random" => Ok(BcAgentSpec::Random),
            "greedy" => Ok(BcAgentSpec::Greedy),
            other => Err(format!(
                "unknown battle_cards agent '{other}'; valid agents: random, greedy"
            )),
        }
    }
    pub fn name(&self) -> &'static str {
        match self {
            BcAgentSpec::Random => "random",
            BcAgentSpec::Greedy => "greedy",
        }
    }
    pub fn canonical(&self) -> String {
        format!("{}@v{BC_AGENT_VERSION}", self.name())
    }
}

pub struct BcAgent {
    spec: BcAgentSpec,
    rng: GameRng,
}

impl BcAgent {
    pub fn new(spec: BcAgentSpec, seed: u64) -> BcAgent {
        BcAgent {
            spec,
            rng: GameRng::new(seed),
        }
    }

    pub fn choose(&mut self, v: &BcView, legal: &[BcAction]) -> usize {
        if self.spec == BcAgentSpec::Random || legal.len() == 1 {
            return self.rng.below(legal.len());
        }
        let scores: Vec<f64> = legal.iter().map(|a| bc_score(v, a)).collect();
        let best = scores.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let ties: Vec<usize> = (0..legal.len())
            .filter(|&i| scores[i] >= best - 1e-9)
            .collect();
        ties[self.rng.below(ties.len())]
    }
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
