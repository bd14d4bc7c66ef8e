//! A Battle Cards move and its notation.

use std::fmt;

use crate::core::card::Card;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BcAction {
    Play(Card),
    Discard(Card),
    /// Reveal a Joker to ward off the attack (or not).
    Ward(bool),
    /// After an Ace: discard the rest of the hand and draw a fresh one (or not).
    Redraw(bool),
}

impl fmt::Display for BcAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BcAction::Play(c) => write!(f, "play {c}"),
            BcAction::Discard(c) => write!(f, "discard {c}"),
            BcAction::Ward(true) => write!(f, "ward"),
            BcAction::Ward(false) => write!(f, "take"),
            BcAction::Redraw(true) => write!(f, "redraw"),
            BcAction::Redraw(false) => write!(f, "keep"),
        }
    }
}

impl BcAction {
    pub fn parse(text: &str) -> Result<BcAction, String> {
        let w: Vec<&str> = text.split_whitespace().collect();
        match w.as_slice() {
            ["play", c] => Ok(BcAction::Play(Card::parse(c)?)),
            ["discard", c] => Ok(BcAction::Discard(Card::parse(c)?)),
            ["ward"] => Ok(BcAction::Ward(true)),
            ["take"] => Ok(BcAction::Ward(false)),
            ["redraw"] => Ok(BcAction::Redraw(true)),
            ["keep"] => Ok(BcAction::Redraw(false)),
            _ => Err(format!(
                "cannot read move '{text}' (play CARD, discard CARD, ward, take, redraw, keep)"
            )),
        }
    }
}
