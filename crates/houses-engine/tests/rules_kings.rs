//! Position tests for the King rules fixed in rules version 3 (issue #35): the classic, Option 1
//! and Option 2 Kings read against the text (docs/rules.md V4, V5, V6, V8, V11, V21). Each test
//! fails on version 2. The first tests of each King rule are in `rules_variants.rs`. Last, the
//! King readings that could go either way (issue #60): `option2_king_of_spades` (V24) and
//! `classic_king_of_diamonds` (V25).

mod common;
use common::*;
use serde_json::json;

#[test]
fn classic_king_of_hearts_absorbs_all_it_can_or_only_what_saves_the_unit() {
    // The 19 on the 10 would defeat it. By default the King absorbs all it can, 13, saves the
    // 10 and falls ("annoying ... until they can deliver 13 (or more) points");
    // `classic_king_of_hearts=what_saves` absorbs only the 9 that save it, and stands.
    let readings = [
        ("kings=classic", vec![]),
        (
            "kings=classic,classic_king_of_hearts=what_saves",
            vec!["KH".to_string()],
        ),
    ];
    for (rules, king) in readings.clone() {
        let mut st = attack_pos(
            rules,
            json!({"front": ["10S/9S"]}),
            json!({"front": ["10D"], "rear": ["KH"]}),
        );
        play(
            &mut st,
            &["attack 10S player", "done", "block 10D 10S", "done"],
        );
        assert_eq!(front(&st, "P2"), ["10D"], "{rules}");
        assert_eq!(rear(&st, "P2"), king, "{rules}");
        assert_eq!(
            front(&st, "P1"),
            ["10S/9S exhausted"],
            "10 back does not exceed 10"
        );
    }
    // Where a bond cannot be saved whole, it saves what it can: of 25 on 10H/9H the 10 falls
    // whatever is absorbed, and the 9 is saved by 6 or more. By default 13 (the King falls);
    // under what_saves 6 (it stands).
    for (rules, king) in readings {
        let mut st = attack_pos(
            rules,
            json!({"front": ["10S/9S", "6D"]}),
            json!({"front": ["10H/9H exhausted"], "rear": ["KH"]}),
        );
        play(
            &mut st,
            &["attack 10S 10H", "attack 6D 10H", "done", "done"],
        );
        assert_eq!(front(&st, "P2"), ["9H"], "{rules}");
        assert_eq!(rear(&st, "P2"), king, "{rules}");
    }
}

#[test]
fn classic_king_of_hearts_absorb_sets_the_most_it_absorbs_and_what_defeats_it() {
    // 19 on a blocking 10: the King saves it by absorbing 9 or more. Its amount is the 13 of
    // the notes by default (absorbs 13, falls: the test above); at 20 it absorbs all 19 and
    // stands; at 9 it absorbs 9, saves the 10 and falls; at 8 it cannot save it, so it
    // absorbs nothing and the 10 falls.
    for (absorb, blocker, king) in [
        (20, vec!["10D"], vec!["KH"]),
        (9, vec!["10D"], vec![]),
        (8, vec![], vec!["KH"]),
    ] {
        let rules = format!("kings=classic,classic_king_of_hearts_absorb={absorb}");
        let mut st = attack_pos(
            &rules,
            json!({"front": ["10S/9S"]}),
            json!({"front": ["10D"], "rear": ["KH"]}),
        );
        play(
            &mut st,
            &["attack 10S player", "done", "block 10D 10S", "done"],
        );
        assert_eq!(front(&st, "P2"), blocker, "{rules}");
        assert_eq!(rear(&st, "P2"), king, "{rules}");
        assert_eq!(
            life(&st, "P2"),
            40,
            "{rules}: a blocked attack does not reach the player"
        );
    }
}

