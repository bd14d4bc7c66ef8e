//! How much of a greedy game a faster move generator and faster scoring could take away, in
//! three timings of the same kind of games: as a batch plays them (`play_game`: each game's
//! players made, the usage table kept); in a bare loop (players made once, no usage table:
//! the batch's cost per game is the difference); and greedy's moves of the batch's games
//! replayed, each game dealt again and its moves applied with no legal moves worked out and
//! no choice made (the floor: the deal and the rules' effects). Usage: `greedy_floor [GAMES]`
//! (default 50,000).

use houses_engine::core::{game_seed, play_game, AgentFactory, Game, Session};
use houses_engine::houses::agents::{Agent as HouseAgent, AgentSpec, Greedy};
use houses_engine::houses::view::View;
use houses_engine::{Action, Rules, State};
use std::time::Instant;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(50_000);
    let rules = Rules::default();
    let greedy = AgentSpec::parse("greedy").expect("greedy is an agent");
    let seats: [&dyn AgentFactory<State>; 2] = [&greedy, &greedy];
    // The games as the batch plays them (with the usage table), timed.
    let t = Instant::now();
    for i in 0..games {
        std::hint::black_box(play_game::<State>(&rules, &seats, game_seed(1, i), false));
    }
    let played = t.elapsed().as_secs_f64() / games as f64;
    // A bare loop: no usage table, greedy's two players made once for all the games (so not
    // the same tie-breaks: other games, the same kind of play).
    let mut agents = [Greedy::new(1), Greedy::new(2)];
    let mut legal = Vec::new();
    let t = Instant::now();
    for i in 0..games {
        let mut st = <State as Game>::new(&rules, game_seed(1, i), false);
        while let Some(seat) = st.pending.decider() {
            st.legal_actions_pruned_into(&mut legal);
            let i = if legal.len() == 1 {
                0
            } else {
                HouseAgent::choose(&mut agents[seat], &View::new(&st, seat), &legal)
            };
            st.apply_unchecked(legal[i]);
        }
        std::hint::black_box(&st);
    }
    let bare = t.elapsed().as_secs_f64() / games as f64;
    // The same games with every move kept (a log of moves; not timed).
    let mut moves: Vec<Vec<Action>> = Vec::with_capacity(games as usize);
    for i in 0..games {
        let mut s = Session::<State>::new(
            &rules,
            &[Some(&greedy), Some(&greedy)],
            game_seed(1, i),
            true,
        );
        assert!(s.waiting_for().is_none());
        moves.push(s.moves().to_vec());
        std::hint::black_box(&mut s);
    }
    let t = Instant::now();
    for (i, m) in moves.iter().enumerate() {
        let mut st = <State as Game>::new(&rules, game_seed(1, i as u64), false);
        for &a in m {
            st.apply_unchecked(a);
        }
        assert!(st.is_over());
        std::hint::black_box(&st);
    }
    let replayed = t.elapsed().as_secs_f64() / games as f64;
    let per_move = moves.iter().map(|m| m.len()).sum::<usize>() as f64 / games as f64;
    println!(
        "a bare loop (agents made once, no usage table): {:.2} us a game",
        bare * 1e6
    );
    println!(
        "{games} greedy games, {per_move:.1} moves a game: played {:.2} us a game; dealt and \
         replayed (no legal moves, no choice) {:.2} us; the difference (legal moves, greedy's \
         choice, the game loop) {:.2} us",
        played * 1e6,
        replayed * 1e6,
        (played - replayed) * 1e6
    );
}
