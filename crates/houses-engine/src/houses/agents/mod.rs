//! Built-in agents. An agent sees a `View` for its seat and the legal moves, and returns the
//! index of the move it plays. Each agent draws from its own seeded stream.

pub mod evaluation;
mod greedy;
mod params;
mod random;
mod search;

pub use crate::core::SearchParams;
pub use evaluation::evaluate;
pub use greedy::{pick as greedy_pick, score, Greedy, Params, PARAM_NAMES};
pub use random::Random;
pub use search::Search;

use crate::houses::action::Action;
use crate::houses::state::State;
use crate::houses::view::View;

pub trait Agent: Send {
    fn choose(&mut self, view: &View, legal: &[Action]) -> usize;
    /// Whether the agent never plays a Return to hand or a Split: the game loop then leaves
    /// them out of its lists (`State::legal_actions_pruned_into`).
    fn skips_dominated(&self) -> bool {
        false
    }
}

/// A named agent with its parameters: what a batch needs to make a fresh agent per game.
/// Written `random`, `greedy`, `heuristic(aggression=1.5,...)` or `search(iterations=500,...)`.
#[derive(Clone, Debug, PartialEq)]
pub enum AgentSpec {
    Random,
    Greedy,
    Heuristic(Params),
    Search(SearchParams),
}

pub const AGENT_NAMES: &[&str] = &["random", "greedy", "heuristic", "search"];

fn number(agent: &str, k: &str, v: &str) -> Result<f64, String> {
    v.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| format!("agent '{agent}': parameter '{k}' expects a number, got '{v}'"))
}

/// Each built-in agent's behaviour version, bumped whenever its choices change (for the same
/// game state and seed), so that figures from different versions are never mixed. It is part of
/// the agent's canonical spec (`greedy@v2`). Version 2: kills judged by the `defeat` rule, no
/// damage expected from exhausted Hearts blockers, Aces kept rather than spent on one life,
/// split dual-wield attacks scored as split (issue #11); search plays out with that greedy.
/// Greedy version 3: an Option 2 King of Hearts trade is scored by what the two fights gain (it
/// was never taken). Greedy version 4: a block of the attack aimed at the blocker itself is
/// scored by what the block changes (issue #35), not as saving the unit and losing it (an
/// exhausted Hearts soldier blocked for nothing, handing a Clubs attacker its excess, and the
/// enhanced Hearts return to hand went unseen). Search version 3: information-set search over
/// one tree with a fitted evaluation (`core::search`, issue #13). Search version 4: at three or four players, an
/// evaluation fitted at those tables and leaves judged at the start of a turn (two-player
/// games play exactly as version 3). Search version 5: at two players a `rollout` counts the
/// turns begun since the leaf's move (`State::leaf_stop`), so a leaf whose move ended its turn
/// is judged as it stands; without `rollout` (the `search` persona) games play exactly as
/// version 4. Search version 6: each decision draws from its own stream, derived from the
/// agent's seed and its decision index in the game (`core::rng::DecisionStreams`), so that the
/// same deal under two rule sets stays in step until the games themselves differ (the same
/// strength; other random numbers). The random and greedy players draw one number a decision
/// whatever they see, so their streams stay in step as they are. Search version 7: its
/// play-outs (`rollout`, and leaves played to the start of a turn at three or four players)
/// are played by greedy version 4. Search version 8: it neither tries nor plays a move the
/// rules show to do nothing (`State::futile`: a Jack of Clubs on a unit that cannot strike
/// again this turn).
pub const RANDOM_VERSION: u32 = 1;
pub const GREEDY_VERSION: u32 = 4;
pub const SEARCH_VERSION: u32 = 8;

impl AgentSpec {
    /// Parse `name`, `name(k=v,...)`, optionally with the version it was written for
    /// (`greedy@v2`): another version than this engine's is refused, with the reason.
    pub fn parse(spec: &str) -> Result<AgentSpec, String> {
        let body = crate::core::versioned_spec(spec, |body| {
            AgentSpec::parse_body(body).ok().map(|a| a.version())
        })?;
        AgentSpec::parse_body(body)
    }

    /// The behaviour version of this agent.
    pub fn version(&self) -> u32 {
        match self {
            AgentSpec::Random => RANDOM_VERSION,
            AgentSpec::Greedy | AgentSpec::Heuristic(_) => GREEDY_VERSION,
            AgentSpec::Search(_) => SEARCH_VERSION,
        }
    }

    /// The canonical spec: every parameter spelt out, and the behaviour version.
    pub fn canonical(&self) -> String {
        format!("{}@v{}", self.name(), self.version())
    }

    fn parse_body(spec: &str) -> Result<AgentSpec, String> {
        let (name, params) = crate::core::agent_call(spec)?;
        let no_params = |a: AgentSpec| {
            if params.is_empty() {
                Ok(a)
            } else {
                Err(format!("agent '{name}' takes no parameters"))
            }
        };
        match name {
            "random" => no_params(AgentSpec::Random),
            "greedy" => no_params(AgentSpec::Greedy),
            "heuristic" => {
                let mut p = Params::default();
                for (k, v) in params {
                    p.set(k, number(name, k, v)?)?;
                }
                Ok(AgentSpec::Heuristic(p))
            }
            "search" => Ok(AgentSpec::Search(
                SearchParams::default()
                    .with(params)?
                    .check_eval::<State>("Houses-Skirmish")?,
            )),
            other => {
                let hint = crate::core::closest(other, AGENT_NAMES.iter().copied())
                    .map(|c| format!(" (did you mean '{c}'?)"))
                    .unwrap_or_default();
                Err(format!(
                    "unknown agent '{other}'{hint}; valid agents: {}",
                    AGENT_NAMES.join(", ")
                ))
            }
        }
    }

    /// The canonical text of this agent (every parameter spelt out).
    pub fn name(&self) -> String {
        match self {
            AgentSpec::Random => "random".into(),
            AgentSpec::Greedy => "greedy".into(),
            AgentSpec::Heuristic(p) => {
                let parts: Vec<String> = PARAM_NAMES
                    .iter()
                    .map(|n| format!("{n}={}", p.get(n)))
                    .collect();
                format!("heuristic({})", parts.join(","))
            }
            AgentSpec::Search(p) => p.canonical(),
        }
    }

    pub fn make(&self, seed: u64) -> Box<dyn Agent> {
        match self {
            AgentSpec::Random => Box::new(Random::new(seed)),
            AgentSpec::Greedy => Box::new(Greedy::new(seed)),
            AgentSpec::Heuristic(p) => Box::new(Greedy::with(seed, *p)),
            AgentSpec::Search(p) => Box::new(Search::new(seed, *p)),
        }
    }
}
