//! One game of House of Suits: the deal, the set-aside cards, market and investment plays, the final turns, the suits' roles and the scores.

use super::*;
use crate::core::rng::GameRng;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Winning,
    Neutral,
    Losing,
    Bonus,
    /// Its market total tied another suit's: out of the scoring.
    Discarded,
}

/// One game of House of Suits (a match is several).
#[derive(Clone, Debug)]
pub struct HsGame {
    pub suits: u8,
    pub hands: [Vec<HCard>; 2],
    pub aside: [Option<HCard>; 2],
    pub invested: [Vec<HCard>; 2],
    pub market: Vec<HCard>,
    /// Top card last.
    pub pile: Vec<HCard>,
    pub active: usize,
    /// Final turns taken after the pickup pile ran out.
    pub final_turns: u8,
    pub over: bool,
    pub turns: u32,
}

impl HsGame {
    pub fn new(suits: u8, rng: &mut GameRng) -> HsGame {
        let mut deck: Vec<HCard> = (0..suits)
            .flat_map(|s| (1..=10).map(move |r| HCard { suit: s, rank: r }))
            .collect();
        rng.shuffle(&mut deck);
        let per = 10 + (suits as usize - 4);
        let mut hands: [Vec<HCard>; 2] = Default::default();
        // Dealt one at a time, beginning with the opponent (P2).
        for _ in 0..per {
            for s in [1, 0] {
                hands[s].push(deck.pop().unwrap());
            }
        }
        HsGame {
            suits,
            hands,
            aside: [None, None],
            invested: Default::default(),
            market: Vec::new(),
            pile: deck,
            active: 0,
            final_turns: 0,
            over: false,
            turns: 0,
        }
    }

    /// Whose decision: first each player sets a card aside (P1 then P2), then turns.
    pub fn decider(&self) -> Option<usize> {
        if self.over {
            None
        } else if self.aside[0].is_none() {
            Some(0)
        } else if self.aside[1].is_none() {
            Some(1)
        } else {
            Some(self.active)
        }
    }

    pub fn legal(&self) -> Vec<HsAction> {
        let Some(s) = self.decider() else {
            return vec![];
        };
        let hand = &self.hands[s];
        if self.aside[s].is_none() {
            return hand.iter().map(|&c| HsAction::SetAside(c)).collect();
        }
        let mut out = Vec::new();
        for (i, &m) in hand.iter().enumerate() {
            for (j, &v) in hand.iter().enumerate() {
                if i != j {
                    out.push(HsAction::Lay {
                        market: m,
                        invest: v,
                    });
                }
            }
        }
        out
    }

    pub fn step(&mut self, a: HsAction) {
        let s = self.decider().expect("game over");
        match a {
            HsAction::SetAside(c) => {
                take(&mut self.hands[s], c);
                self.aside[s] = Some(c);
            }
            HsAction::Lay { market, invest } => {
                take(&mut self.hands[s], market);
                take(&mut self.hands[s], invest);
                self.market.push(market);
                self.invested[s].push(invest);
                self.turns += 1;
                if self.pile.is_empty() {
                    // The final turns, one each, from hand.
                    self.final_turns += 1;
                    if self.final_turns >= 2 || self.hands[1 - s].len() < 2 {
                        self.over = true;
                        return;
                    }
                } else {
                    for _ in 0..2 {
                        if let Some(c) = self.pile.pop() {
                            self.hands[s].push(c);
                        }
                    }
                }
                self.active = 1 - s;
                if self.hands[self.active].len() < 2 {
                    self.over = true;
                }
            }
        }
    }

    /// Market totals per suit, the set-aside cards included (they are turned up at the end).
    pub fn totals(&self, with_aside: bool) -> Vec<u32> {
        let mut t = vec![0u32; self.suits as usize];
        for c in &self.market {
            t[c.suit as usize] += c.rank as u32;
        }
        if with_aside {
            for c in self.aside.iter().flatten() {
                t[c.suit as usize] += c.rank as u32;
            }
        }
        t
    }

    /// Each suit's role, from the market totals.
    pub fn roles(totals: &[u32]) -> Vec<Role> {
        let n = totals.len();
        let mut roles = vec![Role::Discarded; n];
        let mut left: Vec<usize> = (0..n)
            .filter(|&s| (0..n).filter(|&o| totals[o] == totals[s]).count() == 1)
            .collect();
        left.sort_by_key(|&s| std::cmp::Reverse(totals[s]));
        let order = left; // highest first
        let k = order.len();
        let pattern: &[Role] = match k {
            6 => &[
                Role::Winning,
                Role::Winning,
                Role::Neutral,
                Role::Losing,
                Role::Bonus,
                Role::Bonus,
            ],
            5 => &[
                Role::Winning,
                Role::Winning,
                Role::Neutral,
                Role::Losing,
                Role::Bonus,
            ],
            4 => &[Role::Winning, Role::Winning, Role::Neutral, Role::Losing],
            3 => &[Role::Winning, Role::Winning, Role::Losing],
            2 => &[Role::Winning, Role::Losing],
            1 => &[Role::Winning],
            _ => &[],
        };
        for (i, &s) in order.iter().enumerate() {
            roles[s] = pattern[i];
        }
        roles
    }

    /// The two scores of the finished game.
    pub fn scores(&self) -> [i32; 2] {
        let totals = self.totals(true);
        let roles = HsGame::roles(&totals);
        let inv = |p: usize, s: usize| -> i32 {
            self.invested[p]
                .iter()
                .filter(|c| c.suit as usize == s)
                .map(|c| c.rank as i32)
                .sum()
        };
        let mut score = [0i32; 2];
        for (s, role) in roles.iter().enumerate() {
            for (p, total) in score.iter_mut().enumerate() {
                match role {
                    Role::Winning => *total += inv(p, s),
                    Role::Losing => *total -= inv(p, s),
                    _ => {}
                }
            }
            if *role == Role::Bonus {
                let (a, b) = (inv(0, s), inv(1, s));
                if a != b {
                    score[if a > b { 0 } else { 1 }] += totals[s] as i32;
                }
            }
        }
        score
    }
}

impl HsGame {
    /// Every card of the suits in play in exactly one place; hands within the deal's size.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut all: Vec<HCard> = self.hands[0]
            .iter()
            .chain(&self.hands[1])
            .chain(self.aside.iter().flatten())
            .chain(&self.invested[0])
            .chain(&self.invested[1])
            .chain(&self.market)
            .chain(&self.pile)
            .copied()
            .collect();
        let n = all.len();
        all.sort();
        all.dedup();
        let expected = self.suits as usize * 10;
        if n != expected || all.len() != expected {
            return Err(format!(
                "{n} cards ({} distinct), expected {expected}",
                all.len()
            ));
        }
        let most = 10 + (self.suits as usize - 4) + 2;
        if let Some(s) = (0..2).find(|&s| self.hands[s].len() > most) {
            return Err(format!("P{} holds {} cards", s + 1, self.hands[s].len()));
        }
        Ok(())
    }
}

fn take(v: &mut Vec<HCard>, c: HCard) {
    if let Some(i) = v.iter().position(|&x| x == c) {
        v.remove(i);
    }
}
