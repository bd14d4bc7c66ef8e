//! What a player may know. Agents receive a `View` of the state for their seat: their own hand,
//! the board, the Barrows, counts of hidden cards and the opponent's cards revealed to them. The
//! full state is private to this module, so an agent cannot read hidden cards by accident.

use crate::core::card::{Card, CardSet};
use crate::core::rng::GameRng;
use crate::core::Seat;
use crate::houses::rules::MAX_PLAYERS;
use crate::houses::rules::{DeckMode, Rules};
use crate::houses::state::{Pending, State, Target, Unit};

pub struct View<'a> {
    state: &'a State,
    seat: Seat,
}

impl<'a> View<'a> {
    pub fn new(state: &'a State, seat: Seat) -> View<'a> {
        View { state, seat }
    }

    /// Where unit-card `id` is (the engine's index of units).
    #[inline]
    fn place(&self, id: Card) -> Option<(Seat, bool, usize)> {
        self.state.find_unit(id)
    }
    pub fn seat(&self) -> Seat {
        self.seat
    }
    pub fn rules(&self) -> &Rules {
        &self.state.rules
    }
    pub fn pending(&self) -> &Pending {
        &self.state.pending
    }
    pub fn my_hand(&self) -> &[Card] {
        &self.state.players[self.seat].hand
    }
    pub fn life(&self, s: Seat) -> i32 {
        self.state.players[s].life
    }
    pub fn front(&self, s: Seat) -> &[Unit] {
        &self.state.players[s].front
    }
    pub fn rear(&self, s: Seat) -> &[Unit] {
        &self.state.players[s].rear
    }
    #[inline]
    pub fn unit(&self, id: Card) -> Option<&Unit> {
        self.place(id).map(|(s, r, i)| self.state.unit_at(s, r, i))
    }
    pub fn owner_of(&self, id: Card) -> Option<Seat> {
        self.place(id).map(|(s, _, _)| s)
    }
    pub fn unit_attack(&self, u: &Unit) -> u32 {
        self.state.unit_attack(u)
    }
    /// What `u` adds to a blocking ally as a King aid (`king_aid_percent` of its attack).
    pub fn aid_of(&self, u: &Unit) -> u32 {
        self.state.aid_of(u)
    }
    pub fn unit_defence(&self, u: &Unit) -> u32 {
        self.state.unit_defence(u)
    }
    /// Does blocker `b` of seat `d` deal damage (an exhausted Hearts blocker may not)?
    pub fn blocker_deals_damage(&self, d: Seat, b: &Unit) -> bool {
        self.state.blocker_deals_damage(d, b)
    }
    /// The damage each of the two targets of unit `att`'s unblocked attack would take.
    pub fn per_target_damage(&self, att: &Unit, dmg: u32, two_targets: bool) -> [u32; 2] {
        let owner = self.owner_of(att.id()).unwrap_or(self.seat);
        self.state.per_target_damage(owner, att, dmg, two_targets)
    }
    /// The least damage that defeats `u` this turn, under the rule set's `defeat` option.
    pub fn lethal(&self, u: &Unit) -> u32 {
        self.state.lethal(u)
    }
    pub fn enhanced(&self, s: Seat, u: &Unit) -> bool {
        self.state.enhanced(s, u)
    }
    /// Does soldier unit `u` of seat `owner` use its House Trait (no opposing Insane Wizard)?
    pub fn trait_active(&self, owner: Seat, u: &Unit) -> bool {
        self.state.trait_active(owner, u)
    }
    pub fn barrows_up(&self) -> &[Card] {
        &self.state.barrows_up
    }
    /// Cards left in the pile this player draws from.
    pub fn deck_len(&self) -> usize {
        self.state.pile(self.seat).len()
    }
    /// Cards in the opponents' hands (all of them, with more than two players).
    pub fn opponent_hand_len(&self) -> usize {
        self.state
            .opponents(self.seat)
            .map(|o| self.state.players[o].hand.len())
            .sum()
    }
    /// Opponents' cards in hand whose identity this player knows.
    pub fn opponent_known(&self) -> Vec<Card> {
        let mut out = Vec::new();
        for o in self.state.opponents(self.seat) {
            let p = &self.state.players[o];
            out.extend(p.hand.iter().copied().filter(|&c| p.known.contains(c)));
        }
        out
    }
    /// How many seats the table has.
    pub fn seats(&self) -> usize {
        self.state.seats()
    }
    /// The opponents still in, in turn order after this player.
    pub fn opponents(&self) -> impl Iterator<Item = Seat> + '_ {
        self.state.opponents(self.seat)
    }
    /// The seat a target chosen by this player names (a unit's owner).
    pub fn target_seat(&self, t: Target) -> Option<Seat> {
        self.state.target_seat(self.seat, t)
    }
    pub fn active(&self) -> Seat {
        self.state.active
    }
    pub fn turn(&self) -> u32 {
        self.state.turn
    }
    pub fn attacks(&self) -> &[crate::houses::state::Attack] {
        &self.state.attacks
    }
    /// A copy of the state with everything this player cannot see removed.
    pub fn observation(&self) -> Observation {
        Observation::of(self.state, self.seat)
    }
}

