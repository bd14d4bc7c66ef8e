//! What a Houses-Skirmish record counts, kept beside the rules rather than in them: the state
//! holds an optional `Metrics` that a few named events fill; no rule reads it, and the search
//! agent's simulated worlds carry none (so their clones stay small).

use crate::core::card::{Card, CardSet, Kind};
use crate::core::Seat;
use crate::houses::rules::MAX_PLAYERS;

/// Where the late game begins: the Spring '22 notes' "It feels good, for the first 5 rounds or
/// so... If a match extends beyond this stage ... this feels like a slog", and their first cure
/// draws two "at the start of round six".
pub const LATE_ROUND: u32 = 6;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Metrics {
    /// Cards each player drew (or took into hand from the deck).
    pub drawn: [CardSet; MAX_PLAYERS],
    /// Cards each player put on the battlefield or played from hand.
    pub deployed: [CardSet; MAX_PLAYERS],
    /// Kings each player brought into play.
    pub kings: [CardSet; MAX_PLAYERS],
    pub cards_deployed: [u32; MAX_PLAYERS],
    /// The round of each player's first King.
    pub king_round: [Option<u32>; MAX_PLAYERS],
    /// Turns begun (after the draw) with at most one card in the active player's hand.
    pub low_hand_turns: u32,
    /// Turns begun in the late game (round `LATE_ROUND` or later), and of those the ones begun
    /// with at most one card in hand: the designers' "late-game slog".
    pub late_turns: u32,
    pub late_low_hand_turns: u32,
    /// Cards played from hand (deployed, scouted, or a Jack, Queen or Ace played) in round
    /// `LATE_ROUND` or later, both players': the slog's pace ("playing one card at a time").
    pub late_cards_played: u32,
    /// The first round in which a player drew two cards under a late-game pace option.
    pub two_card_draw_round: Option<u32>,
    /// Who was alone ahead on life when the late game began (seat + 1; 0: level, or the game
    /// never reached it).
    pub late_leader: u8,
    /// How often the player ahead on life changed.
    pub lead_changes: u32,
    /// The most damage one attack was to deal in the game (its attacker's attack, whatever it
    /// struck), and the most one attack dealt to a player directly: the Summer '20 notes' "a
    /// 10, 9 and 8 Blood Bonded together could remove nearly 3/4 of the opposing player's
    /// maximum life in one attack".
    pub biggest_attack: u32,
    pub biggest_hit: u32,
    /// The round each player went out in (three or more players).
    pub out_round: [Option<u32>; MAX_PLAYERS],
    /// How often a Spring '25 enhanced House Trait changed play for each player (a King's whole
    /// power under `kings=enhance`): an enhanced Diamonds blocker's first strike that felled
    /// its attacker before it struck, an enhanced Hearts blocker returned to hand instead of
    /// defeated, an enhanced Clubs attacker's charge, an enhanced Spades soldier's strike on
    /// the Rear Ranks.
    pub enhanced: [u32; MAX_PLAYERS],
    /// How often a Spades soldier's second target was struck or stunned for each player (the
    /// Spades trait acting: dual wielding's second target, adjacent strike's strike after the
    /// first target fell, the stunning second strike's stun). The Ace of Spades' is not counted.
    pub second_targets: [u32; MAX_PLAYERS],
    /// Who was alone ahead at the last end of turn: seat + 1, or 0 (nobody yet).
    last_leader: u8,
    /// Who was alone ahead at the last end of turn: seat + 1, or 0 (level).
    leader_now: u8,
}

impl Metrics {
    pub fn drew(&mut self, s: Seat, c: Card) {
        self.drawn[s].insert(c);
    }

    /// A card played from hand (deployed, scouted, or a Jack, Queen or Ace played), as `face`.
    pub fn deployed(&mut self, s: Seat, card: Card, face: Card, round: u32) {
        self.deployed[s].insert(card);
        self.cards_deployed[s] += 1;
        self.late_cards_played += u32::from(round >= LATE_ROUND);
        if face.kind() == Kind::King {
            self.king_arrived(s, face, round);
        }
    }

    /// A King came into play (deployed, or brought back by the Queen of Hearts).
    pub fn king_arrived(&mut self, s: Seat, king: Card, round: u32) {
        self.kings[s].insert(king);
        self.king_round[s].get_or_insert(round);
    }

    /// A turn began in `round`, after a draw of `drawn_two` cards, with `hand_len` in hand.
    pub fn turn_began(&mut self, round: u32, hand_len: usize, drew_two: bool) {
        let low = hand_len <= 1;
        self.low_hand_turns += u32::from(low);
        if round >= LATE_ROUND {
            if self.late_turns == 0 {
                self.late_leader = self.leader_now;
            }
            self.late_turns += 1;
            self.late_low_hand_turns += u32::from(low);
        }
        if drew_two {
            self.two_card_draw_round.get_or_insert(round);
        }
    }

    /// A combat: its biggest attack, and its biggest single attack on a player.
    pub fn combat(&mut self, attack: u32, hit: u32) {
        self.biggest_attack = self.biggest_attack.max(attack);
        self.biggest_hit = self.biggest_hit.max(hit);
    }

    pub fn eliminated(&mut self, s: Seat, round: u32) {
        self.out_round[s] = Some(round);
    }

    /// `life`: each seat's life at the end of a turn (0 for a player who is out).
    pub fn turn_ended(&mut self, life: &[i32; MAX_PLAYERS]) {
        let best = life.iter().copied().max().unwrap_or(0);
        let mut top = life.iter().enumerate().filter(|&(_, &l)| l == best);
        let leader = match (top.next(), top.next()) {
            (Some((s, _)), None) => s as u8 + 1,
            _ => 0,
        };
        self.leader_now = leader;
        if leader != 0 {
            if self.last_leader != 0 && leader != self.last_leader {
                self.lead_changes += 1;
            }
            self.last_leader = leader;
        }
    }
}
