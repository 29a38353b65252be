//! The search bot's speed (issue 26): decisions per second at its default budget (256
//! rollouts a decision, greedy rollouts) on one thread and on two, over the decisions met in
//! greedy self-play (every decision asked, the settled ones too: wins, bids, a single legal
//! action), per profile. Run with `CARGO_TARGET_DIR=/tmp/bench-target cargo bench --bench
//! search`; `benches/README.md` has the figures. A plain timed loop: one decision takes
//! milliseconds, so criterion's sampling would take minutes a profile.
//!
//! Each of five rounds times, one after the other, one search on one thread, one search on
//! two threads, and the machine's own ceiling for two threads: two one-thread searches run
//! at once on two OS threads, each over its own copy of the decisions. Interleaving the
//! three keeps a neighbour's load from landing on one of them only; the best round of each
//! is reported, and the ceiling shows how much of the two-thread target the hardware leaves.

use std::time::Instant;

mod common;

use common::{positions, PROFILES};
use koudiandian::bots::search::Search;
use koudiandian::game::GameCore;

/// Targets of issue 26: one core, and two threads over one.
const DECISIONS_TARGET: f64 = 20.0;
const TWO_THREADS_TARGET: f64 = 1.8;
const ROUNDS: usize = 5;

/// Asks `search` for every decision of `set` once; returns the seconds it took.
fn pass(search: &Search, set: &mut [(GameCore, u8)]) -> f64 {
    let t = Instant::now();
    let sum: u64 = set
        .iter_mut()
        .enumerate()
        .map(|(i, (g, s))| u64::from(search.action(g, *s, i as u64)))
        .sum();
    std::hint::black_box(sum);
    t.elapsed().as_secs_f64()
}

fn main() {
    // `cargo bench` passes `--bench`; any other argument names the profiles to run.
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    println!(
        "search (default budget): decisions/s, best of {ROUNDS} interleaved rounds, over each \
         profile's decisions; ceiling = two one-thread searches at once over one"
    );
    println!(
        "{:<10}{:>10}{:>11}{:>8}{:>11}{:>8}{:>8}{:>9}",
        "profile", "decisions", "1 thread", "target", "2 threads", "ratio", "target", "ceiling"
    );
    let one_thread = Search {
        threads: 1,
        ..Search::default()
    };
    let two_threads = Search {
        threads: 2,
        ..Search::default()
    };
    for profile in PROFILES
        .iter()
        .filter(|p| only.is_empty() || only.iter().any(|o| o == *p))
    {
        let mut set = positions(profile, 3);
        set.truncate(120);
        let n = f64::from(u32::try_from(set.len()).unwrap_or(u32::MAX));
        let (mut one, mut two, mut both) = (0.0_f64, 0.0_f64, 0.0_f64);
        for _ in 0..ROUNDS {
            one = one.max(n / pass(&one_thread, &mut set));
            two = two.max(n / pass(&two_threads, &mut set));
            let mut copy = set.clone();
            let t = Instant::now();
            std::thread::scope(|s| {
                s.spawn(|| pass(&one_thread, &mut copy));
                pass(&one_thread, &mut set);
            });
            both = both.max(2.0 * n / t.elapsed().as_secs_f64());
        }
        let met = |ok: bool| if ok { "met" } else { "MISSED" };
        println!(
            "{profile:<10}{:>10}{one:>11.1}{:>8}{two:>11.1}{:>8.2}{:>8}{:>9.2}",
            set.len(),
            met(one >= DECISIONS_TARGET),
            two / one,
            met(two / one >= TWO_THREADS_TARGET),
            both / one
        );
    }
}
