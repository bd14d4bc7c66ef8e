//! The search player's judgement of a position: the probability that a seat wins, from a
//! logistic model over a few readable features of the board, hands and life.
//!
//! The weights are fitted, not chosen: `benchmarks/fit_evaluation.py` plays self-play games
//! (`cargo run --release --example evaluation_data`), records the features of positions along
//! the way with who won, and fits a logistic regression. They predict the outcome of play by
//! the heuristic player from that position, so a search that stops at a leaf and asks this
//! model gets, in about a microsecond, what a play-out by that player would have told it.

use crate::core::card::Kind;
use crate::core::Seat;
use crate::houses::rules::MAX_PLAYERS;
use crate::houses::state::{Player, State};

/// The features' names, in the order of `features` (for the fit and for readers).
pub const FEATURES: [&str; 13] = [
    "life",
    "life_low",
    "life_late",
    "front_attack",
    "front_units",
    "ready_attack",
    "aces",
    "king",
    "jokers",
    "hand_soldiers",
    "hand_tricks",
    "hand_aces_jokers",
    "active",
];

/// Fitted weights (see the module comment); one per feature, no intercept (every feature is a
/// difference between the two seats, so a mirrored position is worth exactly one half).
pub const WEIGHTS: [f64; 13] = [
    0.8010, 0.9193, 0.0484, 1.0205, 0.0511, 0.4578, 1.3012, 0.2575, 0.3082, 0.8067, 0.7317, 0.7092,
    -0.0320,
];

/// One seat's side of the features.
pub fn side(st: &State, s: Seat) -> [f64; 13] {
    let p: &Player = &st.players[s];
    let late = 1.0 - (st.deck.len() + st.deck_p2.len()) as f64 / 54.0;
    let life = p.life.max(0) as f64;
    let (mut fa, mut ready) = (0.0, 0.0);
    for u in &p.front {
        let a = st.unit_attack(u) as f64;
        fa += a;
        if !u.exhausted {
            ready += a;
        }
    }
    let (mut aces, mut king, mut jokers) = (0.0, 0.0, 0.0);
    for u in &p.rear {
        match u.kind() {
            Kind::Ace => aces += 1.0,
            Kind::King => king += 1.0,
            Kind::Joker => jokers += 1.0,
            _ => {}
        }
    }
    let (mut soldiers, mut tricks, mut big) = (0.0, 0.0, 0.0);
    for c in &p.hand {
        match c.kind() {
            Kind::Soldier => soldiers += c.rank() as f64,
            Kind::Jack | Kind::Queen => tricks += 1.0,
            // A King counts the same in hand or in play: where it is says more about how the
            // heuristic player got there than about the position (fitted separately, a King in
            // hand outweighed one in play, and the search stopped deploying Kings). What a
            // deployed King does shows in the attack features.
            Kind::King => king += 1.0,
            Kind::Ace | Kind::Joker => big += 1.0,
        }
    }
    [
        life / 10.0,
        life.min(10.0) / 10.0,
        late * life / 10.0,
        fa / 10.0,
        p.front.len() as f64,
        ready / 10.0,
        aces,
        king,
        jokers,
        soldiers / 10.0,
        tricks,
        big,
        (st.active == s) as u8 as f64,
    ]
}

/// The features of `st` from `seat`'s side: each is `seat`'s value minus the opponent's (with
/// more than one opponent still in, the average opponent's; `evaluate` judges those positions
/// with `share_of_win` instead).
pub fn features(st: &State, seat: Seat) -> [f64; 13] {
    let a = side(st, seat);
    // With more than two players: against the average opponent still in.
    let (mut sum, mut k) = ([0.0; 13], 0);
    for o in st.opponents(seat) {
        let b = side(st, o);
        for (x, y) in sum.iter_mut().zip(b) {
            *x += y;
        }
        k += 1;
    }
    let k = f64::from(k.max(1));
    std::array::from_fn(|i| a[i] - sum[i] / k)
}

