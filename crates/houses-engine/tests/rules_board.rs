//! Position tests: deployment, ranks, Blood Bonds, turn order, the end of the game.
//! Each test names the rule it pins; docs/rules.md points here.

mod common;
use common::*;
use houses_engine::{EndReason, Rules, State};
use serde_json::json;

#[test]
fn soldiers_enter_exhausted_but_diamonds_are_ready() {
    let mut st = build(json!({"players": {"P1": {"hand": ["7H", "7D"]}, "P2": {}}}));
    play(&mut st, &["deploy 7H", "deploy 7D", "end", "pass"]);
    assert_eq!(front(&st, "P1"), ["7H exhausted", "7D"]);
    assert!(has(&st, "attack 7D player"));
    assert!(!has(&st, "attack 7H player"));
}

#[test]
fn first_player_does_not_draw_on_the_first_turn_and_advantage_cards_go_to_the_barrows() {
    let mut st = State::new_game(Rules::default(), 42);
    let houses_engine::Pending::ChooseStart(w) = st.pending else {
        panic!("advantage draw decides")
    };
    let b = st.barrows_up.len();
    assert!(b >= 2 && b.is_multiple_of(2));
    assert_eq!(st.deck.len(), 52 - 10 - b);
    let (x, y) = (st.barrows_up[b - 2], st.barrows_up[b - 1]);
    assert_eq!(
        w,
        if x.rank() > y.rank() { 0 } else { 1 },
        "highest card wins advantage"
    );
    play(&mut st, &["start"]);
    assert_eq!(st.active, w);
    assert_eq!(st.players[w].hand.len(), 5);
    // Play the empty first turn out; the second player draws.
    while st.active == w {
        let m = if has(&st, "end") {
            "end"
        } else if has(&st, "pass") {
            "pass"
        } else {
            "done"
        };
        play(&mut st, &[m]);
    }
    assert_eq!(st.players[1 - w].hand.len(), 6);
}

#[test]
fn deferring_gives_the_first_turn_to_the_other_player() {
    let mut st = State::new_game(Rules::default(), 42);
    let houses_engine::Pending::ChooseStart(w) = st.pending else {
        panic!()
    };
    play(&mut st, &["defer"]);
    assert_eq!(st.active, 1 - w);
    assert_eq!(st.first_player, 1 - w);
}

#[test]
fn advantage_ties_redraw() {
    // Find a deal whose first advantage draw is a tie: four cards go to the Barrows.
    let st = (0..10_000u64)
        .map(|s| State::new_game(Rules::default(), s))
        .find(|st| st.barrows_up.len() == 4)
        .expect("some deal ties");
    let b = &st.barrows_up;
    assert_eq!(b[0].rank(), b[1].rank());
    assert_ne!(b[2].rank(), b[3].rank());
}

#[test]
fn coin_start_option_skips_the_advantage_draw() {
    let st = State::new_game(Rules::parse("starting_player=coin").unwrap(), 3);
    assert!(st.barrows_up.is_empty());
    assert_eq!(st.turn, 1);
    assert!(matches!(st.pending, houses_engine::Pending::Deploy(_)));
}

#[test]
fn front_ranks_hold_four_units_and_rear_ranks_four() {
    let st = build(json!({"players": {
        "P1": {"hand": ["7H", "KS"], "front": ["2C", "3C", "4D", "5S"], "rear": ["KH", "AS", "AC", "AH"]},
        "P2": {}}}));
    assert!(!has(&st, "deploy 7H"));
    assert!(!has(&st, "deploy KS"));
    // A Blood Bond still fits into an occupied space... but only with its own House.
    let st = build(
        json!({"players": {"P1": {"hand": ["7H"], "front": ["2H", "3C", "4D", "5S"]}, "P2": {}}}),
    );
    assert!(has(&st, "deploy 7H lead 2H") && has(&st, "deploy 7H under 2H"));
}

