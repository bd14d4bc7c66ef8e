//! How strong a Houses-Skirmish, Battle Cards or House of Suits agent is against another: games with seats
//! alternated, the first agent's score (a win 1, a draw one half) with its 95% interval, and
//! the first agent's decisions per second of one thread.
//!
//! cargo run --release --example search_strength -- GAME AGENT_A AGENT_B [GAMES] [THREADS] [SEED] [RULES]
//! e.g. `-- battle_cards search greedy 400 2 1` or `-- house_of_suits search greedy 400 2 1 suits=6`,
//! or an evaluation's generation against the one before (docs/agents.md, "Expert iteration"):
//! `-- houses 'search(iterations=100,worlds=16,c=0.05,rollout=1,eval=1)'
//! 'search(iterations=100,worlds=16,c=0.05,rollout=1)' 4000 2 1`.

use houses_engine::battle_cards::{BcAgentSpec, BcRules, BcState};
use houses_engine::core::play_batch;
use houses_engine::house_of_suits::{HsAgentSpec, HsMatch, HsRules};
use houses_engine::houses::agents::AgentSpec;
use houses_engine::{Rules, State};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: &str| args.get(i).cloned().unwrap_or_else(|| d.to_string());
    let game = arg(0, "battle_cards");
    let (a, b) = (arg(1, "search"), arg(2, "greedy"));
    let n: u64 = arg(3, "400").parse().expect("GAMES is a number");
    let threads: usize = arg(4, "2").parse().expect("THREADS is a number");
    let seed: u64 = arg(5, "1").parse().expect("SEED is a number");
    let rules = arg(6, "");
    let t = std::time::Instant::now();
    // Per game: the winner's seat (-1 for none) and each seat's decisions.
    let (names, games): ([String; 2], Vec<(i8, [u32; 2])>) = match game.as_str() {
        "battle_cards" => {
            let s = [
                BcAgentSpec::parse(&a).unwrap(),
                BcAgentSpec::parse(&b).unwrap(),
            ];
            let recs = play_batch::<BcState>(
                &BcRules::parse(&rules).unwrap(),
                [&s[0], &s[1]],
                seed,
                0,
                n,
                threads,
                true,
            );
            (
                s.map(|x| x.canonical()),
                recs.iter().map(|r| (r.winner, r.decisions)).collect(),
            )
        }
        "house_of_suits" => {
            let s = [
                HsAgentSpec::parse(&a).unwrap(),
                HsAgentSpec::parse(&b).unwrap(),
            ];
            let recs = play_batch::<HsMatch>(
                &HsRules::parse(&rules).unwrap(),
                [&s[0], &s[1]],
                seed,
                0,
                n,
                threads,
                true,
            );
            (
                s.map(|x| x.canonical()),
                recs.iter().map(|r| (r.winner, r.decisions)).collect(),
            )
        }
        "houses" => {
            let s = [AgentSpec::parse(&a).unwrap(), AgentSpec::parse(&b).unwrap()];
            let recs = play_batch::<State>(
                &Rules::parse(&rules).unwrap(),
                [&s[0], &s[1]],
                seed,
                0,
                n,
                threads,
                true,
            );
            (
                s.map(|x| x.canonical()),
                recs.iter()
                    .map(|r| (r.winner, [r.decisions[0], r.decisions[1]]))
                    .collect(),
            )
        }
        other => panic!("unknown game '{other}' (houses, battle_cards or house_of_suits)"),
    };
    let dt = t.elapsed().as_secs_f64();
    // Game i seats the first agent as P1 when i is even (the batch swaps odd games).
    let (mut wins, mut draws, mut losses, mut decisions) = (0, 0, 0, 0u64);
    for (i, &(w, d)) in games.iter().enumerate() {
        let seat = (i % 2) as i8;
        decisions += d[seat as usize] as u64;
        match w {
            -1 => draws += 1,
            w if w == seat => wins += 1,
            _ => losses += 1,
        }
    }
    let m = games.len() as f64;
    let p = (wins as f64 + 0.5 * draws as f64) / m;
    // The interval from the per-game scores' own variance (draws count one half).
    let var = (wins as f64 * (1.0 - p).powi(2)
        + draws as f64 * (0.5 - p).powi(2)
        + losses as f64 * p.powi(2))
        / (m - 1.0).max(1.0);
    let half = 1.96 * (var / m).sqrt();
    println!("{game}({rules}): {} vs {}", names[0], names[1]);
    println!(
        "{} games: {wins} won, {draws} drawn, {losses} lost; score {:.1}% ± {:.1}% (95%: {:.1}%..{:.1}%)",
        games.len(),
        100.0 * p,
        100.0 * half,
        100.0 * (p - half),
        100.0 * (p + half)
    );
    println!(
        "{dt:.1}s on {threads} threads; first agent {decisions} decisions, {:.0} decisions/s per thread",
        decisions as f64 / (dt * threads as f64)
    );
}
