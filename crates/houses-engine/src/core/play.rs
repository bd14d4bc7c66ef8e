//! The one game loop: one seeded game with two agents, and batches of games on threads.

use super::game::{Agent, AgentFactory, Game, Seat, MAX_SEATS};
use super::interrupt;
use super::rng::{derive_seed, STREAM_AGENT, STREAM_DEAL};

/// A game that takes more moves than this is stopped as a draw; never expected.
pub const MAX_ACTIONS: u32 = 100_000;

/// The most kinds of decision a game may name (`Game::DECISIONS`).
pub const MAX_DECISION_KINDS: usize = 32;

/// How often each kind of decision (`Game::DECISIONS`) arose for each seat, and how often the
/// seat took it. A kind arises at a real decision (more than one legal move) where at least one
/// legal move is of that kind; forced moves are not counted.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Usage {
    pub arose: [[u32; MAX_DECISION_KINDS]; MAX_SEATS],
    pub taken: [[u32; MAX_DECISION_KINDS]; MAX_SEATS],
}

impl Usage {
    /// Seat `seat` chose move `chosen` where the legal moves were of `kinds` (as from
    /// `Game::legal_kinds_into`).
    fn count<G: Game>(&mut self, seat: Seat, kinds: u32, chosen: &G::Action) {
        let mut seen = kinds;
        while seen != 0 {
            let k = seen.trailing_zeros() as usize;
            self.arose[seat][k] += 1;
            seen &= seen - 1;
        }
        self.taken[seat][G::decision(chosen)] += 1;
    }
}

/// A finished game: its record, how each seat used each kind of decision, and its log when
/// one was kept.
pub struct Played<R> {
    pub record: R,
    pub usage: Usage,
    pub log: Option<Vec<String>>,
}

/// A game played step by step. Seats with a built-in agent play inside; a seat without one
/// waits for `play` (an agent written in Python, a person). Forced moves (the only legal one)
/// are played without asking anyone, so they use no randomness and are not counted as decisions.
pub struct Session<G: Game> {
    pub game: G,
    seed: u64,
    agents: [Option<Box<dyn Agent<G>>>; MAX_SEATS],
    /// Each seat's agent never plays dominated moves (`Agent::skips_dominated`), asked once.
    skips_dominated: [bool; MAX_SEATS],
    /// The legal moves while an outside seat must decide; empty otherwise.
    pub legal: Vec<G::Action>,
    /// The kinds of decision among `legal` (`Game::legal_kinds_into`).
    legal_kinds: u32,
    /// Each seat's decisions so far.
    pub decisions: [u32; MAX_SEATS],
    /// Each seat's decisions so far, by kind.
    pub usage: Usage,
    /// Every move played, forced ones included, when made with `keep_log` (a replay file's
    /// moves: a game's log may hide some, such as House of Suits' set-aside cards).
    history: Option<Vec<G::Action>>,
}

impl<G: Game> Session<G> {
    /// A new game dealt from `seed`; each built-in agent draws from its seat's own stream.
    /// `agents` has one entry per seat (`Game::seats`); `None` is a seat played from outside.
    pub fn new(
        rules: &G::Rules,
        agents: &[Option<&dyn AgentFactory<G>>],
        seed: u64,
        keep_log: bool,
    ) -> Session<G> {
        let mut session = Session::held(rules, agents, seed, keep_log);
        session.advance();
        session
    }

    /// `new`, held before its first move: `advance_until` plays it on.
    pub fn held(
        rules: &G::Rules,
        agents: &[Option<&dyn AgentFactory<G>>],
        seed: u64,
        keep_log: bool,
    ) -> Session<G> {
        assert_eq!(agents.len(), G::seats(rules), "one agent per seat");
        let agents = std::array::from_fn(|s| {
            agents
                .get(s)
                .copied()
                .flatten()
                .map(|f| f.make(derive_seed(seed, 0, STREAM_AGENT[s])))
        });
        let agents: [Option<Box<dyn Agent<G>>>; MAX_SEATS] = agents;
        let skips_dominated =
            std::array::from_fn(|s| agents[s].as_ref().is_some_and(|a| a.skips_dominated()));
        Session {
            game: G::new(rules, seed, keep_log),
            seed,
            agents,
            skips_dominated,
            // Room for the usual longest list: not grown step by step in every game.
            legal: Vec::with_capacity(64),
            legal_kinds: 0,
            decisions: [0; MAX_SEATS],
            usage: Usage::default(),
            history: keep_log.then(Vec::new),
        }
    }

