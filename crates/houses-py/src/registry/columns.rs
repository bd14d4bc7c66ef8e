//! A batch's records as columns: every game's common columns, its own, and the usage of each
//! kind of decision, built record by record and handed to Python as `bytes` and lists.

use houses_engine::core::{Played, Usage};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use super::Registered;

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
    #[inline(always)]
    fn number(&mut self, v: u64) -> &mut Self {
        match &mut self.cols[self.at] {
            // One fixed-size copy per width: a copy of a length known only at run time is a
            // call to `memcpy`, and a game's record pushes some three hundred values.
            (_, Values::Number { width, bytes }) => match *width {
                8 => bytes.extend_from_slice(&v.to_le_bytes()),
                4 => bytes.extend_from_slice(&(v as u32).to_le_bytes()),
                2 => bytes.extend_from_slice(&(v as u16).to_le_bytes()),
                _ => bytes.push(v as u8),
            },
            (name, Values::Text(_)) => panic!("column {name}: a number in a text column"),
        }
        self.at += 1;
        self
    }
    #[inline(always)]
    pub fn u(&mut self, v: u64) -> &mut Self {
        self.number(v)
    }
    #[inline(always)]
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
    pub(super) fn into_dict(self, py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
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

/// The usage columns, all `u16` and in this order at the end of the row: written straight
/// into their byte buffers, a game's usage being most of its row.
fn push_usage<G: Registered>(u: &Usage, c: &mut Columns) {
    let n = G::DECISIONS.len() * 2 * G::TABLE;
    let mut cols = c.cols[c.at..c.at + n].iter_mut();
    for k in 0..G::DECISIONS.len() {
        for counts in [&u.arose, &u.taken] {
            for seat_counts in &counts[..G::TABLE] {
                let v = seat_counts[k].min(u16::MAX as u32) as u16;
                match cols.next() {
                    Some((_, Values::Number { width: 2, bytes })) => {
                        bytes.extend_from_slice(&v.to_le_bytes())
                    }
                    _ => panic!("usage columns are u16, after the record's own"),
                }
            }
        }
    }
    c.at += n;
}

impl Columns {
    /// Empty columns of game `G`'s records, room for `rows`.
    pub(super) fn of<G: Registered>(rows: usize) -> Columns {
        Columns::new(&all_columns::<G>(), rows)
    }
    /// One game's record and usage, as the next row.
    pub(super) fn add<G: Registered>(&mut self, g: &Played<G::Record>) {
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
