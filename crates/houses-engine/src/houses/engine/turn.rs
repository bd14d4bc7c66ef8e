//! The turn's frame: READY, DRAW (and the late-game extra draw), the end of the turn, the hand limit, sudden death, extra turns, and the end of the game.

use super::*;

impl State {
    /// Draw the top card; drawing the last card starts the sudden-death final round.
    pub fn draw(&mut self, s: Seat) -> Option<Card> {
        let c = self.pile_mut(s).pop()?;
        self.players[s].hand.push(c);
        self.note(|m| m.drew(s, c));
        self.king_drawn(c);
        if self.turn > 0 {
            self.check_deck_out(s);
        }
        Some(c)
    }

    /// The last card is gone from the pile `s` draws from: the final round begins (with decks
    /// split by suit and `split_deck_out=both_piles`, once both piles are out).
    pub(super) fn check_deck_out(&mut self, s: Seat) {
        let out = if self.rules.deck == DeckMode::SuitSplit
            && self.rules.split_deck_out == SplitDeckOut::BothPiles
        {
            self.pile(0).is_empty() && self.pile(1).is_empty()
        } else {
            self.pile(s).is_empty()
        };
        if out && self.sudden_death.is_none() {
            // The turn under way is the first of the final round: the game ends when the turn
            // comes back to this player (this_round), or comes back twice (next_round).
            self.sudden_death = Some(FinalRound {
                anchor: self.active,
                rounds_left: match self.rules.sudden_death {
                    SuddenDeath::ThisRound => 0,
                    SuddenDeath::NextRound => 1,
                },
            });
            self.log(|| "the deck is empty: sudden death, one more turn each".into());
        }
    }

