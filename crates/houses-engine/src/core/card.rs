//! Cards of a standard deck (plus the two Jokers) as small integer ids.
//!
//! Id layout: `suit * 13 + (rank - 1)` for the 52 suited cards, then 52 = Black Joker and
//! 53 = Red Joker. Everything that depends on a card's identity keys off this id.

use std::fmt;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Diamonds = 0,
    Clubs = 1,
    Hearts = 2,
    Spades = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Diamonds, Suit::Clubs, Suit::Hearts, Suit::Spades];

    pub fn letter(self) -> char {
        match self {
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'D' => Some(Suit::Diamonds),
            'C' => Some(Suit::Clubs),
            'H' => Some(Suit::Hearts),
            'S' => Some(Suit::Spades),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Suit::Diamonds => "Diamonds",
            Suit::Clubs => "Clubs",
            Suit::Hearts => "Hearts",
            Suit::Spades => "Spades",
        }
    }
}

/// What a card is in play: this decides where it is deployed and which rules apply.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Ace,
    /// 2-10: Front-Rank soldiers (the 2s may also scout).
    Soldier,
    Jack,
    Queen,
    King,
    Joker,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(pub u8);

pub const BLACK_JOKER: Card = Card(52);
pub const RED_JOKER: Card = Card(53);
pub const NUM_CARDS: usize = 54;

/// Each card's rank and kind by id, worked out once: rule code and the search's evaluation ask
/// for them millions of times a second.
const RANKS: [u8; NUM_CARDS] = {
    let mut r = [0u8; NUM_CARDS];
    let mut i = 0;
    while i < 52 {
        r[i] = (i % 13) as u8 + 1;
        i += 1;
    }
    r
};

const KINDS: [Kind; NUM_CARDS] = {
    let mut k = [Kind::Joker; NUM_CARDS];
    let mut i = 0;
    while i < 52 {
        k[i] = match RANKS[i] {
            1 => Kind::Ace,
            2..=10 => Kind::Soldier,
            11 => Kind::Jack,
            12 => Kind::Queen,
            _ => Kind::King,
        };
        i += 1;
    }
    k
};

/// Each card's printed attack and defence by id (see `Card::attack`), worked out once like
/// its rank: combat and the agents' scoring read them for every unit they weigh.
const ATTACKS: [u8; NUM_CARDS] = {
    let mut a = [0u8; NUM_CARDS];
    let mut i = 0;
    while i < NUM_CARDS {
        a[i] = match KINDS[i] {
            Kind::Soldier => RANKS[i],
            Kind::Ace => 1,
            _ => 0,
        };
        i += 1;
    }
    a
};

const DEFENCES: [u8; NUM_CARDS] = {
    let mut d = [0u8; NUM_CARDS];
    let mut i = 0;
    while i < NUM_CARDS {
        d[i] = match KINDS[i] {
            Kind::Soldier => RANKS[i],
            Kind::Ace => 0,
            Kind::Jack => 11,
            Kind::Queen => 12,
            Kind::King => 13,
            Kind::Joker => 14,
        };
        i += 1;
    }
    d
};

impl Card {
    pub fn new(suit: Suit, rank: u8) -> Card {
        debug_assert!((1..=13).contains(&rank));
        Card(suit as u8 * 13 + rank - 1)
    }

    pub fn is_joker(self) -> bool {
        self.0 >= 52
    }

    /// 1 (Ace) ..= 13 (King); 0 for a Joker (lowest in the advantage draw).
    pub fn rank(self) -> u8 {
        RANKS[self.0 as usize]
    }

    pub fn suit(self) -> Option<Suit> {
        if self.is_joker() {
            None
        } else {
            Some(Suit::ALL[(self.0 / 13) as usize])
        }
    }

    pub fn kind(self) -> Kind {
        KINDS[self.0 as usize]
    }

    pub fn is_soldier(self) -> bool {
        self.kind() == Kind::Soldier
    }

    /// Printed attack value: soldiers N/N, Ace +1/+0, Jack/Queen/King/Joker +0/+11..14.
    pub fn attack(self) -> u32 {
        ATTACKS[self.0 as usize] as u32
    }

    pub fn defence(self) -> u32 {
        DEFENCES[self.0 as usize] as u32
    }

    /// Every card of a deck, Jokers last when included.
    pub fn deck(jokers: bool) -> Vec<Card> {
        let n = if jokers { 54 } else { 52 };
        (0..n).map(Card).collect()
    }

    pub fn parse(s: &str) -> Result<Card, String> {
        let t = s.trim().to_ascii_uppercase();
        match t.as_str() {
            "BJ" => return Ok(BLACK_JOKER),
            "RJ" => return Ok(RED_JOKER),
            _ => {}
        }
        let bad = || format!("not a card: '{s}' (cards look like 7H, 10S, TS, QC, AD, KH, BJ, RJ)");
        let mut chars: Vec<char> = t.chars().collect();
        let suit = Suit::from_letter(chars.pop().ok_or_else(bad)?).ok_or_else(bad)?;
        let r: String = chars.into_iter().collect();
        let rank = match r.as_str() {
            "A" | "1" => 1,
            "T" | "10" => 10,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            d if d.len() == 1 && ('2'..='9').contains(&d.chars().next().unwrap()) => {
                d.parse::<u8>().unwrap()
            }
            _ => return Err(bad()),
        };
        Ok(Card::new(suit, rank))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == BLACK_JOKER {
            return write!(f, "BJ");
        }
        if *self == RED_JOKER {
            return write!(f, "RJ");
        }
        let r = match self.rank() {
            1 => "A".to_string(),
            11 => "J".to_string(),
            12 => "Q".to_string(),
            13 => "K".to_string(),
            n => n.to_string(),
        };
        write!(f, "{}{}", r, self.suit().unwrap().letter())
    }
}

/// A set of cards as a bitmask: cheap to copy and to store in per-game records.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u64);

impl CardSet {
    pub fn insert(&mut self, c: Card) {
        self.0 |= 1u64 << c.0;
    }
    pub fn contains(self, c: Card) -> bool {
        self.0 & (1u64 << c.0) != 0
    }
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_card() {
        for c in Card::deck(true) {
            assert_eq!(Card::parse(&c.to_string()).unwrap(), c);
        }
        assert_eq!(Card::parse("TS").unwrap().to_string(), "10S");
        assert_eq!(Card::parse("10s").unwrap(), Card::new(Suit::Spades, 10));
        assert!(Card::parse("11S").is_err());
        assert!(Card::parse("7X").is_err());
    }

    #[test]
    fn printed_stats() {
        assert_eq!(Card::parse("7H").unwrap().attack(), 7);
        assert_eq!(Card::parse("7H").unwrap().defence(), 7);
        assert_eq!(Card::parse("AS").unwrap().attack(), 1);
        assert_eq!(Card::parse("AS").unwrap().defence(), 0);
        assert_eq!(Card::parse("JD").unwrap().defence(), 11);
        assert_eq!(Card::parse("QD").unwrap().defence(), 12);
        assert_eq!(Card::parse("KD").unwrap().defence(), 13);
        assert_eq!(BLACK_JOKER.defence(), 14);
        assert_eq!(BLACK_JOKER.rank(), 0);
    }
}
