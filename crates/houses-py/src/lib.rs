//! The private `sim._core` module: thin delegations to `houses-engine`. Python asks for whole
//! batches and gets columns back; the GIL is released while games run.

use houses_engine::agents::{AgentSpec, AGENT_NAMES};
use houses_engine::card::{Card, CardSet};
use houses_engine::core::{AgentFactory, Session};
use houses_engine::game::{game_seed, play_batch, play_game, GameRecord};
use houses_engine::position::run_scenario;
use houses_engine::rules::{Rules, OPTIONS, PRESETS, RULES_VERSION};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

fn rules_of(spec: &str) -> PyResult<Rules> {
    Rules::parse(spec).map_err(PyValueError::new_err)
}

fn agent_of(name: &str) -> PyResult<AgentSpec> {
    AgentSpec::parse(name).map_err(PyValueError::new_err)
}

fn card_list(set: CardSet) -> String {
    Card::deck(true)
        .into_iter()
        .filter(|&c| set.contains(c))
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

fn columns<'py>(py: Python<'py>, recs: &[GameRecord]) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    macro_rules! col {
        ($name:expr, $f:expr) => {
            d.set_item($name, recs.iter().map($f).collect::<Vec<_>>())?;
        };
    }
    col!("seed", |r: &GameRecord| r.seed);
    col!("winner", |r: &GameRecord| r.winner);
    col!("end_reason", |r: &GameRecord| r.reason.name());
    col!("turns", |r: &GameRecord| r.turns);
    col!("rounds", |r: &GameRecord| r.rounds);
    col!("life_p1", |r: &GameRecord| r.life[0]);
    col!("life_p2", |r: &GameRecord| r.life[1]);
    col!("first_player", |r: &GameRecord| r.first_player as u32); // Vec<u8> would become bytes
    col!("cards_deployed_p1", |r: &GameRecord| r.cards_deployed[0]);
    col!("cards_deployed_p2", |r: &GameRecord| r.cards_deployed[1]);
    col!("kings_p1", |r: &GameRecord| card_list(r.kings[0]));
    col!("kings_p2", |r: &GameRecord| card_list(r.kings[1]));
    col!("deployed_mask_p1", |r: &GameRecord| r.deployed[0].0);
    col!("deployed_mask_p2", |r: &GameRecord| r.deployed[1].0);
    col!("drawn_mask_p1", |r: &GameRecord| r.drawn[0].0);
    col!("drawn_mask_p2", |r: &GameRecord| r.drawn[1].0);
    col!("actions", |r: &GameRecord| r.actions);
    col!("king_round_p1", |r: &GameRecord| r.king_round[0]);
    col!("king_round_p2", |r: &GameRecord| r.king_round[1]);
    col!("low_hand_turns", |r: &GameRecord| r.low_hand_turns);
    col!("lead_changes", |r: &GameRecord| r.lead_changes);
    col!("decisions_p1", |r: &GameRecord| r.decisions[0]);
    col!("decisions_p2", |r: &GameRecord| r.decisions[1]);
    Ok(d)
}

/// Play games `start .. start+count` of the batch seeded by `seed`; returns columns.
#[pyfunction]
#[pyo3(signature = (rules, agents, seed, start, count, threads, swap_odd_seats=false))]
#[allow(clippy::too_many_arguments)]
fn play_games<'py>(
    py: Python<'py>,
    rules: &str,
    agents: (String, String),
    seed: u64,
    start: u64,
    count: u64,
    threads: usize,
    swap_odd_seats: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let rules = rules_of(rules)?;
    let specs = (agent_of(&agents.0)?, agent_of(&agents.1)?);
    let recs = py.detach(|| {
        play_batch(
            &rules,
            [&specs.0, &specs.1],
            seed,
            start,
            count,
            threads,
            swap_odd_seats,
        )
    });
    columns(py, &recs)
}

