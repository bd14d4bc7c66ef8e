//! The rule set as data: every rule the engine branches on is a typed field here, defaulting to
//! the official Spring '25 rules. Options are also reachable by name (for configs and the CLI)
//! through one registry, so that adding an option means one field, one registry row, one test.

use std::fmt::Write;

/// Bumped whenever the engine's behaviour under some rule set changes, so that figures from
/// different versions are never mixed. Stamped on every record.
pub const RULES_VERSION: u32 = 1;

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
    /// Full rules: an exhausted Hearts soldier may defend an ally unit (and fights normally).
    FullDamage = "full_damage",
    /// Quick reference: "Defend while exhausted but cannot apply damage when doing so."
    NoDamage = "no_damage",
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
    OptionSpec { name: "starting_player", kind: "choice", choices: StartingPlayer::CHOICES, help: "how the first player is chosen" },
    OptionSpec { name: "multiple_attackers", kind: "bool", choices: &["true", "false"], help: "several attackers may target one enemy unit" },
    OptionSpec { name: "hearts_trait", kind: "choice", choices: HeartsExhaustedBlock::CHOICES, help: "an exhausted Hearts blocker deals damage (full rules) or none (quick reference)" },
    OptionSpec { name: "ace_of_hearts_guard", kind: "choice", choices: AceOfHeartsGuard::CHOICES, help: "the Ace of Hearts guard's stats: +0/+1 (full rules) or +1/+0 (quick reference)" },
    OptionSpec { name: "ace_of_spades", kind: "choice", choices: AceOfSpadesSecond::CHOICES, help: "Ace of Spades' second target: any Front-Rank unit (full rules) or an adjacent one (quick reference)" },
    OptionSpec { name: "clubs_excess", kind: "choice", choices: ClubsExcess::CHOICES, help: "Clubs excess damage only through a blocker (full rules) or from any target (quick reference)" },
    OptionSpec { name: "jack_of_clubs", kind: "choice", choices: JackOfClubs::CHOICES, help: "Jack of Clubs: a unit deals double damage (Spring '25) or a random enemy card is discarded (older card)" },
    OptionSpec { name: "extra_draw", kind: "choice", choices: ExtraDraw::CHOICES, help: "draw two cards a turn from round six, or once the Deck is no higher than the Barrows (Spring '22 late-game proposals)" },
    OptionSpec { name: "doppelganger", kind: "choice", choices: Doppelganger::CHOICES, help: "the Doppelganger copies a unit in play (full rules) or any non-Joker card (Summer '20, quick reference)" },
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
            "starting_player" => self.starting_player = StartingPlayer::parse(v).ok_or_else(bad)?,
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
            "hearts_trait" => self.hearts_exhausted_block.name().into(),
            "ace_of_hearts_guard" => self.ace_of_hearts_guard.name().into(),
            "ace_of_spades" => self.ace_of_spades_second.name().into(),
            "clubs_excess" => self.clubs_excess.name().into(),
            "doppelganger" => self.doppelganger.name().into(),
            "jack_of_clubs" => self.jack_of_clubs.name().into(),
            "extra_draw" => self.extra_draw.name().into(),
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
