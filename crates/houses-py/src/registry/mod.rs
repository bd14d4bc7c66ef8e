//! One registry of games for Python: each game's name, version, options, presets, agents, end
//! reasons, record columns and report sections, and how to play and replay it. Python reads it
//! (`sim/games.py`) and never branches on a game's name.
//!
//! What is where:
//! - here: what the bindings need of a game (`Registered`), the one place that names the game
//!   types (`dispatch!`), and the entry points Python calls;
//! - `columns.rs`: a batch's records as columns, handed to Python as bytes and lists;
//! - `houses.rs`, `battle_cards.rs`, `house_of_suits.rs`: each game's `impl Registered` (its
//!   agents, end reasons, columns) and `impl Stepped` (its state as JSON);
//! - `table.rs`: one game played step by step (`sim._core.Game`).

mod battle_cards;
mod columns;
mod house_of_suits;
mod houses;
mod table;

use houses_engine::battle_cards::BcState;
use houses_engine::core::{self, AgentFactory, Game, GameRules, OptionSpec};
use houses_engine::house_of_suits::HsMatch;
use houses_engine::State;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use columns::{all_columns, columns_of, Column, Columns};
use table::open_table;
pub use table::Table;

/// What the bindings need of a game beyond `core::Game`.
pub trait Registered: Game {
    type Spec: AgentFactory<Self> + Send + Sync;
    const AGENTS: &'static [&'static str];
    const END_REASONS: &'static [&'static str];
    /// The report sections that only this game has.
    const SECTIONS: &'static [&'static str];
    /// The game's own columns, after the common ones.
    const OWN: &'static [Column];
    /// The most seats a game of this kind has: records carry per-seat columns (`life_p3`, the
    /// usage of seat 3) up to it.
    const TABLE: usize = 2;
    /// For the usage table: the rule option (and value) that offers a kind of decision, for the
    /// kinds that some rule set does not have.
    const DECISION_RULES: &'static [(&'static str, &'static str)] = &[];
    fn parse_agent(spec: &str) -> Result<Self::Spec, String>;
    fn canonical_agent(spec: &Self::Spec) -> String;
    fn preset_list() -> Vec<(&'static str, &'static str, &'static str)> {
        Vec::new()
    }
    /// Push one record's values onto the columns (common first, then own, in order).
    fn push(r: &Self::Record, cols: &mut Columns);
}

/// `name=value` of a canonical rule string such as `battle_cards(life=20,...)`.
fn option_value(canonical: &str, name: &str) -> String {
    let inner = canonical
        .split_once('(')
        .map(|(_, r)| r.trim_end_matches(')'))
        .unwrap_or("");
    inner
        .split(',')
        .filter_map(|p| p.split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_string())
        .unwrap_or_default()
}

fn bad(e: String) -> PyErr {
    PyValueError::new_err(e)
}

/// The registry entry of a game, as a dict for Python.
fn info<G: Registered>(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("name", G::NAME)?;
    d.set_item("version", G::VERSION)?;
    let defaults = G::Rules::parse("").map_err(bad)?.canonical();
    let options: Vec<Bound<'_, PyDict>> = G::Rules::options()
        .iter()
        .map(|o: &OptionSpec| {
            let od = PyDict::new(py);
            od.set_item("name", o.name)?;
            od.set_item("kind", o.kind)?;
            od.set_item("default", option_value(&defaults, o.name))?;
            od.set_item("choices", o.choices.to_vec())?;
            od.set_item("help", o.help)?;
            let choice_help: Vec<&str> = o.choice_help.iter().map(|h| h.trim()).collect();
            od.set_item("choice_help", choice_help)?;
            Ok(od)
        })
        .collect::<PyResult<_>>()?;
    d.set_item("options", options)?;
    d.set_item("presets", G::preset_list())?;
    d.set_item("agents", G::AGENTS.to_vec())?;
    d.set_item("end_reasons", G::END_REASONS.to_vec())?;
    d.set_item("sections", G::SECTIONS.to_vec())?;
    d.set_item("columns", all_columns::<G>())?;
    d.set_item("decisions", G::DECISIONS.to_vec())?;
    d.set_item("decision_rules", G::DECISION_RULES.to_vec())?;
    Ok(d)
}