    pub(super) fn begin_turn(&mut self, s: Seat, extra: bool) {
        self.turn += 1;
        // A round begins each time the turn reaches (or, the first player being out, passes
        // over) the first player's seat.
        if !extra && (self.turn == 1 || self.passes(self.active, s, self.first_player)) {
            self.round += 1;
        }
        self.active = s;
        self.redeployed = false;
        self.entered = CardSet::default();
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
        let p = &mut self.players[s];
        for u in p.front.iter_mut().chain(p.rear.iter_mut()) {
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
        let draws = if self.turn > 1 {
            self.cards_to_draw()
        } else {
            0
        };
        if draws > 0 {
            for _ in 0..draws {
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
        self.note(|m| m.turn_began(round, hand, draws == 2));
        self.pending = Pending::Deploy(s);
    }

    /// One line per game log: life, ranks and the size of the deck and the Barrows.
    pub(super) fn board_line(&self) -> String {
        let side = |s: Seat, p: &Player| {
            let units = |us: &[Unit]| {
                us.iter()
                    .map(crate::houses::position::unit_text)
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            if p.out {
                return format!("{} out", seat_name(s));
            }
            format!(
                "{} life {} front [{}] rear [{}] hand {}",
                seat_name(s),
                p.life,
                units(&p.front),
                units(&p.rear),
                p.hand.len()
            )
        };
        let sides: Vec<String> = self
            .players
            .iter()
            .enumerate()
            .map(|(s, p)| side(s, p))
            .collect();
        format!(
            "board: {} | deck {} barrows {}",
            sides.join(" | "),
            self.deck.len() + self.deck_p2.len(),
            self.barrows_up.len() + self.barrows_down.len()
        )
    }

    /// One card a turn, or two under the late-game pace options.
    pub(super) fn cards_to_draw(&self) -> usize {
        let late = match self.rules.extra_draw {
            ExtraDraw::None => false,
            ExtraDraw::FromRound6 => self.round >= self.rules.two_card_draw_round.max(1) as u32,
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

    /// Players at 0 life or less: the game ends when at most one player is left standing (a
    /// draw when none is); otherwise the fallen are out (reading M6). True when the game ended.
    pub(super) fn check_life(&mut self) -> bool {
        if !self.players.iter().any(|p| p.life <= 0 && !p.out) {
            return false;
        }
        let mut dead: arrayvec::ArrayVec<Seat, MAX_PLAYERS> = arrayvec::ArrayVec::new();
        let mut standing: arrayvec::ArrayVec<Seat, MAX_PLAYERS> = arrayvec::ArrayVec::new();
        for s in self.alive() {
            if self.players[s].life <= 0 {
                dead.push(s);
            } else {
                standing.push(s);
            }
        }
        if dead.is_empty() {
            return false;
        }
        match standing[..] {
            [] => self.end_game(None, EndReason::Life),
            [w] => self.end_game(Some(w), EndReason::Life),
            _ => {
                for s in dead {
                    self.eliminate(s);
                }
                return false;
            }
        }
        true
    }

    /// Seat `s` is out: its units leave play for the Barrows and its hand follows them face up
    /// (reading M6).
    pub(super) fn eliminate(&mut self, s: Seat) {
        self.log(|| format!("{} is out", seat_name(s)));
        self.players[s].out = true;
        self.players[s].extra_turn_from = None;
        let ids: Cards = self.players[s].units().map(|u| u.id()).collect();
        for id in ids {
            self.remove_unit(id, Leave::Barrows);
        }
        let hand = std::mem::take(&mut self.players[s].hand);
        self.barrows_up.extend(hand);
        self.players[s].known = CardSet::default();
        let round = self.round;
        self.note(|m| m.eliminated(s, round));
    }

    pub(super) fn end_game(&mut self, winner: Option<Seat>, reason: EndReason) {
        self.outcome = Some(Outcome { winner, reason });
        self.pending = Pending::GameOver;
        // Written only into a kept log: a search ends games by the million.
        if self.log.is_some() {
            let life: Vec<String> = self
                .players
                .iter()
                .enumerate()
                .map(|(s, p)| format!("{} {}", seat_name(s), p.life))
                .collect();
            self.log(|| format!("game over ({}): life {}", reason.name(), life.join(" ")));
            let w = winner.map_or_else(|| "draw".into(), seat_name);
            self.log(|| format!("winner: {w}"));
        }
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
        let mut life = [0; MAX_PLAYERS];
        for (l, p) in life.iter_mut().zip(&self.players) {
            *l = if p.out { 0 } else { p.life };
        }
        self.note(|m| m.turn_ended(&life));
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
        let s = self.active;
        let extra = match self.players[s].extra_turn_from {
            Some(t) if self.turn > t && self.sudden_death.is_none() && !self.players[s].out => {
                self.players[s].extra_turn_from = None;
                true
            }
            _ => false,
        };
        let next = if extra { s } else { self.next_player(s) };
        if let Some(clock) = self.sudden_death {
            if !extra && self.passes(s, next, clock.anchor) {
                if clock.rounds_left == 0 {
                    self.end_sudden_death();
                    return;
                }
                self.sudden_death = Some(FinalRound {
                    rounds_left: clock.rounds_left - 1,
                    ..clock
                });
            }
        }
        if self.turn >= MAX_TURNS {
            self.end_game(None, EndReason::TurnLimit);
            return;
        }
        self.begin_turn(next, extra);
    }

    /// The next seat in turn order after `s` that is still in the game.
    pub fn next_player(&self, s: Seat) -> Seat {
        self.opponents(s).next().unwrap_or(s)
    }

    /// Does passing the turn from `from` to `to` (clockwise) reach or pass over seat `x`?
    fn passes(&self, from: Seat, to: Seat, x: Seat) -> bool {
        let n = self.seats();
        let rel = |y: Seat| (y + n - from) % n;
        (1..=rel(to)).contains(&rel(x))
    }

    /// The final round is over: the highest life wins; a tie at the top is a draw.
    fn end_sudden_death(&mut self) {
        let best = self.alive().map(|s| self.players[s].life).max();
        let top: arrayvec::ArrayVec<Seat, MAX_PLAYERS> = self
            .alive()
            .filter(|&s| Some(self.players[s].life) == best)
            .collect();
        let winner = (top.len() == 1).then(|| top[0]);
        self.end_game(winner, EndReason::SuddenDeath);
    }
}
