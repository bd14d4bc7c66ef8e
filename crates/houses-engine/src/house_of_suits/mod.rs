//! House of Suits (`../shared/seeds/002_d349ae9b2a3a6668.txt`): a two-player investment game
//! with a 60-card deck of six suits (Ace to 10), played with four, five or six suits. Readings
//! are in docs/house_of_suits.md.

mod action;
mod agents;
mod cards;
mod deal;
mod game;
/// The match, and what a seat may see, as JSON (for the bindings).
pub mod json;
mod rules;
mod search;

pub use action::HsAction;
pub use agents::{HsAgentSpec, HS_AGENTS, HS_AGENT_VERSION, HS_SEARCH_DEFAULTS};
pub use cards::{HCard, SUITS};
pub use deal::{HsGame, Role};
pub use game::{HsAgent, HsMatch, HsRecord};
pub use rules::{HsRules, MatchFormat, HS_OPTIONS};
pub use search::evaluate;
