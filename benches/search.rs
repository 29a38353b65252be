//! The search bot's speed (issue 26): decisions per second at its default budget (256
//! rollouts a decision, greedy rollouts) on one thread and on two, over the decisions met in
//! greedy self-play (every decision asked, the settled ones too: wins, bids, a single legal
//! action), per profile. Run with `CARGO_TARGET_DIR=/tmp/bench-target cargo bench --bench
//! search`; `benches/README.md` has the figures. A plain timed loop, best of three: one
//! decision takes milliseconds, so criterion's sampling would take minutes a profile.

use std::time::Instant;

mod common;

use common::{positions, PROFILES};
use koudiandian::bots::search::Search;

/// Targets of issue 26: one core, and two threads over one.
const DECISIONS_TARGET: f64 = 20.0;
const TWO_THREADS_TARGET: f64 = 1.8;

fn main() {
    // `cargo bench` passes `--bench`; any other argument names the profiles to run.
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    println!("search (default budget): decisions/s, best of 3, over each profile's decisions");
    println!(
        "{:<10}{:>10}{:>14}{:>14}{:>10}{:>12}{:>10}",
        "profile", "decisions", "1 thread", "target", "2 threads", "ratio", "target"
    );
    for profile in PROFILES
        .iter()
        .filter(|p| only.is_empty() || only.iter().any(|o| o == *p))
    {
        let mut set = positions(profile, 3);
        set.truncate(120);
        let rate = |threads: u8, set: &mut Vec<(koudiandian::game::GameCore, u8)>| {
            let search = Search {
                threads,
                ..Search::default()
            };
            (0..3)
                .map(|_| {
                    let t = Instant::now();
                    let sum: u64 = set
                        .iter_mut()
                        .enumerate()
                        .map(|(i, (g, s))| u64::from(search.action(g, *s, i as u64)))
                        .sum();
                    std::hint::black_box(sum);
                    f64::from(u32::try_from(set.len()).unwrap_or(u32::MAX))
                        / t.elapsed().as_secs_f64()
                })
                .fold(0.0, f64::max)
        };
        let one = rate(1, &mut set);
        let two = rate(2, &mut set);
        let met = |ok: bool| if ok { "met" } else { "MISSED" };
        println!(
            "{profile:<10}{:>10}{one:>14.1}{:>14}{two:>10.1}{:>12.2}{:>10}",
            set.len(),
            met(one >= DECISIONS_TARGET),
            two / one,
            met(two / one >= TWO_THREADS_TARGET)
        );
    }
}
