//! House of Suits for the search player (`core::search`): the worlds it samples, its judgement
//! of a position, and the turn count its play-outs measure.

use super::agents::greedy_pick;
use super::*;
use crate::core::rng::GameRng;
use crate::core::{Searchable, Seat};

impl HsMatch {
    /// The cards of the game under way that `seat` has not seen, sorted (so that a world
    /// depends only on what the player knows): all but its own hand and set-aside card, the
    /// market and both investments (face up).
    pub fn unseen(&self, seat: Seat) -> Vec<HCard> {
        let g = &self.game;
        let seen = |c: &HCard| {
            g.hands[seat].contains(c)
                || g.aside[seat] == Some(*c)
                || g.market.contains(c)
                || g.invested.iter().any(|v| v.contains(c))
        };
        (0..g.suits)
            .flat_map(|suit| (1..=10).map(move |rank| HCard { suit, rank }))
            .filter(|c| !seen(c))
            .collect()
    }
}

impl Searchable for HsMatch {
    /// A world `seat` cannot tell apart from this one: the opponent's set-aside card (once set),
    /// its hand and the pickup pile dealt at random from the cards `seat` has not seen, and the
    /// games still to deal reseeded from `rng`. No log.
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> HsMatch {
        let (me, op) = (seat, 1 - seat);
        let g = &self.game;
        let mut pool = self.unseen(me);
        rng.shuffle(&mut pool);
        let mut aside = [None, None];
        aside[me] = g.aside[me];
        if g.aside[op].is_some() {
            aside[op] = pool.pop();
        }
        let held = pool.len().saturating_sub(g.hands[op].len());
        let mut hands: [Vec<HCard>; 2] = Default::default();
        hands[me] = g.hands[me].clone();
        hands[op] = pool.split_off(held);
        let game = HsGame {
            suits: g.suits,
            hands,
            aside,
            invested: g.invested.clone(),
            market: g.market.clone(),
            pile: pool,
            active: g.active,
            final_turns: g.final_turns,
            over: g.over,
            turns: g.turns,
        };
        HsMatch {
            schedule: self.schedule.clone(),
            rng: GameRng::new(rng.next_u64()),
            game,
            index: self.index,
            total: self.total,
            turns: self.turns,
            over: self.over,
            actions: self.actions,
            log: None,
        }
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        evaluate(self, seat)
    }

    fn playout_choice(&self, legal: &[HsAction], rng: &mut GameRng) -> usize {
        let seat = self.game.decider().unwrap_or(0);
        greedy_pick(&self.game, seat, legal, rng)
    }

    fn turn(&self) -> u32 {
        self.turns + self.game.turns
    }
}

/// How likely `seat` is to win the match from here: the match totals plus the game under way
/// scored as if it ended now, against the spread of the score still to come (a logistic
/// curve); exact once the match is over.
pub fn evaluate(m: &HsMatch, seat: Seat) -> f64 {
    let o = 1 - seat;
    if m.over {
        return match m.total[seat].cmp(&m.total[o]) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Less => 0.0,
            std::cmp::Ordering::Equal => 0.5,
        };
    }
    let g = &m.game;
    let now = g.scores();
    let lead = (m.total[seat] - m.total[o] + now[seat] - now[o]) as f64;
    let per = 10 + g.suits as usize - 4;
    let pile = (10 * g.suits as usize - 2 * per) as f64;
    let left_here = (g.pile.len() as f64 + 2.0) / (pile + 2.0);
    let games_left = (m.schedule.len() - m.index - 1) as f64 + left_here;
    let spread = GAME_SPREAD * games_left.max(0.05).sqrt();
    1.0 / (1.0 + (-1.7 * lead / spread).exp())
}

/// The spread (standard deviation) of one game's score difference between two greedy players.
const GAME_SPREAD: f64 = 30.0;
