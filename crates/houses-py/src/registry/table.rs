//! One game played step by step, whatever the game (`sim._core.Game`): what it needs of a game
//! beyond `Registered` (`Stepped`), and the `Table` that the Python class delegates to.

use houses_engine::core::{AgentFactory, GameRules, Played, Session};
use houses_engine::houses::json::JsonValue;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::columns::columns_of;
use super::{bad, Registered};

/// What the step-by-step game (`sim._core.Game`) needs of a game beyond `Registered`: its state
/// as JSON, and what one seat may see.
pub trait Stepped: Registered + 'static {
    fn state_json(&self) -> JsonValue;
    fn observation_json(&self, seat: usize) -> JsonValue;
}

/// One game played step by step, whatever the game: what `sim._core.Game` delegates to.
pub trait Table {
    fn name(&self) -> &'static str;
    fn decider(&self) -> Option<usize>;
    fn legal(&self) -> Vec<String>;
    fn observation(&self, seat: usize) -> JsonValue;
    fn state(&self) -> JsonValue;
    fn log(&self) -> Vec<String>;
    fn moves(&self) -> Vec<String>;
    fn play(&mut self, index: usize) -> Result<(), String>;
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>>;
}

impl<G: Stepped> Table for Session<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn decider(&self) -> Option<usize> {
        self.waiting_for()
    }
    fn legal(&self) -> Vec<String> {
        self.legal.iter().map(|a| a.to_string()).collect()
    }
    fn observation(&self, seat: usize) -> JsonValue {
        self.game.observation_json(seat)
    }
    fn state(&self) -> JsonValue {
        self.game.state_json()
    }
    fn log(&self) -> Vec<String> {
        self.game.log_so_far().to_vec()
    }
    fn moves(&self) -> Vec<String> {
        Session::moves(self).iter().map(|a| a.to_string()).collect()
    }
    fn play(&mut self, index: usize) -> Result<(), String> {
        Session::play(self, index)
    }
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let record =
            Session::record(self).ok_or_else(|| PyValueError::new_err("the game is not over"))?;
        let played = Played {
            record,
            usage: self.usage,
            log: None,
        };
        columns_of::<G>(py, &[played])
    }
}

pub(super) fn open_table<G: Stepped>(
    rules: &str,
    seed: u64,
    agents: (Option<String>, Option<String>),
    keep_log: bool,
) -> PyResult<Box<dyn Table>> {
    let rules = G::Rules::parse(rules).map_err(bad)?;
    let spec = |s: &Option<String>| s.as_deref().map(G::parse_agent).transpose().map_err(bad);
    let specs = [spec(&agents.0)?, spec(&agents.1)?];
    // The first seat's agent, then the second's in every other seat (none: played from outside).
    let factories: Vec<Option<&dyn AgentFactory<G>>> = (0..G::seats(&rules))
        .map(|s| specs[s.min(1)].as_ref().map(|f| f as &dyn AgentFactory<G>))
        .collect();
    // Built-in seats play from here until a Python seat must decide: Ctrl-C stops them.
    let session = crate::signals::stepping(|| Session::new(&rules, &factories, seed, keep_log))?;
    Ok(Box::new(session))
}
