//! The rule set as data: every rule the engine branches on is a typed field here, defaulting to
//! the official Spring '25 rules. Options are also reachable by name (for configs and the CLI)
//! through one registry, so that adding an option means one field, one registry row, one test.

use std::fmt::Write;

use crate::card::{Card, Suit};

/// Bumped whenever the engine's behaviour under some rule set changes, so that figures from
/// different versions are never mixed. Stamped on every record.
pub const RULES_VERSION: u32 = 2;

/// A choice option's values: the enum, its names in configs, and the parse back.
macro_rules! choice {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $text:literal,)+ }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name {
            $($(#[$vdoc])* $variant,)+
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
    };
}

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
    /// Summer '20 Option 1: unique powers per King.
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
    /// Spring '25: attack up to two enemy units.
    DualWield = "dual_wield",
    /// The original trait: also strike a unit adjacent to the one struck.
    AdjacentStrike = "adjacent_strike",
    /// Spring '22: a blocked Spades attacker chooses its blocker.
    ChooseBlocker = "choose_blocker",
    /// Dual wield whose second strike stuns instead of damaging.
    Stun = "stun",
});

choice!(DeckMode {
    /// Spring '25: one shared deck.
    Shared = "shared",
    /// The designers' playtests: each player draws from a pile of their own Houses; no Jokers.
    SuitSplit = "suit_split",
});

choice!(BlackJoker {
    /// The player chooses the variant when deploying it.
    Chosen = "chosen",
    Doppelganger = "doppelganger",
    Necromancer = "necromancer",
});

choice!(RedJoker {
    /// The player chooses the variant when deploying it.
    Chosen = "chosen",
    Wizard = "wizard",
    Spirit = "spirit",
});

/// Named bundles of options; a preset plus overrides is a rule set.
pub const PRESETS: &[(&str, &str, &str)] = &[
    (
        "spring25",
        "",
        "the official Spring '25 rules (the default)",
    ),
    (
        "summer20_kings",
        "kings=classic,jack_of_clubs=discard_random,front_ranks=3x3,defeat=reaches",
        "the Summer '20 game: classic Kings, the older Jack of Clubs, 3x3 Front Ranks, damage that reaches the defence defeats",
    ),
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub life: i32,
    pub jokers: bool,
    pub scouts: bool,
    pub soul_burn: bool,
    /// Units allowed in the Front Ranks (Spring '25: 4).
    pub front_rank_units: usize,
    /// Cards allowed in one Blood Bonded unit (Spring '25: 2).
    pub bond_size: usize,
    pub rear_rank_units: usize,
    pub hand_size: usize,
    pub starting_player: StartingPlayer,
    pub multiple_attackers: bool,
    pub defeat: Defeat,
    pub rear_deploy: RearDeploy,
    pub sudden_death: SuddenDeath,
    pub hearts_exhausted_block: HeartsExhaustedBlock,
    pub ace_of_hearts_guard: AceOfHeartsGuard,
    pub ace_of_spades_second: AceOfSpadesSecond,
    pub clubs_excess: ClubsExcess,
    pub doppelganger: Doppelganger,
    pub jack_of_clubs: JackOfClubs,
    pub extra_draw: ExtraDraw,
    pub kings: Kings,
    pub option1_king_of_hearts: Option1KingOfHearts,
    pub king_aid_half: bool,
    pub spades_trait: SpadesTrait,
    pub deck: DeckMode,
    /// Suit split: the Houses in each player's pile (bit per suit), e.g. Spades against Hearts.
    pub split_houses: [u8; 2],
    pub black_joker: BlackJoker,
    pub red_joker: RedJoker,
    /// Discard down to this many cards at the end of your turn (none in Spring '25).
    pub hand_limit: Option<usize>,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            life: 40,
            jokers: false,
            scouts: true,
            soul_burn: true,
            front_rank_units: 4,
            bond_size: 2,
            rear_rank_units: 4,
            hand_size: 5,
            starting_player: StartingPlayer::AdvantageDraw,
            multiple_attackers: true,
            defeat: Defeat::Exceeds,
            rear_deploy: RearDeploy::Exhausted,
            sudden_death: SuddenDeath::ThisRound,
            hearts_exhausted_block: HeartsExhaustedBlock::NoDamage,
            ace_of_hearts_guard: AceOfHeartsGuard::ZeroOne,
            ace_of_spades_second: AceOfSpadesSecond::AnyFront,
            clubs_excess: ClubsExcess::BlockedOnly,
            doppelganger: Doppelganger::BattlefieldUnit,
            jack_of_clubs: JackOfClubs::DoubleDamage,
            extra_draw: ExtraDraw::None,
            kings: Kings::Enhance,
            option1_king_of_hearts: Option1KingOfHearts::HeartsTrait,
            king_aid_half: false,
            spades_trait: SpadesTrait::DualWield,
            deck: DeckMode::Shared,
            split_houses: [1 << Suit::Spades as u8, 1 << Suit::Hearts as u8],
            black_joker: BlackJoker::Chosen,
            red_joker: RedJoker::Chosen,
            hand_limit: None,
        }
    }
}

