//! How an agent plays the Jack of Clubs under `jack_of_clubs=double_damage`: on its own turn or
//! in response, on a unit that then strikes (attacks or blocks) in that turn or not, in a close
//! game (the mover's evaluation between 10% and 90%) or a decided one. For each response play,
//! it also judges the play against passing as the search does: the heuristic player plays on
//! to the end of the turn in 200 of the mover's worlds, then the evaluation.
//!
//! A play whose doubled unit did not strike is told by why: on its own turn, the turn ended
//! before its attacks (an opposing Jack of Diamonds), it was offered no attack, or it could
//! have attacked and did not;
//! in response, the active player declared no attack at all, attacked where the unit could
//! not block, or the unit could have blocked and did not.
//!
//! Usage: `jack_of_clubs_use SPEC GAMES [JUDGE]` (JUDGE: the generation of the fitted evaluation
//! that judges, 0 unless given), e.g.
//! `cargo run --release -p houses-engine --example jack_of_clubs_use 'search(iterations=100,worlds=16,c=0.05,rollout=1)' 1000`
//! (docs/findings.md: why the Jack of Clubs answer depends on the search player).
use houses_engine::core::card::Card;
use houses_engine::core::rng::GameRng;
use houses_engine::houses::action::Action;
use houses_engine::houses::agents::evaluation::{evaluate_with, Evaluation, EVALUATIONS};
use houses_engine::houses::agents::{greedy_pick, AgentSpec, Params};
use houses_engine::houses::state::Pending;
use houses_engine::houses::view::View;
use houses_engine::{Rules, State};

/// The mover's evaluation after the heuristic player finishes the turn (the search's play-out).
fn finish_turn(mut st: State, seat: usize, judge: &Evaluation, rng: &mut GameRng) -> f64 {
    let stop = st.turn + 1;
    while st.turn < stop {
        let Some(d) = st.pending.decider() else { break };
        let legal = st.legal_actions();
        let i = if legal.len() == 1 {
            0
        } else {
            greedy_pick(&View::new(&st, d), &legal, &Params::default(), rng)
        };
        st.apply_unchecked(legal[i]);
    }
    evaluate_with(&st, seat, judge)
}

