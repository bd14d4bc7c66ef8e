//! Three and four players (`players=3`, `players=4`): one test per multiplayer reading M1-M9
//! of docs/rules.md, from built positions.

mod common;
use common::*;
use houses_engine::houses::state::{EndReason, Pending};
use houses_engine::{Rules, State};
use serde_json::json;

fn legal(st: &State) -> Vec<String> {
    st.legal_actions().iter().map(|a| a.to_string()).collect()
}

/// M1: the turn passes to the next seat; a round is one turn of each player.
#[test]
fn m1_turns_go_round_the_table_and_a_round_is_one_turn_each() {
    let mut st = build(json!({"rules": "players=3", "turn": 1,
        "players": {"P1": {}, "P2": {}, "P3": {}}, "deck": ["2D", "3D", "4D", "5D"]}));
    let mut seen = Vec::new();
    for _ in 0..4 {
        seen.push((st.active, st.round));
        play_out_turn(&mut st);
    }
    assert_eq!(seen, [(0, 1), (1, 1), (2, 1), (0, 2)]);
}

/// M2: the advantage draw among three; ties redraw among the tied only; deferring hands the
/// first turn to the next player.
#[test]
fn m2_advantage_draw_ties_redraw_among_the_tied_and_defer_passes_to_the_next_seat() {
    let rules = Rules::parse("players=3").unwrap();
    let mut checked_tie = false;
    for seed in 0..400 {
        let mut st = State::new_game_logged(rules.clone(), seed, true);
        let log = st.log.clone().unwrap();
        let draws: Vec<&String> = log
            .iter()
            .filter(|l| l.starts_with("advantage draw"))
            .collect();
        let Pending::ChooseStart(w) = st.pending else {
            panic!("seed {seed}: no choice of start")
        };
        // The winner drew the highest card of the last draw.
        let last: Vec<(&str, u8)> = draws
            .last()
            .unwrap()
            .trim_start_matches("advantage draw: ")
            .split(", ")
            .map(|e| {
                let (seat, card) = e.split_once(' ').unwrap();
                let rank = houses_engine::core::card::Card::parse(card).unwrap().rank();
                (seat, rank)
            })
            .collect();
        let best = last.iter().map(|x| x.1).max().unwrap();
        let winners: Vec<&str> = last.iter().filter(|x| x.1 == best).map(|x| x.0).collect();
        assert_eq!(winners, [format!("P{}", w + 1)], "seed {seed}: {draws:?}");
        if draws.len() > 1 {
            // The second draw is made by the players tied for the top only.
            let first = draws[0].matches(", ").count() + 1;
            let second = draws[1].matches(", ").count() + 1;
            assert_eq!(first, 3);
            assert!(second < 3, "seed {seed}: {draws:?}");
            checked_tie = true;
        }
        if seed == 0 {
            play(&mut st, &["defer"]);
            assert_eq!(st.first_player, (w + 1) % 3);
            assert_eq!(st.active, (w + 1) % 3);
        }
    }
    assert!(checked_tie, "no tie in 400 deals");
}

