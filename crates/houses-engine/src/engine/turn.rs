//! The turn's frame: READY, DRAW (and the late-game extra draw), the end of the turn, the hand limit, sudden death, extra turns, and the end of the game.

use super::*;

impl State {
    /// Draw the top card; drawing the last card starts the sudden-death final round.
    pub fn draw(&mut self, s: Seat) -> Option<Card> {
        let c = self.pile_mut(s).pop()?;
        self.players[s].hand.push(c);
        self.note(|m| m.drew(s, c));
        if self.turn > 0 {
            self.check_deck_out(s);
        }
        Some(c)
    }

    /// The last card is gone from the pile `s` draws from: the final round begins.
    pub(super) fn check_deck_out(&mut self, s: Seat) {
        if self.pile(s).is_empty() && self.sudden_death.is_none() {
            // The turns still to come after the one under way.
            self.sudden_death = Some(match self.rules.sudden_death {
                SuddenDeath::ThisRound => 1,
                SuddenDeath::NextRound => 3,
            });
            self.log(|| "the deck is empty: sudden death, one more turn each".into());
        }
    }

    pub(super) fn begin_turn(&mut self, s: Seat, extra: bool) {
        self.turn += 1;
        self.active = s;
        if s == self.first_player && !extra {
            self.round += 1;
        }
        let (turn, round) = (self.turn, self.round);
        self.log(|| {
            format!(
                "== turn {turn} (round {round}) {}{} ==",
                seat_name(s),
                if extra { ", extra turn" } else { "" }
            )
        });
        // READY: straighten units; the Necromancer's summons from last turn are Soul Burned.
        let summoned: Cards = self.players[s]
            .front
            .iter()
            .filter(|u| u.summoned)
            .map(|u| u.id())
            .collect();
        for u in self.players[s]
            .front
            .iter_mut()
            .chain(self.players[s].rear.iter_mut())
        {
            u.exhausted = false;
            u.attacked = false;
            // A stun takes hold for this, its owner's next turn.
            u.dazed = u.stunned;
            u.stunned = false;
        }
        for id in summoned {
            self.log(|| format!("ready: summoned {id} leaves play"));
            self.remove_unit(id, Leave::Barrows);
        }
        // DRAW: the first player does not draw on the first turn.
        if self.turn > 1 {
            for _ in 0..self.cards_to_draw() {
                if let Some(c) = self.draw(s) {
                    self.log(|| format!("draw: {} draws {c}", seat_name(s)));
                }
            }
        }
        if self.log.is_some() {
            let board = self.board_line();
            let hand: Vec<String> = self.players[s].hand.iter().map(|c| c.to_string()).collect();
            self.log(|| board);
            self.log(|| format!("{} hand: {}", seat_name(s), hand.join(" ")));
        }
        let hand = self.players[s].hand.len();
        self.note(|m| m.turn_began(hand));
        self.pending = Pending::Deploy(s);
    }

    /// One line per game log: life, ranks and the size of the deck and the Barrows.
    pub(super) fn board_line(&self) -> String {
        let side = |p: &Player| {
            let units = |us: &[Unit]| {
                us.iter()
                    .map(crate::position::unit_text)
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            format!(
                "life {} front [{}] rear [{}] hand {}",
                p.life,
                units(&p.front),
                units(&p.rear),
                p.hand.len()
            )
        };
        format!(
            "board: P1 {} | P2 {} | deck {} barrows {}",
            side(&self.players[0]),
            side(&self.players[1]),
            self.deck.len() + self.deck_p2.len(),
            self.barrows_up.len() + self.barrows_down.len()
        )
    }

    /// One card a turn, or two under the late-game pace options.
    pub(super) fn cards_to_draw(&self) -> usize {
        let late = match self.rules.extra_draw {
            ExtraDraw::None => false,
            ExtraDraw::FromRound6 => self.round >= 6,
            ExtraDraw::DeckEqualsBarrows => {
                self.pile(self.active).len() <= self.barrows_up.len() + self.barrows_down.len()
            }
        };
        if late {
            2
        } else {
            1
        }
    }

    pub(super) fn check_life(&mut self) -> bool {
        let dead: Vec<Seat> = (0..2).filter(|&s| self.players[s].life <= 0).collect();
        if dead.is_empty() {
            return false;
        }
        let winner = if dead.len() == 2 {
            None
        } else {
            Some(other(dead[0]))
        };
        self.end_game(winner, EndReason::Life);
        true
    }

    pub(super) fn end_game(&mut self, winner: Option<Seat>, reason: EndReason) {
        self.outcome = Some(Outcome { winner, reason });
        self.pending = Pending::GameOver;
        let (a, b) = (self.players[0].life, self.players[1].life);
        self.log(|| format!("game over ({}): life P1 {a} P2 {b}", reason.name()));
        let w = match winner {
            Some(s) => seat_name(s),
            None => "draw".into(),
        };
        self.log(|| format!("winner: {w}"));
    }

    pub(super) fn finish_turn(&mut self) {
        self.attacks.clear();
        self.triggers.clear();
        if self.check_life() {
            return;
        }
        // END: poisoned units go to the Barrows.
        let mut poisoned = Cards::new();
        for u in self.players.iter().flat_map(|p| p.units()) {
            if u.poisoned {
                poisoned.push(u.id());
            }
        }
        for id in poisoned {
            self.log(|| format!("poison: {id} goes to the Barrows"));
            self.remove_unit(id, Leave::Barrows);
        }
        self.aids.clear();
        let life = [self.players[0].life, self.players[1].life];
        self.note(|m| m.turn_ended(life));
        let active = self.active;
        for u in self.players[active].front.iter_mut() {
            u.dazed = false;
        }
        for p in self.players.iter_mut() {
            for u in p.front.iter_mut().chain(p.rear.iter_mut()) {
                u.leader_damage = 0;
                u.protected = false;
                u.double_damage = false;
                u.moved = false;
                u.used = false;
            }
            p.no_redeploy = CardSet::default();
            p.returned_this_turn = false;
        }
        self.last_played = None;
        if self.over_hand_limit() {
            self.pending = Pending::Discard { seat: self.active };
            return;
        }
        self.pass_turn();
    }

    pub(super) fn over_hand_limit(&self) -> bool {
        matches!(self.rules.hand_limit, Some(l) if self.players[self.active].hand.len() > l)
    }

    /// After END: the sudden-death countdown, then the next turn (or an extra one).
    pub(super) fn pass_turn(&mut self) {
        if let Some(n) = self.sudden_death {
            if n == 0 {
                let (a, b) = (self.players[0].life, self.players[1].life);
                let winner = match a.cmp(&b) {
                    std::cmp::Ordering::Greater => Some(0),
                    std::cmp::Ordering::Less => Some(1),
                    std::cmp::Ordering::Equal => None,
                };
                self.end_game(winner, EndReason::SuddenDeath);
                return;
            }
            self.sudden_death = Some(n - 1);
        }
        if self.turn >= MAX_TURNS {
            self.end_game(None, EndReason::TurnLimit);
            return;
        }
        let s = self.active;
        let extra = match self.players[s].extra_turn_from {
            Some(t) if self.turn > t && self.sudden_death.is_none() => {
                self.players[s].extra_turn_from = None;
                true
            }
            _ => false,
        };
        let next = if extra { s } else { other(s) };
        self.begin_turn(next, extra);
    }
}
