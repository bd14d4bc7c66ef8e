//! The game interface: a state machine over decisions, small enough that a new game is one
//! `impl Game` (after pgx's init/step/observe; OpenSpiel's fat base class is what to avoid).

use super::options::GameRules;

/// A player's seat: 0 (P1), 1 (P2), ...
pub type Seat = usize;

/// The most seats any game has (Houses-Skirmish plays two to four).
pub const MAX_SEATS: usize = 4;

/// A game's state (two players, or up to `MAX_SEATS` where the rules say so). Chance comes from the state's own seeded generator, so `new`'s
/// seed fixes the deal and every random event; agents draw from streams of their own.
pub trait Game: Sized + Send {
    /// The game's name, as in rule strings such as `battle_cards(...)`.
    const NAME: &'static str;
    /// The behaviour version: bumped whenever a game under some rule set plays differently, so
    /// that figures from different versions are never mixed (stamped on every record).
    const VERSION: u32;
    type Rules: GameRules;
    type Action: Copy + Eq + std::hash::Hash + std::fmt::Display + Send + Sync;
    /// Everything recorded about a finished game (or match).
    type Record: Send + PartialEq + std::fmt::Debug;

    /// How many seats a game under `rules` has (two unless the game says otherwise).
    fn seats(_rules: &Self::Rules) -> usize {
        2
    }
    /// How many seats this game has (`seats` of its rules).
    fn table_size(&self) -> usize {
        2
    }
    /// A new game dealt from `seed`; with `keep_log`, a readable log is kept for replays.
    fn new(rules: &Self::Rules, seed: u64, keep_log: bool) -> Self;
    /// Who decides next; `None` once the game is over.
    fn decider(&self) -> Option<Seat>;
    /// The legal moves, written into a reused buffer.
    fn legal_into(&self, out: &mut Vec<Self::Action>);
    /// Play a move taken from `legal_into`.
    fn apply_unchecked(&mut self, a: Self::Action);
    /// Moves applied so far (the loop's safety limit counts them).
    fn actions_taken(&self) -> u32;
    /// End the game as a draw: it ran past the safety limit (never expected).
    fn stop(&mut self);
    /// The finished game's record; `decisions` counts each seat's non-forced decisions.
    fn record(&self, seed: u64, decisions: [u32; MAX_SEATS]) -> Self::Record;
    /// The log kept since `new(.., keep_log = true)`.
    fn take_log(&mut self) -> Option<Vec<String>>;
    /// The log kept so far (empty without `keep_log`), for a game played step by step.
    fn log_so_far(&self) -> &[String];
    /// What every reachable state keeps (the conformance test checks it after every move).
    fn check_invariants(&self) -> Result<(), String>;

    /// The kinds of decision the game offers, for the usage table (how often each arose and
    /// how often it was taken); at most `MAX_DECISION_KINDS`.
    const DECISIONS: &'static [&'static str] = &["move"];
    /// Which of `DECISIONS` move `a` is.
    fn decision(_a: &Self::Action) -> usize {
        0
    }
    /// `legal_into`, also returning the kinds of decision among the moves (bit `k` set when
    /// some move is of kind `k`). The game loop asks at every decision: a game may work the
    /// kinds out while it writes the moves rather than classify each one again.
    fn legal_kinds_into(&self, out: &mut Vec<Self::Action>) -> u32 {
        self.legal_into(out);
        decision_kinds::<Self>(out)
    }
    /// `legal_kinds_into` less the moves an agent that `skips_dominated` never plays (never
    /// the only move); the kinds still count them, and the flag says whether all the legal
    /// moves together are more than one (a decision, not a forced move). By default, all.
    fn legal_kinds_pruned_into(&self, out: &mut Vec<Self::Action>) -> (u32, bool) {
        let kinds = self.legal_kinds_into(out);
        (kinds, out.len() > 1)
    }
}

/// The kinds of decision among `legal` (bit `k` set when some move is of kind `k`): what
/// `Game::legal_kinds_into` must return.
pub fn decision_kinds<G: Game>(legal: &[G::Action]) -> u32 {
    legal.iter().fold(0, |kinds, a| kinds | 1 << G::decision(a))
}

/// A player of game `G`. Information hiding is each game's business: an agent builds the view
/// its seat may see (Houses-Skirmish agents see a `View`, never the state itself).
pub trait Agent<G: Game>: Send {
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action]) -> usize;
    /// Whether this agent never plays the moves `Game::legal_kinds_pruned_into` leaves out
    /// (moves a heuristic player scores below one that is always there): the game loop then
    /// offers it only the others, and it chooses exactly as among them all.
    fn skips_dominated(&self) -> bool {
        false
    }
    /// A copy of this agent as it stands, that decides from here on exactly as it would: a game
    /// forked part way (`Session::fork`). `None`: it cannot be copied.
    fn fork(&self) -> Option<Box<dyn Agent<G>>> {
        None
    }
}

/// What a batch needs to make a fresh agent for every game: a named agent with its parameters.
pub trait AgentFactory<G: Game>: Sync {
    fn make(&self, seed: u64) -> Box<dyn Agent<G>>;
}