/// A fitted evaluation: weights for two seats still in (`features`, a logistic model) and for
/// three or more (`side`, the win shared out: see `WEIGHTS_MULTI`).
pub struct Evaluation {
    pub two: [f64; 13],
    pub multi: [f64; 13],
}

/// Every fitted evaluation, by number (`search(eval=K)`): 0 fitted on the heuristic player's
/// games (`WEIGHTS`, `WEIGHTS_MULTI`); each later one refitted on the search player's own
/// games with the one before it (expert iteration, docs/agents.md).
pub const EVALUATIONS: &[Evaluation] = &[
    Evaluation {
        two: WEIGHTS,
        multi: WEIGHTS_MULTI,
    },
    Evaluation {
        two: WEIGHTS_GEN1,
        multi: WEIGHTS_MULTI_GEN1,
    },
    Evaluation {
        two: WEIGHTS_GEN2,
        multi: WEIGHTS_MULTI_GEN2,
    },
    // Generation 3: at two players generation 1's weights, which beat generation 2's (48.2%
    // [47.3, 49.1] for generation 2 over 12,000 games: the two-player iteration stopped there).
    Evaluation {
        two: WEIGHTS_GEN1,
        multi: WEIGHTS_MULTI_GEN3,
    },
];

/// Generation 1: refitted on `search(iterations=100,worlds=16,c=0.05,rollout=1)`'s own games
/// (generation 0's evaluation), one move in 50 at random:
/// `benchmarks/fit_evaluation.py 20000 1 --jobs 2 --explore 50 --generation 1 --agent
/// 'search(iterations=100,worlds=16,c=0.05,rollout=1)' --write` (and `--players` for
/// `WEIGHTS_MULTI_GEN1`, 3,000 games).
pub const WEIGHTS_GEN1: [f64; 13] = [
    0.0423, 1.1741, 1.1305, 1.0754, 0.0947, 0.4699, 1.3443, 0.2323, 0.7857, 0.8243, 0.6822, 0.8639,
    -0.0557,
];
pub const WEIGHTS_MULTI_GEN1: [f64; 13] = [
    -2.0345, -1.8936, 4.1494, -0.0944, 0.1346, 0.1870, 0.0798, -0.0791, -0.1030, -0.2513, 0.0741,
    -0.0336, 0.0888,
];

/// Generation 2: the same, on the games of generation 1 (`search(...,eval=1)`):
/// `benchmarks/fit_evaluation.py 20000 2 --jobs 2 --explore 50 --generation 2 --agent
/// 'search(iterations=100,worlds=16,c=0.05,rollout=1,eval=1)' --write` (and `--players`, 3,000
/// games).
pub const WEIGHTS_GEN2: [f64; 13] = [
    -0.0458, 1.2233, 1.1576, 1.0681, 0.1073, 0.4519, 1.3711, 0.2421, 0.7787, 0.8529, 0.7152,
    0.9025, -0.0733,
];
pub const WEIGHTS_MULTI_GEN2: [f64; 13] = [
    -2.1046, 0.6973, 3.2594, 0.3179, -0.0452, 0.1010, 0.2379, 0.1513, -0.1181, 0.2303, 0.1804,
    0.1643, -0.0895,
];

/// Generation 3, three or four seats only (at two players generation 2 lost to generation 1,
/// so generation 3 keeps generation 1's two-player weights): on the games of generation 2, `benchmarks/fit_evaluation.py 3000 3 --players --jobs 2 --explore 50
/// --generation 3 --agent 'search(iterations=100,worlds=16,c=0.05,rollout=1,eval=2)' --write`.
pub const WEIGHTS_MULTI_GEN3: [f64; 13] = [
    -2.2262, 0.2894, 3.4014, -0.0094, 0.1223, 0.2295, 0.2532, -0.0525, -0.1107, -0.0618, 0.1785,
    0.0881, 0.0008,
];

