//! The six-suit deck of House of Suits.

use std::fmt;

/// The six suits: the four of a standard deck and two more.
pub const SUITS: [char; 6] = ['D', 'C', 'H', 'S', 'O', 'W'];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HCard {
    pub suit: u8,
    /// 1 (Ace) ..= 10.
    pub rank: u8,
}

impl fmt::Display for HCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = if self.rank == 1 {
            "A".to_string()
        } else {
            self.rank.to_string()
        };
        write!(f, "{r}{}", SUITS[self.suit as usize])
    }
}

impl HCard {
    pub fn parse(s: &str) -> Result<HCard, String> {
        let t = s.trim().to_ascii_uppercase();
        let bad = || format!("not a House of Suits card: '{s}' (e.g. 7D, AO, 10W)");
        let suit_ch = t.chars().last().ok_or_else(bad)?;
        let suit = SUITS.iter().position(|&c| c == suit_ch).ok_or_else(bad)? as u8;
        let r = &t[..t.len() - 1];
        let rank = match r {
            "A" | "1" => 1,
            _ => r
                .parse::<u8>()
                .ok()
                .filter(|n| (2..=10).contains(n))
                .ok_or_else(bad)?,
        };
        Ok(HCard { suit, rank })
    }
}
