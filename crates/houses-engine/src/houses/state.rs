//! The full game state: zones, units, whose decision is pending. Rule code lives in `engine`.

use crate::core::card::{Card, CardSet, Kind, Suit};
use crate::core::rng::GameRng;
use crate::core::Seat;
use crate::houses::places::UnitPlaces;
use crate::houses::rules::{DeckMode, Rules, MAX_PLAYERS};
pub use crate::houses::unit_cards::{UnitCard, UnitCards, MAX_UNIT_CARDS};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JokerVariant {
    Doppelganger,
    Necromancer,
    InsaneWizard,
    BindingSpirit,
}

impl JokerVariant {
    pub fn name(self) -> &'static str {
        match self {
            JokerVariant::Doppelganger => "doppelganger",
            JokerVariant::Necromancer => "necromancer",
            JokerVariant::InsaneWizard => "wizard",
            JokerVariant::BindingSpirit => "spirit",
        }
    }
    pub fn parse(s: &str) -> Option<JokerVariant> {
        match s {
            "doppelganger" => Some(JokerVariant::Doppelganger),
            "necromancer" => Some(JokerVariant::Necromancer),
            "wizard" => Some(JokerVariant::InsaneWizard),
            "spirit" => Some(JokerVariant::BindingSpirit),
            _ => None,
        }
    }
}

/// A card's defence as it fights: printed, but a King's is the rule option `king_defence`.
pub fn face_defence(face: Card, king_defence: u32) -> u32 {
    if face.kind() == Kind::King {
        king_defence
    } else {
        face.defence()
    }
}

/// A pile of cards (deck, Barrows, hand), stored inline: a state is cloned for every search
/// simulation, and a clone must not allocate.
pub type Cards = arrayvec::ArrayVec<Card, 54>;

/// The most Front-Rank units at once: a broken-up rank of single cards while an Insane Wizard's
/// victim chooses which stay (3 units of 3 cards), with room to spare.
pub const MAX_FRONT_UNITS: usize = 10;
/// The most Rear-Rank units at once (the rules allow 4), with room to spare mid-move.
pub const MAX_REAR_UNITS: usize = 8;
/// The most attacks declared in one combat.
pub const MAX_ATTACKS: usize = 16;
pub type FrontRank = arrayvec::ArrayVec<Unit, MAX_FRONT_UNITS>;
pub type RearRank = arrayvec::ArrayVec<Unit, MAX_REAR_UNITS>;
// The index of units packs a seat and a place in a rank into a byte (`UnitPlaces`).
const _: () = assert!(MAX_FRONT_UNITS <= 32 && MAX_REAR_UNITS <= 32 && MAX_PLAYERS <= 4);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Leader first: damage is applied to it first.
    pub cards: UnitCards,
    pub exhausted: bool,
    /// Damage the current leader has taken this turn without being defeated.
    pub leader_damage: u32,
    /// Struck by an Ace: goes to the Barrows at the end of the turn.
    pub poisoned: bool,
    /// Struck by the Ace of Clubs: its owner discards a random card when it leaves play.
    pub clubs_mark: bool,
    /// Jack of Hearts: takes no damage this turn.
    pub protected: bool,
    /// Jack of Clubs: deals double damage this turn.
    pub double_damage: bool,
    /// Summoned by the Necromancer: leaves at its owner's next READY phase.
    pub summoned: bool,
    pub variant: Option<JokerVariant>,
    /// The Ace of Hearts after its strike, staying as a Rear-Rank defender.
    pub guard: bool,
    /// Took part in forming or splitting a Blood Bond this turn (so a turn cannot loop).
    pub moved: bool,
    /// The Necromancer's summon was used this turn.
    pub used: bool,
    /// Stunned: it may not attack on its owner's next turn.
    pub stunned: bool,
    /// The stun in force: it may not attack this turn.
    pub dazed: bool,
    /// Attacked since its owner's last READY (Option 2 King of Hearts lets it block anyway).
    pub attacked: bool,
}

