//! Seeded randomness with a named, portable algorithm (ChaCha8), so that a seed means the same
//! game on every machine and every version of this crate's dependencies pinned in Cargo.lock.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// Streams derived from one game seed: the deal (engine chance events) and each seat's agent.
pub const STREAM_DEAL: u64 = 0;
/// Each seat's agent stream (seats 1 and 2 kept their streams when seats 3 and 4 came).
pub const STREAM_AGENT: [u64; 4] = [1, 2, 3, 4];

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
