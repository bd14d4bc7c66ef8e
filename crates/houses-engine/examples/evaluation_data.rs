//! Positions from self-play with who won, for fitting the search's evaluation
//! (`benchmarks/fit_evaluation.py` runs this). Usage: `evaluation_data GAMES SEED [PLAYERS]
//! [AGENT [EXPLORE]] > data.csv`.
//!
//! With two players, a row is a position from the deciding seat's side (each feature that
//! seat's value minus the opponent's). With three or four (`PLAYERS`), a position gives one
//! row per seat still in, each with that seat's own values (`side`) and the position's number,
//! for a model that shares the win out among the seats (`evaluation::evaluate`); positions
//! with only two seats left are not recorded (the two-player model judges those).
//!
//! Games are played by the heuristic player (or `AGENT`, e.g. a search with `eval=K`, in every
//! seat: expert iteration) with one move in `EXPLORE` (10) at random, so that positions the
//! players would not reach are covered too, under a mix of the rule sets the experiments ask
//! about. Half of the positions at the start of a turn (where the search evaluates) are recorded,
//! from the deciding seat's side.

use houses_engine::core::rng::GameRng;
use houses_engine::houses::agents::evaluation::{features, side, FEATURES};
use houses_engine::houses::agents::{greedy_pick, AgentSpec, Params};
use houses_engine::houses::view::View;
use houses_engine::{Action, Rules, State};

const RULE_SETS: &[&str] = &[
    "",
    "",
    "kings=classic",
    "kings=share_trait",
    "deck=suit_split",
    "extra_draw=from_round_6",
    "front_ranks=3x3",
    "jokers=true",
];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let players: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(2);
    let agent = args
        .get(4)
        .map(|s| AgentSpec::parse(s).expect("agent spec"));
    let explore: usize = args.get(5).and_then(|s| s.parse().ok()).unwrap_or(10);
    let player = Player { agent, explore };
    if players > 2 {
        return multiplayer(games, seed, players, &player);
    }
    let mut rng = GameRng::new(seed);
    println!("{},won", FEATURES.join(","));
    for g in 0..games {
        let rules = Rules::parse(RULE_SETS[g as usize % RULE_SETS.len()]).expect("rule set");
        let mut rows: Vec<(usize, [f64; 13])> = Vec::new();
        // Positions between turns: the first decision of a turn (the search evaluates there).
        let winner = self_play(rules, &mut rng, &player, |st, seat, rng| {
            if rng.below(2) == 0 {
                rows.push((seat, features(st, seat)));
            }
        });
        let Some(w) = winner else {
            continue;
        };
        for (seat, f) in rows {
            let f: Vec<String> = f.iter().map(|x| format!("{x:.4}")).collect();
            println!("{},{}", f.join(","), (seat == w) as u8);
        }
    }
}

/// Who plays the games: the heuristic player or `agent` in every seat, with one move in
/// `explore` at random.
struct Player {
    agent: Option<AgentSpec>,
    explore: usize,
}

/// Play one game from `rules` (dealt from `rng`) by `player`, calling `at_turn` at the first
/// decision of every turn with the deciding seat; the winner, if any.
fn self_play(
    rules: Rules,
    rng: &mut GameRng,
    player: &Player,
    mut at_turn: impl FnMut(&State, usize, &mut GameRng),
) -> Option<usize> {
    let mut st = State::new_game(rules, rng.next_u64());
    let mut agents: Vec<_> = match &player.agent {
        Some(spec) => (0..st.seats()).map(|_| spec.make(rng.next_u64())).collect(),
        None => Vec::new(),
    };
    let mut legal: Vec<Action> = Vec::new();
    let params = Params::default();
    let mut last_turn = 0;
    while let Some(seat) = st.pending.decider().filter(|_| !st.is_over()) {
        st.legal_actions_into(&mut legal);
        if st.turn != last_turn {
            at_turn(&st, seat, rng);
        }
        let i = if legal.len() == 1 {
            0
        } else if rng.below(player.explore) == 0 {
            rng.below(legal.len())
        } else if let Some(agent) = agents.get_mut(seat) {
            agent.choose(&View::new(&st, seat), &legal)
        } else {
            greedy_pick(&View::new(&st, seat), &legal, &params, rng)
        };
        last_turn = st.turn;
        st.apply_unchecked(legal[i]);
    }
    st.outcome.and_then(|o| o.winner)
}

/// Rule sets for three and four players: the two-player mix without `deck=suit_split` (refused
/// at a larger table).
const MULTI_RULE_SETS: &[&str] = &[
    "",
    "",
    "kings=classic",
    "kings=share_trait",
    "extra_draw=from_round_6",
    "front_ranks=3x3",
    "jokers=true",
];

/// Rows `position,seat,<side features>,won` for every seat still in at the first decision of
/// half of the turns, while at least three seats are in.
fn multiplayer(games: u64, seed: u64, players: usize, player: &Player) {
    let mut rng = GameRng::new(seed);
    println!("position,seat,{},won", FEATURES.join(","));
    let mut position = 0u64;
    for g in 0..games {
        let set = MULTI_RULE_SETS[g as usize % MULTI_RULE_SETS.len()];
        let rules = Rules::parse(&format!("players={players},{set}")).expect("rule set");
        let mut rows: Vec<(u64, usize, [f64; 13])> = Vec::new();
        let winner = self_play(rules, &mut rng, player, |st, _, rng| {
            let alive: Vec<usize> = st.alive().collect();
            if alive.len() >= 3 && rng.below(2) == 0 {
                position += 1;
                rows.extend(alive.iter().map(|&s| (position, s, side(st, s))));
            }
        });
        let Some(w) = winner else {
            continue;
        };
        for (pos, seat, f) in rows {
            let f: Vec<String> = f.iter().map(|x| format!("{x:.4}")).collect();
            println!("{pos},{seat},{},{}", f.join(","), (seat == w) as u8);
        }
    }
}