/// One game with its log, for `sim replay`. `seed` is the game's own seed.
#[pyfunction]
fn replay<'py>(
    py: Python<'py>,
    rules: &str,
    agents: (String, String),
    seed: u64,
) -> PyResult<(Vec<String>, Bound<'py, PyDict>)> {
    let rules = rules_of(rules)?;
    let specs = (agent_of(&agents.0)?, agent_of(&agents.1)?);
    let res = py.detach(|| play_game(&rules, [&specs.0, &specs.1], seed, true));
    Ok((res.log.unwrap_or_default(), columns(py, &[res.record])?))
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

/// The canonical string of a rule set given as `name=value,...` (raises on a bad option).
#[pyfunction]
fn canonical_rules(spec: &str) -> PyResult<String> {
    Ok(rules_of(spec)?.canonical())
}

/// Every rule option: name, kind, default, choices, help.
#[pyfunction]
fn rule_options(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    OPTIONS
        .iter()
        .map(|o| {
            let d = PyDict::new(py);
            d.set_item("name", o.name)?;
            d.set_item("kind", o.kind)?;
            d.set_item("default", Rules::default_of(o.name))?;
            d.set_item("choices", o.choices.to_vec())?;
            d.set_item("help", o.help)?;
            Ok(d)
        })
        .collect()
}

/// The named presets: name, the options they set, and a line of help.
#[pyfunction]
fn rule_presets() -> Vec<(&'static str, &'static str, &'static str)> {
    PRESETS.to_vec()
}

/// The canonical text of an agent spec (raises on a bad one).
#[pyfunction]
fn canonical_agent(spec: &str) -> PyResult<String> {
    Ok(agent_of(spec)?.canonical())
}

#[pyfunction(name = "game_seed")]
fn game_seed_py(seed: u64, index: u64) -> u64 {
    game_seed(seed, index)
}

// ---- Battle Cards ------------------------------------------------------------------------

use houses_engine::battle_cards::{self as bc, BcAgentSpec, BcRecord, BcRules};

fn bc_rules_of(spec: &str) -> PyResult<BcRules> {
    BcRules::parse(spec).map_err(PyValueError::new_err)
}

fn bc_agent_of(name: &str) -> PyResult<BcAgentSpec> {
    BcAgentSpec::parse(name).map_err(PyValueError::new_err)
}

fn bc_columns<'py>(py: Python<'py>, recs: &[BcRecord]) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    macro_rules! col {
        ($name:expr, $f:expr) => {
            d.set_item($name, recs.iter().map($f).collect::<Vec<_>>())?;
        };
    }
    col!("seed", |r: &BcRecord| r.seed);
    col!("winner", |r: &BcRecord| r.winner);
    col!("end_reason", |r: &BcRecord| r.end.name());
    col!("turns", |r: &BcRecord| r.turns);
    col!("life_p1", |r: &BcRecord| r.life[0]);
    col!("life_p2", |r: &BcRecord| r.life[1]);
    col!("actions", |r: &BcRecord| r.actions);
    col!("rolls", |r: &BcRecord| r.rolls);
    col!("decisions_p1", |r: &BcRecord| r.decisions[0]);
    col!("decisions_p2", |r: &BcRecord| r.decisions[1]);
    Ok(d)
}

/// Battle Cards games `start .. start+count` of the batch seeded by `seed`; returns columns.
#[pyfunction]
#[pyo3(signature = (rules, agents, seed, start, count, threads, swap_odd_seats=false))]
#[allow(clippy::too_many_arguments)]
fn play_battle_cards<'py>(
    py: Python<'py>,
    rules: &str,
    agents: (String, String),
    seed: u64,
    start: u64,
    count: u64,
    threads: usize,
    swap_odd_seats: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let rules = bc_rules_of(rules)?;
    let specs = [bc_agent_of(&agents.0)?, bc_agent_of(&agents.1)?];
    let recs =
        py.detach(|| bc::play_bc_batch(&rules, specs, seed, start, count, threads, swap_odd_seats));
    bc_columns(py, &recs)
}

#[pyfunction]
fn replay_battle_cards<'py>(
    py: Python<'py>,
    rules: &str,
    agents: (String, String),
    seed: u64,
) -> PyResult<(Vec<String>, Bound<'py, PyDict>)> {
    let rules = bc_rules_of(rules)?;
    let specs = [bc_agent_of(&agents.0)?, bc_agent_of(&agents.1)?];
    let res = bc::play_bc_game(&rules, specs, seed, true);
    Ok((res.log.unwrap_or_default(), bc_columns(py, &[res.record])?))
}

#[pyfunction]
fn canonical_battle_cards_rules(spec: &str) -> PyResult<String> {
    Ok(bc_rules_of(spec)?.canonical())
}

#[pyfunction]
fn battle_cards_options() -> Vec<(&'static str, &'static str)> {
    bc::BC_OPTIONS.iter().map(|o| (o.name, o.help)).collect()
}

// ---- House of Suits -----------------------------------------------------------------------

use houses_engine::house_of_suits::{self as hs, HsAgentSpec, HsRecord, HsRules};

fn hs_rules_of(spec: &str) -> PyResult<HsRules> {
    HsRules::parse(spec).map_err(PyValueError::new_err)
}

fn hs_agent_of(name: &str) -> PyResult<HsAgentSpec> {
    HsAgentSpec::parse(name).map_err(PyValueError::new_err)
}

