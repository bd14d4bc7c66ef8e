//! Battle Cards (`../shared/seeds/003_4c3931f564ed4f12.txt`): a two-player duel, one deck each
//! with Jokers, 20 life. Hearts armor, Diamonds life, Spades break armor, Clubs attack; die
//! rolls; bonus-card chains; Jokers ward off attacks. Readings are in docs/battle_cards.md.
//!
//! What is where:
//! - `rules`: the rule options (the defaults are the rules as written) and their registry;
//! - `state`: the state and its rules: the deal, the turn, each card's effect, the dice, the end;
//! - `action`: the moves and their notation;
//! - `view`: what a seat may see (`BcView`);
//! - `game`: Battle Cards as a `core::Game`: its record, batches;
//! - `agents`: the built-in players and their specs;
//! - `search`: the search player's sampled worlds and judgement of a position;
//! - `position`: positions for tests and `sim scenario`; `json`: the state as JSON, whole or as
//!   one seat may see it.

mod action;
mod agents;
mod game;
/// The state, and what a seat may see, as JSON (for the bindings).
pub mod json;
/// A position for tests and `sim scenario --game battle_cards`: hands, piles, armor, life,
/// and the die results to come.
pub mod position;
mod rules;
mod search;
mod state;
mod view;

pub use action::BcAction;
pub use agents::{
    BcAgent, BcAgentSpec, BC_AGENTS, BC_AGENT_VERSION, BC_SEARCH_DEFAULTS, BC_SEARCH_VERSION,
};
pub use game::BcRecord;
pub use rules::{BcRules, BC_OPTIONS};
pub use search::{evaluate, features, BC_FEATURES, BC_WEIGHTS};
pub use state::*;
pub use view::BcView;
