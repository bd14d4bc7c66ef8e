//! The private `sim._core` module: thin delegations to `houses-engine`. Python asks for whole
//! batches and gets columns back; the GIL is released while games run.

use houses_engine::agents::{AgentSpec, AGENT_NAMES};
use houses_engine::card::{Card, CardSet};
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
    Ok(agent_of(spec)?.name())
}

#[pyfunction(name = "game_seed")]
fn game_seed_py(seed: u64, index: u64) -> u64 {
    game_seed(seed, index)
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
    m.add_function(wrap_pyfunction!(game_seed_py, m)?)?;
    m.add("RULES_VERSION", RULES_VERSION)?;
    m.add("AGENTS", AGENT_NAMES.to_vec())?;
    Ok(())
}
