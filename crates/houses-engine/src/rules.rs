//! The rule set as data: every rule the engine branches on is a typed field here, defaulting to
//! the official Spring '25 rules. Options are also reachable by name (for configs and the CLI)
//! through one registry, so that adding an option means one field, one registry row, one test.

use std::fmt::Write;

/// Bumped whenever the engine's behaviour under some rule set changes, so that figures from
/// different versions are never mixed. Stamped on every record.
pub const RULES_VERSION: u32 = 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartingPlayer {
    /// Spring '25 §5.3: each player draws a card, highest wins and chooses to start or defer.
    AdvantageDraw,
    /// The pre-Summer '20 rule: a coin flip decides who starts.
    Coin,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeartsExhaustedBlock {
    /// Full rules: an exhausted Hearts soldier may defend an ally unit (and fights normally).
    FullDamage,
    /// Quick reference: "Defend while exhausted but cannot apply damage when doing so."
    NoDamage,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AceOfHeartsGuard {
    /// Full rules: the Ace of Hearts may stay as a (+0/+1) defender.
    ZeroOne,
    /// Quick reference: "May remain as +1/+0 guard".
    OneZero,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AceOfSpadesSecond {
    /// Full rules: "an additional Front Rank unit may be targeted".
    AnyFront,
    /// Quick reference: "If a soldier, poison 1 adjacent soldier too."
    Adjacent,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClubsExcess {
    /// Full rules: excess damage dealt *to a blocker* may go on.
    BlockedOnly,
    /// Quick reference: "Excess damage is passed onto the unit or player of choice" (any target).
    AnyTarget,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Doppelganger {
    /// Full rules: "Imitates any other unit" - a unit on the battlefield.
    BattlefieldUnit,
    /// Summer '20 / quick reference: "Copies another non-Joker card" - any card of the deck.
    AnyCard,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JackOfClubs {
    /// Spring '25: a unit of choice deals double damage this turn.
    DoubleDamage,
    /// The older card (Summer '20 notes): a random card of the opponent's hand goes to the Barrows.
    DiscardRandom,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtraDraw {
    /// Spring '25: one card a turn.
    None,
    /// Spring '22 proposal: each player draws two cards from round six.
    FromRound6,
    /// Spring '22 proposal: draw two once the Deck is no higher than the Barrows.
    DeckEqualsBarrows,
}

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
    pub hearts_exhausted_block: HeartsExhaustedBlock,
    pub ace_of_hearts_guard: AceOfHeartsGuard,
    pub ace_of_spades_second: AceOfSpadesSecond,
    pub clubs_excess: ClubsExcess,
    pub doppelganger: Doppelganger,
    pub jack_of_clubs: JackOfClubs,
    pub extra_draw: ExtraDraw,
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
            hearts_exhausted_block: HeartsExhaustedBlock::FullDamage,
            ace_of_hearts_guard: AceOfHeartsGuard::ZeroOne,
            ace_of_spades_second: AceOfSpadesSecond::AnyFront,
            clubs_excess: ClubsExcess::BlockedOnly,
            doppelganger: Doppelganger::BattlefieldUnit,
            jack_of_clubs: JackOfClubs::DoubleDamage,
            extra_draw: ExtraDraw::None,
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
    OptionSpec { name: "starting_player", kind: "choice", choices: &["advantage_draw", "coin"], help: "how the first player is chosen" },
    OptionSpec { name: "multiple_attackers", kind: "bool", choices: &["true", "false"], help: "several attackers may target one enemy unit" },
    OptionSpec { name: "hearts_trait", kind: "choice", choices: &["full_damage", "no_damage"], help: "an exhausted Hearts blocker deals damage (full rules) or none (quick reference)" },
    OptionSpec { name: "ace_of_hearts_guard", kind: "choice", choices: &["0/1", "1/0"], help: "the Ace of Hearts guard's stats: +0/+1 (full rules) or +1/+0 (quick reference)" },
    OptionSpec { name: "ace_of_spades", kind: "choice", choices: &["any_front", "adjacent"], help: "Ace of Spades' second target: any Front-Rank unit (full rules) or an adjacent one (quick reference)" },
    OptionSpec { name: "clubs_excess", kind: "choice", choices: &["blocked_only", "any_target"], help: "Clubs excess damage only through a blocker (full rules) or from any target (quick reference)" },
    OptionSpec { name: "jack_of_clubs", kind: "choice", choices: &["double_damage", "discard_random"], help: "Jack of Clubs: a unit deals double damage (Spring '25) or a random enemy card is discarded (older card)" },
    OptionSpec { name: "extra_draw", kind: "choice", choices: &["none", "from_round_6", "deck_equals_barrows"], help: "draw two cards a turn from round six, or once the Deck is no higher than the Barrows (Spring '22 late-game proposals)" },
    OptionSpec { name: "doppelganger", kind: "choice", choices: &["battlefield_unit", "any_card"], help: "the Doppelganger copies a unit in play (full rules) or any non-Joker card (Summer '20, quick reference)" },
];

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
            "starting_player" => {
                self.starting_player = match v {
                    "advantage_draw" => StartingPlayer::AdvantageDraw,
                    "coin" => StartingPlayer::Coin,
                    _ => return Err(bad()),
                }
            }
            "hearts_trait" => {
                self.hearts_exhausted_block = match v {
                    "full_damage" => HeartsExhaustedBlock::FullDamage,
                    "no_damage" => HeartsExhaustedBlock::NoDamage,
                    _ => return Err(bad()),
                }
            }
            "ace_of_hearts_guard" => {
                self.ace_of_hearts_guard = match v {
                    "0/1" => AceOfHeartsGuard::ZeroOne,
                    "1/0" => AceOfHeartsGuard::OneZero,
                    _ => return Err(bad()),
                }
            }
            "ace_of_spades" => {
                self.ace_of_spades_second = match v {
                    "any_front" => AceOfSpadesSecond::AnyFront,
                    "adjacent" => AceOfSpadesSecond::Adjacent,
                    _ => return Err(bad()),
                }
            }
            "clubs_excess" => {
                self.clubs_excess = match v {
                    "blocked_only" => ClubsExcess::BlockedOnly,
                    "any_target" => ClubsExcess::AnyTarget,
                    _ => return Err(bad()),
                }
            }
            "doppelganger" => {
                self.doppelganger = match v {
                    "battlefield_unit" => Doppelganger::BattlefieldUnit,
                    "any_card" => Doppelganger::AnyCard,
                    _ => return Err(bad()),
                }
            }
            "jack_of_clubs" => {
                self.jack_of_clubs = match v {
                    "double_damage" => JackOfClubs::DoubleDamage,
                    "discard_random" => JackOfClubs::DiscardRandom,
                    _ => return Err(bad()),
                }
            }
            "extra_draw" => {
                self.extra_draw = match v {
                    "none" => ExtraDraw::None,
                    "from_round_6" => ExtraDraw::FromRound6,
                    "deck_equals_barrows" => ExtraDraw::DeckEqualsBarrows,
                    _ => return Err(bad()),
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
            "starting_player" => match self.starting_player {
                StartingPlayer::AdvantageDraw => "advantage_draw",
                StartingPlayer::Coin => "coin",
            }
            .into(),
            "hearts_trait" => match self.hearts_exhausted_block {
                HeartsExhaustedBlock::FullDamage => "full_damage",
                HeartsExhaustedBlock::NoDamage => "no_damage",
            }
            .into(),
            "ace_of_hearts_guard" => match self.ace_of_hearts_guard {
                AceOfHeartsGuard::ZeroOne => "0/1",
                AceOfHeartsGuard::OneZero => "1/0",
            }
            .into(),
            "ace_of_spades" => match self.ace_of_spades_second {
                AceOfSpadesSecond::AnyFront => "any_front",
                AceOfSpadesSecond::Adjacent => "adjacent",
            }
            .into(),
            "clubs_excess" => match self.clubs_excess {
                ClubsExcess::BlockedOnly => "blocked_only",
                ClubsExcess::AnyTarget => "any_target",
            }
            .into(),
            "doppelganger" => match self.doppelganger {
                Doppelganger::BattlefieldUnit => "battlefield_unit",
                Doppelganger::AnyCard => "any_card",
            }
            .into(),
            "jack_of_clubs" => match self.jack_of_clubs {
                JackOfClubs::DoubleDamage => "double_damage",
                JackOfClubs::DiscardRandom => "discard_random",
            }
            .into(),
            "extra_draw" => match self.extra_draw {
                ExtraDraw::None => "none",
                ExtraDraw::FromRound6 => "from_round_6",
                ExtraDraw::DeckEqualsBarrows => "deck_equals_barrows",
            }
            .into(),
            _ => return None,
        })
    }

    /// Parse `name=value,name=value` (optionally wrapped as `houses(...)`) over the defaults.
    pub fn parse(spec: &str) -> Result<Rules, String> {
        let mut rules = Rules::default();
        let mut s = spec.trim();
        if let Some(inner) = s.strip_prefix("houses(").and_then(|r| r.strip_suffix(')')) {
            s = inner;
        }
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("rule option '{part}' must be written name=value"))?;
            rules.set(k.trim(), v.trim())?;
        }
        Ok(rules)
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
        assert!(e.contains("valid values: full_damage, no_damage"), "{e}");
        let e = Rules::parse("life=-3").unwrap_err();
        assert!(e.contains("expects a positive integer"), "{e}");
    }
}