#[test]
fn three_by_three_option_allows_three_card_bonds_in_three_spaces() {
    let pos = json!({"rules": "front_ranks=3x3", "players": {
        "P1": {"hand": ["7H", "8C"], "front": ["5H/4H", "3C", "2D"]}, "P2": {}}});
    let st = build(pos);
    assert!(has(&st, "deploy 7H lead 5H"));
    assert!(!has(&st, "deploy 8C"), "three units fill the Front Ranks");
    let st = build(json!({"players": {"P1": {"hand": ["7H"], "front": ["5H/4H"]}, "P2": {}}}));
    assert!(
        !has(&st, "deploy 7H lead 5H"),
        "4x2: a bond holds two cards"
    );
}

#[test]
fn blood_bonds_need_one_house_unless_the_binding_spirit_is_in_play() {
    let st = build(json!({"players": {"P1": {"hand": ["7C"], "front": ["5H"]}, "P2": {}}}));
    assert!(!has(&st, "deploy 7C lead 5H"));
    let st = build(json!({"rules": "jokers=true", "players": {
        "P1": {"hand": ["7C"], "front": ["5H"], "rear": ["RJ spirit"]}, "P2": {}}}));
    assert!(has(&st, "deploy 7C lead 5H"));
    let mut st = st;
    play(&mut st, &["deploy 7C lead 5H"]);
    assert_eq!(front(&st, "P1"), ["7C/5H exhausted"]);
}

#[test]
fn new_bond_leader_takes_damage_first_and_bond_attack_is_the_sum() {
    let mut st = build(json!({"active": "P1", "phase": "attack", "players": {
        "P1": {"front": ["6D/4D"]}, "P2": {"life": 40}}}));
    play(&mut st, &["attack 6D player", "done", "done"]);
    assert_eq!(life(&st, "P2"), 30);
}

#[test]
fn bonding_two_units_and_splitting_them() {
    let mut st = build(json!({"players": {"P1": {"front": ["5H", "4H exhausted"]}, "P2": {}}}));
    play(&mut st, &["bond 5H/4H"]);
    assert_eq!(front(&st, "P1"), ["5H/4H exhausted"]);
    assert!(
        !has(&st, "split 5H"),
        "a unit that was just bonded cannot split again this turn"
    );
    let mut st = build(json!({"players": {"P1": {"front": ["5H/4H"]}, "P2": {}}}));
    play(&mut st, &["split 5H"]);
    assert_eq!(front(&st, "P1"), ["5H", "4H"]);
}

#[test]
fn splitting_with_full_front_ranks_sends_a_card_to_the_barrows() {
    let mut st =
        build(json!({"players": {"P1": {"front": ["5H/4H", "2C", "3C", "6D"]}, "P2": {}}}));
    assert!(!has(&st, "split 5H"));
    play(&mut st, &["split 5H drop 5H"]);
    assert_eq!(front(&st, "P1")[0], "4H");
    assert_eq!(barrows(&st), ["5H"]);
}

#[test]
fn returning_a_unit_once_per_turn_and_not_redeploying_it() {
    let mut st = build(json!({"players": {"P1": {"front": ["5H", "6H"]}, "P2": {}}}));
    play(&mut st, &["return 5H"]);
    assert_eq!(hand(&st, "P1"), ["5H"]);
    assert!(!has(&st, "return 6H"), "one return per turn");
    assert!(!has(&st, "deploy 5H"), "cannot redeploy this turn");
}

#[test]
fn one_king_at_a_time() {
    let st = build(json!({"players": {"P1": {"hand": ["KS"], "rear": ["KH"]}, "P2": {}}}));
    assert!(!has(&st, "deploy KS"));
}

#[test]
fn no_hand_limit() {
    let hand: Vec<String> = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut st = build(json!({"players": {"P1": {"hand": hand}, "P2": {}}, "deck": ["9D", "8D"]}));
    play(&mut st, &["end", "pass", "done"]);
    assert_eq!(
        st.players[0].hand.len(),
        8,
        "nothing discarded at the end of the turn"
    );
}

#[test]
fn a_player_at_zero_life_loses() {
    let mut st =
        build(json!({"phase": "attack", "players": {"P1": {"front": ["6D"]}, "P2": {"life": 5}}}));
    play(&mut st, &["attack 6D player", "done", "done"]);
    let o = st.outcome.unwrap();
    assert_eq!((o.winner, o.reason), (Some(0), EndReason::Life));
    assert!(json(&st)["log"].as_array().unwrap().last().unwrap() == "winner: P1");
}

