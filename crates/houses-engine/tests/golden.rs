//! Golden fingerprints: a digest of the records of seeded games for each game, rule set and
//! built-in agent pair, plus a few readable game logs (`tests/golden/`). A refactor must leave
//! them unchanged. A change of behaviour (a rules fix, a stronger agent) bumps the version and
//! regenerates them with `make golden` (`HOUSES_GOLDEN=write`), so the diff shows what moved.

use std::fmt::Write as _;
use std::path::PathBuf;

use houses_engine::battle_cards::{BcAgentSpec, BcRecord, BcRules, BcState};
use houses_engine::core;
use houses_engine::core::game_seed;
use houses_engine::house_of_suits::{HsAgentSpec, HsMatch, HsRecord, HsRules};
use houses_engine::houses::agents::AgentSpec;
use houses_engine::houses::game::{play_batch, play_game, GameRecord};
use houses_engine::Rules;
use sha2::{Digest, Sha256};

/// Every batch starts from this seed; odd games swap seats, as experiments do.
const SEED: u64 = 2025;
/// Games per agent pair without search (a few thousand); the search pair plays fewer.
const GAMES: u64 = 2_000;
const SEARCH_GAMES: u64 = 12;
const SEARCH: &str = "search(iterations=60,worlds=2)";
/// The expert's kind of search: sequential halving at the root, turns finished, evaluation 3.
const SEARCH_HALVING: &str = "search(iterations=60,worlds=4,rollout=1,eval=3,halving=1)";
/// The same, each node's first move below the root the heuristic player's (`expand=1`).
const SEARCH_EXPAND: &str = "search(iterations=60,worlds=4,rollout=1,eval=3,halving=1,expand=1)";

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn writing() -> bool {
    std::env::var("HOUSES_GOLDEN").is_ok_and(|v| v == "write")
}

