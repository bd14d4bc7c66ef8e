//! Battle Cards as JSON, for the step-by-step game of the bindings (the human seat, the replay
//! viewer): the whole state, or what one seat may see (read through `BcView`).

use serde_json::{json, Value};

use super::*;
use crate::core::card::Card;

fn names(cards: &[Card]) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}

fn seat_name(s: usize) -> String {
    format!("P{}", s + 1)
}

/// What every seat sees alike: the turn, the pending decision, lives, Defense Piles, discard
/// piles and pile sizes. `hand(s)` gives the hand shown for seat `s` (None: hidden).
fn common(st: &BcState, v: &BcView, hand: impl Fn(usize) -> Option<Vec<String>>) -> Value {
    let mut players = serde_json::Map::new();
    for s in 0..2 {
        players.insert(
            seat_name(s),
            json!({
                "life": v.life(s),
                "hand": hand(s),
                "hand_size": v.hand_len(s),
                // Bottom first: the last card is the top of the Defense Pile.
                "armor": names(v.armor(s)),
                "discard": names(v.discard(s)),
                "draw_size": v.draw_len(s),
            }),
        );
    }
    let (pending, attack) = match v.pending() {
        BcPending::Turn(_) => ("turn", None),
        BcPending::Ward { attack, .. } => ("ward", Some(attack.to_string())),
        BcPending::Redraw(_) => ("redraw", None),
        BcPending::Over => ("over", None),
    };
    let outcome = st.end.map(|e| {
        json!({
            "winner": st.winner.map(seat_name).unwrap_or_else(|| "draw".into()),
            "reason": e.name(),
        })
    });
    json!({
        "game": "battle_cards",
        "turn": st.turn,
        "active": seat_name(st.active),
        "pending": pending,
        "decider": st.decider().map(seat_name),
        "attack": attack,
        "players": players,
        "rolls": st.rolls,
        "outcome": outcome,
        "rules": st.rules.canonical(),
    })
}

/// The whole state, both hands shown (for replays, not for players).
pub fn state_json(st: &BcState) -> Value {
    let v = BcView::new(st, 0);
    common(st, &v, |s| Some(names(&st.players[s].hand)))
}

/// What `seat` may see: its own hand; of the opponent's, only its size.
pub fn observation_json(st: &BcState, seat: usize) -> Value {
    let v = BcView::new(st, seat);
    let mut out = common(st, &v, |s| (s == seat).then(|| names(v.hand())));
    out["seat"] = seat_name(seat).into();
    out
}