#[test]
fn life_option_sets_the_starting_life_and_a_hit_of_all_of_it_ends_the_game() {
    // A new game under `life=10`: each player starts at 10.
    let st = State::new_game(Rules::parse("life=10").unwrap(), 7);
    assert!(st.players.iter().all(|p| p.life == 10));
    // A position under `life=10` starts its players at 10; a hit of 10 ends the game.
    let mut st = build(
        json!({"rules": "life=10", "active": "P1", "phase": "attack",
        "players": {"P1": {"front": ["6D/4D"]}, "P2": {}}}),
    );
    assert_eq!(life(&st, "P2"), 10);
    play(&mut st, &["attack 6D player", "done", "done"]);
    let o = st.outcome.unwrap();
    assert_eq!((o.winner, o.reason), (Some(0), EndReason::Life));
}

#[test]
fn last_card_drawn_starts_sudden_death_and_higher_life_wins() {
    let mut st = build(
        json!({"turn": 5, "players": {"P1": {"life": 30}, "P2": {"life": 25}}, "deck": ["9D"]}),
    );
    play_out_turn(&mut st); // P1's turn 5 ends; P2 draws the last card on turn 6
    assert!(st.sudden_death.is_some());
    assert_eq!(st.active, 1);
    play_out_turn(&mut st); // P2's turn 6
    assert!(!st.is_over(), "the other player still has a final turn");
    play_out_turn(&mut st); // P1's final turn 7
    let o = st.outcome.unwrap();
    assert_eq!((o.winner, o.reason), (Some(0), EndReason::SuddenDeath));
}

#[test]
fn sudden_death_next_round_option_plays_the_round_out_and_one_more() {
    let mut st = build(json!({"rules": "sudden_death=next_round", "turn": 5,
        "players": {"P1": {"life": 30}, "P2": {"life": 25}}, "deck": ["9D"]}));
    play_out_turn(&mut st); // P1's turn 5 ends; P2 draws the last card on turn 6
    assert_eq!(st.active, 1);
    for turn in 6..9 {
        play_out_turn(&mut st);
        assert!(!st.is_over(), "turn {turn}");
    }
    play_out_turn(&mut st); // P1's turn 9: P2 (the drawer) and P1 each had one more turn
    let o = st.outcome.unwrap();
    assert_eq!(
        (o.winner, o.reason, st.turn),
        (Some(0), EndReason::SuddenDeath, 9)
    );
}

#[test]
fn sudden_death_with_equal_life_is_a_draw() {
    let mut st = build(json!({"turn": 5, "players": {"P1": {}, "P2": {}}, "deck": ["9D"]}));
    for _ in 0..3 {
        play_out_turn(&mut st);
    }
    let o = st.outcome.unwrap();
    assert_eq!((o.winner, o.reason), (None, EndReason::SuddenDeath));
}

#[test]
fn position_errors_are_clear() {
    assert_eq!(
        build_err(json!({"players": {"P1": {"hand": ["7H", "7H"]}}})),
        "card 7H appears twice in the position"
    );
    assert!(
        build_err(json!({"players": {"P1": {"front": ["KH"]}}})).contains("'KH' is not a soldier")
    );
    assert!(build_err(json!({"players": {"P3": {}}})).contains("'P3' is not a player"));
    // What no game reaches: one player written twice, a soldier standing as another card (only
    // the Doppelganger does), a Joker's variant on a unit with no Joker.
    assert_eq!(
        build_err(json!({"players": {"P1": {"life": 30}, "p1": {"life": 20}}})),
        "players: 'P1' and 'p1' are the same player; give each player once"
    );
    assert!(build_err(json!({"players": {"P1": {"front": ["7H=9S"]}}}))
        .contains("unit '7H=9S': 7H=9S: only a Joker stands as another card"));
    assert!(
        build_err(json!({"players": {"P1": {"front": ["7H necromancer"]}}})).contains(
            "unit '7H necromancer': a Joker variant (necromancer, wizard, spirit) needs a Joker"
        )
    );
    // The Doppelganger and a Joker with its variant stay legal.
    build(
        json!({"rules": "jokers=true", "players": {"P1": {"rear": ["BJ=KS", "RJ necromancer"]}}}),
    );
    assert!(
        build_err(json!({"players": {"P1": {"front": ["9C/8C/7C/6C"]}}}))
            .contains("unit '9C/8C/7C/6C': a unit holds at most 3 cards")
    );
    let e = build_err(json!({"players": {"P1": {"hand": ["7H"]}}, "moves": ["deploy 8H"]}));
    assert!(
        e.starts_with(
            "moves[0]: illegal move 'deploy 8H' for P1 at deploy; legal moves: deploy 7H, end"
        ),
        "{e}"
    );
}

