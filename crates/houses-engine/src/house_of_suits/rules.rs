//! House of Suits' rule options (suits in play, match format) and their registry.

use crate::core::{GameRules, OptionSpec};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchFormat {
    /// Four games with the `suits` setting.
    Four,
    /// Two games each of four, five and six suits.
    Mixed,
}

#[derive(Clone, Debug, PartialEq)]
pub struct HsRules {
    pub suits: u8,
    pub format: MatchFormat,
}

impl Default for HsRules {
    fn default() -> HsRules {
        HsRules {
            suits: 4,
            format: MatchFormat::Four,
        }
    }
}

/// The option registry of House of Suits (`house_of_suits(...)` rule strings).
pub const HS_OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "suits",
        kind: "choice",
        choices: &["4", "5", "6"],
        samples: &["4", "5", "6"],
        choice_help: &[],
        help: "suits in play for a four-game match: 4, 5 or 6 (default 4)",
    },
    OptionSpec {
        name: "match",
        kind: "choice",
        choices: &["four", "mixed"],
        samples: &["four", "mixed"],
        choice_help: &[],
        help: "four (four games, default) or mixed (two games each of 4, 5 and 6 suits)",
    },
];

impl HsRules {
    pub fn parse(spec: &str) -> Result<HsRules, String> {
        let mut r = HsRules::default();
        for (k, v) in crate::core::rule_pairs(spec, "house_of_suits")? {
            match (k, v) {
                ("suits", v) => {
                    r.suits = v
                        .parse::<u8>()
                        .ok()
                        .filter(|n| (4..=6).contains(n))
                        .ok_or_else(|| {
                            format!("house_of_suits option 'suits' expects 4, 5 or 6, got '{v}'")
                        })?
                }
                ("match", "four") => r.format = MatchFormat::Four,
                ("match", "mixed") => r.format = MatchFormat::Mixed,
                ("match", v) => {
                    return Err(format!(
                    "house_of_suits option 'match' has no value '{v}'; valid values: four, mixed"
                ))
                }
                (k, _) => {
                    let hint = crate::core::closest(k, ["suits", "match"])
                        .map(|c| format!(" (did you mean '{c}'?)"))
                        .unwrap_or_default();
                    return Err(format!(
                        "unknown house_of_suits option '{k}'{hint}; valid options: suits, match"
                    ));
                }
            }
        }
        Ok(r)
    }

    pub fn canonical(&self) -> String {
        let m = match self.format {
            MatchFormat::Four => "four",
            MatchFormat::Mixed => "mixed",
        };
        format!("house_of_suits(suits={},match={m})", self.suits)
    }

    /// Suits in play in each game of the match.
    pub fn schedule(&self) -> Vec<u8> {
        match self.format {
            MatchFormat::Four => vec![self.suits; 4],
            MatchFormat::Mixed => vec![4, 4, 5, 5, 6, 6],
        }
    }
}

impl GameRules for HsRules {
    fn parse(spec: &str) -> Result<HsRules, String> {
        HsRules::parse(spec)
    }
    fn canonical(&self) -> String {
        HsRules::canonical(self)
    }
    fn options() -> &'static [OptionSpec] {
        HS_OPTIONS
    }
}
