//! The search's choice at the root (`core::search`): sequential halving compares the root's moves
//! in the same worlds, where UCB with a small `c` meets each first in another world; and the
//! `halving`, `expand` and `reuse` parameters as written and refused.
use houses_engine::core::rng::GameRng;
use houses_engine::core::{
    Game, GameRules, Mcts, OptionSpec, SearchParams, Searchable, Seat, MAX_SEATS,
};

/// A one-decision game for the root's choice: seat 0 picks one of four moves, worth
/// `QUALITY[m]`, plus a luck shared by every move of the same world (the cards it dealt)
/// and far larger than the differences between the moves.
#[derive(Clone)]
struct Lottery {
    chosen: Option<u8>,
    luck: f64,
}

const QUALITY: [f64; 4] = [0.0, 0.05, 0.10, 0.15];

#[derive(Clone)]
struct NoRules;

impl GameRules for NoRules {
    fn parse(_: &str) -> Result<Self, String> {
        Ok(NoRules)
    }
    fn canonical(&self) -> String {
        String::new()
    }
    fn options() -> &'static [OptionSpec] {
        &[]
    }
}

impl Game for Lottery {
    const NAME: &'static str = "lottery";
    const VERSION: u32 = 1;
    type Rules = NoRules;
    type Action = u8;
    type Record = ();
    fn new(_: &NoRules, _: u64, _: bool) -> Self {
        Lottery {
            chosen: None,
            luck: 0.0,
        }
    }
    fn decider(&self) -> Option<Seat> {
        self.chosen.is_none().then_some(0)
    }
    fn legal_into(&self, out: &mut Vec<u8>) {
        out.clear();
        out.extend(0..QUALITY.len() as u8);
    }
    fn apply_unchecked(&mut self, a: u8) {
        self.chosen = Some(a);
    }
    fn actions_taken(&self) -> u32 {
        u32::from(self.chosen.is_some())
    }
    fn stop(&mut self) {}
    fn record(&self, _: u64, _: [u32; MAX_SEATS]) {}
    fn take_log(&mut self) -> Option<Vec<String>> {
        None
    }
    fn log_so_far(&self) -> &[String] {
        &[]
    }
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }
}

impl Searchable for Lottery {
    fn determinize(&self, _: Seat, rng: &mut GameRng) -> Self {
        Lottery {
            chosen: self.chosen,
            luck: rng.below(1000) as f64 / 2000.0,
        }
    }
    fn evaluate(&self, seat: Seat) -> f64 {
        let v = self.chosen.map_or(0.0, |m| QUALITY[m as usize]) + self.luck;
        if seat == 0 {
            v
        } else {
            1.0 - v
        }
    }
}

/// How often, in 200 decisions, a search with `halving` picks the best move.
fn best_picked(halving: u32) -> usize {
    let params = SearchParams {
        iterations: 40,
        worlds: 32,
        c: 0.05,
        rollout: 0,
        eval: 0,
        halving,
        expand: 0,
        reuse: 0,
    };
    let game = Lottery::new(&NoRules, 0, false);
    let legal: Vec<u8> = (0..4).collect();
    (0..200)
        .filter(|&seed| Mcts::new(seed, params).choose(&game, 0, &legal) == 3)
        .count()
}

#[test]
fn sequential_halving_compares_the_roots_moves_in_the_same_worlds() {
    // UCB with a small `c` meets each move first in another world and sticks with the
    // luckiest; halving sees every move in the same worlds, where the luck cancels.
    assert_eq!(best_picked(1), 200);
    let ucb = best_picked(0);
    assert!(ucb < 150, "UCB picked the best move {ucb} times of 200");
}

#[test]
fn halving_is_a_parameter_named_only_when_set() {
    let p = SearchParams::default().with([("halving", "1")]).unwrap();
    assert_eq!(
        p.canonical(),
        "search(iterations=1000,worlds=32,c=0.05,rollout=0,halving=1)"
    );
    assert_eq!(
        SearchParams::default()
            .with([("halving", "2")])
            .unwrap_err(),
        "agent 'search': parameter 'halving' expects a non-negative integer, got '2' (at most 1)"
    );
}

#[test]
fn expand_is_a_parameter_named_only_when_set() {
    let p = SearchParams::default()
        .with([("halving", "1"), ("expand", "1")])
        .unwrap();
    assert_eq!(
        p.canonical(),
        "search(iterations=1000,worlds=32,c=0.05,rollout=0,halving=1,expand=1)"
    );
    assert_eq!(
        SearchParams::default().with([("expand", "2")]).unwrap_err(),
        "agent 'search': parameter 'expand' expects a non-negative integer, got '2' (at most 1)"
    );
}

#[test]
fn reuse_is_a_parameter_named_only_when_set() {
    let p = SearchParams::default()
        .with([("halving", "1"), ("expand", "1"), ("reuse", "1")])
        .unwrap();
    assert_eq!(
        p.canonical(),
        "search(iterations=1000,worlds=32,c=0.05,rollout=0,halving=1,expand=1,reuse=1)"
    );
    assert_eq!(
        SearchParams::default().with([("reuse", "2")]).unwrap_err(),
        "agent 'search': parameter 'reuse' expects a non-negative integer, got '2' (at most 1)"
    );
}

/// Without a quick policy of its own a game expands at random either way: the default
/// `Searchable::expand_choice` draws as `expand=0` does, so the decisions are the same.
#[test]
fn expand_one_without_a_policy_is_expand_zero() {
    let game = Lottery::new(&NoRules, 0, false);
    let legal: Vec<u8> = (0..4).collect();
    for halving in [0, 1] {
        let params = |expand| SearchParams {
            iterations: 40,
            worlds: 8,
            c: 0.05,
            rollout: 0,
            eval: 0,
            halving,
            expand,
            reuse: 0,
        };
        for seed in 0..20 {
            let a = Mcts::new(seed, params(0)).choose(&game, 0, &legal);
            let b = Mcts::new(seed, params(1)).choose(&game, 0, &legal);
            assert_eq!(a, b, "seed {seed}, halving {halving}");
        }
    }
}
