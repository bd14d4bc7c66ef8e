//! What every game shares, and nothing game-specific: the `Game` and `Agent` traits and the one
//! game loop (`play_game`, `play_batch`) that all three games go through.

pub mod card;
mod game;
pub mod interrupt;
mod options;
mod play;
pub mod rng;
pub mod search;
pub mod testing;

pub use game::{decision_kinds, Agent, AgentFactory, Game, Seat, MAX_SEATS};
pub use options::{
    agent_call, closest, rule_pairs, versioned_spec, AgentCall, GameRules, OptionSpec,
};
pub use play::{
    a_seat, game_seed, play_batch, play_batch_played, play_game, run_batch, Played, Session, Usage,
    MAX_ACTIONS, MAX_DECISION_KINDS,
};
pub use search::{Mcts, SearchParams, Searchable};
