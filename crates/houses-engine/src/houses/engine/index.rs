//! The index of units (`houses/places.rs`) kept up to date: rule code that puts a unit into a
//! rank, takes one out or moves cards between units calls `reindex` (or `index_last`) after it.
//! Units are looked up through the index (`State::find_unit`); the invariants check it.

use super::*;
use crate::houses::places::UnitPlaces;

impl State {
    /// Bring the unit index up to date after units or their cards came, went or moved. A
    /// rebuild of the whole index (a few dozen bytes) is cheaper than keeping it right at each
    /// step, and cannot go wrong in part.
    #[inline]
    pub fn reindex(&mut self) {
        let mut places = UnitPlaces::default();
        for (s, p) in self.players.iter().enumerate() {
            for (rear, rank) in [(false, &p.front[..]), (true, &p.rear[..])] {
                for (i, u) in rank.iter().enumerate() {
                    for c in u.cards.iter() {
                        places.set(c.card, s, rear, i);
                    }
                }
            }
        }
        self.places = places;
    }

    /// `reindex` where the one change is that unit `gone` left seat `s`'s Front (or Rear) Rank:
    /// its cards are in no unit, and the units after it moved up a place. (Damage removes
    /// units many times a game, and every simulation of the search plays combats.)
    #[inline]
    pub fn unindex_unit(&mut self, gone: &[UnitCard], s: Seat, rear: bool) {
        for c in gone {
            self.places.clear(c.card);
        }
        let rank = if rear {
            &self.players[s].rear[..]
        } else {
            &self.players[s].front[..]
        };
        for (i, u) in rank.iter().enumerate() {
            for c in u.cards.iter() {
                self.places.set(c.card, s, rear, i);
            }
        }
    }

    /// `reindex` where the one change is that the last unit of a rank is new or has gained
    /// cards (a deployment): only its cards need placing.
    #[inline]
    pub fn index_last(&mut self, s: Seat, rear: bool) {
        let rank = if rear {
            &self.players[s].rear[..]
        } else {
            &self.players[s].front[..]
        };
        let i = rank.len() - 1;
        for c in rank[i].cards.iter() {
            self.places.set(c.card, s, rear, i);
        }
    }
}
