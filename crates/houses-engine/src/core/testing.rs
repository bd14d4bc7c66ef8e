//! The conformance check every game passes (after OpenSpiel's random-simulation test): play a
//! game with the given agents and check, after every move, the invariants, that the legal
//! moves are unique and that their kinds of decision are reported right; then replay the moves on a fresh deal, each one checked against the legal
//! moves, and require the same record. And the checks that the search player cannot peek, and
//! that each of its decisions draws from its own stream, run together by `check_search`: every
//! game's tests call it in one line rather than copy the loops.

use super::game::{decision_kinds, AgentFactory, Game, Seat, MAX_SEATS};
use super::options::GameRules;
use super::play::MAX_ACTIONS;
use super::rng::{derive_seed, GameRng, STREAM_AGENT};
use super::search::{Mcts, SearchParams, Searchable};

/// Play one game from `seed` and check it; the error says what broke, and where.
pub fn check_game<G: Game>(
    rules: &G::Rules,
    agents: [&dyn AgentFactory<G>; 2],
    seed: u64,
) -> Result<G::Record, String> {
    check_game_with(rules, agents, seed, |_| Ok(()))
}

/// `check_game`, with a check of the caller's own after every move (for example that life
/// never goes up); returns the game's record.
pub fn check_game_with<G: Game>(
    rules: &G::Rules,
    agents: [&dyn AgentFactory<G>; 2],
    seed: u64,
    mut after_move: impl FnMut(&G) -> Result<(), String>,
) -> Result<G::Record, String> {
    // A in the first seat, B in every other (as `play_batch` seats them in even games).
    let mut players: Vec<_> = (0..G::seats(rules))
        .map(|s| agents[s.min(1)].make(derive_seed(seed, 0, STREAM_AGENT[s])))
        .collect();
    let mut game = G::new(rules, seed, false);
    game.check_invariants()
        .map_err(|e| format!("after the deal: {e}"))?;
    let mut legal = Vec::new();
    let mut moves = Vec::new();
    while let Some(seat) = game.decider() {
        if game.actions_taken() >= MAX_ACTIONS {
            return Err(format!("no end after {MAX_ACTIONS} moves"));
        }
        let kinds = game.legal_kinds_into(&mut legal);
        if legal.is_empty() {
            return Err(format!("no legal move after {} moves", moves.len()));
        }
        if kinds != decision_kinds::<G>(&legal) {
            return Err(format!(
                "after {} moves: decision kinds {kinds:#x}, but the moves are of {:#x}",
                moves.len(),
                decision_kinds::<G>(&legal)
            ));
        }
        let mut names: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
        names.sort();
        if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
            return Err(format!("move '{}' is listed twice", w[0]));
        }
        let i = if legal.len() == 1 {
            0
        } else {
            players[seat].choose(&game, seat, &legal)
        };
        game.apply_unchecked(legal[i]);
        moves.push(legal[i]);
        game.check_invariants()
            .and_then(|()| after_move(&game))
            .map_err(|e| format!("after move {} ('{}'): {e}", moves.len(), legal[i]))?;
    }
    let mut again = G::new(rules, seed, false);
    for (k, &m) in moves.iter().enumerate() {
        again.legal_into(&mut legal);
        if !legal.contains(&m) {
            return Err(format!("replay: move {} ('{m}') is not legal", k + 1));
        }
        again.apply_unchecked(m);
    }
    if again.decider().is_some() {
        return Err("replay: the game is not over".into());
    }
    let (a, b) = (
        game.record(seed, [0; MAX_SEATS]),
        again.record(seed, [0; MAX_SEATS]),
    );
    if a != b {
        return Err(format!("replay: the record differs: {a:?} vs {b:?}"));
    }
    Ok(a)
}

