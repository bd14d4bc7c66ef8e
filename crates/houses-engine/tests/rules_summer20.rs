//! The Summer '20 game (`preset=summer20`, issue #35): the preset, and position tests for the options it needs:
//! `redeploys` (reading R48) and `diamonds_trait` (reading V22); and two readings of the time
//! that could go either way (issue #60): `adjacent_strike_damage` (V23), `bond_from_hand` (R49).

mod common;
use common::*;
use houses_engine::{EndReason, Rules, State};
use serde_json::{json, Value};

/// The redeployment moves (merges, splits, returns to hand) among the legal moves.
fn redeployments(st: &State) -> Vec<String> {
    legal(st)
        .into_iter()
        .filter(|m| m.starts_with("bond ") || m.starts_with("split ") || m.starts_with("return "))
        .collect()
}

fn deploy_pos(rules: &str, p1: Value) -> State {
    build(
        json!({"rules": rules, "turn": 3, "players": {"P1": p1, "P2": {}},
        "deck": ["10C", "9C", "8C", "10S"]}),
    )
}

fn attack_pos(rules: &str, p1: Value, p2: Value) -> State {
    build(
        json!({"rules": rules, "phase": "attack", "players": {"P1": p1, "P2": p2},
        "deck": ["AH", "AC", "AS"]}),
    )
}

#[test]
fn redeploys_one_allows_one_merge_split_or_return_a_turn() {
    let p1 = json!({"front": ["5H", "4H", "6C/3C"]});
    // Spring '25 (R17): a merge, then a split, then a return, in one DEPLOY phase.
    let mut st = deploy_pos("", p1.clone());
    play(&mut st, &["bond 5H/4H", "split 6C", "return 3C"]);
    assert_eq!(front(&st, "P1"), ["5H/4H", "6C"]);
    assert_eq!(hand(&st, "P1"), ["3C"]);
    // redeploys=one: whichever comes first (a merge, a split or a return), it is the turn's
    // one redeployment: no other is offered, and the same second move is refused.
    for first in ["bond 5H/4H", "split 6C", "return 6C"] {
        let mut st = deploy_pos("redeploys=one", p1.clone());
        play(&mut st, &[first]);
        assert!(
            redeployments(&st).is_empty(),
            "after '{first}': {:?}",
            legal(&st)
        );
        assert!(has(&st, "end"));
    }
    let mut st = deploy_pos("redeploys=one", p1);
    play(&mut st, &["bond 5H/4H"]);
    let e = st
        .apply(houses_engine::Action::parse("split 6C").unwrap())
        .unwrap_err();
    assert!(e.starts_with("illegal move 'split 6C'"), "{e}");
    assert_eq!(front(&st, "P1"), ["5H/4H", "6C/3C"]);
}

#[test]
fn redeploys_one_leaves_deploying_from_hand_free_and_comes_back_next_turn() {
    // Deploying a card from hand, onto a unit as well, is deploying, not redeploying (R48).
    let p1 = json!({"front": ["5H", "4H", "6C"], "hand": ["7C", "9H"]});
    let mut st = deploy_pos("redeploys=one", p1.clone());
    play(&mut st, &["bond 5H/4H", "deploy 7C under 6C", "deploy 9H"]);
    assert_eq!(
        front(&st, "P1"),
        ["5H/4H", "6C/7C exhausted", "9H exhausted"]
    );
    assert!(redeployments(&st).is_empty());
    // Deploying first uses nothing: the redeployment is still to be made.
    let mut st = deploy_pos("redeploys=one", p1);
    play(&mut st, &["deploy 7C under 6C"]);
    assert!(has(&st, "bond 5H/4H") && has(&st, "split 6C"));
    play(&mut st, &["bond 5H/4H"]);
    assert!(redeployments(&st).is_empty());
    // The next turn the player may redeploy again.
    play_out_turn(&mut st);
    play_out_turn(&mut st);
    assert_eq!(st.active, 0);
    assert!(
        has(&st, "split 5H") && has(&st, "split 6C"),
        "{:?}",
        legal(&st)
    );
}

