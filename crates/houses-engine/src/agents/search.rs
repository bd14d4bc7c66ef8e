//! A search player: determinized Monte Carlo tree search. For each decision it samples worlds
//! consistent with what its player knows (`Observation::determinize`: the unseen cards dealt at
//! random to the opponent's hidden hand and the deck), runs UCT in each world with fast
//! play-outs by the heuristic player (cut off after a few turns and scored by an evaluation),
//! and plays the move most visited over all worlds. It reads nothing but its `View`.

use super::greedy::{Greedy, Params};
use super::Agent;
use crate::action::Action;
use crate::card::Kind;
use crate::observe::View;
use crate::rng::GameRng;
use crate::state::{other, Seat, State, Unit};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchParams {
    /// Simulations per decision, over all sampled worlds.
    pub iterations: u32,
    /// Worlds sampled per decision.
    pub worlds: u32,
    /// UCT exploration constant.
    pub c: f64,
    /// Play-outs stop after this many turns and are scored by the evaluation (0: play to the end).
    pub depth: u32,
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams {
            iterations: 1000,
            worlds: 8,
            c: 0.5,
            depth: 8,
        }
    }
}

impl SearchParams {
    pub fn set(&mut self, k: &str, v: &str) -> Result<(), String> {
        let int = || -> Result<u32, String> {
            v.parse::<u32>()
                .ok()
                .filter(|&n| n > 0 || k == "depth")
                .ok_or_else(|| {
                    format!("agent 'search': parameter '{k}' expects a positive integer, got '{v}'")
                })
        };
        match k {
            "iterations" => self.iterations = int()?,
            "worlds" => self.worlds = int()?,
            "depth" => self.depth = int()?,
            "c" => {
                self.c = v.parse::<f64>().ok().filter(|x| *x >= 0.0).ok_or_else(|| {
                    format!(
                        "agent 'search': parameter 'c' expects a non-negative number, got '{v}'"
                    )
                })?
            }
            _ => {
                let names = ["iterations", "worlds", "c", "depth"];
                let hint = crate::rules::closest(k, names.iter().copied())
                    .map(|c| format!(" (did you mean '{c}'?)"))
                    .unwrap_or_default();
                return Err(format!(
                    "unknown search parameter '{k}'{hint}; valid parameters: {}",
                    names.join(", ")
                ));
            }
        }
        Ok(())
    }

    pub fn canonical(&self) -> String {
        format!(
            "search(iterations={},worlds={},c={},depth={})",
            self.iterations, self.worlds, self.c, self.depth
        )
    }
}

pub struct Search {
    rng: GameRng,
    params: SearchParams,
}

impl Search {
    pub fn new(seed: u64, params: SearchParams) -> Search {
        Search {
            rng: GameRng::new(seed),
            params,
        }
    }
}

struct Node {
    /// Who decides at this node.
    player: Seat,
    visits: u32,
    /// Reward summed for the player who made the move into this node.
    value: f64,
    children: Vec<(Action, usize)>,
    untried: Vec<Action>,
}

fn unit_worth(u: &Unit) -> f64 {
    u.cards
        .iter()
        .map(|c| match c.face.kind() {
            Kind::Soldier => c.face.rank() as f64,
            Kind::King | Kind::Joker => 10.0,
            _ => 4.0,
        })
        .sum()
}

