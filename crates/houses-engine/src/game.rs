//! Playing whole games: one seeded game with two agents, and batches of games on threads.

use crate::agents::AgentSpec;
use crate::card::CardSet;
use crate::observe::View;
use crate::rng::{derive_seed, STREAM_AGENT, STREAM_DEAL};
use crate::rules::Rules;
use crate::state::{EndReason, State};

/// A game that takes more moves than this is stopped (`turn_limit`); never expected.
pub const MAX_ACTIONS: u32 = 100_000;

/// Everything recorded about one finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub seed: u64,
    /// 0 = P1 (seat 0), 1 = P2, -1 = draw.
    pub winner: i8,
    pub reason: EndReason,
    pub turns: u32,
    pub rounds: u32,
    pub life: [i32; 2],
    pub first_player: u8,
    pub cards_deployed: [u32; 2],
    /// Kings each player deployed (bit per card id).
    pub kings: [CardSet; 2],
    pub deployed: [CardSet; 2],
    pub drawn: [CardSet; 2],
    pub actions: u32,
    /// Round of each player's first King (0: none).
    pub king_round: [u32; 2],
    /// Turns begun (after the draw) with at most one card in the active player's hand.
    pub low_hand_turns: u32,
    /// How often the player ahead on life changed.
    pub lead_changes: u32,
    /// Decisions each seat's agent was asked to make (forced moves excluded).
    pub decisions: [u32; 2],
}

pub struct GameResult {
    pub record: GameRecord,
    pub log: Option<Vec<String>>,
}

/// Play one complete game. The deal comes from `seed`; each seat's agent from its own stream.
pub fn play_game(rules: &Rules, specs: [&AgentSpec; 2], seed: u64, keep_log: bool) -> GameResult {
    let mut agents = [
        specs[0].make(derive_seed(seed, 0, STREAM_AGENT[0])),
        specs[1].make(derive_seed(seed, 0, STREAM_AGENT[1])),
    ];
    let mut st = State::new_game_logged(rules.clone(), seed, keep_log);
    let mut legal = Vec::new();
    let mut decisions = [0u32; 2];
    while !st.is_over() {
        if st.actions_taken >= MAX_ACTIONS {
            st.force_end(EndReason::TurnLimit);
            break;
        }
        let seat = st.pending.decider().expect("a live game has a decider");
        st.legal_actions_into(&mut legal);
        // A forced move is played without asking the agent (no choice, no randomness used).
        let i = if legal.len() == 1 {
            0
        } else {
            decisions[seat] += 1;
            agents[seat].choose(&View::new(&st, seat), &legal)
        };
        st.apply_unchecked(legal[i]);
    }
    let mut record = record_of(&st, seed);
    record.decisions = decisions;
    GameResult {
        record,
        log: st.log.take(),
    }
}

pub fn record_of(st: &State, seed: u64) -> GameRecord {
    let o = st.outcome.expect("game over");
    GameRecord {
        seed,
        winner: o.winner.map(|w| w as i8).unwrap_or(-1),
        reason: o.reason,
        turns: st.turn,
        rounds: st.round,
        life: [st.players[0].life, st.players[1].life],
        first_player: st.first_player as u8,
        cards_deployed: [st.players[0].cards_deployed, st.players[1].cards_deployed],
        kings: [st.players[0].kings, st.players[1].kings],
        deployed: [st.players[0].deployed, st.players[1].deployed],
        drawn: [st.players[0].drawn, st.players[1].drawn],
        actions: st.actions_taken,
        king_round: [0, 1].map(|s| st.players[s].king_round.unwrap_or(0)),
        low_hand_turns: st.low_hand_turns,
        lead_changes: st.lead_changes,
        decisions: [0, 0],
    }
}

/// The seed of game `index` of a batch started from `base_seed`.
pub fn game_seed(base_seed: u64, index: u64) -> u64 {
    derive_seed(base_seed, index, STREAM_DEAL)
}

/// Play games `start .. start + count` of the batch seeded by `base_seed` on `threads` threads.
/// Records come back in game order, identical for every thread count. With `swap_odd_seats`,
/// odd-numbered games seat the two agents the other way round (seat advantage cancels out).
pub fn play_batch(
    rules: &Rules,
    specs: [&AgentSpec; 2],
    base_seed: u64,
    start: u64,
    count: u64,
    threads: usize,
    swap_odd_seats: bool,
) -> Vec<GameRecord> {
    run_batch(start, count, threads, |i| {
        let seats = if swap_odd_seats && i % 2 == 1 {
            [specs[1], specs[0]]
        } else {
            specs
        };
        play_game(rules, seats, game_seed(base_seed, i), false).record
    })
}

/// Run `game(i)` for `i` in `start .. start + count`, split into contiguous ranges over
/// `threads` threads; results come back in index order, so they do not depend on `threads`.
pub fn run_batch<R: Send>(
    start: u64,
    count: u64,
    threads: usize,
    game: impl Fn(u64) -> R + Sync,
) -> Vec<R> {
    let threads = threads.max(1).min(count.max(1) as usize);
    let per = count.div_ceil(threads as u64);
    let game = &game;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                let lo = start + t * per;
                let hi = (lo + per).min(start + count);
                scope.spawn(move || (lo..hi).map(game).collect::<Vec<_>>())
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("game thread panicked"))
            .collect()
    })
}
