//! Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and Whitehouse
//! 2012) over any game that can sample the worlds a player cannot tell apart.
//!
//! One tree per decision, built over many sampled worlds: each simulation takes one world, walks
//! down the tree choosing among the moves legal *in that world* (UCB with availability counts,
//! so a move that is rarely possible is not starved), adds one node, optionally plays a few moves
//! by a cheap policy, and scores the position with the game's evaluation. A node is a move by a
//! seat; the root's children are the searching player's own moves, which every world shares.
//!
//! The search reads the real game only through `Searchable::determinize` for its own seat, so it
//! cannot peek (`core::testing::check_search_hides`, run in every game's tests). Nothing allocates per
//! simulation: the worlds, the tree and the move buffers are reused from decision to decision.
//!
//! Each decision draws from its own stream (`DecisionStreams`: the search's seed and its own
//! decision index), never from what earlier decisions left: how many random numbers a decision
//! uses depends on everything it simulates, so two games identical up to a decision (one deal
//! under two rule sets) make it with the same numbers, however the earlier searches differed.

use super::game::Seat;
use super::interrupt::{stop_requested, SEARCH_CHECK_EVERY};
use super::rng::{DecisionStreams, GameRng};
use rustc_hash::FxHashMap;

pub use super::search_params::{SearchParams, MAX_ITERATIONS, MAX_WORLDS, SEARCH_PARAM_NAMES};
pub use super::searchable::Searchable;

const NONE: u32 = u32::MAX;

/// A tree node: a move by `mover`, and the statistics of the simulations through it.
#[derive(Clone, Copy)]
struct Node {
    mover: Seat,
    visits: u32,
    /// Simulations that passed through the parent while this move was legal.
    avail: u32,
    /// Reward summed from `mover`'s side.
    value: f64,
    /// Children added so far (a world's list of them needs refreshing when this grew).
    expanded: u32,
}

impl Node {
    fn new(mover: Seat, avail: u32) -> Node {
        Node {
            mover,
            visits: 0,
            avail,
            value: 0.0,
            expanded: 0,
        }
    }
}

/// A world's decision below a node (`Mcts::kid_at`).
#[derive(Clone, Copy)]
struct KidEntry {
    /// Where the decision's children start in `kid_lists`.
    kids: u32,
    /// Where its forced moves, then its moves, start in `kid_moves`.
    recorded: u32,
    forced: u32,
    moves: u32,
    /// The node's `expanded` when the children were last brought up to date.
    synced: u32,
}

/// What a decision leaves for the next under `reuse`.
#[derive(Clone)]
struct Kept<G: Searchable> {
    seat: Seat,
    action: G::Action,
    node: u32,
    world: G,
}

/// The search player for game `G`, for one game: its decisions are numbered from the first
/// (`DecisionStreams`), so a new game wants a new one. A clone decides from there on exactly as
/// the original would (a game forked part way: `Agent::fork`).
#[derive(Clone)]
pub struct Mcts<G: Searchable> {
    /// The current decision's stream (from `streams`).
    rng: GameRng,
    streams: DecisionStreams,
    params: SearchParams,
    nodes: Vec<Node>,
    /// The tree's edges: (parent, mover, move) to the child. A node's moves differ from world
    /// to world, so children are found by move rather than by position.
    children: FxHashMap<(u32, u8, G::Action), u32>,
    worlds: Vec<G>,
    /// The world a simulation plays in, reset from a sampled one each time (boxed: it moves
    /// in and out of `self` by pointer).
    scratch: Option<Box<G>>,
    legal: Vec<G::Action>,
    /// Each world's decision below each node: `kid_at[kid_base[node] + world]` (`NONE`: no
    /// block of entries yet; an entry's `kids` is `NONE` until recorded), a block per node
    /// rather than a hash map (a probe per step down the tree). A world reaches a node always
    /// in the same state (its chance is seeded), so the forced moves and the decision that
    /// follow a node are worked out by the rules on the world's first visit and replayed from
    /// the record after.
    kid_base: Vec<u32>,
    kid_at: Vec<KidEntry>,
    /// Each recorded decision's children, one a move (`NONE` while untried).
    kid_lists: Vec<u32>,
    /// Each recorded decision's forced moves, then its moves.
    kid_moves: Vec<G::Action>,
    path: Vec<u32>,
    /// Under sequential halving, the root's child for each legal move (`NONE`: not yet).
    root_kids: Vec<u32>,
    /// The moves not yet in the tree below a node (`expand=1`).
    untried: Vec<G::Action>,
    /// sqrt(ln n) and 1/sqrt(n) for every count a decision can reach: UCB without libm calls.
    sqrt_ln: Vec<f64>,
    inv_sqrt: Vec<f64>,
    /// The current decision's root: 0, or under `reuse` the node of the move chosen at the
    /// decision before it.
    root: u32,
    /// Under `reuse`: the last decision's seat, the move it chose and that move's node, and one
    /// of its worlds, kept for a decision that follows on from it (`choose_following`).
    kept: Option<Kept<G>>,
    /// The simulations the last decision's root held when it began (0: a fresh tree; `None`:
    /// it was not searched).
    held: Option<u32>,
}

