//! The tools for a card's causal value, which are not rules: a King a blank (`blank`), from
//! the deal or from its first draw (`blank_from`), a card forbidden (`forbid`), and a game
//! forked at a King's first draw (`houses::game::play_branched`).

mod common;
use common::*;
use houses_engine::houses::agents::AgentSpec;
use houses_engine::{Rules, State};
use serde_json::json;

#[test]
fn a_blank_king_is_in_play_with_no_power() {
    // blank=KS: the classic King of Spades stands in the Rear Ranks (a unit of defence 13)
    // but its soldiers may be blocked and attacked like any others.
    let mut st = attack_pos(
        "kings=classic,blank=KS",
        json!({"front": ["8S", "5D"], "rear": ["KS"]}),
        json!({"front": ["10D"]}),
    );
    assert_eq!(rear(&st, "P1"), ["KS"]);
    play(&mut st, &["attack 8S player", "done"]);
    assert!(
        has(&st, "block 10D 8S"),
        "the blank's soldiers can be blocked"
    );
    let st = attack_pos(
        "kings=classic,blank=KS",
        json!({"front": ["9C"]}),
        json!({"front": ["7H"], "rear": ["KS"]}),
    );
    assert!(has(&st, "attack 9C 7H"), "and attacked");
    // Another King keeps its power.
    let st = attack_pos(
        "kings=classic,blank=KC",
        json!({"front": ["9C"]}),
        json!({"front": ["7H"], "rear": ["KS"]}),
    );
    assert!(!has(&st, "attack 9C 7H"));
    // Under Spring '25 a blank King enhances nothing: the Spades soldier reaches no Rear unit.
    let reach = |rules: &str| {
        let st = attack_pos(
            rules,
            json!({"front": ["8S"], "rear": ["KS"]}),
            json!({"front": ["3D"], "rear": ["KD"]}),
        );
        has(&st, "attack 8S KD")
    };
    assert!(reach("") && !reach("blank=KS"));
}

#[test]
fn a_king_blank_from_its_draw_keeps_its_power_until_a_player_draws_it() {
    use houses_engine::Suit;
    // blank=KS,blank_from=draw: the King of Spades is on top of the deck; P1 ends the turn and
    // P2 draws it. Until then it has its power; from then on it is a blank.
    let pos = || {
        build(json!({"rules": "kings=classic,blank=KS,blank_from=draw",
            "players": {"P1": {"hand": ["2C"]}, "P2": {"hand": ["3C"]}}, "deck": ["KS", "9D", "8D"]}))
    };
    let mut st = pos();
    assert!(!st.is_blank(Suit::Spades), "in the deck: its power");
    play_out_turn(&mut st);
    assert!(hand(&st, "P2").contains(&"KS".to_string()));
    assert!(st.is_blank(Suit::Spades), "drawn: a blank from now on");
    // A search's simulated world (no record kept) drawing it leaves it its power: the players'
    // searches before the draw play as in the game with the King.
    let mut world = pos();
    world.metrics = None;
    play_out_turn(&mut world);
    assert!(hand(&world, "P2").contains(&"KS".to_string()));
    assert!(!world.is_blank(Suit::Spades));
    // By default (blank_from=deal) it is a blank from the deal; another King is never one.
    let st = build(json!({"rules": "kings=classic,blank=KS",
        "players": {"P1": {}, "P2": {}}, "deck": ["KS", "9D"]}));
    assert!(st.is_blank(Suit::Spades) && !st.is_blank(Suit::Diamonds));
    // A position with the King already out of the deck: it was drawn, so a blank (9C may
    // attack the 7H its power would shelter); a King not named keeps its power.
    let st = attack_pos(
        "kings=classic,blank=KS,blank_from=draw",
        json!({"front": ["9C"]}),
        json!({"front": ["7H"], "rear": ["KS"]}),
    );
    assert!(has(&st, "attack 9C 7H"));
    let st = attack_pos(
        "kings=classic,blank=KC,blank_from=draw",
        json!({"front": ["9C"]}),
        json!({"front": ["7H"], "rear": ["KS"]}),
    );
    assert!(!has(&st, "attack 9C 7H"));
}

#[test]
fn a_forbidden_card_is_never_deployed_or_played() {
    let st = build(json!({"rules": "forbid=KS+QH", "players": {
        "P1": {"hand": ["KS", "QH", "7H"]}, "P2": {}}}));
    assert!(has(&st, "deploy 7H"));
    assert!(legal(&st)
        .iter()
        .all(|m| !m.contains("KS") && !m.contains("QH")));
    let st = build(json!({"players": {"P1": {"hand": ["KS", "QH", "7H"]}, "P2": {}}}));
    assert!(has(&st, "deploy KS"));
    // Parsing: a blank must be a King; `none` is the default and prints as such.
    assert!(houses_engine::Rules::parse("blank=QS").is_err());
    let r = houses_engine::Rules::parse("forbid=QH+KS").unwrap();
    assert!(r.canonical().contains("forbid=QH+KS") && r.canonical().contains("blank=none"));
}

