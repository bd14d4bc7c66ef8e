//! Positions from self-play with who won, for fitting the search's evaluation
//! (`benchmarks/fit_evaluation.py` runs this). Usage: `evaluation_data GAMES SEED > data.csv`.
//!
//! Games are played by the heuristic player with one move in ten at random (so that positions
//! a strong player would reach are covered too), under a mix of the rule sets the experiments
//! ask about. Half of the positions at the start of a turn (where the search evaluates) are recorded,
//! from the deciding seat's side.

use houses_engine::agents::evaluation::{features, FEATURES};
use houses_engine::agents::{greedy_pick, Params};
use houses_engine::observe::View;
use houses_engine::rng::GameRng;
use houses_engine::{Action, Rules, State};

const RULE_SETS: &[&str] = &[
    "",
    "",
    "kings=classic",
    "kings=share_trait",
    "deck=suit_split",
    "extra_draw=from_round_6",
    "front_ranks=3x3",
    "jokers=true",
];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut rng = GameRng::new(seed);
    println!("{},won", FEATURES.join(","));
    let mut legal: Vec<Action> = Vec::new();
    let params = Params::default();
    for g in 0..games {
        let rules = Rules::parse(RULE_SETS[g as usize % RULE_SETS.len()]).expect("rule set");
        let mut st = State::new_game(rules, rng.next_u64());
        let mut rows: Vec<(usize, [f64; 13])> = Vec::new();
        let mut last_turn = 0;
        while let Some(seat) = st.pending.decider().filter(|_| !st.is_over()) {
            st.legal_actions_into(&mut legal);
            // Positions between turns: the first decision of a turn (the search evaluates there).
            if st.turn != last_turn && rng.below(2) == 0 {
                rows.push((seat, features(&st, seat)));
            }
            let i = if legal.len() == 1 {
                0
            } else if rng.below(10) == 0 {
                rng.below(legal.len())
            } else {
                greedy_pick(&View::new(&st, seat), &legal, &params, &mut rng)
            };
            last_turn = st.turn;
            st.apply_unchecked(legal[i]);
        }
        let Some(w) = st.outcome.and_then(|o| o.winner) else {
            continue;
        };
        for (seat, f) in rows {
            let f: Vec<String> = f.iter().map(|x| format!("{x:.4}")).collect();
            println!("{},{}", f.join(","), (seat == w) as u8);
        }
    }
}
