//! Fit the Battle Cards search player's evaluation (`battle_cards::BC_WEIGHTS`): play greedy
//! games with some random moves, record the features of the position at the start of every
//! turn with who won, and fit a logistic regression (a game with no winner counts one half)
//! by Newton's method. Prints the weights to paste into `battle_cards/search.rs`.
//!
//! cargo run --release --example bc_evaluation_fit -- [GAMES] [EPSILON] [SEED]

use houses_engine::battle_cards::{
    features, BcAgent, BcAgentSpec, BcPending, BcRules, BcState, BcView, BC_FEATURES,
};
use houses_engine::core::game_seed;
use houses_engine::core::rng::GameRng;

const N: usize = BC_FEATURES.len();

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().map_or(20_000, |s| s.parse().unwrap());
    let eps: f64 = args.get(1).map_or(0.1, |s| s.parse().unwrap());
    let seed: u64 = args.get(2).map_or(1, |s| s.parse().unwrap());
    let rules = BcRules::default();
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    for i in 0..games {
        let seed = game_seed(seed, i);
        let mut st = BcState::new(rules.clone(), seed, false);
        let mut rng = GameRng::new(seed ^ 7);
        let mut agents = [
            BcAgent::new(BcAgentSpec::Greedy, seed ^ 1),
            BcAgent::new(BcAgentSpec::Greedy, seed ^ 2),
        ];
        let mut seen = Vec::new();
        while !st.is_over() {
            let seat = st.decider().unwrap();
            if matches!(st.pending, BcPending::Turn(_)) && st.chain == 0 {
                seen.push(features(&st, 0));
            }
            let legal = st.legal();
            let k = if (rng.below(1000) as f64) < eps * 1000.0 {
                rng.below(legal.len())
            } else {
                agents[seat].choose(&BcView::new(&st, seat), &legal)
            };
            st.step(legal[k]);
        }
        let y = match st.winner {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        for f in seen {
            // Each position and its mirror image: the fit stays symmetric.
            xs.push(f);
            ys.push(y);
            xs.push(f.map(|v| -v));
            ys.push(1.0 - y);
        }
    }
    let w = fit(&xs, &ys);
    let (mut ll, mut ll0) = (0.0, 0.0);
    for (x, &y) in xs.iter().zip(&ys) {
        let p = prob(&w, x).clamp(1e-9, 1.0 - 1e-9);
        ll += y * p.ln() + (1.0 - y) * (1.0 - p).ln();
        ll0 += 0.5f64.ln();
    }
    println!(
        "{} positions from {games} games; log-loss {:.4} (a coin: {:.4})",
        xs.len(),
        -ll / xs.len() as f64,
        -ll0 / xs.len() as f64
    );
    for (n, w) in BC_FEATURES.iter().zip(&w) {
        println!("{n:>16} {w:8.4}");
    }
    let list: Vec<String> = w.iter().map(|v| format!("{v:.4}")).collect();
    println!("[{}]", list.join(", "));
}

fn prob(w: &[f64; N], x: &[f64; N]) -> f64 {
    let z: f64 = w.iter().zip(x).map(|(a, b)| a * b).sum();
    1.0 / (1.0 + (-z).exp())
}

/// Logistic regression with soft labels by Newton's method (a little ridge for stability).
fn fit(xs: &[[f64; N]], ys: &[f64]) -> [f64; N] {
    let mut w = [0.0; N];
    for _ in 0..25 {
        let mut g = [0.0; N];
        let mut h = [[0.0; N]; N];
        for (x, &y) in xs.iter().zip(ys) {
            let p = prob(&w, x);
            let q = p * (1.0 - p);
            for i in 0..N {
                g[i] += (p - y) * x[i];
                for j in 0..N {
                    h[i][j] += q * x[i] * x[j];
                }
            }
        }
        for i in 0..N {
            g[i] += 1e-3 * w[i];
            h[i][i] += 1e-3;
        }
        let step = solve(h, g);
        for i in 0..N {
            w[i] -= step[i];
        }
    }
    w
}

/// Solve `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: [[f64; N]; N], mut b: [f64; N]) -> [f64; N] {
    for c in 0..N {
        let p = (c..N)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .unwrap();
        a.swap(c, p);
        b.swap(c, p);
        for r in c + 1..N {
            let f = a[r][c] / a[c][c];
            let pivot = a[c];
            for (x, p) in a[r][c..].iter_mut().zip(&pivot[c..]) {
                *x -= f * p;
            }
            b[r] -= f * b[c];
        }
    }
    let mut x = [0.0; N];
    for c in (0..N).rev() {
        let s: f64 = (c + 1..N).map(|k| a[c][k] * x[k]).sum();
        x[c] = (b[c] - s) / a[c][c];
    }
    x
}
