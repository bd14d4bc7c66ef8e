//! The private `sim._core` module: thin delegations to `houses-engine`. Python asks for whole
//! batches and gets columns back; the GIL is released while games run. Every game is reached
//! through one registry (`registry.rs`): Python reads the games from it and names none.

mod registry;

use houses_engine::agents::AgentSpec;
use houses_engine::core::{AgentFactory, Session};
use houses_engine::game::game_seed;
use houses_engine::position::run_scenario;
use houses_engine::rules::{Rules, RULES_VERSION};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

fn rules_of(spec: &str) -> PyResult<Rules> {
    Rules::parse(spec).map_err(PyValueError::new_err)
}

fn agent_of(name: &str) -> PyResult<AgentSpec> {
    AgentSpec::parse(name).map_err(PyValueError::new_err)
}

/// Build a position (JSON), play its moves, return the state as JSON.
#[pyfunction]
fn scenario(text: &str) -> PyResult<String> {
    run_scenario(text)
        .map(|v| serde_json_pretty(&v))
        .map_err(PyValueError::new_err)
}

fn serde_json_pretty(v: &houses_engine::position::JsonValue) -> String {
    houses_engine::position::to_pretty(v)
}

#[pyfunction(name = "game_seed")]
fn game_seed_py(seed: u64, index: u64) -> u64 {
    game_seed(seed, index)
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(registry::games, m)?)?;
    m.add_function(wrap_pyfunction!(registry::play_games, m)?)?;
    m.add_function(wrap_pyfunction!(registry::replay_game, m)?)?;
    m.add_function(wrap_pyfunction!(registry::canonical_rules_of, m)?)?;
    m.add_function(wrap_pyfunction!(registry::canonical_agent_of, m)?)?;
    m.add_function(wrap_pyfunction!(scenario, m)?)?;
    m.add_function(wrap_pyfunction!(game_seed_py, m)?)?;
    m.add_class::<Game>()?;
    m.add("RULES_VERSION", RULES_VERSION)?;
    Ok(())
}

/// One game played step by step, for agents written in Python (slower than a batch: one call
/// per decision). Seats without a Python agent are played by built-in agents inside Rust, through
/// the engine's one game loop (`core::Session`).
#[pyclass(module = "sim._core", unsendable)]
struct Game {
    session: Session<houses_engine::State>,
}

#[pymethods]
impl Game {
    /// A new game from its own seed; `agents` gives a built-in spec per seat, or None for a
    /// seat whose moves come from Python. With `keep_log`, `log()` reads the game's log.
    #[new]
    #[pyo3(signature = (rules, seed, agents, keep_log=false))]
    fn new(
        rules: &str,
        seed: u64,
        agents: (Option<String>, Option<String>),
        keep_log: bool,
    ) -> PyResult<Game> {
        let rules = rules_of(rules)?;
        let spec = |s: &Option<String>| s.as_deref().map(agent_of).transpose();
        let specs = [spec(&agents.0)?, spec(&agents.1)?];
        let factories = [0, 1].map(|s| {
            specs[s]
                .as_ref()
                .map(|f| f as &dyn AgentFactory<houses_engine::State>)
        });
        Ok(Game {
            session: Session::new(&rules, factories, seed, keep_log),
        })
    }

    /// The seat whose Python agent must decide now, or None when the game is over.
    #[getter]
    fn decider(&self) -> Option<usize> {
        self.session.waiting_for()
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.session.game.is_over()
    }

    /// The legal moves, in the notation.
    fn legal(&self) -> Vec<String> {
        self.session.legal.iter().map(|a| a.to_string()).collect()
    }

    /// What `seat` may know, as JSON: the state with hidden cards removed, plus counts.
    fn observation(&self, seat: usize) -> String {
        let obs = houses_engine::observe::View::new(&self.session.game, seat).observation();
        let mut v = houses_engine::position::state_json(&obs.state);
        v["seat"] = format!("P{}", seat + 1).into();
        v["opponent_hidden_cards"] = obs.opponent_hidden.into();
        v["deck_size"] = obs.deck_len.into();
        v["legal"] = self.legal().into();
        v["units"] = houses_engine::position::unit_stats(&obs.state, seat);
        houses_engine::position::to_pretty(&v)
    }

    /// The whole state as JSON, hidden cards included (for replays, not for agents), with
    /// each unit's attack, defence and damage under `units`.
    fn state(&self) -> String {
        let st = &self.session.game;
        let mut v = houses_engine::position::state_json(st);
        v["units"] = houses_engine::position::unit_stats(st, 0);
        v["deck_size"] = st.deck.len().into();
        houses_engine::position::to_pretty(&v)
    }

    /// The log so far (empty unless made with `keep_log`): every move as `P1: <move>`, with
    /// the game's events between them, hidden cards included.
    fn log(&self) -> Vec<String> {
        self.session.game.log.clone().unwrap_or_default()
    }

    /// Play legal move `index` for the deciding seat, then let built-in seats play.
    fn play(&mut self, index: usize) -> PyResult<()> {
        self.session.play(index).map_err(PyValueError::new_err)
    }

    /// The finished game's record, as columns of one row (like `play_games`).
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let record = self
            .session
            .record()
            .ok_or_else(|| PyValueError::new_err("the game is not over"))?;
        let played = houses_engine::core::Played {
            record,
            usage: self.session.usage,
            log: None,
        };
        registry::columns_of::<houses_engine::State>(py, &[played])
    }
}
