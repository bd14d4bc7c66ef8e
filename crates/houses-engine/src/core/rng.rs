//! Seeded randomness with a named, portable algorithm (ChaCha8), so that a seed means the same
//! game on every machine and every version of this crate's dependencies pinned in Cargo.lock.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// Streams derived from one game seed: the deal (engine chance events) and each seat's agent.
pub const STREAM_DEAL: u64 = 0;
/// Each seat's agent stream (seats 1 and 2 kept their streams when seats 3 and 4 came).
pub const STREAM_AGENT: [u64; 4] = [1, 2, 3, 4];
/// The stream of one decision of an agent, derived from the agent's own seed and the
/// decision's index (`DecisionStreams`).
pub const STREAM_DECISION: u64 = 16;

/// SplitMix64 finaliser: a well-mixed 64-bit hash.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of game `index` of an experiment, or of a stream within one game. Depends only on
/// its inputs, never on scheduling, so every worker count gives the same games.
pub fn derive_seed(base: u64, index: u64, stream: u64) -> u64 {
    mix(mix(mix(base) ^ index) ^ stream.wrapping_mul(0xD6E8_FEB8_6659_FD93))
}

#[derive(Clone, Debug)]
pub struct GameRng(ChaCha8Rng);

impl GameRng {
    pub fn new(seed: u64) -> GameRng {
        GameRng(ChaCha8Rng::seed_from_u64(seed))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform integer in `0..n` (Lemire's method with rejection: no modulo bias).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        let n = n as u64;
        loop {
            let m = (self.next_u64() as u128) * (n as u128);
            let low = m as u64;
            if low >= n || low >= (u64::MAX - n + 1) % n {
                return (m >> 64) as usize;
            }
        }
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// One stream per decision of an agent: decision `k` draws from a stream derived from (the
/// agent's seed for this game, `k`) alone. An agent that draws a varying amount per decision
/// (a search, whose simulations depend on everything the rules make it simulate) would
/// otherwise carry that variation into every later decision: two games that are identical up
/// to a decision, such as the same deal played under two rule sets (common random numbers),
/// would make it with different numbers and drift apart though nothing in them differed.
#[derive(Clone, Debug)]
pub struct DecisionStreams {
    seed: u64,
    decisions: u64,
}

impl DecisionStreams {
    pub fn new(seed: u64) -> DecisionStreams {
        DecisionStreams { seed, decisions: 0 }
    }

    /// The stream of the next decision (the first is decision 0).
    pub fn next_decision(&mut self) -> GameRng {
        let rng = GameRng::new(derive_seed(self.seed, self.decisions, STREAM_DECISION));
        self.decisions += 1;
        rng
    }

    /// Decisions streamed so far.
    pub fn decisions(&self) -> u64 {
        self.decisions
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = GameRng::new(7);
        let mut b = GameRng::new(7);
        for _ in 0..100 {
            assert_eq!(a.below(52), b.below(52));
        }
        assert_ne!(derive_seed(1, 2, 0), derive_seed(1, 3, 0));
        assert_ne!(derive_seed(1, 2, 0), derive_seed(1, 2, 1));
    }

    #[test]
    fn decision_streams_depend_on_the_seed_and_index_alone() {
        let mut a = DecisionStreams::new(9);
        let mut b = DecisionStreams::new(9);
        let first = a.next_decision().next_u64();
        assert_eq!(first, b.next_decision().next_u64());
        let mut second = a.next_decision();
        assert_ne!(second.next_u64(), first, "each decision has its own stream");
        // However much decision 1 drew, decision 2 starts where it would have anyway.
        for _ in 0..1000 {
            second.next_u64();
        }
        let _ = b.next_decision();
        assert_eq!(a.next_decision().next_u64(), b.next_decision().next_u64());
        assert_eq!(a.decisions(), 3);
        assert_ne!(
            DecisionStreams::new(9).next_decision().next_u64(),
            DecisionStreams::new(10).next_decision().next_u64()
        );
    }

    #[test]
    fn below_is_roughly_uniform() {
        let mut r = GameRng::new(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[r.below(6)] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }
}