#[test]
fn classic_king_of_hearts_does_not_fall_for_nothing_and_clubs_excess_follows_the_absorption() {
    // The 5 cannot be saved from 19 (14 would have to be absorbed): the King absorbs nothing
    // and stands; the 5 falls and the Clubs excess is the whole 14.
    let mut st = attack_pos(
        "kings=classic",
        json!({"front": ["10C/9C"]}),
        json!({"front": ["5D"], "rear": ["KH"]}),
    );
    play(&mut st, &["attack 10C 5D", "done", "block 5D 10C", "done"]);
    assert_eq!(rear(&st, "P2"), ["KH"], "nothing saved, nothing absorbed");
    assert_eq!(legal(&st), ["excess player"]);
    play(&mut st, &["excess player"]);
    assert_eq!(life(&st, "P2"), 26);
    assert!(front(&st, "P2").is_empty());
    // Saved, the blocker passes nothing on: the King took 13 of the 19 on the 10 (9 under
    // what_saves), where rules version 2 sent 9 on.
    for rules in [
        "kings=classic",
        "kings=classic,classic_king_of_hearts=what_saves",
    ] {
        let mut st = attack_pos(
            rules,
            json!({"front": ["10C/9C"]}),
            json!({"front": ["10D"], "rear": ["KH"]}),
        );
        play(
            &mut st,
            &["attack 10C player", "done", "block 10D 10C", "done"],
        );
        assert_ne!(json(&st)["pending"], "excess", "{rules}");
        assert_eq!(life(&st, "P2"), 40, "{rules}");
        assert_eq!(front(&st, "P2"), ["10D"], "{rules}");
    }
}

#[test]
fn option1_king_of_clubs_forces_only_front_rank_targets_that_can_fight() {
    // Summer '20 targeting: an attack on a Rear-Rank unit stays blockable ("target the
    // opposing Front Ranks units").
    let mut st = attack_pos(
        "kings=option1,soldier_targets=rear",
        json!({"front": ["9H"], "rear": ["KC"]}),
        json!({"front": ["5D"], "rear": ["KD"]}),
    );
    play(&mut st, &["attack 9H KD", "done"]);
    assert!(has(&st, "block 5D 9H"), "{:?}", legal(&st));
    // An exhausted 10 of Diamonds could not block: it is struck and does not fight back, even
    // where exhausted Hearts blockers deal full damage.
    let mut st = attack_pos(
        "kings=option1,hearts_trait=full_damage",
        json!({"front": ["9C"], "rear": ["KC"]}),
        json!({"front": ["10D exhausted"]}),
    );
    play(&mut st, &["attack 9C 10D", "done", "done"]);
    assert_eq!(front(&st, "P1"), ["9C exhausted"]);
    // A dual-wielding Spade keeps its second target: the 3 fights it, the 4 is struck too.
    let mut st = attack_pos(
        "kings=option1",
        json!({"front": ["9S"], "rear": ["KC"]}),
        json!({"front": ["3D", "4D"]}),
    );
    play(&mut st, &["attack 9S 3D 4D", "done", "done"]);
    assert!(front(&st, "P2").is_empty(), "{:?}", front(&st, "P2"));
    assert_eq!(
        front(&st, "P1"),
        ["9S exhausted"],
        "the 3 fought back for 3"
    );
}

#[test]
fn option2_shared_traits_are_lost_to_an_opposing_insane_wizard() {
    // The Option 2 King of Clubs' "deal all remaining damage (after combat) to the opposing
    // player" is a House Trait its soldiers lose to the Wizard.
    let mut st = attack_pos(
        "kings=share_trait,jokers=true",
        json!({"front": ["9D"], "rear": ["KC"]}),
        json!({"front": ["4H"], "rear": ["RJ wizard"]}),
    );
    play(
        &mut st,
        &["attack 9D player", "done", "block 4H 9D", "done"],
    );
    assert_eq!(life(&st, "P2"), 40);
}

#[test]
fn option1_king_of_spades_stuns_a_unit_next_to_the_defeated_blocker() {
    let mut st = attack_pos(
        "kings=option1",
        json!({"front": ["9D"], "rear": ["KS"]}),
        json!({"front": ["5C", "3H", "7S", "8D"]}),
    );
    play(
        &mut st,
        &["attack 9D player", "done", "block 5C 9D", "done"],
    );
    assert_eq!(legal(&st), ["stun 3H"]);
}