/// One of `check_search`'s checks over a game: the rule sets it plays (as rule strings), seeds
/// `100 * k` onwards for the `k`-th of them, the most decisions it checks in one game, and the
/// fewest it must check in all (so that a game which rarely offers a choice cannot pass by
/// checking nothing).
#[derive(Clone, Copy, Debug)]
pub struct SearchSweep<'a> {
    pub rules: &'a [&'a str],
    pub seeds: u64,
    pub decisions: usize,
    pub at_least: usize,
}

impl<'a> SearchSweep<'a> {
    /// `rules`, `seeds` of each, at most `decisions` a game, at least `at_least` in all.
    pub fn new(rules: &'a [&'a str], seeds: u64, decisions: usize, at_least: usize) -> Self {
        SearchSweep {
            rules,
            seeds,
            decisions,
            at_least,
        }
    }
}

/// The search checks every game's tests run, in one call: `check_search_hides` (with the game's
/// own `lookalike`) over `hides`, then `check_search_in_step` over `in_step`. Both search with
/// four worlds and a one-turn play-out (60 simulations a decision to hide, 40 to keep in step),
/// at the exploration constant `c` that suits the game's evaluation. The error names the check,
/// the rule set and the seed.
pub fn check_search<G: Searchable>(
    c: f64,
    hides: SearchSweep,
    in_step: SearchSweep,
    lookalike: impl Fn(&G, Seat, &mut GameRng) -> Option<G>,
) -> Result<(), String> {
    let params = |iterations| SearchParams {
        iterations,
        worlds: 4,
        c,
        rollout: 1,
        eval: 0,
        halving: 0,
        expand: 0,
        reuse: 0,
    };
    sweep::<G::Rules>("hides", hides, |rules, seed| {
        check_search_hides::<G>(rules, seed, params(60), hides.decisions, &lookalike)
    })?;
    sweep::<G::Rules>("in step", in_step, |rules, seed| {
        check_search_in_step::<G>(rules, seed, params(40), in_step.decisions)
    })
}

/// Run `check` over a sweep's rule sets and seeds; `what` names the check in the error.
fn sweep<R: GameRules>(
    what: &str,
    s: SearchSweep,
    check: impl Fn(&R, u64) -> Result<usize, String>,
) -> Result<(), String> {
    let mut checked = 0;
    for (k, spec) in s.rules.iter().enumerate() {
        let rules = R::parse(spec).map_err(|e| format!("{what}: rules '{spec}': {e}"))?;
        for seed in 0..s.seeds {
            checked += check(&rules, 100 * k as u64 + seed)
                .map_err(|e| format!("{what}: rules {k} ('{spec}') seed {seed}: {e}"))?;
        }
    }
    if checked < s.at_least {
        return Err(format!(
            "{what}: only {checked} decisions checked (at least {} wanted)",
            s.at_least
        ));
    }
    Ok(())
}

