//! How each kind of rule option value is written in a rule string and read back
//! (`OptionValue`): booleans, numbers, and the options whose values are not a plain choice (the
//! Front Ranks' layout, card lists, blank Kings, the player count, the suit-split Houses). A
//! choice option's enum gets its `OptionValue` from `choice!` in `options.rs`.

use super::MAX_PLAYERS;
use crate::core::card::{Card, CardSet, Kind, Suit};

/// The type of an option's value: how it is written in a rule string and read back.
pub trait OptionValue: Sized {
    /// "choice", "bool", "int", "int_or_none" or "houses" (what `sim rules` shows).
    const KIND: &'static str;
    const CHOICES: &'static [&'static str];
    /// Values the conformance test plays: every choice, or a few numbers.
    const SAMPLES: &'static [&'static str] = Self::CHOICES;
    /// What each choice means, in `CHOICES` order (a choice option's variant docs; empty for
    /// other kinds, whose help says it all).
    const CHOICE_HELP: &'static [&'static str] = &[];
    fn parse_value(v: &str) -> Option<Self>;
    fn text(&self) -> String;
}

impl OptionValue for bool {
    const KIND: &'static str = "bool";
    const CHOICES: &'static [&'static str] = &["true", "false"];
    fn parse_value(v: &str) -> Option<bool> {
        bool_value(v)
    }
    fn text(&self) -> String {
        self.to_string()
    }
}

/// A positive whole number (life).
impl OptionValue for i32 {
    const KIND: &'static str = "int";
    const CHOICES: &'static [&'static str] = &[];
    const SAMPLES: &'static [&'static str] = &["1", "25"];
    fn parse_value(v: &str) -> Option<i32> {
        v.parse().ok().filter(|n| *n > 0)
    }
    fn text(&self) -> String {
        self.to_string()
    }
}

/// `none` or a positive whole number (the hand limit).
impl OptionValue for Option<usize> {
    const KIND: &'static str = "int_or_none";
    const CHOICES: &'static [&'static str] = &["none"];
    const SAMPLES: &'static [&'static str] = &["none", "3"];
    fn parse_value(v: &str) -> Option<Option<usize>> {
        if v == "none" {
            return Some(None);
        }
        v.parse::<usize>().ok().filter(|n| *n > 0).map(Some)
    }
    fn text(&self) -> String {
        self.map(|n| n.to_string()).unwrap_or_else(|| "none".into())
    }
}

/// The Front Ranks' layout: units x cards per Blood Bond.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrontRanks {
    /// Units allowed in the Front Ranks (Spring '25: 4).
    pub units: usize,
    /// Cards allowed in one Blood Bonded unit (Spring '25: 2).
    pub bond: usize,
}

impl OptionValue for FrontRanks {
    const KIND: &'static str = "choice";
    const CHOICES: &'static [&'static str] = &["4x2", "3x3"];
    const CHOICE_HELP: &'static [&'static str] = &[
        "four Front-Rank units, Blood Bonds of at most two cards (Spring '25; proposed in the \
         Summer '20 notes)",
        "three Front-Rank units, Blood Bonds of up to three cards (the rules the Summer '20 notes \
         started from)",
    ];
    fn parse_value(v: &str) -> Option<FrontRanks> {
        match v {
            "4x2" => Some(FrontRanks { units: 4, bond: 2 }),
            "3x3" => Some(FrontRanks { units: 3, bond: 3 }),
            _ => None,
        }
    }
    fn text(&self) -> String {
        format!("{}x{}", self.units, self.bond)
    }
}

/// A set of cards written `none` or `KS+QH` (ablation options: `blank`, `forbid`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardList(pub CardSet);

fn card_set_text(set: CardSet) -> String {
    let cards: Vec<String> = Card::deck(true)
        .into_iter()
        .filter(|c| set.contains(*c))
        .map(|c| c.to_string())
        .collect();
    if cards.is_empty() {
        "none".into()
    } else {
        cards.join("+")
    }
}

fn parse_card_set(v: &str) -> Option<CardSet> {
    let mut set = CardSet::default();
    if v == "none" {
        return Some(set);
    }
    for part in v.split('+') {
        set.insert(Card::parse(part).ok()?);
    }
    Some(set)
}

impl OptionValue for CardList {
    const KIND: &'static str = "cards";
    const CHOICES: &'static [&'static str] = &["none"];
    const SAMPLES: &'static [&'static str] = &["none", "KS", "QH+AS+7D"];
    fn parse_value(v: &str) -> Option<CardList> {
        parse_card_set(v).map(CardList)
    }
    fn text(&self) -> String {
        card_set_text(self.0)
    }
}

/// A set of Kings written `none` or `KS+KC` (the `blank` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlankKings(pub u8);

impl BlankKings {
    /// Is the King of `suit` a blank?
    pub fn contains(self, suit: Suit) -> bool {
        self.0 & (1 << suit as u8) != 0
    }
}

impl OptionValue for BlankKings {
    const KIND: &'static str = "kings";
    const CHOICES: &'static [&'static str] = &["none"];
    const SAMPLES: &'static [&'static str] = &["none", "KS", "KC+KD+KH"];
    fn parse_value(v: &str) -> Option<BlankKings> {
        let set = parse_card_set(v)?;
        let mut mask = 0u8;
        for c in Card::deck(false) {
            if set.contains(c) {
                if c.kind() != Kind::King {
                    return None;
                }
                mask |= 1 << c.suit()? as u8;
            }
        }
        Some(BlankKings(mask))
    }
    fn text(&self) -> String {
        let mut set = CardSet::default();
        for s in Suit::ALL {
            if self.contains(s) {
                set.insert(Card::new(s, 13));
            }
        }
        card_set_text(set)
    }
}

/// How many play at one table: two to four (Spring '25: "This game can be played with 2 or more
/// players"; four is the most this engine seats).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Players(pub usize);

impl OptionValue for Players {
    const KIND: &'static str = "choice";
    const CHOICES: &'static [&'static str] = &["2", "3", "4"];
    const CHOICE_HELP: &'static [&'static str] = &[
        "two players, as the rules are written",
        "three at one table (docs/rules.md, readings M1-M9)",
        "four at one table (docs/rules.md, readings M1-M9)",
    ];
    fn parse_value(v: &str) -> Option<Players> {
        let n: usize = v.parse().ok()?;
        (2..=MAX_PLAYERS).contains(&n).then_some(Players(n))
    }
    fn text(&self) -> String {
        self.0.to_string()
    }
}

/// Under a suit-split deck, the Houses in each player's pile (a bit per suit), e.g. S-H.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitHouses(pub [u8; 2]);

impl OptionValue for SplitHouses {
    const KIND: &'static str = "houses";
    const CHOICES: &'static [&'static str] = &[];
    const SAMPLES: &'static [&'static str] = &["S-H", "DC-HS"];
    fn parse_value(v: &str) -> Option<SplitHouses> {
        parse_houses(&v.to_ascii_uppercase()).map(SplitHouses)
    }
    fn text(&self) -> String {
        format!("{}-{}", houses_text(self.0[0]), houses_text(self.0[1]))
    }
}

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