    /// The seat that must decide from outside now; `None` once the game is over.
    pub fn waiting_for(&self) -> Option<Seat> {
        self.game.decider()
    }

    /// Play legal move `index` for the waiting seat, then let the built-in seats play.
    pub fn play(&mut self, index: usize) -> Result<(), String> {
        let seat = self.game.decider().ok_or("the game is over")?;
        let a = *self
            .legal
            .get(index)
            .ok_or_else(|| format!("move index {index} out of range (0..{})", self.legal.len()))?;
        self.decisions[seat] += 1;
        self.usage.count::<G>(seat, self.legal_kinds, &a);
        self.apply(a);
        self.advance();
        Ok(())
    }

    /// The record, once the game is over.
    pub fn record(&self) -> Option<G::Record> {
        match self.game.decider() {
            Some(_) => None,
            None => Some(self.game.record(self.seed, self.decisions)),
        }
    }

    /// Play forced moves and built-in seats until an outside seat must decide or the game ends.
    fn advance(&mut self) {
        self.advance_until(|_| false);
    }

    /// Play forced moves and built-in seats until `stop` (asked before each move) says so, an
    /// outside seat must decide, or the game ends; true when `stop` stopped it. This is the one
    /// game loop, with the one safety limit.
    pub fn advance_until(&mut self, mut stop: impl FnMut(&G) -> bool) -> bool {
        while let Some(seat) = self.game.decider() {
            if stop(&self.game) {
                return true;
            }
            if self.game.actions_taken() >= MAX_ACTIONS {
                self.game.stop();
                break;
            }
            // An agent that never plays dominated moves is not offered them.
            let decides = if self.skips_dominated[seat] {
                let (kinds, decides) = self.game.legal_kinds_pruned_into(&mut self.legal);
                self.legal_kinds = kinds;
                decides
            } else {
                self.legal_kinds = self.game.legal_kinds_into(&mut self.legal);
                self.legal.len() > 1
            };
            let i = if !decides {
                0
            } else if let Some(agent) = self.agents[seat].as_mut() {
                self.decisions[seat] += 1;
                let i = agent.choose(&self.game, seat, &self.legal);
                self.usage
                    .count::<G>(seat, self.legal_kinds, &self.legal[i]);
                i
            } else {
                return false; // an outside seat decides
            };
            self.apply(self.legal[i]);
        }
        self.legal.clear();
        false
    }

    /// The finished game: its record, usage and log.
    pub fn played(mut self) -> Played<G::Record> {
        Played {
            record: self.record().expect("built-in agents play to the end"),
            usage: self.usage,
            log: self.game.take_log(),
        }
    }

    fn apply(&mut self, a: G::Action) {
        if let Some(h) = self.history.as_mut() {
            h.push(a);
        }
        self.game.apply_unchecked(a);
    }

    /// Every move played so far, forced ones included (empty unless made with `keep_log`).
    pub fn moves(&self) -> &[G::Action] {
        self.history.as_deref().unwrap_or_default()
    }
}

impl<G: Game + Clone> Session<G> {
    /// A copy of the game as it stands, its agents and counts included, that plays on exactly as
    /// this one would; `None` where an agent cannot be copied (`Agent::fork`).
    pub fn fork(&self) -> Option<Session<G>> {
        let mut agents: [Option<Box<dyn Agent<G>>>; MAX_SEATS] = Default::default();
        for (to, from) in agents.iter_mut().zip(&self.agents) {
            if let Some(a) = from {
                *to = Some(a.fork()?);
            }
        }
        Some(Session {
            game: self.game.clone(),
            seed: self.seed,
            agents,
            skips_dominated: self.skips_dominated,
            legal: self.legal.clone(),
            legal_kinds: self.legal_kinds,
            decisions: self.decisions,
            usage: self.usage,
            history: self.history.clone(),
        })
    }
}

/// Play one complete game with a built-in agent in every seat (one per seat). The deal comes
/// from `seed`; each seat's agent from its own stream.
pub fn play_game<G: Game>(
    rules: &G::Rules,
    agents: &[&dyn AgentFactory<G>],
    seed: u64,
    keep_log: bool,
) -> Played<G::Record> {
    let seats: Vec<Option<&dyn AgentFactory<G>>> = agents.iter().map(|&a| Some(a)).collect();
    Session::new(rules, &seats, seed, keep_log).played()
}