#[allow(clippy::too_many_arguments)]
fn play<'py, G: Registered>(
    py: Python<'py>,
    rules: &str,
    agents: (String, String),
    seed: u64,
    games: Games,
    threads: usize,
    swap: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let rules = G::Rules::parse(rules).map_err(bad)?;
    let specs = [
        G::parse_agent(&agents.0).map_err(bad)?,
        G::parse_agent(&agents.1).map_err(bad)?,
    ];
    let count = games.len();
    let mut cols = Columns::of::<G>(count as usize);
    crate::signals::interruptible(py, || {
        in_blocks(count, |at, n| {
            let agents = [&specs[0] as &dyn AgentFactory<G>, &specs[1]];
            let played = match &games.only {
                None => core::play_batch_played::<G>(
                    &rules,
                    agents,
                    seed,
                    games.start + at,
                    n,
                    threads,
                    swap,
                ),
                Some(only) => core::play_batch_played_at::<G>(
                    &rules,
                    agents,
                    seed,
                    &only[at as usize..(at + n) as usize],
                    threads,
                    swap,
                ),
            };
            for g in &played {
                cols.add::<G>(g);
            }
            played.len() as u64
        })
    })?;
    cols.into_dict(py)
}

/// Play `count` games in blocks, `block(at, n)` playing games `at .. at+n` of them and saying
/// how many it played, each block turned into columns as it finishes: a game's usage table is
/// about a kilobyte, so holding every game of a large batch before converting touched far more
/// memory than the columns need. A block that played fewer was stopped (Ctrl-C): the caller
/// raises and throws the columns away.
fn in_blocks(count: u64, mut block: impl FnMut(u64, u64) -> u64) {
    const BLOCK: u64 = 4096;
    let mut at = 0;
    while at < count {
        let n = BLOCK.min(count - at);
        if block(at, n) < n {
            break;
        }
        at += n;
    }
}

fn replay<'py, G: Registered>(
    py: Python<'py>,
    rules: &str,
    agents: (String, String),
    seed: u64,
) -> PyResult<(Vec<String>, Bound<'py, PyDict>)> {
    let rules = G::Rules::parse(rules).map_err(bad)?;
    let specs = [
        G::parse_agent(&agents.0).map_err(bad)?,
        G::parse_agent(&agents.1).map_err(bad)?,
    ];
    // A in the first seat, B in every other (as in a batch's even games).
    let seats: Vec<&dyn AgentFactory<G>> = (0..G::seats(&rules))
        .map(|s| &specs[s.min(1)] as &dyn AgentFactory<G>)
        .collect();
    let mut played =
        crate::signals::interruptible(py, || core::play_game::<G>(&rules, &seats, seed, true))?;
    let log = played.log.take().unwrap_or_default();
    Ok((log, columns_of::<G>(py, std::slice::from_ref(&played))?))
}

fn canonical_rules<G: Registered>(spec: &str) -> PyResult<String> {
    Ok(G::Rules::parse(spec).map_err(bad)?.canonical())
}

fn canonical_agent<G: Registered>(spec: &str) -> PyResult<String> {
    Ok(G::canonical_agent(&G::parse_agent(spec).map_err(bad)?))
}

/// The games, in registry order (the first is the default).
pub const NAMES: &[&str] = &["houses", "battle_cards", "house_of_suits"];

/// Dispatch `$call::<G>($args)` on a game's name: the one place that names the game types.
macro_rules! dispatch {
    ($game:expr, $call:ident ( $($arg:expr),* )) => {
        match $game {
            "houses" => $call::<State>($($arg),*),
            "battle_cards" => $call::<BcState>($($arg),*),
            "house_of_suits" => $call::<HsMatch>($($arg),*),
            other => Err(PyValueError::new_err(format!(
                "unknown game '{other}'; valid games: {}",
                NAMES.join(", ")
            ))),
        }
    };
}

/// Every game's registry entry.
#[pyfunction]
pub fn games(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    NAMES.iter().map(|g| dispatch!(*g, info(py))).collect()
}

/// Games `start .. start+count` of the batch seeded by `seed`, as columns; or, given `only`,
/// the games at those indices (in that order; `start` and `count` unused).
#[pyfunction]
#[pyo3(signature = (game, rules, agents, seed, start, count, threads, swap_odd_seats=false, only=None))]
#[allow(clippy::too_many_arguments)]
pub fn play_games<'py>(
    py: Python<'py>,
    game: &str,
    rules: &str,
    agents: (String, String),
    seed: u64,
    start: u64,
    count: u64,
    threads: usize,
    swap_odd_seats: bool,
    only: Option<Vec<u64>>,
) -> PyResult<Bound<'py, PyDict>> {
    let games = Games { start, count, only };
    dispatch!(
        game,
        play(py, rules, agents, seed, games, threads, swap_odd_seats)
    )
}