#[test]
fn redeploys_one_counts_a_split_that_sends_a_card_to_the_barrows() {
    // Full Front Ranks: the split sends a card to the Barrows (R18), and that is the turn's
    // redeployment; the return to hand then waits for the next turn.
    let p1 = json!({"front": ["5H/4H", "2C", "3C", "6D"]});
    let mut st = deploy_pos("", p1.clone());
    play(&mut st, &["split 5H drop 5H", "return 2C"]);
    assert_eq!(front(&st, "P1"), ["4H", "3C", "6D"]);
    assert_eq!(hand(&st, "P1"), ["2C"]);
    let mut st = deploy_pos("redeploys=one", p1);
    play(&mut st, &["split 5H drop 5H"]);
    assert!(!has(&st, "return 2C") && redeployments(&st).is_empty());
    assert_eq!(legal(&st), ["end"]);
}

#[test]
fn diamonds_first_strike_soldiers_enter_exhausted_unless_the_classic_king_of_diamonds() {
    // Spring '25: the 7 of Diamonds enters ready and strikes the turn it arrives.
    for (rules, rear, ready) in [
        ("", json!([]), true),
        ("diamonds_trait=first_strike", json!([]), false),
        // The classic King of Diamonds' own power still lets its units attack at once (V2).
        (
            "diamonds_trait=first_strike,kings=classic",
            json!(["KD"]),
            true,
        ),
    ] {
        let mut st = deploy_pos(rules, json!({"hand": ["7D"], "rear": rear}));
        play(&mut st, &["deploy 7D", "end", "pass"]);
        assert_eq!(has(&st, "attack 7D player"), ready, "{rules}");
        if ready {
            play(&mut st, &["attack 7D player", "done", "done"]);
        }
        assert_eq!(life(&st, "P2"), if ready { 33 } else { 40 }, "{rules}");
    }
    // The Queen of Hearts brings a soldier back by the same rule: a Diamonds soldier it
    // resurrects enters exhausted too.
    let mut st = build(
        json!({"rules": "diamonds_trait=first_strike", "barrows": ["7D"],
        "players": {"P1": {"hand": ["QH"]}, "P2": {}}}),
    );
    play(&mut st, &["play QH 7D"]);
    assert_eq!(front(&st, "P1"), ["7D exhausted resurrected"]);
}

#[test]
fn diamonds_first_strike_attackers_strike_first_but_not_when_blocking() {
    // Both deal double (Jack of Clubs), so each would defeat the other.
    let fight = |rules: &str| {
        let mut st = attack_pos(
            rules,
            json!({"front": ["8D double"]}),
            json!({"front": ["8C double"]}),
        );
        play(
            &mut st,
            &["attack 8D player", "done", "block 8C 8D", "done"],
        );
        (front(&st, "P1"), front(&st, "P2"))
    };
    let none: Vec<String> = vec![];
    assert_eq!(fight(""), (none.clone(), none.clone()), "simultaneous");
    assert_eq!(
        fight("diamonds_trait=first_strike"),
        (vec!["8D exhausted".to_string()], none.clone()),
        "the 8 of Diamonds defeats its blocker first and takes nothing back"
    );
    // Blocking, a natural Diamonds soldier has no first strike: both fall under either value.
    for rules in ["", "diamonds_trait=first_strike"] {
        let mut st = attack_pos(
            rules,
            json!({"front": ["8C double"]}),
            json!({"front": ["8D double"]}),
        );
        play(
            &mut st,
            &["attack 8C player", "done", "block 8D 8C", "done"],
        );
        assert!(front(&st, "P1").is_empty() && front(&st, "P2").is_empty());
    }
}

#[test]
fn diamonds_first_strike_cancels_against_a_blocker_that_strikes_first() {
    // The defender's King of Diamonds gives its natural Diamonds blocker the first strike: the
    // enhanced trait (Spring '25 Kings, R10) and the Option 2 King (V9). Under `ready` the
    // blocker strikes first and the attacker deals nothing; under `first_strike` the two first
    // strikes cancel and both fall.
    for kings in ["enhance", "share_trait"] {
        let fight = |trait_: &str| {
            let mut st = attack_pos(
                &format!("kings={kings},diamonds_trait={trait_}"),
                json!({"front": ["8D double"]}),
                json!({"front": ["7D double"], "rear": ["KD"]}),
            );
            play(
                &mut st,
                &["attack 8D player", "done", "block 7D 8D", "done"],
            );
            (front(&st, "P1"), front(&st, "P2"))
        };
        assert_eq!(
            fight("ready"),
            (vec![], vec!["7D".to_string()]),
            "kings={kings}"
        );
        assert_eq!(fight("first_strike"), (vec![], vec![]), "kings={kings}");
    }
}

