//! Two Houses-Skirmish agents on the same deals with seats swapped: each deal is played twice,
//! A as P1 then B as P1, so that neither the deal nor the seat favours either. Prints A's score
//! (a win 1, a draw one half) with its 95% interval (from the per-deal pair scores' variance),
//! and each agent's decisions per second of one thread (the time spent in its `choose`, added
//! up: both agents' speeds come from the same games).
//!
//! cargo run --release -p houses-engine --example expert_match -- A B [DEALS] [THREADS] [SEED]
//! e.g. the expert against a rewritten one over 1,000 deals (2,000 games):
//! `-- search_expert 'search(iterations=300,worlds=32,c=0.05,rollout=1,eval=3,halving=1)' 1000 2 1`

use houses_engine::core::{game_seed, play_game, run_batch, Agent, AgentFactory, Seat};
use houses_engine::houses::agents::AgentSpec;
use houses_engine::{Action, Rules, State};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// An agent whose decisions are timed: the nanoseconds spent in its `choose`, added up.
struct Timed {
    spec: AgentSpec,
    nanos: Arc<AtomicU64>,
}

struct TimedAgent {
    agent: Box<dyn Agent<State>>,
    nanos: Arc<AtomicU64>,
}

impl Agent<State> for TimedAgent {
    fn choose(&mut self, game: &State, seat: Seat, legal: &[Action]) -> usize {
        let t = std::time::Instant::now();
        let i = self.agent.choose(game, seat, legal);
        self.nanos
            .fetch_add(t.elapsed().as_nanos() as u64, Ordering::Relaxed);
        i
    }
    fn skips_dominated(&self) -> bool {
        self.agent.skips_dominated()
    }
}

impl AgentFactory<State> for Timed {
    fn make(&self, seed: u64) -> Box<dyn Agent<State>> {
        Box::new(TimedAgent {
            agent: AgentFactory::<State>::make(&self.spec, seed),
            nanos: self.nanos.clone(),
        })
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: &str| args.get(i).cloned().unwrap_or_else(|| d.to_string());
    let (a, b) = (arg(0, "search"), arg(1, "greedy"));
    let deals: u64 = arg(2, "500").parse().expect("DEALS is a number");
    let threads: usize = arg(3, "2").parse().expect("THREADS is a number");
    let seed: u64 = arg(4, "1").parse().expect("SEED is a number");
    let s = [a.as_str(), b.as_str()].map(|x| Timed {
        spec: AgentSpec::parse(x).unwrap(),
        nanos: Arc::new(AtomicU64::new(0)),
    });
    let rules = Rules::default();
    let t = std::time::Instant::now();
    // Per deal: A's score as P1 and as P2, and A's and B's decisions over both games.
    let pairs = run_batch(0, deals, threads, |d| {
        let deal = game_seed(seed, d);
        let g1 = play_game(&rules, &[&s[0], &s[1]], deal, false).record;
        let g2 = play_game(&rules, &[&s[1], &s[0]], deal, false).record;
        let score = |w: i8, seat: i8| match w {
            -1 => 0.5,
            w if w == seat => 1.0,
            _ => 0.0,
        };
        (
            [score(g1.winner, 0), score(g2.winner, 1)],
            [
                (g1.decisions[0] + g2.decisions[1]) as u64,
                (g1.decisions[1] + g2.decisions[0]) as u64,
            ],
        )
    });
    let dt = t.elapsed().as_secs_f64();
    let m = pairs.len() as f64;
    let per_deal: Vec<f64> = pairs.iter().map(|(s, _)| (s[0] + s[1]) / 2.0).collect();
    let p = per_deal.iter().sum::<f64>() / m;
    let var = per_deal.iter().map(|x| (x - p).powi(2)).sum::<f64>() / (m - 1.0).max(1.0);
    let half = 1.96 * (var / m).sqrt();
    let as_p1 = pairs.iter().map(|(s, _)| s[0]).sum::<f64>() / m;
    let as_p2 = pairs.iter().map(|(s, _)| s[1]).sum::<f64>() / m;
    let same = pairs.iter().filter(|(s, _)| s[0] + s[1] == 1.0).count();
    let dec: [u64; 2] = pairs
        .iter()
        .fold([0, 0], |acc, (_, d)| [acc[0] + d[0], acc[1] + d[1]]);
    println!("{} vs {}", s[0].spec.canonical(), s[1].spec.canonical());
    println!(
        "{} deals, {} games: A scores {:.1}% ± {:.1}% (95%: {:.1}%..{:.1}%); as P1 {:.1}%, as P2 {:.1}%; {same} deals split one each",
        deals,
        2 * deals,
        100.0 * p,
        100.0 * half,
        100.0 * (p - half),
        100.0 * (p + half),
        100.0 * as_p1,
        100.0 * as_p2
    );
    // Each agent's decisions a second of thread time, in the same games.
    let secs = s
        .each_ref()
        .map(|x| x.nanos.load(Ordering::Relaxed) as f64 * 1e-9);
    println!(
        "{dt:.1}s on {threads} threads; decisions A {} B {}; decisions a second A {:.0} B {:.0} (A/B {:.2})",
        dec[0],
        dec[1],
        dec[0] as f64 / secs[0],
        dec[1] as f64 / secs[1],
        (dec[0] as f64 / secs[0]) / (dec[1] as f64 / secs[1])
    );
}
