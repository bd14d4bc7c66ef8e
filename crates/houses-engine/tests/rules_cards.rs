//! Position tests: every card ability (scouts, Jacks, Queens, Aces, Jokers) and Soul Burn.

mod common;
use common::*;
use houses_engine::houses::view::View;
use serde_json::json;

fn deploy_pos(p1: serde_json::Value, p2: serde_json::Value) -> houses_engine::State {
    build(
        json!({"rules": "jokers=true", "players": {"P1": p1, "P2": p2}, "deck": ["10H", "10S", "10C"]}),
    )
}

#[test]
fn scouts() {
    // 2 of Clubs: the revealed card goes to the Barrows.
    let mut st = deploy_pos(json!({"hand": ["2C"]}), json!({"hand": ["KD"]}));
    play(&mut st, &["scout 2C"]);
    assert!(hand(&st, "P2").is_empty());
    assert_eq!(barrows(&st), ["KD", "2C"]);
    // 2 of Spades: the revealed card is taken into hand.
    let mut st = deploy_pos(json!({"hand": ["2S"]}), json!({"hand": ["KD"]}));
    play(&mut st, &["scout 2S"]);
    assert_eq!(hand(&st, "P1"), ["KD"]);
    // 2 of Hearts: reveal, then deploy as a +2/+2 soldier.
    let mut st = deploy_pos(json!({"hand": ["2H"]}), json!({"hand": ["KD"]}));
    play(&mut st, &["scout 2H"]);
    assert_eq!(front(&st, "P1"), ["2H exhausted"]);
    assert_eq!(
        View::new(&st, 0).opponent_known(),
        vec![houses_engine::Card::parse("KD").unwrap()]
    );
    // 2 of Diamonds: reveal two; the revealed cards are known, the rest stay hidden.
    let mut st = deploy_pos(json!({"hand": ["2D"]}), json!({"hand": ["KD", "QD", "JD"]}));
    play(&mut st, &["scout 2D"]);
    assert_eq!(View::new(&st, 0).opponent_known().len(), 2);
    assert_eq!(View::new(&st, 0).observation().opponent_hidden, 1);
    // Scouts off: a 2 is only a soldier.
    let st = build(
        json!({"rules": "scouts=false", "players": {"P1": {"hand": ["2C"]}, "P2": {"hand": ["KD"]}}}),
    );
    assert!(!has(&st, "scout 2C") && has(&st, "deploy 2C"));
}

#[test]
fn jack_of_diamonds_in_response_ends_the_turn_and_bins_the_last_card_played() {
    let mut st = deploy_pos(json!({"hand": ["9C", "8S"]}), json!({"hand": ["JD"]}));
    play(&mut st, &["deploy 9C", "deploy 8S", "end", "play JD"]);
    assert_eq!(st.active, 1, "P1's turn ended; P2's began");
    assert_eq!(front(&st, "P1"), ["9C exhausted"]);
    assert!(barrows(&st).contains(&"8S".to_string()) && barrows(&st).contains(&"JD".to_string()));
}

#[test]
fn jack_of_clubs_doubles_a_units_damage_this_turn() {
    let mut st = deploy_pos(json!({"hand": ["JC"], "front": ["5S"]}), json!({}));
    play(
        &mut st,
        &[
            "play JC 5S",
            "end",
            "pass",
            "attack 5S player",
            "done",
            "done",
        ],
    );
    assert_eq!(life(&st, "P2"), 30);
}

#[test]
fn jack_of_hearts_protects_a_unit_from_all_damage_this_turn() {
    let mut st = deploy_pos(
        json!({"front": ["9S"]}),
        json!({"hand": ["JH"], "front": ["6D exhausted"]}),
    );
    play(
        &mut st,
        &["end", "play JH 6D", "pass", "attack 9S 6D", "done", "done"],
    );
    assert_eq!(front(&st, "P2"), ["6D"]);
}

#[test]
fn jack_of_spades_takes_an_enemy_unit_if_there_is_room() {
    let mut st = deploy_pos(
        json!({"hand": ["JS"]}),
        json!({"front": ["9D"], "rear": ["KC"]}),
    );
    assert!(has(&st, "play JS KC"));
    play(&mut st, &["play JS 9D"]);
    assert_eq!(front(&st, "P1"), ["9D exhausted"]);
    assert!(front(&st, "P2").is_empty());
    let st = deploy_pos(
        json!({"hand": ["JS"], "rear": ["KH"]}),
        json!({"rear": ["KC"]}),
    );
    assert!(!has(&st, "play JS KC"), "one King per player");
}

