//! Derived rule facts: House Traits, King powers, attack and defence values, when a unit falls, room in the ranks, bonds, who enters exhausted.

use super::*;

impl State {
    /// A soldier unit's House Trait works unless an opponent's Insane Wizard is in play.
    #[inline]
    pub fn trait_active(&self, owner: Seat, u: &Unit) -> bool {
        u.is_soldier() && !self.maddened(owner)
    }

    /// An opponent of `owner` has an Insane Wizard in play: its madness reaches every opposing
    /// Front Rank (reading M7).
    #[inline]
    pub fn maddened(&self, owner: Seat) -> bool {
        if self.players.len() == 2 {
            return self.players[1 - owner].has_variant(JokerVariant::InsaneWizard);
        }
        self.players
            .iter()
            .enumerate()
            .any(|(o, p)| o != owner && p.has_variant(JokerVariant::InsaneWizard))
    }

    /// Is blocker `b` "defending an ally" in blocking attack `a` (the Hearts and Diamonds
    /// traits)? Any block is (reading R10: an attack on a unit or on the player), but a block of
    /// an attack aimed at the blocker alone only under `self_block=defends_ally` (R46): an
    /// attack that also names another target (a dual-wielding Spades soldier's) is aimed at an
    /// ally too.
    pub(super) fn defends_ally(&self, b: &Unit, a: &Attack) -> bool {
        let itself = Target::Unit(b.id());
        self.rules.self_block == SelfBlock::DefendsAlly
            || a.target != itself
            || a.second.is_some_and(|t| t != itself)
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
    pub(super) fn has_trait(&self, owner: Seat, u: &Unit, suit: Suit) -> bool {
        // The unit's House first: the Insane Wizard's check scans the opposing Rear Rank, and
        // most units asked about have another House.
        let granted = || {
            suit == Suit::Hearts
                && self.rules.kings == Kings::Option1
                && self.rules.option1_king_of_hearts == Option1KingOfHearts::HeartsTrait
                && self.king_suit(owner) == Some(Suit::Hearts)
        };
        (u.house() == Some(suit) || granted()) && self.trait_active(owner, u)
    }

    /// Option 2 (kings=share_trait): seat `s`'s King of `suit` shares its ability, a House
    /// Trait given to the soldiers: lost, like their own, to an opposing Insane Wizard
    /// ("Affected units ... immediately loose access to house traits").
    pub(super) fn shares(&self, s: Seat, suit: Suit) -> bool {
        self.rules.kings == Kings::ShareTrait
            && self.king_suit(s) == Some(suit)
            && !self.maddened(s)
    }

    /// Classic and Option 1 Kings: is seat `s`'s King of `suit` in play under that mode?
    pub(super) fn king_power(&self, s: Seat, suit: Suit, modes: &[Kings]) -> bool {
        modes.contains(&self.rules.kings) && self.king_suit(s) == Some(suit)
    }

    /// Classic King of Spades: its soldiers cannot be blocked or attacked.
    pub(super) fn untouchable(&self, owner: Seat, u: &Unit) -> bool {
        u.is_soldier() && self.king_power(owner, Suit::Spades, &[Kings::Classic])
    }

    /// The units next to unit `id` in its Front Ranks.
    pub(super) fn neighbours(&self, id: Card) -> CardSet {
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

    /// Seat `s`'s Front-Rank units.
    pub(super) fn front_units(&self, s: Seat) -> CardSet {
        let mut set = CardSet::default();
        for u in &self.players[s].front {
            set.insert(u.id());
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

    pub(super) fn dealt(&self, u: &Unit) -> u32 {
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
        u.remaining_defence(self.king_defence())
    }

    /// A King's defence under the rules (`king_defence`; 13 printed).
    pub(crate) fn king_defence(&self) -> u32 {
        self.rules.king_defence.max(0) as u32
    }

    /// How much more than a card's remaining defence defeats it: 1 under Spring '25 ("more
    /// damage than their defense value"), 0 under `defeat=reaches`.
    pub(super) fn defeat_margin(&self) -> u32 {
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

    pub(super) fn front_has_room(&self, s: Seat) -> bool {
        self.players[s].front.len() < self.rules.front_ranks.units
    }

    pub(super) fn rear_has_room(&self, s: Seat) -> bool {
        self.players[s].rear.len() < Rules::REAR_RANK_UNITS
    }

    /// Which soldiers may join each of seat `s`'s Front-Rank units as a Blood Bond, worked out
    /// once for all the moves of a decision (move generation asks for every card in hand
    /// against every unit, and for every pair of units).
    pub(super) fn bond_targets(&self, s: Seat) -> BondTargets {
        let front = &self.players[s].front;
        let mut accepts = 0;
        // An opposing Insane Wizard forbids bonds; a Binding Spirit lets any suits bond.
        if !front.is_empty() && !self.maddened(s) {
            let any_suit = self.players[s].has_variant(JokerVariant::BindingSpirit);
            let max = self.rules.front_ranks.bond;
            for (i, u) in front.iter().enumerate() {
                accepts |= u64::from(BondTargets::suits_accepted(u, any_suit, max)) << (4 * i);
            }
        }
        BondTargets { accepts }
    }

    /// May unit `b` join unit `a` (at index `ai` of the Front Ranks) as a Blood Bond, `a`
    /// leading?
    pub(super) fn can_merge(&self, bond: &BondTargets, ai: usize, a: &Unit, b: &Unit) -> bool {
        !a.moved
            && !b.moved
            && !b.summoned
            && a.cards.len() + b.cards.len() <= self.rules.front_ranks.bond
            && b.cards
                .iter()
                .all(|c| c.card == c.face && bond.allows(ai, c.face))
    }
}

/// See `State::bond_targets`: for each Front-Rank unit, the suits of soldier that may join it,
/// four bits (one per suit) for the unit at index `i` from bit `4 * i` (none when it takes no
/// bond). One word, built in a register: the table is rebuilt at every DEPLOY decision.
pub(super) struct BondTargets {
    accepts: u64,
}

const _: () = assert!(4 * MAX_FRONT_UNITS <= 64, "BondTargets holds 4 bits a unit");

impl BondTargets {
    const ALL_SUITS: u8 = 0b1111;

    /// The suits that may join unit `u` (bonds of at most `max` cards).
    fn suits_accepted(u: &Unit, any_suit: bool, max: usize) -> u8 {
        if !u.is_soldier() || u.summoned || u.cards.len() >= max {
            return 0;
        }
        if u.cards.iter().any(|c| c.card != c.face) {
            return 0; // a Doppelganger does not bond
        }
        if any_suit {
            return Self::ALL_SUITS;
        }
        // Without a Binding Spirit, a soldier joins only a unit all of its own suit.
        match u.leader_face().suit() {
            Some(suit) if u.cards.iter().all(|c| c.face.suit() == Some(suit)) => 1 << suit as u8,
            _ => 0,
        }
    }

    /// Can soldier `face` join the Front-Rank unit at index `i`?
    pub(super) fn allows(&self, i: usize, face: Card) -> bool {
        match face.suit() {
            Some(suit) if face.is_soldier() => (self.accepts >> (4 * i + suit as usize)) & 1 != 0,
            _ => false,
        }
    }

    /// Can any soldier join the Front-Rank unit at index `i`?
    pub(super) fn any(&self, i: usize) -> bool {
        (self.accepts >> (4 * i)) & u64::from(Self::ALL_SUITS) != 0
    }
}

impl State {
    /// Soldiers enter exhausted, except Diamonds (their trait) whose trait is not suppressed;
    /// under `diamonds_trait=first_strike` Diamonds enter exhausted like the others.
    pub(super) fn enters_exhausted(&self, s: Seat, face: Card) -> bool {
        // Classic and Option 1 King of Diamonds: allied units attack the turn they arrive.
        if self.king_power(s, Suit::Diamonds, &[Kings::Classic, Kings::Option1]) {
            return false;
        }
        face.suit() != Some(Suit::Diamonds)
            || self.maddened(s)
            || self.rules.diamonds_trait == DiamondsTrait::FirstStrike
    }

    /// `diamonds_trait=first_strike`: a soldier using the Diamonds trait (not lost to an
    /// opposing Insane Wizard) strikes first when attacking (reading V22).
    pub(super) fn first_strike_trait(&self, s: Seat, att: &Unit) -> bool {
        self.rules.diamonds_trait == DiamondsTrait::FirstStrike
            && self.has_trait(s, att, Suit::Diamonds)
    }

    /// Rear-Rank units (Aces, Kings, Jokers) arrive exhausted like every newly deployed unit,
    /// unless `rear_deploy=ready`, or a classic / Option 1 King of Diamonds lets its owner's
    /// units "attack on the same turn they are deployed".
    pub(super) fn rear_enters_exhausted(&self, s: Seat) -> bool {
        self.rules.rear_deploy == RearDeploy::Exhausted
            && !self.king_power(s, Suit::Diamonds, &[Kings::Classic, Kings::Option1])
    }

    /// A King (`face`) has just entered seat `s`'s Rear Ranks. Under
    /// `classic_king_of_diamonds=whole_turn`, a classic or Option 1 King of Diamonds readies the
    /// units its owner deployed earlier this turn: "units can attack on the same turn they are
    /// deployed" (reading V25). Under `after_it` their exhaustion stands (V2).
    pub(super) fn king_of_diamonds_arrives(&mut self, s: Seat, face: Card) {
        if face.kind() != Kind::King
            || self.rules.classic_king_of_diamonds != ClassicKingOfDiamonds::WholeTurn
            || !self.king_power(s, Suit::Diamonds, &[Kings::Classic, Kings::Option1])
        {
            return;
        }
        let entered = self.entered;
        let p = &mut self.players[s];
        for u in p.front.iter_mut().chain(p.rear.iter_mut()) {
            if !u.is_king() && !u.attacked && u.cards.iter().any(|c| entered.contains(c.card)) {
                u.exhausted = false;
            }
        }
    }

    /// Does blocker `b` of seat `d` deal its damage? Not when it is exhausted and defends by the
    /// Hearts trait's Magic Shield under `hearts_trait=no_damage` (the guard and a King's "block
    /// after attacking" are other abilities).
    pub fn blocker_deals_damage(&self, d: Seat, b: &Unit) -> bool {
        let magic_shield =
            b.exhausted && !b.guard && !(b.attacked && self.king_lets_attackers_block(d));
        !(magic_shield && self.rules.hearts_trait == HeartsExhaustedBlock::NoDamage)
    }

    /// Summer '20 Kings of Hearts under which seat `d`'s soldiers "remain available to block
    /// after attacking": Option 2, and Option 1 when it gives every soldier the Hearts trait.
    pub(super) fn king_lets_attackers_block(&self, d: Seat) -> bool {
        self.shares(d, Suit::Hearts)
            || (self.rules.kings == Kings::Option1
                && self.rules.option1_king_of_hearts == Option1KingOfHearts::HeartsTrait
                && self.king_suit(d) == Some(Suit::Hearts))
    }

    /// The suit of seat `s`'s King in play, if any.
    /// The suit of seat `s`'s King in play, whose power applies; `None` without a King, or when
    /// it is a blank (`blank`: deployed as usual, with no power).
    pub fn king_suit(&self, s: Seat) -> Option<Suit> {
        self.players[s]
            .king()
            .and_then(|k| k.leader_face().suit())
            .filter(|&suit| !self.is_blank(suit))
    }

    /// Is the King of `suit` a blank now: a blank (`blank`) from the deal, or under
    /// `blank_from=draw` once a player has drawn it in the game itself.
    pub fn is_blank(&self, suit: Suit) -> bool {
        self.rules.blank.contains(suit)
            && (self.rules.blank_from == BlankFrom::Deal
                || self.kings_drawn & (1 << suit as u8) != 0)
    }

    /// A player drew `card`. Only the game itself marks a King drawn, never a search's
    /// simulated world (which keeps no record: `metrics` is `None`): under `blank_from=draw` the
    /// players' searches before the draw play as with the King's power, so the game up to the
    /// draw is the very game played with the King, and a world sampled after it sees it a blank.
    pub(crate) fn king_drawn(&mut self, card: Card) {
        if self.metrics.is_some() && card.kind() == Kind::King {
            if let Some(suit) = card.suit() {
                self.kings_drawn |= 1 << suit as u8;
            }
        }
    }

    /// Does this attacker pick its own blocker (Spades choose_blocker; Option 1 King of Hearts)?
    pub(super) fn picks_blocker(&self, s: Seat, u: &Unit) -> bool {
        (self.rules.spades_trait == SpadesTrait::ChooseBlocker
            && self.has_trait(s, u, Suit::Spades))
            || (self.rules.kings == Kings::Option1
                && self.rules.option1_king_of_hearts == Option1KingOfHearts::ReassignBlockers
                && self.king_suit(s) == Some(Suit::Hearts)
                && u.is_soldier())
    }

    /// The damage each target of an unblocked attack takes: the same for both, unless a
    /// dual-wielding Spades soldier's two targets share it (`dual_wield=split`), or the second
    /// is an adjacent strike's ping (`adjacent_strike_damage=ping`).
    pub fn per_target_damage(&self, s: Seat, att: &Unit, dmg: u32, two_targets: bool) -> [u32; 2] {
        let shared = two_targets
            && self.rules.dual_wield == DualWield::Split
            && self.rules.spades_trait == SpadesTrait::DualWield
            && self.has_trait(s, att, Suit::Spades);
        let adjacent = two_targets
            && self.rules.spades_trait == SpadesTrait::AdjacentStrike
            && self.has_trait(s, att, Suit::Spades);
        if shared {
            [dmg.div_ceil(2), dmg / 2]
        } else if adjacent {
            [dmg, self.adjacent_strike_damage(att, dmg)]
        } else {
            [dmg, dmg]
        }
    }

    /// What the adjacent strike (`spades_trait=adjacent_strike`) deals the unit beside the
    /// target: the attack's damage `dmg` (reading V14), or under `adjacent_strike_damage=ping`
    /// 1 point, doubled with the attacker's damage by the Jack of Clubs (reading V23).
    pub(super) fn adjacent_strike_damage(&self, att: &Unit, dmg: u32) -> u32 {
        match self.rules.adjacent_strike_damage {
            AdjacentStrikeDamage::Full => dmg,
            AdjacentStrikeDamage::Ping if att.double_damage => 2,
            AdjacentStrikeDamage::Ping => 1,
        }
    }
}
