//! The Summer '20 elements no option played before issue #60 (item 1), each a rule option whose
//! default plays as before: `hearts_shield` (reading V26), `single_attacker` (V27),
//! `jack_of_hearts` (V28) and `instants` (V29). Position tests of both values of each.

mod common;
use common::*;
use houses_engine::houses::agents::AgentSpec;
use houses_engine::houses::view::View;
use houses_engine::{Action, State};
use serde_json::{json, Value};

/// P1 to deploy, with the rules given.
fn deploy_pos(rules: &str, p1: Value, p2: Value) -> State {
    build(
        json!({"rules": rules, "turn": 3, "players": {"P1": p1, "P2": p2},
        "deck": ["2C", "2S"]}),
    )
}

/// P1 to attack, with the rules given and no Ace in the deck.
fn attack_at(rules: &str, p1: Value, p2: Value) -> State {
    build(
        json!({"rules": rules, "phase": "attack", "players": {"P1": p1, "P2": p2},
        "deck": ["2H", "2D"]}),
    )
}

#[test]
fn hearts_shield_any_attack_lets_an_exhausted_heart_block_an_attack_on_the_player() {
    let p1 = json!({"front": ["8S"]});
    let p2 = json!({"front": ["9H exhausted", "8C exhausted"]});
    // The default (R13): the Magic Shield covers an allied unit, not the player: the 8 reaches
    // the player.
    let mut st = attack_pos("", p1.clone(), p2.clone());
    play(&mut st, &["attack 8S player", "done"]);
    assert!(!has(&st, "block 9H 8S"), "{:?}", legal(&st));
    play(&mut st, &["done"]);
    assert_eq!(life(&st, "P2"), 32);
    // any_attack (V26): the exhausted Heart blocks the attack on its player, at no damage
    // (hearts_trait=no_damage): the 9 survives the 8 and the 8 survives the block. Another
    // House's exhausted soldier still does not block.
    let mut st = attack_pos("hearts_shield=any_attack", p1.clone(), p2.clone());
    play(&mut st, &["attack 8S player", "done"]);
    assert!(has(&st, "block 9H 8S"), "{:?}", legal(&st));
    assert!(!has(&st, "block 8C 8S"));
    play(&mut st, &["block 9H 8S", "done"]);
    assert_eq!(life(&st, "P2"), 40);
    assert_eq!((front(&st, "P1").len(), front(&st, "P2").len()), (1, 2));
    // With full-damage Hearts blocks (as in preset=summer20) the 9 defeats the 8.
    let mut st = attack_pos(
        "hearts_shield=any_attack,hearts_trait=full_damage",
        p1.clone(),
        p2.clone(),
    );
    play(
        &mut st,
        &["attack 8S player", "done", "block 9H 8S", "done"],
    );
    assert_eq!((life(&st, "P2"), front(&st, "P1").len()), (40, 0));
    // The attack on an allied unit is blocked under both values, as before.
    for rules in ["", "hearts_shield=any_attack"] {
        let mut st = attack_pos(rules, p1.clone(), p2.clone());
        play(&mut st, &["attack 8S 8C", "done"]);
        assert!(has(&st, "block 9H 8S"), "{rules}: {:?}", legal(&st));
    }
    // The preset (which plays the option since rules version 4): the same block, at full
    // damage, under `defeat=reaches`; both players pass the instant window after blocks.
    let mut st = attack_pos(
        "preset=summer20",
        json!({"front": ["9S"]}),
        json!({"front": ["9H exhausted"]}),
    );
    play(
        &mut st,
        &["attack 9S player", "done", "block 9H 9S", "done"],
    );
    assert_eq!(json(&st)["pending"], "instant");
    play(&mut st, &["pass", "pass"]);
    assert_eq!(life(&st, "P2"), 40);
    assert!(front(&st, "P1").is_empty() && front(&st, "P2").is_empty());
}