fn sha(lines: impl IntoIterator<Item = String>) -> String {
    let mut h = Sha256::new();
    for l in lines {
        h.update(l.as_bytes());
        h.update(b"\n");
    }
    h.finalize()
        .iter()
        .take(12)
        .fold(String::new(), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

/// One line per record, every field written out by name, so that the digest depends on the
/// values alone (not on how a struct is laid out or printed).
fn houses_line(r: &GameRecord) -> String {
    // Per-seat fields for the seats at the table only (two-player lines kept their form).
    let n = r.players as usize;
    let out = if n > 2 {
        format!(" players={n} out_round={:?}", &r.out_round[..n])
    } else {
        String::new()
    };
    let line = format!(
        "seed={} winner={} end={} turns={} rounds={} life={:?} first={} deployed_n={:?} \
         kings={:x},{:x} deployed={:x},{:x} drawn={:x},{:x} actions={} king_round={:?} \
         low_hand={} lead_changes={} decisions={:?}",
        r.seed,
        r.winner,
        r.reason.name(),
        r.turns,
        r.rounds,
        &r.life[..n],
        r.first_player,
        &r.cards_deployed[..n],
        r.kings[0].0,
        r.kings[1].0,
        r.deployed[0].0,
        r.deployed[1].0,
        r.drawn[0].0,
        r.drawn[1].0,
        r.actions,
        &r.king_round[..n],
        r.low_hand_turns,
        r.lead_changes,
        &r.decisions[..n]
    );
    line + &out
}

fn bc_line(r: &BcRecord) -> String {
    format!(
        "seed={} winner={} end={} turns={} life={:?} actions={} rolls={} decisions={:?}",
        r.seed,
        r.winner,
        r.end.name(),
        r.turns,
        r.life,
        r.actions,
        r.rolls,
        r.decisions
    )
}

fn hs_line(r: &HsRecord) -> String {
    format!(
        "seed={} winner={} scores={:?} games={} turns={} decisions={:?}",
        r.seed, r.winner, r.scores, r.games, r.turns, r.decisions
    )
}

/// `game rules agents games digest`, one line per batch.
fn fingerprints() -> Vec<String> {
    let mut out = Vec::new();
    let houses_rules = [
        ("spring25", "preset=spring25"),
        ("summer20_kings", "preset=summer20_kings"),
        ("jokers", "jokers=true"),
        ("suit_split", "deck=suit_split,split_houses=S-H"),
        ("four_players", "players=4"),
    ];
    for (name, spec) in houses_rules {
        let rules = Rules::parse(spec).unwrap();
        for (a, b, n) in [
            ("random", "random", GAMES),
            ("greedy", "greedy", GAMES),
            ("random", "greedy", GAMES),
            (SEARCH, "greedy", SEARCH_GAMES),
            (SEARCH_HALVING, "greedy", SEARCH_GAMES),
            (SEARCH_EXPAND, "greedy", SEARCH_GAMES),
        ] {
            let specs = [AgentSpec::parse(a).unwrap(), AgentSpec::parse(b).unwrap()];
            let records = play_batch(&rules, [&specs[0], &specs[1]], SEED, 0, n, 2, true);
            let digest = sha(records.iter().map(houses_line));
            out.push(format!("houses {name} {a}-{b} {n} {digest}"));
        }
    }
    for (name, spec) in [("default", "")] {
        let rules = BcRules::parse(spec).unwrap();
        for (a, b) in [
            ("random", "random"),
            ("greedy", "greedy"),
            ("random", "greedy"),
        ] {
            let specs = [
                BcAgentSpec::parse(a).unwrap(),
                BcAgentSpec::parse(b).unwrap(),
            ];
            let records = core::play_batch::<BcState>(
                &rules,
                [&specs[0], &specs[1]],
                SEED,
                0,
                GAMES,
                2,
                true,
            );
            let digest = sha(records.iter().map(bc_line));
            out.push(format!("battle_cards {name} {a}-{b} {GAMES} {digest}"));
        }
    }
    for (name, spec) in [("default", ""), ("mixed", "match=mixed")] {
        let rules = HsRules::parse(spec).unwrap();
        for (a, b) in [
            ("random", "random"),
            ("greedy", "greedy"),
            ("random", "greedy"),
        ] {
            let specs = [
                HsAgentSpec::parse(a).unwrap(),
                HsAgentSpec::parse(b).unwrap(),
            ];
            let n = GAMES / 4; // a record is a whole match of several games
            let records =
                core::play_batch::<HsMatch>(&rules, [&specs[0], &specs[1]], SEED, 0, n, 2, true);
            let digest = sha(records.iter().map(hs_line));
            out.push(format!("house_of_suits {name} {a}-{b} {n} {digest}"));
        }
    }
    out
}

/// A few short games to read: (file name, log).
fn golden_games() -> Vec<(&'static str, String)> {
    let greedy = AgentSpec::Greedy;
    let houses = |spec: &str, i: u64| {
        let rules = Rules::parse(spec).unwrap();
        play_game(&rules, [&greedy, &greedy], game_seed(SEED, i), true)
            .log
            .unwrap()
            .join("\n")
    };
    let bc = core::play_game::<BcState>(
        &BcRules::default(),
        &[&BcAgentSpec::Greedy, &BcAgentSpec::Greedy],
        game_seed(SEED, 0),
        true,
    );
    let hs = core::play_game::<HsMatch>(
        &HsRules::default(),
        &[&HsAgentSpec::Greedy, &HsAgentSpec::Greedy],
        game_seed(SEED, 0),
        true,
    );
    vec![
        ("houses_spring25_greedy.log", houses("", 0)),
        (
            "houses_summer20_kings_greedy.log",
            houses("preset=summer20_kings", 1),
        ),
        ("battle_cards_greedy.log", bc.log.unwrap().join("\n")),
        ("house_of_suits_greedy.log", hs.log.unwrap().join("\n")),
    ]
}

const CHANGED: &str =
    "behaviour changed: bump the version and regenerate with `make golden` (then read the diff)";

#[test]
fn fingerprints_are_unchanged() {
    let path = golden_dir().join("fingerprints.txt");
    let now = fingerprints();
    if writing() {
        std::fs::create_dir_all(golden_dir()).unwrap();
        let header =
            "# game rules agents games sha256 (first 12 bytes): written by `make golden`\n";
        std::fs::write(&path, header.to_string() + &now.join("\n") + "\n").unwrap();
        return;
    }
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run `make golden`", path.display()));
    let kept: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let differ: Vec<String> = now
        .iter()
        .filter(|l| !kept.contains(&l.as_str()))
        .cloned()
        .collect();
    assert!(
        differ.is_empty() && kept.len() == now.len(),
        "{CHANGED}. Batches whose records differ:\n{}",
        differ.join("\n")
    );
}

#[test]
fn golden_games_are_unchanged() {
    for (name, log) in golden_games() {
        let path = golden_dir().join(name);
        if writing() {
            std::fs::create_dir_all(golden_dir()).unwrap();
            std::fs::write(&path, log + "\n").unwrap();
            continue;
        }
        let kept = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e}; run `make golden`", path.display()));
        if kept.trim_end() != log.trim_end() {
            let first = kept
                .lines()
                .zip(log.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(kept.lines().count().min(log.lines().count()));
            panic!(
                "{CHANGED}. {name} differs from line {}: kept {:?}, now {:?}",
                first + 1,
                kept.lines().nth(first),
                log.lines().nth(first)
            );
        }
    }
}
