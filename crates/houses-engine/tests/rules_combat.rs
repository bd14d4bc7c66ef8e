//! Position tests: targeting, blocking, damage and the four House Traits (normal and enhanced).

mod common;
use common::*;
use serde_json::json;

fn attack_pos(p1: serde_json::Value, p2: serde_json::Value) -> houses_engine::State {
    build(json!({"phase": "attack", "players": {"P1": p1, "P2": p2}, "deck": ["10H", "10S"]}))
}

#[test]
fn summer_20_worked_example_under_either_defeat_rule() {
    // The example does not decide reading R1: no card in it takes exactly its defence.
    for rules in ["", "defeat=reaches"] {
        let mut st = build(json!({"rules": rules, "phase": "attack", "players": {
            "P1": {"front": ["5H/2H", "3D", "9S", "4S"], "rear": ["KS"]},
            "P2": {"front": ["10D", "6C/4C"], "rear": ["KC"]}}, "deck": ["10H", "10S"]}));
        play(
            &mut st,
            &[
                "attack 5H player",
                "attack 3D player",
                "attack 9S KC",
                "attack 4S KC",
                "done",
            ],
        );
        play(&mut st, &["block 10D 5H", "block 6C 9S", "done"]);
        assert_eq!(
            front(&st, "P1"),
            ["3D exhausted", "4S exhausted"],
            "{rules}"
        );
        assert_eq!(front(&st, "P2"), ["10D", "4C"], "{rules}");
        assert_eq!(life(&st, "P2"), 37, "{rules}");
        assert_eq!(rear(&st, "P2"), ["KC"], "the King took 4 of 13 and stands");
    }
}

#[test]
fn front_rank_attackers_reach_only_the_player_and_the_front_ranks() {
    let st = attack_pos(
        json!({"front": ["9H"]}),
        json!({"front": ["5D"], "rear": ["KC"]}),
    );
    assert!(has(&st, "attack 9H player") && has(&st, "attack 9H 5D"));
    assert!(!has(&st, "attack 9H KC"));
}

#[test]
fn several_attackers_may_share_a_target_unless_the_option_forbids_it() {
    let mut st = attack_pos(json!({"front": ["5S", "6H"]}), json!({"front": ["9D"]}));
    play(&mut st, &["attack 5S 9D"]);
    assert!(has(&st, "attack 6H 9D"));
    play(&mut st, &["attack 6H 9D", "done", "done"]);
    assert!(
        front(&st, "P2").is_empty(),
        "5 + 6 damage reaches the 9's defence"
    );
    let mut st = build(
        json!({"rules": "multiple_attackers=false", "phase": "attack",
        "players": {"P1": {"front": ["5S", "6H"]}, "P2": {"front": ["9D"]}}}),
    );
    play(&mut st, &["attack 5S 9D"]);
    assert!(!has(&st, "attack 6H 9D") && has(&st, "attack 6H player"));
}

#[test]
fn each_blocker_blocks_one_attacker_and_exhausted_units_do_not_block() {
    let mut st = attack_pos(
        json!({"front": ["5H", "3D"]}),
        json!({"front": ["10D", "8C exhausted"]}),
    );
    play(
        &mut st,
        &[
            "attack 5H player",
            "attack 3D player",
            "done",
            "block 10D 5H",
        ],
    );
    assert!(!has(&st, "block 10D 3D"));
    assert!(!legal(&st).iter().any(|m| m.starts_with("block 8C")));
}

#[test]
fn exhausted_hearts_may_defend_an_ally_unit_but_not_the_player() {
    let st = {
        let mut st = attack_pos(
            json!({"front": ["8S"]}),
            json!({"front": ["9H exhausted", "4D"]}),
        );
        play(&mut st, &["attack 8S 4D", "done"]);
        st
    };
    assert!(has(&st, "block 9H 8S"));
    let mut st = attack_pos(json!({"front": ["8S"]}), json!({"front": ["9H exhausted"]}));
    play(&mut st, &["attack 8S player", "done"]);
    assert!(!has(&st, "block 9H 8S"));
}

#[test]
fn enhanced_hearts_blocker_returns_to_hand_instead_of_dying_unless_poisoned() {
    let mut st = attack_pos(
        json!({"front": ["8S"]}),
        json!({"front": ["6H"], "rear": ["KH"]}),
    );
    play(
        &mut st,
        &["attack 8S player", "done", "block 6H 8S", "done"],
    );
    assert_eq!(hand(&st, "P2")[..1], ["6H"]);
    assert!(!barrows(&st).contains(&"6H".to_string()));
    let mut st = attack_pos(
        json!({"front": ["8S"]}),
        json!({"front": ["6H poisoned"], "rear": ["KH"]}),
    );
    play(
        &mut st,
        &["attack 8S player", "done", "block 6H 8S", "done"],
    );
    assert!(barrows(&st).contains(&"6H".to_string()));
}

