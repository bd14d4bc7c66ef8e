//! Conformance: random and greedy games of every game, under every preset and every sample
//! value of every rule option, generated from each game's option registry (a new option or value
//! is covered without editing this file). `core::testing::check_game` checks each game: the
//! invariants and unique legal moves after every move, and a replay that reproduces it.

use houses_engine::battle_cards::{BcAgentSpec, BcState};
use houses_engine::core::game_seed;
use houses_engine::core::testing::check_game;
use houses_engine::core::{AgentFactory, Game, GameRules};
use houses_engine::house_of_suits::{HsAgentSpec, HsMatch};
use houses_engine::houses::agents::AgentSpec;
use houses_engine::State;

/// Games per (rule set, agent pair): small, since the combinations are many.
const GAMES: u64 = 20;

/// Every rule set to play: each preset (or the defaults), alone and with each sample value of
/// each option.
fn rule_sets<R: GameRules>() -> Vec<String> {
    let mut bases: Vec<String> = R::presets().iter().map(|p| format!("preset={p}")).collect();
    if bases.is_empty() {
        bases.push(String::new());
    }
    let mut sets = Vec::new();
    for base in &bases {
        sets.push(base.clone());
        for o in R::options() {
            assert!(
                !o.samples.is_empty(),
                "option {} has no sample values",
                o.name
            );
            for v in o.samples {
                // Houses' split_houses only matters with a suit-split deck.
                let extra = if o.kind == "houses" {
                    ",deck=suit_split"
                } else {
                    ""
                };
                let sep = if base.is_empty() { "" } else { "," };
                sets.push(format!("{base}{sep}{}={v}{extra}", o.name));
            }
        }
    }
    sets
}

/// A rule set a game refuses for a stated reason: options written for two players, asked of a
/// larger table (Houses-Skirmish's `Rules::check`). Any other refusal fails the test.
fn refused_for_two_players(spec: &str, e: &str) -> bool {
    spec.contains("players=") && e.contains("use players=2")
}

fn conform<G: Game>(random: &dyn AgentFactory<G>, greedy: &dyn AgentFactory<G>) -> u64 {
    conform_sets(&rule_sets::<G::Rules>(), random, greedy, GAMES)
}

fn conform_sets<G: Game>(
    sets: &[String],
    random: &dyn AgentFactory<G>,
    greedy: &dyn AgentFactory<G>,
    games: u64,
) -> u64 {
    let mut played = 0;
    for (k, spec) in sets.iter().enumerate() {
        let rules = match G::Rules::parse(spec) {
            Ok(r) => r,
            Err(e) if refused_for_two_players(spec, &e) => continue,
            Err(e) => panic!("{} {spec}: {e}", G::NAME),
        };
        for (name, agents) in [
            ("random", [random, random]),
            ("greedy", [greedy, greedy]),
            ("random-greedy", [random, greedy]),
        ] {
            for i in 0..games {
                let seed = game_seed(900 + k as u64, i);
                check_game::<G>(&rules, agents, seed)
                    .unwrap_or_else(|e| panic!("{}({spec}) {name} seed {seed}: {e}", G::NAME));
                played += 1;
            }
        }
    }
    played
}

#[test]
fn houses_skirmish_every_preset_and_option_value() {
    let n = conform::<State>(&AgentSpec::Random, &AgentSpec::Greedy);
    assert!(n > 3_000, "only {n} games");
}

/// Three and four players, each with every sample value of every other option (the
/// multiplayer readings M1-M9 meet every rule variant).
#[test]
fn houses_skirmish_three_and_four_players_with_every_option_value() {
    let mut sets = Vec::new();
    for n in [3, 4] {
        for set in rule_sets::<houses_engine::Rules>() {
            if !set.contains("players=") {
                sets.push(format!("{set},players={n}"));
            }
        }
    }
    let n = conform_sets::<State>(&sets, &AgentSpec::Random, &AgentSpec::Greedy, 8);
    assert!(n > 2_000, "only {n} games");
}

#[test]
fn battle_cards_every_option_value() {
    let n = conform::<BcState>(&BcAgentSpec::Random, &BcAgentSpec::Greedy);
    assert!(n > 500, "only {n} games");
}

#[test]
fn house_of_suits_every_option_value() {
    let n = conform::<HsMatch>(&HsAgentSpec::Random, &HsAgentSpec::Greedy);
    assert!(n > 200, "only {n} games");
}
