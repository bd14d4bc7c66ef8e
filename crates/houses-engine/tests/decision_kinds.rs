//! The game loop's usage table takes the kinds of decision at each decision from
//! `legal_kinds_into` (worked out while the moves are written): it must be exactly the kinds
//! of the listed moves, under every rule set that offers other moves.

use houses_engine::core::game_seed;
use houses_engine::core::rng::GameRng;
use houses_engine::core::{decision_kinds, Game};
use houses_engine::{Rules, State};

const GAMES: u64 = 300;

#[test]
fn decision_kinds_match_the_listed_moves() {
    let specs = [
        "",
        "jokers=true",
        "jokers=true,doppelganger=any_card,front_ranks=3x3",
        "kings=classic",
        "kings=share_trait",
        "kings=option1,option1_king_of_hearts=reassign_blockers,king_aid_half=true",
        "spades_trait=stun",
        "preset=summer20_kings,spades_trait=adjacent_strike,king_aid_half=true",
    ];
    let mut legal = Vec::new();
    for (r, spec) in specs.iter().enumerate() {
        let rules = Rules::parse(spec).unwrap();
        let mut rng = GameRng::new(r as u64);
        for i in 0..GAMES {
            let mut st = <State as Game>::new(&rules, game_seed(7, i), false);
            while st.decider().is_some() {
                let kinds = st.legal_kinds_into(&mut legal);
                assert_eq!(
                    kinds,
                    decision_kinds::<State>(&legal),
                    "{spec} game {i}: kinds at {}",
                    st.pending.name()
                );
                st.apply_unchecked(legal[rng.below(legal.len())]);
            }
        }
    }
}
