//! The engine's index of units: for every card, the unit it is in (seat, rank, place). The
//! engine keeps it up to date as units come and go (`engine/index.rs`).

use crate::core::card::Card;
use crate::core::Seat;

/// Card id -> the unit it is in, as (seat, Rear Rank?, index) packed in a byte: seat (2 bits)
/// | rear (1 bit) | index (5 bits), `NOWHERE` for a card in no unit. Rule code and agents look
/// units up by card many times a move; a scan of the board for each was a tenth of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitPlaces([u8; 64]);

const NOWHERE: u8 = u8::MAX;

impl Default for UnitPlaces {
    fn default() -> UnitPlaces {
        UnitPlaces([NOWHERE; 64])
    }
}

impl UnitPlaces {
    /// Put card `c` in the unit at index `i` of seat `s`'s Front (or Rear) Rank. A seat and
    /// an index fit the byte: at most four seats and 32 units a rank (asserted in `state.rs`).
    #[inline]
    pub fn set(&mut self, c: Card, s: Seat, rear: bool, i: usize) {
        self.0[c.0 as usize & 63] = UnitPlaces::code(s, rear, i);
    }

    /// Card `c` is in no unit now.
    #[inline]
    pub fn clear(&mut self, c: Card) {
        self.0[c.0 as usize & 63] = NOWHERE;
    }

    #[inline]
    fn code(s: Seat, rear: bool, i: usize) -> u8 {
        (s as u8) << 6 | (rear as u8) << 5 | i as u8
    }

    #[inline]
    pub fn get(&self, id: Card) -> Option<(Seat, bool, usize)> {
        let code = self.0[id.0 as usize & 63];
        (code != NOWHERE).then_some((
            (code >> 6) as Seat,
            code & 0x20 != 0,
            (code & 0x1f) as usize,
        ))
    }
}
