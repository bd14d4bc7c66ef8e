//! The built-in House of Suits players' specs and the greedy player's reading of a move.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HsAgentSpec {
    Random,
    Greedy,
}

/// The built-in House of Suits agents' behaviour version (in their canonical specs).
pub const HS_AGENT_VERSION: u32 = 1;
pub const HS_AGENTS: &[&str] = &["random", "greedy"];

impl HsAgentSpec {
    pub fn parse(s: &str) -> Result<HsAgentSpec, String> {
        let s = crate::core::versioned_spec(s, |_| Some(HS_AGENT_VERSION))?;
        match s.trim() {
            "random" => Ok(HsAgentSpec::Random),
            "greedy" => Ok(HsAgentSpec::Greedy),
            other => Err(format!(
                "unknown house_of_suits agent '{other}'; valid agents: random, greedy"
            )),
        }
    }
    pub fn canonical(&self) -> String {
        let name = match self {
            HsAgentSpec::Random => "random",
            HsAgentSpec::Greedy => "greedy",
        };
        format!("{name}@v{HS_AGENT_VERSION}")
    }
}

/// Greedy: for each move, score the game as if it ended with the market as it would then stand
/// (the player's own set-aside card included, the opponent's unknown); keep the best.
pub(super) fn hs_score(g: &HsGame, seat: usize, a: &HsAction) -> f64 {
    match *a {
        HsAction::SetAside(c) => {
            // Keep back a high card of the suit this hand holds most of: it will lift that suit.
            let same = g.hands[seat].iter().filter(|x| x.suit == c.suit).count();
            same as f64 * 10.0 + c.rank as f64
        }
        HsAction::Lay { market, invest } => {
            let mut t = g.totals(false);
            if let Some(c) = g.aside[seat] {
                t[c.suit as usize] += c.rank as u32;
            }
            t[market.suit as usize] += market.rank as u32;
            let roles = HsGame::roles(&t);
            let mut mine = vec![0i32; g.suits as usize];
            let mut theirs = vec![0i32; g.suits as usize];
            for c in &g.invested[seat] {
                mine[c.suit as usize] += c.rank as i32;
            }
            for c in &g.invested[1 - seat] {
                theirs[c.suit as usize] += c.rank as i32;
            }
            mine[invest.suit as usize] += invest.rank as i32;
            let mut v = 0.0;
            for (s, r) in roles.iter().enumerate() {
                v += match r {
                    Role::Winning => (mine[s] - theirs[s]) as f64,
                    Role::Losing => (theirs[s] - mine[s]) as f64,
                    Role::Bonus => (mine[s] - theirs[s]).signum() as f64 * t[s] as f64,
                    _ => 0.0,
                };
            }
            v
        }
    }
}
