//! What a Battle Cards player may see.

use super::*;
use crate::card::Card;

/// What a Battle Cards player may see: its own hand, both lives, both Defense Piles, counts.
pub struct BcView<'a> {
    st: &'a BcState,
    seat: usize,
}

impl<'a> BcView<'a> {
    pub fn new(st: &'a BcState, seat: usize) -> BcView<'a> {
        BcView { st, seat }
    }
    pub fn hand(&self) -> &[Card] {
        &self.st.players[self.seat].hand
    }
    pub fn life(&self, s: usize) -> i32 {
        self.st.players[s].life
    }
    pub fn armor(&self, s: usize) -> &[Card] {
        &self.st.players[s].armor
    }
    pub fn pending(&self) -> BcPending {
        self.st.pending
    }
    pub fn seat(&self) -> usize {
        self.seat
    }
    pub fn rules(&self) -> &BcRules {
        &self.st.rules
    }
}
