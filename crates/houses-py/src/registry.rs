//! One registry of games for Python: each game's name, version, options, presets, agents, end
//! reasons, record columns and report sections, and how to play and replay it. Python reads it
//! (`sim/games.py`) and never branches on a game's name.

use houses_engine::battle_cards::{BcAgentSpec, BcRecord, BcState, BC_AGENTS};
use houses_engine::core::card::{Card, CardSet};
use houses_engine::core::{
    self, AgentFactory, Game, GameRules, OptionSpec, Played, Session, Usage,
};
use houses_engine::house_of_suits::{HsAgentSpec, HsMatch, HsRecord, HS_AGENTS};
use houses_engine::houses::agents::{AgentSpec, AGENT_NAMES};
use houses_engine::houses::game::GameRecord;
use houses_engine::houses::json::JsonValue;
use houses_engine::houses::rules::PRESETS;
use houses_engine::State;
use houses_engine::{battle_cards, house_of_suits};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

/// A column of a game's records: its name and its type ("u64", "u32", "i32", "i8", "str").
pub type Column = (&'static str, &'static str);

/// Columns every game's records have (from the engine); Python adds the batch's own (game
/// index, agents, seats, rules, version, game name).
pub const COMMON: &[Column] = &[
    ("seed", "u64"),
    ("winner", "i8"),
    ("end_reason", "str"),
    ("turns", "u32"),
    ("rounds", "u32"),
    ("first_player", "u8"),
    ("actions", "u32"),
    ("decisions_p1", "u32"),
    ("decisions_p2", "u32"),
];

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

/// One column's values, of its engine type: numbers as little-endian bytes of the column's
/// own width (Python reads them with `numpy.frombuffer` in the schema's type, no cast), text
/// as strings.
enum Values {
    Number { width: usize, bytes: Vec<u8> },
    Text(Vec<String>),
}

/// Column values, built record by record (each record pushes one value per column, in order)
/// and handed to Python as `bytes` (numbers) and lists (text).
pub struct Columns {
    cols: Vec<(String, Values)>,
    /// The column the next pushed value belongs to.
    at: usize,
}

