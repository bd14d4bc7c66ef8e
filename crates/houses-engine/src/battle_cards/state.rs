//! The Battle Cards game state: the deal, the turn, each card's effect, the dice, the end.

use super::*;
use crate::core::card::{Card, Kind, Suit};
use crate::core::rng::GameRng;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct BcPlayer {
    pub life: i32,
    pub hand: Vec<Card>,
    /// Top card last.
    pub draw: Vec<Card>,
    pub discard: Vec<Card>,
    /// Top card last.
    pub armor: Vec<Card>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BcPending {
    Turn(usize),
    /// The defender decides whether to reveal a Joker against this attack.
    Ward {
        seat: usize,
        attack: Card,
    },
    Redraw(usize),
    Over,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BcEnd {
    Life,
    /// A player could not draw a new hand and had nothing to play: no winner.
    NoCards,
    TurnLimit,
}

#[derive(Clone, Debug)]
pub struct BcState {
    pub rules: BcRules,
    pub players: [BcPlayer; 2],
    pub active: usize,
    pub turn: u32,
    pub pending: BcPending,
    pub winner: Option<usize>,
    pub end: Option<BcEnd>,
    pub rng: GameRng,
    pub log: Option<Vec<String>>,
    pub rolls: u32,
    pub actions: u32,
    /// Bonus plays in the current chain (a chain continues while plays grant another card).
    pub chain: u32,
    /// While an Ace's redraw offer is open: whether its play granted another card.
    pub chain_bonus_pending: bool,
    /// Die results to use before the generator's (positions and tests fix the dice this way).
    pub fixed_rolls: Vec<u8>,
}

pub const BC_MAX_TURNS: u32 = 2_000;

/// Card value for comparisons and amounts: number cards their number; J, Q, K and A count 10.
pub fn value(c: Card) -> i32 {
    match c.kind() {
        Kind::Soldier => c.rank() as i32,
        _ => 10,
    }
}

pub(super) fn is_face_or_ace(c: Card) -> bool {
    matches!(c.kind(), Kind::Jack | Kind::Queen | Kind::King | Kind::Ace)
}

impl BcState {
    pub fn new(rules: BcRules, seed: u64, keep_log: bool) -> BcState {
        let mut rng = GameRng::new(seed);
        let mut players: [BcPlayer; 2] = Default::default();
        for p in players.iter_mut() {
            let mut deck = Card::deck(rules.jokers);
            rng.shuffle(&mut deck);
            p.draw = deck;
            p.life = rules.life;
            for _ in 0..rules.hand_size {
                if let Some(c) = p.draw.pop() {
                    p.hand.push(c);
                }
            }
        }
        let mut st = BcState {
            rules,
            players,
            active: 0,
            turn: 1,
            pending: BcPending::Turn(0),
            winner: None,
            end: None,
            rng,
            log: keep_log.then(Vec::new),
            rolls: 0,
            actions: 0,
            chain: 0,
            chain_bonus_pending: false,
            fixed_rolls: Vec::new(),
        };
        st.log(|| format!("seed {seed}"));
        st.begin_turn(0);
        st
    }

    fn log(&mut self, f: impl FnOnce() -> String) {
        if let Some(l) = self.log.as_mut() {
            l.push(f());
        }
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    pub fn decider(&self) -> Option<usize> {
        match self.pending {
            BcPending::Turn(s) | BcPending::Redraw(s) => Some(s),
            BcPending::Ward { seat, .. } => Some(seat),
            BcPending::Over => None,
        }
    }

    fn roll(&mut self) -> u8 {
        self.rolls += 1;
        let r = if self.fixed_rolls.is_empty() {
            self.rng.below(6) as u8 + 1
        } else {
            self.fixed_rolls.remove(0)
        };
        self.log(|| format!("die: {r}"));
        r
    }

    fn draw_hand(&mut self, s: usize) {
        let n = self.rules.hand_size;
        let p = &mut self.players[s];
        for _ in 0..n {
            if let Some(c) = p.draw.pop() {
                p.hand.push(c);
            }
        }
    }

    fn begin_turn(&mut self, s: usize) {
        self.active = s;
        self.chain = 0;
        if self.players[s].hand.is_empty() {
            self.draw_hand(s);
        }
        let hand = self.players[s]
            .hand
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let (l0, l1) = (self.players[0].life, self.players[1].life);
        let turn = self.turn;
        self.log(|| {
            format!(
                "== turn {turn} P{} (life P1 {l0} P2 {l1}) hand: {hand}",
                s + 1
            )
        });
        if self.players[s].hand.is_empty() {
            self.finish(None, BcEnd::NoCards);
            return;
        }
        self.pending = BcPending::Turn(s);
    }

    pub(super) fn finish(&mut self, winner: Option<usize>, end: BcEnd) {
        self.winner = winner;
        self.end = Some(end);
        self.pending = BcPending::Over;
        let w = winner
            .map(|w| format!("P{}", w + 1))
            .unwrap_or_else(|| "draw".into());
        self.log(|| format!("winner: {w}"));
    }

    pub fn legal(&self) -> Vec<BcAction> {
        match self.pending {
            BcPending::Turn(s) => {
                let mut out = Vec::new();
                for &c in &self.players[s].hand {
                    if !c.is_joker() {
                        out.push(BcAction::Play(c));
                    }
                }
                for &c in &self.players[s].hand {
                    out.push(BcAction::Discard(c));
                }
                out
            }
            BcPending::Ward { .. } => vec![BcAction::Ward(true), BcAction::Ward(false)],
            BcPending::Redraw(_) => vec![BcAction::Redraw(true), BcAction::Redraw(false)],
            BcPending::Over => vec![],
        }
    }

    pub fn apply(&mut self, a: BcAction) -> Result<(), String> {
        if !self.legal().contains(&a) {
            return Err(format!("illegal move '{a}'"));
        }
        self.step(a);
        Ok(())
    }

    pub fn step(&mut self, a: BcAction) {
        self.actions += 1;
        let who = self.decider().unwrap_or(self.active);
        self.log(|| format!("P{}: {a}", who + 1));
        match a {
            BcAction::Discard(c) => {
                let s = self.active;
                take(&mut self.players[s].hand, c);
                self.players[s].discard.push(c);
                self.end_turn();
            }
            BcAction::Play(c) => {
                let s = self.active;
                take(&mut self.players[s].hand, c);
                self.play(c);
            }
            BcAction::Ward(yes) => {
                let BcPending::Ward { seat, attack } = self.pending else {
                    return;
                };
                if yes {
                    let joker = *self.players[seat]
                        .hand
                        .iter()
                        .find(|c| c.is_joker())
                        .unwrap();
                    take(&mut self.players[seat].hand, joker);
                    self.players[seat].discard.push(joker);
                    self.log(|| format!("P{} wards off {attack} with {joker}", seat + 1));
                    let a = self.active;
                    self.players[a].discard.push(attack);
                    self.after_play(attack, false);
                } else {
                    self.resolve_attack(attack);
                }
            }
            BcAction::Redraw(yes) => {
                let s = self.active;
                if yes {
                    let hand = std::mem::take(&mut self.players[s].hand);
                    self.players[s].discard.extend(hand);
                    self.draw_hand(s);
                }
                // The Ace's own bonus (if any) was decided before the offer.
                let bonus = self.chain_bonus_pending;
                self.chain_bonus_pending = false;
                self.continue_chain(bonus);
            }
        }
    }
}

impl BcState {
    fn play(&mut self, c: Card) {
        let s = self.active;
        let o = 1 - s;
        match c.suit() {
            Some(Suit::Hearts) => {
                let bonus = if self.players[s].armor.len() < self.rules.armor_limit {
                    self.players[s].armor.push(c);
                    is_face_or_ace(c) && self.roll() >= self.rules.hearts_bonus
                } else {
                    self.log(|| format!("{c}: the Defense Pile is full, no effect"));
                    self.players[s].discard.push(c);
                    false
                };
                self.after_play(c, bonus);
            }
            Some(Suit::Diamonds) => {
                let gain = if is_face_or_ace(c) {
                    10
                } else if self.roll() >= self.rules.diamonds_life {
                    value(c)
                } else {
                    0
                };
                let p = &mut self.players[s];
                p.life = (p.life + gain).min(self.rules.life);
                p.discard.push(c);
                let life = p.life;
                self.log(|| format!("{c}: +{gain} life, now {life}"));
                self.after_play(c, is_face_or_ace(c));
            }
            _ => {
                // Spades and Clubs attack: the defender may ward them off with a Joker.
                if self.players[o].hand.iter().any(|x| x.is_joker()) {
                    self.pending = BcPending::Ward { seat: o, attack: c };
                } else {
                    self.resolve_attack(c);
                }
            }
        }
    }

    fn resolve_attack(&mut self, c: Card) {
        let s = self.active;
        let o = 1 - s;
        self.players[s].discard.push(c);
        let mut bonus = false;
        if c.suit() == Some(Suit::Spades) {
            let Some(&top) = self.players[o].armor.last() else {
                self.log(|| format!("{c}: no armor to break"));
                return self.after_play(c, false);
            };
            let breaks = match c.kind() {
                Kind::Ace => is_face_or_ace(top),
                Kind::Soldier => value(c) > value(top),
                _ => value(c) > value(top) && self.roll() >= self.rules.spades_face,
            };
            if breaks {
                let a = self.players[o].armor.pop().unwrap();
                self.players[o].discard.push(a);
            }
            self.log(|| {
                format!(
                    "{c} against {top}: {}",
                    if breaks { "armor broken" } else { "stopped" }
                )
            });
        } else {
            let damage = match c.kind() {
                Kind::Ace => {
                    bonus = true;
                    10
                }
                Kind::Soldier if !self.players[o].armor.is_empty() => 0,
                Kind::Soldier => {
                    if self.roll() >= self.rules.clubs_attack {
                        value(c)
                    } else {
                        0
                    }
                }
                _ => {
                    if self.roll() >= self.rules.clubs_attack {
                        10
                    } else {
                        0
                    }
                }
            };
            self.players[o].life -= damage;
            let life = self.players[o].life;
            self.log(|| format!("{c}: {damage} damage, P{} at {life}", o + 1));
            if life <= 0 {
                return self.finish(Some(s), BcEnd::Life);
            }
        }
        self.after_play(c, bonus);
    }

    fn after_play(&mut self, c: Card, bonus: bool) {
        if self.is_over() {
            return;
        }
        if c.kind() == Kind::Ace {
            // Any Ace offers to discard the rest of the hand and draw a fresh one.
            self.chain_bonus_pending = bonus;
            self.pending = BcPending::Redraw(self.active);
            return;
        }
        self.continue_chain(bonus);
    }

    fn continue_chain(&mut self, bonus: bool) {
        let s = self.active;
        if bonus && self.chain < 200 {
            self.chain += 1;
            if self.players[s].hand.is_empty() {
                self.draw_hand(s);
            }
            if !self.players[s].hand.is_empty() {
                self.pending = BcPending::Turn(s);
                return;
            }
        }
        self.end_turn();
    }

    fn end_turn(&mut self) {
        if self.is_over() {
            return;
        }
        self.turn += 1;
        if self.turn > BC_MAX_TURNS {
            return self.finish(None, BcEnd::TurnLimit);
        }
        self.begin_turn(1 - self.active);
    }

    /// Every card in exactly one place, armor within its limit, life within bounds.
    pub fn check_invariants(&self) -> Result<(), String> {
        let per = if self.rules.jokers { 54 } else { 52 };
        for (s, p) in self.players.iter().enumerate() {
            let mut all: Vec<Card> = p
                .hand
                .iter()
                .chain(&p.draw)
                .chain(&p.discard)
                .chain(&p.armor)
                .copied()
                .collect();
            if let BcPending::Ward { attack, .. } = self.pending {
                if s == self.active {
                    all.push(attack);
                }
            }
            let n = all.len();
            all.sort();
            all.dedup();
            if n != per || all.len() != per {
                return Err(format!(
                    "P{} has {n} cards ({} distinct), expected {per}",
                    s + 1,
                    all.len()
                ));
            }
            if p.armor.len() > self.rules.armor_limit {
                return Err(format!("P{} armor of {}", s + 1, p.armor.len()));
            }
            if p.life > self.rules.life {
                return Err(format!("P{} life {} above the start", s + 1, p.life));
            }
        }
        Ok(())
    }
}

pub(super) fn take(v: &mut Vec<Card>, c: Card) {
    if let Some(i) = v.iter().position(|&x| x == c) {
        v.remove(i);
    }
}
