//! Position tests for the designers' rule variants (issue #3): Spades trait, King aid, Kings.

mod common;
use common::*;
use houses_engine::State;
use serde_json::json;

fn attack_pos(rules: &str, p1: serde_json::Value, p2: serde_json::Value) -> State {
    build(
        json!({"rules": rules, "phase": "attack", "players": {"P1": p1, "P2": p2},
        "deck": ["2H", "3H", "4H", "5H"]}),
    )
}

fn play_out_turn(st: &mut State) {
    let start = st.turn;
    while st.turn == start && !st.is_over() {
        let m = ["end", "pass", "done"]
            .into_iter()
            .find(|m| has(st, m))
            .unwrap();
        play(st, &[m]);
    }
}

#[test]
fn spades_adjacent_strike_hits_a_neighbour_of_the_target_even_when_blocked() {
    let rules = "spades_trait=adjacent_strike";
    let st = attack_pos(
        rules,
        json!({"front": ["8S"]}),
        json!({"front": ["3D", "4D", "5D"]}),
    );
    assert!(
        has(&st, "attack 8S 3D 4D") && !has(&st, "attack 8S 3D 5D"),
        "only a neighbour"
    );
    assert!(has(&st, "attack 8S 4D 3D") && has(&st, "attack 8S 4D 5D"));
    let mut st = attack_pos(
        rules,
        json!({"front": ["8S"]}),
        json!({"front": ["3D", "4D", "9C"]}),
    );
    play(&mut st, &["attack 8S 4D 3D", "done", "block 9C 8S", "done"]);
    assert_eq!(
        front(&st, "P2"),
        ["4D", "9C"],
        "the 3 next to the target falls; the 9 blocked"
    );
}

#[test]
fn spades_stun_second_target_cannot_attack_on_its_next_turn() {
    let rules = "spades_trait=stun";
    let mut st = attack_pos(
        rules,
        json!({"front": ["8S"]}),
        json!({"front": ["3D", "9C"]}),
    );
    assert!(has(&st, "attack 8S 3D 9C") && has(&st, "attack 8S 9C 3D"));
    play(&mut st, &["attack 8S 3D 9C", "done", "done"]);
    assert_eq!(
        front(&st, "P2"),
        ["9C dazed"],
        "the 3 is struck, the 9 only stunned (now P2's turn)"
    );
    play(&mut st, &["end", "pass"]);
    assert!(!has(&st, "attack 9C player"), "stunned for this turn");
    play(&mut st, &["done"]);
    play_out_turn(&mut st); // P1
    play(&mut st, &["end", "pass"]);
    assert!(has(&st, "attack 9C player"), "the stun has worn off");
}

#[test]
fn spades_choose_blocker_lets_the_attacker_pick_who_blocks() {
    let rules = "spades_trait=choose_blocker";
    let mut st = attack_pos(
        rules,
        json!({"front": ["8S"]}),
        json!({"front": ["10D", "3C"]}),
    );
    assert!(
        !legal(&st).iter().any(|m| m.split(' ').count() == 4),
        "no dual wield"
    );
    play(
        &mut st,
        &["attack 8S player", "done", "block 10D 8S", "done"],
    );
    assert_eq!(json(&st)["pending"], "choose_blocker");
    assert_eq!(legal(&st), ["reblock 8S 10D", "reblock 8S 3C"]);
    play(&mut st, &["reblock 8S 3C"]);
    assert_eq!(front(&st, "P1"), ["8S exhausted"]);
    assert_eq!(front(&st, "P2"), ["10D"]);
    assert_eq!(life(&st, "P2"), 40);
}

#[test]
fn king_aid_adds_half_of_a_natural_spade_to_a_blocking_ally() {
    // The notes' example: the 9 of Spades aids the 7 of Diamonds, adding 4.
    let p2 = json!({"front": ["7D", "9S"], "rear": ["KS"]});
    let mut st = attack_pos("king_aid_half=true", json!({"front": ["10C"]}), p2.clone());
    play(&mut st, &["attack 10C player", "done", "block 7D 10C"]);
    assert!(has(&st, "aid 9S 7D"));
    play(&mut st, &["aid 9S 7D", "done"]);
    assert!(
        front(&st, "P1").is_empty(),
        "7 + 4 reaches the 10's defence"
    );
    let mut st = attack_pos("", json!({"front": ["10C"]}), p2);
    play(&mut st, &["attack 10C player", "done", "block 7D 10C"]);
    assert!(
        !legal(&st).iter().any(|m| m.starts_with("aid")),
        "off by default"
    );
    let st = {
        let mut st = attack_pos(
            "king_aid_half=true",
            json!({"front": ["10C"]}),
            json!({"front": ["7D", "9S"], "rear": ["KH"]}),
        );
        play(&mut st, &["attack 10C player", "done", "block 7D 10C"]);
        st
    };
    assert!(
        !has(&st, "aid 9S 7D"),
        "a Spade aids only with the King of Spades"
    );
}