#[test]
fn queen_of_diamonds_gives_a_turn_after_the_next() {
    let mut st = build(
        json!({"turn": 5, "players": {"P1": {"hand": ["QD"]}, "P2": {}},
        "deck": ["10H", "10S", "10C", "10D"]}),
    );
    play(&mut st, &["play QD", "end", "pass", "done"]); // turn 5 (P1) ends
    assert_eq!(st.active, 1);
    play(&mut st, &["end", "pass", "done"]); // turn 6 (P2)
    assert_eq!(st.active, 0);
    play(&mut st, &["end", "pass", "done"]); // turn 7 (P1), then the extra turn
    assert_eq!((st.active, st.turn), (0, 8));
    play(&mut st, &["end", "pass", "done"]);
    assert_eq!((st.active, st.turn), (1, 9));
}

#[test]
fn queen_of_clubs_sends_two_units_to_the_barrows() {
    let mut st = deploy_pos(
        json!({"hand": ["QC"]}),
        json!({"front": ["7H"], "rear": ["KS"]}),
    );
    play(&mut st, &["play QC 7H KS"]);
    assert!(front(&st, "P2").is_empty() && rear(&st, "P2").is_empty());
}

#[test]
fn queen_of_hearts_resurrects_and_the_card_is_soul_burned_when_it_leaves() {
    let mut st =
        build(json!({"players": {"P1": {"hand": ["QH", "QC"]}, "P2": {}}, "barrows": ["8C"]}));
    play(&mut st, &["play QH 8C"]);
    assert_eq!(front(&st, "P1"), ["8C exhausted resurrected"]);
    play(&mut st, &["play QC 8C"]);
    assert_eq!(burned(&st), ["8C"]);
    assert!(!barrows(&st).contains(&"8C".to_string()));
    let mut st = build(
        json!({"rules": "soul_burn=false", "players": {"P1": {"hand": ["QH", "QC"]}, "P2": {}}, "barrows": ["8C"]}),
    );
    play(&mut st, &["play QH 8C", "play QC 8C"]);
    assert!(burned(&st).is_empty() && barrows(&st).contains(&"8C".to_string()));
}

#[test]
fn queen_of_spades_keeps_one_of_four_and_orders_the_rest() {
    let mut st = build(
        json!({"players": {"P1": {"hand": ["QS"]}, "P2": {}}, "deck": ["2C", "3C", "4C", "5C", "6C"]}),
    );
    play(&mut st, &["play QS"]);
    assert_eq!(json(&st)["pending"], "queen_of_spades");
    assert_eq!(legal(&st).len(), 4 * 6);
    play(&mut st, &["keep 4C 5C 2C 3C"]);
    assert_eq!(hand(&st, "P1"), ["4C"]);
    assert_eq!(strs(&json(&st)["deck"]), ["5C", "2C", "3C", "6C"]);
    assert_eq!(json(&st)["pending"], "deploy");
}

#[test]
fn aces_poison_unblockably_and_the_target_leaves_at_the_end_of_the_turn() {
    let mut st = deploy_pos(
        json!({"rear": ["AS"]}),
        json!({"front": ["7H", "8H", "9H"]}),
    );
    play(&mut st, &["end", "pass", "attack AS 7H 9H", "done"]);
    assert_eq!(legal(&st), ["done"], "an Ace cannot be blocked");
    play(&mut st, &["done"]);
    assert_eq!(front(&st, "P2"), ["8H"]);
    assert!(barrows(&st).iter().any(|c| c == "AS"));
    let st = build(
        json!({"rules": "ace_of_spades=adjacent", "phase": "attack", "players": {
        "P1": {"rear": ["AS"]}, "P2": {"front": ["7H", "8H", "9H"]}}}),
    );
    assert!(has(&st, "attack AS 7H 8H") && !has(&st, "attack AS 7H 9H"));
}