/// One row of the option registry: what `sim rules` lists and what configs may set.
#[derive(Clone, Debug)]
pub struct OptionSpec {
    pub name: &'static str,
    /// "int", "bool" or "choice".
    pub kind: &'static str,
    pub choices: &'static [&'static str],
    pub help: &'static str,
}

pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec { name: "life", kind: "int", choices: &[], help: "starting life of each player (Spring '25: 40)" },
    OptionSpec { name: "jokers", kind: "bool", choices: &["false", "true"], help: "include the two Jokers (optional in Spring '25)" },
    OptionSpec { name: "scouts", kind: "bool", choices: &["true", "false"], help: "2s may be deployed as scouts" },
    OptionSpec { name: "soul_burn", kind: "bool", choices: &["true", "false"], help: "resurrected and summoned cards leave play face down for good" },
    OptionSpec { name: "front_ranks", kind: "choice", choices: &["4x2", "3x3"], help: "Front-Rank units x cards per Blood Bond (Summer '20: 3x3 became 4x2)" },
    OptionSpec { name: "starting_player", kind: "choice", choices: StartingPlayer::CHOICES, help: "how the first player is chosen" },
    OptionSpec { name: "multiple_attackers", kind: "bool", choices: &["true", "false"], help: "several attackers may target one enemy unit" },
    OptionSpec { name: "defeat", kind: "choice", choices: Defeat::CHOICES, help: "a unit is defeated by more damage than its defence (Spring '25) or by damage that reaches it (older notes)" },
    OptionSpec { name: "rear_deploy", kind: "choice", choices: RearDeploy::CHOICES, help: "newly deployed Aces (and the classic King of Clubs) are exhausted until their owner's next turn (Spring '25) or ready to strike at once" },
    OptionSpec { name: "sudden_death", kind: "choice", choices: SuddenDeath::CHOICES, help: "once the last card is drawn: the drawer's turn and the opponent's end the game (this_round), or the round plays out and one more follows (next_round)" },
    OptionSpec { name: "hearts_trait", kind: "choice", choices: HeartsExhaustedBlock::CHOICES, help: "an exhausted Hearts blocker deals no damage (quick reference; the full text is silent) or full damage" },
    OptionSpec { name: "ace_of_hearts_guard", kind: "choice", choices: AceOfHeartsGuard::CHOICES, help: "the Ace of Hearts guard's stats: +0/+1 (full rules) or +1/+0 (quick reference)" },
    OptionSpec { name: "ace_of_spades", kind: "choice", choices: AceOfSpadesSecond::CHOICES, help: "Ace of Spades' second target: any Front-Rank unit (full rules) or an adjacent one (quick reference)" },
    OptionSpec { name: "clubs_excess", kind: "choice", choices: ClubsExcess::CHOICES, help: "Clubs excess damage only through a blocker (full rules) or from any target (quick reference)" },
    OptionSpec { name: "jack_of_clubs", kind: "choice", choices: JackOfClubs::CHOICES, help: "Jack of Clubs: a unit deals double damage (Spring '25) or a random enemy card is discarded (older card)" },
    OptionSpec { name: "extra_draw", kind: "choice", choices: ExtraDraw::CHOICES, help: "draw two cards a turn from round six, or once the Deck is no higher than the Barrows (Spring '22 late-game proposals)" },
    OptionSpec { name: "doppelganger", kind: "choice", choices: Doppelganger::CHOICES, help: "the Doppelganger copies a unit in play (full rules) or any non-Joker card (Summer '20, quick reference)" },
    OptionSpec { name: "kings", kind: "choice", choices: Kings::CHOICES, help: "what Kings do: enhance traits (Spring '25), classic (Summer '20 assessment), option1, share_trait (Option 2)" },
    OptionSpec { name: "option1_king_of_hearts", kind: "choice", choices: Option1KingOfHearts::CHOICES, help: "under kings=option1, the King of Hearts gives all soldiers the Hearts trait, or lets attackers reassign blockers" },
    OptionSpec { name: "king_aid_half", kind: "bool", choices: &["false", "true"], help: "Spring '22: with their King in play, natural Spades and Hearts aid a defending ally with half their value" },
    OptionSpec { name: "spades_trait", kind: "choice", choices: SpadesTrait::CHOICES, help: "the Spades trait: dual_wield (Spring '25), adjacent_strike (original), choose_blocker (Spring '22), stun" },
    OptionSpec { name: "deck", kind: "choice", choices: DeckMode::CHOICES, help: "one shared deck, or each player draws from a pile of their own Houses (no Jokers)" },
    OptionSpec { name: "split_houses", kind: "houses", choices: &[], help: "with deck=suit_split, each player's Houses as P1-P2 suit letters, e.g. S-H or DC-HS" },
    OptionSpec { name: "black_joker", kind: "choice", choices: BlackJoker::CHOICES, help: "the Black Joker's variant: chosen by the player when deployed, or fixed" },
    OptionSpec { name: "red_joker", kind: "choice", choices: RedJoker::CHOICES, help: "the Red Joker's variant: chosen by the player when deployed, or fixed" },
    OptionSpec { name: "hand_limit", kind: "int_or_none", choices: &["none"], help: "discard down to this many cards at the end of your turn (none in Spring '25)" },
];

