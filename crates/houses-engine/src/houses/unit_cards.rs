//! A unit's cards: at most three (a Blood Bond of three, with `front_ranks=3x3`), stored inline
//! and `Copy`, so that a unit, a rank and a whole board copy as plain memory (the search resets
//! a state for every simulation).

use std::ops::{Deref, DerefMut};

use crate::core::card::Card;

/// One card inside a unit. `face` is what it plays as: itself, or for a Doppelganger the card it
/// imitates. `burn` marks a card that is Soul Burned (face down) when it leaves play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitCard {
    pub card: Card,
    pub face: Card,
    pub burn: bool,
}

/// The most cards a unit can hold (a Blood Bond of three, with `front_ranks=3x3`).
pub const MAX_UNIT_CARDS: usize = 3;

/// A unit's cards, leader first: a slice (`Deref`) with the few ways a unit gains and loses
/// cards.
#[derive(Clone, Copy)]
pub struct UnitCards {
    len: u8,
    cards: [UnitCard; MAX_UNIT_CARDS],
}

const EMPTY: UnitCard = UnitCard {
    card: Card(0),
    face: Card(0),
    burn: false,
};

impl UnitCards {
    pub const fn new() -> UnitCards {
        UnitCards {
            len: 0,
            cards: [EMPTY; MAX_UNIT_CARDS],
        }
    }

    /// Add `c` last. Panics when the unit is full (a bond the rules allow never is).
    pub fn push(&mut self, c: UnitCard) {
        self.cards[self.len as usize] = c;
        self.len += 1;
    }

    /// Put `c` at `i`, the cards from `i` on one place further.
    pub fn insert(&mut self, i: usize, c: UnitCard) {
        let n = self.len();
        assert!(i <= n, "insert at {i} past {n} cards");
        self.cards.copy_within(i..n, i + 1);
        self.cards[i] = c;
        self.len += 1;
    }

    /// Take out the card at `i`, the later ones one place back.
    pub fn remove(&mut self, i: usize) -> UnitCard {
        let (c, n) = (self[i], self.len());
        self.cards.copy_within(i + 1..n, i);
        self.len -= 1;
        c
    }

    pub fn is_full(&self) -> bool {
        self.len() == MAX_UNIT_CARDS
    }

    pub fn pop(&mut self) -> Option<UnitCard> {
        let c = self.last().copied()?;
        self.len -= 1;
        Some(c)
    }
}

impl Default for UnitCards {
    fn default() -> UnitCards {
        UnitCards::new()
    }
}

impl Deref for UnitCards {
    type Target = [UnitCard];
    fn deref(&self) -> &[UnitCard] {
        &self.cards[..self.len as usize]
    }
}

impl DerefMut for UnitCards {
    fn deref_mut(&mut self) -> &mut [UnitCard] {
        &mut self.cards[..self.len as usize]
    }
}

impl PartialEq for UnitCards {
    fn eq(&self, other: &UnitCards) -> bool {
        **self == **other
    }
}

impl Eq for UnitCards {}

impl std::fmt::Debug for UnitCards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl FromIterator<UnitCard> for UnitCards {
    fn from_iter<I: IntoIterator<Item = UnitCard>>(iter: I) -> UnitCards {
        let mut out = UnitCards::new();
        out.extend(iter);
        out
    }
}

impl Extend<UnitCard> for UnitCards {
    fn extend<I: IntoIterator<Item = UnitCard>>(&mut self, iter: I) {
        for c in iter {
            self.push(c);
        }
    }
}

impl<'a> IntoIterator for &'a UnitCards {
    type Item = &'a UnitCard;
    type IntoIter = std::slice::Iter<'a, UnitCard>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for UnitCards {
    type Item = UnitCard;
    type IntoIter = std::iter::Take<std::array::IntoIter<UnitCard, MAX_UNIT_CARDS>>;
    fn into_iter(self) -> Self::IntoIter {
        let n = self.len as usize;
        self.cards.into_iter().take(n)
    }
}
