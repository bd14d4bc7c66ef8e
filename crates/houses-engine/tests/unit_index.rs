//! The engine's index of units (`State::find_unit`): where each card's unit is, kept up to date
//! move by move. The property tests check it after every move of every game
//! (`State::check_unit_index`, one of the invariants); this file pins the moves that shift units.

mod common;

use common::*;
use houses_engine::core::card::Card;
use serde_json::json;

/// The engine's index of units (card -> seat, rank, place) follows a bond and a split, which
/// move a unit's cards and shift the units after them; the invariants catch an index left
/// behind (`check_unit_index`, one of the invariants every property-test move keeps).
#[test]
fn the_unit_index_follows_bonds_and_splits() {
    let card = |s: &str| Card::parse(s).unwrap();
    let mut st = build(json!({"players": {"P1": {"front": ["5H", "7C", "4H"]}, "P2": {}}}));
    play(&mut st, &["bond 5H/4H"]);
    assert_eq!(front(&st, "P1"), ["5H/4H", "7C"]);
    assert_eq!(st.find_unit(card("4H")), Some((0, false, 0)));
    assert_eq!(st.find_unit(card("7C")), Some((0, false, 1)));
    play(&mut st, &["end", "pass", "done"]);
    st.check_unit_index().unwrap();
    let mut st = build(json!({"players": {"P1": {"front": ["5H/4H", "7C"]}, "P2": {}}}));
    play(&mut st, &["split 5H"]);
    assert_eq!(front(&st, "P1"), ["5H", "4H", "7C"]);
    assert_eq!(st.find_unit(card("4H")), Some((0, false, 1)));
    assert_eq!(st.find_unit(card("7C")), Some((0, false, 2)));
    st.check_unit_index().unwrap();
    // A unit taken off the board behind the engine's back leaves the index out of date.
    st.players[0].front.remove(0);
    let err = st.check_unit_index().unwrap_err();
    assert!(err.contains("the unit index puts"), "{err}");
}

/// A unit that leaves shifts the units after it: the index follows a defeat.
#[test]
fn the_unit_index_follows_a_defeat() {
    let card = |s: &str| Card::parse(s).unwrap();
    let mut st = build(json!({"active": "P1", "phase": "attack", "players": {
        "P1": {"front": ["9C"]}, "P2": {"front": ["3D", "7H", "4S"]}}}));
    play(&mut st, &["attack 9C 3D", "done", "done"]);
    assert_eq!(front(&st, "P2"), ["7H", "4S"]);
    assert_eq!(st.find_unit(card("3D")), None);
    assert_eq!(st.find_unit(card("4S")), Some((1, false, 1)));
    st.check_unit_index().unwrap();
}
