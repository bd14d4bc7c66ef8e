//! The rules: setting up a game, the legal moves at each decision, and applying a move.
//!
//! The engine is a state machine over `State::pending`. Chance (shuffles, random picks from a
//! hand) is drawn from the state's own seeded generator, so a seed fixes the deal and every
//! random pick. Every move is applied explicitly, forced ones (a lone `pass` or `done`) too;
//! the game runner plays forced moves without consulting the agent.

use crate::action::Action;
use crate::card::{Card, CardSet, Kind, Suit, BLACK_JOKER, RED_JOKER};
use crate::rng::GameRng;
use crate::rules::{
    AceOfHeartsGuard, AceOfSpadesSecond, ClubsExcess, DeckMode, Defeat, Doppelganger, ExtraDraw,
    HeartsExhaustedBlock, JackOfClubs, Kings, Option1KingOfHearts, RearDeploy, Rules, SpadesTrait,
    StartingPlayer, SuddenDeath,
};
use crate::state::*;

/// A game that has not ended after this many turns is stopped as a draw (`turn_limit`).
/// A game draws one card per turn from a 52-card deck, so this is never expected.
pub const MAX_TURNS: u32 = 400;

fn seat_name(s: Seat) -> String {
    format!("P{}", s + 1)
}

impl State {
    /// A new game: shuffle, deal five each one at a time, and settle who starts.
    pub fn new_game(rules: Rules, seed: u64) -> State {
        State::new_game_logged(rules, seed, false)
    }

    /// A new game whose event log is kept (for replays) when `keep_log`.
    pub fn new_game_logged(rules: Rules, seed: u64, keep_log: bool) -> State {
        let mut rng = GameRng::new(seed);
        let (deck, deck_p2) = match rules.deck {
            DeckMode::Shared => {
                let mut deck = Card::deck(rules.jokers);
                rng.shuffle(&mut deck);
                (deck, Vec::new())
            }
            DeckMode::SuitSplit => {
                let mut piles = [0, 1].map(|s| rules.split_pile(s));
                for pile in piles.iter_mut() {
                    rng.shuffle(pile);
                }
                let [a, b] = piles;
                (a, b)
            }
        };
        let mut st = State::empty(rules, rng);
        if keep_log {
            st.enable_log();
            st.log(|| format!("seed {seed}"));
        }
        st.deck = deck;
        st.deck_p2 = deck_p2;
        st.deal_and_choose_start();
        st
    }

    /// Stop a game that has run past the safety limits, as a draw.
    pub fn force_end(&mut self, reason: EndReason) {
        self.end_game(None, reason);
    }

    /// A state with empty zones, for positions built by hand.
    pub fn empty(rules: Rules, rng: GameRng) -> State {
        let life = rules.life;
        let mut players: [Player; 2] = Default::default();
        for p in players.iter_mut() {
            p.life = life;
        }
        State {
            rules,
            deck: Vec::new(),
            deck_p2: Vec::new(),
            barrows_up: Vec::new(),
            barrows_down: Vec::new(),
            players,
            active: 0,
            first_player: 0,
            turn: 0,
            round: 0,
            pending: Pending::GameOver,
            attacks: Vec::new(),
            aids: Vec::new(),
            triggers: Vec::new(),
            sudden_death: None,
            last_played: None,
            resume: None,
            outcome: None,
            rng,
            log: None,
            actions_taken: 0,
            low_hand_turns: 0,
            lead_changes: 0,
            last_leader: 0,
        }
    }

    pub fn enable_log(&mut self) {
        self.log = Some(Vec::new());
    }

    fn deal_and_choose_start(&mut self) {
        for _ in 0..self.rules.hand_size {
            for s in 0..2 {
                self.draw(s);
            }
        }
        self.log(|| "deal: five cards each".into());
        match self.rules.starting_player {
            StartingPlayer::Coin => {
                let s = self.rng.below(2);
                self.log(|| format!("coin: {} starts", seat_name(s)));
                self.start_game(s);
            }
            StartingPlayer::AdvantageDraw => {
                // Ties redraw; every drawn card goes face up to the Barrows.
                loop {
                    let (Some(a), Some(b)) = (self.pile_mut(0).pop(), self.pile_mut(1).pop())
                    else {
                        let s = self.rng.below(2);
                        self.start_game(s);
                        return;
                    };
                    self.barrows_up.push(a);
                    self.barrows_up.push(b);
                    self.log(|| format!("advantage draw: P1 {a}, P2 {b}"));
                    if a.rank() != b.rank() {
                        let w = if a.rank() > b.rank() { 0 } else { 1 };
                        self.pending = Pending::ChooseStart(w);
                        return;
                    }
                }
            }
        }
    }

    fn start_game(&mut self, first: Seat) {
        self.first_player = first;
        self.begin_turn(first, false);
    }

    /// Draw the top card; drawing the last card starts the sudden-death final round.
    pub fn draw(&mut self, s: Seat) -> Option<Card> {
        let c = self.pile_mut(s).pop()?;
        self.players[s].hand.push(c);
        self.players[s].drawn.insert(c);
        if self.turn > 0 {
            self.check_deck_out(s);
        }
        Some(c)
    }

    /// The last card is gone from the pile `s` draws from: the final round begins.
    fn check_deck_out(&mut self, s: Seat) {
        if self.pile(s).is_empty() && self.sudden_death.is_none() {
            // The turns still to come after the one under way.
            self.sudden_death = Some(match self.rules.sudden_death {
                SuddenDeath::ThisRound => 1,
                SuddenDeath::NextRound => 3,
            });
            self.log(|| "the deck is empty: sudden death, one more turn each".into());
        }
    }

    fn begin_turn(&mut self, s: Seat, extra: bool) {
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
        let summoned: Vec<Card> = self.players[s]
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
        if self.players[s].hand.len() <= 1 {
            self.low_hand_turns += 1;
        }
        self.pending = Pending::Deploy(s);
    }