fn hs_columns<'py>(py: Python<'py>, recs: &[HsRecord]) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    macro_rules! col {
        ($name:expr, $f:expr) => {
            d.set_item($name, recs.iter().map($f).collect::<Vec<_>>())?;
        };
    }
    col!("seed", |r: &HsRecord| r.seed);
    col!("winner", |r: &HsRecord| r.winner);
    col!("turns", |r: &HsRecord| r.turns);
    col!("score_p1", |r: &HsRecord| r.scores[0]);
    col!("score_p2", |r: &HsRecord| r.scores[1]);
    col!("games_in_match", |r: &HsRecord| r.games);
    col!("decisions_p1", |r: &HsRecord| r.decisions[0]);
    col!("decisions_p2", |r: &HsRecord| r.decisions[1]);
    Ok(d)
}

/// House of Suits matches `start .. start+count` of the batch seeded by `seed`; columns.
#[pyfunction]
#[pyo3(signature = (rules, agents, seed, start, count, threads, swap_odd_seats=false))]
#[allow(clippy::too_many_arguments)]
fn play_house_of_suits<'py>(
    py: Python<'py>,
    rules: &str,
    agents: (String, String),
    seed: u64,
    start: u64,
    count: u64,
    threads: usize,
    swap_odd_seats: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let rules = hs_rules_of(rules)?;
    let specs = [hs_agent_of(&agents.0)?, hs_agent_of(&agents.1)?];
    let recs =
        py.detach(|| hs::play_hs_batch(&rules, specs, seed, start, count, threads, swap_odd_seats));
    hs_columns(py, &recs)
}

#[pyfunction]
fn replay_house_of_suits<'py>(
    py: Python<'py>,
    rules: &str,
    agents: (String, String),
    seed: u64,
) -> PyResult<(Vec<String>, Bound<'py, PyDict>)> {
    let rules = hs_rules_of(rules)?;
    let specs = [hs_agent_of(&agents.0)?, hs_agent_of(&agents.1)?];
    let res = hs::play_hs_match(&rules, specs, seed, true);
    Ok((res.log.unwrap_or_default(), hs_columns(py, &[res.record])?))
}

#[pyfunction]
fn canonical_house_of_suits_rules(spec: &str) -> PyResult<String> {
    Ok(hs_rules_of(spec)?.canonical())
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(play_games, m)?)?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    m.add_function(wrap_pyfunction!(scenario, m)?)?;
    m.add_function(wrap_pyfunction!(canonical_rules, m)?)?;
    m.add_function(wrap_pyfunction!(rule_options, m)?)?;
    m.add_function(wrap_pyfunction!(rule_presets, m)?)?;
    m.add_function(wrap_pyfunction!(canonical_agent, m)?)?;
    m.add_class::<Game>()?;
    m.add_function(wrap_pyfunction!(play_battle_cards, m)?)?;
    m.add_function(wrap_pyfunction!(replay_battle_cards, m)?)?;
    m.add_function(wrap_pyfunction!(canonical_battle_cards_rules, m)?)?;
    m.add_function(wrap_pyfunction!(battle_cards_options, m)?)?;
    m.add_function(wrap_pyfunction!(play_house_of_suits, m)?)?;
    m.add_function(wrap_pyfunction!(replay_house_of_suits, m)?)?;
    m.add_function(wrap_pyfunction!(canonical_house_of_suits_rules, m)?)?;
    m.add_function(wrap_pyfunction!(game_seed_py, m)?)?;
    m.add("RULES_VERSION", RULES_VERSION)?;
    {
        use houses_engine::core::Game as _;
        let versions = PyDict::new(m.py());
        versions.set_item(houses_engine::State::NAME, houses_engine::State::VERSION)?;
        versions.set_item(bc::BcState::NAME, bc::BcState::VERSION)?;
        versions.set_item(hs::HsMatch::NAME, hs::HsMatch::VERSION)?;
        m.add("GAME_VERSIONS", versions)?;
    }
    m.add("AGENTS", AGENT_NAMES.to_vec())?;
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
    /// seat whose moves come from Python.
    #[new]
    fn new(rules: &str, seed: u64, agents: (Option<String>, Option<String>)) -> PyResult<Game> {
        let rules = rules_of(rules)?;
        let spec = |s: &Option<String>| s.as_deref().map(agent_of).transpose();
        let specs = [spec(&agents.0)?, spec(&agents.1)?];
        let factories = [0, 1].map(|s| {
            specs[s]
                .as_ref()
                .map(|f| f as &dyn AgentFactory<houses_engine::State>)
        });
        Ok(Game {
            session: Session::new(&rules, factories, seed, false),
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
        houses_engine::position::to_pretty(&v)
    }

    /// Play legal move `index` for the deciding seat, then let built-in seats play.
    fn play(&mut self, index: usize) -> PyResult<()> {
        self.session.play(index).map_err(PyValueError::new_err)
    }

    /// The finished game's record, as columns of one row (like `play_games`).
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let r = self
            .session
            .record()
            .ok_or_else(|| PyValueError::new_err("the game is not over"))?;
        columns(py, &[r])
    }
}
