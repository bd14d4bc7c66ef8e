//! Position tests for the designers' rule variants (issue #3): Spades trait, King aid, Kings.

mod common;
use common::*;
use houses_engine::State;
use serde_json::json;

#[test]
fn spades_adjacent_strike_hits_a_neighbour_once_the_unit_it_fights_falls() {
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
        ["3D", "4D", "9C"],
        "the 9 blocked and stood: no second strike (Summer '20: \"only an option if they \
         defeat their blocker\")"
    );
    let mut st = attack_pos(
        rules,
        json!({"front": ["8S"]}),
        json!({"front": ["3D", "4D", "5C"]}),
    );
    play(&mut st, &["attack 8S 4D 3D", "done", "block 5C 8S", "done"]);
    assert_eq!(
        front(&st, "P2"),
        ["4D"],
        "the blocking 5 fell, so the 3 is struck too"
    );
    // Unblocked: the second strike follows the fall of the target.
    for (p2, left) in [
        (json!(["3D", "4D"]), vec![]),
        (json!(["3D", "9D"]), vec!["3D", "9D"]),
    ] {
        let mut st = attack_pos(rules, json!({"front": ["8S"]}), json!({"front": p2}));
        let second = front(&st, "P2")[1].clone();
        play(
            &mut st,
            &[&format!("attack 8S {second} 3D"), "done", "done"],
        );
        assert_eq!(front(&st, "P2"), left);
    }
}

/// The record's `second_targets_pN`: each time a Spades soldier's second target is struck or
/// stunned, for the attacker (how often the Spades trait acts at all).
#[test]
fn each_spades_second_target_struck_or_stunned_is_counted_for_the_attacker() {
    let counted = |st: &State| st.metrics.as_ref().unwrap().second_targets[..2].to_vec();
    for (rules, p2, attack, block, expected) in [
        // Dual wielding: both struck; blocked, the second target is lost.
        ("", json!(["3D", "4D"]), "attack 8S 3D 4D", None, vec![1, 0]),
        (
            "",
            json!(["3D", "4D", "5C"]),
            "attack 8S 3D 4D",
            Some("block 5C 8S"),
            vec![0, 0],
        ),
        // Adjacent strike: only once the first target falls (unblocked or its blocker).
        (
            "spades_trait=adjacent_strike",
            json!(["3D", "4D"]),
            "attack 8S 4D 3D",
            None,
            vec![1, 0],
        ),
        (
            "spades_trait=adjacent_strike",
            json!(["3D", "9D"]),
            "attack 8S 9D 3D",
            None,
            vec![0, 0],
        ),
        (
            "spades_trait=adjacent_strike",
            json!(["3D", "4D", "5C"]),
            "attack 8S 4D 3D",
            Some("block 5C 8S"),
            vec![1, 0],
        ),
        // The stunning second strike: the second target stunned.
        (
            "spades_trait=stun",
            json!(["3D", "9C"]),
            "attack 8S 3D 9C",
            None,
            vec![1, 0],
        ),
    ] {
        let mut st = attack_pos(rules, json!({"front": ["8S"]}), json!({"front": p2}));
        let mut moves = vec![attack, "done"];
        moves.extend(block);
        moves.push("done");
        play(&mut st, &moves);
        assert_eq!(counted(&st), expected, "{rules}: {attack} {block:?}");
    }
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
    // The notes' example: "The 9 of Spades may aid an allied 7 of Diamonds when they are both
    // defending by adding 4": the 9 blocks the 3, the 7 blocks the 10.
    let p1 = json!({"front": ["10C", "3H"]});
    let p2 = json!({"front": ["7D", "9S"], "rear": ["KS"]});
    let blocks = [
        "attack 10C player",
        "attack 3H player",
        "done",
        "block 7D 10C",
    ];
    let mut st = attack_pos("king_aid_half=true", p1.clone(), p2.clone());
    play(&mut st, &blocks);
    assert!(!has(&st, "aid 9S 7D"), "the 9 is not defending yet");
    play(&mut st, &["block 9S 3H"]);
    assert!(has(&st, "aid 9S 7D"));
    play(&mut st, &["aid 9S 7D", "done"]);
    assert!(
        front(&st, "P1").is_empty(),
        "7 + 4 is more than the 10's defence; the 9 defeats the 3 as well"
    );
    // The half is a number (`king_aid_percent`, for tuning): a quarter of the 9 adds 2, and
    // 7 + 2 does not exceed the 10's defence, so the 10 stands.
    let mut st = attack_pos(
        "king_aid_half=true,king_aid_percent=25",
        p1.clone(),
        p2.clone(),
    );
    play(&mut st, &blocks);
    play(&mut st, &["block 9S 3H", "aid 9S 7D", "done"]);
    assert_eq!(
        front(&st, "P1"),
        ["10C exhausted"],
        "7 + 2 does not defeat the 10"
    );
    let mut st = attack_pos("", p1.clone(), p2);
    play(&mut st, &blocks);
    play(&mut st, &["block 9S 3H"]);
    assert!(
        !legal(&st).iter().any(|m| m.starts_with("aid")),
        "off by default"
    );
    let st = {
        let mut st = attack_pos(
            "king_aid_half=true",
            p1,
            json!({"front": ["7D", "9S"], "rear": ["KH"]}),
        );
        play(&mut st, &blocks);
        play(&mut st, &["block 9S 3H"]);
        st
    };
    assert!(
        !has(&st, "aid 9S 7D"),
        "a Spade aids only with the King of Spades"
    );
}