    /// One line per game log: life, ranks and the size of the deck and the Barrows.
    fn board_line(&self) -> String {
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
    fn cards_to_draw(&self) -> usize {
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

    // ----------------------------------------------------------------------------------------
    // Derived rule facts

    /// A soldier unit's House Trait works unless the opponent's Insane Wizard is in play.
    pub fn trait_active(&self, owner: Seat, u: &Unit) -> bool {
        u.is_soldier() && !self.players[other(owner)].has_variant(JokerVariant::InsaneWizard)
    }

    /// The enhanced trait: the trait works and the owner's King shares the unit's House.
    pub fn enhanced(&self, owner: Seat, u: &Unit) -> bool {
        self.rules.kings == Kings::Enhance
            && self.trait_active(owner, u)
            && u.house().is_some()
            && self.king_suit(owner) == u.house()
    }

    /// Does the unit use `suit`'s (normal) House Trait? Its own House, or one its King grants
    /// (Option 1 King of Hearts: every allied soldier gets the Hearts trait).
    fn has_trait(&self, owner: Seat, u: &Unit, suit: Suit) -> bool {
        let granted = suit == Suit::Hearts
            && self.rules.kings == Kings::Option1
            && self.rules.option1_king_of_hearts == Option1KingOfHearts::HeartsTrait
            && self.king_suit(owner) == Some(Suit::Hearts);
        self.trait_active(owner, u) && (u.house() == Some(suit) || granted)
    }

    /// Option 2 (kings=share_trait): seat `s`'s King of `suit` shares its ability.
    fn shares(&self, s: Seat, suit: Suit) -> bool {
        self.rules.kings == Kings::ShareTrait && self.king_suit(s) == Some(suit)
    }

    /// Classic and Option 1 Kings: is seat `s`'s King of `suit` in play under that mode?
    fn king_power(&self, s: Seat, suit: Suit, modes: &[Kings]) -> bool {
        modes.contains(&self.rules.kings) && self.king_suit(s) == Some(suit)
    }

    /// Classic King of Spades: its soldiers cannot be blocked or attacked.
    fn untouchable(&self, owner: Seat, u: &Unit) -> bool {
        u.is_soldier() && self.king_power(owner, Suit::Spades, &[Kings::Classic])
    }

    /// The units next to unit `id` in its Front Ranks.
    fn neighbours(&self, id: Card) -> CardSet {
        let mut set = CardSet::default();
        if let Some((s, false, i)) = self.find_unit(id) {
            let front = &self.players[s].front;
            for j in [i.wrapping_sub(1), i + 1] {
                if let Some(u) = front.get(j) {
                    set.insert(u.id());
                }
            }
        }
        set
    }

    /// Damage a unit deals (before the Jack of Clubs' doubling).
    pub fn unit_attack(&self, u: &Unit) -> u32 {
        if u.guard {
            return match self.rules.ace_of_hearts_guard {
                AceOfHeartsGuard::ZeroOne => 0,
                AceOfHeartsGuard::OneZero => 1,
            };
        }
        u.cards.iter().map(|c| c.face.attack()).sum()
    }

    fn dealt(&self, u: &Unit) -> u32 {
        let a = self.unit_attack(u);
        if u.double_damage {
            a * 2
        } else {
            a
        }
    }

    pub fn unit_defence(&self, u: &Unit) -> u32 {
        if u.guard {
            let d: u32 = match self.rules.ace_of_hearts_guard {
                AceOfHeartsGuard::ZeroOne => 1,
                AceOfHeartsGuard::OneZero => 0,
            };
            return d.saturating_sub(u.leader_damage);
        }
        u.remaining_defence()
    }

    /// How much more than a card's remaining defence defeats it: 1 under Spring '25 ("more
    /// damage than their defense value"), 0 under `defeat=reaches`.
    fn defeat_margin(&self) -> u32 {
        match self.rules.defeat {
            Defeat::Exceeds => 1,
            Defeat::Reaches => 0,
        }
    }

    /// The least damage that defeats unit `u` this turn (the one rule every "does it fall?"
    /// question asks, the agents' included).
    pub fn lethal(&self, u: &Unit) -> u32 {
        self.unit_defence(u) + self.defeat_margin()
    }

    fn front_has_room(&self, s: Seat) -> bool {
        self.players[s].front.len() < self.rules.front_rank_units
    }

    fn rear_has_room(&self, s: Seat) -> bool {
        self.players[s].rear.len() < self.rules.rear_rank_units
    }

    /// Can soldier `face` join unit `u` of seat `s` as a Blood Bond?
    fn can_bond(&self, s: Seat, face: Card, u: &Unit) -> bool {
        if !face.is_soldier()
            || !u.is_soldier()
            || u.summoned
            || u.cards.len() >= self.rules.bond_size
        {
            return false;
        }
        if self.players[other(s)].has_variant(JokerVariant::InsaneWizard) {
            return false;
        }
        if u.cards.iter().any(|c| c.card != c.face) {
            return false; // a Doppelganger does not bond
        }
        self.players[s].has_variant(JokerVariant::BindingSpirit)
            || u.cards.iter().all(|c| c.face.suit() == face.suit())
    }

    fn can_merge(&self, s: Seat, a: &Unit, b: &Unit) -> bool {
        !a.moved
            && !b.moved
            && a.cards.len() + b.cards.len() <= self.rules.bond_size
            && b.cards
                .iter()
                .all(|c| c.card == c.face && self.can_bond(s, c.face, a))
            && self.can_bond(s, b.leader_face(), a)
            && !b.summoned
    }

    /// Soldiers enter exhausted, except Diamonds (their trait) whose trait is not suppressed.
    fn enters_exhausted(&self, s: Seat, face: Card) -> bool {
        // Classic and Option 1 King of Diamonds: allied units attack the turn they arrive.
        if self.king_power(s, Suit::Diamonds, &[Kings::Classic, Kings::Option1]) {
            return false;
        }
        face.suit() != Some(Suit::Diamonds)
            || self.players[other(s)].has_variant(JokerVariant::InsaneWizard)
    }

    /// Rear-Rank units (Aces, Kings, Jokers) arrive exhausted like every newly deployed unit,
    /// unless `rear_deploy=ready`, or a classic / Option 1 King of Diamonds lets its owner's
    /// units "attack on the same turn they are deployed".
    fn rear_enters_exhausted(&self, s: Seat) -> bool {
        self.rules.rear_deploy == RearDeploy::Exhausted
            && !self.king_power(s, Suit::Diamonds, &[Kings::Classic, Kings::Option1])
    }

    // ----------------------------------------------------------------------------------------
    // Legal moves

    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// The legal moves, written into a reused buffer (the game loop's hot path).
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let out = &mut *out;
        match &self.pending {
            Pending::GameOver => {}
            Pending::ChooseStart(_) => out.extend([Action::Start, Action::Defer]),
            Pending::Deploy(s) => self.deploy_moves(*s, out),
            Pending::Response(s) => {
                for &c in &self.players[*s].hand {
                    if matches!(c.kind(), Kind::Jack | Kind::Queen)
                        || c == Card::new(Suit::Diamonds, 1)
                    {
                        self.play_moves(*s, c, c, out);
                    }
                }
                out.push(Action::Pass);
            }
            Pending::Attack(s) => self.attack_moves(*s, out),
            Pending::Block(s) => self.block_moves(*s, out),
            Pending::ChooseBlocker { attacker, .. } => self.choose_blocker_moves(*attacker, out),
            Pending::Stun { seat, choices } => {
                let units = self.players[other(*seat)].units();
                out.extend(
                    units
                        .filter(|u| choices.contains(u.id()))
                        .map(|u| Action::Stun(u.id())),
                );
            }
            Pending::Trade { seat } => {
                let blockers: Vec<Card> = self.attacks.iter().filter_map(|a| a.blocker).collect();
                for &a in &blockers {
                    let hearts = self.unit(a).is_some_and(|u| {
                        u.is_soldier() && u.leader_face().suit() == Some(Suit::Hearts)
                    });
                    if hearts && self.players[*seat].units().any(|u| u.id() == a) {
                        for &b in blockers.iter().filter(|&&b| b != a) {
                            out.push(Action::Trade { a, b });
                        }
                    }
                }
                out.push(Action::Done);
            }
            Pending::Discard { seat } => {
                out.extend(self.players[*seat].hand.iter().map(|&c| Action::Discard(c)));
            }
            Pending::Excess { seat, blocker, .. } => {
                out.push(Action::Excess(Target::Player));
                for u in &self.players[other(*seat)].front {
                    if !u.has_card(*blocker) {
                        out.push(Action::Excess(Target::Unit(u.id())));
                    }
                }
            }
            Pending::Charge { seat, .. } => {
                out.push(Action::Charge(Target::Player));
                for u in self.players[other(*seat)].units() {
                    out.push(Action::Charge(Target::Unit(u.id())));
                }
            }
            Pending::QueenOfSpades { cards, .. } => {
                for (i, &keep) in cards.iter().enumerate() {
                    let mut rest = [BLACK_JOKER; 3];
                    let mut n = 0;
                    for (j, &c) in cards.iter().enumerate() {
                        if j != i {
                            rest[n] = c;
                            n += 1;
                        }
                    }
                    for perm in ORDERS[n] {
                        let mut order = [None; 3];
                        for (k, &idx) in perm.iter().enumerate() {
                            order[k] = Some(rest[idx]);
                        }
                        out.push(Action::Keep { card: keep, order });
                    }
                }
            }
            Pending::WizardKeep { seat } => {
                let ids: Vec<Card> = self.players[*seat].front.iter().map(|u| u.id()).collect();
                let k = self.rules.front_rank_units;
                for mask in 0u32..(1 << ids.len()) {
                    if mask.count_ones() as usize == k {
                        let mut set = CardSet::default();
                        for (i, &c) in ids.iter().enumerate() {
                            if mask & (1 << i) != 0 {
                                set.insert(c);
                            }
                        }
                        out.push(Action::Stay(set));
                    }
                }
            }
        }
    }

    fn deploy_moves(&self, s: Seat, out: &mut Vec<Action>) {
        let p = &self.players[s];
        // Every card is unique, so each card in hand yields its moves once.
        for &c in &p.hand {
            if p.no_redeploy.contains(c) {
                continue;
            }
            if c == BLACK_JOKER || c == RED_JOKER {
                self.joker_moves(s, c, out);
            } else {
                self.card_moves(s, c, c, true, out);
            }
        }
        // Necromancer: summon a face-up soldier from the Barrows, once per turn each.
        if p.rear
            .iter()
            .any(|u| u.variant == Some(JokerVariant::Necromancer) && !u.used)
            && self.front_has_room(s)
        {
            for &c in &self.barrows_up {
                if c.is_soldier() {
                    out.push(Action::Summon(c));
                }
            }
        }
        if !p.returned_this_turn {
            for u in p.units() {
                if !u.summoned && !u.cards.iter().any(|c| c.burn) {
                    out.push(Action::Return(u.id()));
                }
            }
        }
        for a in &p.front {
            for b in &p.front {
                if a.id() != b.id() && self.can_merge(s, a, b) {
                    out.push(Action::Bond {
                        leader: a.id(),
                        other: b.id(),
                    });
                }
            }
        }
        for u in &p.front {
            if u.cards.len() >= 2 && !u.moved {
                if self.front_has_room(s) {
                    out.push(Action::Split {
                        unit: u.id(),
                        drop: None,
                    });
                } else {
                    for c in &u.cards {
                        out.push(Action::Split {
                            unit: u.id(),
                            drop: Some(c.card),
                        });
                    }
                }
            }
        }
        out.push(Action::End);
    }

    fn joker_moves(&self, s: Seat, c: Card, out: &mut Vec<Action>) {
        use crate::rules::{BlackJoker, RedJoker};
        let (variants, doppelganger): (&[JokerVariant], bool) = if c == BLACK_JOKER {
            match self.rules.black_joker {
                BlackJoker::Chosen => (&[JokerVariant::Necromancer], true),
                BlackJoker::Necromancer => (&[JokerVariant::Necromancer], false),
                BlackJoker::Doppelganger => (&[], true),
            }
        } else {
            match self.rules.red_joker {
                RedJoker::Chosen => (
                    &[JokerVariant::InsaneWizard, JokerVariant::BindingSpirit],
                    false,
                ),
                RedJoker::Wizard => (&[JokerVariant::InsaneWizard], false),
                RedJoker::Spirit => (&[JokerVariant::BindingSpirit], false),
            }
        };
        if self.rear_has_room(s) {
            for &v in variants {
                out.push(Action::Deploy {
                    card: c,
                    face: c,
                    onto: None,
                    lead: true,
                    variant: Some(v),
                });
            }
        }
        if doppelganger {
            let mut faces = CardSet::default();
            match self.rules.doppelganger {
                Doppelganger::BattlefieldUnit => {
                    for p in &self.players {
                        for u in p.units() {
                            for uc in &u.cards {
                                if !uc.face.is_joker() {
                                    faces.insert(uc.face);
                                }
                            }
                        }
                    }
                }
                Doppelganger::AnyCard => faces = CardSet((1u64 << 52) - 1),
            }
            for f in Card::deck(false) {
                if faces.contains(f) {
                    self.card_moves(s, c, f, false, out);
                }
            }
        }
    }

    /// Moves for deploying physical card `c` as `face` (the same card, or a Doppelganger copy).
    fn card_moves(&self, s: Seat, c: Card, face: Card, may_bond: bool, out: &mut Vec<Action>) {
        let variant = if c != face {
            Some(JokerVariant::Doppelganger)
        } else {
            None
        };
        let p = &self.players[s];
        // Deploying the card as a unit of its own (Front or Rear by its kind).
        let new_unit = Action::Deploy {
            card: c,
            face,
            onto: None,
            lead: true,
            variant,
        };
        match face.kind() {
            Kind::Soldier => {
                if self.front_has_room(s) {
                    out.push(new_unit);
                }
                if may_bond {
                    for u in &p.front {
                        if self.can_bond(s, face, u) {
                            for lead in [true, false] {
                                out.push(Action::Deploy {
                                    card: c,
                                    face,
                                    onto: Some(u.id()),
                                    lead,
                                    variant,
                                });
                            }
                        }
                    }
                }
                if face.rank() == 2 && self.rules.scouts && !self.players[other(s)].hand.is_empty()
                {
                    out.push(Action::Scout { card: c, face });
                }
            }
            Kind::King => {
                if self.rear_has_room(s) && p.king().is_none() {
                    out.push(new_unit);
                }
            }
            Kind::Ace if face.suit() != Some(Suit::Diamonds) => {
                if self.rear_has_room(s) {
                    out.push(new_unit);
                }
            }
            Kind::Ace | Kind::Jack | Kind::Queen => self.play_moves(s, c, face, out),
            Kind::Joker => {}
        }
    }

    /// Moves for Jacks, Queens and the Ace of Diamonds (DEPLOY or RESPONSE).
    fn play_moves(&self, s: Seat, c: Card, face: Card, out: &mut Vec<Action>) {
        let o = other(s);
        let mut push = |t1: Option<Card>, t2: Option<Card>| {
            out.push(Action::Play {
                card: c,
                face,
                t1,
                t2,
            })
        };
        let suit = face.suit().unwrap();
        match (face.kind(), suit) {
            (Kind::Jack, Suit::Diamonds) | (Kind::Queen, Suit::Diamonds) => push(None, None),
            (Kind::Jack, Suit::Clubs) if self.rules.jack_of_clubs == JackOfClubs::DiscardRandom => {
                // It needs a card in the opponent's hand to make flee.
                if self.players[o].hand.is_empty() {
                    return;
                }
                push(None, None);
            }
            (Kind::Jack, Suit::Clubs) | (Kind::Jack, Suit::Hearts) => {
                for u in self.players[s].units() {
                    push(Some(u.id()), None);
                }
            }
            (Kind::Jack, Suit::Spades) => {
                let has_king = self.players[s].king().is_some();
                for u in &self.players[o].front {
                    if self.front_has_room(s) {
                        push(Some(u.id()), None);
                    }
                }
                for u in &self.players[o].rear {
                    if self.rear_has_room(s) && !(u.is_king() && has_king) {
                        push(Some(u.id()), None);
                    }
                }
            }
            (Kind::Queen, Suit::Clubs) => {
                let ids: Vec<Card> = self
                    .players
                    .iter()
                    .flat_map(|p| p.units().map(|u| u.id()))
                    .collect();
                if ids.len() == 1 {
                    push(Some(ids[0]), None);
                }
                for i in 0..ids.len() {
                    for j in i + 1..ids.len() {
                        push(Some(ids[i]), Some(ids[j]));
                    }
                }
            }
            (Kind::Queen, Suit::Hearts) => {
                for &b in &self.barrows_up {
                    let ok = match b.kind() {
                        Kind::Soldier => self.front_has_room(s),
                        Kind::King => self.rear_has_room(s) && self.players[s].king().is_none(),
                        Kind::Ace => b.suit() != Some(Suit::Diamonds) && self.rear_has_room(s),
                        _ => false,
                    };
                    if ok {
                        push(Some(b), None);
                    }
                }
            }
            (Kind::Queen, Suit::Spades) if !self.pile(s).is_empty() => push(None, None),
            (Kind::Ace, Suit::Diamonds) => {
                for u in self.players[o].units().filter(|u| !self.untouchable(o, u)) {
                    push(Some(u.id()), None);
                }
            }
            _ => {}
        }
    }

    fn attack_moves(&self, s: Seat, out: &mut Vec<Action>) {
        let o = other(s);
        let declared = |id: Card| self.attacks.iter().any(|a| a.attacker == id);
        let targeted = |id: Card| {
            self.attacks
                .iter()
                .any(|a| a.target == Target::Unit(id) || a.second == Some(Target::Unit(id)))
        };
        // Classic King of Spades: the defender's soldiers cannot be attacked.
        let shielded = self.king_power(o, Suit::Spades, &[Kings::Classic]);
        let mut soldier_ids = CardSet::default();
        self.players[o]
            .front
            .iter()
            .for_each(|u| soldier_ids.insert(u.id()));
        let free = |id: Card| {
            (self.rules.multiple_attackers || !targeted(id))
                && !(shielded && soldier_ids.contains(id))
        };
        let opp = &self.players[o];
        for u in &self.players[s].front {
            if u.exhausted || u.dazed || declared(u.id()) || self.unit_attack(u) == 0 {
                continue;
            }
            let id = u.id();
            let attack = |target: Card, second: Option<Card>| Action::Attack {
                attacker: id,
                target: Target::Unit(target),
                second: second.map(Target::Unit),
            };
            out.push(Action::Attack {
                attacker: id,
                target: Target::Player,
                second: None,
            });
            let spades = self.has_trait(s, u, Suit::Spades);
            let reach_rear = spades && self.enhanced(s, u);
            let mut targets: Vec<Card> = opp
                .front
                .iter()
                .map(|t| t.id())
                .filter(|&t| free(t))
                .collect();
            if reach_rear {
                targets.extend(opp.rear.iter().map(|t| t.id()).filter(|&t| free(t)));
            }
            for (i, &t) in targets.iter().enumerate() {
                out.push(attack(t, None));
                if !spades {
                    continue;
                }
                match self.rules.spades_trait {
                    SpadesTrait::DualWield => {
                        for &t2 in &targets[i + 1..] {
                            out.push(attack(t, Some(t2)));
                        }
                    }
                    // The second target is stunned, not struck: the order matters.
                    SpadesTrait::Stun => {
                        for &t2 in targets.iter().filter(|&&t2| t2 != t) {
                            out.push(attack(t, Some(t2)));
                        }
                    }
                    SpadesTrait::AdjacentStrike => {
                        if let Some(fi) = opp.front.iter().position(|x| x.id() == t) {
                            for fj in [fi.wrapping_sub(1), fi + 1] {
                                if let Some(n) = opp.front.get(fj) {
                                    out.push(attack(t, Some(n.id())));
                                }
                            }
                        }
                    }
                    SpadesTrait::ChooseBlocker => {}
                }
            }
        }
        // Classic King of Clubs: challenge an enemy soldier each turn.
        for u in &self.players[s].rear {
            if u.is_king()
                && !u.exhausted
                && !declared(u.id())
                && self.king_power(s, Suit::Clubs, &[Kings::Classic])
            {
                for t in opp.front.iter().filter(|t| free(t.id())) {
                    out.push(Action::Attack {
                        attacker: u.id(),
                        target: Target::Unit(t.id()),
                        second: None,
                    });
                }
            }
        }
        for u in &self.players[s].rear {
            if u.kind() != Kind::Ace || u.guard || u.exhausted || declared(u.id()) {
                continue;
            }
            let id = u.id();
            let spades = u.leader_face().suit() == Some(Suit::Spades);
            // Rear-Rank attackers "Can target any unit ... or the opponent directly".
            out.push(Action::Attack {
                attacker: id,
                target: Target::Player,
                second: None,
            });
            for (fi, t) in opp.front.iter().enumerate() {
                if !free(t.id()) {
                    continue;
                }
                out.push(Action::Attack {
                    attacker: id,
                    target: Target::Unit(t.id()),
                    second: None,
                });
                if spades {
                    for (fj, t2) in opp.front.iter().enumerate() {
                        let ok = match self.rules.ace_of_spades_second {
                            AceOfSpadesSecond::AnyFront => fj > fi,
                            AceOfSpadesSecond::Adjacent => fj == fi + 1,
                        };
                        if ok && free(t2.id()) {
                            out.push(Action::Attack {
                                attacker: id,
                                target: Target::Unit(t.id()),
                                second: Some(Target::Unit(t2.id())),
                            });
                        }
                    }
                }
            }
            for t in &opp.rear {
                if free(t.id()) {
                    out.push(Action::Attack {
                        attacker: id,
                        target: Target::Unit(t.id()),
                        second: None,
                    });
                }
            }
        }
        out.push(Action::Done);
    }

    /// May unit `b` of the defending seat `d` block attack `a`?
    fn can_block(&self, d: Seat, b: &Unit, a: &Attack) -> bool {
        if b.guard {
            // The Ace of Hearts guard defends from the Rear Ranks, when ready: only Hearts
            // soldiers defend while exhausted.
            return !b.exhausted;
        }
        if !b.is_soldier() {
            return false;
        }
        !b.exhausted
            || (matches!(a.target, Target::Unit(_)) && self.has_trait(d, b, Suit::Hearts))
            || (b.attacked && self.king_lets_attackers_block(d))
    }

    /// Does blocker `b` of seat `d` deal its damage? Not when it is exhausted and defends by the
    /// Hearts trait's Magic Shield under `hearts_trait=no_damage` (the guard and a King's "block
    /// after attacking" are other abilities).
    pub fn blocker_deals_damage(&self, d: Seat, b: &Unit) -> bool {
        let magic_shield =
            b.exhausted && !b.guard && !(b.attacked && self.king_lets_attackers_block(d));
        !(magic_shield && self.rules.hearts_exhausted_block == HeartsExhaustedBlock::NoDamage)
    }

    /// Summer '20 Kings of Hearts under which seat `d`'s soldiers "remain available to block
    /// after attacking": Option 2, and Option 1 when it gives every soldier the Hearts trait.
    fn king_lets_attackers_block(&self, d: Seat) -> bool {
        self.shares(d, Suit::Hearts)
            || (self.rules.kings == Kings::Option1
                && self.rules.option1_king_of_hearts == Option1KingOfHearts::HeartsTrait
                && self.king_suit(d) == Some(Suit::Hearts))
    }

    /// An attack the defender may not block: an Ace's strike, the classic King of Clubs'
    /// challenge, a classic King of Spades' soldier, an Option 1 King of Clubs' soldier
    /// attacking a unit (that unit must fight it).
    fn unblockable(&self, s: Seat, att: &Unit, a: &Attack) -> bool {
        att.kind() == Kind::Ace
            || att.is_king()
            || self.untouchable(s, att)
            || (att.is_soldier()
                && matches!(a.target, Target::Unit(_))
                && self.king_power(s, Suit::Clubs, &[Kings::Option1]))
    }

    fn blocking(&self, id: Card) -> bool {
        self.attacks.iter().any(|a| a.blocker == Some(id))
    }

    fn block_moves(&self, d: Seat, out: &mut Vec<Action>) {
        let p = &self.players[d];
        for a in &self.attacks {
            if a.blocker.is_some() {
                continue;
            }
            let Some(att) = self.unit(a.attacker) else {
                continue;
            };
            if self.unblockable(self.active, att, a) {
                continue;
            }
            for b in p.units() {
                if !self.blocking(b.id()) && self.can_block(d, b, a) {
                    out.push(Action::Block {
                        blocker: b.id(),
                        attacker: a.attacker,
                    });
                }
            }
        }
        if self.rules.king_aid_half {
            self.aid_moves(d, out);
        }
        out.push(Action::Done);
    }

    /// King aid (Spring '22): a natural Spades or Hearts soldier whose King is in play, itself
    /// blocking ("when they are both defending"), adds half its attack to another blocking ally.
    fn aid_moves(&self, d: Seat, out: &mut Vec<Action>) {
        for aider in &self.players[d].front {
            let suit = aider.leader_face().suit();
            let natural = matches!(suit, Some(Suit::Spades) | Some(Suit::Hearts));
            if !natural
                || self.king_suit(d) != suit
                || !self.blocking(aider.id())
                || self.aids.iter().any(|(x, _)| *x == aider.id())
            {
                continue;
            }
            for a in &self.attacks {
                if let Some(b) = a.blocker {
                    if b != aider.id() {
                        out.push(Action::Aid {
                            aider: aider.id(),
                            blocker: b,
                        });
                    }
                }
            }
        }
    }

    /// King aid: what the aiders of blocker `b` add to its damage.
    fn aid_for(&self, b: Card) -> u32 {
        self.aids
            .iter()
            .filter(|(_, x)| *x == b)
            .filter_map(|(aider, _)| self.unit(*aider))
            .map(|u| self.unit_attack(u) / 2)
            .sum()
    }

    /// The suit of seat `s`'s King in play, if any.
    pub fn king_suit(&self, s: Seat) -> Option<Suit> {
        self.players[s].king().and_then(|k| k.leader_face().suit())
    }

    /// Does this attacker pick its own blocker (Spades choose_blocker; Option 1 King of Hearts)?
    fn picks_blocker(&self, s: Seat, u: &Unit) -> bool {
        (self.rules.spades_trait == SpadesTrait::ChooseBlocker
            && self.has_trait(s, u, Suit::Spades))
            || (self.rules.kings == Kings::Option1
                && self.rules.option1_king_of_hearts == Option1KingOfHearts::ReassignBlockers
                && self.king_suit(s) == Some(Suit::Hearts)
                && u.is_soldier())
    }

    fn choose_blocker_moves(&self, attacker: Card, out: &mut Vec<Action>) {
        let d = other(self.active);
        let Some(a) = self.attacks.iter().find(|a| a.attacker == attacker) else {
            return;
        };
        for b in self.players[d].units() {
            let current = a.blocker == Some(b.id());
            if current || (!self.blocking(b.id()) && self.can_block(d, b, a)) {
                out.push(Action::Reblock {
                    attacker,
                    blocker: b.id(),
                });
            }
        }
    }

    // ----------------------------------------------------------------------------------------
    // Applying moves

    /// Apply a move after checking that it is legal.
    pub fn apply(&mut self, a: Action) -> Result<(), String> {
        if self.is_over() {
            return Err(format!("the game is over; '{a}' cannot be played"));
        }
        let legal = self.legal_actions();
        // Two chosen units that form an unordered pair may be written in either order.
        let a = match self.swapped_pair(a) {
            Some(b) if !legal.contains(&a) && legal.contains(&b) => b,
            _ => a,
        };
        if !legal.contains(&a) {
            let who = self.pending.decider().map(seat_name).unwrap_or_default();
            let mut shown: Vec<String> = legal.iter().take(40).map(|m| m.to_string()).collect();
            if legal.len() > 40 {
                shown.push(format!("... {} more", legal.len() - 40));
            }
            return Err(format!(
                "illegal move '{a}' for {who} at {}; legal moves: {}",
                self.pending.name(),
                shown.join(", ")
            ));
        }
        self.apply_unchecked(a);
        Ok(())
    }

    /// The same choice with its two units swapped, where their order means nothing: the Queen
    /// of Clubs' two units, an Ace of Spades' two targets, a dual-wielding Spades attack's two
    /// targets (under `stun` and `adjacent_strike` the second target is a different role).
    fn swapped_pair(&self, a: Action) -> Option<Action> {
        match a {
            Action::Play {
                card,
                face,
                t1: Some(x),
                t2: Some(y),
            } if face.kind() == Kind::Queen && face.suit() == Some(Suit::Clubs) => {
                Some(Action::Play {
                    card,
                    face,
                    t1: Some(y),
                    t2: Some(x),
                })
            }
            Action::Attack {
                attacker,
                target: Target::Unit(x),
                second: Some(Target::Unit(y)),
            } => {
                let u = self.unit(attacker)?;
                let unordered = u.kind() == Kind::Ace
                    || (u.is_soldier() && self.rules.spades_trait == SpadesTrait::DualWield);
                unordered.then_some(Action::Attack {
                    attacker,
                    target: Target::Unit(y),
                    second: Some(Target::Unit(x)),
                })
            }
            _ => None,
        }
    }

    /// Apply a move known to be legal (taken from `legal_actions`).
    pub fn apply_unchecked(&mut self, a: Action) {
        let who = self.pending.decider().unwrap_or(self.active);
        self.log(|| format!("{}: {a}", seat_name(who)));
        self.actions_taken += 1;
        self.step(who, a);
    }

    fn step(&mut self, s: Seat, a: Action) {
        match a {
            Action::Start | Action::Defer => {
                let first = if a == Action::Start { s } else { other(s) };
                self.start_game(first);
            }
            Action::Deploy {
                card,
                face,
                onto,
                lead,
                variant,
            } => self.do_deploy(s, card, face, onto, lead, variant),
            Action::Scout { card, face } => self.do_scout(s, card, face),
            Action::Play { card, face, t1, t2 } => self.do_play(s, card, face, t1, t2),
            Action::Summon(c) => {
                take(&mut self.barrows_up, c);
                let mut u = Unit::new(c, c, false);
                u.summoned = true;
                u.cards[0].burn = self.rules.soul_burn;
                self.players[s].front.push(u);
                if let Some(n) = self.players[s]
                    .rear
                    .iter_mut()
                    .find(|u| u.variant == Some(JokerVariant::Necromancer) && !u.used)
                {
                    n.used = true;
                }
                if s == self.active {
                    self.last_played = Some(c);
                }
            }
            Action::Return(id) => {
                self.players[s].returned_this_turn = true;
                self.remove_unit(id, Leave::Hand);
            }
            Action::Bond { leader, other: o } => {
                let (_, _, oi) = self.find_unit(o).unwrap();
                let taken = self.players[s].front.remove(oi);
                let u = self.unit_mut(leader).unwrap();
                u.cards.extend(taken.cards);
                u.exhausted |= taken.exhausted;
                u.moved = true;
            }
            Action::Split { unit, drop } => {
                let (_, _, i) = self.find_unit(unit).unwrap();
                let p = &mut self.players[s];
                match drop {
                    Some(d) => {
                        let u = &mut p.front[i];
                        let k = u.cards.iter().position(|c| c.card == d).unwrap();
                        let uc = u.cards.remove(k);
                        if k == 0 {
                            u.leader_damage = 0;
                        }
                        u.moved = true;
                        self.bury(uc);
                    }
                    None => {
                        let u = &mut p.front[i];
                        let uc = u.cards.pop().unwrap();
                        u.moved = true;
                        let mut nu = Unit::new(uc.card, uc.face, u.exhausted);
                        nu.cards[0].burn = uc.burn;
                        nu.moved = true;
                        p.front.insert(i + 1, nu);
                    }
                }
            }
            Action::End => self.pending = Pending::Response(other(s)),
            Action::Pass => self.pending = Pending::Attack(self.active),
            Action::Done => match self.pending {
                Pending::Attack(_) => {
                    if self.attacks.is_empty() {
                        self.finish_turn();
                    } else {
                        self.pending = Pending::Block(other(s));
                    }
                }
                Pending::Trade { .. } => self.next_before_resolution(),
                _ => self.before_resolution(),
            },
            Action::Attack {
                attacker,
                target,
                second,
            } => {
                self.attacks.push(Attack {
                    attacker,
                    target,
                    second,
                    blocker: None,
                });
                let u = self.unit_mut(attacker).unwrap();
                u.exhausted = true;
                u.attacked = true;
            }
            Action::Block { blocker, attacker } => {
                if let Some(at) = self.attacks.iter_mut().find(|x| x.attacker == attacker) {
                    at.blocker = Some(blocker);
                }
            }
            Action::Excess(t) | Action::Charge(t) => {
                let amount = match self.pending {
                    Pending::Excess { amount, .. } | Pending::Charge { amount, .. } => amount,
                    _ => 0,
                };
                match t {
                    Target::Player => self.hit_player(other(s), amount),
                    Target::Unit(id) => {
                        self.damage_unit(id, amount, false);
                    }
                }
                self.next_trigger();
            }
            Action::Keep { card, order } => {
                self.players[s].hand.push(card);
                self.players[s].drawn.insert(card);
                for c in order.iter().rev().flatten() {
                    self.pile_mut(s).push(*c);
                }
                self.check_deck_out(s);
                self.pending = self.resume.take().unwrap_or(Pending::Deploy(self.active));
            }
            Action::Reblock { attacker, blocker } => {
                if let Some(at) = self.attacks.iter_mut().find(|x| x.attacker == attacker) {
                    at.blocker = Some(blocker);
                }
                self.next_before_resolution();
            }
            Action::Aid { aider, blocker } => self.aids.push((aider, blocker)),
            Action::Trade { a, b } => {
                for at in self.attacks.iter_mut() {
                    if at.blocker == Some(a) {
                        at.blocker = Some(b);
                    } else if at.blocker == Some(b) {
                        at.blocker = Some(a);
                    }
                }
                self.next_before_resolution();
            }
            Action::Stun(id) => {
                if let Some(u) = self.unit_mut(id) {
                    u.stunned = true;
                }
                self.next_trigger();
            }
            Action::Discard(c) => {
                take(&mut self.players[s].hand, c);
                self.players[s].known = CardSet(self.players[s].known.0 & !(1u64 << c.0));
                self.barrows_up.push(c);
                if !self.over_hand_limit() {
                    self.pass_turn();
                }
            }
            Action::Stay(set) => {
                let leaving: Vec<Card> = self.players[s]
                    .front
                    .iter()
                    .map(|u| u.id())
                    .filter(|&c| !set.contains(c))
                    .collect();
                for id in leaving {
                    self.remove_unit(id, Leave::Barrows);
                }
                self.pending = self.resume.take().unwrap_or(Pending::Deploy(self.active));
            }
        }
    }

    fn note_deployed(&mut self, s: Seat, card: Card, face: Card) {
        let p = &mut self.players[s];
        take(&mut p.hand, card);
        p.known = CardSet(p.known.0 & !(1u64 << card.0));
        p.deployed.insert(card);
        p.cards_deployed += 1;
        if face.kind() == Kind::King {
            p.kings.insert(face);
            p.king_round.get_or_insert(self.round);
        }
    }

    fn do_deploy(
        &mut self,
        s: Seat,
        card: Card,
        face: Card,
        onto: Option<Card>,
        lead: bool,
        variant: Option<JokerVariant>,
    ) {
        self.note_deployed(s, card, face);
        if s == self.active {
            self.last_played = Some(card);
        }
        if face.is_soldier() {
            let exhausted = self.enters_exhausted(s, face);
            match onto {
                None => {
                    let mut u = Unit::new(card, face, exhausted);
                    u.variant = variant;
                    self.players[s].front.push(u);
                }
                Some(id) => {
                    let u = self.unit_mut(id).unwrap();
                    let uc = UnitCard {
                        card,
                        face,
                        burn: false,
                    };
                    if lead {
                        u.cards.insert(0, uc);
                        u.leader_damage = 0;
                    } else {
                        u.cards.push(uc);
                    }
                    u.exhausted |= exhausted;
                }
            }
            return;
        }
        let mut u = Unit::new(card, face, self.rear_enters_exhausted(s));
        u.variant = variant;
        self.players[s].rear.push(u);
        if variant == Some(JokerVariant::InsaneWizard) {
            self.cast_madness(other(s));
        }
    }

    /// Insane Wizard on entry: the opponent's Blood Bonds come apart; if more units than the
    /// Front Ranks hold result, the opponent chooses which stay.
    fn cast_madness(&mut self, o: Seat) {
        let front = std::mem::take(&mut self.players[o].front);
        let mut singles = Vec::new();
        for u in front {
            for uc in &u.cards {
                let mut nu = u.clone();
                nu.cards = UnitCards::from_iter([*uc]);
                nu.leader_damage = 0;
                singles.push(nu);
            }
        }
        self.players[o].front = singles;
        if self.players[o].front.len() > self.rules.front_rank_units {
            self.resume = Some(self.pending.clone());
            self.pending = Pending::WizardKeep { seat: o };
        }
    }

    /// Pick `n` random cards of seat `o`'s hand (they shuffle; the scout picks blind).
    fn random_from_hand(&mut self, o: Seat, n: usize) -> Vec<Card> {
        let mut picked = Vec::new();
        let mut pool = self.players[o].hand.clone();
        for _ in 0..n.min(pool.len()) {
            let i = self.rng.below(pool.len());
            picked.push(pool.swap_remove(i));
        }
        picked
    }

    fn do_scout(&mut self, s: Seat, card: Card, face: Card) {
        self.note_deployed(s, card, face);
        let o = other(s);
        let suit = face.suit().unwrap();
        let n = if suit == Suit::Diamonds { 2 } else { 1 };
        let revealed = self.random_from_hand(o, n);
        self.log(|| {
            format!(
                "reveal: {}",
                revealed
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        });
        match suit {
            Suit::Diamonds | Suit::Hearts => {
                for &c in &revealed {
                    self.players[o].known.insert(c);
                }
            }
            Suit::Clubs => {
                for &c in &revealed {
                    take(&mut self.players[o].hand, c);
                    self.barrows_up.push(c);
                }
            }
            Suit::Spades => {
                for &c in &revealed {
                    take(&mut self.players[o].hand, c);
                    self.players[o].known = CardSet(self.players[o].known.0 & !(1u64 << c.0));
                    self.players[s].hand.push(c);
                    self.players[s].known.insert(c);
                }
            }
        }
        if suit == Suit::Hearts && self.front_has_room(s) {
            let ex = self.enters_exhausted(s, face);
            let mut u = Unit::new(card, face, ex);
            if card != face {
                u.variant = Some(JokerVariant::Doppelganger);
            }
            self.players[s].front.push(u);
            if s == self.active {
                self.last_played = Some(card);
            }
        } else {
            self.barrows_up.push(card);
        }
    }

    fn do_play(&mut self, s: Seat, card: Card, face: Card, t1: Option<Card>, t2: Option<Card>) {
        self.note_deployed(s, card, face);
        let suit = face.suit().unwrap();
        let mut ends_turn = false;
        match (face.kind(), suit) {
            (Kind::Jack, Suit::Diamonds) => {
                if let Some(last) = self.last_played.take() {
                    if let Some((_, _, _)) = self.find_unit(last) {
                        self.log(|| format!("{last} goes to the Barrows"));
                        self.remove_card(last);
                    }
                }
                ends_turn = true;
            }
            (Kind::Jack, Suit::Clubs) if t1.is_none() => {
                // The older Jack of Clubs: a random card of the opponent's hand flees.
                let o = other(s);
                if let Some(&c) = self.random_from_hand(o, 1).first() {
                    take(&mut self.players[o].hand, c);
                    self.barrows_up.push(c);
                    self.log(|| format!("jack of clubs: {} discards {c}", seat_name(o)));
                }
            }
            (Kind::Jack, Suit::Clubs) => self.unit_mut(t1.unwrap()).unwrap().double_damage = true,
            (Kind::Jack, Suit::Hearts) => self.unit_mut(t1.unwrap()).unwrap().protected = true,
            (Kind::Jack, Suit::Spades) => {
                let id = t1.unwrap();
                let (os, rear, i) = self.find_unit(id).unwrap();
                let mut u = if rear {
                    self.players[os].rear.remove(i)
                } else {
                    self.players[os].front.remove(i)
                };
                u.exhausted = true;
                if rear {
                    self.players[s].rear.push(u);
                } else {
                    self.players[s].front.push(u);
                }
            }
            (Kind::Queen, Suit::Diamonds) => self.players[s].extra_turn_from = Some(self.turn),
            (Kind::Queen, Suit::Clubs) => {
                for id in [t1, t2].into_iter().flatten() {
                    self.remove_unit(id, Leave::Barrows);
                }
            }
            (Kind::Queen, Suit::Hearts) => {
                let c = t1.unwrap();
                take(&mut self.barrows_up, c);
                let mut u = Unit::new(c, c, false);
                u.cards[0].burn = self.rules.soul_burn;
                if c.is_soldier() {
                    u.exhausted = self.enters_exhausted(s, c);
                    self.players[s].front.push(u);
                } else {
                    u.exhausted = self.rear_enters_exhausted(s);
                    if c.kind() == Kind::King {
                        self.players[s].kings.insert(c);
                        self.players[s].king_round.get_or_insert(self.round);
                    }
                    self.players[s].rear.push(u);
                }
                if s == self.active {
                    self.last_played = Some(c);
                }
            }
            (Kind::Queen, Suit::Spades) => {
                let pile = self.pile_mut(s);
                let n = pile.len().min(4);
                let cards: Vec<Card> = (0..n).map(|_| pile.pop().unwrap()).collect();
                self.resume = Some(match self.pending {
                    Pending::Response(r) => Pending::Response(r),
                    _ => Pending::Deploy(s),
                });
                self.barrows_up.push(card);
                self.pending = Pending::QueenOfSpades { seat: s, cards };
                return;
            }
            (Kind::Ace, Suit::Diamonds) => self.remove_unit(t1.unwrap(), Leave::Barrows),
            _ => unreachable!("not a playable card: {face}"),
        }
        self.barrows_up.push(card);
        if ends_turn {
            self.finish_turn();
        }
    }

    // ----------------------------------------------------------------------------------------
    // Leaving play

    fn bury(&mut self, uc: UnitCard) {
        if uc.burn {
            self.barrows_down.push(uc.card);
        } else {
            self.barrows_up.push(uc.card);
        }
    }

    /// A unit leaves the battlefield, to the Barrows or to its owner's hand.
    pub fn remove_unit(&mut self, id: Card, dest: Leave) {
        let Some((s, rear, i)) = self.find_unit(id) else {
            return;
        };
        let u = if rear {
            self.players[s].rear.remove(i)
        } else {
            self.players[s].front.remove(i)
        };
        self.unit_left(s, u, dest);
    }

    fn unit_left(&mut self, s: Seat, u: Unit, dest: Leave) {
        for uc in &u.cards {
            match dest {
                Leave::Hand if !uc.burn => {
                    let p = &mut self.players[s];
                    p.hand.push(uc.card);
                    p.known.insert(uc.card);
                    p.no_redeploy.insert(uc.card);
                }
                _ => self.bury(*uc),
            }
        }
        if u.clubs_mark {
            // Ace of Clubs: the owner sends a random card from hand to the Barrows.
            if let Some(&c) = self.random_from_hand(s, 1).first() {
                take(&mut self.players[s].hand, c);
                self.barrows_up.push(c);
                self.log(|| format!("ace of clubs: {} discards {c}", seat_name(s)));
            }
        }
    }

    /// One card leaves its unit (the Jack of Diamonds' "last card played").
    fn remove_card(&mut self, c: Card) {
        let Some((s, rear, i)) = self.find_unit(c) else {
            return;
        };
        let u = if rear {
            &mut self.players[s].rear[i]
        } else {
            &mut self.players[s].front[i]
        };
        if u.cards.len() == 1 {
            self.remove_unit(c, Leave::Barrows);
            return;
        }
        let k = u.cards.iter().position(|x| x.card == c).unwrap();
        let uc = u.cards.remove(k);
        if k == 0 {
            u.leader_damage = 0;
        }
        self.bury(uc);
    }

    // ----------------------------------------------------------------------------------------
    // Combat

    fn hit_player(&mut self, s: Seat, amount: u32) {
        if amount > 0 {
            self.players[s].life -= amount as i32;
            let life = self.players[s].life;
            self.log(|| format!("{} takes {amount}, life {life}", seat_name(s)));
        }
    }

    /// Apply damage to a unit, leader first; defeated cards go to the Barrows (or, for an
    /// enhanced Hearts blocker facing lethal damage, the whole unit returns to hand). Returns
    /// whether the unit is gone.
    fn damage_unit(&mut self, id: Card, amount: u32, hearts_saves: bool) -> bool {
        let margin = self.defeat_margin();
        let Some((s, rear, i)) = self.find_unit(id) else {
            return true;
        };
        let u = if rear {
            &mut self.players[s].rear[i]
        } else {
            &mut self.players[s].front[i]
        };
        if u.protected || amount == 0 {
            return false;
        }
        let lethal = amount >= u.remaining_defence() + margin;
        if lethal && hearts_saves && !u.poisoned {
            self.log(|| format!("{id} takes lethal damage and returns to hand (enhanced Hearts)"));
            self.remove_unit(id, Leave::Hand);
            return true;
        }
        let guard_def = match self.rules.ace_of_hearts_guard {
            AceOfHeartsGuard::ZeroOne => 1,
            AceOfHeartsGuard::OneZero => 0,
        };
        let mut left = amount;
        let mut defeated = Vec::new();
        while left > 0 && !u.cards.is_empty() {
            let def = if u.guard {
                guard_def
            } else {
                u.cards[0].face.defence()
            };
            // The card sustains damage up to its defence; what is beyond it defeats the card
            // and passes on to the next card of the bond.
            let need = def.saturating_sub(u.leader_damage);
            if left >= need + margin {
                defeated.push(u.cards.remove(0));
                left -= need;
                u.leader_damage = 0;
            } else {
                u.leader_damage += left;
                left = 0;
            }
        }
        let gone = u.cards.is_empty();
        if self.log.is_some() && !defeated.is_empty() {
            let names: Vec<String> = defeated.iter().map(|c| c.card.to_string()).collect();
            self.log(|| format!("defeated: {}", names.join(" ")));
        }
        for uc in defeated {
            self.bury(uc);
        }
        if gone {
            let u = if rear {
                self.players[s].rear.remove(i)
            } else {
                self.players[s].front.remove(i)
            };
            self.unit_left(s, u, Leave::Barrows);
        }
        gone
    }

    /// Between the blocks and the damage: attackers that pick their blocker do so, in order.
    fn before_resolution(&mut self) {
        let s = self.active;
        let d = other(s);
        // Option 1 King of Clubs: a soldier attacking a unit is fought by that unit.
        if self.king_power(s, Suit::Clubs, &[Kings::Option1]) {
            for i in 0..self.attacks.len() {
                let a = self.attacks[i];
                if let (Target::Unit(t), Some(att)) = (a.target, self.unit(a.attacker)) {
                    if att.is_soldier() && self.unit(t).is_some() {
                        self.attacks[i].blocker = Some(t);
                    }
                }
            }
        }
        let mut queue = Vec::new();
        for a in &self.attacks {
            let (Some(_), Some(u)) = (a.blocker, self.unit(a.attacker)) else {
                continue;
            };
            if !self.picks_blocker(s, u) {
                continue;
            }
            let alternatives = self.players[d]
                .units()
                .filter(|b| !self.blocking(b.id()) && self.can_block(d, b, a))
                .count();
            if alternatives > 0 {
                queue.push(Pending::ChooseBlocker {
                    seat: s,
                    attacker: a.attacker,
                });
            }
        }
        // Option 2 King of Hearts: a natural Hearts blocker may trade with another blocker.
        if self.shares(d, Suit::Hearts) {
            let blockers: Vec<Card> = self.attacks.iter().filter_map(|a| a.blocker).collect();
            let hearts_blocker = blockers.iter().any(|&b| {
                self.players[d].units().any(|u| {
                    u.id() == b && u.is_soldier() && u.leader_face().suit() == Some(Suit::Hearts)
                })
            });
            if hearts_blocker && blockers.len() >= 2 {
                queue.push(Pending::Trade { seat: d });
            }
        }
        self.triggers = queue;
        self.next_before_resolution();
    }

    fn next_before_resolution(&mut self) {
        if self.triggers.is_empty() {
            self.resolve_combat();
        } else {
            self.pending = self.triggers.remove(0);
        }
    }

    /// RESOLUTION: all attackers and blockers deal damage at once (unless a trait says
    /// otherwise), defeated cards leave, then post-combat triggers are resolved.
    fn resolve_combat(&mut self) {
        let s = self.active;
        let o = other(s);
        let attacks = std::mem::take(&mut self.attacks);
        let natural = |u: &Unit, suit: Suit| u.is_soldier() && u.leader_face().suit() == Some(suit);
        // Everything is computed from the board as it stands, then applied at once.
        let mut unit_hits: Vec<(Card, u32, bool)> = Vec::new(); // (unit, amount, hearts_saves)
        let mut player_hit = [0u32; 2];
        let mut poison: Vec<(Card, bool)> = Vec::new(); // (unit, by the Ace of Clubs)
        let mut spent_aces: Vec<(Card, bool)> = Vec::new(); // (Ace, stays as a guard)
        let mut excess: Vec<Pending> = Vec::new();
        let mut charges: Vec<u32> = Vec::new();
        let mut stuns: Vec<Card> = Vec::new();
        let mut stun_choices: Vec<Pending> = Vec::new();
        let mut stun_if_defeated: Vec<Card> = Vec::new(); // Option 1 King of Spades
        for a in &attacks {
            let Some(att) = self.unit(a.attacker) else {
                continue;
            };
            let dmg = self.dealt(att);
            let targets = [Some(a.target), a.second].into_iter().flatten();
            if att.kind() == Kind::Ace {
                let clubs = att.leader_face().suit() == Some(Suit::Clubs);
                for t in targets {
                    match t {
                        Target::Unit(t) if self.unit(t).is_some() => {
                            poison.push((t, clubs));
                            unit_hits.push((t, dmg, false));
                        }
                        Target::Unit(_) => {}
                        // A strike at the player deals the Ace's attack; nothing is poisoned.
                        Target::Player => player_hit[o] += dmg,
                    }
                }
                // The Ace of Hearts stays as a guard "after its target has been defeated":
                // a unit (poisoned, it leaves at the end of the turn), not the player.
                let stays =
                    att.leader_face().suit() == Some(Suit::Hearts) && a.target != Target::Player;
                spent_aces.push((att.id(), stays));
                continue;
            }
            if att.is_king() {
                // Classic King of Clubs: 13 damage to the challenged soldier, which fights back.
                if let Some(t) = a.target_unit().and_then(|t| self.unit(t)) {
                    let mult = if att.double_damage { 2 } else { 1 };
                    unit_hits.push((t.id(), 13 * mult, false));
                    unit_hits.push((att.id(), self.dealt(t), false));
                }
                continue;
            }
            let clubs = self.has_trait(s, att, Suit::Clubs);
            let spades = self.has_trait(s, att, Suit::Spades);
            match a.blocker.and_then(|b| self.unit(b)) {
                Some(b) => {
                    let mut back = if self.blocker_deals_damage(o, b) {
                        self.dealt(b) + self.aid_for(b.id())
                    } else {
                        0
                    };
                    if b.guard {
                        poison.push((att.id(), false));
                    }
                    let mut forward = dmg;
                    // First strikes: the enhanced Diamonds blocker (Spring '25); with Option 2
                    // Kings of Diamonds, attackers and natural Diamonds blockers. Two cancel out.
                    let att_first = self.shares(s, Suit::Diamonds);
                    let blk_first = (self.has_trait(o, b, Suit::Diamonds) && self.enhanced(o, b))
                        || (self.shares(o, Suit::Diamonds) && natural(b, Suit::Diamonds));
                    let attacker_falls = !att.protected && back >= self.lethal(att);
                    let blocker_falls = !b.protected && dmg >= self.lethal(b);
                    match (att_first, blk_first) {
                        (true, false) if blocker_falls => back = 0,
                        (false, true) if attacker_falls => forward = 0,
                        _ => {}
                    }
                    let attacker_falls = !att.protected && back >= self.lethal(att);
                    let hearts_saves = self.has_trait(o, b, Suit::Hearts) && self.enhanced(o, b);
                    unit_hits.push((b.id(), forward, hearts_saves));
                    unit_hits.push((att.id(), back, false));
                    let over_blocker = forward.saturating_sub(self.unit_defence(b));
                    if clubs && !b.protected && over_blocker > 0 {
                        excess.push(Pending::Excess {
                            seat: s,
                            amount: over_blocker,
                            blocker: b.id(),
                        });
                    }
                    // Option 2 King of Clubs: what is left after combat goes to the player.
                    if self.shares(s, Suit::Clubs) && !clubs && !b.protected {
                        player_hit[o] += over_blocker;
                    }
                    if self.shares(o, Suit::Clubs) && natural(b, Suit::Clubs) && !att.protected {
                        player_hit[s] += back.saturating_sub(self.unit_defence(att));
                    }
                    if clubs && self.enhanced(s, att) && attacker_falls {
                        charges.push(dmg);
                    }
                    // The original Spades trait: "the second strike is only an option if they
                    // defeat their blocker".
                    if spades
                        && self.rules.spades_trait == SpadesTrait::AdjacentStrike
                        && !b.protected
                        && forward >= self.lethal(b)
                    {
                        if let Some(Target::Unit(t2)) = a.second {
                            unit_hits.push((t2, dmg, false));
                        }
                    }
                    // Option 1 King of Spades: a soldier that defeats its blocker stuns.
                    if self.king_power(s, Suit::Spades, &[Kings::Option1])
                        && !b.protected
                        && forward >= self.lethal(b)
                    {
                        stun_if_defeated.push(b.id());
                    }
                    // Option 2 King of Spades: attackers (and natural Spades blockers) stun a
                    // unit next to the one they fight; two such weapons cancel out.
                    let att_stuns = self.shares(s, Suit::Spades);
                    let blk_stuns = self.shares(o, Suit::Spades) && natural(b, Suit::Spades);
                    if att_stuns && !blk_stuns {
                        let choices = self.neighbours(b.id());
                        stun_choices.push(Pending::Stun { seat: s, choices });
                    } else if blk_stuns && !att_stuns {
                        let choices = self.neighbours(att.id());
                        stun_choices.push(Pending::Stun { seat: o, choices });
                    }
                }
                None => {
                    // Unblocked, the adjacent strike follows only if the target falls.
                    let first_falls = a
                        .target_unit()
                        .and_then(|t| self.unit(t))
                        .is_some_and(|u| !u.protected && dmg >= self.lethal(u));
                    for (i, t) in targets.enumerate() {
                        if i == 1 && spades && self.rules.spades_trait == SpadesTrait::Stun {
                            if let Target::Unit(t) = t {
                                stuns.push(t);
                            }
                            continue;
                        }
                        if i == 1
                            && spades
                            && self.rules.spades_trait == SpadesTrait::AdjacentStrike
                            && !first_falls
                        {
                            continue;
                        }
                        match t {
                            Target::Player => player_hit[o] += dmg,
                            Target::Unit(t) => {
                                let Some(u) = self.unit(t) else { continue };
                                let over = dmg.saturating_sub(self.unit_defence(u));
                                if clubs
                                    && self.rules.clubs_excess == ClubsExcess::AnyTarget
                                    && !u.protected
                                    && over > 0
                                {
                                    excess.push(Pending::Excess {
                                        seat: s,
                                        amount: over,
                                        blocker: t,
                                    });
                                }
                                if self.shares(s, Suit::Clubs) && !clubs && !u.protected {
                                    player_hit[o] += over;
                                }
                                if self.shares(s, Suit::Spades) && i == 0 {
                                    let choices = self.neighbours(t);
                                    stun_choices.push(Pending::Stun { seat: s, choices });
                                }
                                unit_hits.push((t, dmg, false));
                            }
                        }
                    }
                }
            }
        }
        for (id, by_clubs) in poison {
            if let Some(u) = self.unit_mut(id) {
                u.poisoned = true;
                u.clubs_mark |= by_clubs;
            }
        }
        self.triggers.extend(excess);
        // Simultaneous damage: merge the hits on each unit, then apply.
        let mut merged: Vec<(Card, u32, bool)> = Vec::new();
        for (id, amt, saves) in unit_hits {
            let key = self.unit(id).map(|u| u.id()).unwrap_or(id);
            match merged.iter_mut().find(|(k, _, _)| *k == key) {
                Some(m) => {
                    m.1 += amt;
                    m.2 |= saves;
                }
                None => merged.push((key, amt, saves)),
            }
        }
        let fallen_kings = self.absorb_with_classic_king_of_hearts(&mut merged);
        self.hit_player(o, player_hit[o]);
        self.hit_player(s, player_hit[s]);
        for id in stuns {
            if let Some(u) = self.unit_mut(id) {
                u.stunned = true;
            }
        }
        for (id, amt, saves) in merged {
            self.damage_unit(id, amt, saves);
        }
        for king in fallen_kings {
            self.log(|| format!("{king} absorbed 13 or more and falls"));
            self.remove_unit(king, Leave::Barrows);
        }
        for (id, stays) in spent_aces {
            let Some(u) = self.unit_mut(id) else { continue };
            if stays {
                u.guard = true; // the Ace of Hearts stays on as a Rear-Rank defender
            } else {
                self.remove_unit(id, Leave::Barrows);
            }
        }
        for dmg in charges {
            self.triggers.push(Pending::Charge {
                seat: s,
                amount: dmg,
            });
        }
        for b in stun_if_defeated {
            if self.unit(b).is_none() {
                let mut choices = CardSet::default();
                self.players[o]
                    .front
                    .iter()
                    .for_each(|u| choices.insert(u.id()));
                self.triggers.push(Pending::Stun { seat: s, choices });
            }
        }
        self.triggers.extend(stun_choices);
        self.next_trigger();
    }

    /// Classic King of Hearts: it absorbs up to 13 of the damage dealt to one allied soldier
    /// unit "of choice"; having absorbed 13 it is defeated (returned for removal). The choice is
    /// made for its owner, with no decision: the unit whose cards the absorption saves that are
    /// worth the most (ranks added up), else the largest hit.
    fn absorb_with_classic_king_of_hearts(&self, hits: &mut [(Card, u32, bool)]) -> Vec<Card> {
        let mut fallen = Vec::new();
        for seat in 0..2 {
            if !self.king_power(seat, Suit::Hearts, &[Kings::Classic]) {
                continue;
            }
            let best = (0..hits.len())
                .filter_map(|i| {
                    let (id, amt, _) = hits[i];
                    let u = self.unit(id)?;
                    let own_front = matches!(self.find_unit(id), Some((x, false, _)) if x == seat);
                    if amt == 0 || !own_front || u.protected {
                        return None;
                    }
                    let lethal = self.lethal(u);
                    let saved = amt >= lethal && amt - amt.min(13) < lethal;
                    let worth: u32 = u.cards.iter().map(|c| c.face.rank() as u32).sum();
                    Some(((if saved { worth } else { 0 }, amt), i))
                })
                .max_by_key(|&(key, i)| (key, std::cmp::Reverse(i)))
                .map(|(_, i)| i);
            if let Some(i) = best {
                let absorbed = hits[i].1.min(13);
                hits[i].1 -= absorbed;
                if absorbed >= 13 {
                    fallen.extend(self.players[seat].king().map(|k| k.id()));
                }
            }
        }
        fallen
    }

    fn next_trigger(&mut self) {
        if self.players.iter().any(|p| p.life <= 0) {
            self.triggers.clear();
        }
        while !self.triggers.is_empty() {
            let t = self.triggers.remove(0);
            // A stun whose every candidate has left play has nothing to do.
            if let Pending::Stun { choices, .. } = t {
                if !self
                    .players
                    .iter()
                    .any(|p| p.units().any(|u| choices.contains(u.id())))
                {
                    continue;
                }
            }
            self.pending = t;
            return;
        }
        self.finish_turn();
    }

    // ----------------------------------------------------------------------------------------
    // End of turn

    fn check_life(&mut self) -> bool {
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

    fn end_game(&mut self, winner: Option<Seat>, reason: EndReason) {
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

    fn finish_turn(&mut self) {
        self.attacks.clear();
        self.triggers.clear();
        if self.check_life() {
            return;
        }
        // END: poisoned units go to the Barrows.
        let poisoned: Vec<Card> = self
            .players
            .iter()
            .flat_map(|p| p.units().filter(|u| u.poisoned).map(|u| u.id()))
            .collect();
        for id in poisoned {
            self.log(|| format!("poison: {id} goes to the Barrows"));
            self.remove_unit(id, Leave::Barrows);
        }
        self.aids.clear();
        let leader = (self.players[0].life - self.players[1].life).signum() as i8;
        if leader != 0 {
            if self.last_leader != 0 && leader != self.last_leader {
                self.lead_changes += 1;
            }
            self.last_leader = leader;
        }
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

    fn over_hand_limit(&self) -> bool {
        matches!(self.rules.hand_limit, Some(l) if self.players[self.active].hand.len() > l)
    }

    /// After END: the sudden-death countdown, then the next turn (or an extra one).
    fn pass_turn(&mut self) {
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

/// Remove one copy of `c` from `v` (order of the rest does not matter for hands and piles).
fn take(v: &mut Vec<Card>, c: Card) {
    if let Some(i) = v.iter().position(|&x| x == c) {
        v.remove(i);
    }
}

/// Every order of 0 to 3 cards put back by the Queen of Spades (indices into the rest).
const ORDERS: [&[&[usize]]; 4] = [
    &[&[]],
    &[&[0]],
    &[&[0, 1], &[1, 0]],
    &[
        &[0, 1, 2],
        &[0, 2, 1],
        &[1, 0, 2],
        &[1, 2, 0],
        &[2, 0, 1],
        &[2, 1, 0],
    ],
];

impl State {
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
        let total = self.rules.cards_in_play().len();
        if places.len() != total {
            return Err(format!("{} cards in play, expected {total}", places.len()));
        }
        for (s, p) in self.players.iter().enumerate() {
            let choosing = self.pending == Pending::WizardKeep { seat: s };
            if p.front.len() > self.rules.front_rank_units && !choosing {
                return Err(format!("P{} has {} Front-Rank units", s + 1, p.front.len()));
            }
            if p.rear.len() > self.rules.rear_rank_units {
                return Err(format!("P{} has {} Rear-Rank units", s + 1, p.rear.len()));
            }
            for u in &p.front {
                if u.cards.is_empty() || u.cards.len() > self.rules.bond_size {
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
            if p.life <= 0 && !self.is_over() {
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
