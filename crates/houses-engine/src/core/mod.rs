//! What every game shares, and nothing game-specific: the `Game` and `Agent` traits and the one
//! game loop (`play_game`, `play_batch`) that all three games go through.
//!
//! What is where:
//! - `game`: the `Game` and `Agent` traits, a seat, the kinds of decision;
//! - `play`: the one game loop, batches on threads, a game played step by step (`Session`);
//! - `search`: information-set search over any game that can sample its unseen worlds
//!   (`search_params`: how hard it thinks);
//! - `options`: rule options as data (`OptionSpec`, `GameRules`), agent specs, "did you mean";
//! - `interrupt`: stopping long calls early (Ctrl-C);
//! - `testing`: the conformance check every game passes, and the search checks (`check_search`);
//! - `card`: the standard deck with Jokers (Houses-Skirmish and Battle Cards);
//! - `rng`: seeded, portable randomness and the seeds of games and streams;
//! - `roster`: the two small games' built-in players and their specs (`small_game_players!`).

pub mod card;
mod game;
pub mod interrupt;
mod options;
mod play;
pub mod rng;
pub mod roster;
pub mod search;
mod search_params;
mod searchable;
pub mod testing;

pub use game::{decision_kinds, Agent, AgentFactory, Game, Seat, MAX_SEATS};
pub use options::{
    agent_call, closest, rule_pairs, versioned_spec, AgentCall, GameRules, OptionSpec,
};
pub use play::{
    a_seat, game_seed, play_batch, play_batch_played, play_batch_played_at, play_game, run_batch,
    Played, Session, Usage, MAX_ACTIONS, MAX_DECISION_KINDS,
};
pub use search::{Mcts, SearchParams, Searchable};
