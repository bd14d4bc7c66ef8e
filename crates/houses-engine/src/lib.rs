//! Three card games' seeded rules engines and built-in agents: Houses-Skirmish (`houses`, the
//! main game), Battle Cards (`battle_cards`) and House of Suits (`house_of_suits`), one folder
//! each, over what they all share (`core`: the `Game` and `Agent` traits, the one game loop,
//! search, rule options, cards and seeded randomness).
//!
//! Pure Rust with no Python dependency: `cargo test` runs without an interpreter. The Python
//! package `sim` reaches it through the thin `houses-py` bindings crate.

pub mod battle_cards;
pub mod core;
pub mod house_of_suits;
pub mod houses;

pub use core::card::{Card, CardSet, Kind, Suit};
pub use core::Seat;
pub use houses::{Action, EndReason, Outcome, Pending, Rules, State, Target, RULES_VERSION};
