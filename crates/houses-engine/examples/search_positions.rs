//! Search agents' decision speed on the same positions: positions from greedy games (a few to
//! forty moves in), one decision of each agent on each, the agents taken in turn round after
//! round in one process, so that both meet the same machine. Prints each agent's decisions a
//! second by round and the ratio of each to the first.
//!
//! cargo run --release -p houses-engine --example search_positions -- [POSITIONS] [ROUNDS] SPEC...
//! e.g. the expert before and after #52:
//! `-- 200 3 'search(iterations=300,worlds=32,c=0.05,rollout=1,eval=3,halving=1)'
//! 'search(iterations=180,worlds=32,c=0.05,rollout=1,eval=3,halving=1,expand=1)'`

use houses_engine::houses::agents::AgentSpec;
use houses_engine::houses::view::View;
use houses_engine::{Rules, State};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(200);
    let rounds: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(3);
    let specs: Vec<AgentSpec> = args[2..]
        .iter()
        .map(|s| AgentSpec::parse(s).unwrap())
        .collect();
    let mut positions = Vec::new();
    for seed in 0..n {
        let mut st = State::new_game(Rules::default(), seed);
        let mut greedy = [AgentSpec::Greedy.make(1), AgentSpec::Greedy.make(2)];
        for _ in 0..(seed as usize * 7 % 41) {
            let Some(seat) = st.pending.decider().filter(|_| !st.is_over()) else {
                break;
            };
            let legal = st.legal_actions();
            let i = greedy[seat].choose(&View::new(&st, seat), &legal);
            st.apply_unchecked(legal[i]);
        }
        if !st.is_over() && st.legal_actions().len() > 1 {
            positions.push(st);
        }
    }
    println!("{} positions", positions.len());
    let mut rates = vec![Vec::new(); specs.len()];
    for _ in 0..rounds {
        for (k, spec) in specs.iter().enumerate() {
            let mut agent = spec.make(7);
            let t = std::time::Instant::now();
            for st in &positions {
                let seat = st.pending.decider().unwrap();
                let legal = st.legal_actions();
                agent.choose(&View::new(st, seat), &legal);
            }
            rates[k].push(positions.len() as f64 / t.elapsed().as_secs_f64());
        }
    }
    for (k, spec) in specs.iter().enumerate() {
        let r: Vec<String> = rates[k].iter().map(|x| format!("{x:.0}")).collect();
        let ratio: Vec<String> = rates[k]
            .iter()
            .zip(&rates[0])
            .map(|(a, b)| format!("{:.2}", a / b))
            .collect();
        println!(
            "{}: decisions/s {} (to the first: {})",
            spec.canonical(),
            r.join(", "),
            ratio.join(", ")
        );
    }
}
