//! Property test: random games under several rule sets keep every invariant after every move,
//! and every game ends. The game count is HOUSES_PROPERTY_GAMES (default 2,000 per rule set;
//! CI runs more).

use houses_engine::agents::AgentSpec;
use houses_engine::game::game_seed;
use houses_engine::observe::View;
use houses_engine::{EndReason, Rules, State};

fn games() -> u64 {
    std::env::var("HOUSES_PROPERTY_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2_000)
}

fn run(rules: &Rules, n: u64, base: u64) {
    let spec = AgentSpec::Random;
    for i in 0..n {
        let seed = game_seed(base, i);
        let mut st = State::new_game(rules.clone(), seed);
        let mut agents = [spec.make(seed ^ 1), spec.make(seed ^ 2)];
        st.check_invariants()
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let mut life = [st.players[0].life, st.players[1].life];
        while !st.is_over() {
            let seat = st.pending.decider().unwrap();
            let legal = st.legal_actions();
            let k = if legal.len() == 1 {
                0
            } else {
                agents[seat].choose(&View::new(&st, seat), &legal)
            };
            st.apply_unchecked(legal[k]);
            st.check_invariants()
                .unwrap_or_else(|e| panic!("seed {seed} after {}: {e}", legal[k]));
            for (s, before) in life.iter_mut().enumerate() {
                assert!(st.players[s].life <= *before, "seed {seed}: life went up");
                *before = st.players[s].life;
            }
            assert!(st.actions_taken < 20_000, "seed {seed}: game does not end");
        }
        assert_ne!(
            st.outcome.unwrap().reason,
            EndReason::TurnLimit,
            "seed {seed} hit the turn limit"
        );
    }
}

#[test]
fn random_games_keep_invariants_default_rules() {
    run(&Rules::default(), games(), 1);
}

#[test]
fn random_games_keep_invariants_with_jokers() {
    run(&Rules::parse("jokers=true").unwrap(), games() / 2, 2);
}

#[test]
fn random_games_keep_invariants_under_option_mixes() {
    let mixes = [
        "front_ranks=3x3,jokers=true,doppelganger=any_card",
        "defeat=reaches,rear_deploy=ready,hearts_trait=full_damage,sudden_death=next_round",
        "preset=summer20_kings,sudden_death=next_round,spades_trait=adjacent_strike,king_aid_half=true",
        "hearts_trait=no_damage,ace_of_hearts_guard=1/0,ace_of_spades=adjacent,clubs_excess=any_target",
        "scouts=false,soul_burn=false,multiple_attackers=false,starting_player=coin,life=20",
        "jack_of_clubs=discard_random,extra_draw=from_round_6",
        "extra_draw=deck_equals_barrows,jokers=true",
        "deck=suit_split,split_houses=DC-HS,hand_limit=5,black_joker=necromancer",
        "deck=suit_split,split_houses=S-H,preset=summer20_kings",
        "spades_trait=adjacent_strike,king_aid_half=true",
        "spades_trait=stun,jokers=true",
        "spades_trait=choose_blocker,king_aid_half=true,hand_limit=4",
        "kings=classic,jokers=true",
        "kings=option1,option1_king_of_hearts=reassign_blockers,king_aid_half=true",
        "kings=option1,spades_trait=stun",
        "kings=share_trait,jokers=true,doppelganger=any_card",
        "kings=share_trait,deck=suit_split,split_houses=D-S",
    ];
    for (i, spec) in mixes.iter().enumerate() {
        run(&Rules::parse(spec).unwrap(), games() / 15, 10 + i as u64);
    }
}