#[test]
fn diamonds_first_strike_is_lost_to_an_opposing_insane_wizard() {
    for (rear, survives) in [(json!([]), true), (json!(["RJ wizard"]), false)] {
        let mut st = attack_pos(
            "diamonds_trait=first_strike,jokers=true",
            json!({"front": ["8D double"]}),
            json!({"front": ["8C double"], "rear": rear}),
        );
        play(
            &mut st,
            &["attack 8D player", "done", "block 8C 8D", "done"],
        );
        assert_eq!(front(&st, "P1") == ["8D exhausted"], survives);
        assert!(front(&st, "P2").is_empty());
    }
}

#[test]
fn summer20_preset_plays_one_redeployment_a_turn_and_diamonds_that_arrive_exhausted() {
    let mut st = deploy_pos(
        "preset=summer20",
        json!({"front": ["7S/6S/5S"], "hand": ["9D"]}),
    );
    play(&mut st, &["split 7S", "deploy 9D"]);
    assert_eq!(front(&st, "P1"), ["7S/6S", "5S", "9D exhausted"]);
    assert!(redeployments(&st).is_empty());
    play(&mut st, &["end", "pass"]);
    assert!(!has(&st, "attack 9D player"));
}

#[test]
fn summer20_preset_is_the_game_the_summer_20_notes_start_from() {
    // Each option the preset sets, with the value the notes give the game of that time.
    let r = Rules::parse("preset=summer20").unwrap();
    for (name, value) in [
        ("kings", "classic"),
        ("jack_of_clubs", "discard_random"),
        ("front_ranks", "3x3"),
        ("defeat", "reaches"),
        ("hand_limit", "5"),
        ("starting_player", "coin"),
        ("scouts", "false"),
        ("soul_burn", "false"),
        ("multiple_attackers", "false"),
        ("spades_trait", "adjacent_strike"),
        ("hearts_trait", "full_damage"),
        ("clubs_excess", "to_player"),
        ("doppelganger", "any_card"),
        ("black_joker", "doppelganger"),
        ("redeploys", "one"),
        ("diamonds_trait", "first_strike"),
        ("instants", "any_time"),
        ("jack_of_hearts", "all_allies"),
        ("single_attacker", "every_target"),
        ("hearts_shield", "any_attack"),
    ] {
        assert_eq!(r.get(name).unwrap(), value, "option {name}");
    }
    // It extends summer20_kings; every other option keeps its Spring '25 default.
    let kings = Rules::parse("preset=summer20_kings").unwrap();
    let spring = Rules::default();
    for o in houses_engine::houses::rules::OPTIONS {
        let set = r.get(o.name) != spring.get(o.name);
        let listed = [
            "kings",
            "jack_of_clubs",
            "front_ranks",
            "defeat",
            "hand_limit",
            "starting_player",
            "scouts",
            "soul_burn",
            "multiple_attackers",
            "spades_trait",
            "hearts_trait",
            "clubs_excess",
            "doppelganger",
            "black_joker",
            "redeploys",
            "diamonds_trait",
            "instants",
            "jack_of_hearts",
            "single_attacker",
            "hearts_shield",
        ]
        .contains(&o.name);
        assert_eq!(set, listed, "option {}", o.name);
        if kings.get(o.name) != spring.get(o.name) {
            assert_eq!(
                r.get(o.name),
                kings.get(o.name),
                "summer20_kings' {}",
                o.name
            );
        }
    }
    assert!(!r.jokers && r.life == 40 && r.players.0 == 2);
    // Options override it like any preset.
    let r = Rules::parse("preset=summer20,soldier_targets=rear,hand_limit=none").unwrap();
    assert_eq!(
        (
            r.get("soldier_targets").unwrap(),
            r.hand_limit,
            r.front_ranks.units
        ),
        ("rear".to_string(), None, 3)
    );
}