#[test]
fn option2_king_of_hearts_lets_each_hearts_blocker_trade_once_and_only_to_a_block_it_could_make() {
    let mut st = attack_pos(
        "kings=share_trait",
        json!({"front": ["9D", "8C", "7S", "6D"]}),
        json!({"front": ["5H", "4H", "10C", "9S"], "rear": ["KH"]}),
    );
    play(
        &mut st,
        &[
            "attack 9D player",
            "attack 8C player",
            "attack 7S player",
            "attack 6D player",
            "done",
            "block 5H 9D",
            "block 4H 8C",
            "block 10C 7S",
            "block 9S 6D",
            "done",
            "trade 5H 10C",
        ],
    );
    // "all allied soldier units that are originally from the House of Hearts": the 4 may
    // still shift; the 5 has.
    assert_eq!(json(&st)["pending"], "trade");
    assert!(has(&st, "trade 4H 9S") && !legal(&st).iter().any(|m| m.starts_with("trade 5H")));
    play(&mut st, &["trade 4H 9S"]);
    // The 10 met the 9 and the 9 the 8: both attackers fell; the 5 and the 4 met the 7 and
    // the 6 and fell.
    assert_eq!(front(&st, "P1"), ["7S exhausted", "6D exhausted"]);
    assert_eq!(front(&st, "P2"), ["10C", "9S"]);
    // An exhausted Heart's Magic Shield covers an attack on an ally, not one on the player: it
    // may not trade onto the latter.
    let mut st = attack_pos(
        "kings=share_trait",
        json!({"front": ["9D", "8C"]}),
        json!({"front": ["5H exhausted", "10C"], "rear": ["KH"]}),
    );
    play(
        &mut st,
        &[
            "attack 9D 10C",
            "attack 8C player",
            "done",
            "block 5H 9D",
            "block 10C 8C",
            "done",
        ],
    );
    assert_ne!(json(&st)["pending"], "trade");
}

#[test]
fn classic_king_of_spades_soldiers_take_no_clubs_excess() {
    // "soldier units cannot be blocked or attacked": excess goes to the player only.
    let mut st = attack_pos(
        "kings=classic",
        json!({"front": ["9C"]}),
        json!({"front": ["4S", "3H"], "rear": ["KS"]}),
    );
    play(
        &mut st,
        &["attack 9C player", "done", "block 4S 9C", "done"],
    );
    assert_eq!(legal(&st), ["excess player"]);
}

#[test]
fn option1_king_of_clubs_unblocked_option_strikes_the_target_without_a_fight() {
    // option1_king_of_clubs=unblocked: no unit blocks the attack on the 10, which takes the 9
    // and does not fight back; by default it fights as its blocker and the 9 of Clubs falls.
    for (rules, left) in [
        ("kings=option1", vec![]),
        (
            "kings=option1,option1_king_of_clubs=unblocked",
            vec!["9C exhausted".to_string()],
        ),
    ] {
        let mut st = attack_pos(
            rules,
            json!({"front": ["9C"], "rear": ["KC"]}),
            json!({"front": ["10D", "9H"]}),
        );
        play(&mut st, &["attack 9C 10D", "done"]);
        assert_eq!(legal(&st), ["done"], "{rules}: no other unit may block");
        play(&mut st, &["done"]);
        assert_eq!(front(&st, "P1"), left, "{rules}");
        assert_eq!(front(&st, "P2"), ["10D", "9H"], "9 does not exceed 10");
    }
}

