//! Where damage lands and units leave play: the one place damage is applied, defeat, Soul Burn, leaving to hand.

use super::*;

impl State {
    pub(super) fn bury(&mut self, uc: UnitCard) {
        if uc.burn {
            self.barrows_down.push(uc.card);
        } else {
            self.barrows_up.push(uc.card);
        }
    }

    /// A unit leaves the battlefield, to the Barrows or to its owner's hand.
    pub fn remove_unit(&mut self, id: Card, dest: Leave) {
        let Some((s, rear, i)) = self.find_unit(id) else {
            return;
        };
        let u = if rear {
            self.players[s].rear.remove(i)
        } else {
            self.players[s].front.remove(i)
        };
        self.unindex_unit(&u.cards, s, rear);
        self.unit_left(s, u, dest);
    }

    pub(super) fn unit_left(&mut self, s: Seat, u: Unit, dest: Leave) {
        for uc in &u.cards {
            match dest {
                Leave::Hand if !uc.burn => {
                    let p = &mut self.players[s];
                    p.hand.push(uc.card);
                    p.known.insert(uc.card);
                    p.no_redeploy.insert(uc.card);
                }
                _ => self.bury(*uc),
            }
        }
        if u.clubs_mark {
            // Ace of Clubs: the owner sends a random card from hand to the Barrows.
            if let Some(&c) = self.random_from_hand(s, 1).first() {
                take(&mut self.players[s].hand, c);
                self.barrows_up.push(c);
                self.log(|| format!("ace of clubs: {} discards {c}", seat_name(s)));
            }
        }
    }

    /// One card leaves its unit (the Jack of Diamonds' "last card played").
    pub(super) fn remove_card(&mut self, c: Card) {
        let Some((s, rear, i)) = self.find_unit(c) else {
            return;
        };
        let u = if rear {
            &mut self.players[s].rear[i]
        } else {
            &mut self.players[s].front[i]
        };
        if u.cards.len() == 1 {
            self.remove_unit(c, Leave::Barrows);
            return;
        }
        let k = u.cards.iter().position(|x| x.card == c).unwrap();
        let uc = u.cards.remove(k);
        if k == 0 {
            u.leader_damage = 0;
        }
        self.reindex();
        self.bury(uc);
    }

    pub(super) fn hit_player(&mut self, s: Seat, amount: u32) {
        if amount > 0 {
            self.players[s].life -= amount as i32;
            let life = self.players[s].life;
            self.log(|| format!("{} takes {amount}, life {life}", seat_name(s)));
        }
    }

    /// Apply damage to a unit, leader first; defeated cards go to the Barrows (or, for an
    /// enhanced Hearts blocker facing lethal damage, the whole unit returns to hand). Returns
    /// whether the unit is gone.
    pub(super) fn damage_unit(&mut self, id: Card, amount: u32, hearts_saves: bool) -> bool {
        let margin = self.defeat_margin();
        let king_defence = self.king_defence();
        let Some((s, rear, i)) = self.find_unit(id) else {
            return true;
        };
        let u = if rear {
            &mut self.players[s].rear[i]
        } else {
            &mut self.players[s].front[i]
        };
        if u.protected || amount == 0 {
            return false;
        }
        let lethal = amount >= u.remaining_defence(king_defence) + margin;
        if lethal && hearts_saves && !u.poisoned {
            self.log(|| format!("{id} takes lethal damage and returns to hand (enhanced Hearts)"));
            self.note(|m| m.enhanced[s] += 1);
            self.remove_unit(id, Leave::Hand);
            return true;
        }
        let guard_def = match self.rules.ace_of_hearts_guard {
            AceOfHeartsGuard::ZeroOne => 1,
            AceOfHeartsGuard::OneZero => 0,
        };
        let mut left = amount;
        let mut defeated = UnitCards::new(); // on the stack: a defeat must not allocate
        while left > 0 && !u.cards.is_empty() {
            let def = if u.guard {
                guard_def
            } else {
                face_defence(u.cards[0].face, king_defence)
            };
            // The card sustains damage up to its defence; what is beyond it defeats the card
            // and passes on to the next card of the bond.
            let need = def.saturating_sub(u.leader_damage);
            if left >= need + margin {
                defeated.push(u.cards.remove(0));
                left -= need;
                u.leader_damage = 0;
            } else {
                u.leader_damage += left;
                left = 0;
            }
        }
        let gone = u.cards.is_empty();
        // The defeated cards are in no unit; the rest of the unit stays where it was.
        for c in &defeated {
            self.places.clear(c.card);
        }
        if self.log.is_some() && !defeated.is_empty() {
            let names: Vec<String> = defeated.iter().map(|c| c.card.to_string()).collect();
            self.log(|| format!("defeated: {}", names.join(" ")));
        }
        for uc in defeated {
            self.bury(uc);
        }
        if gone {
            let u = if rear {
                self.players[s].rear.remove(i)
            } else {
                self.players[s].front.remove(i)
            };
            self.unindex_unit(&u.cards, s, rear);
            self.unit_left(s, u, Leave::Barrows);
        }
        gone
    }
}
