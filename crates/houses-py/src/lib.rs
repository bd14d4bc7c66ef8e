//! The private `sim._core` module: thin delegations to `houses-engine`. Python asks for whole
//! batches and gets columns back; the GIL is released while games run, and Ctrl-C stops them
//! (`signals.rs`). Every game is reached through one registry (`registry/`): Python reads
//! the games from it and names none.

mod registry;
mod signals;

use houses_engine::core::game_seed;
use houses_engine::houses::json::run_scenario;
use houses_engine::houses::rules::RULES_VERSION;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Build a position (JSON), play its moves, return the state as JSON.
#[pyfunction]
fn scenario(text: &str) -> PyResult<String> {
    run_scenario(text)
        .map(|v| serde_json_pretty(&v))
        .map_err(PyValueError::new_err)
}

fn serde_json_pretty(v: &houses_engine::houses::json::JsonValue) -> String {
    houses_engine::houses::json::to_pretty(v)
}

#[pyfunction(name = "game_seed")]
fn game_seed_py(seed: u64, index: u64) -> u64 {
    game_seed(seed, index)
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(registry::games, m)?)?;
    m.add_function(wrap_pyfunction!(registry::play_games, m)?)?;
    m.add_function(wrap_pyfunction!(registry::play_branched, m)?)?;
    m.add_function(wrap_pyfunction!(registry::replay_game, m)?)?;
    m.add_function(wrap_pyfunction!(registry::canonical_rules_of, m)?)?;
    m.add_function(wrap_pyfunction!(registry::canonical_agent_of, m)?)?;
    m.add_function(wrap_pyfunction!(scenario, m)?)?;
    m.add_function(wrap_pyfunction!(game_seed_py, m)?)?;
    m.add_class::<Game>()?;
    m.add("RULES_VERSION", RULES_VERSION)?;
    Ok(())
}

/// One game played step by step, of any game (named by its rule string: `battle_cards(...)`;
/// Houses-Skirmish when unnamed), for agents written in Python and the human seat (slower than
/// a batch: one call per decision). Seats without a Python agent are played by built-in agents
/// inside Rust, through the engine's one game loop (`core::Session`).
#[pyclass(module = "sim._core", unsendable)]
struct Game {
    table: Box<dyn registry::Table>,
}

#[pymethods]
impl Game {
    /// A new game from its own seed; `agents` gives a built-in spec per seat, or None for a
    /// seat whose moves come from Python. With `keep_log`, `log()` reads the game's log and
    /// `moves()` every move played.
    #[new]
    #[pyo3(signature = (rules, seed, agents, keep_log=false))]
    fn new(
        rules: &str,
        seed: u64,
        agents: (Option<String>, Option<String>),
        keep_log: bool,
    ) -> PyResult<Game> {
        Ok(Game {
            table: registry::new_table(rules, seed, agents, keep_log)?,
        })
    }

    /// The game's name (`houses`, `battle_cards`, `house_of_suits`).
    #[getter]
    fn game(&self) -> &'static str {
        self.table.name()
    }

    /// The seat whose Python agent must decide now, or None when the game is over.
    #[getter]
    fn decider(&self) -> Option<usize> {
        self.table.decider()
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.table.decider().is_none()
    }

    /// The legal moves, in the notation.
    fn legal(&self) -> Vec<String> {
        self.table.legal()
    }

    /// What `seat` may know, as JSON: the state with hidden cards removed, plus counts, its
    /// seat and the legal moves.
    fn observation(&self, seat: usize) -> PyResult<String> {
        if seat > 1 {
            return Err(PyValueError::new_err(format!("no seat {seat} (0 or 1)")));
        }
        let mut v = self.table.observation(seat);
        v["seat"] = format!("P{}", seat + 1).into();
        v["legal"] = self.legal().into();
        Ok(houses_engine::houses::json::to_pretty(&v))
    }

    /// The whole state as JSON, hidden cards included (for replays, not for agents).
    fn state(&self) -> String {
        houses_engine::houses::json::to_pretty(&self.table.state())
    }

    /// The log so far (empty unless made with `keep_log`): every move as `P1: <move>` (a
    /// House of Suits set-aside card hidden), with the game's events between them, hidden
    /// cards included.
    fn log(&self) -> Vec<String> {
        self.table.log()
    }

    /// Every move played so far in the notation, forced ones included, hidden ones too (a
    /// replay file's moves; empty unless made with `keep_log`).
    fn moves(&self) -> Vec<String> {
        self.table.moves()
    }

    /// Play legal move `index` for the deciding seat, then let built-in seats play.
    fn play(&mut self, index: usize) -> PyResult<()> {
        // Built-in seats play on until a Python seat must decide: Ctrl-C stops them.
        signals::stepping(|| self.table.play(index))?.map_err(PyValueError::new_err)
    }

    /// The finished game's record, as columns of one row (like `play_games`).
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.table.record(py)
    }
}
