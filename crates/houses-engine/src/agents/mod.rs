//! Built-in agents. An agent sees a `View` for its seat and the legal moves, and returns the
//! index of the move it plays. Each agent draws from its own seeded stream.

mod greedy;
mod random;

pub use greedy::Greedy;
pub use random::Random;

use crate::action::Action;
use crate::observe::View;

pub trait Agent: Send {
    fn choose(&mut self, view: &View, legal: &[Action]) -> usize;
}

/// A named agent with its parameters: what a batch needs to make a fresh agent per game.
#[derive(Clone, Debug, PartialEq)]
pub enum AgentSpec {
    Random,
    Greedy,
}

pub const AGENT_NAMES: &[&str] = &["random", "greedy"];

impl AgentSpec {
    pub fn parse(name: &str) -> Result<AgentSpec, String> {
        match name.trim() {
            "random" => Ok(AgentSpec::Random),
            "greedy" => Ok(AgentSpec::Greedy),
            other => {
                let hint = crate::rules::closest(other, AGENT_NAMES.iter().copied())
                    .map(|c| format!(" (did you mean '{c}'?)"))
                    .unwrap_or_default();
                Err(format!(
                    "unknown agent '{other}'{hint}; valid agents: {}",
                    AGENT_NAMES.join(", ")
                ))
            }
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            AgentSpec::Random => "random",
            AgentSpec::Greedy => "greedy",
        }
    }

    pub fn make(&self, seed: u64) -> Box<dyn Agent> {
        match self {
            AgentSpec::Random => Box::new(Random::new(seed)),
            AgentSpec::Greedy => Box::new(Greedy::new(seed)),
        }
    }
}
