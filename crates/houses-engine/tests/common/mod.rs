//! Helpers for position tests: build a position from JSON, play moves, read the state back.
#![allow(dead_code)]

use houses_engine::houses::json::state_json;
use houses_engine::houses::position::Position;
use houses_engine::{Action, State};
use serde_json::Value;

pub fn build(v: Value) -> State {
    Position::from_json(&v.to_string())
        .unwrap()
        .build()
        .unwrap_or_else(|e| panic!("{e}"))
}

pub fn build_err(v: Value) -> String {
    Position::from_json(&v.to_string())
        .unwrap()
        .build()
        .unwrap_err()
}

pub fn play(st: &mut State, moves: &[&str]) {
    for m in moves {
        st.apply(Action::parse(m).unwrap())
            .unwrap_or_else(|e| panic!("{e}"));
    }
}

pub fn json(st: &State) -> Value {
    state_json(st)
}

pub fn strs(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

pub fn front(st: &State, p: &str) -> Vec<String> {
    strs(&json(st)["players"][p]["front"])
}

pub fn rear(st: &State, p: &str) -> Vec<String> {
    strs(&json(st)["players"][p]["rear"])
}

pub fn hand(st: &State, p: &str) -> Vec<String> {
    strs(&json(st)["players"][p]["hand"])
}

pub fn barrows(st: &State) -> Vec<String> {
    strs(&json(st)["barrows"])
}

pub fn burned(st: &State) -> Vec<String> {
    strs(&json(st)["burned"])
}

pub fn legal(st: &State) -> Vec<String> {
    st.legal_actions().iter().map(|a| a.to_string()).collect()
}

pub fn has(st: &State, m: &str) -> bool {
    legal(st).iter().any(|x| x == m)
}

pub fn life(st: &State, p: &str) -> i64 {
    json(st)["players"][p]["life"].as_i64().unwrap()
}

/// Play the current turn out with `end`, `pass` and `done` until the next turn begins.
pub fn play_out_turn(st: &mut State) {
    let start = st.turn;
    while st.turn == start && !st.is_over() {
        let m = ["end", "pass", "done"]
            .into_iter()
            .find(|m| has(st, m))
            .unwrap();
        play(st, &[m]);
    }
}

/// A position in the attack phase (P1 to attack), with the rules given and four Aces in the
/// deck.
pub fn attack_pos(rules: &str, p1: Value, p2: Value) -> State {
    build(
        serde_json::json!({"rules": rules, "phase": "attack", "players": {"P1": p1, "P2": p2},
        "deck": ["AH", "AD", "AC", "AS"]}),
    )
}