impl Columns {
    fn new(columns: &[(String, &'static str)], rows: usize) -> Columns {
        let cols = columns
            .iter()
            .map(|(name, ty)| {
                let width = match *ty {
                    "u64" => 8,
                    "u32" | "i32" => 4,
                    "u16" => 2,
                    "u8" | "i8" => 1,
                    _ => 0,
                };
                let values = if width == 0 {
                    Values::Text(Vec::with_capacity(rows))
                } else {
                    Values::Number {
                        width,
                        bytes: Vec::with_capacity(rows * width),
                    }
                };
                (name.clone(), values)
            })
            .collect();
        Columns { cols, at: 0 }
    }
    fn next(&mut self) -> &mut Self {
        self.at = 0;
        self
    }
    /// A number, cut to its column's width (two's complement for signed columns). Values
    /// always fit: the engine's types are the columns' types.
    #[inline]
    fn number(&mut self, v: u64) -> &mut Self {
        match &mut self.cols[self.at] {
            (_, Values::Number { width, bytes }) => {
                bytes.extend_from_slice(&v.to_le_bytes()[..*width]);
            }
            (name, Values::Text(_)) => panic!("column {name}: a number in a text column"),
        }
        self.at += 1;
        self
    }
    pub fn u(&mut self, v: u64) -> &mut Self {
        self.number(v)
    }
    pub fn i(&mut self, v: i64) -> &mut Self {
        self.number(v as u64)
    }
    pub fn s(&mut self, v: impl Into<String>) -> &mut Self {
        match &mut self.cols[self.at] {
            (_, Values::Text(x)) => x.push(v.into()),
            (name, Values::Number { .. }) => panic!("column {name}: text in a number column"),
        }
        self.at += 1;
        self
    }
    fn into_dict(self, py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
        let d = PyDict::new(py);
        for (name, values) in self.cols {
            match values {
                Values::Number { bytes, .. } => d.set_item(name, PyBytes::new(py, &bytes))?,
                Values::Text(x) => d.set_item(name, x)?,
            }
        }
        Ok(d)
    }
}

/// Every column of a game's records: the common ones, the game's own, then the usage of each
/// kind of decision (`arose_<kind>_p1`, `arose_<kind>_p2`, `taken_<kind>_p1`, `taken_<kind>_p2`).
pub fn all_columns<G: Registered>() -> Vec<(String, &'static str)> {
    let mut cols: Vec<(String, &'static str)> = COMMON
        .iter()
        .chain(G::OWN)
        .map(|&(n, t)| (n.to_string(), t))
        .collect();
    for k in G::DECISIONS {
        for what in ["arose", "taken"] {
            for p in 1..=G::TABLE {
                cols.push((format!("{what}_{k}_p{p}"), "u16"));
            }
        }
    }
    cols
}

fn push_usage<G: Registered>(u: &Usage, c: &mut Columns) {
    for k in 0..G::DECISIONS.len() {
        for counts in [&u.arose, &u.taken] {
            for seat_counts in &counts[..G::TABLE] {
                c.u(seat_counts[k].min(u16::MAX as u32).into());
            }
        }
    }
}

impl Columns {
    /// Empty columns of game `G`'s records, room for `rows`.
    fn of<G: Registered>(rows: usize) -> Columns {
        Columns::new(&all_columns::<G>(), rows)
    }
    /// One game's record and usage, as the next row.
    fn add<G: Registered>(&mut self, g: &Played<G::Record>) {
        G::push(&g.record, self.next());
        push_usage::<G>(&g.usage, self);
    }
}

pub fn columns_of<'py, G: Registered>(
    py: Python<'py>,
    games: &[Played<G::Record>],
) -> PyResult<Bound<'py, PyDict>> {
    let mut cols = Columns::of::<G>(games.len());
    for g in games {
        cols.add::<G>(g);
    }
    cols.into_dict(py)
}

/// A set of cards as text (`KS,KH`); most sets in a record are empty.
fn card_list(set: CardSet) -> String {
    if set.is_empty() {
        return String::new();
    }
    Card::deck(true)
        .into_iter()
        .filter(|&c| set.contains(c))
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

impl Registered for State {
    type Spec = AgentSpec;
    const TABLE: usize = houses_engine::houses::rules::MAX_PLAYERS;
    const AGENTS: &'static [&'static str] = AGENT_NAMES;
    const END_REASONS: &'static [&'static str] = &["life", "sudden_death", "turn_limit"];
    const SECTIONS: &'static [&'static str] = &["kings", "cards", "house_matrix", "pace"];
    const OWN: &'static [Column] = &[
        ("life_p1", "i32"),
        ("life_p2", "i32"),
        ("cards_deployed_p1", "u32"),
        ("cards_deployed_p2", "u32"),
        ("kings_p1", "str"),
        ("kings_p2", "str"),
        ("deployed_mask_p1", "u64"),
        ("deployed_mask_p2", "u64"),
        ("drawn_mask_p1", "u64"),
        ("drawn_mask_p2", "u64"),
        ("king_round_p1", "u32"),
        ("king_round_p2", "u32"),
        ("low_hand_turns", "u32"),
        ("lead_changes", "u32"),
        ("late_turns", "u32"),
        ("late_low_hand_turns", "u32"),
        ("two_card_draw_round", "u32"),
        ("late_leader", "u8"),
        ("biggest_attack", "u32"),
        ("biggest_hit", "u32"),
        // Three and four players: how many sat at the table, and the seats after the second
        // (zeros and empty lists where there is no such seat).
        ("players", "u8"),
        ("decisions_p3", "u32"),
        ("decisions_p4", "u32"),
        ("life_p3", "i32"),
        ("life_p4", "i32"),
        ("cards_deployed_p3", "u32"),
        ("cards_deployed_p4", "u32"),
        ("kings_p3", "str"),
        ("kings_p4", "str"),
        ("deployed_mask_p3", "u64"),
        ("deployed_mask_p4", "u64"),
        ("drawn_mask_p3", "u64"),
        ("drawn_mask_p4", "u64"),
        ("king_round_p3", "u32"),
        ("king_round_p4", "u32"),
        ("out_round_p1", "u32"),
        ("out_round_p2", "u32"),
        ("out_round_p3", "u32"),
        ("out_round_p4", "u32"),
        ("enhanced_p1", "u32"),
        ("enhanced_p2", "u32"),
        ("enhanced_p3", "u32"),
        ("enhanced_p4", "u32"),
        ("second_targets_p1", "u32"),
        ("second_targets_p2", "u32"),
        ("second_targets_p3", "u32"),
        ("second_targets_p4", "u32"),
    ];
    const DECISION_RULES: &'static [(&'static str, &'static str)] = &[
        ("start", "starting_player=advantage_draw"),
        ("defer", "starting_player=advantage_draw"),
        ("scout", "scouts=true"),
        ("joker", "jokers=true"),
        ("doppelganger", "jokers=true"),
        ("summon", "jokers=true (Necromancer)"),
        ("stay", "jokers=true (Insane Wizard)"),
        // An attack on two targets: the Spades trait's second target (struck, struck if the
        // first falls, or stunned) and the Ace of Spades' two Front-Rank units.
        (
            "dual_wield",
            "spades_trait (dual wielding, adjacent strike, stunning second strike), or the Ace of Spades",
        ),
        ("aid", "king_aid_half=true"),
        ("excess", "clubs_excess"),
        ("charge", "kings=enhance (King of Clubs)"),
        (
            "reblock",
            "spades_trait=choose_blocker, or option1_king_of_hearts=reassign_blockers",
        ),
        (
            "stun",
            "kings=option1/share_trait (King of Spades)",
        ),
        ("trade", "kings=share_trait (King of Hearts)"),
        ("discard", "hand_limit"),
        ("keep", "Queen of Spades"),
    ];
    fn parse_agent(spec: &str) -> Result<AgentSpec, String> {
        AgentSpec::parse(spec)
    }
    fn canonical_agent(spec: &AgentSpec) -> String {
        spec.canonical()
    }
    fn preset_list() -> Vec<(&'static str, &'static str, &'static str)> {
        PRESETS.to_vec()
    }
    fn push(r: &GameRecord, c: &mut Columns) {
        c.u(r.seed)
            .i(r.winner.into())
            .s(r.reason.name())
            .u(r.turns.into());
        c.u(r.rounds.into())
            .u(r.first_player.into())
            .u(r.actions.into());
        c.u(r.decisions[0].into()).u(r.decisions[1].into());
        c.i(r.life[0].into()).i(r.life[1].into());
        c.u(r.cards_deployed[0].into())
            .u(r.cards_deployed[1].into());
        c.s(card_list(r.kings[0])).s(card_list(r.kings[1]));
        c.u(r.deployed[0].0)
            .u(r.deployed[1].0)
            .u(r.drawn[0].0)
            .u(r.drawn[1].0);
        c.u(r.king_round[0].into()).u(r.king_round[1].into());
        c.u(r.low_hand_turns.into()).u(r.lead_changes.into());
        c.u(r.late_turns.into())
            .u(r.late_low_hand_turns.into())
            .u(r.two_card_draw_round.into())
            .u(r.late_leader.into())
            .u(r.biggest_attack.into())
            .u(r.biggest_hit.into());
        c.u(r.players.into());
        for s in 2..4 {
            c.u(r.decisions[s].into());
        }
        for s in 2..4 {
            c.i(r.life[s].into());
        }
        for s in 2..4 {
            c.u(r.cards_deployed[s].into());
        }
        for s in 2..4 {
            c.s(card_list(r.kings[s]));
        }
        for s in 2..4 {
            c.u(r.deployed[s].0);
        }
        for s in 2..4 {
            c.u(r.drawn[s].0);
        }
        for s in 2..4 {
            c.u(r.king_round[s].into());
        }
        for s in 0..4 {
            c.u(r.out_round[s].into());
        }
        for s in 0..4 {
            c.u(r.enhanced[s].into());
        }
        for s in 0..4 {
            c.u(r.second_targets[s].into());
        }
    }
}

