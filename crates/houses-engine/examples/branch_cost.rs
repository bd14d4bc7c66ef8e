//! What a King's blank games cost forked at the King's first draw (`play_branched`) against
//! played from the deal under `blank_from=draw` (the same games): the seconds of one thread
//! for the games with the Kings and each drawn King's blank game, both ways.
//!
//! cargo run --release -p houses-engine --example branch_cost -- SPEC RULES KINGS [DEALS] [SEED]
//! e.g. `-- search_expert_spec kings=classic KS+KC+KD+KH 200 2025`

use houses_engine::core::{play_batch_played_at, AgentFactory};
use houses_engine::houses::agents::AgentSpec;
use houses_engine::houses::game::play_branched;
use houses_engine::{Card, Rules, State};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: &str| args.get(i).cloned().unwrap_or_else(|| d.to_string());
    let spec = AgentSpec::parse(&arg(0, "greedy")).unwrap();
    let rules_text = arg(1, "kings=classic");
    let kings = arg(2, "KS+KC+KD+KH");
    let deals: u64 = arg(3, "100").parse().expect("DEALS is a number");
    let seed: u64 = arg(4, "2025").parse().expect("SEED is a number");
    let rules = Rules::parse(&rules_text).unwrap();
    let branches: Vec<(Card, Rules)> = kings
        .split('+')
        .map(|k| {
            let blank = Rules::parse(&format!("{rules_text},blank={k},blank_from=draw"));
            (Card::parse(k).unwrap(), blank.unwrap())
        })
        .collect();
    let pair: [&dyn AgentFactory<State>; 2] = [&spec, &spec];
    let (mut forked, mut replayed, mut blanks) = (0.0, 0.0, 0);
    for i in 0..deals {
        let t = Instant::now();
        let (game, out) = play_branched(&rules, [&spec, &spec], seed, i, true, &branches);
        forked += t.elapsed().as_secs_f64();
        let t = Instant::now();
        let _ = play_batch_played_at(&rules, pair, seed, &[i], 1, true);
        for ((_, blank), b) in branches.iter().zip(&out) {
            if let Some(b) = b {
                let again = play_batch_played_at(blank, pair, seed, &[i], 1, true).remove(0);
                assert_eq!(again.record, b.record, "the same game");
                blanks += 1;
            }
        }
        replayed += t.elapsed().as_secs_f64();
        let _ = game;
    }
    println!(
        "{} under {rules_text}, blanks {kings}: {deals} deals, {blanks} blank games; seconds of one thread: forked {forked:.1}, from the deal {replayed:.1} ({:.2}x); games a deal: {:.2} from the deal",
        spec.canonical(),
        replayed / forked,
        1.0 + blanks as f64 / deals as f64
    );
}