#[test]
fn ace_of_clubs_target_leaving_costs_its_owner_a_random_card() {
    let mut st = deploy_pos(
        json!({"rear": ["AC"]}),
        json!({"front": ["7H"], "hand": ["5D"]}),
    );
    play(&mut st, &["end", "pass", "attack AC 7H", "done", "done"]);
    assert!(front(&st, "P2").is_empty());
    assert!(barrows(&st).contains(&"5D".to_string()));
    assert_eq!(
        hand(&st, "P2"),
        ["10H"],
        "only the card drawn this turn is left"
    );
}

#[test]
fn ace_of_hearts_stays_as_a_guard_that_poisons_what_it_blocks() {
    let mut st = deploy_pos(json!({"rear": ["AH"]}), json!({"front": ["7H", "9S"]}));
    play(&mut st, &["end", "pass", "attack AH 7H", "done", "done"]);
    assert_eq!(
        rear(&st, "P1"),
        ["AH exhausted guard"],
        "it struck this turn"
    );
    // P2's turn: the guard is still exhausted and cannot block the 9.
    play(&mut st, &["end", "pass", "attack 9S player", "done"]);
    assert!(!has(&st, "block AH 9S"));
    play(&mut st, &["done"]);
    assert_eq!(life(&st, "P1"), 31);
    play_out_turn(&mut st); // P1's turn readies the guard
                            // P2's next turn: the guard blocks, the 9 is poisoned and leaves at turn end.
    play(
        &mut st,
        &[
            "end",
            "pass",
            "attack 9S player",
            "done",
            "block AH 9S",
            "done",
        ],
    );
    assert!(front(&st, "P2").is_empty());
    assert!(
        rear(&st, "P1").is_empty(),
        "the +0/+1 guard takes 9 and falls"
    );
    assert_eq!(life(&st, "P1"), 31);
}

#[test]
fn ace_of_diamonds_strikes_at_once_in_response() {
    let mut st = deploy_pos(json!({"hand": ["9C"]}), json!({"hand": ["AD"]}));
    play(&mut st, &["deploy 9C", "end", "play AD 9C"]);
    assert!(front(&st, "P1").is_empty());
    assert!(barrows(&st).contains(&"9C".to_string()));
}

#[test]
fn necromancer_summons_a_ready_soldier_that_is_soul_burned_next_turn() {
    let mut st = build(
        json!({"rules": "jokers=true", "players": {"P1": {"rear": ["BJ necromancer"]}, "P2": {}},
        "barrows": ["9C"], "deck": ["10H", "10S", "10C"]}),
    );
    play(&mut st, &["summon 9C"]);
    assert_eq!(front(&st, "P1"), ["9C summoned"]);
    assert!(
        !legal(&st).iter().any(|m| m.starts_with("summon")),
        "once per turn"
    );
    play(
        &mut st,
        &["end", "pass", "attack 9C player", "done", "done"],
    );
    assert_eq!(life(&st, "P2"), 31);
    play(&mut st, &["end", "pass", "done"]); // P2's turn; P1's READY follows
    assert!(front(&st, "P1").is_empty());
    assert_eq!(burned(&st), ["9C"]);
}

#[test]
fn doppelganger_copies_a_unit_in_play() {
    let mut st = deploy_pos(
        json!({"hand": ["BJ"]}),
        json!({"front": ["9S"], "rear": ["KD"]}),
    );
    assert!(
        has(&st, "deploy BJ=9S") && has(&st, "deploy BJ=KD") && has(&st, "deploy BJ necromancer")
    );
    assert!(
        !has(&st, "deploy BJ=KH"),
        "the full rules copy a unit on the battlefield"
    );
    play(&mut st, &["deploy BJ=9S"]);
    assert_eq!(front(&st, "P1"), ["BJ=9S exhausted"]);
    let st = build(
        json!({"rules": "jokers=true,doppelganger=any_card", "players": {"P1": {"hand": ["BJ"]}, "P2": {}}}),
    );
    assert!(has(&st, "deploy BJ=KH"));
}

#[test]
fn insane_wizard_splits_enemy_bonds_and_the_enemy_chooses_who_stays() {
    let mut st = deploy_pos(
        json!({"hand": ["RJ"]}),
        json!({"front": ["5H/4H", "6C", "7D", "8S"]}),
    );
    play(&mut st, &["deploy RJ wizard"]);
    assert_eq!(json(&st)["pending"], "wizard_keep");
    assert_eq!(json(&st)["decider"], "P2");
    assert_eq!(legal(&st).len(), 5);
    play(&mut st, &["stay 5H 6C 7D 8S"]);
    assert_eq!(front(&st, "P2"), ["5H", "6C", "7D", "8S"]);
    assert!(barrows(&st).contains(&"4H".to_string()));
    assert_eq!(json(&st)["pending"], "deploy");
}