#[test]
fn a_seeded_game_under_the_summer20_preset_plays_to_the_end_by_its_rules() {
    use houses_engine::core::game_seed;
    use houses_engine::core::testing::check_game_with;
    use houses_engine::houses::agents::AgentSpec;
    use houses_engine::Target;
    let rules = Rules::parse("preset=summer20").unwrap();
    for i in 0..12 {
        let seed = game_seed(2020, i);
        let (mut turn, mut active) = (0, 0);
        let check = |st: &State| {
            if st.turn != turn {
                // The clean-up: the player whose turn ended holds no more than 5 cards.
                if turn > 0 && st.players[active].hand.len() > 5 {
                    return Err(format!("P{} ended a turn over the hand limit", active + 1));
                }
                (turn, active) = (st.turn, st.active);
            }
            if !st.barrows_down.is_empty() {
                return Err("a card was Soul Burned".into());
            }
            for p in &st.players {
                if p.front.len() > 3 || p.front.iter().any(|u| u.cards.len() > 3) {
                    return Err("more than 3x3 in the Front Ranks".into());
                }
            }
            let mut targets: Vec<_> = st
                .attacks
                .iter()
                .filter_map(|a| match a.target {
                    Target::Unit(c) => Some(c),
                    Target::Player(_) => None,
                })
                .collect();
            let n = targets.len();
            targets.sort();
            targets.dedup();
            if targets.len() != n {
                return Err("two attackers on one unit".into());
            }
            // One attacker a target, the player included (single_attacker=every_target).
            let at_player = st
                .attacks
                .iter()
                .filter(|a| matches!(a.target, Target::Player(_)))
                .count();
            if at_player > 1 {
                return Err("two attackers on the player".into());
            }
            if st
                .legal_actions()
                .iter()
                .any(|a| matches!(a, houses_engine::Action::Scout { .. }))
            {
                return Err("a scout was offered".into());
            }
            Ok(())
        };
        let record = check_game_with::<State>(
            &rules,
            [&AgentSpec::Greedy, &AgentSpec::Random],
            seed,
            check,
        )
        .unwrap_or_else(|e| panic!("preset=summer20 seed {seed}: {e}"));
        assert_ne!(record.reason, EndReason::TurnLimit, "seed {seed}");
    }
    // One game with its log: a coin picks the first player, with no advantage draw.
    let r = houses_engine::houses::game::play_game(
        &rules,
        [&AgentSpec::Greedy, &AgentSpec::Greedy],
        game_seed(2020, 0),
        true,
    );
    let log = r.log.unwrap();
    assert!(
        log.iter().any(|l| l.starts_with("coin: ")),
        "{:?}",
        &log[..3]
    );
    assert!(!log.iter().any(|l| l.contains("advantage")));
    assert_ne!(r.record.reason, EndReason::TurnLimit);
}

#[test]
fn clubs_excess_to_player_sends_every_attacks_excess_to_the_player() {
    // Summer '20: "deal all remaining damage (after combat) to the opposing player", blocked
    // or not, and to the player alone.
    let mut st = attack_pos(
        "clubs_excess=to_player",
        json!({"front": ["9C"]}),
        json!({"front": ["4D", "3H"]}),
    );
    play(
        &mut st,
        &["attack 9C player", "done", "block 4D 9C", "done"],
    );
    assert_eq!(
        legal(&st),
        ["excess player"],
        "not the 3 (any_target would offer it)"
    );
    for (rules, left) in [
        ("clubs_excess=to_player", 34),
        ("clubs_excess=blocked_only", 40),
    ] {
        let mut st = attack_pos(rules, json!({"front": ["9C"]}), json!({"front": ["3H"]}));
        play(&mut st, &["attack 9C 3H", "done", "done"]);
        if rules.ends_with("to_player") {
            assert_eq!(legal(&st), ["excess player"]);
            play(&mut st, &["excess player"]);
        }
        assert_eq!(
            life(&st, "P2"),
            left,
            "{rules}: 9 - 3 on to the player, or nothing"
        );
    }
}