#[test]
fn king_defence_sets_what_a_king_sustains_before_it_falls() {
    // 12 unblocked on the King of Hearts in the Rear Rank (soldier_targets=rear): the printed
    // 13 sustains it; a King of defence 11 falls (12 exceeds 11), of 12 stands unless damage
    // that reaches its defence defeats it (defeat=reaches).
    for (rules, falls) in [
        ("soldier_targets=rear", false),
        ("soldier_targets=rear,king_defence=11", true),
        ("soldier_targets=rear,king_defence=12", false),
        ("soldier_targets=rear,king_defence=12,defeat=reaches", true),
    ] {
        let mut st = attack_pos(
            rules,
            json!({"front": ["9C/3C"]}),
            json!({"front": ["5D exhausted"], "rear": ["KH"]}),
        );
        play(&mut st, &["attack 9C KH", "done", "done"]);
        let king: Vec<String> = if falls { vec![] } else { vec!["KH".into()] };
        assert_eq!(rear(&st, "P2"), king, "{rules}");
    }
}

#[test]
fn option2_king_of_spades_every_attack_option_stuns_on_an_unblocked_attack_on_the_player() {
    // By default (V12) the stun falls next to the unit an attack fights: an unblocked attack
    // on the player fights none and stuns no one. Under `every_attack` (V24) it stuns one unit
    // of that player's Front Ranks, of the attacker's choice.
    for (rules, stuns) in [
        ("kings=share_trait", false),
        (
            "kings=share_trait,option2_king_of_spades=every_attack",
            true,
        ),
    ] {
        let mut st = attack_pos(
            rules,
            json!({"front": ["9H"], "rear": ["KS"]}),
            json!({"front": ["3C", "5C"]}),
        );
        play(&mut st, &["attack 9H player", "done", "done"]);
        assert_eq!(life(&st, "P2"), 31, "{rules}");
        if stuns {
            assert_eq!(legal(&st), ["stun 3C", "stun 5C"]);
            play(&mut st, &["stun 5C"]);
            assert_eq!(front(&st, "P2"), ["3C", "5C dazed"]);
        } else {
            assert_ne!(json(&st)["pending"], "stun", "{rules}");
            assert_eq!(front(&st, "P2"), ["3C", "5C"]);
        }
    }
    // Blocked, both readings stun next to the blocker, as before.
    let mut st = attack_pos(
        "kings=share_trait,option2_king_of_spades=every_attack",
        json!({"front": ["9H"], "rear": ["KS"]}),
        json!({"front": ["3C", "10D", "5C"]}),
    );
    play(
        &mut st,
        &["attack 9H player", "done", "block 10D 9H", "done"],
    );
    assert_eq!(legal(&st), ["stun 3C", "stun 5C"]);
}

#[test]
fn classic_king_of_diamonds_whole_turn_option_readies_units_deployed_before_it() {
    // The 7 and the Ace are deployed before the King of Diamonds. By default (V2) they stay
    // exhausted; under `whole_turn` (V25) the King's arrival readies them ("units can attack on
    // the same turn they are deployed"), and only them: the 5, exhausted from before this
    // turn's deployments, stays so. The option needs the classic or Option 1 King.
    for (rules, ready) in [
        ("kings=classic", false),
        ("kings=classic,classic_king_of_diamonds=whole_turn", true),
        ("kings=option1,classic_king_of_diamonds=whole_turn", true),
        (
            "kings=classic,classic_king_of_diamonds=whole_turn,blank=KD",
            false,
        ),
        (
            "kings=share_trait,classic_king_of_diamonds=whole_turn",
            false,
        ),
    ] {
        let mut st = build(json!({"rules": rules, "players": {
            "P1": {"hand": ["7H", "AS", "KD", "9H"], "front": ["5C exhausted"]}, "P2": {}}}));
        play(&mut st, &["deploy 7H", "deploy AS", "deploy KD"]);
        let (seven, ace) = if ready {
            ("7H", "AS")
        } else {
            ("7H exhausted", "AS exhausted")
        };
        assert_eq!(front(&st, "P1"), ["5C exhausted", seven], "{rules}");
        assert_eq!(rear(&st, "P1")[0], ace, "{rules}");
        // Deployed after it, a unit is ready under either reading.
        play(&mut st, &["deploy 9H"]);
        let nine = if rules.starts_with("kings=share") || rules.contains("blank") {
            "9H exhausted"
        } else {
            "9H"
        };
        assert_eq!(front(&st, "P1")[2], nine, "{rules}");
    }
}