/// Passing against the response `play`, each played on to the end of the turn, on average.
fn against_passing(
    st: &State,
    seat: usize,
    play: Action,
    judge: &Evaluation,
    rng: &mut GameRng,
) -> f64 {
    let obs = View::new(st, seat).observation();
    let worlds = 200;
    let mut diff = 0.0;
    for _ in 0..worlds {
        let w = obs.determinize(rng);
        let mut played = w.clone();
        played.apply_unchecked(play);
        let mut passed = w;
        passed.apply_unchecked(Action::Pass);
        diff += finish_turn(played, seat, judge, rng) - finish_turn(passed, seat, judge, rng);
    }
    diff / worlds as f64
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let spec = AgentSpec::parse(args.get(1).map_or("greedy", |s| s.as_str())).unwrap();
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
    // The evaluation that judges closeness and each response play (default generation 0).
    let judge = &EVALUATIONS[args.get(3).and_then(|s| s.parse().ok()).unwrap_or(0)];
    let rules = Rules::parse("jack_of_clubs=double_damage").unwrap();
    let jc = Card::parse("JC").unwrap();
    let mut rng = GameRng::new(5);
    // [own turn, response] x [struck, did not] x [close, decided]
    let mut n = [[[0u32; 2]; 2]; 2];
    // Response plays judged against passing: worse by 5 points or more, within 5, better.
    let mut judged = [0u32; 3];
    // Plays the rules show to do nothing (`State::futile`).
    let mut futile = 0u32;
    // Why a doubled unit did not strike: [no attack declared, not offered, offered, not taken].
    let mut why = [[[0u32; 2]; 3]; 2];
    let why_not = |offered: bool, attacks: u32| match (attacks, offered) {
        (_, true) => 2,
        (0, _) => 0,
        _ => 1,
    };
    for g in 0..games {
        let mut st = State::new_game(rules.clone(), 1000 + g);
        let mut agents = [spec.make(7 * g + 1), spec.make(7 * g + 2)];
        // The play waiting to be classified: seat, response?, doubled unit, turn, decided?
        let mut open: Option<(usize, usize, Card, u32, usize)> = None;
        // Since that play: the doubled unit was offered a strike (an attack or a block); the
        // active player declared attacks.
        // (For a play on its own turn, `attacks` counts the attack decisions it reached.)
        let (mut offered, mut attacks) = (false, 0u32);
        while let Some(seat) = st.pending.decider() {
            let legal = st.legal_actions();
            let i = if legal.len() == 1 {
                0
            } else {
                agents[seat].choose(&View::new(&st, seat), &legal)
            };
            if let Some((s, response, unit, turn, decided)) = open {
                // The doubled unit, whatever its leader now (a Blood Bond may have changed it).
                let doubled = |id| st.unit(id).is_some_and(|u| u.has_card(unit));
                let struck = match legal[i] {
                    Action::Attack { attacker, .. } => seat == s && doubled(attacker),
                    Action::Block { blocker, .. } => seat == s && doubled(blocker),
                    _ => false,
                };
                if st.turn == turn {
                    offered |= seat == s
                        && legal.iter().any(|a| match *a {
                            Action::Attack { attacker, .. } => doubled(attacker),
                            Action::Block { blocker, .. } => doubled(blocker),
                            _ => false,
                        });
                    attacks += u32::from(if response == 1 {
                        matches!(legal[i], Action::Attack { .. })
                    } else {
                        st.pending == Pending::Attack(s)
                    });
                }
                if struck || st.turn != turn {
                    n[response][usize::from(!struck)][decided] += 1;
                    if !struck {
                        why[response][why_not(offered, attacks)][decided] += 1;
                    }
                    open = None;
                }
            }
            if let Action::Play {
                card,
                t1: Some(unit),
                ..
            } = legal[i]
            {
                if card == jc {
                    (offered, attacks) = (false, 0);
                    futile += u32::from(st.futile(&legal[i]));
                    let p = evaluate_with(&st, seat, judge);
                    let response = usize::from(st.active != seat);
                    open = Some((
                        seat,
                        response,
                        unit,
                        st.turn,
                        usize::from(!(0.1..=0.9).contains(&p)),
                    ));
                    if response == 1 {
                        let d = against_passing(&st, seat, legal[i], judge, &mut rng);
                        judged[if d < -0.05 {
                            0
                        } else if d > 0.05 {
                            2
                        } else {
                            1
                        }] += 1;
                    }
                }
            }
            st.apply_unchecked(legal[i]);
        }
        if let Some((_, response, _, _, decided)) = open {
            n[response][1][decided] += 1;
            why[response][why_not(offered, attacks)][decided] += 1;
        }
    }
    println!(
        "{} ({games} games): Jack of Clubs plays, close / decided games",
        args[1]
    );
    let reasons = [
        [
            "its turn ended before its attacks",
            "it was gone or spent when its attacks came",
            "it could attack and did not",
        ],
        [
            "no attack declared",
            "attacks it could not block",
            "it could block and did not",
        ],
    ];
    for (k, name) in ["own turn", "response"].iter().enumerate() {
        let [[sc, sd], [wc, wd]] = n[k];
        println!(
            "  {name}: the doubled unit struck {} ({sc} / {sd}), did not {} ({wc} / {wd})",
            sc + sd,
            wc + wd
        );
        let told: Vec<String> = (0..3)
            .map(|r| {
                let [c, d] = why[k][r];
                format!("{} {} ({c} / {d})", reasons[k][r], c + d)
            })
            .collect();
        println!("    did not: {}", told.join(", "));
    }
    println!("  futile plays (State::futile): {futile}");
    println!(
        "  response plays against passing: worse by 5+ points {}, within 5 {}, better by 5+ {}",
        judged[0], judged[1], judged[2]
    );
}
