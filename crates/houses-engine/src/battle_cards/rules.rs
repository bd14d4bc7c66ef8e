//! Battle Cards' rule options (the defaults are the rules as written) and their registry.

use crate::core::{GameRules, OptionSpec};

/// The options of Battle Cards; the defaults are the rules as written (docs/battle_cards.md).
#[derive(Clone, Debug, PartialEq)]
pub struct BcRules {
    pub life: i32,
    pub hand_size: usize,
    pub armor_limit: usize,
    /// Least die roll (1-6) that succeeds, per situation.
    pub hearts_bonus: u8,
    pub diamonds_life: u8,
    pub spades_face: u8,
    pub clubs_attack: u8,
    /// Who plays first: P1 always, or alternating is done by seat swaps in experiments.
    pub jokers: bool,
}

impl Default for BcRules {
    fn default() -> BcRules {
        BcRules {
            life: 20,
            hand_size: 4,
            armor_limit: 3,
            hearts_bonus: 3,
            diamonds_life: 3,
            spades_face: 5,
            clubs_attack: 2,
            jokers: true,
        }
    }
}

const DIE: &[&str] = &["1", "6"];

/// The option registry of Battle Cards (`battle_cards(...)` rule strings).
pub const BC_OPTIONS: &[OptionSpec] = &[
    bc_option(
        "life",
        "int",
        &["1", "20"],
        "starting (and highest) life, 20",
    ),
    bc_option("hand_size", "int", &["1", "4"], "cards in a hand, 4"),
    bc_option(
        "armor_limit",
        "int",
        &["1", "3"],
        "cards a Defense Pile holds, 3",
    ),
    bc_option(
        "hearts_bonus",
        "int",
        DIE,
        "least die roll for a Hearts face card or Ace to grant another card, 3",
    ),
    bc_option(
        "diamonds_life",
        "int",
        DIE,
        "least die roll for a Diamonds number card to give life, 3",
    ),
    bc_option(
        "spades_face",
        "int",
        DIE,
        "least die roll for a Spades face card to break armor, 5",
    ),
    bc_option(
        "clubs_attack",
        "int",
        DIE,
        "least die roll for a non-Ace Club to succeed, 2",
    ),
    bc_option(
        "jokers",
        "bool",
        &["true", "false"],
        "each deck has its two Jokers, true",
    ),
];

const fn bc_option(
    name: &'static str,
    kind: &'static str,
    samples: &'static [&'static str],
    help: &'static str,
) -> OptionSpec {
    let choices: &'static [&'static str] = if matches!(kind.as_bytes(), b"bool") {
        samples
    } else {
        &[]
    };
    OptionSpec {
        name,
        kind,
        choices,
        samples,
        choice_help: &[],
        help,
    }
}

impl BcRules {
    pub fn parse(spec: &str) -> Result<BcRules, String> {
        let mut r = BcRules::default();
        for (k, v) in crate::core::rule_pairs(spec, "battle_cards")? {
            let int = |lo: i64, hi: i64| -> Result<i64, String> {
                v.parse::<i64>().ok().filter(|n| (lo..=hi).contains(n)).ok_or_else(|| {
                    format!("battle_cards option '{k}' expects an integer from {lo} to {hi}, got '{v}'")
                })
            };
            match k {
                "life" => r.life = int(1, 1000)? as i32,
                "hand_size" => r.hand_size = int(1, 20)? as usize,
                "armor_limit" => r.armor_limit = int(1, 20)? as usize,
                "hearts_bonus" => r.hearts_bonus = int(1, 7)? as u8,
                "diamonds_life" => r.diamonds_life = int(1, 7)? as u8,
                "spades_face" => r.spades_face = int(1, 7)? as u8,
                "clubs_attack" => r.clubs_attack = int(1, 7)? as u8,
                "jokers" => {
                    r.jokers = match v {
                        "true" => true,
                        "false" => false,
                        _ => {
                            return Err(format!(
                                "battle_cards option 'jokers' expects true or false, got '{v}'"
                            ))
                        }
                    }
                }
                _ => {
                    let names: Vec<&str> = BC_OPTIONS.iter().map(|o| o.name).collect();
                    let hint = crate::core::closest(k, names.iter().copied())
                        .map(|c| format!(" (did you mean '{c}'?)"))
                        .unwrap_or_default();
                    return Err(format!(
                        "unknown battle_cards option '{k}'{hint}; valid options: {}",
                        names.join(", ")
                    ));
                }
            }
        }
        Ok(r)
    }

    pub fn canonical(&self) -> String {
        format!(
            "battle_cards(life={},hand_size={},armor_limit={},hearts_bonus={},diamonds_life={},spades_face={},clubs_attack={},jokers={})",
            self.life, self.hand_size, self.armor_limit, self.hearts_bonus, self.diamonds_life,
            self.spades_face, self.clubs_attack, self.jokers
        )
    }
}

impl GameRules for BcRules {
    fn parse(spec: &str) -> Result<BcRules, String> {
        BcRules::parse(spec)
    }
    fn canonical(&self) -> String {
        BcRules::canonical(self)
    }
    fn options() -> &'static [OptionSpec] {
        BC_OPTIONS
    }
}