#[test]
fn impossible_positions_are_refused_naming_the_key_and_what_is_valid() {
    let err = |v| build_err(v);
    // Life: a game in progress has 1 to the starting life.
    assert_eq!(
        err(json!({"players": {"P1": {"life": -5}, "P2": {}}})),
        "P1.life: -5 is not a life a game in progress has; valid: 1 to 40 (the starting life \
         under these rules)"
    );
    assert!(err(json!({"players": {"P2": {"life": 0}}})).starts_with("P2.life: 0 is not"));
    assert!(
        err(json!({"rules": "life=20", "players": {"P1": {"life": 21}}}))
            .ends_with("valid: 1 to 20 (the starting life under these rules)")
    );
    // With three or more players, a player who is out may be at 0 life, and holds no cards.
    build(json!({"rules": "players=3", "players": {"P2": {"life": 0, "out": true}, "P3": {}}}));
    assert_eq!(
        err(json!({"rules": "players=3",
                   "players": {"P2": {"life": 0, "out": true, "hand": ["7H"]}}})),
        "P2: a player who is out holds no cards (no hand, front or rear)"
    );
    // Units: Blood Bonds of at most 2 cards under 4x2 (3 under 3x3), 4 (3) Front-Rank units.
    assert_eq!(
        err(json!({"players": {"P1": {"front": ["9C/8C/7C"]}}})),
        "P1.front: unit '9C/8C/7C' has 3 cards; a Blood Bond holds at most 2 under \
         front_ranks=4x2"
    );
    build(json!({"rules": "front_ranks=3x3", "players": {"P1": {"front": ["9C/8C/7C"]}}}));
    assert_eq!(
        err(json!({"players": {"P1": {"front": ["2C", "3C", "4C", "5C", "6C"]}}})),
        "P1.front: 5 units; the Front Ranks hold at most 4 under front_ranks=4x2"
    );
    assert_eq!(
        err(json!({"rules": "front_ranks=3x3",
                   "players": {"P1": {"front": ["2C", "3C", "4C", "5C"]}}})),
        "P1.front: 4 units; the Front Ranks hold at most 3 under front_ranks=3x3"
    );
    // The Rear Ranks: at most 4 units, each one card, one King.
    assert_eq!(
        err(json!({"players": {"P2": {"rear": ["AC", "AD", "AH", "AS", "QC"]}}})),
        "P2.rear: 5 units; the Rear Ranks hold at most 4"
    );
    assert_eq!(
        err(json!({"players": {"P1": {"rear": ["KS/KH"]}}})),
        "P1.rear: unit 'KS/KH' has 2 cards; a Rear-Rank unit is one card"
    );
    assert_eq!(
        err(json!({"players": {"P1": {"rear": ["KH", "KS", "KD", "KC"]}}})),
        "P1.rear: 4 Kings (KH, KS, KD, KC); a player has one King in play at a time (a \
         Doppelganger copying a King counts as one)"
    );
    assert!(err(json!({"rules": "jokers=true",
                       "players": {"P1": {"rear": ["KH", "BJ=KS"]}}}))
    .starts_with("P1.rear: 2 Kings (KH, BJ=KS)"));
    // Only the cards the rules play with.
    assert_eq!(
        err(json!({"players": {"P1": {"hand": ["BJ"]}}})),
        "card BJ (hand) is not in the deck: the rules have jokers=false: add jokers=true to rules"
    );
    assert!(err(json!({"players": {"P1": {"rear": ["RJ spirit"]}}}))
        .starts_with("card RJ (unit) is not in the deck: the rules have jokers=false"));
    build(json!({"rules": "jokers=true", "players": {"P1": {"hand": ["BJ"]}}}));
    assert_eq!(
        err(json!({"rules": "deck=suit_split", "players": {"P1": {}}, "deck": ["7D"]})),
        "card 7D (deck) is not in the deck: under deck=suit_split the piles hold only the \
         Houses of split_houses=S-H"
    );
    assert_eq!(
        err(json!({"players": {"P1": {}}, "deck_p2": ["7D"]})),
        "deck_p2: P2's own pile exists only under deck=suit_split; put these cards in deck, or \
         add deck=suit_split to rules"
    );
}

