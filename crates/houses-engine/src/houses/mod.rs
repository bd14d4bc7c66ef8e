//! Houses-Skirmish (docs/rules.md), the main game: two to four players, one shared deck (or a
//! pile each), Front and Rear Ranks, Blood Bonds, House Traits and Kings.
//!
//! What is where:
//! - `rules/`: the rule set as data (`Rules`, every option, presets);
//! - `state`: the state: zones, units, whose decision is pending;
//! - `action`: the moves and their notation (docs/notation.md);
//! - `engine/`: the rules themselves, one concern per file (its `mod.rs` maps them to readings);
//! - `view`: what a seat may see (`View`, `Observation`, the search's sampled worlds);
//! - `metrics`: what a record counts, filled at named events beside the rules;
//! - `game`: Houses-Skirmish as a `core::Game`: its record, the batch entry points;
//! - `agents/`: the built-in players (random, greedy and heuristic, search) and the search's
//!   evaluation;
//! - `position`: positions (a board written out) for tests and `sim scenario`;
//! - `json`: the state as JSON, for `sim scenario` and the bindings' step-by-step game.

pub mod action;
pub mod agents;
pub mod engine;
pub mod game;
pub mod json;
pub mod metrics;
pub mod position;
pub mod rules;
pub mod state;
pub mod view;

pub use action::Action;
pub use rules::{Rules, RULES_VERSION};
pub use state::{EndReason, Outcome, Pending, State, Target};
