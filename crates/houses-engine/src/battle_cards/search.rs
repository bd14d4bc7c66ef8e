//! Battle Cards for the search player (`core::search`): the worlds it samples (from the
//! player's `BcView`), its judgement of a position, and the greedy player as play-out policy.
//!
//! The judgement is a logistic model over a few readable features of the two sides (life,
//! armor, what the hand and the draw pile hold). Its weights are fitted, not chosen:
//! `cargo run --release --example bc_evaluation_fit` plays greedy games (with some random
//! moves, for variety), records the features of the positions at the start of each turn with
//! who won, and fits a logistic regression (a game with no winner counts one half).

use super::agents::greedy_pick;
use super::*;
use crate::core::card::{Card, Kind, Suit};
use crate::core::rng::GameRng;
use crate::core::{Searchable, Seat};

impl Searchable for BcState {
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> BcState {
        BcView::new(self, seat).determinize(rng)
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        evaluate(self, seat)
    }

    fn playout_choice(&self, legal: &[BcAction], rng: &mut GameRng) -> usize {
        let seat = BcState::decider(self).unwrap_or(self.active);
        greedy_pick(&BcView::new(self, seat), legal, rng)
    }

    fn turn(&self) -> u32 {
        self.turn
    }
}

/// The features' names, in the order of `features` (for the fit and for readers).
pub const BC_FEATURES: [&str; 14] = [
    "life",
    "life_low",
    "armor",
    "armor_face",
    "jokers",
    "club_aces",
    "club_faces",
    "club_numbers",
    "diamond_faces",
    "diamond_numbers",
    "spades",
    "damage_left",
    "cards_left",
    "active",
];

/// Fitted weights (see the module comment), one per feature, no intercept: every feature is a
/// difference between the two sides, so a mirrored position is worth exactly one half.
pub const BC_WEIGHTS: [f64; 14] = [
    0.2857, 0.1559, 0.0238, 0.0411, 0.0319, 0.3539, 0.2096, -0.1007, 0.0542, 0.0055, -0.0341,
    0.2269, -0.0537, 0.0104,
];

/// Expected damage of a Club against no armor, in tens (the die roll included).
fn club_damage(c: Card, clubs_attack: u8) -> f64 {
    let hit = (7.0 - clubs_attack as f64).clamp(0.0, 6.0) / 6.0;
    match c.kind() {
        Kind::Ace => 1.0,
        Kind::Soldier => value(c) as f64 / 10.0 * hit,
        _ => hit,
    }
}

/// One side's half of the features.
fn side(st: &BcState, s: usize) -> [f64; 14] {
    let p = &st.players[s];
    let mut f = [0.0; 14];
    f[0] = p.life.max(0) as f64 / 10.0;
    f[1] = p.life.clamp(0, 10) as f64 / 10.0;
    f[2] = p.armor.len() as f64;
    f[3] = p.armor.last().is_some_and(|&c| is_face_or_ace(c)) as u8 as f64;
    for &c in &p.hand {
        let i = match (c.suit(), c.kind()) {
            (None, _) => 4,
            (Some(Suit::Clubs), Kind::Ace) => 5,
            (Some(Suit::Clubs), Kind::Soldier) => 7,
            (Some(Suit::Clubs), _) => 6,
            (Some(Suit::Diamonds), Kind::Soldier) => 9,
            (Some(Suit::Diamonds), _) => 8,
            (Some(Suit::Spades), _) => 10,
            _ => continue,
        };
        f[i] += if i == 7 || i == 9 {
            value(c) as f64 / 10.0
        } else {
            1.0
        };
    }
    f[11] = p
        .hand
        .iter()
        .chain(&p.draw)
        .filter(|c| c.suit() == Some(Suit::Clubs))
        .map(|&c| club_damage(c, st.rules.clubs_attack))
        .sum();
    f[12] = (p.hand.len() + p.draw.len()) as f64 / 54.0;
    f[13] = (st.active == s) as u8 as f64;
    f
}

/// The features of `st` from `seat`'s side: each is `seat`'s value minus the opponent's.
pub fn features(st: &BcState, seat: usize) -> [f64; 14] {
    let (a, b) = (side(st, seat), side(st, 1 - seat));
    std::array::from_fn(|i| a[i] - b[i])
}

/// How likely `seat` is to win from here; exact once the game is over (no winner is worth one
/// half).
pub fn evaluate(st: &BcState, seat: usize) -> f64 {
    if st.is_over() {
        return match st.winner {
            Some(w) if w == seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    let f = features(st, seat);
    let x: f64 = f.iter().zip(BC_WEIGHTS).map(|(f, w)| f * w).sum();
    1.0 / (1.0 + (-x).exp())
}
