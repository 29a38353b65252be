//! Self-play inside Rust (issue 11): whole hands played by the built-in bots, random and
//! greedy, for every profile, on one thread; and two threads against one. Run with
//! `CARGO_TARGET_DIR=/tmp/bench-target cargo bench --bench selfplay`; `benches/README.md`
//! has the figures.

use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput};
mod common;

use common::{plan, PROFILES};
use koudiandian::selfplay::{play, Bot, Plan};

/// One-core targets of issue 11, hands per second (Taiyuan).
const TARGETS: [(Bot, f64); 2] = [(Bot::Random, 50_000.0), (Bot::Greedy, 20_000.0)];

/// Issue 38's target: Sichuan's self-play at least this fraction of Taiyuan's hands a second,
/// random and greedy bots alike.
const SICHUAN_RATIO: f64 = 0.5;

/// Hands per second over `hands` hands on `threads` threads (best of three).
fn rate(plan: &Plan, hands: u64, threads: usize) -> f64 {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            let played = play(plan, 0, hands, threads).expect("plays");
            assert_eq!(played.records.len() as u64, hands);
            f64::from(u32::try_from(hands).unwrap_or(u32::MAX)) / t.elapsed().as_secs_f64()
        })
        .fold(0.0, f64::max)
}

fn main() {
    let mut cr = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    for bot in [Bot::Random, Bot::Greedy] {
        let mut group = cr.benchmark_group(format!("selfplay_{}", bot.name()));
        let hands = 200u64;
        group.throughput(Throughput::Elements(hands));
        for profile in PROFILES {
            let p = plan(profile, bot);
            group.bench_with_input(BenchmarkId::from_parameter(profile), &p, |b, p| {
                b.iter(|| play(p, 0, hands, 1).expect("plays"));
            });
        }
        group.finish();
    }
    cr.final_summary();

    println!(
        "\nhands/s, one thread (best of 3 runs of 4,000 hands); two threads vs one; against \
         Taiyuan in the same run"
    );
    println!(
        "{:<10}{:<8}{:>12}{:>10}{:>11}{:>16}",
        "profile", "bots", "hands/s", "2 thr", "×taiyuan", "target"
    );
    let mut taiyuan = [0.0; 2];
    for profile in PROFILES {
        for (i, (bot, target)) in TARGETS.into_iter().enumerate() {
            let p = plan(profile, bot);
            let one = rate(&p, 4_000, 1);
            let two = rate(&p, 8_000, 2);
            if profile == "taiyuan" {
                taiyuan[i] = one;
            }
            let against = one / taiyuan[i];
            let met = |ok: bool| if ok { "met" } else { "MISSED" };
            let goal = match profile {
                "taiyuan" => format!("{target:.0} {}", met(one >= target)),
                // Issue 38: a Sichuan hand plays on after wins, at half Taiyuan's rate at least.
                "sichuan" => format!("0.5× {}", met(against >= SICHUAN_RATIO)),
                _ => String::new(),
            };
            println!(
                "{profile:<10}{:<8}{one:>12.0}{:>9.2}×{against:>10.2}×{goal:>16}",
                bot.name(),
                two / one
            );
        }
    }
}
