//! Where a random play-out's time goes: the same positions and moves replayed in game order,
//! from one game (the branch predictor learns the sequence) up to many (it cannot), each move
//! applied to a hot scratch copy of its position. Usage: `replayed_states GAMES...`.
//!
//! With one game a move (legal moves + apply) costs about 75 ns, with ten or more about 175 ns,
//! as in real play (`examples/stats random random`): most of a random play-out's time is the
//! engine's branches going the way the predictor did not expect (benchmarks/README.md).

use houses_engine::rng::GameRng;
use houses_engine::{Action, Rules, State};
use std::time::Instant;

fn main() {
    let counts: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|s| s.parse().ok())
        .collect();
    for games in if counts.is_empty() {
        vec![1, 3, 10, 50]
    } else {
        counts
    } {
        measure(games);
    }
}

fn measure(games: u64) {
    let rules = Rules::default();
    let mut rng = GameRng::new(7);
    let mut legal: Vec<Action> = Vec::new();
    let mut moves: Vec<(State, Action)> = Vec::new();
    for g in 0..games {
        let mut st = State::new_game_logged(rules.clone(), g, false);
        st.metrics = None;
        while !st.is_over() {
            st.legal_actions_into(&mut legal);
            let i = rng.below(legal.len());
            moves.push((st.clone(), legal[i]));
            st.apply_unchecked(legal[i]);
        }
    }
    let reps = (400_000 / moves.len()).max(1);
    let mut scratch = moves[0].0.clone();
    // The copy alone, to take out of the total.
    let t = Instant::now();
    for _ in 0..reps {
        for (st, _) in &moves {
            scratch.clone_from(st);
            std::hint::black_box(&scratch);
        }
    }
    let copying = t.elapsed().as_secs_f64();
    let t = Instant::now();
    for _ in 0..reps {
        for (st, a) in &moves {
            scratch.clone_from(st);
            scratch.legal_actions_into(&mut legal);
            std::hint::black_box(&legal);
            scratch.apply_unchecked(*a);
            std::hint::black_box(&scratch);
        }
    }
    let total = t.elapsed().as_secs_f64() - copying;
    let per = (reps * moves.len()) as f64;
    println!(
        "{games:3} games ({} positions) replayed in order: {:.0} ns a move (legal moves and apply)",
        moves.len(),
        total * 1e9 / per
    );
}