/// M3: an attacker may target any opponent still in, or its units.
#[test]
fn m3_attacks_may_target_any_opponent_or_its_units() {
    let st = build(json!({"rules": "players=3", "phase": "attack",
        "players": {"P1": {"front": ["7H"]}, "P2": {"front": ["4C"]}, "P3": {"front": ["5S"]}}}));
    let moves = legal(&st);
    for m in [
        "attack 7H player",
        "attack 7H 4C",
        "attack 7H player+2",
        "attack 7H 5S",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    assert_eq!(
        st.target_seat(0, houses_engine::houses::state::Target::Player(2)),
        Some(2)
    );
}

/// M4: each attacked player, in turn order, blocks the attacks directed at it; an opponent
/// not attacked is not asked.
#[test]
fn m4_each_attacked_player_blocks_its_own_attacks_in_turn_order() {
    let mut st = build(json!({"rules": "players=4", "phase": "attack",
        "players": {"P1": {"front": ["7H", "8D"]}, "P2": {"front": ["9C"]},
                    "P3": {"front": ["4C"]}, "P4": {"front": ["6S"]}}}));
    play(
        &mut st,
        &["attack 7H player+3", "attack 8D player+2", "done"],
    );
    assert_eq!(
        st.pending,
        Pending::Block(2),
        "P2 was not attacked: P3 blocks first"
    );
    assert_eq!(legal(&st), ["block 4C 8D", "done"]);
    play(&mut st, &["done"]);
    assert_eq!(st.pending, Pending::Block(3));
    assert_eq!(legal(&st), ["block 6S 7H", "done"]);
    play(&mut st, &["block 6S 7H", "done"]);
    // P3 took 8 unblocked; P4's 6S blocked P1's 7H.
    assert_eq!(
        (st.players[1].life, st.players[2].life, st.players[3].life),
        (40, 32, 40)
    );
    assert_eq!(front(&st, "P4"), Vec::<String>::new(), "6S fell to 7H");
}

/// M5: after the active player's DEPLOY, each opponent in turn order may respond.
#[test]
fn m5_each_opponent_in_turn_order_may_respond() {
    let mut st = build(json!({"rules": "players=3",
        "players": {"P1": {}, "P2": {"hand": ["JH"], "front": ["5H"]}, "P3": {"hand": ["JD"]}}}));
    play(&mut st, &["end"]);
    assert_eq!(st.pending, Pending::Response(1));
    assert!(legal(&st).contains(&"play JH 5H".to_string()));
    play(&mut st, &["pass"]);
    assert_eq!(st.pending, Pending::Response(2));
    play(&mut st, &["pass"]);
    assert_eq!(st.pending, Pending::Attack(0));
}

/// M6: a player at 0 life with two or more others still in is out: its cards leave play and
/// its turns are skipped; the last player standing wins.
#[test]
fn m6_a_fallen_player_is_out_and_the_last_standing_wins() {
    let mut st = build(json!({"rules": "players=3", "phase": "attack",
        "deck": ["2D", "3D", "4D"],
        "players": {"P1": {"front": ["9H"]}, "P2": {"front": ["4C"]},
                    "P3": {"life": 5, "hand": ["KS", "8C"], "front": ["5S exhausted"], "rear": ["AD"]}}}));
    play(&mut st, &["attack 9H player+2", "done"]);
    assert_eq!(legal(&st), ["done"], "P3 has no ready blocker");
    play(&mut st, &["done"]); // 9 damage: P3 is out at -4
    assert!(!st.is_over());
    assert!(st.players[2].out);
    assert!(
        front(&st, "P3").is_empty() && rear(&st, "P3").is_empty() && hand(&st, "P3").is_empty()
    );
    for c in ["KS", "8C", "5S", "AD"] {
        assert!(barrows(&st).contains(&c.to_string()), "{c} in the Barrows");
    }
    assert_eq!(st.active, 1, "P2's turn follows");
    play_out_turn(&mut st);
    assert_eq!(st.active, 0, "P3 is skipped");
    // P2 falls next: P1 is the last player standing.
    let mut st = build(json!({"rules": "players=3", "phase": "attack",
        "players": {"P1": {"front": ["9H"]}, "P2": {"life": 0, "out": true},
                    "P3": {"life": 5}}}));
    play(&mut st, &["attack 9H player+2", "done", "done"]);
    let o = st.outcome.unwrap();
    assert_eq!((o.winner, o.reason), (Some(0), EndReason::Life));
    assert!(
        !legal(&build(json!({"rules": "players=3", "phase": "attack",
        "players": {"P1": {"front": ["9H"]}, "P2": {"life": 0, "out": true}, "P3": {}}})))
        .iter()
        .any(|m| m == "attack 9H player"),
        "an out player cannot be attacked"
    );
}

/// M7: the Insane Wizard's madness reaches every opponent's Front Ranks; each opponent over
/// the limit chooses which units stay, in turn order.
#[test]
fn m7_the_insane_wizard_maddens_every_opponent() {
    let mut st = build(json!({"rules": "players=3,jokers=true,red_joker=wizard",
        "players": {"P1": {"hand": ["RJ"]},
                    "P2": {"front": ["9H/8H", "7D/6D", "5C", "4S"]},
                    "P3": {"front": ["9S/8S", "3C"]}}}));
    play(&mut st, &["deploy RJ wizard"]);
    assert_eq!(
        front(&st, "P3"),
        ["9S", "8S", "3C"],
        "P3's bond comes apart too"
    );
    assert_eq!(st.pending, Pending::WizardKeep { seat: 1 });
    play(&mut st, &["stay 9H 8H 7D 6D"]);
    assert_eq!(front(&st, "P2"), ["9H", "8H", "7D", "6D"]);
    assert_eq!(
        st.pending,
        Pending::Deploy(0),
        "P3 has room: no choice to make"
    );
    // Neither opponent's soldiers use their traits while the Wizard stands.
    let u = st
        .unit(houses_engine::core::card::Card::parse("9S").unwrap())
        .unwrap();
    assert!(!st.trait_active(2, u));
}

/// M3: a scout picks which opponent's hand it searches.
#[test]
fn m3_a_scout_chooses_the_opponent_whose_hand_it_searches() {
    let mut st = build(json!({"rules": "players=3",
        "players": {"P1": {"hand": ["2C"]}, "P2": {"hand": ["9D"]}, "P3": {"hand": ["KH"]}}}));
    let moves = legal(&st);
    assert!(moves.contains(&"scout 2C".to_string()));
    assert!(moves.contains(&"scout 2C player+2".to_string()));
    play(&mut st, &["scout 2C player+2"]);
    assert!(
        hand(&st, "P3").is_empty(),
        "P3's only card went to the Barrows"
    );
    assert_eq!(hand(&st, "P2"), ["9D"]);
}

/// M8: sudden death with three: each player has one more turn counted from the drawer's;
/// the highest life wins, a tie at the top is a draw.
#[test]
fn m8_sudden_death_gives_everyone_one_more_turn_and_highest_life_wins() {
    let mut st = build(json!({"rules": "players=3", "turn": 4, "active": "P1",
        "players": {"P1": {"life": 20}, "P2": {"life": 30}, "P3": {"life": 25}},
        "deck": ["9D"]}));
    play_out_turn(&mut st); // P1's turn 4; P2 draws the last card on turn 5
    assert!(st.sudden_death.is_some());
    assert_eq!(st.active, 1);
    play_out_turn(&mut st); // P2's final turn
    play_out_turn(&mut st); // P3's
    assert!(!st.is_over(), "P1 still has a final turn");
    play_out_turn(&mut st); // P1's
    let o = st.outcome.unwrap();
    assert_eq!((o.winner, o.reason), (Some(1), EndReason::SuddenDeath));
    let mut st = build(json!({"rules": "players=3", "turn": 4,
        "players": {"P1": {"life": 30}, "P2": {"life": 30}, "P3": {"life": 25}},
        "deck": ["9D"]}));
    for _ in 0..4 {
        play_out_turn(&mut st);
    }
    assert_eq!(st.outcome.unwrap().winner, None, "P1 and P2 tie at the top");
}

/// M9: options written for two players are refused at a larger table, naming the fix.
#[test]
fn m9_two_player_options_are_refused_at_a_larger_table() {
    assert_eq!(
        Rules::parse("players=3,deck=suit_split").unwrap_err(),
        "deck=suit_split splits the deck between two players: use players=2"
    );
    assert!(Rules::parse("preset=summer20_kings,players=4")
        .unwrap_err()
        .contains("jack_of_clubs=discard_random is written for two players"));
    assert!(Rules::parse("players=5")
        .unwrap_err()
        .contains("valid values: 2, 3, 4"));
    assert!(build_err(json!({"players": {"P3": {}}})).contains("'P3' is not a player"));
}

/// Each player sees its own hand only: both opponents' unknown cards are hidden.
#[test]
fn a_player_sees_neither_opponents_hidden_hand() {
    let st = build(json!({"rules": "players=3",
        "players": {"P1": {"hand": ["2C"]}, "P2": {"hand": ["9D", "8D"]}, "P3": {"hand": ["KH"]}},
        "deck": ["3C"]}));
    let obs = houses_engine::houses::view::View::new(&st, 0).observation();
    assert_eq!(&obs.hidden[..3], &[0, 2, 1]);
    assert!(obs.state.players[1].hand.is_empty() && obs.state.players[2].hand.is_empty());
    let mut rng = houses_engine::core::rng::GameRng::new(5);
    let world = obs.determinize(&mut rng);
    assert_eq!(
        (
            world.players[1].hand.len(),
            world.players[2].hand.len(),
            world.deck.len()
        ),
        (2, 1, 1)
    );
}

/// Option `responders=next`: only the next player in turn order may respond.
#[test]
fn responders_next_option_lets_only_the_next_player_respond() {
    let mut st = build(json!({"rules": "players=3,responders=next",
        "players": {"P1": {}, "P2": {"hand": ["JH"], "front": ["5H"]}, "P3": {"hand": ["JD"]}}}));
    play(&mut st, &["end"]);
    assert_eq!(st.pending, Pending::Response(1));
    play(&mut st, &["pass"]);
    assert_eq!(st.pending, Pending::Attack(0), "P3 is not asked");
}

/// Option `attack_spread=one`: once the first attack names an opponent, the turn's other
/// attacks go at that opponent too.
#[test]
fn attack_spread_one_option_sends_every_attack_at_the_first_target() {
    let spec = |spread: &str| {
        json!({"rules": format!("players=3,attack_spread={spread}"), "phase": "attack",
            "players": {"P1": {"front": ["7H", "8D"]}, "P2": {"front": ["4C"]},
                        "P3": {"front": ["5S"]}}})
    };
    let mut st = build(spec("one"));
    play(&mut st, &["attack 7H player+2"]);
    let moves = legal(&st);
    assert!(moves.contains(&"attack 8D 5S".to_string()));
    assert!(moves.contains(&"attack 8D player+2".to_string()));
    assert!(!moves
        .iter()
        .any(|m| m == "attack 8D player" || m == "attack 8D 4C"));
    let mut st = build(spec("any"));
    play(&mut st, &["attack 7H player+2"]);
    assert!(legal(&st).contains(&"attack 8D 4C".to_string()));
}

/// M3: the Jack of Spades and the Ace of Diamonds take a unit of any opponent.
#[test]
fn m3_the_jack_of_spades_and_ace_of_diamonds_reach_every_opponent() {
    let st = build(json!({"rules": "players=3",
        "players": {"P1": {"hand": ["JS", "AD"]}, "P2": {"front": ["4C"]}, "P3": {"front": ["5S"], "rear": ["AH"]}}}));
    let moves = legal(&st);
    for m in [
        "play JS 4C",
        "play JS 5S",
        "play JS AH",
        "play AD 4C",
        "play AD 5S",
        "play AD AH",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
}

/// M4: the enhanced Clubs charge strikes "one additional target (player or any rank unit)":
/// any opponent or its units, not only the player attacked.
#[test]
fn m4_a_clubs_charge_may_strike_any_opponent() {
    let mut st = build(json!({"rules": "players=3", "phase": "attack",
        "players": {"P1": {"front": ["5C"], "rear": ["KC"]}, "P2": {"front": ["9H"]},
                    "P3": {"front": ["4S"]}}}));
    play(
        &mut st,
        &["attack 5C player", "done", "block 9H 5C", "done"],
    );
    assert_eq!(
        legal(&st),
        ["charge player", "charge 9H", "charge player+2", "charge 4S"],
        "5C fell to its blocker: its charge may go at P2 or P3"
    );
    play(&mut st, &["charge player+2"]);
    assert_eq!((st.players[1].life, st.players[2].life), (40, 35));
}

/// M6: two opponents falling in the same combat leave the attacker the last one standing.
#[test]
fn m6_two_opponents_falling_at_once_end_the_game() {
    let mut st = build(json!({"rules": "players=3", "phase": "attack",
        "players": {"P1": {"front": ["7H", "8D"]}, "P2": {"life": 3}, "P3": {"life": 4}}}));
    play(
        &mut st,
        &[
            "attack 7H player",
            "attack 8D player+2",
            "done",
            "done",
            "done",
        ],
    );
    let o = st.outcome.unwrap();
    assert_eq!((o.winner, o.reason), (Some(0), EndReason::Life));
}

/// M1: with the first player out, a round begins when the turn passes over its seat.
#[test]
fn m1_rounds_still_count_once_the_first_player_is_out() {
    let mut st = build(
        json!({"rules": "players=3", "turn": 4, "first_player": "P1",
        "active": "P2", "deck": ["2D", "3D", "4D"],
        "players": {"P1": {"life": 0, "out": true}, "P2": {}, "P3": {}}}),
    );
    assert_eq!(st.round, 2);
    play_out_turn(&mut st);
    assert_eq!((st.active, st.round), (2, 2));
    play_out_turn(&mut st);
    assert_eq!(
        (st.active, st.round),
        (1, 3),
        "P2's turn after P3's passes over P1's seat"
    );
}

/// M1 in a position: unnamed, the first player is the one a game would have had (turns go
/// round the table from it), so a position counts its rounds as a game does.
#[test]
fn m1_a_position_counts_rounds_as_a_game_does() {
    // Two players, turn 10 is P2's: P1 started, so P1's turn 11 opens round 6 and, under
    // `extra_draw=from_round_6`, draws two (it drew one when the first player defaulted to
    // the active one).
    let deck = ["2D", "3D", "4D", "5D", "6D"];
    let mut st = build(
        json!({"rules": "extra_draw=from_round_6", "turn": 10, "active": "P2",
        "deck": deck, "players": {"P1": {}, "P2": {}}}),
    );
    assert_eq!((st.first_player, st.round), (0, 5));
    play_out_turn(&mut st);
    assert_eq!((st.active, st.turn, st.round), (0, 11, 6));
    assert_eq!(hand(&st, "P1"), ["2D", "3D"]);
    // Turn 11 is P1's: P1 started.
    let st = build(json!({"turn": 11, "deck": deck, "players": {"P1": {}, "P2": {}}}));
    assert_eq!((st.first_player, st.round), (0, 6));
    // Three players, turn 5 is P3's: P2 started (P2, P3, P1, P2, P3), so round 3 opens with
    // P2's turn 7, not P1's turn 6.
    let mut st = build(
        json!({"rules": "players=3", "turn": 5, "active": "P3", "deck": deck,
        "players": {"P1": {}, "P2": {}, "P3": {}}}),
    );
    assert_eq!((st.first_player, st.round), (1, 2));
    play_out_turn(&mut st);
    assert_eq!((st.active, st.round), (0, 2));
    play_out_turn(&mut st);
    assert_eq!((st.active, st.round), (1, 3));
    // Named, the first player stands.
    let st = build(
        json!({"turn": 10, "active": "P2", "first_player": "P2", "deck": deck,
        "players": {"P1": {}, "P2": {}}}),
    );
    assert_eq!(st.first_player, 1);
}
