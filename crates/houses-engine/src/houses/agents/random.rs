use super::Agent;
use crate::core::rng::GameRng;
use crate::houses::action::Action;
use crate::houses::view::View;

/// Uniform over the legal moves.
#[derive(Clone)]
pub struct Random {
    rng: GameRng,
}

impl Random {
    pub fn new(seed: u64) -> Random {
        Random {
            rng: GameRng::new(seed),
        }
    }
}

impl Agent for Random {
    fn choose(&mut self, _view: &View, legal: &[Action]) -> usize {
        self.rng.below(legal.len())
    }
}