#[test]
fn clubs_excess_damage_through_a_blocker_goes_to_the_player_or_another_front_unit() {
    let mut st = attack_pos(json!({"front": ["9C"]}), json!({"front": ["4D", "4S"]}));
    play(
        &mut st,
        &["attack 9C player", "done", "block 4D 9C", "done"],
    );
    assert_eq!(json(&st)["pending"], "excess");
    assert_eq!(legal(&st), ["excess player", "excess 4S"]);
    play(&mut st, &["excess 4S"]);
    assert!(front(&st, "P2").is_empty(), "5 excess defeats the 4");
    let mut st = attack_pos(json!({"front": ["9C"]}), json!({"front": ["4D"]}));
    play(
        &mut st,
        &[
            "attack 9C player",
            "done",
            "block 4D 9C",
            "done",
            "excess player",
        ],
    );
    assert_eq!(life(&st, "P2"), 35);
}

#[test]
fn clubs_excess_from_an_unblocked_attack_only_under_the_quick_reference_option() {
    for (rules, excess) in [("", false), ("clubs_excess=any_target", true)] {
        let mut st = build(
            json!({"rules": rules, "phase": "attack", "deck": ["2D", "3D"],
            "players": {"P1": {"front": ["9C"]}, "P2": {"front": ["4D exhausted"]}}}),
        );
        play(&mut st, &["attack 9C 4D", "done", "done"]);
        assert_eq!(json(&st)["pending"] == "excess", excess, "rules '{rules}'");
    }
}

#[test]
fn enhanced_clubs_attacker_defeated_strikes_once_more() {
    let mut st = attack_pos(
        json!({"front": ["5C"], "rear": ["KC"]}),
        json!({"front": ["9D"]}),
    );
    play(
        &mut st,
        &["attack 5C player", "done", "block 9D 5C", "done"],
    );
    assert_eq!(json(&st)["pending"], "charge");
    assert_eq!(legal(&st), ["charge player", "charge 9D"]);
    play(&mut st, &["charge player"]);
    assert_eq!(life(&st, "P2"), 35);
}

/// Reading R45: a same-suit King adds its House's enhanced trait and takes nothing away: each
/// normal trait still works beside it (Spades: `spades_dual_wield_two_front_targets...`).
#[test]
fn enhanced_traits_add_to_the_normal_ones() {
    // Diamonds: still enter ready with the King of Diamonds in the Rear Ranks.
    let mut st = build(json!({"players": {"P1": {"hand": ["7D"], "rear": ["KD"]}}}));
    play(&mut st, &["deploy 7D"]);
    assert_eq!(front(&st, "P1"), ["7D"]);
    // Clubs: excess through a blocker still passes on with the King of Clubs.
    let mut st = attack_pos(
        json!({"front": ["9C"], "rear": ["KC"]}),
        json!({"front": ["4D", "4S"]}),
    );
    play(
        &mut st,
        &["attack 9C player", "done", "block 4D 9C", "done"],
    );
    assert_eq!(legal(&st), ["excess player", "excess 4S"]);
    // Hearts: an exhausted Hearts soldier still defends an ally unit with the King of Hearts.
    let mut st = attack_pos(
        json!({"front": ["8S"]}),
        json!({"front": ["9H exhausted", "4D"], "rear": ["KH"]}),
    );
    play(&mut st, &["attack 8S 4D", "done"]);
    assert!(has(&st, "block 9H 8S"));
}

#[test]
fn spades_dual_wield_two_front_targets_and_with_their_king_the_rear() {
    let st = attack_pos(
        json!({"front": ["8S"]}),
        json!({"front": ["3D", "4D"], "rear": ["KD"]}),
    );
    assert!(has(&st, "attack 8S 3D 4D"));
    assert!(!has(&st, "attack 8S KD"));
    let mut st = attack_pos(
        json!({"front": ["8S"], "rear": ["KS"]}),
        json!({"front": ["3D", "4D"], "rear": ["KD"]}),
    );
    assert!(has(&st, "attack 8S KD") && has(&st, "attack 8S 3D KD"));
    play(&mut st, &["attack 8S 3D 4D", "done", "done"]);
    assert!(
        front(&st, "P2").is_empty(),
        "8 damage to each of the two targets"
    );
    let h7 = build(
        json!({"phase": "attack", "players": {"P1": {"front": ["8H"]}, "P2": {"front": ["3D", "4D"]}}}),
    );
    assert!(!has(&h7, "attack 8H 3D 4D"), "only Spades dual wield");
}