/// `blank_from=draw` (a King's value branched at its first draw, issue #52): with search
/// players, whose simulations could otherwise see the blank before anyone draws it, the game is
/// move for move the game with the King's power until a player first draws the King, and
/// plays on differently in some games.
#[test]
fn a_blank_from_its_draw_plays_the_very_game_with_the_king_until_it_is_drawn() {
    use houses_engine::core::{AgentFactory, Session};
    use houses_engine::Card;
    let spec = AgentSpec::parse("search(iterations=40,worlds=8,c=0.05,rollout=1,eval=3)").unwrap();
    let seats: [Option<&dyn AgentFactory<State>>; 2] = [Some(&spec), Some(&spec)];
    let real = Rules::parse("kings=classic").unwrap();
    let blank = Rules::parse("kings=classic,blank=KS,blank_from=draw").unwrap();
    let ks = Card::parse("KS").unwrap();
    let (mut drawn, mut differ) = (0, 0);
    for seed in 0..12 {
        let with = Session::new(&real, &seats, seed, true).moves().to_vec();
        let without = Session::new(&blank, &seats, seed, true).moves().to_vec();
        // The moves played before a player first held the King, in the game with it (none
        // where it was dealt into an opening hand).
        let mut st = State::new_game(real.clone(), seed);
        let held = |st: &State| {
            st.metrics
                .as_ref()
                .unwrap()
                .drawn
                .iter()
                .any(|d| d.contains(ks))
        };
        let at = if held(&st) {
            Some(0)
        } else {
            with.iter()
                .position(|&a| {
                    st.apply_unchecked(a);
                    held(&st)
                })
                .map(|i| i + 1)
        };
        let Some(at) = at else {
            assert_eq!(with, without, "never drawn: the same game");
            continue;
        };
        drawn += 1;
        assert_eq!(
            with[..at],
            without[..at],
            "seed {seed}: the same game until the draw"
        );
        differ += usize::from(with != without);
    }
    assert!(
        drawn >= 3 && differ >= 1,
        "drawn in {drawn} games, {differ} differ after"
    );
}

/// A game forked at a King's first draw (`houses::game::play_branched`: the agents copied as
/// they stand) and played on with the King blank from the draw is the very game a blank cell
/// plays from the deal under `blank=K,blank_from=draw`, record and usage alike, with seats
/// swapped in odd games; and the game it forks from is the game with the King.
#[test]
fn a_game_forked_at_a_kings_draw_is_the_game_played_blank_from_the_draw() {
    use houses_engine::core::{play_batch_played_at, AgentFactory};
    use houses_engine::houses::game::play_branched;
    use houses_engine::Card;
    let search =
        AgentSpec::parse("search(iterations=40,worlds=8,c=0.05,rollout=1,eval=3)").unwrap();
    let greedy = AgentSpec::parse("greedy").unwrap();
    let real = Rules::parse("kings=classic").unwrap();
    let branches: Vec<(Card, Rules)> = ["KS", "KD"]
        .iter()
        .map(|k| {
            let rules = Rules::parse(&format!("kings=classic,blank={k},blank_from=draw"));
            (Card::parse(k).unwrap(), rules.unwrap())
        })
        .collect();
    let pair: [&dyn AgentFactory<State>; 2] = [&search, &greedy];
    let mut forked = 0;
    for i in 0..10 {
        let (game, out) = play_branched(&real, [&search, &greedy], 5, i, true, &branches);
        let whole = play_batch_played_at(&real, pair, 5, &[i], 1, true).remove(0);
        assert_eq!((&game.record, &game.usage), (&whole.record, &whole.usage));
        for ((card, rules), branch) in branches.iter().zip(out) {
            let drawn = game.record.drawn.iter().any(|d| d.contains(*card));
            let Some(branch) = branch else {
                assert!(!drawn, "game {i}: {card} drawn but not forked");
                continue;
            };
            forked += 1;
            let blank = play_batch_played_at(rules, pair, 5, &[i], 1, true).remove(0);
            assert_eq!(branch.record, blank.record, "game {i}, {card}");
            assert_eq!(branch.usage, blank.usage, "game {i}, {card}");
        }
    }
    assert!(forked >= 4, "{forked} forks");
}
