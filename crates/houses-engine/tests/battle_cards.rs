//! Battle Cards: a position test for each rule, and the invariant property test.

use houses_engine::battle_cards::position::bc_position;
use houses_engine::battle_cards::*;
use houses_engine::core::card::Card;
use houses_engine::core::rng::GameRng;
use houses_engine::core::search::Searchable;
use houses_engine::core::testing::{check_search, SearchSweep};
use houses_engine::core::{play_batch, play_game};

fn c(s: &str) -> Card {
    Card::parse(s).unwrap()
}

fn act(st: &mut BcState, m: &str) {
    st.apply(BcAction::parse(m).unwrap()).unwrap();
}

fn pos(
    p1: (&[&str], &[&str], &[&str], i32),
    p2: (&[&str], &[&str], &[&str], i32),
    rolls: &[u8],
) -> BcState {
    bc_position(BcRules::default(), [p1, p2], rolls)
}

#[test]
fn hearts_build_armor_up_to_three_and_face_hearts_roll_for_another_card() {
    let mut st = pos((&["5H", "9C"], &[], &[], 20), (&["2D"], &[], &[], 20), &[]);
    act(&mut st, "play 5H");
    assert_eq!(st.players[0].armor, vec![c("5H")]);
    assert_eq!(st.active, 1, "a number Heart grants nothing");
    let mut st = pos((&["KH", "9C"], &[], &[], 20), (&["2D"], &[], &[], 20), &[3]);
    act(&mut st, "play KH");
    assert_eq!(st.pending, BcPending::Turn(0), "a 3 grants another card");
    let mut st = pos((&["KH", "9C"], &[], &[], 20), (&["2D"], &[], &[], 20), &[2]);
    act(&mut st, "play KH");
    assert_eq!(st.active, 1, "a 2 does not");
    let mut st = pos(
        (&["6H"], &[], &["2H", "3H", "4H"], 20),
        (&["2D"], &[], &[], 20),
        &[],
    );
    act(&mut st, "play 6H");
    assert_eq!(
        st.players[0].armor.len(),
        3,
        "a full Defense Pile takes no more"
    );
    assert_eq!(st.players[0].discard.last(), Some(&c("6H")));
}

#[test]
fn diamonds_heal_up_to_twenty() {
    let mut st = pos((&["7D"], &[], &[], 10), (&["2C"], &[], &[], 20), &[3]);
    act(&mut st, "play 7D");
    assert_eq!(st.players[0].life, 17);
    let mut st = pos((&["7D"], &[], &[], 10), (&["2C"], &[], &[], 20), &[2]);
    act(&mut st, "play 7D");
    assert_eq!(st.players[0].life, 10, "a 2 fails");
    let mut st = pos((&["QD", "3C"], &[], &[], 15), (&["2C"], &[], &[], 20), &[]);
    act(&mut st, "play QD");
    assert_eq!(st.players[0].life, 20, "+10, capped at 20");
    assert_eq!(
        st.pending,
        BcPending::Turn(0),
        "face Diamonds always grant another card"
    );
}

#[test]
fn spades_break_the_top_armor_card_they_outrank() {
    let mut st = pos(
        (&["8S"], &[], &[], 20),
        (&["2D"], &[], &["3H", "7H"], 20),
        &[],
    );
    act(&mut st, "play 8S");
    assert_eq!(st.players[1].armor, vec![c("3H")]);
    let mut st = pos((&["7S"], &[], &[], 20), (&["2D"], &[], &["7H"], 20), &[]);
    act(&mut st, "play 7S");
    assert_eq!(st.players[1].armor, vec![c("7H")], "equal does not outrank");
    let mut st = pos((&["KS"], &[], &[], 20), (&["2D"], &[], &["9H"], 20), &[4]);
    act(&mut st, "play KS");
    assert_eq!(st.players[1].armor.len(), 1, "a face Spade needs a 5");
    let mut st = pos((&["KS"], &[], &[], 20), (&["2D"], &[], &["9H"], 20), &[5]);
    act(&mut st, "play KS");
    assert!(st.players[1].armor.is_empty());
}

