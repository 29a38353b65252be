//! The built-in bots' speed (issue 26): the expert policy's decisions per second on one core,
//! over positions met in greedy self-play (each decision a clone-free call on a stored
//! position), and four experts' self-play in hands per second, per profile. Run with
//! `CARGO_TARGET_DIR=/tmp/bench-target cargo bench --bench bots`; `benches/README.md` has
//! the figures.

use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput};
mod common;

use common::{plan, positions, PROFILES};
use koudiandian::bots::expert;
use koudiandian::game::GameCore;
use koudiandian::selfplay::{play, Bot};

/// Targets of issue 26 on one core.
const DECISIONS_TARGET: f64 = 50_000.0;
const HANDS_TARGET: f64 = 1_000.0;

fn main() {
    let mut cr = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    let mut sets: Vec<(&str, Vec<(GameCore, u8)>)> =
        PROFILES.iter().map(|&p| (p, positions(p, 40))).collect();
    let mut group = cr.benchmark_group("expert_decision");
    for (profile, set) in &mut sets {
        group.throughput(Throughput::Elements(set.len() as u64));
        group.bench_function(BenchmarkId::from_parameter(*profile), |b| {
            b.iter(|| {
                set.iter_mut()
                    .map(|(g, s)| u64::from(expert::action(g, *s)))
                    .sum::<u64>()
            });
        });
    }
    group.finish();
    let mut group = cr.benchmark_group("selfplay_expert");
    let hands = 50u64;
    group.throughput(Throughput::Elements(hands));
    for profile in PROFILES {
        let p = plan(profile, Bot::Expert);
        group.bench_with_input(BenchmarkId::from_parameter(profile), &p, |b, p| {
            b.iter(|| play(p, 0, hands, 1).expect("plays"));
        });
    }
    group.finish();
    cr.final_summary();

    println!("\nexpert, one thread: decisions/s (best of 3) and four experts' hands/s");
    println!(
        "{:<10}{:>14}{:>10}{:>12}{:>10}",
        "profile", "decisions/s", "target", "hands/s", "target"
    );
    for (profile, set) in &mut sets {
        let rate = (0..3)
            .map(|_| {
                let t = Instant::now();
                let sum: u64 = set
                    .iter_mut()
                    .map(|(g, s)| u64::from(expert::action(g, *s)))
                    .sum();
                std::hint::black_box(sum);
                f64::from(u32::try_from(set.len()).unwrap_or(u32::MAX)) / t.elapsed().as_secs_f64()
            })
            .fold(0.0, f64::max);
        let p = plan(profile, Bot::Expert);
        let hands_rate = (0..3)
            .map(|_| {
                let t = Instant::now();
                play(&p, 0, 500, 1).expect("plays");
                500.0 / t.elapsed().as_secs_f64()
            })
            .fold(0.0, f64::max);
        let met = |x: f64, goal: f64| if x >= goal { "met" } else { "MISSED" };
        println!(
            "{profile:<10}{rate:>14.0}{:>10}{hands_rate:>12.0}{:>10}",
            met(rate, DECISIONS_TARGET),
            met(hands_rate, HANDS_TARGET)
        );
    }
}