impl Registered for BcState {
    type Spec = BcAgentSpec;
    const AGENTS: &'static [&'static str] = BC_AGENTS;
    const END_REASONS: &'static [&'static str] = &["life", "no_cards", "turn_limit"];
    const SECTIONS: &'static [&'static str] = &[];
    const OWN: &'static [Column] = &[("life_p1", "i32"), ("life_p2", "i32"), ("rolls", "u32")];
    fn parse_agent(spec: &str) -> Result<BcAgentSpec, String> {
        BcAgentSpec::parse(spec)
    }
    fn canonical_agent(spec: &BcAgentSpec) -> String {
        spec.canonical()
    }
    fn push(r: &BcRecord, c: &mut Columns) {
        // P1 plays first in every game (seats are swapped in odd games of a batch instead).
        c.u(r.seed)
            .i(r.winner.into())
            .s(r.end.name())
            .u(r.turns.into());
        c.u(r.turns.div_ceil(2).into()).u(0).u(r.actions.into());
        c.u(r.decisions[0].into()).u(r.decisions[1].into());
        c.i(r.life[0].into()).i(r.life[1].into()).u(r.rolls.into());
    }
}

impl Registered for HsMatch {
    type Spec = HsAgentSpec;
    const AGENTS: &'static [&'static str] = HS_AGENTS;
    const END_REASONS: &'static [&'static str] = &["match"];
    const SECTIONS: &'static [&'static str] = &[];
    const OWN: &'static [Column] = &[
        ("score_p1", "i32"),
        ("score_p2", "i32"),
        ("games_in_match", "u32"),
    ];
    fn parse_agent(spec: &str) -> Result<HsAgentSpec, String> {
        HsAgentSpec::parse(spec)
    }
    fn canonical_agent(spec: &HsAgentSpec) -> String {
        spec.canonical()
    }
    fn push(r: &HsRecord, c: &mut Columns) {
        // A record is a whole match, P1 starting every game; its moves are its decisions.
        c.u(r.seed).i(r.winner.into()).s("match").u(r.turns.into());
        c.u(r.turns.div_ceil(2).into()).u(0);
        c.u((r.decisions[0] + r.decisions[1]).into());
        c.u(r.decisions[0].into()).u(r.decisions[1].into());
        c.i(r.scores[0].into())
            .i(r.scores[1].into())
            .u(r.games.into());
    }
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
    start: u64,
    count: u64,
    threads: usize,
    swap: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let rules = G::Rules::parse(rules).map_err(bad)?;
    let specs = [
        G::parse_agent(&agents.0).map_err(bad)?,
        G::parse_agent(&agents.1).map_err(bad)?,
    ];
    // Played in blocks turned into columns as they finish: a game's usage table is about a
    // kilobyte, so holding every game of a large batch before converting touched far more
    // memory than the columns need.
    const BLOCK: u64 = 4096;
    let mut cols = Columns::of::<G>(count as usize);
    crate::signals::interruptible(py, || {
        let mut at = start;
        while at < start + count {
            let n = BLOCK.min(start + count - at);
            let played = core::play_batch_played::<G>(
                &rules,
                [&specs[0], &specs[1]],
                seed,
                at,
                n,
                threads,
                swap,
            );
            let done = played.len() as u64;
            for g in &played {
                cols.add::<G>(g);
            }
            if done < n {
                break; // stopped (Ctrl-C): the caller raises and throws the columns away
            }
            at += n;
        }
    })?;
    cols.into_dict(py)
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

