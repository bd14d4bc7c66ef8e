//! House of Suits as JSON, for the step-by-step game of the bindings (the human seat, the
//! replay viewer): the whole match, or what one seat may see (rule S9).

use serde_json::{json, Value};

use super::*;
use crate::core::Game;

fn names(cards: &[HCard]) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}

fn seat_name(s: usize) -> String {
    format!("P{}", s + 1)
}

fn role_name(r: Role) -> &'static str {
    match r {
        Role::Winning => "winning",
        Role::Neutral => "neutral",
        Role::Losing => "losing",
        Role::Bonus => "bonus",
        Role::Discarded => "discarded",
    }
}

/// The match, showing seat `s`'s hand and set-aside card where `shown(s)`.
fn json_of(m: &HsMatch, shown: impl Fn(usize) -> bool) -> Value {
    let g = &m.game;
    // Set-aside cards count in the market totals once the game is over (turned up).
    let totals = g.totals(g.over);
    let roles = HsGame::roles(&totals);
    let suits: Vec<Value> = (0..g.suits as usize)
        .map(|s| {
            json!({
                "suit": SUITS[s].to_string(),
                "total": totals[s],
                "role": role_name(roles[s]),
                "invested": [
                    g.invested[0].iter().filter(|c| c.suit as usize == s).map(|c| c.rank as u32).sum::<u32>(),
                    g.invested[1].iter().filter(|c| c.suit as usize == s).map(|c| c.rank as u32).sum::<u32>(),
                ],
            })
        })
        .collect();
    let mut players = serde_json::Map::new();
    for s in 0..2 {
        let show = shown(s) || g.over;
        players.insert(
            seat_name(s),
            json!({
                "hand": shown(s).then(|| names(&g.hands[s])),
                "hand_size": g.hands[s].len(),
                "aside": if show { g.aside[s].map(|c| c.to_string()) } else { None },
                "aside_set": g.aside[s].is_some(),
                "invested": names(&g.invested[s]),
                "score": m.total[s],
            }),
        );
    }
    let decider = Game::decider(m);
    let pending = match decider {
        None => "over",
        Some(s) if g.aside[s].is_none() => "aside",
        Some(_) => "lay",
    };
    let outcome = m.over.then(|| {
        json!({
            "winner": match m.total[0].cmp(&m.total[1]) {
                std::cmp::Ordering::Greater => "P1",
                std::cmp::Ordering::Less => "P2",
                std::cmp::Ordering::Equal => "draw",
            },
            "reason": "match",
        })
    });
    json!({
        "game": "house_of_suits",
        "match_game": (m.index + 1).min(m.schedule.len()),
        "games": m.schedule.len(),
        "suits": suits,
        "turn": g.turns,
        "active": seat_name(g.active),
        "pending": pending,
        "decider": decider.map(seat_name),
        "market": names(&g.market),
        "pile_size": g.pile.len(),
        "final_turns": g.final_turns,
        "players": players,
        "outcome": outcome,
    })
}

/// The whole match, both hands and set-aside cards shown (for replays, not for players).
pub fn state_json(m: &HsMatch) -> Value {
    json_of(m, |_| true)
}

/// What `seat` may see (S9): its own hand and set-aside card, the market, both investments,
/// the match totals, and the sizes of the opponent's hand and of the pickup pile.
pub fn observation_json(m: &HsMatch, seat: usize) -> Value {
    let mut out = json_of(m, |s| s == seat);
    out["seat"] = seat_name(seat).into();
    out
}
