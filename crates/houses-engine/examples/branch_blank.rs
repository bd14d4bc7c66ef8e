//! How much a King's value learns from a blank game branched at the King's first draw, against
//! today's blank game played from the deal (issue #52 item 3). For each deal where the King was
//! drawn in the real game, three games on the same deal and the same agent streams:
//! - real: the rules as given;
//! - blank: the King a blank from the start (today's `impact: {methods: [blank]}` cell);
//! - branched: `blank_from=draw`, the game with the King until a player first draws it, then
//!   the King a blank from there on (the counterfactual "this copy has no power from here on").
//!
//! Prints each method's worth to the drawer (the drawer's score real minus counterfactual), the
//! spread of the per-deal differences, how often they differ, where the blank game first left
//! the real one against where the King was drawn, and the effective games per game of the
//! branched method (the blank's variance over the branched one's).
//!
//! cargo run --release -p houses-engine --example branch_blank -- SPEC RULES KING [DEALS] [THREADS] [SEED]
//! e.g. `-- search_expert kings=classic KS 400 2 2025`

use houses_engine::core::rng::{derive_seed, STREAM_AGENT};
use houses_engine::core::{game_seed, run_batch, Agent, AgentFactory, Game};
use houses_engine::houses::agents::AgentSpec;
use houses_engine::{Action, Card, Rules, State};

/// A played game: its moves, the drawer's seat and the index of the move after which the King
/// was first in a hand (if ever), the winner.
struct Line {
    moves: Vec<Action>,
    drawn_at: Option<(usize, usize)>,
    winner: i8,
    /// Seconds to the King's first draw, and in all.
    secs_to_draw: f64,
    secs: f64,
}

/// Play a game from `deal` with both seats `spec` (seeded as the game loop seeds them).
fn play(spec: &AgentSpec, rules: &Rules, deal: u64, king: Card) -> Line {
    let mut game = <State as Game>::new(rules, deal, false);
    let mut agents: Vec<Box<dyn Agent<State>>> = (0..2)
        .map(|s| AgentFactory::<State>::make(spec, derive_seed(deal, 0, STREAM_AGENT[s])))
        .collect();
    let mut legal = Vec::with_capacity(64);
    let mut moves = Vec::new();
    let t = std::time::Instant::now();
    let mut secs_to_draw = 0.0;
    let drawn = |g: &State| {
        let m = g.metrics.as_deref().expect("metrics kept");
        (0..2).find(|&s| m.drawn[s].contains(king))
    };
    // A King dealt in an opening hand is drawn before any move.
    let mut drawn_at = drawn(&game).map(|s| (s, 0));
    while let Some(seat) = game.decider() {
        let decides = if agents[seat].skips_dominated() {
            game.legal_kinds_pruned_into(&mut legal).1
        } else {
            game.legal_kinds_into(&mut legal);
            legal.len() > 1
        };
        let i = if decides {
            agents[seat].choose(&game, seat, &legal)
        } else {
            0
        };
        moves.push(legal[i]);
        game.apply_unchecked(legal[i]);
        if drawn_at.is_none() {
            drawn_at = drawn(&game).map(|s| (s, moves.len()));
            secs_to_draw = t.elapsed().as_secs_f64();
        }
    }
    let winner = game.record(deal, [0; 4]).winner;
    Line {
        moves,
        drawn_at,
        winner,
        secs_to_draw,
        secs: t.elapsed().as_secs_f64(),
    }
}

fn score(winner: i8, seat: usize) -> f64 {
    match winner {
        -1 => 0.5,
        w if w as usize == seat => 1.0,
        _ => 0.0,
    }
}

fn mean_sd(x: &[f64]) -> (f64, f64) {
    let n = x.len() as f64;
    let m = x.iter().sum::<f64>() / n;
    let v = x.iter().map(|v| (v - m).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (m, v.sqrt())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: &str| args.get(i).cloned().unwrap_or_else(|| d.to_string());
    let spec = AgentSpec::parse(&arg(0, "greedy")).unwrap();
    let rules_text = arg(1, "kings=classic");
    let king = Card::parse(&arg(2, "KS")).unwrap();
    let deals: u64 = arg(3, "200").parse().expect("DEALS is a number");
    let threads: usize = arg(4, "2").parse().expect("THREADS is a number");
    let seed: u64 = arg(5, "2025").parse().expect("SEED is a number");
    let rules = Rules::parse(&rules_text).unwrap();
    let blank = Rules::parse(&format!("{rules_text},blank={}", arg(2, "KS"))).unwrap();
    let branch = Rules::parse(&format!(
        "{rules_text},blank={},blank_from=draw",
        arg(2, "KS")
    ))
    .unwrap();
    let t = std::time::Instant::now();
    let rows = run_batch(0, deals, threads, |d| {
        let deal = game_seed(seed, d);
        let real = play(&spec, &rules, deal, king);
        let (drawer, at) = real.drawn_at?;
        let from_start = play(&spec, &blank, deal, king);
        let branched = play(&spec, &branch, deal, king);
        assert_eq!(branched.moves[..at], real.moves[..at], "the replay follows");
        let left = real
            .moves
            .iter()
            .zip(&from_start.moves)
            .position(|(a, b)| a != b)
            .unwrap_or(real.moves.len().min(from_start.moves.len()));
        Some((
            score(real.winner, drawer),
            score(from_start.winner, drawer),
            score(branched.winner, drawer),
            left as f64 / at as f64,
            real.secs_to_draw / real.secs,
        ))
    });
    let rows: Vec<_> = rows.into_iter().flatten().collect();
    let n = rows.len();
    let d_blank: Vec<f64> = rows.iter().map(|r| r.0 - r.1).collect();
    let d_branch: Vec<f64> = rows.iter().map(|r| r.0 - r.2).collect();
    let differ = |d: &[f64]| d.iter().filter(|x| **x != 0.0).count() as f64 / n as f64;
    let (mb, sb) = mean_sd(&d_blank);
    let (mx, sx) = mean_sd(&d_branch);
    let half = |s: f64| 1.96 * s / (n as f64).sqrt();
    let left_before = rows.iter().filter(|r| r.3 < 1.0).count();
    let prefix = rows.iter().map(|r| r.4).sum::<f64>() / n as f64;
    println!(
        "{} under {rules_text}, {} blank; {deals} deals (seed {seed}), {n} with it drawn; {:.0}s",
        spec.canonical(),
        arg(2, "KS"),
        t.elapsed().as_secs_f64()
    );
    println!(
        "blank from the deal: worth {:+.1} ± {:.1} points, sd {:.3}, {:.1}% of deals differ",
        100.0 * mb,
        100.0 * half(sb),
        sb,
        100.0 * differ(&d_blank)
    );
    println!(
        "branched at the draw: worth {:+.1} ± {:.1} points, sd {:.3}, {:.1}% of deals differ",
        100.0 * mx,
        100.0 * half(sx),
        sx,
        100.0 * differ(&d_branch)
    );
    println!(
        "blank game left the real one before the draw in {:.1}% of deals; the draw came {:.0}% of the way through the real game's time",
        100.0 * left_before as f64 / n as f64,
        100.0 * prefix
    );
    println!(
        "effective games per branched game (same deals): {:.2}; with the prefix shared: {:.2}",
        (sb / sx).powi(2),
        (sb / sx).powi(2) / (1.0 - prefix)
    );
}
