//! House of Suits (`../shared/seeds/002_d349ae9b2a3a6668.txt`): a two-player investment game
//! with a 60-card deck of six suits (Ace to 10), played with four, five or six suits. Readings
//! are in docs/house_of_suits.md.
//!
//! What is where:
//! - `rules`: the rule options (suits in play, match format) and their registry;
//! - `cards`: the six-suit deck;
//! - `state`: one game (`HsGame`): the deal, the plays, the final turns, the scores;
//! - `action`: the moves and their notation;
//! - `game`: House of Suits as a `core::Game`: a match of several games, its record, batches;
//! - `agents`: the built-in players' specs and the greedy player;
//! - `search`: the search player's sampled worlds and judgement of a position;
//! - `json`: the match as JSON, whole or as one seat may see it.

mod action;
mod agents;
mod cards;
mod game;
/// The match, and what a seat may see, as JSON (for the bindings).
pub mod json;
mod rules;
mod search;
mod state;

pub use action::HsAction;
pub use agents::{HsAgentSpec, HS_AGENTS, HS_AGENT_VERSION, HS_SEARCH_DEFAULTS, HS_SEARCH_VERSION};
pub use cards::{HCard, SUITS};
pub use game::{HsAgent, HsMatch, HsRecord};
pub use rules::{HsRules, MatchFormat, HS_OPTIONS};
pub use search::evaluate;
pub use state::{HsGame, Role};