/// The seed of game `index` of a batch started from `base_seed`.
pub fn game_seed(base_seed: u64, index: u64) -> u64 {
    derive_seed(base_seed, index, STREAM_DEAL)
}

/// Play games `start .. start + count` of the batch seeded by `base_seed` on `threads` threads.
/// Records come back in game order, identical for every thread count. `agents` is (A, B): A
/// sits in one seat and B in every other (`seating`). With `swap_odd_seats`, A moves round the
/// table from game to game (with two players: the agents swap seats in odd games), so seat
/// advantage cancels out.
pub fn play_batch<G: Game>(
    rules: &G::Rules,
    agents: [&dyn AgentFactory<G>; 2],
    base_seed: u64,
    start: u64,
    count: u64,
    threads: usize,
    swap_odd_seats: bool,
) -> Vec<G::Record> {
    // Each game's usage is dropped as soon as it is played: kept for a large batch, it is most
    // of the memory the batch touches.
    run_batch(start, count, threads, |i| {
        batch_game(rules, agents, base_seed, i, swap_odd_seats).record
    })
}

/// `play_batch`, each game with its usage (and no log).
pub fn play_batch_played<G: Game>(
    rules: &G::Rules,
    agents: [&dyn AgentFactory<G>; 2],
    base_seed: u64,
    start: u64,
    count: u64,
    threads: usize,
    swap_odd_seats: bool,
) -> Vec<Played<G::Record>> {
    run_batch(start, count, threads, |i| {
        batch_game(rules, agents, base_seed, i, swap_odd_seats)
    })
}

/// `play_batch_played` for the games of the batch listed in `games` (any indices, in that
/// order): each is the very game `play_batch_played` plays at its index, so a cell that needs
/// only some deals (a card's blank where the card was drawn) plays them alone.
pub fn play_batch_played_at<G: Game>(
    rules: &G::Rules,
    agents: [&dyn AgentFactory<G>; 2],
    base_seed: u64,
    games: &[u64],
    threads: usize,
    swap_odd_seats: bool,
) -> Vec<Played<G::Record>> {
    run_batch(0, games.len() as u64, threads, |k| {
        batch_game(rules, agents, base_seed, games[k as usize], swap_odd_seats)
    })
}

/// The seat agent A takes in game `i` of a table of `seats`: seat `i mod seats` when it moves
/// round the table (`rotate`), else the first.
pub fn a_seat(i: u64, seats: usize, rotate: bool) -> Seat {
    if rotate {
        (i % seats as u64) as Seat
    } else {
        0
    }
}

/// Game `i` of the batch seeded by `base_seed`: A in its seat (`a_seat`), B in the others.
fn batch_game<G: Game>(
    rules: &G::Rules,
    agents: [&dyn AgentFactory<G>; 2],
    base_seed: u64,
    i: u64,
    swap_odd_seats: bool,
) -> Played<G::Record> {
    let n = G::seats(rules);
    let a = a_seat(i, n, swap_odd_seats);
    let mut seats: arrayvec::ArrayVec<&dyn AgentFactory<G>, MAX_SEATS> = arrayvec::ArrayVec::new();
    for s in 0..n {
        seats.push(if s == a { agents[0] } else { agents[1] });
    }
    play_game::<G>(rules, &seats, game_seed(base_seed, i), false)
}

/// Run `game(i)` for `i` in `start .. start + count`, split into contiguous ranges over
/// `threads` threads; results come back in index order, so they do not depend on `threads`.
/// Each thread asks the caller's stop check (`interrupt::with_check`) before each game: once
/// it says stop, fewer than `count` results come back, and the caller throws them away.
pub fn run_batch<R: Send>(
    start: u64,
    count: u64,
    threads: usize,
    game: impl Fn(u64) -> R + Sync,
) -> Vec<R> {
    let threads = threads.max(1).min(count.max(1) as usize);
    let per = count.div_ceil(threads as u64);
    let game = &game;
    let check = interrupt::current_check();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                let lo = start + t * per;
                let hi = (lo + per).min(start + count);
                let check = check.clone();
                scope.spawn(move || {
                    interrupt::with_check(check, || {
                        (lo..hi)
                            .take_while(|_| !interrupt::stop_requested())
                            .map(game)
                            .collect::<Vec<_>>()
                    })
                })
            })
            .collect();
        // Moved into one vector sized up front (a flattening collect grows it step by step).
        let mut out = Vec::with_capacity(count as usize);
        for h in handles {
            out.append(&mut h.join().expect("game thread panicked"));
        }
        out
    })
}