#[test]
fn single_attacker_every_target_lets_one_attacker_at_the_player() {
    let p1 = json!({"front": ["5S", "6H"], "rear": ["AC"]});
    let p2 = json!({"front": ["9D exhausted"]});
    // multiple_attackers=false alone (single_attacker=units): one attacker a unit, several at
    // the player.
    let mut st = attack_at("multiple_attackers=false", p1.clone(), p2.clone());
    play(&mut st, &["attack 5S player"]);
    assert!(has(&st, "attack 6H player") && has(&st, "attack AC player"));
    play(&mut st, &["attack 6H 9D"]);
    assert!(!has(&st, "attack AC 9D") && has(&st, "attack AC player"));
    play(&mut st, &["attack AC player", "done", "done"]);
    assert_eq!(life(&st, "P2"), 34, "5 and the Ace's 1");
    // every_target (V27): the player, once attacked, is no target for another soldier or an
    // Ace; its units still are (one attacker each).
    let rules = "multiple_attackers=false,single_attacker=every_target";
    let mut st = attack_at(rules, p1.clone(), p2.clone());
    play(&mut st, &["attack 5S player"]);
    assert!(!has(&st, "attack 6H player") && !has(&st, "attack AC player"));
    assert!(has(&st, "attack 6H 9D") && has(&st, "attack AC 9D"));
    let e = st
        .apply(houses_engine::Action::parse("attack 6H player").unwrap())
        .unwrap_err();
    assert!(e.starts_with("illegal move 'attack 6H player'"), "{e}");
    play(&mut st, &["attack 6H 9D", "done", "done"]);
    assert_eq!(life(&st, "P2"), 35);
    // An Ace may be the one attacker at the player; then no soldier is.
    let mut st = attack_at(rules, p1.clone(), p2.clone());
    play(&mut st, &["attack AC player"]);
    assert!(!has(&st, "attack 5S player") && has(&st, "attack 5S 9D"));
    // With several attackers allowed the option changes nothing.
    let mut st = attack_at("single_attacker=every_target", p1, p2);
    play(&mut st, &["attack 5S player"]);
    assert!(has(&st, "attack 6H player") && has(&st, "attack AC player"));
}

#[test]
fn jack_of_hearts_all_allies_shields_every_unit_in_play_not_the_player() {
    let p1 = json!({"front": ["9S", "8C", "7D"]});
    let p2 = json!({"hand": ["JH"], "front": ["6D exhausted", "5C exhausted"], "rear": ["AH"]});
    // Spring '25: a unit of choice. The other falls to its attacker.
    let st = deploy_pos("", p1.clone(), p2.clone());
    let mut st = st;
    play(&mut st, &["end"]);
    assert!(has(&st, "play JH 6D") && !has(&st, "play JH"));
    play(
        &mut st,
        &[
            "play JH 6D",
            "pass",
            "attack 9S 6D",
            "attack 8C 5C",
            "attack 7D player",
            "done",
            "done",
        ],
    );
    assert_eq!(front(&st, "P2"), ["6D"]);
    assert_eq!(life(&st, "P2"), 33);
    // all_allies (V28): one play, no unit to choose, and every allied unit, Front and Rear
    // Ranks, takes no damage this turn; the player still does.
    let mut st = deploy_pos("jack_of_hearts=all_allies", p1.clone(), p2.clone());
    play(&mut st, &["end"]);
    assert!(has(&st, "play JH") && !has(&st, "play JH 6D"));
    play(&mut st, &["play JH"]);
    assert_eq!(
        front(&st, "P2"),
        ["6D exhausted protected", "5C exhausted protected"]
    );
    assert_eq!(rear(&st, "P2"), ["AH protected"]);
    play(
        &mut st,
        &[
            "pass",
            "attack 9S 6D",
            "attack 8C 5C",
            "attack 7D player",
            "done",
            "done",
        ],
    );
    assert_eq!(front(&st, "P2"), ["6D", "5C"]);
    assert_eq!(life(&st, "P2"), 33);
    // The allies are those in play as it is played: a unit deployed after it in the same turn
    // is not shielded. P1 plays it, then deploys a ready Diamond; both attack into blockers.
    let mut st = deploy_pos(
        "jack_of_hearts=all_allies",
        json!({"hand": ["JH", "7D"], "front": ["9C"]}),
        json!({"front": ["10S", "10H"]}),
    );
    play(
        &mut st,
        &[
            "play JH",
            "deploy 7D",
            "end",
            "pass",
            "attack 9C player",
            "attack 7D player",
            "done",
            "block 10S 9C",
            "block 10H 7D",
            "done",
        ],
    );
    assert_eq!(front(&st, "P1"), ["9C exhausted"]);
    // With no unit in play there is no ally to shield: the Jack is not offered.
    let st = deploy_pos(
        "jack_of_hearts=all_allies",
        json!({"hand": ["JH"]}),
        json!({}),
    );
    assert!(!legal(&st).iter().any(|m| m.starts_with("play JH")));
}

/// Who decides now.
fn decider(st: &State) -> String {
    json(st)["decider"].as_str().unwrap_or("").to_string()
}

