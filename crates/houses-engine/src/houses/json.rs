//! Houses-Skirmish as JSON, for `sim scenario` and the step-by-step game of the bindings (the
//! human seat, the replay viewer): the whole state with the legal moves, and each seat's units
//! with their stats.

use serde_json::{json, Value};

use crate::core::card::Card;
use crate::houses::position::{unit_text, Position};
use crate::houses::state::{State, Target, Unit};
use crate::houses::view::View;

fn target_json(t: Target) -> Value {
    match t {
        Target::Player(k) => json!(if k == 1 {
            "player".to_string()
        } else {
            format!("player+{k}")
        }),
        Target::Unit(c) => json!(c.to_string()),
    }
}

/// The whole state as JSON, with the legal moves of whoever decides next.
pub fn state_json(st: &State) -> Value {
    let names = |v: &[Card]| v.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    let mut players = serde_json::Map::new();
    for (s, p) in st.players.iter().enumerate() {
        let units = |us: &[Unit]| us.iter().map(unit_text).collect::<Vec<_>>();
        players.insert(
            format!("P{}", s + 1),
            json!({
                "life": p.life,
                "hand": names(&p.hand),
                "front": units(&p.front),
                "rear": units(&p.rear),
                "king": p.king().map(|k| k.leader_face().to_string()),
                "out": p.out,
            }),
        );
    }
    let mut deck = st.deck.clone();
    deck.reverse();
    let mut deck_p2 = st.deck_p2.clone();
    deck_p2.reverse();
    let attacks: Vec<Value> = st
        .attacks
        .iter()
        .map(|a| {
            json!({
                "attacker": a.attacker.to_string(),
                "target": target_json(a.target),
                "second": a.second.map(target_json),
                "blocker": a.blocker.map(|b| b.to_string()),
            })
        })
        .collect();
    let outcome = st.outcome.map(|o| {
        json!({
            "winner": o.winner.map(|w| format!("P{}", w + 1)).unwrap_or_else(|| "draw".into()),
            "reason": o.reason.name(),
        })
    });
    json!({
        "turn": st.turn,
        "round": st.round,
        "active": format!("P{}", st.active + 1),
        "pending": st.pending.name(),
        "decider": st.pending.decider().map(|s| format!("P{}", s + 1)),
        "players": players,
        "deck": names(&deck),
        "deck_p2": names(&deck_p2),
        "barrows": names(&st.barrows_up),
        "burned": names(&st.barrows_down),
        "attacks": attacks,
        "sudden_death": st.sudden_death.is_some(),
        "outcome": outcome,
        "legal": st.legal_actions().iter().map(|a| a.to_string()).collect::<Vec<_>>(),
        "log": st.log.clone().unwrap_or_default(),
        "rules": st.rules.canonical(),
    })
}

/// Each seat's units, rank by rank, with what `unit_text` leaves out: attack, defence and the
/// damage the leader has taken this turn (as `seat` reckons them; for the human seat's board).
pub fn unit_stats(st: &State, seat: usize) -> Value {
    let view = View::new(st, seat);
    let rank = |us: &[Unit]| {
        us.iter()
            .map(|u| {
                json!({
                    "unit": unit_text(u),
                    "attack": view.unit_attack(u),
                    "defence": view.unit_defence(u),
                    "damage": u.leader_damage,
                })
            })
            .collect::<Vec<_>>()
    };
    let mut seats = serde_json::Map::new();
    for (s, p) in st.players.iter().enumerate() {
        seats.insert(
            format!("P{}", s + 1),
            json!({"front": rank(&p.front), "rear": rank(&p.rear)}),
        );
    }
    Value::Object(seats)
}

/// Build a position from JSON, play its moves and return the resulting state as JSON.
pub fn run_scenario(text: &str) -> Result<Value, String> {
    let pos = Position::from_json(text)?;
    let st = pos.build()?;
    Ok(state_json(&st))
}

pub type JsonValue = Value;

pub fn to_pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).expect("JSON values always serialise")
}
