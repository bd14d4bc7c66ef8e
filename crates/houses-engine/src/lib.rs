//! Houses-Skirmish: a fast, seeded rules engine and built-in agents.
//!
//! Pure Rust with no Python dependency: `cargo test` runs without an interpreter. The Python
//! package `sim` reaches it through the thin `houses-py` bindings crate.

pub mod action;
pub mod agents;
pub mod battle_cards;
pub mod card;
pub mod core;
pub mod engine;
pub mod game;
pub mod house_of_suits;
pub mod metrics;
pub mod observe;
pub mod position;
pub mod rng;
pub mod rules;
pub mod state;

pub use action::Action;
pub use card::{Card, CardSet, Kind, Suit};
pub use rules::{Rules, RULES_VERSION};
pub use state::{EndReason, Outcome, Pending, Seat, State, Target};
