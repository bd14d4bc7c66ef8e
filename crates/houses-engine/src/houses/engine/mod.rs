//! The rules of Houses-Skirmish: setting up a game, the legal moves at each decision, and
//! applying a move.
//!
//! The engine is a state machine over `State::pending`. Chance (shuffles, random picks from a
//! hand) is drawn from the state's own seeded generator, so a seed fixes the deal and every
//! random pick. Every move is applied explicitly, forced ones (a lone `pass` or `done`) too;
//! the game loop (`core::Session`) plays forced moves without consulting the agent.
//!
//! One concern per file, each an `impl State` block; a reading of docs/rules.md lives in:
//! - `setup`: the deal, the advantage draw, who starts (R40);
//! - `turn`: READY, DRAW, extra draws, end of turn, hand limit, sudden death (R41, V17, V18);
//! - `traits`: House Traits, King powers, stats, when a unit falls (R1, R9-R16, V1-V15), the
//!   classic King of Diamonds' haste (`enters_exhausted`) and the classic King of Spades'
//!   shield (`untouchable`: its soldiers cannot be attacked or blocked, nor take excess
//!   damage or the Ace of Diamonds; `attack`, `legal` and `effects` ask it, none re-derives it);
//! - `legal`: the legal moves of each decision, dispatched to the files below;
//! - `deploy`: deploying units, bonds, the Insane Wizard on entry (R17-R21, R39);
//! - `effects`: scouts, Jacks, Queens, the Ace of Diamonds (R23, R25, R29-R35);
//! - `futile`: legal moves the rules show to do nothing this turn (the search skips them);
//! - `attack`: attacks, blocks, King aid, chosen blockers (R5-R7, R24, R28, V5-V7, V13);
//! - `apply`: the checked entry point and each move's application (R42, R43);
//! - `index`: the index of units (which unit each card is in), rebuilt where units come and go;
//! - `damage`: the one place damage lands; leaving play, Soul Burn (R1-R3, R14, R26);
//! - `combat`: RESOLUTION: simultaneous damage and post-combat triggers, the classic Kings' own
//!   effects in it (the King of Hearts' absorb, the King of Clubs' challenge; the King of
//!   Spades' shield and the King of Diamonds' haste are rules of `traits`) (R4, R8, R10-R12, V4);
//! - `invariants`: what every reachable state keeps.
//!
//! Beside the state (`houses/state.rs`) and the options it reads (`self.rules`, from
//! `houses/rules/`, whose every type each file here sees through `use super::*`: a new option
//! needs no import), the engine reads two things of its neighbours, neither of which reads it
//! back: each move's kind of decision (`houses::game::decision`, for the usage table, in
//! `legal`) and a unit's text (`houses::position::unit_text`, for the log, in `turn`).

mod apply;
mod attack;
mod combat;
mod damage;
mod deploy;
mod effects;
mod futile;
mod index;
mod invariants;
mod legal;
mod setup;
mod traits;
mod turn;

use crate::core::card::{Card, CardSet, Kind, Suit, BLACK_JOKER, RED_JOKER};
use crate::core::rng::GameRng;
use crate::core::Seat;
use crate::houses::action::Action;
use crate::houses::rules::*;
use crate::houses::state::*;
use legal::Moves;
use traits::BondTargets;

/// A game that has not ended after this many turns is stopped as a draw (`turn_limit`).
/// A game draws one card per turn from a 52-card deck, so this is never expected.
pub const MAX_TURNS: u32 = 400;

fn seat_name(s: Seat) -> String {
    format!("P{}", s + 1)
}

/// Remove one copy of `c` from `v` (order of the rest does not matter for hands and piles).
fn take(v: &mut Cards, c: Card) {
    if let Some(i) = v.iter().position(|&x| x == c) {
        v.remove(i);
    }
}

/// Every order of 0 to 3 cards put back by the Queen of Spades (indices into the rest).
const ORDERS: [&[&[usize]]; 4] = [
    &[&[]],
    &[&[0]],
    &[&[0, 1], &[1, 0]],
    &[
        &[0, 1, 2],
        &[0, 2, 1],
        &[1, 0, 2],
        &[1, 2, 0],
        &[2, 0, 1],
        &[2, 1, 0],
    ],
];
