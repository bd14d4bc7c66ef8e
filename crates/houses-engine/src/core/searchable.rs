//! What a game must offer the search (`Searchable`): worlds sampled from what a player knows,
//! an evaluation, and the quick policies of its play-outs; and the check of `SearchParams::eval`
//! against a game.

use super::game::{Game, Seat};
use super::rng::GameRng;
use super::search_params::SearchParams;

/// A game the search can play: it can sample hidden information and judge a position.
pub trait Searchable: Game + Clone {
    /// A world drawn at random among those `seat` cannot tell apart from this one: whatever
    /// `seat` has not seen is dealt again from the cards it has not seen, and chance reseeded
    /// from `rng`. It must read nothing `seat` may not know, and carry no record or log.
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self;
    /// How likely `seat` is to win from here, in 0..=1 (a draw is worth one half); exact once
    /// the game is over.
    fn evaluate(&self, seat: Seat) -> f64;
    /// `evaluate` for seats `0 .. values.len()`, into `values` (a game may share the work
    /// between the seats).
    fn evaluate_all(&self, values: &mut [f64]) {
        for (s, v) in values.iter_mut().enumerate() {
            *v = self.evaluate(s);
        }
    }
    /// How many fitted evaluations the game has (`SearchParams::eval` picks one; 0 is the
    /// default, `evaluate`).
    const EVALUATIONS: u32 = 1;
    /// `evaluate` with the game's evaluation number `eval` (below `EVALUATIONS`).
    fn evaluate_with(&self, seat: Seat, eval: u32) -> f64 {
        debug_assert_eq!(eval, 0);
        self.evaluate(seat)
    }
    /// `evaluate_all` with the game's evaluation number `eval`.
    fn evaluate_all_with(&self, values: &mut [f64], eval: u32) {
        debug_assert_eq!(eval, 0);
        self.evaluate_all(values)
    }
    /// The move a play-out plays (cheap: it runs thousands of times per decision). Uniform
    /// random unless the game has a better quick policy.
    fn playout_choice(&self, legal: &[Self::Action], rng: &mut GameRng) -> usize {
        rng.below(legal.len())
    }
    /// Which of `moves` (untried below a node) a simulation adds to the tree: at random
    /// unless the game has a better quick policy.
    fn expand_choice(&self, moves: &[Self::Action], rng: &mut GameRng) -> usize {
        rng.below(moves.len())
    }
    /// Turns begun so far: play-outs are measured in turns, so that the evaluation judges a
    /// position between turns rather than half-way through one. A game without turns counts
    /// moves.
    fn turn(&self) -> u32 {
        self.actions_taken()
    }
    /// How many turns must have begun since the new node's move before `evaluate` judges the
    /// position (the play-out policy plays on until then; the search's `rollout` may ask for
    /// more): a game whose evaluation only judges positions at the start of a turn well says 1,
    /// so that a leaf half-way through a turn is played to the next one, and a leaf whose move
    /// ended the turn is judged as it stands.
    fn leaf_turns(&self) -> u32 {
        0
    }
    /// The turn at which a simulation stops playing out and judges its leaf, for a leaf whose
    /// move was played in turn `leaf_turn` and a search asking for `rollout` more turns: by
    /// default `rollout` turns after the leaf's move, and at least until `leaf_turns` turns
    /// have begun since it.
    fn leaf_stop(&self, leaf_turn: u32, rollout: u32) -> u32 {
        (self.turn() + rollout).max(leaf_turn + self.leaf_turns())
    }
    /// A legal move the rules show to do nothing (beyond spending what it spends), which the
    /// search neither tries nor plays. It must read only what the mover may know. A move
    /// that ends a decision (a pass, "done") is never futile, so a decision keeps a move.
    fn futile(&self, _a: &Self::Action) -> bool {
        false
    }
}

/// Checked against a game: kept beside the search (the parameters know no game).
impl SearchParams {
    /// These parameters, refused when game `G` has no evaluation number `eval`.
    pub fn check_eval<G: Searchable>(self, game: &str) -> Result<SearchParams, String> {
        if self.eval < G::EVALUATIONS {
            return Ok(self);
        }
        Err(format!(
            "agent 'search': parameter 'eval' is {}, but {game} has {} evaluation{} (0{})",
            self.eval,
            G::EVALUATIONS,
            if G::EVALUATIONS == 1 { "" } else { "s" },
            if G::EVALUATIONS == 1 {
                String::new()
            } else {
                format!(" to {}", G::EVALUATIONS - 1)
            }
        ))
    }
}