fn houses_text(mask: u8) -> String {
    Suit::ALL
        .iter()
        .filter(|s| mask & (1 << **s as u8) != 0)
        .map(|s| s.letter())
        .collect()
}

fn parse_houses(v: &str) -> Option<[u8; 2]> {
    let (a, b) = v.split_once('-')?;
    let mask = |t: &str| -> Option<u8> {
        let mut m = 0u8;
        for c in t.chars() {
            let bit = 1 << Suit::from_letter(c)? as u8;
            if m & bit != 0 {
                return None;
            }
            m |= bit;
        }
        (m != 0).then_some(m)
    };
    let (a, b) = (mask(a)?, mask(b)?);
    (a & b == 0).then_some([a, b])
}

fn bool_value(v: &str) -> Option<bool> {
    match v.to_ascii_lowercase().as_str() {
        "true" | "on" | "yes" | "1" => Some(true),
        "false" | "off" | "no" | "0" => Some(false),
        _ => None,
    }
}

/// Edit distance, for "did you mean" suggestions.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

pub fn closest<'a>(word: &str, choices: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    choices
        .into_iter()
        .map(|c| (distance(word, c), c))
        .filter(|(d, c)| *d <= (c.len().max(3) / 2))
        .min()
        .map(|(_, c)| c)
}

impl Rules {
    pub fn spring25() -> Rules {
        Rules::default()
    }