/// The deck's 52 cards by name, in the engine's order: piles for positions.
fn every_card() -> Vec<String> {
    houses_engine::Card::deck(false)
        .iter()
        .map(|c| c.to_string())
        .collect()
}

fn drawn_on_next_turn(rules: &str, turn: u32, deck: usize, barrows: usize) -> usize {
    let all = every_card();
    let mut st = build(
        json!({"rules": rules, "turn": turn, "players": {"P1": {}, "P2": {}},
        "deck": all[..deck], "barrows": all[deck..deck + barrows]}),
    );
    play_out_turn(&mut st);
    st.players[st.active].hand.len()
}

#[test]
fn extra_draw_options_draw_two_late_in_the_game() {
    // P1 starts, so P1 plays the odd turns: turn 11 opens round 6 and P2's turn 12 is in it.
    assert_eq!(drawn_on_next_turn("", 11, 20, 5), 1);
    assert_eq!(drawn_on_next_turn("extra_draw=from_round_6", 11, 20, 5), 2);
    let round_5 = drawn_on_next_turn("extra_draw=from_round_6", 9, 20, 5);
    assert_eq!(round_5, 1, "round 5 still draws one");
    assert_eq!(
        drawn_on_next_turn("extra_draw=deck_equals_barrows", 4, 20, 5),
        1
    );
    assert_eq!(
        drawn_on_next_turn("extra_draw=deck_equals_barrows", 4, 10, 12),
        2
    );
    // The round is a number (`two_card_draw_round`, for tuning): from round 4, turn 8 (P2's,
    // in round 4) draws two; from round 8, turn 12 (round 6) still draws one.
    let from = |round: u32, turn: u32| {
        let rules = format!("extra_draw=from_round_6,two_card_draw_round={round}");
        drawn_on_next_turn(&rules, turn, 20, 5)
    };
    assert_eq!((from(4, 7), from(4, 5), from(8, 11)), (2, 1, 1));
}

#[test]
fn the_record_counts_the_late_games_one_card_turns_and_when_two_cards_were_first_drawn() {
    // The turn after `turn` begins with an empty hand and a draw: (late turns, of those begun
    // with at most one card, the first round of a two-card draw).
    let next_turn = |rules: &str, turn: u32| {
        let all = every_card();
        let mut st = build(
            json!({"rules": rules, "turn": turn, "players": {"P1": {}, "P2": {}},
            "deck": all[..20], "barrows": all[20..25]}),
        );
        play_out_turn(&mut st);
        let m = st.metrics.as_ref().unwrap();
        (m.late_turns, m.late_low_hand_turns, m.two_card_draw_round)
    };
    // Turn 12 is in round 6, the late game: one card drawn is a one-card turn, two are not.
    assert_eq!(next_turn("", 11), (1, 1, None));
    assert_eq!(next_turn("extra_draw=from_round_6", 11), (1, 0, Some(6)));
    // Turn 10 is in round 5: not the late game, and no two-card draw yet.
    assert_eq!(next_turn("extra_draw=from_round_6", 9), (0, 0, None));
    // The first round of a two-card draw is kept: turn 14 (round 7) does not move it.
    let all = every_card();
    let mut st = build(json!({"rules": "extra_draw=from_round_6", "turn": 11,
        "players": {"P1": {}, "P2": {}}, "deck": all[..20]}));
    for _ in 0..3 {
        play_out_turn(&mut st);
    }
    let m = st.metrics.as_ref().unwrap();
    assert_eq!(
        (st.round, m.late_turns, m.two_card_draw_round),
        (7, 3, Some(6))
    );
    assert_eq!(m.late_leader, 0, "level on life when the late game began");
    // The player alone ahead on life as the late game begins is kept (seat + 1).
    let mut st = build(
        json!({"turn": 11, "players": {"P1": {"life": 30}, "P2": {}},
        "deck": all[..20]}),
    );
    play_out_turn(&mut st);
    st.players[1].life = 20;
    play_out_turn(&mut st);
    let m = st.metrics.as_ref().unwrap();
    assert_eq!((m.late_turns, m.late_leader), (2, 2), "P2 led at 40 to 30");
}

