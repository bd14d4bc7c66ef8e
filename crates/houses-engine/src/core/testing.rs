//! The conformance check every game passes (after OpenSpiel's random-simulation test): play a
//! game with the given agents and check, after every move, the invariants and that the legal
//! moves are unique; then replay the moves on a fresh deal, each one checked against the legal
//! moves, and require the same record.

use super::game::{AgentFactory, Game};
use super::play::MAX_ACTIONS;
use crate::rng::{derive_seed, STREAM_AGENT};

/// Play one game from `seed` and check it; the error says what broke, and where.
pub fn check_game<G: Game>(
    rules: &G::Rules,
    agents: [&dyn AgentFactory<G>; 2],
    seed: u64,
) -> Result<G::Record, String> {
    check_game_with(rules, agents, seed, |_| Ok(()))
}

/// `check_game`, with a check of the caller's own after every move (for example that life
/// never goes up); returns the game's record.
pub fn check_game_with<G: Game>(
    rules: &G::Rules,
    agents: [&dyn AgentFactory<G>; 2],
    seed: u64,
    mut after_move: impl FnMut(&G) -> Result<(), String>,
) -> Result<G::Record, String> {
    let mut players = [0, 1].map(|s| agents[s].make(derive_seed(seed, 0, STREAM_AGENT[s])));
    let mut game = G::new(rules, seed, false);
    game.check_invariants()
        .map_err(|e| format!("after the deal: {e}"))?;
    let mut legal = Vec::new();
    let mut moves = Vec::new();
    while let Some(seat) = game.decider() {
        if game.actions_taken() >= MAX_ACTIONS {
            return Err(format!("no end after {MAX_ACTIONS} moves"));
        }
        game.legal_into(&mut legal);
        if legal.is_empty() {
            return Err(format!("no legal move after {} moves", moves.len()));
        }
        let mut names: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
        names.sort();
        if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
            return Err(format!("move '{}' is listed twice", w[0]));
        }
        let i = if legal.len() == 1 {
            0
        } else {
            players[seat].choose(&game, seat, &legal)
        };
        game.apply_unchecked(legal[i]);
        moves.push(legal[i]);
        game.check_invariants()
            .and_then(|()| after_move(&game))
            .map_err(|e| format!("after move {} ('{}'): {e}", moves.len(), legal[i]))?;
    }
    let mut again = G::new(rules, seed, false);
    for (k, &m) in moves.iter().enumerate() {
        again.legal_into(&mut legal);
        if !legal.contains(&m) {
            return Err(format!("replay: move {} ('{m}') is not legal", k + 1));
        }
        again.apply_unchecked(m);
    }
    if again.decider().is_some() {
        return Err("replay: the game is not over".into());
    }
    let (a, b) = (game.record(seed, [0, 0]), again.record(seed, [0, 0]));
    if a != b {
        return Err(format!("replay: the record differs: {a:?} vs {b:?}"));
    }
    Ok(a)
}
