//! Property test: random games under several rule sets keep every invariant after every move,
//! life never goes up, every game ends (never at the safety limit) and replays. The game count
//! is HOUSES_PROPERTY_GAMES (default 2,000 per rule set; CI runs more). The games go through
//! `core::testing::check_game_with`, the conformance check every game passes.

use houses_engine::core::game_seed;
use houses_engine::core::testing::check_game_with;
use houses_engine::houses::agents::AgentSpec;
use houses_engine::{EndReason, Rules, State};

fn games() -> u64 {
    std::env::var("HOUSES_PROPERTY_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2_000)
}

fn run(rules: &Rules, n: u64, base: u64) {
    for i in 0..n {
        let seed = game_seed(base, i);
        let mut life = [rules.life; 2];
        let never_up = |st: &State| {
            for (s, before) in life.iter_mut().enumerate() {
                if st.players[s].life > *before {
                    return Err(format!("P{} life went up", s + 1));
                }
                *before = st.players[s].life;
            }
            Ok(())
        };
        let record = check_game_with::<State>(
            rules,
            [&AgentSpec::Random, &AgentSpec::Random],
            seed,
            never_up,
        )
        .unwrap_or_else(|e| panic!("{} seed {seed}: {e}", rules.canonical()));
        assert_ne!(
            record.reason,
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
        "players=3,jokers=true,extra_draw=from_round_6",
        "players=4,kings=share_trait,sudden_death=next_round,hand_limit=4",
        "players=3,kings=option1,spades_trait=stun,king_aid_half=true",
        "players=4,preset=summer20_kings,jack_of_clubs=double_damage,jokers=true",
        // The Summer '20 elements of issue #60 (V26-V29).
        "preset=summer20,hearts_shield=any_attack,single_attacker=every_target,jack_of_hearts=all_allies,instants=any_time",
        "players=3,kings=option1,multiple_attackers=false,single_attacker=every_target,hearts_shield=any_attack,jack_of_hearts=all_allies,jokers=true,instants=any_time",
        "instants=any_time,jokers=true,king_aid_half=true,kings=share_trait",
    ];
    for (i, spec) in mixes.iter().enumerate() {
        run(&Rules::parse(spec).unwrap(), games() / 15, 10 + i as u64);
    }
}