#[test]
fn the_record_counts_the_cards_played_in_the_late_game() {
    // Cards played from hand in turns of round 6 or later (`late_cards_played`): the slog's
    // pace. Turn 12 is in round 6, turn 10 in round 5 (a position's active player is P1).
    let played = |turn: u32| {
        let mut st = build(json!({"turn": turn,
            "players": {"P1": {"hand": ["7H", "7D"]}, "P2": {}}}));
        play(&mut st, &["deploy 7H", "deploy 7D"]);
        st.metrics.as_ref().unwrap().late_cards_played
    };
    assert_eq!((played(12), played(10)), (2, 0));
}

#[test]
fn hand_limit_option_discards_down_at_the_end_of_the_turn() {
    let hand = ["2C", "3C", "4C", "5C", "6C", "7C", "8C"];
    let mut st = build(
        json!({"rules": "hand_limit=5", "players": {"P1": {"hand": hand}, "P2": {}},
        "deck": ["9D", "8D"]}),
    );
    play(&mut st, &["end", "pass", "done"]);
    assert_eq!(json(&st)["pending"], "discard");
    assert_eq!(legal(&st).len(), 7);
    play(&mut st, &["discard 2C"]);
    assert_eq!(st.active, 0, "still over the limit");
    play(&mut st, &["discard 3C"]);
    assert_eq!(st.active, 1, "the turn passes once the hand fits");
    assert_eq!(barrows(&st), ["2C", "3C"]);
    assert_eq!(st.players[0].hand.len(), 5);
}

#[test]
fn presets_and_overrides() {
    let r = Rules::parse("preset=summer20_kings").unwrap();
    assert_eq!(r.get("kings").unwrap(), "classic");
    assert_eq!(r.get("jack_of_clubs").unwrap(), "discard_random");
    assert_eq!(r.get("front_ranks").unwrap(), "3x3");
    let r = Rules::parse("life=30,preset=summer20_kings,front_ranks=4x2").unwrap();
    assert_eq!(
        (r.life, r.front_ranks.units),
        (30, 4),
        "options override the preset"
    );
    assert_eq!(Rules::parse("preset=spring25").unwrap(), Rules::default());
    let e = Rules::parse("preset=summer21").unwrap_err();
    assert!(
        e.contains("unknown preset 'summer21' (did you mean 'summer20'?)"),
        "{e}"
    );
    let e = Rules::parse("deck=suit_split,jokers=true").unwrap_err();
    assert!(e.contains("remove jokers=true"), "{e}");
    let e = Rules::parse("split_houses=SS-H").unwrap_err();
    assert!(e.contains("two disjoint groups of suit letters"), "{e}");
    assert_eq!(
        Rules::parse("split_houses=dc-hs")
            .unwrap()
            .get("split_houses")
            .unwrap(),
        "DC-HS"
    );
}

