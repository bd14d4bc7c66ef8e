//! Every rule option of Houses-Skirmish, in one table: adding an option is one row of
//! `rule_options!` below (its name, type, default and help) and, for a new set of values, one
//! `choice!` enum above it (each variant's doc comment is what that value means). The rows' order
//! is the canonical rule string's: a new row goes where it belongs, and the canonical-string test
//! at the end of this file is updated. Values that are not a plain choice (numbers, card lists,
//! the player count...) are written and read in `values.rs`.

use super::values::{BlankKings, CardList, FrontRanks, OptionValue, Players, SplitHouses};
use crate::core::card::{CardSet, Suit};
use crate::core::OptionSpec;

/// A choice option's values: the enum, its names in configs, and the parse back.
macro_rules! choice {
    ($(#[$doc:meta])* $name:ident { $($(#[doc = $vdoc:literal])* $variant:ident = $text:literal,)+ }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name {
            $($(#[doc = $vdoc])* $variant,)+
        }

        impl $name {
            pub const CHOICES: &'static [&'static str] = &[$($text),+];

            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }

            pub fn parse(text: &str) -> Option<$name> {
                match text {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }
        }

        impl OptionValue for $name {
            const KIND: &'static str = "choice";
            const CHOICES: &'static [&'static str] = &[$($text),+];
            // Each variant's doc comment, its lines joined (each begins with a space).
            const CHOICE_HELP: &'static [&'static str] = &[$(concat!($($vdoc),*)),+];
            fn parse_value(v: &str) -> Option<Self> {
                $name::parse(v)
            }
            fn text(&self) -> String {
                self.name().into()
            }
        }
    };
}