/// Games `start .. start+count` of the batch seeded by `seed`, as columns.
#[pyfunction]
#[pyo3(signature = (game, rules, agents, seed, start, count, threads, swap_odd_seats=false))]
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
) -> PyResult<Bound<'py, PyDict>> {
    dispatch!(
        game,
        play(
            py,
            rules,
            agents,
            seed,
            start,
            count,
            threads,
            swap_odd_seats
        )
    )
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

/// What the step-by-step game (`sim._core.Game`) needs of a game beyond `Registered`: its state
/// as JSON, and what one seat may see.
pub trait Stepped: Registered + 'static {
    fn state_json(&self) -> JsonValue;
    fn observation_json(&self, seat: usize) -> JsonValue;
}

impl Stepped for State {
    fn state_json(&self) -> JsonValue {
        let mut v = houses_engine::houses::json::state_json(self);
        v["units"] = houses_engine::houses::json::unit_stats(self, 0);
        v["deck_size"] = self.deck.len().into();
        v
    }
    fn observation_json(&self, seat: usize) -> JsonValue {
        let obs = houses_engine::houses::view::View::new(self, seat).observation();
        let mut v = houses_engine::houses::json::state_json(&obs.state);
        v["opponent_hidden_cards"] = obs.opponent_hidden.into();
        // Each seat's unseen cards (hand sizes are public; at three or four players the
        // total alone does not say whose they are).
        for s in 0..self.seats() {
            v["hidden_cards"][format!("P{}", s + 1).as_str()] = obs.hidden[s].into();
        }
        v["deck_size"] = obs.deck_len.into();
        v["units"] = houses_engine::houses::json::unit_stats(&obs.state, seat);
        v
    }
}

impl Stepped for BcState {
    fn state_json(&self) -> JsonValue {
        battle_cards::json::state_json(self)
    }
    fn observation_json(&self, seat: usize) -> JsonValue {
        battle_cards::json::observation_json(self, seat)
    }
}

impl Stepped for HsMatch {
    fn state_json(&self) -> JsonValue {
        house_of_suits::json::state_json(self)
    }
    fn observation_json(&self, seat: usize) -> JsonValue {
        house_of_suits::json::observation_json(self, seat)
    }
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

fn table<G: Stepped>(
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
    dispatch!(name, table(rules, seed, agents, keep_log))
}