// ---- Kings ----------------------------------------------------------------------------------

#[test]
fn enhanced_traits_need_the_spring_25_kings() {
    // With classic Kings, the King of Spades does not let a Spades soldier reach the Rear.
    let p1 = json!({"front": ["8S"], "rear": ["KS"]});
    let st = attack_pos("", p1.clone(), json!({"front": ["3D"], "rear": ["KD"]}));
    assert!(has(&st, "attack 8S KD"));
    let st = attack_pos(
        "kings=share_trait",
        p1,
        json!({"front": ["3D"], "rear": ["KD"]}),
    );
    assert!(!has(&st, "attack 8S KD"));
}

#[test]
fn classic_and_option1_king_of_diamonds_lets_new_units_attack() {
    for (rules, ready) in [
        ("kings=classic", true),
        ("kings=option1", true),
        ("", false),
    ] {
        let mut st = build(json!({"rules": rules, "players": {
            "P1": {"hand": ["7H", "AS"], "rear": ["KD"]}, "P2": {}}}));
        play(&mut st, &["deploy 7H", "deploy AS"]);
        assert_eq!(front(&st, "P1") == ["7H"], ready, "rules '{rules}'");
        // "units": an Ace too, which otherwise waits for its owner's next turn (R24).
        assert_eq!(rear(&st, "P1") == ["KD", "AS"], ready, "rules '{rules}'");
    }
}

#[test]
fn classic_king_of_clubs_cannot_challenge_on_the_turn_it_arrives() {
    let deploy = |rules: &str| {
        let mut st = build(json!({"rules": rules, "players": {
            "P1": {"hand": ["KC"]}, "P2": {"front": ["9H"]}}, "deck": ["10H", "10S"]}));
        play(&mut st, &["deploy KC", "end", "pass"]);
        st
    };
    assert!(
        !has(&deploy("kings=classic"), "attack KC 9H"),
        "newly deployed: exhausted"
    );
    assert!(has(
        &deploy("kings=classic,rear_deploy=ready"),
        "attack KC 9H"
    ));
}

#[test]
fn classic_king_of_clubs_challenges_a_soldier_for_13_unblockably() {
    let mut st = attack_pos(
        "kings=classic",
        json!({"rear": ["KC"]}),
        json!({"front": ["10D", "9H"]}),
    );
    assert!(has(&st, "attack KC 10D"));
    assert!(
        !has(&st, "attack KC player"),
        "a challenge is against a soldier"
    );
    play(&mut st, &["attack KC 10D", "done"]);
    assert_eq!(legal(&st), ["done"], "the challenge cannot be blocked");
    play(&mut st, &["done"]);
    assert_eq!(front(&st, "P2"), ["9H"]);
    assert_eq!(
        rear(&st, "P1"),
        ["KC exhausted"],
        "10 damage does not fell the King (13)"
    );
    let st = attack_pos("", json!({"rear": ["KC"]}), json!({"front": ["10D"]}));
    assert!(
        !has(&st, "attack KC 10D"),
        "only the classic King challenges"
    );
}