/// The state as one player sees it: the opponent's unknown cards and the deck are only counts.
#[derive(Clone, Debug)]
pub struct Observation {
    pub seat: Seat,
    /// The masked state: opponent hand holds only the known cards, the deck is empty.
    pub state: State,
    /// Unknown cards in each seat's hand (0 for this player's own seat).
    pub hidden: [usize; MAX_PLAYERS],
    /// Unknown cards in the opponents' hands altogether.
    pub opponent_hidden: usize,
    /// Sizes of the shared deck (or P1's pile) and of P2's pile under `deck=suit_split`.
    pub deck_len: usize,
    pub deck_p2_len: usize,
}

impl Observation {
    pub fn of(full: &State, seat: Seat) -> Observation {
        let mut st = full.clone();
        let mut hidden = [0; MAX_PLAYERS];
        for (o, opp) in st.players.iter_mut().enumerate() {
            if o == seat {
                continue;
            }
            let known = opp.known;
            hidden[o] = opp.hand.iter().filter(|&&c| !known.contains(c)).count();
            opp.hand.retain(|c| known.contains(*c));
        }
        let (deck_len, deck_p2_len) = (st.deck.len(), st.deck_p2.len());
        st.deck.clear();
        st.deck_p2.clear();
        if let Pending::QueenOfSpades { seat: s, cards } = &mut st.pending {
            if *s != seat {
                cards.clear();
            }
        }
        st.rng = GameRng::new(0);
        st.log = None;
        Observation {
            seat,
            state: st,
            hidden,
            opponent_hidden: hidden.iter().sum(),
            deck_len,
            deck_p2_len,
        }
    }

    /// Cards this player has not seen: the pool the hidden hand and the deck are drawn from.
    pub fn unseen(&self) -> Vec<Card> {
        let mut seen = CardSet::default();
        for (c, _) in self.state.all_card_places() {
            seen.insert(c);
        }
        Card::deck(self.state.rules.jokers)
            .into_iter()
            .filter(|&c| !seen.contains(c))
            .collect()
    }

    /// A full state consistent with this observation: hidden cards dealt at random.
    pub fn determinize(&self, rng: &mut GameRng) -> State {
        let mut st = self.state.clone();
        // A simulated world keeps no record and no log: its clones stay small.
        st.metrics = None;
        st.log = None;
        let mut pool = self.unseen();
        rng.shuffle(&mut pool);
        if st.rules.deck == DeckMode::SuitSplit {
            // Two players only (`Rules::check`).
            let o = 1 - self.seat;
            // Each pile holds only its owner's Houses; the hidden hand comes from the same ones.
            let mask = st.rules.split_houses.0;
            let of = |s: usize, c: &Card| c.suit().is_some_and(|x| mask[s] & (1 << x as u8) != 0);
            let mut theirs: Vec<Card> = pool.iter().copied().filter(|c| of(o, c)).collect();
            let mine: Vec<Card> = pool.iter().copied().filter(|c| of(self.seat, c)).collect();
            for _ in 0..self.opponent_hidden {
                if let Some(c) = theirs.pop() {
                    st.players[o].hand.push(c);
                }
            }
            let (mut p1, mut p2) = if self.seat == 0 {
                (mine, theirs)
            } else {
                (theirs, mine)
            };
            p1.truncate(self.deck_len);
            p2.truncate(self.deck_p2_len);
            st.deck = p1.into_iter().collect();
            st.deck_p2 = p2.into_iter().collect();
        } else {
            for (o, &n) in self.hidden.iter().enumerate() {
                for _ in 0..n {
                    if let Some(c) = pool.pop() {
                        st.players[o].hand.push(c);
                    }
                }
            }
            st.deck = pool.into_iter().collect();
            st.deck.truncate(self.deck_len);
        }
        st.rng = GameRng::new(rng.next_u64());
        st
    }
}
