use houses_engine::houses::agents::AgentSpec;
use houses_engine::houses::game::play_game;
use houses_engine::Rules;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let a = AgentSpec::parse(args.get(2).map(|s| s.as_str()).unwrap_or("greedy")).unwrap();
    let r = play_game(&Rules::default(), [&a, &a], seed, true);
    for l in r.log.unwrap() {
        println!("{l}");
    }
}