/// Houses-Skirmish games `start .. start+count` of the batch seeded by `seed` (as `play_games`
/// plays them) and, for each branch (a card, and the rules the game plays on under from a
/// player's first draw of it), the same games forked at that draw (`houses::game::
/// play_branched`): the games' columns, then each branch's game indices and columns. Under the
/// games' rules with `blank=K,blank_from=draw`, a branch's games are the games `play_games`
/// plays under those rules at those indices, for the moves after the draw only.
#[pyfunction]
#[pyo3(signature = (rules, agents, seed, start, count, threads, swap_odd_seats, branches))]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
pub fn play_branched<'py>(
    py: Python<'py>,
    rules: &str,
    agents: (String, String),
    seed: u64,
    start: u64,
    count: u64,
    threads: usize,
    swap_odd_seats: bool,
    branches: Vec<(String, String)>,
) -> PyResult<(Bound<'py, PyDict>, Vec<(Vec<u64>, Bound<'py, PyDict>)>)> {
    use houses_engine::houses::game::play_branched;
    use houses_engine::{Card, Rules};
    let rules = Rules::parse(rules).map_err(bad)?;
    let specs = [
        State::parse_agent(&agents.0).map_err(bad)?,
        State::parse_agent(&agents.1).map_err(bad)?,
    ];
    let branches = branches
        .iter()
        .map(|(card, under)| Ok((Card::parse(card)?, Rules::parse(under)?)))
        .collect::<Result<Vec<(Card, Rules)>, String>>()
        .map_err(bad)?;
    let mut cols = Columns::of::<State>(count as usize);
    let mut kids: Vec<(Vec<u64>, Columns)> = branches
        .iter()
        .map(|_| (Vec::new(), Columns::of::<State>(0)))
        .collect();
    crate::signals::interruptible(py, || {
        in_blocks(count, |at, n| {
            let played = core::run_batch(start + at, n, threads, |i| {
                play_branched(
                    &rules,
                    [&specs[0], &specs[1]],
                    seed,
                    i,
                    swap_odd_seats,
                    &branches,
                )
            });
            for (k, (game, forks)) in played.iter().enumerate() {
                cols.add::<State>(game);
                for ((games, c), fork) in kids.iter_mut().zip(forks) {
                    if let Some(f) = fork {
                        games.push(start + at + k as u64);
                        c.add::<State>(f);
                    }
                }
            }
            played.len() as u64
        })
    })?;
    let kids = kids
        .into_iter()
        .map(|(games, c)| Ok((games, c.into_dict(py)?)))
        .collect::<PyResult<Vec<_>>>()?;
    Ok((cols.into_dict(py)?, kids))
}

/// Which games of a batch to play: `start .. start+count`, or the indices `only` lists.
struct Games {
    start: u64,
    count: u64,
    only: Option<Vec<u64>>,
}

impl Games {
    fn len(&self) -> u64 {
        self.only.as_ref().map_or(self.count, |v| v.len() as u64)
    }
}

/// One game (its own seed) with its log, for `sim replay`.
#[pyfunction(name = "replay")]
pub fn replay_game<'py>(
    py: Python<'py>,
    game: &str,
    rules: &str,
    agents: (String, String),
    seed: u64,
) -> PyResult<(Vec<String>, Bound<'py, PyDict>)> {
    dispatch!(game, replay(py, rules, agents, seed))
}

/// The canonical string of a game's rule set given as `name=value,...`.
#[pyfunction(name = "canonical_rules")]
pub fn canonical_rules_of(game: &str, spec: &str) -> PyResult<String> {
    dispatch!(game, canonical_rules(spec))
}

/// The canonical spec of one of a game's built-in agents, with its behaviour version.
#[pyfunction(name = "canonical_agent")]
pub fn canonical_agent_of(game: &str, spec: &str) -> PyResult<String> {
    dispatch!(game, canonical_agent(spec))
}

/// A game to play step by step, of the game its rule string names (`battle_cards(...)`);
/// a string that names none is Houses-Skirmish's.
pub fn new_table(
    rules: &str,
    seed: u64,
    agents: (Option<String>, Option<String>),
    keep_log: bool,
) -> PyResult<Box<dyn Table>> {
    let name = rules
        .split_once('(')
        .map(|(n, _)| n.trim())
        .filter(|n| NAMES.contains(n))
        .unwrap_or(NAMES[0]);
    dispatch!(name, open_table(rules, seed, agents, keep_log))
}