#[test]
fn suit_split_deck_each_player_draws_from_their_own_houses() {
    let rules = Rules::parse("deck=suit_split,split_houses=S-H").unwrap();
    let st = State::new_game(rules.clone(), 4);
    st.check_invariants().unwrap();
    assert!(st.players[0]
        .hand
        .iter()
        .all(|c| c.suit() == Some(houses_engine::Suit::Spades)));
    assert!(st.players[1]
        .hand
        .iter()
        .all(|c| c.suit() == Some(houses_engine::Suit::Hearts)));
    // 13 cards a pile: 5 dealt, one or more drawn for advantage.
    assert!(st.deck.len() <= 7 && st.deck.len() == st.deck_p2.len());
    // P2 draws from its own pile; emptying it starts sudden death.
    let mut st = build(
        json!({"rules": "deck=suit_split", "turn": 5, "players": {"P1": {}, "P2": {}},
        "deck": ["5S", "6S"], "deck_p2": ["5H"]}),
    );
    play_out_turn(&mut st);
    assert_eq!(hand(&st, "P2"), ["5H"]);
    assert_eq!(strs(&json(&st)["deck"]), ["5S", "6S"]);
    assert!(st.sudden_death.is_some(), "P2's pile ran out");
}

#[test]
fn split_deck_out_both_piles_waits_for_the_second_pile_and_skips_an_empty_draw() {
    // Option split_deck_out=both_piles: P2's pile running out starts nothing; P2 then skips
    // its draw, and the last card of P1's pile starts sudden death.
    let mut st = build(
        json!({"rules": "deck=suit_split,split_deck_out=both_piles", "turn": 5,
        "players": {"P1": {}, "P2": {}}, "deck": ["5S", "6S"], "deck_p2": ["5H"]}),
    );
    play_out_turn(&mut st);
    assert_eq!(hand(&st, "P2"), ["5H"]);
    assert!(st.sudden_death.is_none(), "P1's pile still holds two cards");
    play_out_turn(&mut st); // P1 draws 5S
    play_out_turn(&mut st); // P2's pile is out: no draw
    assert_eq!(hand(&st, "P2"), ["5H"]);
    assert!(st.sudden_death.is_none());
    play_out_turn(&mut st); // P1 draws 6S, the last card of both piles
    assert!(hand(&st, "P1").contains(&"6S".to_string()));
    assert!(st.sudden_death.is_some(), "both piles are out");
    // The option says nothing with a shared deck: its last card starts sudden death.
    let mut st = build(json!({"rules": "split_deck_out=both_piles", "turn": 5,
        "players": {"P1": {}, "P2": {}}, "deck": ["5S"]}));
    play_out_turn(&mut st);
    assert!(st.sudden_death.is_some());
}

#[test]
fn records_count_low_hand_turns_lead_changes_and_the_king_round() {
    let r = houses_engine::houses::game::play_game(
        &Rules::default(),
        [
            &houses_engine::houses::agents::AgentSpec::Greedy,
            &houses_engine::houses::agents::AgentSpec::Random,
        ],
        9,
        true,
    );
    let log = r.log.unwrap();
    // Count from the log what the record says.
    let hands = log
        .iter()
        .filter(|l| l.contains(" hand:"))
        .filter(|l| l.split(" hand:").nth(1).unwrap().split_whitespace().count() <= 1);
    assert_eq!(hands.count() as u32, r.record.low_hand_turns);
    for s in 0..2 {
        assert_eq!(r.record.king_round[s] == 0, r.record.kings[s].is_empty());
    }
    // The late game's turns and one-card turns, from each turn's round in the log of a game
    // long enough to reach it (random play).
    let random = &houses_engine::houses::agents::AgentSpec::Random;
    let r = houses_engine::houses::game::play_game(&Rules::default(), [random, random], 9, true);
    let (mut round, mut late, mut late_low) = (0, 0, 0);
    for l in r.log.as_ref().unwrap() {
        if let Some(rest) = l.strip_prefix("== turn ") {
            let (_, after) = rest.split_once("(round ").unwrap();
            round = after.split(')').next().unwrap().parse().unwrap();
        } else if let Some((_, hand)) = l.split_once(" hand:") {
            if round >= 6 {
                late += 1;
                late_low += u32::from(hand.split_whitespace().count() <= 1);
            }
        }
    }
    assert!(r.record.rounds >= 6, "the game reaches the late game");
    let record = (r.record.late_turns, r.record.late_low_hand_turns);
    assert_eq!((late, late_low), record);
    assert_eq!(
        r.record.two_card_draw_round, 0,
        "one card a turn by default"
    );
    let mut st = build(
        json!({"phase": "attack", "players": {"P1": {"front": ["6D"]}, "P2": {"life": 30}},
        "deck": ["2C", "3C", "4C"]}),
    );
    play(&mut st, &["attack 6D player", "done", "done"]);
    let changes = |st: &State| st.metrics.as_ref().unwrap().lead_changes;
    assert_eq!(changes(&st), 0, "P1 leads");
    st.players[1].life = 40;
    st.players[0].life = 20;
    play_out_turn(&mut st);
    assert_eq!(changes(&st), 1, "the lead changed hands");
}