impl Unit {
    pub fn new(card: Card, face: Card, exhausted: bool) -> Unit {
        Unit {
            cards: UnitCards::from_iter([UnitCard {
                card,
                face,
                burn: false,
            }]),
            exhausted,
            leader_damage: 0,
            poisoned: false,
            clubs_mark: false,
            protected: false,
            double_damage: false,
            summoned: false,
            variant: None,
            guard: false,
            moved: false,
            used: false,
            stunned: false,
            dazed: false,
            attacked: false,
        }
    }

    /// A unit is named by its leader's physical card.
    pub fn id(&self) -> Card {
        self.cards[0].card
    }

    pub fn leader_face(&self) -> Card {
        self.cards[0].face
    }

    pub fn kind(&self) -> Kind {
        self.leader_face().kind()
    }

    pub fn is_soldier(&self) -> bool {
        self.kind() == Kind::Soldier
    }

    /// The House whose trait the unit uses: its leader's suit (Binding Spirit bonds included).
    pub fn house(&self) -> Option<Suit> {
        if self.is_soldier() {
            self.leader_face().suit()
        } else {
            None
        }
    }

    pub fn has_card(&self, c: Card) -> bool {
        self.cards.iter().any(|u| u.card == c)
    }

    pub fn is_king(&self) -> bool {
        self.kind() == Kind::King
    }

    /// Put this unit under what acts on `other` too (reading R47: "Any ability or action that
    /// impacts a unit, would impact both cards within a Blood Bonded unit"): a Jack's double
    /// damage or protection, poison, a stun, having attacked. Not the Ace of Clubs' mark, whose
    /// discard happens once per unit that leaves.
    pub fn take_on_effects(&mut self, other: &Unit) {
        self.double_damage |= other.double_damage;
        self.protected |= other.protected;
        self.poisoned |= other.poisoned;
        self.stunned |= other.stunned;
        self.dazed |= other.dazed;
        self.attacked |= other.attacked;
    }

    /// What the unit sustains before its leader falls, this turn: its cards' defence (a
    /// King's is `king_defence`, the rule option) less the damage its leader has taken.
    pub fn remaining_defence(&self, king_defence: u32) -> u32 {
        let total: u32 = self
            .cards
            .iter()
            .map(|c| face_defence(c.face, king_defence))
            .sum();
        total.saturating_sub(self.leader_damage)
    }
}

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Player {
    pub life: i32,
    pub hand: Cards,
    pub front: FrontRank,
    pub rear: RearRank,
    /// Cards in this hand whose identity the opponent knows (revealed, returned, taken).
    pub known: CardSet,
    /// Cards returned to hand this turn: they may not be redeployed until next turn.
    pub no_redeploy: CardSet,
    pub returned_this_turn: bool,
    /// Queen of Diamonds: the turn number it was played on; the extra turn follows this
    /// player's next completed turn.
    pub extra_turn_from: Option<u32>,
    /// Out of the game: life reached 0 with other players still in (reading M6).
    pub out: bool,
}

/// A copy of a pile in one move (arrayvec clones item by item; a search clones states by the
/// million).
pub fn copy_cards(v: &Cards) -> Cards {
    let mut out = Cards::new();
    out.try_extend_from_slice(v).expect("same capacity");
    out
}

/// A copy of a rank in one move (units are plain memory).
fn copy_units<const N: usize>(v: &arrayvec::ArrayVec<Unit, N>) -> arrayvec::ArrayVec<Unit, N> {
    let mut out = arrayvec::ArrayVec::new();
    out.try_extend_from_slice(v).expect("same capacity");
    out
}

impl Clone for Player {
    fn clone(&self) -> Player {
        Player {
            life: self.life,
            hand: copy_cards(&self.hand),
            front: copy_units(&self.front),
            rear: copy_units(&self.rear),
            known: self.known,
            no_redeploy: self.no_redeploy,
            returned_this_turn: self.returned_this_turn,
            extra_turn_from: self.extra_turn_from,
            out: self.out,
        }
    }

