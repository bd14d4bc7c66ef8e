//! A House of Suits move and its notation.

use std::fmt;

use super::HCard;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HsAction {
    /// Set this card aside (hidden) until the end of the game.
    SetAside(HCard),
    /// Lay `market` into the market and `invest` in front of oneself.
    Lay { market: HCard, invest: HCard },
}

impl fmt::Display for HsAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HsAction::SetAside(c) => write!(f, "aside {c}"),
            HsAction::Lay { market, invest } => write!(f, "market {market} invest {invest}"),
        }
    }
}

impl HsAction {
    pub fn parse(text: &str) -> Result<HsAction, String> {
        let w: Vec<&str> = text.split_whitespace().collect();
        match w.as_slice() {
            ["aside", c] => Ok(HsAction::SetAside(HCard::parse(c)?)),
            ["market", m, "invest", i] => Ok(HsAction::Lay {
                market: HCard::parse(m)?,
                invest: HCard::parse(i)?,
            }),
            _ => Err(format!(
                "cannot read move '{text}' (aside CARD, market CARD invest CARD)"
            )),
        }
    }
}