#[test]
fn dual_wield_split_option_shares_the_damage_between_the_two_targets() {
    // An 8 on a 3 and a 4: 4 each, which defeats the 3 (4 > 3) and not the 4. A 9 gives the
    // first target 5 and the second 4.
    for (attack, rules, left) in [
        ("attack 8S 3D 4D", "dual_wield=split", vec!["4D"]),
        ("attack 8S 3D 4D", "", vec![]),
        ("attack 9S 4D 5D", "dual_wield=split", vec!["5D"]),
    ] {
        let attacker = &attack[7..9];
        let targets: Vec<&str> = attack.split(' ').skip(2).collect();
        let mut st = build(json!({"rules": rules, "phase": "attack", "players": {
            "P1": {"front": [attacker]}, "P2": {"front": targets}}}));
        play(&mut st, &[attack, "done", "done"]);
        assert_eq!(front(&st, "P2"), left, "{attack} under '{rules}'");
    }
}

#[test]
fn enhanced_diamonds_blocker_strikes_first() {
    // Both deal double (Jack of Clubs), so each would defeat the other.
    for (rear, attacker_survives_damage) in [(json!([]), false), (json!(["KD"]), true)] {
        let mut st = attack_pos(
            json!({"front": ["8S double"]}),
            json!({"front": ["8D double"], "rear": rear}),
        );
        play(
            &mut st,
            &["attack 8S player", "done", "block 8D 8S", "done"],
        );
        assert!(
            front(&st, "P1").is_empty(),
            "the 8 of Spades dies either way"
        );
        assert_eq!(front(&st, "P2") == ["8D"], attacker_survives_damage);
    }
}

/// The record's `enhanced_pN`: each time a Spring '25 enhanced House Trait changes play, it is
/// counted for the player whose unit used it (how often a King's power acts at all).
#[test]
fn each_enhanced_trait_that_changes_play_is_counted_for_its_player() {
    let counted = |st: &houses_engine::State| st.metrics.as_ref().unwrap().enhanced[..2].to_vec();
    // Hearts: the blocker returns to hand instead of dying (not when poisoned: it dies).
    for (blocker, expected) in [("6H", vec![0, 1]), ("6H poisoned", vec![0, 0])] {
        let mut st = attack_pos(
            json!({"front": ["8S"]}),
            json!({"front": [blocker], "rear": ["KH"]}),
        );
        play(
            &mut st,
            &["attack 8S player", "done", "block 6H 8S", "done"],
        );
        assert_eq!(counted(&st), expected, "{blocker}");
    }
    // Clubs: the defeated attacker's charge.
    let mut st = attack_pos(
        json!({"front": ["5C"], "rear": ["KC"]}),
        json!({"front": ["9D"]}),
    );
    play(
        &mut st,
        &["attack 5C player", "done", "block 9D 5C", "done"],
    );
    assert_eq!(counted(&st), [1, 0]);
    // Diamonds: the blocker's first strike fells the attacker before it strikes.
    for (rear, expected) in [(json!([]), vec![0, 0]), (json!(["KD"]), vec![0, 1])] {
        let mut st = attack_pos(
            json!({"front": ["8S double"]}),
            json!({"front": ["8D double"], "rear": rear}),
        );
        play(
            &mut st,
            &["attack 8S player", "done", "block 8D 8S", "done"],
        );
        assert_eq!(counted(&st), expected);
    }
    // Spades: a strike on the Rear Ranks, not one on the Front Ranks.
    for (attack, expected) in [
        ("attack 8S 3D KD", vec![1, 0]),
        ("attack 8S 3D 4D", vec![0, 0]),
    ] {
        let mut st = attack_pos(
            json!({"front": ["8S"], "rear": ["KS"]}),
            json!({"front": ["3D", "4D"], "rear": ["KD"]}),
        );
        play(&mut st, &[attack, "done", "done"]);
        assert_eq!(counted(&st), expected, "{attack}");
    }
}