    /// Set one option by name, with an error that names the valid choices.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let spec = OPTIONS.iter().find(|o| o.name == name).ok_or_else(|| {
            let hint = closest(name, OPTIONS.iter().map(|o| o.name))
                .map(|c| format!(" (did you mean '{c}'?)"))
                .unwrap_or_default();
            let all: Vec<&str> = OPTIONS.iter().map(|o| o.name).collect();
            format!(
                "unknown rule option '{name}'{hint}; valid options: {}",
                all.join(", ")
            )
        })?;
        let bad = || {
            let hint = closest(value, spec.choices.iter().copied())
                .map(|c| format!(" (did you mean '{c}'?)"))
                .unwrap_or_default();
            if spec.kind == "int" {
                format!("rule option '{name}' expects a positive integer, got '{value}'")
            } else if spec.kind == "int_or_none" {
                format!("rule option '{name}' expects 'none' or a positive integer, got '{value}'")
            } else if spec.kind == "houses" {
                format!(
                    "rule option '{name}' expects two disjoint groups of suit letters (D, C, H, S) \
                     joined by '-', e.g. S-H or DC-HS; got '{value}'"
                )
            } else {
                format!(
                    "rule option '{name}' has no value '{value}'{hint}; valid values: {}",
                    spec.choices.join(", ")
                )
            }
        };
        let v = value.trim();
        match name {
            "life" => {
                let n: i32 = v.parse().map_err(|_| bad())?;
                if n <= 0 {
                    return Err(bad());
                }
                self.life = n;
            }
            "jokers" => self.jokers = bool_value(v).ok_or_else(bad)?,
            "scouts" => self.scouts = bool_value(v).ok_or_else(bad)?,
            "soul_burn" => self.soul_burn = bool_value(v).ok_or_else(bad)?,
            "multiple_attackers" => self.multiple_attackers = bool_value(v).ok_or_else(bad)?,
            "front_ranks" => {
                (self.front_rank_units, self.bond_size) = match v {
                    "4x2" => (4, 2),
                    "3x3" => (3, 3),
                    _ => return Err(bad()),
                }
            }
            "starting_player" => self.starting_player = StartingPlayer::parse(v).ok_or_else(bad)?,
            "defeat" => self.defeat = Defeat::parse(v).ok_or_else(bad)?,
            "rear_deploy" => self.rear_deploy = RearDeploy::parse(v).ok_or_else(bad)?,
            "sudden_death" => self.sudden_death = SuddenDeath::parse(v).ok_or_else(bad)?,
            "hearts_trait" => {
                self.hearts_exhausted_block = HeartsExhaustedBlock::parse(v).ok_or_else(bad)?
            }
            "ace_of_hearts_guard" => {
                self.ace_of_hearts_guard = AceOfHeartsGuard::parse(v).ok_or_else(bad)?
            }
            "ace_of_spades" => {
                self.ace_of_spades_second = AceOfSpadesSecond::parse(v).ok_or_else(bad)?
            }
            "clubs_excess" => self.clubs_excess = ClubsExcess::parse(v).ok_or_else(bad)?,
            "doppelganger" => self.doppelganger = Doppelganger::parse(v).ok_or_else(bad)?,
            "jack_of_clubs" => self.jack_of_clubs = JackOfClubs::parse(v).ok_or_else(bad)?,
            "extra_draw" => self.extra_draw = ExtraDraw::parse(v).ok_or_else(bad)?,
            "kings" => self.kings = Kings::parse(v).ok_or_else(bad)?,
            "option1_king_of_hearts" => {
                self.option1_king_of_hearts = Option1KingOfHearts::parse(v).ok_or_else(bad)?
            }
            "king_aid_half" => self.king_aid_half = bool_value(v).ok_or_else(bad)?,
            "spades_trait" => self.spades_trait = SpadesTrait::parse(v).ok_or_else(bad)?,
            "deck" => self.deck = DeckMode::parse(v).ok_or_else(bad)?,
            "split_houses" => {
                self.split_houses = parse_houses(&v.to_ascii_uppercase()).ok_or_else(bad)?
            }
            "black_joker" => self.black_joker = BlackJoker::parse(v).ok_or_else(bad)?,
            "red_joker" => self.red_joker = RedJoker::parse(v).ok_or_else(bad)?,
            "hand_limit" => {
                self.hand_limit = if v == "none" {
                    None
                } else {
                    match v.parse::<usize>() {
                        Ok(n) if n > 0 => Some(n),
                        _ => return Err(bad()),
                    }
                }
            }
            _ => unreachable!("option {name} is registered but not handled"),
        }
        Ok(())
    }

    pub fn get(&self, name: &str) -> Option<String> {
        Some(match name {
            "life" => self.life.to_string(),
            "jokers" => self.jokers.to_string(),
            "scouts" => self.scouts.to_string(),
            "soul_burn" => self.soul_burn.to_string(),
            "multiple_attackers" => self.multiple_attackers.to_string(),
            "front_ranks" => format!("{}x{}", self.front_rank_units, self.bond_size),
            "starting_player" => self.starting_player.name().into(),
            "defeat" => self.defeat.name().into(),
            "rear_deploy" => self.rear_deploy.name().into(),
            "sudden_death" => self.sudden_death.name().into(),
            "hearts_trait" => self.hearts_exhausted_block.name().into(),
            "ace_of_hearts_guard" => self.ace_of_hearts_guard.name().into(),
            "ace_of_spades" => self.ace_of_spades_second.name().into(),
            "clubs_excess" => self.clubs_excess.name().into(),
            "doppelganger" => self.doppelganger.name().into(),
            "jack_of_clubs" => self.jack_of_clubs.name().into(),
            "extra_draw" => self.extra_draw.name().into(),
            "kings" => self.kings.name().into(),
            "option1_king_of_hearts" => self.option1_king_of_hearts.name().into(),
            "king_aid_half" => self.king_aid_half.to_string(),
            "spades_trait" => self.spades_trait.name().into(),
            "deck" => self.deck.name().into(),
            "split_houses" => format!(
                "{}-{}",
                houses_text(self.split_houses[0]),
                houses_text(self.split_houses[1])
            ),
            "black_joker" => self.black_joker.name().into(),
            "red_joker" => self.red_joker.name().into(),
            "hand_limit" => self
                .hand_limit
                .map(|n| n.to_string())
                .unwrap_or_else(|| "none".into()),
            _ => return None,
        })
    }

    /// The rules of a named preset.
    pub fn preset(name: &str) -> Result<Rules, String> {
        let (_, opts, _) = PRESETS.iter().find(|p| p.0 == name).ok_or_else(|| {
            let names: Vec<&str> = PRESETS.iter().map(|p| p.0).collect();
            let hint = closest(name, names.iter().copied())
                .map(|c| format!(" (did you mean '{c}'?)"))
                .unwrap_or_default();
            format!(
                "unknown preset '{name}'{hint}; valid presets: {}",
                names.join(", ")
            )
        })?;
        Rules::parse(opts)
    }

    /// Parse `name=value,...` (optionally wrapped as `houses(...)`) over the defaults, or over
    /// a preset named by `preset=NAME` (wherever it stands, the other options override it).
    pub fn parse(spec: &str) -> Result<Rules, String> {
        let mut s = spec.trim();
        if let Some(inner) = s.strip_prefix("houses(").and_then(|r| r.strip_suffix(')')) {
            s = inner;
        }
        let mut pairs = Vec::new();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("rule option '{part}' must be written name=value"))?;
            pairs.push((k.trim(), v.trim()));
        }
        let mut rules = match pairs.iter().find(|(k, _)| *k == "preset") {
            Some((_, name)) => Rules::preset(name)?,
            None => Rules::default(),
        };
        for (k, v) in pairs.into_iter().filter(|(k, _)| *k != "preset") {
            rules.set(k, v)?;
        }
        rules.check()?;
        Ok(rules)
    }

    /// The cards in play: the deck, or both suit-split piles together.
    pub fn cards_in_play(&self) -> Vec<Card> {
        match self.deck {
            DeckMode::Shared => Card::deck(self.jokers),
            DeckMode::SuitSplit => [0, 1]
                .into_iter()
                .flat_map(|s| self.split_pile(s))
                .collect(),
        }
    }

    /// Under `deck=suit_split`, the cards of seat `s`'s pile (unshuffled).
    pub fn split_pile(&self, s: usize) -> Vec<Card> {
        let mask = self.split_houses[s];
        Card::deck(false)
            .into_iter()
            .filter(|c| c.suit().is_some_and(|x| mask & (1 << x as u8) != 0))
            .collect()
    }

    /// Combinations that cannot be played.
    pub fn check(&self) -> Result<(), String> {
        if self.deck == DeckMode::SuitSplit && self.jokers {
            return Err("deck=suit_split plays without Jokers: remove jokers=true".into());
        }
        Ok(())
    }

    /// The one canonical string for this rule set: every option, in registry order.
    pub fn canonical(&self) -> String {
        let mut s = String::from("houses(");
        for (i, o) in OPTIONS.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            let _ = write!(s, "{}={}", o.name, self.get(o.name).unwrap());
        }
        s.push(')');
        s
    }

    pub fn default_of(name: &str) -> Option<String> {
        Rules::default().get(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_round_trips() {
        let mut r = Rules::default();
        r.set("front_ranks", "3x3").unwrap();
        r.set("life", "30").unwrap();
        let again = Rules::parse(&r.canonical()).unwrap();
        assert_eq!(again, r);
        assert!(Rules::default()
            .canonical()
            .starts_with("houses(life=40,jokers=false,"));
    }

    #[test]
    fn errors_name_the_choices_and_suggest() {
        let e = Rules::parse("front_rank=4x2").unwrap_err();
        assert!(
            e.contains("unknown rule option 'front_rank' (did you mean 'front_ranks'?)"),
            "{e}"
        );
        let e = Rules::parse("hearts_trait=no_dmg").unwrap_err();
        assert!(e.contains("valid values: no_damage, full_damage"), "{e}");
        let e = Rules::parse("life=-3").unwrap_err();
        assert!(e.contains("expects a positive integer"), "{e}");
    }
}