/// The search must not peek. At every decision of a game played at random from `seed`, make a
/// look-alike with `lookalike` (the game's own test code, independent of `determinize`: the
/// real game with cards the decider has not seen swapped, `None` when nothing is hidden), and
/// require that everything the search does depends only on what the decider knows: worlds
/// sampled from the real game and from the look-alike with the same random stream play out
/// identically (same deciders and legal moves under the same random choices), and a search
/// player with the same seed chooses the same move in both. Checks at most `decisions`
/// decisions; returns how many it checked.
pub fn check_search_hides<G: Searchable>(
    rules: &G::Rules,
    seed: u64,
    params: SearchParams,
    decisions: usize,
    lookalike: impl Fn(&G, Seat, &mut GameRng) -> Option<G>,
) -> Result<usize, String> {
    let mut game = G::new(rules, seed, false);
    let mut rng = GameRng::new(seed);
    let mut legal = Vec::new();
    let mut checked = 0;
    while let Some(seat) = game.decider() {
        game.legal_into(&mut legal);
        let alike = (legal.len() > 1 && checked < decisions)
            .then(|| lookalike(&game, seat, &mut rng))
            .flatten();
        if let Some(lookalike) = alike {
            checked += 1;
            let stream = rng.next_u64();
            let (mut a, mut b) = (
                game.determinize(seat, &mut GameRng::new(stream)),
                lookalike.determinize(seat, &mut GameRng::new(stream)),
            );
            let mut moves = GameRng::new(stream ^ 1);
            let (mut la, mut lb) = (Vec::new(), Vec::new());
            for step in 0..MAX_ACTIONS {
                if a.decider() != b.decider() {
                    return Err(format!(
                        "decision {checked}: sampled worlds differ at step {step}: decider {:?} vs {:?}",
                        a.decider(),
                        b.decider()
                    ));
                }
                if a.decider().is_none() {
                    break;
                }
                a.legal_into(&mut la);
                b.legal_into(&mut lb);
                if la != lb {
                    return Err(format!(
                        "decision {checked}: sampled worlds differ at step {step}: moves {} vs {}",
                        names(&la),
                        names(&lb)
                    ));
                }
                let i = moves.below(la.len());
                a.apply_unchecked(la[i]);
                b.apply_unchecked(lb[i]);
            }
            let choose = |g: &G| Mcts::<G>::new(stream, params).choose(g, seat, &legal);
            let (ca, cb) = (choose(&game), choose(&lookalike));
            if ca != cb {
                return Err(format!(
                    "decision {checked}: the search chose '{}' in the real game but '{}' in a world its player cannot tell apart",
                    legal[ca], legal[cb]
                ));
            }
        }
        let i = rng.below(legal.len());
        game.apply_unchecked(legal[i]);
    }
    Ok(checked)
}

/// Play a game from `seed` with random moves and require that a search's decision depends on
/// its seed and decision index alone, not on how many random numbers its earlier decisions
/// drew (`core::rng::DecisionStreams`): two search players with the same seed make their first
/// decision at two different positions (so they draw different amounts), then decide at the same
/// positions, where their trees (the root's visits) and streams must agree. Checks at most
/// `decisions` of those; returns how many it checked.
pub fn check_search_in_step<G: Searchable>(
    rules: &G::Rules,
    seed: u64,
    params: SearchParams,
    decisions: usize,
) -> Result<usize, String> {
    let mut game = G::new(rules, seed, false);
    let mut rng = GameRng::new(seed);
    let mut legal = Vec::new();
    let mut positions = Vec::new();
    while let Some(seat) = game.decider() {
        game.legal_into(&mut legal);
        if legal.len() > 1 {
            positions.push((game.clone(), seat, legal.clone()));
        }
        let i = rng.below(legal.len());
        game.apply_unchecked(legal[i]);
    }
    if positions.len() < 3 {
        return Ok(0);
    }
    let (mut a, mut b) = (
        Mcts::<G>::new(seed ^ 7, params),
        Mcts::<G>::new(seed ^ 7, params),
    );
    let (ga, sa, la) = &positions[0];
    a.choose(ga, *sa, la);
    let (gb, sb, lb) = &positions[1];
    b.choose(gb, *sb, lb);
    if a.last_decision(*sa, la).1 == b.last_decision(*sb, lb).1 {
        return Err("two different first decisions left their streams alike".into());
    }
    let mut checked = 0;
    for (k, (g, seat, legal)) in positions[2..].iter().take(decisions).enumerate() {
        let (ca, cb) = (a.choose(g, *seat, legal), b.choose(g, *seat, legal));
        let (ta, tb) = (a.last_decision(*seat, legal), b.last_decision(*seat, legal));
        if ca != cb || ta != tb {
            return Err(format!(
                "decision {}: the same position after different earlier decisions was searched \
                 differently (chose '{}' and '{}'; root visits {:?} and {:?})",
                k + 1,
                legal[ca],
                legal[cb],
                ta.0,
                tb.0
            ));
        }
        checked += 1;
    }
    Ok(checked)
}

fn names<A: std::fmt::Display>(moves: &[A]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