#[test]
fn classic_king_of_hearts_absorbs_up_to_13_and_falls_when_it_does() {
    let mut st = attack_pos(
        "kings=classic",
        json!({"front": ["9C", "6S"]}),
        json!({"front": ["7H exhausted", "5D exhausted"], "rear": ["KH"]}),
    );
    play(&mut st, &["attack 9C 7H", "attack 6S 5D", "done", "done"]);
    // "an allied soldier unit of choice": one unit. Saving the 7 is worth more than the 5: the
    // 9 on the 7 is absorbed (9 < 13, the King stands) and the 5 takes its 6 and falls.
    assert_eq!(front(&st, "P2"), ["7H"]);
    assert_eq!(rear(&st, "P2"), ["KH"]);
    // Having absorbed 13, it falls: saving the 6 from 19 takes all 13.
    let mut st = attack_pos(
        "kings=classic",
        json!({"front": ["10C/9C"]}),
        json!({"front": ["6H exhausted"], "rear": ["KH"]}),
    );
    play(&mut st, &["attack 10C 6H", "done", "done"]);
    assert_eq!(front(&st, "P2"), ["6H"]);
    assert!(rear(&st, "P2").is_empty(), "13 absorbed: the King falls");
    // classic_king_of_hearts=up_to_13 (the default): all it can of the hit on the unit saved.
    for (p1, lead, king) in [
        ("10C/4C", "10C", vec![]),
        ("9C", "9C", vec!["KH".to_string()]),
    ] {
        let mut st = attack_pos(
            "kings=classic",
            json!({"front": [p1]}),
            json!({"front": ["7H exhausted"], "rear": ["KH"]}),
        );
        play(&mut st, &[&format!("attack {lead} 7H"), "done", "done"]);
        assert_eq!(
            front(&st, "P2"),
            ["7H"],
            "{p1}: the 7 keeps 1 of 14, or all 9 absorbed"
        );
        assert_eq!(rear(&st, "P2"), king, "{p1}");
    }
}

#[test]
fn classic_king_of_spades_soldiers_cannot_be_blocked_or_attacked() {
    let mut st = attack_pos(
        "kings=classic",
        json!({"front": ["8S", "5D"], "rear": ["KS"]}),
        json!({"front": ["10D"]}),
    );
    play(&mut st, &["attack 8S player", "done"]);
    assert_eq!(
        legal(&st),
        ["done"],
        "no block on the King of Spades' soldiers"
    );
    let st = attack_pos(
        "kings=classic",
        json!({"front": ["9C"]}),
        json!({"front": ["7H"], "rear": ["KS"]}),
    );
    assert!(!has(&st, "attack 9C 7H") && has(&st, "attack 9C player"));
}

#[test]
fn option1_king_of_clubs_makes_the_target_fight_its_attacker() {
    let mut st = attack_pos(
        "kings=option1",
        json!({"front": ["9C"], "rear": ["KC"]}),
        json!({"front": ["6H", "10D"]}),
    );
    play(&mut st, &["attack 9C 6H", "done"]);
    assert_eq!(
        legal(&st),
        ["done"],
        "the defender may not choose a blocker"
    );
    play(&mut st, &["done"]);
    assert_eq!(front(&st, "P2"), ["10D"]);
    assert_eq!(
        front(&st, "P1"),
        ["9C exhausted"],
        "the 6 fought back for 6 of 9"
    );
}

#[test]
fn summer20_targeting_option_sends_soldiers_at_the_rear_ranks_not_the_front() {
    // soldier_targets=rear: "a unit can only target the rear ranks card or opposing player".
    let p2 = json!({"front": ["5D"], "rear": ["KH", "AH"]});
    let pos = |rules: &str, p1: serde_json::Value| {
        build(json!({"rules": rules, "phase": "attack",
            "players": {"P1": p1, "P2": p2.clone()}, "deck": ["10H", "10S"]}))
    };
    let mut st = pos("soldier_targets=rear", json!({"front": ["9H", "4C"]}));
    assert_eq!(
        legal(&st)
            .iter()
            .filter(|m| m.starts_with("attack 9H"))
            .collect::<Vec<_>>(),
        ["attack 9H player", "attack 9H KH", "attack 9H AH"]
    );
    // As in the worked example: two soldiers strike the King, one is blocked and fights.
    play(
        &mut st,
        &[
            "attack 9H KH",
            "attack 4C KH",
            "done",
            "block 5D 4C",
            "done",
        ],
    );
    assert_eq!(front(&st, "P2"), ["5D"], "the 4 does not defeat the 5");
    assert_eq!(
        rear(&st, "P2"),
        ["KH", "AH"],
        "9 of 13 leaves the King standing"
    );
    assert_eq!(front(&st, "P1"), ["9H exhausted"], "the 5 defeated the 4");
    // Card text that names the Front Ranks still reaches them: the Spades trait...
    let st = pos("soldier_targets=rear", json!({"front": ["9S"]}));
    assert!(has(&st, "attack 9S 5D") && has(&st, "attack 9S KH"));
    // ...and the Option 1 King of Clubs.
    let st = pos(
        "soldier_targets=rear,kings=option1",
        json!({"front": ["9H"], "rear": ["KC"]}),
    );
    assert!(has(&st, "attack 9H 5D") && has(&st, "attack 9H KH"));
}