#[test]
fn the_ace_of_spades_breaks_face_armor_and_is_stopped_by_numbers() {
    let mut st = pos(
        (&["AS", "2C"], &[], &[], 20),
        (&["2D"], &[], &["QH"], 20),
        &[],
    );
    act(&mut st, "play AS");
    assert!(st.players[1].armor.is_empty());
    assert_eq!(
        st.pending,
        BcPending::Redraw(0),
        "any Ace offers a fresh hand"
    );
    let mut st = pos(
        (&["AS", "2C"], &[], &[], 20),
        (&["2D"], &[], &["2H"], 20),
        &[],
    );
    act(&mut st, "play AS");
    assert_eq!(st.players[1].armor, vec![c("2H")]);
}

#[test]
fn clubs_attack() {
    // A number Club does nothing against armor, hits for its value without, on a 2 or more.
    let mut st = pos((&["9C"], &[], &[], 20), (&["2D"], &[], &["2H"], 20), &[6]);
    act(&mut st, "play 9C");
    assert_eq!(st.players[1].life, 20);
    let mut st = pos((&["9C"], &[], &[], 20), (&["2D"], &[], &[], 20), &[2]);
    act(&mut st, "play 9C");
    assert_eq!(st.players[1].life, 11);
    let mut st = pos((&["9C"], &[], &[], 20), (&["2D"], &[], &[], 20), &[1]);
    act(&mut st, "play 9C");
    assert_eq!(st.players[1].life, 20, "a 1 misses");
    // Face Clubs bypass armor for 10 (on a 2+); Aces always hit for 10 and grant a card.
    let mut st = pos((&["JC"], &[], &[], 20), (&["2D"], &[], &["9H"], 20), &[2]);
    act(&mut st, "play JC");
    assert_eq!(st.players[1].life, 10);
    let mut st = pos(
        (&["AC", "3D"], &[], &[], 20),
        (&["2D"], &[], &["9H"], 20),
        &[],
    );
    act(&mut st, "play AC");
    assert_eq!(st.players[1].life, 10);
    act(&mut st, "keep");
    assert_eq!(
        st.pending,
        BcPending::Turn(0),
        "the Ace of Clubs grants another card"
    );
}

#[test]
fn a_bonus_that_empties_the_hand_draws_four_and_the_turn_goes_on() {
    let mut st = pos(
        (&["QD"], &["2C", "3C", "4C", "5C", "6C"], &[], 10),
        (&["2D"], &[], &[], 20),
        &[],
    );
    act(&mut st, "play QD");
    assert_eq!(st.pending, BcPending::Turn(0));
    assert_eq!(st.players[0].hand, vec![c("2C"), c("3C"), c("4C"), c("5C")]);
}

#[test]
fn discarding_uses_the_turn_and_jokers_can_only_be_discarded() {
    let mut st = pos((&["BJ", "9C"], &[], &[], 20), (&["2D"], &[], &[], 20), &[]);
    let legal: Vec<String> = st.legal().iter().map(|a| a.to_string()).collect();
    assert!(!legal.contains(&"play BJ".into()) && legal.contains(&"discard BJ".into()));
    act(&mut st, "discard 9C");
    assert_eq!(st.active, 1);
}

#[test]
fn a_joker_wards_off_an_attack() {
    let mut st = pos((&["JC"], &[], &[], 20), (&["RJ", "2D"], &[], &[], 20), &[6]);
    act(&mut st, "play JC");
    assert_eq!(
        st.pending,
        BcPending::Ward {
            seat: 1,
            attack: c("JC")
        }
    );
    act(&mut st, "ward");
    assert_eq!(st.players[1].life, 20);
    assert_eq!(st.players[1].hand, vec![c("2D")], "the Joker is spent");
    let mut st = pos((&["JC"], &[], &[], 20), (&["RJ", "2D"], &[], &[], 20), &[6]);
    act(&mut st, "play JC");
    act(&mut st, "take");
    assert_eq!(st.players[1].life, 10);
}

#[test]
fn an_ace_offers_to_redraw_the_hand() {
    let mut st = pos(
        (&["AH", "2C", "3C"], &["9D", "9H", "9S", "9C"], &[], 20),
        (&["2D"], &[], &[], 20),
        &[1],
    );
    act(&mut st, "play AH");
    act(&mut st, "redraw");
    assert_eq!(
        st.players[0].hand,
        vec![c("9D"), c("9H"), c("9S"), c("9C")],
        "a fresh hand"
    );
    assert_eq!(
        st.active, 1,
        "the turn ended after the redraw (no bonus on a 1)"
    );
    assert!(st.players[0].discard.contains(&c("2C")));
}

