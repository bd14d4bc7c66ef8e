//! Where a greedy game's time goes, by decision (`Pending::name`) and by step: generating the
//! legal moves, the agent's choice, applying the move. Usage: `greedy_phases [GAMES]`
//! (default 50,000). Each step is timed on its own (`Instant`), so a game costs more here than
//! in `stats greedy greedy`: each figure includes one reading of the clock, whose cost alone
//! (measured first, in a loop of nothing else) is printed beside them. The legal moves are the
//! ones the game loop offers greedy (`legal_actions_pruned_into`); "moves each" is how many.

use houses_engine::houses::agents::{Agent, Greedy};
use houses_engine::houses::view::View;
use houses_engine::{Rules, State};
use std::collections::BTreeMap;
use std::time::Instant;

#[derive(Default)]
struct Cost {
    count: u64,
    seconds: f64,
    moves: u64,
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(50_000);
    // What timing an empty step costs (an upper bound: inside a game the clock's reads overlap
    // the work around them).
    let n = 1_000_000;
    let t = Instant::now();
    for _ in 0..n {
        std::hint::black_box(Instant::now().elapsed());
    }
    let clock = t.elapsed().as_secs_f64() / n as f64;

    let rules = Rules::default();
    let steps = ["legal", "choose", "apply"];
    let mut cost: BTreeMap<(&str, &str), Cost> = BTreeMap::new();
    let mut legal = Vec::new();
    let mut agents = [Greedy::new(1), Greedy::new(2)];
    let start = Instant::now();
    for seed in 0..games {
        let mut st = State::new_game_logged(rules.clone(), seed, false);
        while !st.is_over() {
            let seat = st
                .pending
                .decider()
                .expect("a game in progress has a decider");
            let phase = st.pending.name();
            let t = Instant::now();
            // As the game loop asks for greedy's moves (`Agent::skips_dominated`).
            st.legal_actions_pruned_into(&mut legal);
            let legal_s = t.elapsed().as_secs_f64();
            let t = Instant::now();
            let i = if legal.len() == 1 {
                0
            } else {
                agents[seat].choose(&View::new(&st, seat), &legal)
            };
            let choose_s = t.elapsed().as_secs_f64();
            let t = Instant::now();
            st.apply_unchecked(legal[i]);
            let apply_s = t.elapsed().as_secs_f64();
            for (step, s) in steps.iter().zip([legal_s, choose_s, apply_s]) {
                let c = cost.entry((step, phase)).or_default();
                c.count += 1;
                c.seconds += s;
                c.moves += legal.len() as u64;
            }
        }
    }
    let total = start.elapsed().as_secs_f64() / games as f64;
    println!(
        "{games} games, {:.2} us a game timed step by step; timing an empty step costs {:.0} ns",
        total * 1e6,
        clock * 1e9
    );
    println!("step    decision        us/game   ns each   times/game   moves each");
    for step in steps {
        for ((s, phase), c) in cost.iter().filter(|((s, _), _)| *s == step) {
            println!(
                "{s:7} {phase:15} {:7.2} {:9.1} {:12.1} {:12.1}",
                c.seconds / games as f64 * 1e6,
                c.seconds / c.count as f64 * 1e9,
                c.count as f64 / games as f64,
                c.moves as f64 / c.count as f64
            );
        }
    }
}
