//! The rule set as data: every rule the engine branches on is a typed field of `Rules`,
//! defaulting to the official Spring '25 rules. Options are reachable by name (for configs and
//! the CLI) through one table, `rule_options!` in `options.rs`: adding an option is one row
//! there (its name, type, default and help; a choice's enum beside it), the rule code that reads
//! the field, a row in docs/rules.md and a position test. The conformance test plays every value
//! of every row without being edited.
//!
//! - `options.rs`: the table of options, the enums of the choice options, the canonical order;
//! - `values.rs`: how the other kinds of value are written and read back (`OptionValue`);
//! - here: `Rules`' parse, presets, canonical string and the combinations that cannot be played.

use std::fmt::Write;

use crate::core::card::Card;
use crate::core::{closest, OptionSpec};

mod options;
mod values;

pub use options::*;
pub use values::{BlankKings, CardList, FrontRanks, OptionValue, Players, SplitHouses};

/// Bumped whenever the engine's behaviour under some rule set changes, so that figures from
/// different versions are never mixed. Stamped on every record.
pub const RULES_VERSION: u32 = 4;

/// The most players at one table (the rule option `players`).
pub const MAX_PLAYERS: usize = 4;

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
        "the Summer '20 Kings and what the notes show beside them: classic Kings, the older Jack of Clubs, 3x3 Front Ranks, damage that reaches the defence defeats; the rest Spring '25",
    ),
    (
        "summer20",
        "kings=classic,jack_of_clubs=discard_random,front_ranks=3x3,defeat=reaches,\
         hand_limit=5,starting_player=coin,scouts=false,soul_burn=false,\
         multiple_attackers=false,spades_trait=adjacent_strike,hearts_trait=full_damage,\
         clubs_excess=to_player,doppelganger=any_card,black_joker=doppelganger,\
         redeploys=one,diamonds_trait=first_strike,instants=any_time,jack_of_hearts=all_allies,\
         single_attacker=every_target,hearts_shield=any_attack",
        "the whole Summer '20 game, as far as the notes reconstruct it: summer20_kings plus a hand limit of 5, a coin start, no scouts or Soul Burn, one attacker per target (the player included), the adjacent Spades strike, full-damage Hearts blocks that may guard the player, the excess of every Clubs attack to the player, the any-card Doppelganger, one redeployment a turn, Diamonds that strike first when attacking, the Jacks and the Ace of Diamonds played as instants after blocks, the Jack of Hearts shielding every ally",
    ),
];

impl Rules {
    /// Units allowed in the Rear Ranks (Spring '25 §3: four).
    pub const REAR_RANK_UNITS: usize = 4;
    /// Cards in each starting hand (Spring '25 §5: five).
    pub const HAND_SIZE: usize = 5;

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
        self.set_value(name, value.trim()).ok_or_else(bad)
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
        let pairs = crate::core::rule_pairs(spec, "houses")?;
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
        let mask = self.split_houses.0[s];
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
        if self.players.0 > 2 && self.deck == DeckMode::SuitSplit {
            return Err(
                "deck=suit_split splits the deck between two players: use players=2".into(),
            );
        }
        // The older Jack of Clubs discards from "an opponent's hand": the choice of opponent is
        // not built, so it plays two players only (reading M9).
        if self.players.0 > 2 && self.jack_of_clubs == JackOfClubs::DiscardRandom {
            return Err(
                "jack_of_clubs=discard_random is written for two players: use players=2".into(),
            );
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
}

impl crate::core::GameRules for Rules {
    fn parse(spec: &str) -> Result<Rules, String> {
        Rules::parse(spec)
    }
    fn canonical(&self) -> String {
        Rules::canonical(self)
    }
    fn options() -> &'static [OptionSpec] {
        OPTIONS
    }
    fn presets() -> Vec<&'static str> {
        PRESETS.iter().map(|p| p.0).collect()
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