/// How likely `seat` is to win from here, by a quick reading of life, board and hand.
pub fn evaluate(st: &State, seat: Seat) -> f64 {
    if let Some(o) = st.outcome {
        return match o.winner {
            Some(w) if w == seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    let (me, op) = (&st.players[seat], &st.players[other(seat)]);
    let board = |p: &crate::state::Player| p.units().map(unit_worth).sum::<f64>();
    let x = 0.08 * (me.life - op.life) as f64
        + 0.04 * (board(me) - board(op))
        + 0.05 * (me.hand.len() as f64 - op.hand.len() as f64);
    1.0 / (1.0 + (-x).exp())
}

/// Apply moves that have no alternative, so that tree nodes are real choices.
fn play_forced(st: &mut State, buf: &mut Vec<Action>) {
    while !st.is_over() {
        st.legal_actions_into(buf);
        if buf.len() != 1 {
            return;
        }
        st.apply_unchecked(buf[0]);
    }
}

impl Search {
    fn playout(&mut self, st: &mut State, buf: &mut Vec<Action>) -> [f64; 2] {
        let mut policy = [
            Greedy::with(self.rng.next_u64(), Params::default()),
            Greedy::with(self.rng.next_u64(), Params::default()),
        ];
        let stop = st.turn + self.params.depth;
        while !st.is_over()
            && (self.params.depth == 0 || st.turn < stop)
            && st.actions_taken < 5_000
        {
            let seat = st.pending.decider().unwrap();
            st.legal_actions_into(buf);
            let i = if buf.len() == 1 {
                0
            } else {
                policy[seat].choose(&View::new(st, seat), buf)
            };
            st.apply_unchecked(buf[i]);
        }
        let r = evaluate(st, 0);
        [r, 1.0 - r]
    }

    fn simulate(&mut self, world: &State, tree: &mut Vec<Node>, buf: &mut Vec<Action>) {
        let mut st = world.clone();
        let mut path = vec![0usize];
        let mut node = 0;
        loop {
            if st.is_over() {
                break;
            }
            if !tree[node].untried.is_empty() {
                let k = self.rng.below(tree[node].untried.len());
                let a = tree[node].untried.swap_remove(k);
                st.apply_unchecked(a);
                play_forced(&mut st, buf);
                let player = st.pending.decider().unwrap_or(0);
                let mut untried = Vec::new();
                if !st.is_over() {
                    st.legal_actions_into(&mut untried);
                }
                tree.push(Node {
                    player,
                    visits: 0,
                    value: 0.0,
                    children: Vec::new(),
                    untried,
                });
                let child = tree.len() - 1;
                tree[node].children.push((a, child));
                path.push(child);
                break;
            }
            if tree[node].children.is_empty() {
                break;
            }
            let ln_n = (tree[node].visits.max(1) as f64).ln();
            let c = self.params.c;
            let (a, child) = *tree[node]
                .children
                .iter()
                .max_by(|x, y| {
                    let ucb = |&(_, i): &(Action, usize)| {
                        let n = &tree[i];
                        n.value / n.visits.max(1) as f64
                            + c * (ln_n / n.visits.max(1) as f64).sqrt()
                    };
                    ucb(x).total_cmp(&ucb(y))
                })
                .unwrap();
            st.apply_unchecked(a);
            play_forced(&mut st, buf);
            node = child;
            path.push(node);
        }
        let reward = self.playout(&mut st, buf);
        // Each node's value is from the side of the player who moved into it (its parent's).
        for w in path.windows(2) {
            let mover = tree[w[0]].player;
            tree[w[1]].visits += 1;
            tree[w[1]].value += reward[mover];
        }
        tree[0].visits += 1;
    }
}

impl Agent for Search {
    fn choose(&mut self, view: &View, legal: &[Action]) -> usize {
        if legal.len() == 1 {
            return 0;
        }
        let obs = view.observation();
        let worlds = self.params.worlds.max(1);
        let per_world = (self.params.iterations / worlds).max(1);
        let mut visits = vec![0u32; legal.len()];
        let mut buf = Vec::new();
        for _ in 0..worlds {
            let world = obs.determinize(&mut self.rng);
            let mut tree = vec![Node {
                player: view.seat(),
                visits: 0,
                value: 0.0,
                children: Vec::new(),
                untried: legal.to_vec(),
            }];
            for _ in 0..per_world {
                self.simulate(&world, &mut tree, &mut buf);
            }
            for &(a, i) in &tree[0].children {
                if let Some(k) = legal.iter().position(|&x| x == a) {
                    visits[k] += tree[i].visits;
                }
            }
        }
        let best = *visits.iter().max().unwrap();
        let ties: Vec<usize> = (0..legal.len()).filter(|&i| visits[i] == best).collect();
        ties[self.rng.below(ties.len())]
    }
}
