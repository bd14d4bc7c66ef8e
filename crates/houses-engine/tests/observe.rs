//! Agents see only what their player may know.

mod common;
use common::*;
use houses_engine::core::rng::GameRng;
use houses_engine::houses::view::View;
use houses_engine::Card;
use serde_json::json;

#[test]
fn the_view_hides_the_opponents_hand_and_the_deck() {
    let mut st = build(
        json!({"players": {"P1": {"hand": ["2H", "9C"]}, "P2": {"hand": ["KD", "QS", "5C"]}},
        "deck": ["10H", "10S"]}),
    );
    let obs = View::new(&st, 0).observation();
    assert!(obs.state.players[1].hand.is_empty());
    assert_eq!((obs.opponent_hidden, obs.deck_len), (3, 2));
    assert!(obs.state.deck.is_empty());
    assert_eq!(obs.state.players[0].hand.len(), 2, "own hand is visible");
    // Scouting reveals one card; the view then shows exactly that one.
    play(&mut st, &["scout 2H"]);
    let known = View::new(&st, 0).opponent_known();
    assert_eq!(known.len(), 1);
    let obs = View::new(&st, 0).observation();
    assert_eq!(obs.state.players[1].hand.to_vec(), known);
    assert_eq!(obs.opponent_hidden, 2);
}

#[test]
fn determinizing_deals_the_unseen_cards_consistently() {
    let st = build(
        json!({"players": {"P1": {"hand": ["9C"], "front": ["5H"]}, "P2": {"hand": ["KD", "QS"]}},
        "deck": ["10H", "10S", "2D"], "barrows": ["3C"]}),
    );
    let obs = View::new(&st, 0).observation();
    let mut rng = GameRng::new(5);
    for _ in 0..20 {
        let d = obs.determinize(&mut rng);
        let mut places: Vec<Card> = d.all_card_places().into_iter().map(|(c, _)| c).collect();
        let n = places.len();
        places.sort();
        places.dedup();
        assert_eq!(places.len(), n, "no card twice");
        assert_eq!(d.players[1].hand.len(), 2);
        assert_eq!(d.deck.len(), 3);
        assert_eq!(d.players[0].hand.to_vec(), vec![Card::parse("9C").unwrap()]);
        for c in d.players[1].hand.iter().chain(d.deck.iter()) {
            assert!(
                !["9C", "5H", "3C"].contains(&c.to_string().as_str()),
                "a seen card was dealt as hidden"
            );
        }
    }
}

#[test]
fn in_a_real_game_a_determinized_state_keeps_every_invariant() {
    let st = houses_engine::State::new_game(houses_engine::Rules::default(), 8);
    let d = View::new(&st, 1)
        .observation()
        .determinize(&mut GameRng::new(1));
    d.check_invariants().unwrap();
}

#[test]
fn determinizing_a_suit_split_game_keeps_each_pile_to_its_houses() {
    let rules = houses_engine::Rules::parse("deck=suit_split,split_houses=DC-HS").unwrap();
    let st = houses_engine::State::new_game(rules, 3);
    let d = View::new(&st, 0)
        .observation()
        .determinize(&mut GameRng::new(2));
    d.check_invariants().unwrap();
    assert!(d.deck_p2.iter().chain(&d.players[1].hand).all(|c| matches!(
        c.suit(),
        Some(houses_engine::Suit::Hearts) | Some(houses_engine::Suit::Spades)
    )));
}