#[test]
fn classic_king_of_spades_under_summer20_targeting_leaves_only_the_rear_to_answer() {
    // The playtests' complaint: with the classic King of Spades its soldiers cannot be blocked
    // or attacked; under soldier_targets=rear the opponent's soldiers cannot reach them anyway,
    // and every one of them may go for the player or the Rear Ranks unopposed.
    let rules = "kings=classic,soldier_targets=rear";
    let mut st = attack_pos(
        rules,
        json!({"front": ["9H", "8D"], "rear": ["KS"]}),
        json!({"front": ["10C"], "rear": ["KD"]}),
    );
    play(&mut st, &["attack 9H player", "attack 8D KD", "done"]);
    assert_eq!(legal(&st), ["done"], "no block is possible");
    play(&mut st, &["done"]);
    assert_eq!(life(&st, "P2"), 31);
}

#[test]
fn option1_king_of_hearts_gives_every_soldier_the_hearts_trait_or_reassigns_blockers() {
    let p2 = json!({"front": ["9C exhausted", "4D"], "rear": ["KH"]});
    let mut st = attack_pos("kings=option1", json!({"front": ["8S"]}), p2.clone());
    play(&mut st, &["attack 8S 4D", "done"]);
    assert!(
        has(&st, "block 9C 8S"),
        "an exhausted Club defends an ally like a Heart"
    );
    // "everyone ... would remain available to block after attacking", the player included,
    // and such a blocker fights with its full damage.
    let mut st = attack_pos(
        "kings=option1",
        json!({"front": ["8S"]}),
        json!({"front": ["9C exhausted attacked"], "rear": ["KH"]}),
    );
    play(
        &mut st,
        &["attack 8S player", "done", "block 9C 8S", "done"],
    );
    assert!(front(&st, "P1").is_empty(), "the 9 defeats the 8");
    let mut st = attack_pos(
        "kings=option1,option1_king_of_hearts=reassign_blockers",
        json!({"front": ["8S"]}),
        p2,
    );
    play(&mut st, &["attack 8S 4D", "done"]);
    assert!(!has(&st, "block 9C 8S"));
    let mut st = attack_pos(
        "kings=option1,option1_king_of_hearts=reassign_blockers",
        json!({"front": ["8D"], "rear": ["KH"]}),
        json!({"front": ["10C", "3S"]}),
    );
    play(
        &mut st,
        &["attack 8D player", "done", "block 10C 8D", "done"],
    );
    assert_eq!(legal(&st), ["reblock 8D 10C", "reblock 8D 3S"]);
}

#[test]
fn option1_king_of_spades_stuns_after_defeating_the_blocker() {
    let mut st = attack_pos(
        "kings=option1",
        json!({"front": ["8S"], "rear": ["KS"]}),
        json!({"front": ["3C", "9D"]}),
    );
    play(
        &mut st,
        &["attack 8S player", "done", "block 3C 8S", "done"],
    );
    assert_eq!(json(&st)["pending"], "stun");
    assert_eq!(legal(&st), ["stun 9D"]);
    play(&mut st, &["stun 9D"]);
    assert_eq!(front(&st, "P2"), ["9D dazed"]);
}

#[test]
fn option2_king_of_diamonds_attackers_strike_first_and_clash_with_natural_diamonds() {
    // The 8 (doubled by a Jack of Clubs) defeats the 8 first and takes no damage back.
    let mut st = attack_pos(
        "kings=share_trait",
        json!({"front": ["8S double"], "rear": ["KD"]}),
        json!({"front": ["8C double"]}),
    );
    play(
        &mut st,
        &["attack 8S player", "done", "block 8C 8S", "done"],
    );
    assert_eq!(front(&st, "P1"), ["8S exhausted"]);
    assert!(front(&st, "P2").is_empty());
    // Against a natural Diamonds blocker whose King is also Diamonds, the first strikes cancel.
    // (Two Kings of Diamonds: one is a Doppelganger.)
    let mut st = attack_pos(
        "kings=share_trait,jokers=true",
        json!({"front": ["8S double"], "rear": ["BJ=KD"]}),
        json!({"front": ["8D double"], "rear": ["KD"]}),
    );
    play(
        &mut st,
        &["attack 8S player", "done", "block 8D 8S", "done"],
    );
    assert!(front(&st, "P1").is_empty() && front(&st, "P2").is_empty());
}