#[test]
fn older_jack_of_clubs_discards_a_random_enemy_card() {
    let mut st = build(json!({"rules": "jack_of_clubs=discard_random", "players": {
        "P1": {"hand": ["JC"], "front": ["5S"]}, "P2": {"hand": ["KD"]}}}));
    assert_eq!(
        legal(&st)
            .iter()
            .filter(|m| m.starts_with("play JC"))
            .collect::<Vec<_>>(),
        ["play JC"]
    );
    play(&mut st, &["play JC"]);
    assert!(hand(&st, "P2").is_empty());
    assert_eq!(barrows(&st), ["KD", "JC"]);
}

#[test]
fn joker_variants_can_be_fixed_by_the_rules() {
    let pos = |rules: &str| {
        build(
            json!({"rules": rules, "players": {"P1": {"hand": ["BJ", "RJ"]}, "P2": {"front": ["9S"]}}}),
        )
    };
    let st = pos("jokers=true");
    assert!(has(&st, "deploy BJ necromancer") && has(&st, "deploy BJ=9S"));
    assert!(has(&st, "deploy RJ wizard") && has(&st, "deploy RJ spirit"));
    let st = pos("jokers=true,black_joker=necromancer,red_joker=spirit");
    assert!(has(&st, "deploy BJ necromancer") && !has(&st, "deploy BJ=9S"));
    assert!(!has(&st, "deploy RJ wizard") && has(&st, "deploy RJ spirit"));
    let st = pos("jokers=true,black_joker=doppelganger,red_joker=wizard");
    assert!(!has(&st, "deploy BJ necromancer") && has(&st, "deploy BJ=9S"));
    assert!(has(&st, "deploy RJ wizard") && !has(&st, "deploy RJ spirit"));
}

#[test]
fn ace_of_hearts_guard_stats_option() {
    // P2's 2 attacks; P1's guard blocks under a Jack of Clubs (double damage), played in response.
    // A +1/+0 guard deals 2 and defeats the 2 in combat; a +0/+1 guard deals nothing (the 2
    // still leaves at the end of the turn, poisoned). Under defeat=reaches, so that 2 damage
    // defeats the 2.
    for (rules, defeated_in_combat) in [
        ("ace_of_hearts_guard=1/0,defeat=reaches", true),
        ("defeat=reaches", false),
    ] {
        let mut st = build(json!({"rules": rules, "active": "P2", "players": {
            "P1": {"hand": ["JC"], "rear": ["AH guard"]}, "P2": {"front": ["2C"]}},
            "deck": ["10H", "10S"]}));
        play(
            &mut st,
            &[
                "end",
                "play JC AH",
                "pass",
                "attack 2C player",
                "done",
                "block AH 2C",
                "done",
            ],
        );
        play(&mut st, &["excess player"]); // the 2 of Clubs' excess over the guard
        let log = strs(&json(&st)["log"]);
        assert_eq!(
            log.iter()
                .any(|l| l.contains("defeated:") && l.contains("2C")),
            defeated_in_combat,
            "{rules}"
        );
        assert!(
            barrows(&st).contains(&"2C".to_string()),
            "{rules}: poisoned or defeated, it is gone"
        );
    }
}

#[test]
fn rear_rank_aces_may_attack_the_opponent_directly() {
    // "Rear Rank Attackers (Aces, Jokers, Queens, Kings): Can target any unit within the
    // opponent's ranks (Front or Rear) or the opponent directly."
    let mut st = build(json!({"phase": "attack", "players": {
        "P1": {"rear": ["AS", "AH"]}, "P2": {}}, "deck": ["10H", "10S"]}));
    assert!(has(&st, "attack AS player") && has(&st, "attack AH player"));
    play(&mut st, &["attack AS player", "attack AH player", "done"]);
    assert_eq!(legal(&st), ["done"], "an Ace's strike cannot be blocked");
    play(&mut st, &["done"]);
    assert_eq!(life(&st, "P2"), 38, "one point from each Ace");
    // Both go to the Barrows: the Ace of Hearts stays as a guard only "after its target has
    // been defeated", and a player is not defeated by one point.
    assert!(rear(&st, "P1").is_empty());
    assert!(barrows(&st).contains(&"AS".to_string()) && barrows(&st).contains(&"AH".to_string()));
}