    fn clone_from(&mut self, src: &Player) {
        self.life = src.life;
        self.hand.clone_from(&src.hand);
        self.front.clear();
        self.front
            .try_extend_from_slice(&src.front)
            .expect("same capacity");
        self.rear.clear();
        self.rear
            .try_extend_from_slice(&src.rear)
            .expect("same capacity");
        self.known = src.known;
        self.no_redeploy = src.no_redeploy;
        self.returned_this_turn = src.returned_this_turn;
        self.extra_turn_from = src.extra_turn_from;
        self.out = src.out;
    }
}

impl Player {
    pub fn units(&self) -> impl Iterator<Item = &Unit> {
        self.front.iter().chain(self.rear.iter())
    }
    pub fn king(&self) -> Option<&Unit> {
        self.rear.iter().find(|u| u.is_king())
    }
    pub fn has_variant(&self, v: JokerVariant) -> bool {
        self.rear.iter().any(|u| u.variant == Some(v))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// An opposing player, named by how many seats after the chooser it sits (1 to 3; with two
    /// players always 1, written `player`; see reading M3).
    Player(u8),
    Unit(Card),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attack {
    pub attacker: Card,
    pub target: Target,
    pub second: Option<Target>,
    pub blocker: Option<Card>,
}

impl Attack {
    pub fn target_unit(&self) -> Option<Card> {
        match self.target {
            Target::Unit(c) => Some(c),
            Target::Player(_) => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// The winner of the advantage draw chooses to start or defer.
    ChooseStart(Seat),
    Deploy(Seat),
    Response(Seat),
    Attack(Seat),
    Block(Seat),
    /// Clubs trait: where the excess damage of an attacker goes.
    Excess {
        seat: Seat,
        amount: u32,
        blocker: Card,
        /// The opponent in this exchange: the blocker's owner, or the attacker's.
        foe: Seat,
    },
    /// Enhanced Clubs trait: a defeated attacker strikes one more target.
    Charge {
        seat: Seat,
        amount: u32,
        /// The player the defeated attacker was attacking.
        foe: Seat,
    },
    /// Queen of Spades: keep one of these (top first), put the rest back in a chosen order.
    QueenOfSpades {
        seat: Seat,
        cards: arrayvec::ArrayVec<Card, 4>,
    },
    /// Insane Wizard: the player must choose which of these single cards stay.
    WizardKeep {
        seat: Seat,
    },
    /// Hand limit: discard one card (repeated until the hand fits).
    Discard {
        seat: Seat,
    },
    /// The attacker picks which enemy unit blocks `attacker` (Spades choose_blocker; Option 1
    /// King of Hearts).
    ChooseBlocker {
        seat: Seat,
        attacker: Card,
    },
    /// A strike that stuns: choose one of these enemy units (Option 1 and 2 King of Spades).
    Stun {
        seat: Seat,
        choices: CardSet,
    },
    /// Option 2 King of Hearts: a natural Hearts blocker may trade attackers with another blocker.
    Trade {
        seat: Seat,
    },
    /// `instants=any_time`: after blocks, before damage, `seat` may play a Jack or the Ace of
    /// Diamonds or pass; `passes` players have passed in a row since the last card played.
    Instant {
        seat: Seat,
        passes: u8,
    },
    GameOver,
}

impl Pending {
    pub fn decider(&self) -> Option<Seat> {
        match *self {
            Pending::ChooseStart(s)
            | Pending::Deploy(s)
            | Pending::Response(s)
            | Pending::Attack(s)
            | Pending::Block(s) => Some(s),
            Pending::Excess { seat, .. }
            | Pending::Charge { seat, .. }
            | Pending::QueenOfSpades { seat, .. }
            | Pending::WizardKeep { seat }
            | Pending::Discard { seat }
            | Pending::ChooseBlocker { seat, .. }
            | Pending::Stun { seat, .. }
            | Pending::Trade { seat }
            | Pending::Instant { seat, .. } => Some(seat),
            Pending::GameOver => None,
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Pending::ChooseStart(_) => "choose_start",
            Pending::Deploy(_) => "deploy",
            Pending::Response(_) => "response",
            Pending::Attack(_) => "attack",
            Pending::Block(_) => "block",
            Pending::Excess { .. } => "excess",
            Pending::Charge { .. } => "charge",
            Pending::QueenOfSpades { .. } => "queen_of_spades",
            Pending::WizardKeep { .. } => "wizard_keep",
            Pending::Discard { .. } => "discard",
            Pending::ChooseBlocker { .. } => "choose_blocker",
            Pending::Stun { .. } => "stun",
            Pending::Trade { .. } => "trade",
            Pending::Instant { .. } => "instant",
            Pending::GameOver => "game_over",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// A player's life reached 0.
    Life,
    /// The deck ran out and the final round was played; higher life wins.
    SuddenDeath,
    /// Safety net: the turn cap was reached (never expected; counted in records).
    TurnLimit,
}

impl EndReason {
    pub fn name(self) -> &'static str {
        match self {
            EndReason::Life => "life",
            EndReason::SuddenDeath => "sudden_death",
            EndReason::TurnLimit => "turn_limit",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub winner: Option<Seat>,
    pub reason: EndReason,
}

/// Sudden death: the game ends when the turn next passes back to `anchor` (the player whose
/// turn was under way when the last card was drawn) with `rounds_left` at 0; each earlier pass
/// takes one from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FinalRound {
    pub anchor: Seat,
    pub rounds_left: u8,
}

/// Poisoned, defeated or otherwise leaving: where a card goes decides face up or down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    Barrows,
    Hand,
}

#[derive(Debug)]
pub struct State {
    pub rules: Rules,
    /// The deck, top card LAST (so drawing is a pop). Under `deck=suit_split`, P1's pile.
    pub deck: Cards,
    /// P2's own pile under `deck=suit_split` (top last); empty with a shared deck.
    pub deck_p2: Cards,
    pub barrows_up: Cards,
    pub barrows_down: Cards,
    /// One per seat, in turn order (two to four: the rule option `players`).
    pub players: arrayvec::ArrayVec<Player, MAX_PLAYERS>,
    pub active: Seat,
    pub first_player: Seat,
    /// Turns started so far (1 on the first turn).
    pub turn: u32,
    /// Rounds: a round is one turn of each player, counted from the first player's turns.
    pub round: u32,
    pub pending: Pending,
    pub attacks: arrayvec::ArrayVec<Attack, MAX_ATTACKS>,
    /// King aid (Spring '22): (aider, blocker) pairs declared this combat.
    pub aids: arrayvec::ArrayVec<(Card, Card), 16>,
    /// Option 2 King of Hearts: the natural Hearts blockers that have shifted (traded
    /// blockers) this combat; each may do so once.
    pub traded: CardSet,
    /// The active player has made this turn's redeployment (a merge, a split or a return to
    /// hand): under `redeploys=one` it may make no other (reading R48). Cleared as a turn begins.
    pub redeployed: bool,
    /// Cards deployed this turn (from hand, a scout, a resurrection): what a classic King of
    /// Diamonds arriving later readies under `classic_king_of_diamonds=whole_turn` (V25).
    pub entered: CardSet,
    /// Under `blank_from=draw`, the Kings (a bit per suit, as `BlankKings`) a player has drawn in
    /// the game itself: a blank King among them has no power from then on (`State::is_blank`).
    pub kings_drawn: u8,
    /// Excess and charge triggers waiting for their owner's decision, in order.
    pub triggers: arrayvec::ArrayVec<Pending, 16>,
    /// Set when the deck ran out: the final round's clock.
    pub sudden_death: Option<FinalRound>,
    /// The card the active player deployed most recently this turn (Jack of Diamonds).
    pub last_played: Option<Card>,
    /// The decision to return to after an interrupting one (Queen of Spades, Insane Wizard).
    pub resume: Option<Pending>,
    pub outcome: Option<Outcome>,
    pub rng: GameRng,
    /// Where each unit card is (`UnitPlaces`), kept by the engine: `reindex` after every move
    /// that brings a unit or a card into the ranks, takes one out or moves one.
    pub places: UnitPlaces,
    /// Readable event log in the move notation; kept only when asked for (replays).
    pub log: Option<Vec<String>>,
    pub actions_taken: u32,
    /// What the game's record counts (`None` in the search agent's simulated worlds).
    pub metrics: Option<Box<crate::houses::metrics::Metrics>>,
}

impl Clone for State {
    /// Field by field, with the piles copied in one move (see `copy_cards`).
    fn clone(&self) -> State {
        State {
            rules: self.rules.clone(),
            deck: copy_cards(&self.deck),
            deck_p2: copy_cards(&self.deck_p2),
            barrows_up: copy_cards(&self.barrows_up),
            barrows_down: copy_cards(&self.barrows_down),
            players: self.players.clone(),
            active: self.active,
            first_player: self.first_player,
            turn: self.turn,
            round: self.round,
            pending: self.pending.clone(),
            attacks: self.attacks.clone(),
            aids: self.aids.clone(),
            traded: self.traded,
            redeployed: self.redeployed,
            entered: self.entered,
            kings_drawn: self.kings_drawn,
            triggers: self.triggers.clone(),
            sudden_death: self.sudden_death,
            last_played: self.last_played,
            resume: self.resume.clone(),
            outcome: self.outcome,
            rng: self.rng.clone(),
            places: self.places,
            log: self.log.clone(),
            actions_taken: self.actions_taken,
            metrics: self.metrics.clone(),
        }
    }

    /// In place, reusing `self`'s storage: the search resets one scratch state to a sampled
    /// world for every simulation.
    fn clone_from(&mut self, src: &State) {
        self.rules.clone_from(&src.rules);
        for (to, from) in [
            (&mut self.deck, &src.deck),
            (&mut self.deck_p2, &src.deck_p2),
            (&mut self.barrows_up, &src.barrows_up),
            (&mut self.barrows_down, &src.barrows_down),
        ] {
            to.clear();
            to.try_extend_from_slice(from).expect("same capacity");
        }
        if self.players.len() == src.players.len() {
            for (to, from) in self.players.iter_mut().zip(&src.players) {
                to.clone_from(from);
            }
        } else {
            self.players = src.players.clone();
        }
        self.active = src.active;
        self.first_player = src.first_player;
        self.turn = src.turn;
        self.round = src.round;
        self.pending.clone_from(&src.pending);
        self.attacks.clone_from(&src.attacks);
        self.aids.clone_from(&src.aids);
        self.traded = src.traded;
        self.redeployed = src.redeployed;
        self.entered = src.entered;
        self.kings_drawn = src.kings_drawn;
        self.triggers.clone_from(&src.triggers);
        self.sudden_death = src.sudden_death;
        self.last_played = src.last_played;
        self.resume.clone_from(&src.resume);
        self.outcome = src.outcome;
        self.rng.clone_from(&src.rng);
        self.places = src.places;
        self.log.clone_from(&src.log);
        self.actions_taken = src.actions_taken;
        self.metrics.clone_from(&src.metrics);
    }
}

impl State {
    /// Count something for the record, when this state keeps a record.
    pub fn note(&mut self, f: impl FnOnce(&mut crate::houses::metrics::Metrics)) {
        if let Some(m) = self.metrics.as_deref_mut() {
            f(m);
        }
    }

    pub fn log(&mut self, line: impl FnOnce() -> String) {
        if let Some(l) = self.log.as_mut() {
            l.push(line());
        }
    }

    /// How many seats the table has.
    pub fn seats(&self) -> usize {
        self.players.len()
    }

    /// The seat `k` places after `s` in turn order (out or not).
    pub fn seat_after(&self, s: Seat, k: usize) -> Seat {
        (s + k) % self.players.len()
    }

    /// The opponents of `s` still in the game, in turn order starting after `s`. A small list
    /// rather than a lazy chain: the move generators ask for it at every decision.
    #[inline]
    pub fn opponents(&self, s: Seat) -> arrayvec::IntoIter<Seat, { MAX_PLAYERS - 1 }> {
        let n = self.players.len();
        let mut foes = arrayvec::ArrayVec::new();
        for k in 1..n {
            let o = if s + k >= n { s + k - n } else { s + k };
            if !self.players[o].out {
                foes.push(o);
            }
        }
        foes.into_iter()
    }

    /// The seats still in the game.
    pub fn alive(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.players.len()).filter(|&s| !self.players[s].out)
    }

    /// `Target::Player` naming seat `o` for a chooser at seat `s`.
    pub fn player_target(&self, s: Seat, o: Seat) -> Target {
        let n = self.players.len();
        Target::Player(((o + n - s) % n) as u8)
    }

    /// The seat a target belongs to, for a chooser at seat `s` (a unit's owner).
    pub fn target_seat(&self, s: Seat, t: Target) -> Option<Seat> {
        match t {
            Target::Player(k) => Some(self.seat_after(s, k as usize)),
            Target::Unit(c) => self.find_unit(c).map(|(o, _, _)| o),
        }
    }

    /// The pile seat `s` draws from: the shared deck, or its own pile when split by suit.
    pub fn pile(&self, s: Seat) -> &Cards {
        if s == 1 && self.rules.deck == DeckMode::SuitSplit {
            &self.deck_p2
        } else {
            &self.deck
        }
    }

    pub fn pile_mut(&mut self, s: Seat) -> &mut Cards {
        if s == 1 && self.rules.deck == DeckMode::SuitSplit {
            &mut self.deck_p2
        } else {
            &mut self.deck
        }
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Where is the unit named by `id` (any card of it)? (seat, rear?, index)
    #[inline]
    pub fn find_unit(&self, id: Card) -> Option<(Seat, bool, usize)> {
        let at = self.places.get(id);
        debug_assert_eq!(at, self.scan_unit(id), "unit index out of date for {id}");
        at
    }

    /// `find_unit` the slow way, by scanning the board: what the index must agree with.
    pub(crate) fn scan_unit(&self, id: Card) -> Option<(Seat, bool, usize)> {
        for (s, p) in self.players.iter().enumerate() {
            if let Some(i) = p.front.iter().position(|u| u.has_card(id)) {
                return Some((s, false, i));
            }
            if let Some(i) = p.rear.iter().position(|u| u.has_card(id)) {
                return Some((s, true, i));
            }
        }
        None
    }

    #[inline]
    pub fn unit(&self, id: Card) -> Option<&Unit> {
        self.find_unit(id).map(|(s, r, i)| self.unit_at(s, r, i))
    }

    #[inline]
    pub fn unit_at(&self, s: Seat, rear: bool, i: usize) -> &Unit {
        if rear {
            &self.players[s].rear[i]
        } else {
            &self.players[s].front[i]
        }
    }

    pub fn unit_mut(&mut self, id: Card) -> Option<&mut Unit> {
        let (s, r, i) = self.find_unit(id)?;
        let p = &mut self.players[s];
        Some(if r { &mut p.rear[i] } else { &mut p.front[i] })
    }

    /// Every card's place, for the invariant checks: each card must be in exactly one.
    pub fn all_card_places(&self) -> Vec<(Card, &'static str)> {
        let mut v = Vec::with_capacity(54);
        v.extend(self.deck.iter().chain(&self.deck_p2).map(|&c| (c, "deck")));
        v.extend(self.barrows_up.iter().map(|&c| (c, "barrows")));
        v.extend(self.barrows_down.iter().map(|&c| (c, "burned")));
        for p in &self.players {
            v.extend(p.hand.iter().map(|&c| (c, "hand")));
            for u in p.units() {
                v.extend(u.cards.iter().map(|c| (c.card, "unit")));
            }
        }
        if let Pending::QueenOfSpades { cards, .. } = &self.pending {
            v.extend(cards.iter().map(|&c| (c, "queen_of_spades")));
        }
        v
    }
}