#[test]
fn option2_king_of_clubs_sends_what_is_left_to_the_player() {
    let mut st = attack_pos(
        "kings=share_trait",
        json!({"front": ["9H"], "rear": ["KC"]}),
        json!({"front": ["4D"]}),
    );
    play(
        &mut st,
        &["attack 9H player", "done", "block 4D 9H", "done"],
    );
    assert_eq!(life(&st, "P2"), 35, "9 - 4 goes through");
    // A natural Clubs blocker under its King of Clubs sends its excess to the attacking player.
    let mut st = attack_pos(
        "kings=share_trait",
        json!({"front": ["4D"]}),
        json!({"front": ["9C"], "rear": ["KC"]}),
    );
    play(
        &mut st,
        &["attack 4D player", "done", "block 9C 4D", "done"],
    );
    assert_eq!(life(&st, "P1"), 35);
}

#[test]
fn option2_king_of_hearts_attackers_may_still_block_and_hearts_trade_blockers() {
    // P2's 9 attacked last turn (exhausted, attacked); with the King of Hearts it blocks.
    let mut st = build(json!({"rules": "kings=share_trait", "players": {
        "P1": {"front": ["9C"], "rear": ["KH"]}, "P2": {"front": ["5S"]}}, "deck": ["2H", "3H"]}));
    play(
        &mut st,
        &["end", "pass", "attack 9C player", "done", "done"],
    );
    play(&mut st, &["end", "pass", "attack 5S player", "done"]);
    assert!(has(&st, "block 9C 5S"));
    let mut st = attack_pos(
        "kings=share_trait",
        json!({"front": ["8S", "4D"]}),
        json!({"front": ["5H", "9C"], "rear": ["KH"]}),
    );
    play(
        &mut st,
        &[
            "attack 8S player",
            "attack 4D player",
            "done",
            "block 5H 8S",
            "block 9C 4D",
            "done",
        ],
    );
    assert_eq!(json(&st)["pending"], "trade");
    play(&mut st, &["trade 5H 9C"]);
    assert!(
        front(&st, "P1").is_empty(),
        "after the trade the 9 meets the 8 and the 5 the 4"
    );
    assert_eq!(front(&st, "P2"), ["5H", "9C"]);
}

#[test]
fn option2_king_of_spades_stuns_a_neighbour_and_clashing_weapons_cancel() {
    let mut st = attack_pos(
        "kings=share_trait",
        json!({"front": ["9H"], "rear": ["KS"]}),
        json!({"front": ["3C", "4D", "5C"]}),
    );
    play(&mut st, &["attack 9H 4D", "done", "done"]);
    assert_eq!(legal(&st), ["stun 3C", "stun 5C"]);
    play(&mut st, &["stun 5C"]);
    assert_eq!(front(&st, "P2"), ["3C", "5C dazed"]);
    let mut st = attack_pos(
        "kings=share_trait,jokers=true",
        json!({"front": ["9H"], "rear": ["BJ=KS"]}),
        json!({"front": ["3C", "10S", "5C"], "rear": ["KS"]}),
    );
    play(
        &mut st,
        &["attack 9H player", "done", "block 10S 9H", "done"],
    );
    assert_ne!(json(&st)["pending"], "stun", "two enchanted weapons cancel");
}

/// `sim rules` and a report's "The variants" say what each choice of an option means, from the
/// choice's own doc comment in `houses/rules/options.rs`: every choice has one.
#[test]
fn every_choice_of_every_option_says_what_it_means() {
    for o in houses_engine::houses::rules::OPTIONS
        .iter()
        .filter(|o| o.kind == "choice")
    {
        assert_eq!(o.choice_help.len(), o.choices.len(), "option {}", o.name);
        for (c, h) in o.choices.iter().zip(o.choice_help) {
            assert!(
                h.trim().len() > 10,
                "{}={c} has no description: '{h}'",
                o.name
            );
        }
    }
    let kings = houses_engine::houses::rules::OPTIONS
        .iter()
        .find(|o| o.name == "kings")
        .unwrap();
    assert!(kings.choice_help[0]
        .trim()
        .starts_with("Spring '25: a King lets allied soldiers"));
}
