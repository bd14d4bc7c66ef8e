//! Futile moves (`State::futile`): legal moves the rules show to do nothing this turn, which the
//! search neither tries nor plays (issue #36: the search wasted its Jacks of Clubs).

mod common;
use common::*;
use houses_engine::core::rng::GameRng;
use houses_engine::houses::agents::AgentSpec;
use houses_engine::houses::view::View;
use houses_engine::{Action, Rules, State};
use serde_json::json;

fn futile(st: &State, m: &str) -> bool {
    assert!(has(st, m), "{m} is not legal here: {:?}", legal(st));
    st.futile(&Action::parse(m).unwrap())
}

#[test]
fn a_jack_of_clubs_on_its_own_turn_is_futile_on_a_unit_that_cannot_attack() {
    let st = build(json!({"players": {
        "P1": {"hand": ["JC"], "front": ["5S exhausted", "6S", "7S dazed", "8S double"],
               "rear": ["KD", "AS", "AH guard"]},
        "P2": {"front": ["4C"]}}, "deck": ["10H", "10S"]}));
    assert!(
        futile(&st, "play JC 5S"),
        "exhausted: it attacked or was deployed this turn"
    );
    assert!(!futile(&st, "play JC 6S"), "ready: it may attack");
    assert!(
        futile(&st, "play JC 7S"),
        "dazed (stunned): it cannot attack this turn"
    );
    assert!(futile(&st, "play JC 8S"), "already doubled");
    assert!(
        futile(&st, "play JC KD"),
        "a Spring '25 King does not attack"
    );
    assert!(futile(&st, "play JC AH"), "nor does a guard");
    assert!(
        !futile(&st, "play JC AS"),
        "a ready Ace strikes from the Rear Ranks"
    );
    // Nothing else is futile: the other cards' plays, deploys, the end of the phase.
    let others: Vec<String> = legal(&st)
        .into_iter()
        .filter(|m| !m.starts_with("play JC"))
        .collect();
    assert!(others.iter().all(|m| !futile(&st, m)), "{others:?}");
    // The classic King of Clubs challenges an enemy soldier each turn.
    let st = build(json!({"rules": "kings=classic", "players": {
        "P1": {"hand": ["JC"], "rear": ["KC"]}, "P2": {"front": ["4C"]}}, "deck": ["10H", "10S"]}));
    assert!(
        !futile(&st, "play JC KC"),
        "the classic King of Clubs strikes"
    );
}

#[test]
fn a_jack_of_clubs_in_response_is_futile_on_a_unit_that_cannot_block() {
    // P2 is active; P1 responds after P2's deploys.
    let mut st = build(json!({"active": "P2", "players": {
        "P1": {"hand": ["JC"], "front": ["5S exhausted", "6S", "5H exhausted"],
               "rear": ["AH guard", "KD"]},
        "P2": {"front": ["4C", "9C"]}}, "deck": ["10H", "10S"]}));
    play(&mut st, &["end"]);
    assert!(futile(&st, "play JC 5S"), "exhausted: it cannot block");
    assert!(!futile(&st, "play JC 6S"), "ready: it may block");
    assert!(
        !futile(&st, "play JC 5H"),
        "an exhausted Hearts soldier may still block for an ally"
    );
    assert!(
        !futile(&st, "play JC AH"),
        "a ready guard blocks from the Rear Ranks"
    );
    assert!(futile(&st, "play JC KD"), "a King does not block");
    assert!(!futile(&st, "pass"));
    // The older Jack of Clubs (a random discard) has no target and is never futile.
    let mut st = build(
        json!({"rules": "jack_of_clubs=discard_random", "active": "P2",
        "players": {"P1": {"hand": ["JC"], "front": ["5S exhausted"]},
                    "P2": {"hand": ["2H"], "front": ["4C"]}}, "deck": ["10H", "10S"]}),
    );
    play(&mut st, &["end"]);
    assert!(!futile(&st, "play JC"));
}

#[test]
fn a_unit_a_futile_jack_of_clubs_would_double_never_strikes_again_that_turn() {
    // The rules' side of the claim: from every position of random games where a Jack of
    // Clubs play is futile, the rest of the turn played at random (many times) never has the
    // unit attack, block or aid.
    let sets = [
        "",
        "kings=classic",
        "kings=share_trait",
        "kings=option1",
        "jokers=true",
    ];
    let mut rng = GameRng::new(11);
    let mut checked = 0;
    for g in 0..1000 {
        let rules = Rules::parse(sets[g as usize % sets.len()]).unwrap();
        let mut st = State::new_game(rules, 500 + g);
        while let Some(_seat) = st.pending.decider() {
            let legal = st.legal_actions();
            for a in legal.iter().filter(|a| st.futile(a)) {
                let Action::Play { t1: Some(unit), .. } = *a else {
                    panic!("only a Jack of Clubs on a unit is futile: {a}");
                };
                checked += 1;
                for _ in 0..8 {
                    let mut rest = st.clone();
                    rest.apply_unchecked(*a);
                    let turn = rest.turn;
                    while rest.turn == turn && rest.pending.decider().is_some() {
                        let moves = rest.legal_actions();
                        let m = moves[rng.below(moves.len())];
                        let struck = match m {
                            Action::Attack { attacker, .. } => attacker == unit,
                            Action::Block { blocker, .. } => blocker == unit,
                            Action::Aid { aider, .. } => aider == unit,
                            _ => false,
                        };
                        assert!(!struck, "game {g}: {a} was futile, then {m}");
                        rest.apply_unchecked(m);
                    }
                }
            }
            let m = legal[rng.below(legal.len())];
            st.apply_unchecked(m);
        }
    }
    assert!(checked > 300, "only {checked} futile plays met");
}

#[test]
fn the_search_plays_no_futile_move() {
    // search_fast's setting, both seats, under the Spring '25 Jack of Clubs (the default).
    let spec = AgentSpec::parse("search(iterations=100,worlds=16,c=0.05,rollout=1)").unwrap();
    let mut futile_plays = 0;
    let mut jacks = 0;
    for g in 0..60 {
        let mut st = State::new_game(Rules::default(), 900 + g);
        let mut agents = [spec.make(2 * g + 1), spec.make(2 * g + 2)];
        while let Some(seat) = st.pending.decider() {
            let legal = st.legal_actions();
            let i = if legal.len() == 1 {
                0
            } else {
                agents[seat].choose(&View::new(&st, seat), &legal)
            };
            jacks += usize::from(
                matches!(legal[i], Action::Play { card, .. } if card.to_string() == "JC"),
            );
            futile_plays += usize::from(st.futile(&legal[i]));
            st.apply_unchecked(legal[i]);
        }
    }
    assert!(jacks > 5, "only {jacks} Jacks of Clubs played");
    assert_eq!(futile_plays, 0, "futile plays among {jacks} Jacks of Clubs");
}
