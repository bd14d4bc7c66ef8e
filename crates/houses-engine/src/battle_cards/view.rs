//! What a Battle Cards player may see, and the worlds the search player samples from it.

use super::*;
use crate::core::card::Card;
use crate::core::rng::GameRng;

/// What a Battle Cards player may see: its own hand, both lives, both Defense Piles, both
/// discard piles (face up: every card reaches one by being played, warded with, broken or
/// discarded in view), the attack under way, and how many cards each hand and draw pile holds.
/// Hidden: the opponent's hand, the order of both draw piles, and the dice to come.
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
    pub fn discard(&self, s: usize) -> &[Card] {
        &self.st.players[s].discard
    }
    pub fn hand_len(&self, s: usize) -> usize {
        self.st.players[s].hand.len()
    }
    pub fn draw_len(&self, s: usize) -> usize {
        self.st.players[s].draw.len()
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

    /// The cards of seat `s`'s deck that this player has not seen, sorted (so that a world
    /// depends only on what the player knows): all but the face-up piles, the attack under
    /// way, and, for its own deck, its hand.
    pub fn unseen(&self, s: usize) -> Vec<Card> {
        let p = &self.st.players[s];
        let attack = match self.st.pending {
            BcPending::Ward { attack, .. } if self.st.active == s => Some(attack),
            _ => None,
        };
        let mine = if s == self.seat { &p.hand[..] } else { &[] };
        let mut pool: Vec<Card> = Card::deck(self.st.rules.jokers)
            .into_iter()
            .filter(|c| {
                Some(*c) != attack
                    && !p.discard.contains(c)
                    && !p.armor.contains(c)
                    && !mine.contains(c)
            })
            .collect();
        pool.sort();
        pool
    }

    /// A world this player cannot tell apart from the real one, for the search player: its own
    /// draw pile shuffled, the opponent's hand and draw pile dealt at random from the cards of
    /// its deck not seen, and new dice (chance reseeded from `rng`, no fixed rolls). No log.
    pub fn determinize(&self, rng: &mut GameRng) -> BcState {
        let (me, op) = (self.seat, 1 - self.seat);
        let st = self.st;
        let mut mine = self.unseen(me);
        rng.shuffle(&mut mine);
        let mut theirs = self.unseen(op);
        rng.shuffle(&mut theirs);
        let held = theirs.len().saturating_sub(self.hand_len(op));
        let their_hand = theirs.split_off(held);
        let mut players: [BcPlayer; 2] = std::array::from_fn(|s| BcPlayer {
            life: self.life(s),
            hand: Vec::new(),
            draw: Vec::new(),
            discard: self.discard(s).to_vec(),
            armor: self.armor(s).to_vec(),
        });
        players[me].hand = self.hand().to_vec();
        players[me].draw = mine;
        players[op].hand = their_hand;
        players[op].draw = theirs;
        BcState {
            rules: st.rules.clone(),
            players,
            active: st.active,
            turn: st.turn,
            pending: st.pending,
            winner: st.winner,
            end: st.end,
            rng: GameRng::new(rng.next_u64()),
            log: None,
            rolls: st.rolls,
            actions: st.actions,
            chain: st.chain,
            chain_bonus_pending: st.chain_bonus_pending,
            fixed_rolls: Vec::new(),
        }
    }
}