/// The one table of rule options: each row makes a field of `Rules` (named as the option), its
/// default, its registry entry (in canonical order) and its parse and print.
macro_rules! rule_options {
    ($($(#[$doc:meta])* $name:ident: $ty:ty = $default:expr, $help:literal;)+) => {
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Rules {
            $($(#[$doc])* pub $name: $ty,)+
        }

        impl Default for Rules {
            fn default() -> Self {
                Rules { $($name: $default,)+ }
            }
        }

        /// The registry: what `sim rules` lists and what configs may set, in canonical order.
        pub const OPTIONS: &[OptionSpec] = &[$(OptionSpec {
            name: stringify!($name),
            kind: <$ty as OptionValue>::KIND,
            choices: <$ty as OptionValue>::CHOICES,
            samples: <$ty as OptionValue>::SAMPLES,
            choice_help: <$ty as OptionValue>::CHOICE_HELP,
            help: $help,
        },)+];

        impl Rules {
            /// Set a registered option; `None` when the value does not parse.
            pub(super) fn set_value(&mut self, name: &str, v: &str) -> Option<()> {
                match name {
                    $(stringify!($name) => self.$name = <$ty as OptionValue>::parse_value(v)?,)+
                    _ => unreachable!("option {name} is not registered"),
                }
                Some(())
            }

            pub fn get(&self, name: &str) -> Option<String> {
                match name {
                    $(stringify!($name) => Some(OptionValue::text(&self.$name)),)+
                    _ => None,
                }
            }
        }
    };
}

choice!(Responders {
    /// Spring '25: "opponents may make their RESPONSE": each opponent in turn order.
    All = "all",
    /// Only the next player in turn order responds.
    Next = "next",
});

choice!(AttackSpread {
    /// Each attacker may target any opponent ("Multiple units can target one enemy
    /// unit/player"; "The owner of targeted units, will declare which ... units will defend").
    Any = "any",
    /// All of a turn's attacks go at one opponent ("The defending player declares units").
    One = "one",
});

choice!(StartingPlayer {
    /// Spring '25 §5.3: each player draws a card, highest wins and chooses to start or defer.
    AdvantageDraw = "advantage_draw",
    /// The pre-Summer '20 rule: a coin flip decides who starts.
    Coin = "coin",
});

choice!(HeartsExhaustedBlock {
    /// Quick reference: "Defend while exhausted but cannot apply damage when doing so" (the
    /// full text is silent on the damage, so the quick reference fills the gap).
    NoDamage = "no_damage",
    /// An exhausted Hearts blocker fights normally (the engine's reading before rules v2).
    FullDamage = "full_damage",
});

choice!(SelfBlock {
    /// A unit blocking the attack aimed at itself is "defending an ally" (the game calls any
    /// unit of the player's side allied: "Target allied unit will deal double damage"): an
    /// exhausted Hearts soldier may block it, and the enhanced Hearts and Diamonds traits act
    /// (reading R46).
    DefendsAlly = "defends_ally",
    /// "An ally" is another unit: only a block of an attack aimed at another unit or at the
    /// player defends an ally, so an exhausted Hearts soldier may not block the attack aimed
    /// at itself, and the enhanced Hearts and Diamonds traits do not act in that block.
    NotAlly = "not_ally",
});

choice!(Defeat {
    /// Spring '25: "Units taking more damage than their defense value are defeated".
    Exceeds = "exceeds",
    /// The older notes: damage equal to the defence defeats (a 10+3 bond "threaten[s] the
    /// King with 13 Defense"; the classic King of Hearts falls at "13 (or more)").
    Reaches = "reaches",
});

choice!(SuddenDeath {
    /// "Each player takes one more round starting with the player who drew the last card":
    /// the round that starts with the drawer's own turn, then the opponent's turn.
    ThisRound = "this_round",
    /// The round under way plays out, then one more round begins with the drawer: drawer's
    /// turn, opponent's, drawer's, opponent's.
    NextRound = "next_round",
});

choice!(SoldierTargets {
    /// Spring '25 §7: "Front Rank Attackers (Soldiers 2-10): Can only target opposing players or
    /// units in opposing Front Ranks (unless card ability allows otherwise)".
    Front = "front",
    /// Summer '20 change list: "Targeting Defined (a unit can only target the rear ranks card or
    /// opposing player)", as in its worked example ("The 9 and 4 are both targeting the King
    /// located in the opposing Rear Ranks"): soldiers strike the player or Rear-Rank units, and
    /// meet enemy soldiers only when blocked or blocking.
    Rear = "rear",
});

choice!(RearDeploy {
    /// Spring '25: a newly deployed unit is exhausted ("Exhausted: A unit that has performed an
    /// action (like attacking or being newly deployed)"), so Aces and the classic King of
    /// Clubs act from their owner's next turn; only the Ace of Diamonds "may deploy and attack".
    Exhausted = "exhausted",
    /// Rear-Rank units enter ready and may strike the turn they are deployed (before rules v2).
    Ready = "ready",
});

choice!(AceOfHeartsGuard {
    /// Full rules: the Ace of Hearts may stay as a (+0/+1) defender.
    ZeroOne = "0/1",
    /// Quick reference: "May remain as +1/+0 guard".
    OneZero = "1/0",
});

choice!(AceOfSpadesSecond {
    /// Full rules: "an additional Front Rank unit may be targeted".
    AnyFront = "any_front",
    /// Quick reference: "If a soldier, poison 1 adjacent soldier too."
    Adjacent = "adjacent",
});

choice!(ClubsExcess {
    /// Full rules: excess damage dealt *to a blocker* may go on.
    BlockedOnly = "blocked_only",
    /// Quick reference: "Excess damage is passed onto the unit or player of choice" (any target).
    AnyTarget = "any_target",
    /// Summer '20: the excess of every attack, blocked or not, goes to the opposing player
    /// ("throw themselves fully into every attack, and therefore deal all remaining damage
    /// (after combat) to the opposing player").
    ToPlayer = "to_player",
});

choice!(Doppelganger {
    /// Full rules: "Imitates any other unit" - a unit on the battlefield.
    BattlefieldUnit = "battlefield_unit",
    /// Summer '20 / quick reference: "Copies another non-Joker card" - any card of the deck.
    AnyCard = "any_card",
});

choice!(JackOfClubs {
    /// Spring '25: a unit of choice deals double damage this turn.
    DoubleDamage = "double_damage",
    /// The older card (Summer '20 notes): a random card of the opponent's hand goes to the Barrows.
    DiscardRandom = "discard_random",
});

choice!(ExtraDraw {
    /// Spring '25: one card a turn.
    None = "none",
    /// Spring '22 proposal: each player draws two cards from round six.
    FromRound6 = "from_round_6",
    /// Spring '22 proposal: draw two once the Deck is no higher than the Barrows.
    DeckEqualsBarrows = "deck_equals_barrows",
});

choice!(Kings {
    /// Spring '25: a King lets allied soldiers of its House use the Enhanced House Trait.
    Enhance = "enhance",
    /// The Kings as the Summer '20 notes assess them (KD haste, KC challenge, KH absorb, KS untouchable).
    Classic = "classic",
    /// Summer '20 Option 1: a new power for each King.
    Option1 = "option1",
    /// Summer '20 Option 2 / Spring '22: the King shares its House's trait with all allied soldiers.
    ShareTrait = "share_trait",
});

choice!(Option1KingOfHearts {
    /// All allied soldiers gain the Hearts trait.
    HeartsTrait = "hearts_trait",
    /// Allied Front-Rank attackers may reassign the blockers the opponent chose.
    ReassignBlockers = "reassign_blockers",
});

choice!(SpadesTrait {
    /// Spring '25: one attack on up to two enemy Front-Rank units.
    DualWield = "dual_wield",
    /// The original trait: having defeated the unit it fights, it also strikes a unit next to
    /// its target.
    AdjacentStrike = "adjacent_strike",
    /// Spring '22: a blocked Spades attacker may take another enemy unit as its blocker.
    ChooseBlocker = "choose_blocker",
    /// Dual wield whose second target is stunned, not struck: it cannot attack on its next
    /// turn.
    Stun = "stun",
});

choice!(DualWield {
    /// Reading R15: each of the two targets takes the attack's full damage ("dual wielding":
    /// a weapon for each).
    FullEach = "full_each",
    /// The attack's damage is shared: the first target takes the larger half, the second the
    /// rest ("may target up to two units" says nothing of the damage).
    Split = "split",
});

choice!(DeckMode {
    /// Spring '25: one shared deck.
    Shared = "shared",
    /// The designers' playtests: each player draws from a pile of their own Houses; no Jokers.
    SuitSplit = "suit_split",
});

choice!(BlankFrom {
    /// The blank Kings have no power all game, and every player knows it from the deal.
    Deal = "deal",
    /// A blank King keeps its power until a player first draws it, then has none for the rest
    /// of the game: the game up to that draw is the very game played with the King (a King's
    /// value branched at its first draw, issue #52; docs/experiments.md).
    Draw = "draw",
});

choice!(SplitDeckOut {
    /// Reading V16: the first pile to run out starts the sudden-death final round.
    FirstPile = "first_pile",
    /// Sudden death waits until both piles are out; a player whose pile is out skips the draw
    /// ("each player pulls from a draw pile containing only cards of their house" says nothing
    /// of the end).
    BothPiles = "both_piles",
});

choice!(ClassicKingOfHearts {
    /// The King absorbs all it can, up to 13, of the damage to the one allied soldier unit
    /// whose cards that saves are worth the most; nothing where no card can be saved (reading
    /// V4: "annoying for opponents to deal with, until they can deliver 13 (or more) points").
    UpTo13 = "up_to_13",
    /// The King absorbs only the least that saves as much of that unit, so it falls only where
    /// saving it takes all 13.
    WhatSaves = "what_saves",
});

choice!(Option1KingOfClubs {
    /// The targeted Front-Rank unit fights the attack as its blocker, where it could block it
    /// (reading V6).
    TargetFights = "target_fights",
    /// No unit blocks the attack: the target is struck as by any unblocked attack (Spring '25
    /// §7 "Unblocked attackers apply damage to targeted units").
    Unblocked = "unblocked",
});

choice!(BlackJoker {
    /// The player chooses the variant when deploying it.
    Chosen = "chosen",
    /// Always the Doppelganger: "it may mimic the form of any other card of the player's
    /// choice".
    Doppelganger = "doppelganger",
    /// Always the Necromancer: summons a soldier from the Barrows, once per turn, for one turn.
    Necromancer = "necromancer",
});

choice!(RedJoker {
    /// The player chooses the variant when deploying it.
    Chosen = "chosen",
    /// Always the Insane Wizard: opposing Blood Bonds come apart and opposing House Traits stop.
    Wizard = "wizard",
    /// Always the Binding Spirit: "All allied soldiers may form a Blood Bond with any other
    /// allied soldier".
    Spirit = "spirit",
});

choice!(Redeploys {
    /// Reading R17 (Spring '25 §6C "Split or form any Blood Bonds"): any number of merges and
    /// splits in a DEPLOY phase, besides the one return to hand (R19).
    Any = "any",
    /// Summer '20 "Players may only choose to make a redeployment action, once on their turn":
    /// one move a turn among merging two units in play, splitting a Blood Bond (into a free
    /// space, or a card to the Barrows) and returning a unit to hand. Deploying a card from
    /// hand, onto a unit too, is deploying, not redeploying (reading R48).
    One = "one",
});

choice!(DiamondsTrait {
    /// Spring '25 "Agile Deployment": "Diamond soldiers enter the battlefield un-exhausted and
    /// ready to act on that turn".
    Ready = "ready",
    /// The Summer '20 trait, as the Option 2 King of Diamonds passes it on ("when attacking
    /// they may strike and deal damage before the opponent can"): Diamonds soldiers enter
    /// exhausted like any other, and when attacking strike first (a blocker they defeat deals
    /// no damage; two first strikes cancel out) (reading V22).
    FirstStrike = "first_strike",
});

choice!(AdjacentStrikeDamage {
    /// Reading V14: the adjacent strike deals the attacker's full damage, as its first strike
    /// does (the Summer '20 "striking twice": a second strike like the first).
    Full = "full",
    /// Reading V23: the Spring '22 notes' "pinging an adjacent opposing card with an additional
    /// strike, is not very useful": the strike deals 1 point (doubled by the Jack of Clubs, as
    /// an Ace's 1 is), the least a strike deals; the text gives no amount.
    Ping = "ping",
});

choice!(Option2KingOfSpades {
    /// Reading V12: an attacker stuns a unit next to the unit it fights (its blocker or its
    /// unit target); an unblocked attack on the player fights no unit and stuns no one.
    UnitFought = "unit_fought",
    /// "stun a single adjacent opponent when attacking", with no condition: an unblocked
    /// attack on the player also stuns one unit of that player's Front Ranks, of the
    /// attacker's choice (reading V24).
    EveryAttack = "every_attack",
});

choice!(BondFromHand {
    /// Reading R48: deploying a soldier from hand onto a unit is deploying, not redeploying,
    /// so under `redeploys=one` it is free (the Summer '20 turn's "DEPLOY or RE-DEPLOY").
    Deploy = "deploy",
    /// "Redeploying a card is the method for creating or separating Blood Bonded units": under
    /// `redeploys=one`, a bond formed from hand is the turn's one redeployment (reading R49).
    Redeploy = "redeploy",
});

choice!(ClassicKingOfDiamonds {
    /// Reading V2: units deployed once the King is in play are ready; one deployed before it
    /// in the same turn stays exhausted (the King acts as a unit enters).
    AfterIt = "after_it",
    /// "units can attack on the same turn they are deployed": the King's arrival also readies
    /// its owner's units deployed earlier in the same turn (reading V25).
    WholeTurn = "whole_turn",
});

choice!(HeartsShield {
    /// Reading R13 (Spring '25 §4 "As an exhausted unit, Hearts soldiers may still defend an
    /// ally unit"): an exhausted Hearts soldier blocks only an attack aimed at a unit.
    AllyUnit = "ally_unit",
    /// The Summer '20 notes' Hearts trait, "remain available to block after attacking", with no
    /// limit on the attack: an exhausted Hearts soldier may also block an attack aimed at its
    /// player (reading V26).
    AnyAttack = "any_attack",
});

choice!(SingleAttacker {
    /// Reading: `multiple_attackers=false` limits attacks on units; several attackers may
    /// still strike the player (the motive given, "threaten the rear ranks", is about units).
    Units = "units",
    /// "a target can only be attacked by a single unit", the player counted as a target (the
    /// notes: "may only target an opposing Player or Units"): one attacker a player too
    /// (reading V27).
    EveryTarget = "every_target",
});

choice!(JackOfHearts {
    /// Spring '25: "A unit of choice is protected from all damage that may be dealt to it this
    /// turn."
    OneUnit = "one_unit",
    /// Summer '20: "Jack of Hearts (absorb all damage dealt to allies this turn)": every unit of
    /// the player's in play when it is played is protected so (reading V28).
    AllAllies = "all_allies",
});

choice!(Instants {
    /// Spring '25 (reading R22): Jacks, Queens and the Ace of Diamonds are played in their
    /// owner's DEPLOY phase or in the opponent's RESPONSE.
    Response = "response",
    /// Summer '20 "cards that could normally be played instantly at any time": besides, a
    /// window after blockers are declared and before damage, where each player in turn, the
    /// attacker first, may play the four Jacks and the Ace of Diamonds (reading V29).
    AnyTime = "any_time",
});

rule_options! {
    life: i32 = 40, "starting life of each player (Spring '25: 40)";
    jokers: bool = false, "include the two Jokers (optional in Spring '25)";
    scouts: bool = true, "2s may be deployed as scouts";
    soul_burn: bool = true, "resurrected and summoned cards leave play face down for good";
    front_ranks: FrontRanks = FrontRanks { units: 4, bond: 2 }, "Front-Rank units x cards per Blood Bond (each choice's meaning below it)";
    starting_player: StartingPlayer = StartingPlayer::AdvantageDraw, "how the first player is chosen";
    multiple_attackers: bool = true, "several attackers may target one enemy unit";
    single_attacker: SingleAttacker = SingleAttacker::Units, "under multiple_attackers=false, what takes one attacker: a unit (reading) or every target, the player included (Summer '20 \"a target can only be attacked by a single unit\", reading V27)";
    defeat: Defeat = Defeat::Exceeds, "a unit is defeated by more damage than its defence (Spring '25) or by damage that reaches it (older notes)";
    rear_deploy: RearDeploy = RearDeploy::Exhausted, "newly deployed Aces (and the classic King of Clubs) are exhausted until their owner's next turn (Spring '25) or ready to strike at once";
    sudden_death: SuddenDeath = SuddenDeath::ThisRound, "once the last card is drawn: the drawer's turn and the opponent's end the game (this_round), or the round plays out and one more follows (next_round)";
    hearts_trait: HeartsExhaustedBlock = HeartsExhaustedBlock::NoDamage, "an exhausted Hearts blocker deals no damage (quick reference; the full text is silent) or full damage";
    hearts_shield: HeartsShield = HeartsShield::AllyUnit, "what an exhausted Hearts soldier may block: an attack on an allied unit (Spring '25, reading R13) or any attack, on its player too (Summer '20 \"remain available to block after attacking\", reading V26)";
    ace_of_hearts_guard: AceOfHeartsGuard = AceOfHeartsGuard::ZeroOne, "the Ace of Hearts guard's stats: +0/+1 (full rules) or +1/+0 (quick reference)";
    ace_of_spades: AceOfSpadesSecond = AceOfSpadesSecond::AnyFront, "Ace of Spades' second target: any Front-Rank unit (full rules) or an adjacent one (quick reference)";
    clubs_excess: ClubsExcess = ClubsExcess::BlockedOnly, "Clubs excess damage only through a blocker (full rules) or from any target (quick reference)";
    jack_of_clubs: JackOfClubs = JackOfClubs::DoubleDamage, "Jack of Clubs: a unit deals double damage (Spring '25) or a random enemy card is discarded (older card)";
    jack_of_hearts: JackOfHearts = JackOfHearts::OneUnit, "Jack of Hearts: a unit of choice is protected from all damage this turn (Spring '25) or every allied unit is (Summer '20 \"absorb all damage dealt to allies this turn\", reading V28)";
    instants: Instants = Instants::Response, "when the Jacks and the Ace of Diamonds may be played: DEPLOY or RESPONSE (Spring '25, reading R22), or also after blockers are declared and before damage, by either player (Summer '20 \"played instantly at any time\", reading V29)";
    extra_draw: ExtraDraw = ExtraDraw::None, "draw two cards a turn from round six, or once the Deck is no higher than the Barrows (Spring '22 late-game proposals)";
    doppelganger: Doppelganger = Doppelganger::BattlefieldUnit, "the Doppelganger copies a unit in play (full rules) or any non-Joker card (Summer '20, quick reference)";
    kings: Kings = Kings::Enhance, "what Kings do (each choice's meaning below it)";
    option1_king_of_hearts: Option1KingOfHearts = Option1KingOfHearts::HeartsTrait, "under kings=option1, the King of Hearts gives all soldiers the Hearts trait, or lets attackers reassign blockers";
    option2_king_of_spades: Option2KingOfSpades = Option2KingOfSpades::UnitFought, "under kings=share_trait, the King of Spades' stun: next to the unit an attack fights, none for an unblocked attack on the player (reading V12), or on every attack, one of the player's Front-Rank units then (reading V24)";
    king_aid_half: bool = false, "Spring '22: with their King in play, natural Spades and Hearts aid a defending ally with half their value";
    spades_trait: SpadesTrait = SpadesTrait::DualWield, "the Spades House Trait (each choice's meaning below it)";
    dual_wield: DualWield = DualWield::FullEach, "a dual-wielding Spades attack on two units: full damage to each (reading R15) or its damage shared between them";
    adjacent_strike_damage: AdjacentStrikeDamage = AdjacentStrikeDamage::Full, "under spades_trait=adjacent_strike, the strike on the unit beside the target: the attacker's full damage (reading V14) or a 1-point ping (Spring '22 \"pinging an adjacent opposing card\", reading V23)";
    deck: DeckMode = DeckMode::Shared, "one shared deck, or each player draws from a pile of their own Houses (no Jokers)";
    split_houses: SplitHouses = SplitHouses([1 << Suit::Spades as u8, 1 << Suit::Hearts as u8]), "with deck=suit_split, each player's Houses as P1-P2 suit letters, e.g. S-H or DC-HS";
    black_joker: BlackJoker = BlackJoker::Chosen, "the Black Joker's variant: chosen by the player when deployed, or fixed";
    red_joker: RedJoker = RedJoker::Chosen, "the Red Joker's variant: chosen by the player when deployed, or fixed";
    hand_limit: Option<usize> = None, "discard down to this many cards at the end of your turn (none in Spring '25)";
    blank: BlankKings = BlankKings(0), "for a King's causal value: these Kings (e.g. KS or KS+KC) are blanks, deployed as usual but with no power (none in the rules)";
    blank_from: BlankFrom = BlankFrom::Deal, "with blank: the blank Kings have no power from the deal, or only from the moment a player first draws one (the game until then plays as with its power)";
    forbid: CardList = CardList(CardSet(0)), "for a card's causal value: these cards (e.g. KS or QH+QS) may not be deployed or played by either player (none in the rules)";
    soldier_targets: SoldierTargets = SoldierTargets::Front, "what a soldier may attack besides the opponent: Front-Rank units (Spring '25) or Rear-Rank units (Summer '20 \"Targeting Defined\")";
    players: Players = Players(2), "how many play at the table, 2 to 4 (Spring '25: \"2 or more players\"; free for all, readings M1-M9)";
    responders: Responders = Responders::All, "with three or more players: every opponent may respond in turn (Spring '25 \"opponents may make their RESPONSE\") or only the next player";
    attack_spread: AttackSpread = AttackSpread::Any, "with three or more players: a turn's attackers may target different opponents, or all go at one (\"The defending player declares\")";
    self_block: SelfBlock = SelfBlock::DefendsAlly, "a unit blocking the attack aimed at itself is defending an ally for the Hearts and Diamonds traits (reading R46), or not";
    split_deck_out: SplitDeckOut = SplitDeckOut::FirstPile, "with deck=suit_split: the first pile to run out starts sudden death (reading V16), or only both piles out do (a player whose pile is out skips the draw)";
    classic_king_of_hearts: ClassicKingOfHearts = ClassicKingOfHearts::UpTo13, "under kings=classic, the King of Hearts absorbs all it can, up to 13, of the damage to the unit it saves (reading V4), or only what saves it";
    classic_king_of_diamonds: ClassicKingOfDiamonds = ClassicKingOfDiamonds::AfterIt, "under kings=classic or option1, the King of Diamonds readies units deployed after it (reading V2), or also those its owner deployed earlier the same turn (reading V25)";
    redeploys: Redeploys = Redeploys::Any, "Blood Bond merges and splits: any number a turn (Spring '25, reading R17), or one redeployment a turn among a merge, a split and a return to hand (Summer '20)";
    bond_from_hand: BondFromHand = BondFromHand::Deploy, "under redeploys=one, a bond formed by deploying a soldier from hand onto a unit is deploying, free (reading R48), or the turn's one redeployment (reading R49)";
    diamonds_trait: DiamondsTrait = DiamondsTrait::Ready, "the Diamonds House Trait: soldiers enter ready (Spring '25), or enter exhausted and strike first when attacking (Summer '20, as the Option 2 King of Diamonds shares it)";
    option1_king_of_clubs: Option1KingOfClubs = Option1KingOfClubs::TargetFights, "under kings=option1, an attack on a Front-Rank unit that no other unit may block: the target fights it (reading V6), or it is struck unblocked";
    classic_king_of_hearts_absorb: i32 = 13, "under kings=classic, the most damage the King of Hearts absorbs, and absorbing that much defeats it (the Summer '20 notes: 13)";
    two_card_draw_round: i32 = 6, "under extra_draw=from_round_6, the round from which each player draws two cards a turn (the Spring '22 proposal: 6)";
    king_aid_percent: i32 = 50, "under king_aid_half=true, the share of its attack a natural Spades or Hearts blocker adds to a blocking ally, in percent, rounded down (Spring '22: half)";
    king_defence: i32 = 13, "a King's defence, what a unit led by a King sustains before it falls (printed +0/+13 in Spring '25 and Summer '20: 13)";
}

#[cfg(test)]
mod tests {
    use super::Rules;

    #[test]
    fn canonical_string_names_every_option_in_registry_order() {
        // Records and experiment hashes carry this string: its order must not move.
        let r = Rules::parse("front_ranks=3x3,split_houses=DC-HS,hand_limit=4,life=7").unwrap();
        assert_eq!(
            r.canonical(),
            "houses(life=7,jokers=false,scouts=true,soul_burn=true,front_ranks=3x3,\
             starting_player=advantage_draw,multiple_attackers=true,single_attacker=units,\
             defeat=exceeds,rear_deploy=exhausted,sudden_death=this_round,hearts_trait=no_damage,\
             hearts_shield=ally_unit,ace_of_hearts_guard=0/1,ace_of_spades=any_front,\
             clubs_excess=blocked_only,jack_of_clubs=double_damage,jack_of_hearts=one_unit,\
             instants=response,extra_draw=none,doppelganger=battlefield_unit,\
             kings=enhance,option1_king_of_hearts=hearts_trait,option2_king_of_spades=unit_fought,\
             king_aid_half=false,spades_trait=dual_wield,dual_wield=full_each,\
             adjacent_strike_damage=full,deck=shared,split_houses=DC-HS,\
             black_joker=chosen,\
             red_joker=chosen,hand_limit=4,blank=none,blank_from=deal,forbid=none,\
             soldier_targets=front,players=2,responders=all,attack_spread=any,\
             self_block=defends_ally,split_deck_out=first_pile,\
             classic_king_of_hearts=up_to_13,classic_king_of_diamonds=after_it,redeploys=any,\
             bond_from_hand=deploy,diamonds_trait=ready,\
             option1_king_of_clubs=target_fights,\
             classic_king_of_hearts_absorb=13,two_card_draw_round=6,king_aid_percent=50,\
             king_defence=13)"
        );
    }
}
