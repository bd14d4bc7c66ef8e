//! Criterion benchmarks of the two speed targets of issue #13 (`cargo bench -p houses-engine`):
//! random play-outs (games per second on one core) and search decisions at 1,000 simulations.
//! `sim bench` measures the same through the Python API; figures are in benchmarks/README.md.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use houses_engine::houses::agents::AgentSpec;
use houses_engine::houses::game::play_batch;
use houses_engine::houses::view::View;
use houses_engine::{Rules, State};

fn random_games(c: &mut Criterion) {
    let rules = Rules::default();
    let mut g = c.benchmark_group("random_playout");
    g.throughput(Throughput::Elements(1_000));
    g.bench_function("1000 games, random v random", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            play_batch(
                &rules,
                [&AgentSpec::Random, &AgentSpec::Random],
                seed,
                0,
                1_000,
                1,
                false,
            )
        })
    });
    g.finish();
}

fn search_decisions(c: &mut Criterion) {
    // Positions from greedy games, a few moves in; one decision of the default search each.
    let mut positions = Vec::new();
    for seed in 0..40u64 {
        let mut st = State::new_game(Rules::default(), seed);
        let mut greedy = [AgentSpec::Greedy.make(1), AgentSpec::Greedy.make(2)];
        for _ in 0..(seed as usize * 5 % 30) {
            let Some(seat) = st.pending.decider().filter(|_| !st.is_over()) else {
                break;
            };
            let legal = st.legal_actions();
            let i = greedy[seat].choose(&View::new(&st, seat), &legal);
            st.apply_unchecked(legal[i]);
        }
        if !st.is_over() && st.legal_actions().len() > 1 {
            positions.push(st);
        }
    }
    let search = AgentSpec::parse("search").unwrap();
    let mut g = c.benchmark_group("search_decision");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.sample_size(10);
    g.bench_function("1,000 simulations", |b| {
        let mut agent = search.make(7);
        b.iter(|| {
            for st in &positions {
                let seat = st.pending.decider().unwrap();
                let legal = st.legal_actions();
                agent.choose(&View::new(st, seat), &legal);
            }
        })
    });
    g.finish();
}

criterion_group!(benches, random_games, search_decisions);
criterion_main!(benches);
