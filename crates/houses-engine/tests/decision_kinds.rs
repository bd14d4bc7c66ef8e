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

/// A heuristic player is offered the legal moves less the Returns to hand and the Splits,
/// which it never plays (`legal_actions_pruned_into`): the rest in the same order, the same
/// kinds, the same answer to "is this a decision", and the same move chosen (the same seed
/// draws the same tie-break), at every decision of random games under every rule set.
#[test]
fn a_heuristic_player_chooses_alike_from_the_pruned_moves() {
    use houses_engine::houses::action::Action;
    use houses_engine::houses::agents::{Agent, Greedy, Params};
    use houses_engine::houses::view::View;
    let specs = [
        "",
        "jokers=true",
        "front_ranks=3x3,defeat=reaches",
        "redeploys=one",
        "players=4",
        "preset=summer20_kings",
    ];
    let aggressive = Params {
        aggression: 2.0,
        deploy: -1.0,
        ..Params::default()
    };
    let (mut full, mut pruned) = (Vec::new(), Vec::new());
    let mut left_out = 0;
    for (r, spec) in specs.iter().enumerate() {
        let rules = Rules::parse(spec).unwrap();
        let mut rng = GameRng::new(100 + r as u64);
        for i in 0..GAMES {
            let mut st = <State as Game>::new(&rules, game_seed(11, i), false);
            while let Some(seat) = st.decider() {
                let kinds = st.legal_kinds_into(&mut full);
                let (pruned_kinds, decides) = st.legal_actions_pruned_into(&mut pruned);
                let kept: Vec<Action> = full
                    .iter()
                    .copied()
                    .filter(|a| !matches!(a, Action::Return(_) | Action::Split { .. }))
                    .collect();
                assert_eq!(pruned, kept, "{spec} game {i} at {}", st.pending.name());
                assert_eq!(pruned_kinds, kinds, "{spec} game {i}");
                assert_eq!(decides, full.len() > 1, "{spec} game {i}");
                left_out += full.len() - pruned.len();
                if decides {
                    let view = View::new(&st, seat);
                    for params in [Params::default(), aggressive] {
                        let seed = rng.next_u64();
                        let from_full = full[Greedy::with(seed, params).choose(&view, &full)];
                        let from_pruned = pruned[Greedy::with(seed, params).choose(&view, &pruned)];
                        assert_eq!(from_full, from_pruned, "{spec} game {i}");
                    }
                }
                st.apply_unchecked(full[rng.below(full.len())]);
            }
        }
    }
    assert!(left_out > 10_000, "only {left_out} moves left out");
}