impl<G: Searchable> Mcts<G> {
    pub fn new(seed: u64, params: SearchParams) -> Mcts<G> {
        Mcts {
            rng: GameRng::new(seed),
            streams: DecisionStreams::new(seed),
            params,
            nodes: Vec::new(),
            children: FxHashMap::default(),
            worlds: Vec::new(),
            scratch: None,
            legal: Vec::new(),
            kid_base: Vec::new(),
            kid_at: Vec::new(),
            kid_lists: Vec::new(),
            kid_moves: Vec::new(),
            path: Vec::new(),
            root_kids: Vec::new(),
            untried: Vec::new(),
            sqrt_ln: Vec::new(),
            inv_sqrt: Vec::new(),
            root: 0,
            kept: None,
            held: None,
        }
    }

    pub fn params(&self) -> &SearchParams {
        &self.params
    }

    /// Choose among `legal` for `seat` in `game`, reading it only through `determinize`.
    pub fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action]) -> usize {
        self.choose_with(seat, legal, |rng| game.determinize(seat, rng))
    }

    /// Choose among `legal` for `seat`, with `sample` drawing the worlds `seat` cannot tell
    /// apart from the real one. A forced move (one legal) is no decision: it draws nothing and
    /// is not counted.
    pub fn choose_with(
        &mut self,
        seat: Seat,
        legal: &[G::Action],
        sample: impl FnMut(&mut GameRng) -> G,
    ) -> usize {
        self.choose_following(seat, legal, false, sample)
    }

    /// `choose_with`, told whether this decision `follows` on from this search's last one:
    /// the same seat in the same turn, and nothing has happened since but the move it chose
    /// and forced moves, which revealed nothing (no card drawn or shown, no chance): the
    /// caller knows what its seat has seen. Under `reuse` such a decision starts from the
    /// subtree of that move (the search checks that no one decided in between, `reached`),
    /// its simulations counted towards this decision's `iterations`; its worlds are sampled
    /// afresh all the same, and so are the records of each world below the nodes.
    pub fn choose_following(
        &mut self,
        seat: Seat,
        legal: &[G::Action],
        follows: bool,
        mut sample: impl FnMut(&mut GameRng) -> G,
    ) -> usize {
        let kept = self.kept.take().filter(|k| follows && k.seat == seat);
        self.held = None;
        if legal.len() <= 1 {
            return 0;
        }
        // Everything this decision draws (worlds, expansions, play-outs, ties) comes from its
        // own stream.
        self.rng = self.streams.next_decision();
        self.worlds.clear();
        for k in 0..self.params.worlds.max(1) {
            // A stopped caller throws this decision away (`core::interrupt`): stop sampling.
            if k % SEARCH_CHECK_EVERY == 0 && k > 0 && stop_requested() {
                break;
            }
            let w = sample(&mut self.rng);
            self.worlds.push(w);
        }
        // The moves worth searching: every world agrees on what is futile (it reads only what
        // `seat` knows). A lone one is played without a search.
        let mut candidates: Vec<bool> = legal.iter().map(|a| !self.worlds[0].futile(a)).collect();
        match candidates.iter().filter(|&&c| c).count() {
            0 => candidates.fill(true),
            1 => return candidates.iter().position(|&c| c).unwrap(),
            _ => {}
        }
        // Each world's records below the nodes are of the last decision's worlds: dropped.
        self.kid_lists.clear();
        self.kid_base.clear();
        self.kid_at.clear();
        self.kid_moves.clear();
        let mut budget = self.params.iterations.max(1);
        self.held = Some(0);
        match kept.and_then(|k| self.reached(k, seat, legal)) {
            Some(node) => {
                self.root = node;
                self.held = Some(self.nodes[node as usize].visits);
                // The simulations it holds count towards this decision's (at least one new).
                budget = budget
                    .saturating_sub(self.nodes[node as usize].visits)
                    .max(1);
            }
            None => {
                self.nodes.clear();
                self.children.clear();
                self.root = self.add_node(seat, 0);
            }
        }
        // Every count this decision can reach: the root's kept visits and its own.
        let n = (self.nodes[self.root as usize].visits + budget) as usize + 2;
        if self.sqrt_ln.len() < n {
            self.sqrt_ln = (0..n).map(|i| (i.max(1) as f64).ln().sqrt()).collect();
            self.inv_sqrt = (0..n).map(|i| 1.0 / (i.max(1) as f64).sqrt()).collect();
        }
        let choice = if self.params.halving == 1 {
            self.halve_root(legal, &candidates, budget as usize)
        } else {
            self.ucb_root(seat, legal, &candidates, budget)
        };
        if self.params.reuse > 0 && !stop_requested() {
            self.kept = self
                .child(self.root, seat, &legal[choice])
                .map(|node| Kept {
                    seat,
                    action: legal[choice],
                    node,
                    world: self.worlds[0].clone(),
                });
        }
        choice
    }

    /// The kept node, if its move leads to this decision by forced moves alone: replayed in
    /// one of the last decision's worlds, the move and the forced moves after it (one legal
    /// move each, as the game loop plays them) come to `seat`'s decision in this decision's
    /// turn, after as many moves as in this decision's worlds, with the same legal moves.
    /// Otherwise someone decided in between (or another move was played), and the kept tree
    /// is not this decision's.
    fn reached(&self, kept: Kept<G>, seat: Seat, legal: &[G::Action]) -> Option<u32> {
        let now = &self.worlds[0];
        let mut w = kept.world;
        let mut moves = Vec::new();
        w.apply_unchecked(kept.action);
        while w.actions_taken() < now.actions_taken() {
            w.decider()?;
            w.legal_into(&mut moves);
            if moves.len() != 1 {
                return None; // someone decided in between
            }
            w.apply_unchecked(moves[0]);
        }
        if w.decider() != Some(seat)
            || w.actions_taken() != now.actions_taken()
            || w.turn() != now.turn()
        {
            return None;
        }
        w.legal_into(&mut moves);
        (moves == legal).then_some(kept.node)
    }

    /// The root's move by UCB like every node: the most visited after `budget` simulations.
    fn ucb_root(
        &mut self,
        seat: Seat,
        legal: &[G::Action],
        candidates: &[bool],
        budget: u32,
    ) -> usize {
        for i in 0..budget {
            if i % SEARCH_CHECK_EVERY == 0 && stop_requested() {
                break; // the caller throws this decision away (`core::interrupt`)
            }
            self.simulate_in(i as usize % self.worlds.len(), None);
        }
        // The most visited of the root's moves; ties at random.
        let mut best = 0;
        let mut ties: u32 = 0;
        let mut choice = 0;
        for (i, a) in legal.iter().enumerate() {
            if !candidates[i] {
                continue;
            }
            let v = self
                .child(self.root, seat, a)
                .map_or(0, |c| self.nodes[c as usize].visits);
            if v > best || ties == 0 {
                best = v;
                ties = 1;
                choice = i;
            } else if v == best {
                ties += 1;
                if self.rng.below(ties as usize) == 0 {
                    choice = i;
                }
            }
        }
        choice
    }

    /// The root's move by sequential halving (`SearchParams::halving`): in each round every
    /// move still in is simulated, first at the root, in the same worlds (the round's share of
    /// the simulations, at least one each); the better half by mean value stays. Below the
    /// root the tree grows by UCB as usual. Ties keep the earlier move in `legal`.
    fn halve_root(&mut self, legal: &[G::Action], candidates: &[bool], budget: usize) -> usize {
        let mut alive: Vec<usize> = (0..legal.len()).filter(|&i| candidates[i]).collect();
        // The root's children so far (a kept root has some), by move.
        let seat = self.nodes[self.root as usize].mover;
        self.root_kids.clear();
        for a in legal {
            let k = self.child(self.root, seat, a).unwrap_or(NONE);
            self.root_kids.push(k);
        }
        let rounds = alive.len().next_power_of_two().trailing_zeros().max(1) as usize;
        // Each round starts at the next world, so that rounds do not all meet the first ones.
        let mut world = 0;
        let mut spent = 0;
        for round in 0..rounds {
            if alive.len() == 1 {
                break;
            }
            // This round's share of what is left, split between the moves still in.
            let share = (budget.saturating_sub(spent) / (rounds - round)).max(alive.len());
            let each = share / alive.len();
            for _ in 0..each {
                if stop_requested() {
                    return alive[0]; // the caller throws this decision away
                }
                let w = world % self.worlds.len();
                for &i in &alive {
                    self.simulate_in(w, Some((i, legal[i])));
                }
                world += 1;
                spent += alive.len();
            }
            let mean = |me: &Self, i: usize| match me.root_kids[i] {
                NONE => f64::NEG_INFINITY,
                c => {
                    let n = &me.nodes[c as usize];
                    n.value / f64::from(n.visits.max(1))
                }
            };
            // Stable: among equal means the earlier move stays ahead.
            let mut ranked: Vec<(usize, f64)> = alive.iter().map(|&i| (i, mean(self, i))).collect();
            ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
            alive = ranked
                .iter()
                .take(alive.len().div_ceil(2))
                .map(|&(i, _)| i)
                .collect();
        }
        alive[0]
    }

    /// One simulation in world `w` (a scratch copy of it), its first move `first` if given.
    fn simulate_in(&mut self, w: usize, first: Option<(usize, G::Action)>) {
        let mut st = match self.scratch.take() {
            Some(mut st) => {
                (*st).clone_from(&self.worlds[w]);
                st
            }
            None => Box::new(self.worlds[w].clone()),
        };
        self.simulate(&mut st, w as u32, first);
        self.scratch = Some(st);
    }

    /// The simulations the last decision's root held when it began (0 when it began afresh;
    /// more under `reuse`) and those it held at the end; `None` when it was not searched.
    pub fn last_root(&self) -> Option<(u32, u32)> {
        let end = self.nodes.get(self.root as usize).map_or(0, |n| n.visits);
        self.held.map(|held| (held, end))
    }

    /// What the last decision leaves behind, for `core::testing`: the root's visits for each of
    /// `legal` (its moves, as asked), and the next number the decision's stream would draw.
    pub(crate) fn last_decision(&self, seat: Seat, legal: &[G::Action]) -> (Vec<u32>, u64) {
        let visits = legal
            .iter()
            .map(|a| {
                self.child(self.root, seat, a)
                    .map_or(0, |c| self.nodes[c as usize].visits)
            })
            .collect();
        (visits, self.rng.clone().next_u64())
    }

    fn child(&self, node: u32, mover: Seat, a: &G::Action) -> Option<u32> {
        self.children.get(&(node, mover as u8, *a)).copied()
    }

    /// Where world `world`'s record below `node` lives in `kid_at` (a block of entries, one a
    /// world, made on the node's first use).
    fn kid_slot(&mut self, node: u32, world: u32) -> usize {
        let n = node as usize;
        if self.kid_base.len() <= n {
            self.kid_base.resize(self.nodes.len().max(n + 1), NONE);
        }
        if self.kid_base[n] == NONE {
            self.kid_base[n] = self.kid_at.len() as u32;
            let empty = KidEntry {
                kids: NONE,
                recorded: 0,
                forced: 0,
                moves: 0,
                synced: 0,
            };
            self.kid_at
                .resize(self.kid_at.len() + self.worlds.len(), empty);
        }
        self.kid_base[n] as usize + world as usize
    }

    /// A new node for a move by `mover`: its index.
    fn add_node(&mut self, mover: Seat, avail: u32) -> u32 {
        self.nodes.push(Node::new(mover, avail));
        self.nodes.len() as u32 - 1
    }

    /// A world's first visit below a node: play the forced moves (one legal move, futile ones
    /// left out) up to the next decision, work out its moves, and record both. `None` when
    /// the game ends first.
    fn first_visit(&mut self, st: &mut G) -> Option<KidEntry> {
        let recorded = self.kid_moves.len();
        let mut forced = 0;
        while st.decider().is_some() {
            st.legal_into(&mut self.legal);
            if self.legal.len() > 1 {
                self.legal.retain(|a| !st.futile(a));
            }
            if self.legal.len() > 1 {
                self.kid_moves.extend_from_slice(&self.legal);
                let kids = self.kid_lists.len();
                self.kid_lists.resize(kids + self.legal.len(), NONE);
                return Some(KidEntry {
                    kids: kids as u32,
                    recorded: recorded as u32,
                    forced,
                    moves: self.legal.len() as u32,
                    synced: u32::MAX,
                });
            }
            let a = self.legal[0];
            self.kid_moves.push(a);
            forced += 1;
            st.apply_unchecked(a);
        }
        self.kid_moves.truncate(recorded);
        None
    }

    /// A later visit: the recorded forced moves played, the decision's moves in `legal`.
    fn replay(&mut self, st: &mut G, e: &KidEntry) {
        let r = e.recorded as usize;
        for k in r..r + e.forced as usize {
            st.apply_unchecked(self.kid_moves[k]);
        }
        let d = r + e.forced as usize;
        self.legal.clear();
        self.legal
            .extend_from_slice(&self.kid_moves[d..d + e.moves as usize]);
    }

    /// One simulation in world `st`: select, expand, play out, back up. `first`, if given, is
    /// the root's move (sequential halving chooses it; UCB otherwise).
    fn simulate(&mut self, st: &mut G, world: u32, first: Option<(usize, G::Action)>) {
        self.path.clear();
        self.path.push(self.root);
        let mut node = self.root;
        // The turn in which the new node's move was played (`leaf_turns` counts from it).
        let mut leaf_turn = st.turn();
        // Sequential halving names the root's move (by its index in the root's list): the
        // root's moves are the decider's own, the same in every world, so the move is played
        // without the root's list of moves worked out again in this world. The root's children
        // are compared by their means, so their availability counts are not kept.
        if let Some((i, a)) = first {
            let seat = st.decider().expect("the root has a decider");
            debug_assert!(
                {
                    st.legal_into(&mut self.legal);
                    self.legal.contains(&a)
                },
                "the root's move is legal in every world"
            );
            match Some(self.root_kids[i]).filter(|&k| k != NONE) {
                Some(k) => {
                    node = k;
                    st.apply_unchecked(a);
                    self.path.push(k);
                }
                None => {
                    let new = self.add_node(seat, 1);
                    self.children.insert((self.root, seat as u8, a), new);
                    self.root_kids[i] = new;
                    self.nodes[self.root as usize].expanded += 1;
                    st.apply_unchecked(a);
                    self.path.push(new);
                    self.play_out_and_back_up(st, leaf_turn);
                    return;
                }
            }
        }
        while st.decider().is_some() {
            // This world's decision below `node`: replayed as first recorded, or worked out
            // (and recorded) on the world's first visit.
            let slot = self.kid_slot(node, world);
            let (mut entry, mut changed) = match self.kid_at[slot] {
                e if e.kids != NONE => {
                    self.replay(st, &e);
                    (e, false)
                }
                _ => match self.first_visit(st) {
                    Some(e) => (e, true),
                    None => break, // the game ended on forced moves
                },
            };
            let seat = st.decider().expect("a recorded decision");
            let start = entry.kids as usize;
            let kids = start..start + entry.moves as usize;
            let expanded = self.nodes[node as usize].expanded;
            if entry.synced != expanded {
                // Moves expanded (from any world) since this list was last brought up to date.
                for i in 0..self.legal.len() {
                    if self.kid_lists[start + i] == NONE {
                        if let Some(k) = self.child(node, seat, &self.legal[i]) {
                            self.kid_lists[start + i] = k;
                        }
                    }
                }
                entry.synced = expanded;
                changed = true;
            }
            let untried = self.kid_lists[kids.clone()]
                .iter()
                .filter(|&&k| k == NONE)
                .count();
            if untried > 0 {
                // Expand one of the moves not yet in the tree: at random, or (`expand=1`) the
                // one the game's quick policy would play among them.
                let nth_untried = |me: &Self, n: usize| {
                    me.kid_lists[kids.clone()]
                        .iter()
                        .enumerate()
                        .filter(|(_, &k)| k == NONE)
                        .nth(n)
                        .map(|(i, _)| i)
                        .expect("an untried move")
                };
                let i = if self.params.expand == 1 {
                    self.untried.clear();
                    self.untried.extend(
                        self.kid_lists[kids.clone()]
                            .iter()
                            .zip(&self.legal)
                            .filter(|(&k, _)| k == NONE)
                            .map(|(_, &a)| a),
                    );
                    let pick = st.expand_choice(&self.untried, &mut self.rng);
                    nth_untried(self, pick)
                } else {
                    let pick = self.rng.below(untried);
                    nth_untried(self, pick)
                };
                let a = self.legal[i];
                let new = self.add_node(seat, 1);
                self.children.insert((node, seat as u8, a), new);
                // This world's list stays in sync: the only new child is the one it records.
                let parent = &mut self.nodes[node as usize];
                parent.expanded += 1;
                entry.synced = parent.expanded;
                self.kid_at[slot] = entry;
                for &k in self.kid_lists[kids.clone()].iter().filter(|&&k| k != NONE) {
                    self.nodes[k as usize].avail += 1;
                }
                self.kid_lists[start + i] = new;
                leaf_turn = st.turn();
                st.apply_unchecked(a);
                self.path.push(new);
                break;
            }
            if changed {
                self.kid_at[slot] = entry;
            }
            // Every legal move has a node: UCB over those, counting each one's availability.
            let c = self.params.c;
            let mut best = f64::NEG_INFINITY;
            let mut bi = 0;
            for (i, &k) in self.kid_lists[kids.clone()].iter().enumerate() {
                let n = &mut self.nodes[k as usize];
                n.avail += 1;
                let inv = self.inv_sqrt[n.visits as usize];
                let explore = c * self.sqrt_ln[(n.avail as usize).min(self.sqrt_ln.len() - 1)];
                let ucb = (n.value * inv + explore) * inv;
                if ucb > best {
                    best = ucb;
                    bi = i;
                }
            }
            node = self.kid_lists[start + bi];
            st.apply_unchecked(self.legal[bi]);
            self.path.push(node);
        }
        self.play_out_and_back_up(st, leaf_turn);
    }

    /// The end of a simulation: play on from the new leaf (its move played in turn
    /// `leaf_turn`) and add the result to every node on the path.
    fn play_out_and_back_up(&mut self, st: &mut G, leaf_turn: u32) {
        // Play out to the game's stopping turn (`Searchable::leaf_stop`).
        let stop = st.leaf_stop(leaf_turn, self.params.rollout);
        let mut moves = 0;
        while st.turn() < stop && moves < super::MAX_ACTIONS {
            if st.decider().is_none() {
                break;
            }
            moves += 1;
            st.legal_into(&mut self.legal);
            let i = if self.legal.len() == 1 {
                0
            } else {
                st.playout_choice(&self.legal, &mut self.rng)
            };
            st.apply_unchecked(self.legal[i]);
        }
        // Each node keeps the value for the player who moved into it (max-n with more than
        // two players; with two, one evaluation serves both sides).
        let seats = st.table_size();
        let mut values = [0.0; super::MAX_SEATS];
        let eval = self.params.eval;
        if seats == 2 {
            values[0] = st.evaluate_with(0, eval);
            values[1] = 1.0 - values[0];
        } else {
            st.evaluate_all_with(&mut values[..seats], eval);
        }
        for &n in &self.path {
            let n = &mut self.nodes[n as usize];
            n.visits += 1;
            n.value += values[n.mover];
        }
    }
}
