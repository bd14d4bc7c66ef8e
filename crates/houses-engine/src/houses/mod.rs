//! Houses-Skirmish (docs/rules.md), the main game: two to four players, one shared deck (or a
//! pile each), Front and Rear Ranks, Blood Bonds, House Traits and Kings.
//!
//! What is where:
//! - `rules/`: the rule options (`options.rs`: one table, one enum per choice), presets, the
//!   canonical rule string;
//! - `state`: the state: zones, units, whose decision is pending;
//! - `unit_cards`: a unit's cards (inline, `Copy`);
//! - `places`: the engine's index of units (which unit each card is in), rebuilt by the rule
//!   code wherever units come, go or move;
//! - `engine/`: its rules, one concern per file, each an `impl State` block (`engine/mod.rs`
//!   maps them to the readings of docs/rules.md);
//! - `action`: the moves and their notation (docs/notation.md);
//! - `view`: what a seat may see (`View`, `Observation`, the worlds the search samples);
//! - `metrics`: what a record counts, filled at named events beside the rules;
//! - `game`: Houses-Skirmish as a `core::Game`: its record, batches;
//! - `agents/`: the built-in players (random, greedy and its personas, search) and the search's
//!   judgement of a position (`evaluation.rs`);
//! - `position`: positions for tests and `sim scenario`; `json`: the state as JSON.

pub mod action;
pub mod agents;
pub mod engine;
pub mod game;
pub mod json;
pub mod metrics;
pub mod places;
pub mod position;
pub mod rules;
pub mod state;
pub mod unit_cards;
pub mod view;

pub use action::Action;
pub use rules::{Rules, RULES_VERSION};
pub use state::{EndReason, Outcome, Pending, State, Target};