#[test]
fn insane_wizard_suppresses_traits() {
    let st = build(
        json!({"rules": "jokers=true", "phase": "attack", "players": {
        "P1": {"front": ["8S"]}, "P2": {"front": ["3D", "4D"], "rear": ["RJ wizard"]}}}),
    );
    assert!(
        !has(&st, "attack 8S 3D 4D"),
        "no dual wield under the Insane Wizard"
    );
    let mut st = build(json!({"rules": "jokers=true", "players": {
        "P1": {"hand": ["7D"]}, "P2": {"rear": ["RJ wizard"]}}}));
    play(&mut st, &["deploy 7D"]);
    assert_eq!(
        front(&st, "P1"),
        ["7D exhausted"],
        "Diamonds lose agile deployment"
    );
}

#[test]
fn damage_does_not_carry_over_to_the_next_turn() {
    let mut st = build(json!({"phase": "attack", "deck": ["10H", "10S", "10C"],
        "players": {"P1": {"front": ["5S"]}, "P2": {"front": ["9D exhausted"]}}}));
    play(&mut st, &["attack 5S 9D", "done", "done"]);
    assert_eq!(front(&st, "P2"), ["9D"]);
    play(&mut st, &["end", "pass", "done"]); // P2's turn, no attack
    play(&mut st, &["end", "pass", "attack 5S 9D", "done", "done"]);
    assert_eq!(
        front(&st, "P2"),
        ["9D"],
        "5 + 5 over two turns does not defeat a 9"
    );
}

#[test]
fn a_unit_is_defeated_only_by_more_damage_than_its_defence() {
    // Spring '25: "Units taking more damage than their defense value are defeated".
    // A 5 blocking a 5: each takes exactly its defence and both stand.
    let mut st = attack_pos(json!({"front": ["5S"]}), json!({"front": ["5D"]}));
    play(
        &mut st,
        &["attack 5S player", "done", "block 5D 5S", "done"],
    );
    assert_eq!(front(&st, "P1"), ["5S exhausted"]);
    assert_eq!(front(&st, "P2"), ["5D"]);
    // A bond takes damage leader first: 8 on 5C/3C defeats the 5 (8 > 5) and the 3 left over
    // is what the 3 can sustain; 9 leaves 4 over, which defeats the 3 as well.
    for (attacker, left) in [("8S", vec!["3C"]), ("9S", vec![])] {
        let mut st = attack_pos(json!({"front": [attacker]}), json!({"front": ["5C/3C"]}));
        play(&mut st, &[&format!("attack {attacker} 5C"), "done", "done"]);
        assert_eq!(front(&st, "P2"), left, "{attacker} on 5C/3C");
    }
    // defeat=reaches (the older notes: a 10+3 bond "threaten[s] the King with 13 Defense"):
    // exactly the defence defeats.
    let mut st = build(
        json!({"rules": "defeat=reaches", "phase": "attack", "players": {
        "P1": {"front": ["5S"]}, "P2": {"front": ["5D"]}}}),
    );
    play(
        &mut st,
        &["attack 5S player", "done", "block 5D 5S", "done"],
    );
    assert!(front(&st, "P1").is_empty() && front(&st, "P2").is_empty());
    let mut st = build(
        json!({"rules": "defeat=reaches", "phase": "attack", "players": {
        "P1": {"front": ["8S"]}, "P2": {"front": ["5C/3C"]}}}),
    );
    play(&mut st, &["attack 8S 5C", "done", "done"]);
    assert!(front(&st, "P2").is_empty());
}

#[test]
fn exhausted_hearts_blocker_deals_no_damage_unless_the_full_damage_option() {
    // Quick reference: "Defend while exhausted but cannot apply damage when doing so"; the full
    // text is silent on the damage, so the quick reference fills the gap.
    for (rules, attacker_survives) in [("", true), ("hearts_trait=full_damage", false)] {
        let mut st = build(json!({"rules": rules, "phase": "attack", "players": {
            "P1": {"front": ["8S"]}, "P2": {"front": ["9H exhausted", "4D"]}}}));
        play(&mut st, &["attack 8S 4D", "done", "block 9H 8S", "done"]);
        assert_eq!(
            front(&st, "P1") == ["8S exhausted"],
            attacker_survives,
            "rules '{rules}'"
        );
        // P2's turn has begun: its READY phase straightened the 9, which sustained the 8.
        assert_eq!(front(&st, "P2"), ["9H", "4D"]);
    }
}