#[test]
fn the_game_ends_at_zero_life_or_when_a_player_has_no_cards() {
    let mut st = pos((&["AC"], &[], &[], 20), (&["2D"], &[], &[], 10), &[]);
    act(&mut st, "play AC");
    assert_eq!((st.winner, st.end), (Some(0), Some(BcEnd::Life)));
    let mut st = pos((&["2D"], &[], &[], 20), (&[], &[], &[], 20), &[1]);
    act(&mut st, "play 2D");
    assert_eq!((st.winner, st.end), (None, Some(BcEnd::NoCards)));
}

#[test]
fn random_and_greedy_games_keep_the_invariants_and_end() {
    let rules = BcRules::default();
    for i in 0..3000u64 {
        let specs = [
            [BcAgentSpec::Random, BcAgentSpec::Random],
            [BcAgentSpec::Greedy, BcAgentSpec::Random],
        ][i as usize % 2];
        let seed = houses_engine::core::game_seed(9, i);
        let mut st = BcState::new(rules.clone(), seed, false);
        let mut agents = [
            BcAgent::new(specs[0], seed ^ 1),
            BcAgent::new(specs[1], seed ^ 2),
        ];
        while !st.is_over() {
            let seat = st.decider().unwrap();
            let legal = st.legal();
            assert!(!legal.is_empty());
            let k = agents[seat].choose(&BcView::new(&st, seat), &legal);
            st.step(legal[k]);
            st.check_invariants()
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
        assert_ne!(st.end, Some(BcEnd::TurnLimit), "seed {seed}");
    }
}

#[test]
fn greedy_beats_random_and_batches_are_deterministic() {
    let rules = BcRules::default();
    let a = play_batch::<BcState>(
        &rules,
        [&BcAgentSpec::Greedy, &BcAgentSpec::Random],
        1,
        0,
        400,
        1,
        true,
    );
    let b = play_batch::<BcState>(
        &rules,
        [&BcAgentSpec::Greedy, &BcAgentSpec::Random],
        1,
        0,
        400,
        2,
        true,
    );
    assert_eq!(a, b);
    let greedy_wins = a
        .iter()
        .enumerate()
        .filter(|(i, r)| r.winner == (i % 2) as i8)
        .count();
    assert!(greedy_wins > 240, "greedy won {greedy_wins} of 400");
}

/// The real game with what `seat` cannot see changed: the opponent's hand and draw pile dealt
/// differently (their cards rotated one place), its own draw pile in another order, other
/// dice to come. `None` when nothing is hidden.
fn unseen_changed(st: &BcState, seat: usize, rng: &mut GameRng) -> Option<BcState> {
    let mut alt = st.clone();
    let mut changed = false;
    let mine = &mut alt.players[seat].draw;
    if mine.len() > 1 {
        mine.rotate_left(1);
        changed = true;
    }
    let p = &mut alt.players[1 - seat];
    let mut theirs: Vec<Card> = p.hand.iter().chain(&p.draw).copied().collect();
    if theirs.len() > 1 {
        theirs.rotate_left(1);
        let draw = theirs.split_off(p.hand.len());
        (p.hand, p.draw) = (theirs, draw);
        changed = true;
    }
    alt.rng = GameRng::new(rng.next_u64());
    changed.then_some(alt)
}

#[test]
fn the_search_hides_what_its_player_cannot_see_and_keeps_each_decision_in_step() {
    let hides = ["", "jokers=false,hand_size=2", "armor_limit=1,life=8"];
    check_search::<BcState>(
        0.5,
        SearchSweep::new(&hides, 3, 30, 100),
        SearchSweep::new(&["", "armor_limit=1,life=8"], 2, 15, 40),
        unseen_changed,
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_sampled_world_keeps_what_the_player_sees_and_deals_the_rest_from_the_unseen() {
    let st = pos(
        (&["AC", "BJ", "5H"], &["2D", "3D", "4D"], &["9H"], 12),
        (&["KC", "QD"], &["7S", "8S"], &["2H", "3H"], 15),
        &[6, 6, 6],
    );
    let w = st.determinize(0, &mut GameRng::new(3));
    assert_eq!(w.players[0].hand, st.players[0].hand);
    for s in 0..2 {
        assert_eq!(w.players[s].armor, st.players[s].armor);
        assert_eq!(w.players[s].discard, st.players[s].discard);
        assert_eq!(w.players[s].life, st.players[s].life);
        assert_eq!(w.players[s].hand.len(), st.players[s].hand.len());
        assert_eq!(w.players[s].draw.len(), st.players[s].draw.len());
    }
    let mut mine = w.players[0].draw.clone();
    mine.sort();
    assert_eq!(mine, vec![c("2D"), c("3D"), c("4D")]);
    let mut theirs: Vec<Card> = w.players[1]
        .hand
        .iter()
        .chain(&w.players[1].draw)
        .copied()
        .collect();
    theirs.sort();
    let mut unseen = vec![c("QD"), c("KC"), c("7S"), c("8S")];
    unseen.sort();
    assert_eq!(theirs, unseen);
    assert!(w.fixed_rolls.is_empty(), "the dice to come are not known");
    assert!(w.log.is_none());
    w.check_invariants().unwrap();
}

#[test]
fn search_agent_specs_parse_with_every_parameter_and_the_version() {
    let s = BcAgentSpec::parse("search(iterations=50,worlds=2)").unwrap();
    let name = s.canonical();
    assert!(
        name.starts_with("search(iterations=50,worlds=2,c=") && name.ends_with("@v2"),
        "{name}"
    );
    // The search has its own version; the random and greedy players kept theirs.
    assert_eq!((BC_SEARCH_VERSION, BC_AGENT_VERSION), (2, 1));
    assert!(BcAgentSpec::parse("search@v1").is_err());
    assert_eq!(BcAgentSpec::Greedy.canonical(), "greedy@v1");
    assert_eq!(
        BcAgentSpec::parse("greedy@v1").unwrap(),
        BcAgentSpec::Greedy
    );
    assert_eq!(
        BcAgentSpec::parse(&name).unwrap(),
        s,
        "the canonical spec parses back"
    );
    assert_eq!(
        BcAgentSpec::parse("search").unwrap(),
        BcAgentSpec::Search(BC_SEARCH_DEFAULTS)
    );
    let e = BcAgentSpec::parse("search(iterations=lots)").unwrap_err();
    assert!(e.contains("'iterations' expects a positive integer"), "{e}");
    let e = BcAgentSpec::parse("search(depth=2)").unwrap_err();
    assert!(e.contains("unknown search parameter 'depth'"), "{e}");
    assert!(BcAgentSpec::parse("greedy(x=1)").is_err());
    assert!(BC_AGENTS.contains(&"search"));
}

#[test]
fn search_beats_greedy_over_a_small_match() {
    // A strength check small enough for CI: 60 deals, each played twice with the seats swapped
    // (the luck of the deal, large in this game, cancels out); docs/battle_cards.md measures
    // more. Over seeds 1 to 8 search scores 69 to 80 of these 120 games.
    let rules = BcRules::default();
    let search = BcAgentSpec::parse("search").unwrap();
    let greedy = BcAgentSpec::Greedy;
    let points = |w: i8, seat: i8| match w {
        -1 => 0.5,
        w if w == seat => 1.0,
        _ => 0.0,
    };
    let score: f64 = houses_engine::core::run_batch(0, 60, 2, |i| {
        let seed = houses_engine::core::game_seed(3, i);
        let a = play_game::<BcState>(&rules, &[&search, &greedy], seed, false);
        let b = play_game::<BcState>(&rules, &[&greedy, &search], seed, false);
        points(a.record.winner, 0) + points(b.record.winner, 1)
    })
    .into_iter()
    .sum();
    assert!(
        score >= 63.0,
        "search scored only {score} of 120 against greedy"
    );
}

#[test]
fn a_seat_sees_its_own_hand_and_of_the_opponents_only_its_size() {
    use houses_engine::core::Game;
    let st = <BcState as Game>::new(&BcRules::parse("").unwrap(), 5, true);
    let obs = json::observation_json(&st, 0);
    assert_eq!(obs["players"]["P1"]["hand"].as_array().unwrap().len(), 4);
    assert!(obs["players"]["P2"]["hand"].is_null());
    assert_eq!(obs["players"]["P2"]["hand_size"], 4);
    assert_eq!(
        json::state_json(&st)["players"]["P2"]["hand"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
    assert_eq!(st.log_so_far()[0], "seed 5");
}