#[test]
fn instants_any_time_opens_a_window_after_blocks_for_either_player() {
    let p1 = json!({"front": ["9S"], "hand": ["JC"]});
    let p2 = json!({"front": ["10D"], "hand": ["JH", "QC"]});
    let blocks = ["attack 9S player", "done", "block 10D 9S", "done"];
    // The default (R22): damage follows the blocks at once; the 10 survives the 9 and
    // defeats it.
    let mut st = attack_at("", p1.clone(), p2.clone());
    play(&mut st, &blocks);
    assert_eq!((front(&st, "P1").len(), front(&st, "P2").len()), (0, 1));
    assert_eq!(hand(&st, "P1"), ["JC"]);
    // any_time (V29): the attacker has the word first, and may double its blocked attacker.
    let mut st = attack_at("instants=any_time", p1.clone(), p2.clone());
    play(&mut st, &blocks);
    assert_eq!(json(&st)["pending"], "instant");
    assert_eq!(decider(&st), "P1");
    assert!(has(&st, "play JC 9S") && has(&st, "pass"));
    play(&mut st, &["play JC 9S", "pass"]);
    // Then the defender, who may answer with its own Jack; no Queen in the window.
    assert_eq!(decider(&st), "P2");
    assert!(has(&st, "play JH 10D"), "{:?}", legal(&st));
    assert!(!legal(&st).iter().any(|m| m.starts_with("play QC")));
    let mut answered = st.clone();
    play(&mut st, &["pass"]);
    assert_eq!((front(&st, "P1").len(), front(&st, "P2").len()), (0, 0));
    // A card played gives the word round again: the defender may play on, then the attacker
    // may answer the Jack of Hearts; two passes in a row close the window.
    play(&mut answered, &["play JH 10D"]);
    assert_eq!(decider(&answered), "P2");
    play(&mut answered, &["pass"]);
    assert_eq!(decider(&answered), "P1");
    play(&mut answered, &["pass"]);
    assert_eq!(front(&answered, "P1").len(), 0);
    assert_eq!(front(&answered, "P2").len(), 1);
}

#[test]
fn instants_in_the_window_take_units_out_of_combat() {
    let rules = "instants=any_time";
    // The defender's Ace of Diamonds defeats an attacker: its attack is withdrawn.
    let mut st = attack_at(
        rules,
        json!({"front": ["9S", "6C"]}),
        json!({"hand": ["AD"]}),
    );
    play(
        &mut st,
        &[
            "attack 9S player",
            "attack 6C player",
            "done",
            "done",
            "pass",
            "play AD 9S",
            "pass",
            "pass",
        ],
    );
    assert_eq!(life(&st, "P2"), 34);
    assert!(barrows(&st).contains(&"9S".to_string()));
    // The attacker's Ace of Diamonds defeats the blocker: the attacker stays blocked and
    // deals no damage.
    let mut st = attack_at(
        rules,
        json!({"front": ["9S"], "hand": ["AD"]}),
        json!({"front": ["10D"]}),
    );
    play(
        &mut st,
        &[
            "attack 9S player",
            "done",
            "block 10D 9S",
            "done",
            "play AD 10D",
            "pass",
            "pass",
        ],
    );
    assert_eq!(life(&st, "P2"), 40);
    assert_eq!(front(&st, "P1").len(), 1);
    assert!(front(&st, "P2").is_empty());
    // The defender's Jack of Spades takes the attacker: it changes sides, its attack gone.
    let mut st = attack_at(
        rules,
        json!({"front": ["9S"]}),
        json!({"hand": ["JS"], "front": ["3D"]}),
    );
    play(
        &mut st,
        &[
            "attack 9S player",
            "done",
            "done",
            "pass",
            "play JS 9S",
            "pass",
            "pass",
        ],
    );
    assert_eq!(life(&st, "P2"), 40);
    assert!(front(&st, "P1").is_empty());
    assert_eq!(front(&st, "P2").len(), 2);
    // The defender's Jack of Diamonds ends the turn before damage.
    let mut st = attack_at(rules, json!({"front": ["9S"]}), json!({"hand": ["JD"]}));
    let turn = st.turn;
    play(
        &mut st,
        &["attack 9S player", "done", "done", "pass", "play JD"],
    );
    assert_eq!((life(&st, "P2"), st.turn), (40, turn + 1));
}

#[test]
fn the_search_sees_the_instant_window_and_plays_a_surprise_jack() {
    // The 9 is blocked by the 10: alone it falls for nothing; doubled by the Jack of Clubs it
    // takes the 10 with it. The window is a decision like any other (the search's legal moves),
    // and the Jack there is not futile: the blocked attacker still strikes.
    let mut st = attack_at(
        "instants=any_time",
        json!({"front": ["9S"], "hand": ["JC"]}),
        json!({"front": ["10D"]}),
    );
    play(
        &mut st,
        &["attack 9S player", "done", "block 10D 9S", "done"],
    );
    let jack = Action::parse("play JC 9S").unwrap();
    assert!(!st.futile(&jack));
    let spec = AgentSpec::parse("search(iterations=200,worlds=8,c=0.05,rollout=1)").unwrap();
    let legal = st.legal_actions();
    let i = spec.make(7).choose(&View::new(&st, 0), &legal);
    assert_eq!(legal[i], jack, "{:?}", legal);
}