#[test]
fn the_order_of_chosen_units_does_not_matter() {
    let pos = || {
        build(json!({"players": {"P1": {"hand": ["QC"]},
            "P2": {"front": ["7H", "9S"]}}, "deck": ["10H"]}))
    };
    let mut a = pos();
    play(&mut a, &["play QC 7H 9S"]);
    let mut b = pos();
    play(&mut b, &["play QC 9S 7H"]);
    assert!(front(&a, "P2").is_empty());
    assert_eq!(json(&a)["players"], json(&b)["players"]);
    // Two targets of one Spades attack, and of the Ace of Spades, in either order.
    let mut st = build(json!({"phase": "attack", "players": {
        "P1": {"front": ["8S"], "rear": ["AS"]}, "P2": {"front": ["3D", "4D"]}}}));
    play(&mut st, &["attack 8S 4D 3D", "attack AS 4D 3D"]);
    // Under the stun trait the order says which target is stunned, so both orders stay legal.
    let st = build(
        json!({"rules": "spades_trait=stun", "phase": "attack", "players": {
        "P1": {"front": ["8S"]}, "P2": {"front": ["3D", "4D"]}}}),
    );
    assert!(has(&st, "attack 8S 3D 4D") && has(&st, "attack 8S 4D 3D"));
}

#[test]
fn the_record_keeps_the_games_biggest_attack_and_its_biggest_hit_on_a_player() {
    // The Summer '20 notes' "27/27 unit": a 10, 9 and 8 bonded (three cards a unit, 3x3),
    // attacking P2 beside a small attacker; P2 blocks one of the two.
    let blocking = |blocked: &str| {
        let mut st = build(json!({"rules": "front_ranks=3x3", "phase": "attack",
            "players": {"P1": {"front": ["10D/9D/8D", "4C"]}, "P2": {"front": ["7S"]}},
            "deck": ["2C", "3C", "4H"]}));
        play(&mut st, &["attack 10D player", "attack 4C player", "done"]);
        play(&mut st, &[&format!("block 7S {blocked}"), "done"]);
        let m = st.metrics.as_ref().unwrap();
        (st.players[1].life, m.biggest_attack, m.biggest_hit)
    };
    // The small attacker blocked: the bond strikes P2 for 27.
    assert_eq!(blocking("4C"), (13, 27, 27));
    // The bond blocked: it still counts as the biggest attack, not as a hit on the player.
    assert_eq!(blocking("10D"), (36, 27, 4));
}

#[test]
fn the_records_biggest_attack_counts_the_jack_of_clubs_doubling_and_an_aces_strike() {
    // Two cards reach 19 here; the new Jack of Clubs doubles the bond's attack to 38.
    let mut st = build(
        json!({"players": {"P1": {"hand": ["JC"], "front": ["10D/9D"]},
        "P2": {}}, "deck": ["2C", "3C", "4H"]}),
    );
    play(
        &mut st,
        &[
            "play JC 10D",
            "end",
            "pass",
            "attack 10D player",
            "done",
            "done",
        ],
    );
    let m = st.metrics.as_ref().unwrap();
    assert_eq!(
        (st.players[1].life, m.biggest_attack, m.biggest_hit),
        (2, 38, 38)
    );
    // An Ace's strike at the player is an attack and a hit (1 damage).
    let mut st = build(
        json!({"phase": "attack", "players": {"P1": {"rear": ["AS"]},
        "P2": {}}, "deck": ["2C", "3C", "4H"]}),
    );
    play(&mut st, &["attack AS player", "done", "done"]);
    let m = st.metrics.as_ref().unwrap();
    assert_eq!(
        (st.players[1].life, m.biggest_attack, m.biggest_hit),
        (39, 1, 1)
    );
}
