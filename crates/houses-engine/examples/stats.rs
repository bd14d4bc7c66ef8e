use houses_engine::houses::agents::AgentSpec;
use houses_engine::houses::game::play_batch;
use houses_engine::Rules;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let a = AgentSpec::parse(args.get(1).map(|s| s.as_str()).unwrap_or("random")).unwrap();
    let b = AgentSpec::parse(args.get(2).map(|s| s.as_str()).unwrap_or("random")).unwrap();
    let n: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(10000);
    let t = std::time::Instant::now();
    let recs = play_batch(&Rules::default(), [&a, &b], 1, 0, n, 1, false);
    let dt = t.elapsed().as_secs_f64();
    let w0 = recs.iter().filter(|r| r.winner == 0).count();
    let w1 = recs.iter().filter(|r| r.winner == 1).count();
    let life = recs.iter().filter(|r| r.reason.name() == "life").count();
    let turns: f64 = recs.iter().map(|r| r.turns as f64).sum::<f64>() / n as f64;
    let acts: f64 = recs.iter().map(|r| r.actions as f64).sum::<f64>() / n as f64;
    let dep: f64 = recs
        .iter()
        .map(|r| (r.cards_deployed[0] + r.cards_deployed[1]) as f64)
        .sum::<f64>()
        / n as f64;
    let decisions: u64 = recs
        .iter()
        .map(|r| (r.decisions[0] + r.decisions[1]) as u64)
        .sum();
    println!(
        "{:.0} decisions/s ({decisions} decisions)",
        decisions as f64 / dt
    );
    println!("{n} games {dt:.2}s {:.0}/s  P1 {w0} P2 {w1} by-life {life} turns {turns:.1} actions {acts:.1} deployed {dep:.1}", n as f64/dt);
}