/// How likely `seat` is to win from here; exact once the game is over. A game with no
/// winner is worth an even share (a half with two players, a third with three).
pub fn evaluate(st: &State, seat: Seat) -> f64 {
    evaluate_with(st, seat, &EVALUATIONS[0])
}

/// `evaluate` with the fitted evaluation `e`.
pub fn evaluate_with(st: &State, seat: Seat, e: &Evaluation) -> f64 {
    if let Some(o) = st.outcome {
        return match o.winner {
            Some(w) if w == seat => 1.0,
            Some(_) => 0.0,
            None => 1.0 / st.seats() as f64,
        };
    }
    if st.players[seat].out {
        return 0.0;
    }
    let foes = st.opponents(seat).count();
    if foes >= 2 {
        return share_of_win(st, seat, &e.multi);
    }
    let f = features(st, seat);
    let x: f64 = f.iter().zip(&e.two).map(|(f, w)| f * w).sum();
    1.0 / (1.0 + (-x).exp())
}

/// Weights for three or more seats still in, fitted on three- and four-player self-play
/// (`benchmarks/fit_evaluation.py 100000 1 --players --write`): the win is shared out among the
/// seats in proportion to `exp(WEIGHTS_MULTI . side)` (a conditional logit; with two seats it
/// is the two-player model's form). Fitted on their own because the table changes what
/// matters: low life counts for more (the seat lowest on life is the next one out), and damage
/// dealt to one opponent helps every other seat too.
pub const WEIGHTS_MULTI: [f64; 13] = [
    0.4712, 2.8246, 0.6284, 0.3566, 0.1624, 0.2075, 0.5537, 0.1438, 0.0837, 0.4952, 0.2255, 0.4303,
    -0.2194,
];

/// A seat's score under weights `w` for three or more seats (`WEIGHTS_MULTI`).
fn multi_score(st: &State, s: Seat, w: &[f64; 13]) -> f64 {
    side(st, s).iter().zip(w).map(|(f, w)| f * w).sum()
}

/// `seat`'s share of the win among three or more seats still in (see `WEIGHTS_MULTI`), from
/// every seat's score.
fn share_from(st: &State, seat: Seat, scores: &[f64; MAX_PLAYERS]) -> f64 {
    let mine = scores[seat];
    // Relative to `seat`'s own score, so that the exponentials stay in range.
    let others: f64 = st.opponents(seat).map(|o| (scores[o] - mine).exp()).sum();
    1.0 / (1.0 + others)
}

/// `seat`'s share of the win among three or more seats still in (see `WEIGHTS_MULTI`).
fn share_of_win(st: &State, seat: Seat, w: &[f64; 13]) -> f64 {
    let mut scores = [0.0; MAX_PLAYERS];
    for s in std::iter::once(seat).chain(st.opponents(seat)) {
        scores[s] = multi_score(st, s, w);
    }
    share_from(st, seat, &scores)
}

/// `evaluate` for every seat at once (the search backs up every seat's value at each leaf):
/// with three or more seats in, each seat's score is worked out once rather than once per
/// seat judged. The same values as `evaluate`, bit for bit.
pub fn evaluate_all(st: &State, values: &mut [f64]) {
    evaluate_all_with(st, values, &EVALUATIONS[0]);
}

/// `evaluate_all` with the fitted evaluation `e`.
pub fn evaluate_all_with(st: &State, values: &mut [f64], e: &Evaluation) {
    let alive: arrayvec::ArrayVec<Seat, MAX_PLAYERS> = st.alive().collect();
    if st.outcome.is_some() || alive.len() < 3 {
        for (s, v) in values.iter_mut().enumerate() {
            *v = evaluate_with(st, s, e);
        }
        return;
    }
    let mut scores = [0.0; MAX_PLAYERS];
    for &s in &alive {
        scores[s] = multi_score(st, s, &e.multi);
    }
    for (s, v) in values.iter_mut().enumerate() {
        *v = if st.players[s].out {
            0.0
        } else {
            share_from(st, s, &scores)
        };
    }
}