#[test]
fn adjacent_strike_damage_full_or_a_one_point_ping() {
    // The 9 of Spades defeats the 3 it attacks, so its adjacent strike lands on the 8 beside
    // it, which the 7 (or the 8) of Clubs also attacks. By default (V14) the strike deals the
    // full 9; as a ping (V23) it deals 1, which defeats the 8 only with 8 more from the Clubs
    // (9 > 8; 7 + 1 does not exceed it), or with 7 more once the Jack of Clubs doubles the
    // 9's damage, and the ping with it.
    for (rules, spade, club, falls) in [
        ("", "9S", "7C", true),
        ("adjacent_strike_damage=ping", "9S", "7C", false),
        ("adjacent_strike_damage=ping", "9S", "8C", true),
        ("adjacent_strike_damage=ping", "9S double", "7C", true),
    ] {
        let rules = format!("spades_trait=adjacent_strike,{rules}");
        let mut st = attack_pos(
            &rules,
            json!({"front": [spade, club]}),
            json!({"front": ["3D", "8H"]}),
        );
        let club = &club[..2];
        play(
            &mut st,
            &[
                "attack 9S 3D 8H",
                &format!("attack {club} 8H"),
                "done",
                "done",
            ],
        );
        let left: Vec<&str> = if falls { vec![] } else { vec!["8H"] };
        assert_eq!(front(&st, "P2"), left, "{rules}, {spade} and {club}");
    }
    // Blocked, the strike follows the defeat of the blocker (V14), and deals the same.
    for (rules, left) in [
        ("", vec!["3D"]),
        ("adjacent_strike_damage=ping", vec!["3D", "8H"]),
    ] {
        let rules = format!("spades_trait=adjacent_strike,{rules}");
        let mut st = attack_pos(
            &rules,
            json!({"front": ["9S"]}),
            json!({"front": ["3D", "8H", "4C"]}),
        );
        play(&mut st, &["attack 9S 3D 8H", "done", "block 4C 9S", "done"]);
        assert_eq!(front(&st, "P2"), left, "{rules}");
    }
}

#[test]
fn bond_from_hand_redeploy_option_makes_a_bond_from_hand_the_turns_redeployment() {
    let p1 = json!({"front": ["5H", "4H", "6C"], "hand": ["7C", "9H"]});
    let rules = "redeploys=one,bond_from_hand=redeploy";
    let bonds_from_hand = |st: &State| {
        legal(st)
            .into_iter()
            .filter(|m| m.starts_with("deploy 7C ") && m.ends_with(" 6C"))
            .count()
    };
    // R49: the bond formed from hand is the turn's redeployment, so no merge, split or return
    // follows it; deploying a unit of its own stays free.
    let mut st = deploy_pos(rules, p1.clone());
    play(&mut st, &["deploy 7C under 6C"]);
    assert!(redeployments(&st).is_empty(), "{:?}", legal(&st));
    assert!(has(&st, "deploy 9H"));
    // A merge first: the bond from hand is no longer offered, and is refused.
    let mut st = deploy_pos(rules, p1.clone());
    assert_eq!(bonds_from_hand(&st), 2, "leading it or beneath it");
    play(&mut st, &["bond 5H/4H"]);
    assert_eq!(bonds_from_hand(&st), 0, "{:?}", legal(&st));
    assert!(has(&st, "deploy 7C") && has(&st, "deploy 9H"));
    let e = st
        .apply(houses_engine::Action::parse("deploy 7C under 6C").unwrap())
        .unwrap_err();
    assert!(e.starts_with("illegal move 'deploy 7C under 6C'"), "{e}");
    // The default (R48): deploying from hand, onto a unit too, leaves the redeployment to make.
    let mut st = deploy_pos("redeploys=one", p1.clone());
    play(&mut st, &["bond 5H/4H"]);
    assert_eq!(bonds_from_hand(&st), 2);
    // Under redeploys=any the option changes nothing: any number of merges and splits.
    let mut st = deploy_pos("bond_from_hand=redeploy", p1);
    play(&mut st, &["deploy 7C under 6C", "bond 5H/4H"]);
    assert!(has(&st, "split 6C"), "{:?}", legal(&st));
}