#[test]
fn a_newly_deployed_ace_strikes_from_its_owners_next_turn() {
    // "Exhausted: A unit that has performed an action (like attacking or being newly
    // deployed) ... cannot perform actions until it is readied"; "Attackers must be ready".
    // Only the Ace of Diamonds "may deploy and attack".
    let mut st = deploy_pos(json!({"hand": ["AS"]}), json!({"front": ["7H"]}));
    play(&mut st, &["deploy AS", "end", "pass"]);
    assert_eq!(rear(&st, "P1"), ["AS exhausted"]);
    assert!(!legal(&st).iter().any(|m| m.starts_with("attack AS")));
    play(&mut st, &["done"]);
    play_out_turn(&mut st); // P2's turn
    play(&mut st, &["end", "pass"]);
    assert_eq!(rear(&st, "P1"), ["AS"], "readied in P1's READY phase");
    assert!(has(&st, "attack AS 7H"));
    // rear_deploy=ready: the reading before issue #11, an Ace strikes the turn it arrives.
    let mut st = build(json!({"rules": "rear_deploy=ready", "players": {
        "P1": {"hand": ["AS"]}, "P2": {"front": ["7H"]}}, "deck": ["10H", "10S"]}));
    play(&mut st, &["deploy AS", "end", "pass"]);
    assert!(has(&st, "attack AS 7H"));
}

#[test]
fn an_exhausted_ace_of_hearts_guard_does_not_block() {
    // Only Hearts soldiers defend while exhausted; the guard struck last turn.
    let guard_pos = |guard: &str| {
        let mut st = build(json!({"active": "P2", "phase": "attack", "players": {
            "P1": {"rear": [guard]}, "P2": {"front": ["9S"]}}, "deck": ["10H", "10S"]}));
        play(&mut st, &["attack 9S player", "done"]);
        st
    };
    assert!(!has(&guard_pos("AH guard exhausted"), "block AH 9S"));
    let mut st = guard_pos("AH guard");
    assert!(has(&st, "block AH 9S"));
    play(&mut st, &["block AH 9S", "done"]);
    assert!(front(&st, "P2").is_empty(), "the blocked 9 was poisoned");
    assert_eq!(life(&st, "P1"), 40);
}

// Rules version 3 (issue #35, reading R47): fails on version 2.
#[test]
fn a_split_or_merged_bond_keeps_its_cards_effects() {
    // "Any ability or action that impacts a unit, would impact both cards within a Blood
    // Bonded unit": the Jack of Clubs' double damage stays on both halves.
    let mut st = build(json!({"phase": "deploy", "players": {
        "P1": {"hand": ["JC"], "front": ["9S/4S"]}, "P2": {}}, "deck": ["2H", "3H", "4H"]}));
    play(
        &mut st,
        &[
            "play JC 9S",
            "split 9S",
            "end",
            "pass",
            "attack 9S player",
            "attack 4S player",
            "done",
            "done",
        ],
    );
    assert_eq!(life(&st, "P2"), 40 - 18 - 8);
    // And a unit that joins a doubled one is doubled with it; a stunned card makes the bond
    // stunned.
    let mut st = build(json!({"phase": "deploy", "players": {
        "P1": {"front": ["9S double", "4S"]}, "P2": {}}, "deck": ["2H", "3H", "4H"]}));
    play(
        &mut st,
        &[
            "bond 9S/4S",
            "end",
            "pass",
            "attack 9S player",
            "done",
            "done",
        ],
    );
    assert_eq!(life(&st, "P2"), 40 - 26);
    let mut st = build(json!({"phase": "deploy", "players": {
        "P1": {"front": ["9S", "4S dazed"]}, "P2": {}}, "deck": ["2H", "3H", "4H"]}));
    play(&mut st, &["bond 9S/4S", "end", "pass"]);
    assert_eq!(
        legal(&st),
        ["done"],
        "the dazed 4 keeps the bond from attacking"
    );
}
