//! The invariants every reachable state keeps (the property and conformance tests check them after every move).

use super::*;

impl State {
    /// The engine's index of units (`State::places`) says where every card is, as a scan of
    /// the board does.
    pub fn check_unit_index(&self) -> Result<(), String> {
        for c in self.rules.cards_in_play() {
            let (index, board) = (self.places.get(c), self.scan_unit(c));
            if index != board {
                return Err(format!(
                    "the unit index puts {c} at {index:?}, the board at {board:?}"
                ));
            }
        }
        Ok(())
    }

    /// The invariants every reachable state keeps; the property tests call this after each move.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut seen = CardSet::default();
        let places = self.all_card_places();
        for (c, place) in &places {
            if seen.contains(*c) {
                return Err(format!("card {c} is in two places (one is {place})"));
            }
            seen.insert(*c);
        }
        self.check_unit_index()?;
        let total = self.rules.cards_in_play().len();
        if places.len() != total {
            return Err(format!("{} cards in play, expected {total}", places.len()));
        }
        for (s, p) in self.players.iter().enumerate() {
            // The Insane Wizard's victims choose one after another, in turn order (M7): one
            // choosing now, those after it waiting.
            let choosing = match self.pending {
                Pending::WizardKeep { seat } => {
                    let n = self.seats();
                    let rel = |x: Seat| (x + n - self.active) % n;
                    rel(s) >= rel(seat)
                }
                _ => false,
            };
            if p.front.len() > self.rules.front_ranks.units && !choosing {
                return Err(format!("P{} has {} Front-Rank units", s + 1, p.front.len()));
            }
            if p.rear.len() > Rules::REAR_RANK_UNITS {
                return Err(format!("P{} has {} Rear-Rank units", s + 1, p.rear.len()));
            }
            for u in &p.front {
                if u.cards.is_empty() || u.cards.len() > self.rules.front_ranks.bond {
                    return Err(format!("P{} front unit of {} cards", s + 1, u.cards.len()));
                }
                if !u.is_soldier() {
                    return Err(format!("P{} has {} in the Front Ranks", s + 1, u.id()));
                }
            }
            for u in &p.rear {
                if u.cards.len() != 1 || u.is_soldier() {
                    return Err(format!("P{} has a bad Rear-Rank unit {}", s + 1, u.id()));
                }
            }
            if p.rear.iter().filter(|u| u.is_king()).count() > 1 {
                return Err(format!("P{} has two Kings", s + 1));
            }
            if p.life > self.rules.life {
                return Err(format!("P{} life {} above the start", s + 1, p.life));
            }
            if p.out && (p.units().next().is_some() || !p.hand.is_empty()) {
                return Err(format!("P{} is out but holds cards", s + 1));
            }
            if p.out && self.pending.decider() == Some(s) {
                return Err(format!("P{} is out but must decide", s + 1));
            }
            if p.life <= 0 && !p.out && !self.is_over() {
                return Err(format!(
                    "P{} at {} life but the game goes on",
                    s + 1,
                    p.life
                ));
            }
        }
        if !self.is_over() && self.legal_actions().is_empty() {
            return Err(format!("no legal move at {}", self.pending.name()));
        }
        Ok(())
    }
}
