//! Where a random play-out's time goes: the same positions and moves replayed in game order,
//! from one game (the branch predictor learns the sequence) up to many (it cannot), each move
//! applied to a hot scratch copy of its position. Usage: `replayed_states GAMES...`.
//!
//! With one game a move (legal moves + apply) costs about 75 ns, with ten or more about 175 ns,
//! as in real play (`examples/stats random random`): most of a random play-out's time is the
//! engine's branches going the way the predictor did not expect (benchmarks/README.md).
//!
//! Then the legal-move generation alone, phase by phase (`Pending::name`), over the positions of
//! one game and of 300: which phase's generator loses the most to unpredictable branches.

use houses_engine::core::rng::GameRng;
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
    by_phase();
}

/// The positions of `games` random games (seeded 0, 1, ...), each with its phase's name.
fn positions(games: u64) -> Vec<(State, &'static str)> {
    let rules = Rules::default();
    let mut rng = GameRng::new(7);
    let mut legal: Vec<Action> = Vec::new();
    let mut out = Vec::new();
    for g in 0..games {
        let mut st = State::new_game_logged(rules.clone(), g, false);
        st.metrics = None;
        while !st.is_over() {
            st.legal_actions_into(&mut legal);
            out.push((st.clone(), st.pending.name()));
            st.apply_unchecked(legal[rng.below(legal.len())]);
        }
    }
    out
}

/// Nanoseconds a legal-move generation, and moves a position, over `states` each copied hot
/// into a scratch state first (the copy is timed alone and taken out).
fn generation_ns(states: &[&State]) -> (f64, f64) {
    let reps = (1_000_000 / states.len()).max(1);
    let mut legal: Vec<Action> = Vec::new();
    let mut scratch = states[0].clone();
    let t = Instant::now();
    for _ in 0..reps {
        for st in states {
            scratch.clone_from(st);
            std::hint::black_box(&mut scratch);
        }
    }
    let copying = t.elapsed().as_secs_f64();
    let mut moves = 0;
    let t = Instant::now();
    for _ in 0..reps {
        for st in states {
            scratch.clone_from(st);
            std::hint::black_box(&mut scratch);
            scratch.legal_actions_into(&mut legal);
            moves += legal.len();
            std::hint::black_box(&legal);
        }
    }
    let n = (reps * states.len()) as f64;
    (
        (t.elapsed().as_secs_f64() - copying) * 1e9 / n,
        moves as f64 / n,
    )
}

fn by_phase() {
    let one = positions(1);
    let many = positions(300);
    println!("legal-move generation alone (ns a position; 1 game, then 300 games):");
    let mut phases: Vec<&str> = many.iter().map(|(_, p)| *p).collect();
    phases.sort_unstable();
    phases.dedup();
    for phase in phases {
        let of = |v: &[(State, &'static str)]| -> Vec<State> {
            v.iter()
                .filter(|(_, p)| *p == phase)
                .map(|(s, _)| s.clone())
                .collect()
        };
        let (one_states, many_states) = (of(&one), of(&many));
        let per_game = many_states.len() as f64 / 300.0;
        if one_states.is_empty() || per_game < 1.0 {
            continue; // too rare to time apart
        }
        let (ns_one, _) = generation_ns(&one_states.iter().collect::<Vec<_>>());
        let (ns_many, moves) = generation_ns(&many_states.iter().collect::<Vec<_>>());
        println!(
            "  {phase:12} {per_game:5.1} a game, {moves:4.1} moves: {ns_one:5.0} ns -> {ns_many:5.0} ns"
        );
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