/// Reading R46, option `self_block`: is a unit that blocks the attack aimed at itself
/// "defending an ally" ("As an exhausted unit, Hearts soldiers may still defend an ally unit";
/// "while defending an ally" for the enhanced Hearts and Diamonds traits)? By default yes (the
/// game calls any unit of the player's side allied); with `self_block=not_ally` only a block of
/// an attack aimed at another unit or at the player is.
#[test]
fn a_unit_blocking_the_attack_on_itself_defends_an_ally_unless_the_not_ally_option() {
    for (rules, itself) in [("", true), ("self_block=not_ally", false)] {
        let at = |p1: serde_json::Value, p2: serde_json::Value| {
            build(
                json!({"rules": rules, "phase": "attack", "players": {"P1": p1, "P2": p2},
                "deck": ["10H", "10S"]}),
            )
        };
        // Hearts normal: an exhausted Hearts soldier may block the attack on another unit
        // under either value, the attack on itself only when that defends an ally.
        let mut st = at(
            json!({"front": ["8S", "7C"]}),
            json!({"front": ["9H exhausted", "4D"]}),
        );
        play(&mut st, &["attack 8S 9H", "attack 7C 4D", "done"]);
        assert_eq!(has(&st, "block 9H 8S"), itself, "rules '{rules}'");
        assert!(has(&st, "block 9H 7C"), "rules '{rules}'");
        // Hearts enhanced: a lethal attack on the 6 of Hearts, blocked by itself, sends it
        // back to hand only when that block defends an ally.
        let mut st = at(
            json!({"front": ["8S"]}),
            json!({"front": ["6H"], "rear": ["KH"]}),
        );
        play(&mut st, &["attack 8S 6H", "done", "block 6H 8S", "done"]);
        assert_eq!(
            hand(&st, "P2").contains(&"6H".to_string()),
            itself,
            "rules '{rules}'"
        );
        assert_eq!(
            barrows(&st).contains(&"6H".to_string()),
            !itself,
            "rules '{rules}'"
        );
        // Diamonds enhanced: both deal double (Jack of Clubs), so each would defeat the other;
        // the 8 of Diamonds, blocking the attack on itself, strikes first only when that
        // defends an ally.
        let mut st = at(
            json!({"front": ["8S double"]}),
            json!({"front": ["8D double"], "rear": ["KD"]}),
        );
        play(&mut st, &["attack 8S 8D", "done", "block 8D 8S", "done"]);
        assert!(front(&st, "P1").is_empty(), "rules '{rules}'");
        assert_eq!(front(&st, "P2") == ["8D"], itself, "rules '{rules}'");
        // Blocking for another unit defends an ally under either value, and so does blocking
        // a dual-wielding attack aimed at the blocker and another unit.
        let mut st = at(
            json!({"front": ["8S double"]}),
            json!({"front": ["8D double", "4C"], "rear": ["KD"]}),
        );
        play(&mut st, &["attack 8S 4C", "done", "block 8D 8S", "done"]);
        assert_eq!(front(&st, "P2"), ["8D", "4C"], "rules '{rules}'");
        let mut st = at(
            json!({"front": ["8S"]}),
            json!({"front": ["6H", "4D"], "rear": ["KH"]}),
        );
        play(&mut st, &["attack 8S 6H 4D", "done", "block 6H 8S", "done"]);
        assert!(
            hand(&st, "P2").contains(&"6H".to_string()),
            "rules '{rules}'"
        );
        assert_eq!(front(&st, "P2"), ["4D"], "rules '{rules}'");
    }
}

/// Reading R14: the enhanced Hearts blocker "would receive lethal damage while defending an
/// ally" counts all the damage it takes in that combat's resolution (damage is simultaneous),
/// not only its blocked attacker's: a 3 it blocks and a dual-wielding 9 striking it return it
/// to hand together.
#[test]
fn enhanced_hearts_blocker_returns_to_hand_from_all_the_damage_of_its_combat() {
    let mut st = attack_pos(
        json!({"front": ["3C", "9S"]}),
        json!({"front": ["6H", "4D"], "rear": ["KH"]}),
    );
    play(
        &mut st,
        &[
            "attack 3C player",
            "attack 9S 6H 4D",
            "done",
            "block 6H 3C",
            "done",
        ],
    );
    assert!(hand(&st, "P2").contains(&"6H".to_string()));
    assert!(
        front(&st, "P2").is_empty(),
        "the 4 of Diamonds falls to the 9"
    );
    assert!(barrows(&st).contains(&"4D".to_string()) && !barrows(&st).contains(&"6H".to_string()));
}
