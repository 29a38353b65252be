//! `VecEnv` self-play in pure Rust (no Python): B = 1024 tables, random legal actions drawn
//! from the masks in Rust, every table's observation and mask written each step; one
//! thread, then two. Beside it, the same random play through `GameCore` alone (no
//! encoding, no masks), to show what the engine itself costs.
//!
//! ```text
//! CARGO_TARGET_DIR=/tmp/bench-target cargo bench --bench rl
//! ```
//!
//! Prints steps (table decisions) per second, wall and CPU time (user + sys of the
//! process, from /proc/self/stat). Then issue 26's measure of two threads against one:
//! Taiyuan, the first legal action of every table (no random draws between steps), one and
//! two threads taking turns, best of five each, beside the machine's ceiling: two one-thread
//! envs at once on two OS threads (nothing shared), their timed steps started together,
//! their rates added.

#![allow(clippy::cast_precision_loss)]

use std::sync::Barrier;
use std::time::Instant;

use koudiandian::game::GameCore;
use koudiandian::profiles::Rules;
use koudiandian::rl::encode::SIZE;
use koudiandian::rl::{ActionSpace, Opponents, Out, VecEnv, N_ACTIONS};
use koudiandian::rng::Rng;

const B: usize = 1024;
const STEPS: usize = 400;

/// CPU seconds (user + sys) of this process so far.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit(')').next().unwrap_or("");
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0 // utime, stime (fields 14, 15), at 100 ticks/s
}

/// How the actions are chosen from the masks between steps.
#[derive(Clone, Copy)]
enum Policy {
    /// Uniform over the legal actions.
    Random,
    /// The lowest legal action number.
    FirstLegal,
}

/// `VecEnv` steps/s and CPU/wall over [`STEPS`] timed steps of `B` tables on `threads`
/// threads; `start`, if given, is waited at just before the timed steps (so that two runs
/// at once time the same window).
fn vecenv(threads: usize, rules: Rules, policy: Policy, start: Option<&Barrier>) -> (f64, f64) {
    let mut env =
        VecEnv::new(B, rules, 1, Opponents::SelfPlay, threads, ActionSpace::V1).expect("env");
    let mut obs = vec![0u8; B * SIZE];
    let mut mask = vec![false; B * N_ACTIONS];
    let mut reward = vec![0f32; B * env.reward_width()];
    let (mut term, mut trunc, mut seat) = (vec![false; B], vec![false; B], vec![0i64; B]);
    let (mut final_obs, mut learner) = (vec![0u8; B * SIZE], vec![0i64; B]);
    macro_rules! out {
        () => {
            Out {
                obs: &mut obs,
                mask: &mut mask,
                reward: &mut reward,
                terminated: &mut term,
                truncated: &mut trunc,
                seat: &mut seat,
                final_obs: &mut final_obs,
                learner: &mut learner,
            }
        };
    }
    env.reset(1, out!()).expect("reset");
    let mut rng = Rng::new(2);
    let mut actions = vec![0i64; B];
    let mut pick = |mask: &[bool], actions: &mut [i64]| {
        for (i, a) in actions.iter_mut().enumerate() {
            let row = &mask[i * N_ACTIONS..(i + 1) * N_ACTIONS];
            if let Policy::FirstLegal = policy {
                *a = row.iter().position(|&m| m).unwrap_or(0) as i64;
                continue;
            }
            let n = row.iter().filter(|&&m| m).count() as u64;
            let k = rng.below(n.max(1)) as usize;
            *a = row
                .iter()
                .enumerate()
                .filter(|(_, &m)| m)
                .nth(k)
                .map_or(0, |(j, _)| j as i64);
        }
    };
    for _ in 0..20 {
        pick(&mask, &mut actions);
        env.step(&actions, out!()).expect("legal");
    }
    if let Some(b) = start {
        b.wait();
    }
    let (mut stepping, mut cpu) = (0.0, 0.0);
    for _ in 0..STEPS {
        pick(&mask, &mut actions);
        let (t, c) = (Instant::now(), cpu_seconds());
        env.step(&actions, out!()).expect("legal");
        stepping += t.elapsed().as_secs_f64();
        cpu += cpu_seconds() - c;
    }
    ((STEPS * B) as f64 / stepping, cpu / stepping)
}

fn engine_only(rules: Rules) -> f64 {
    let mut rng = Rng::new(3);
    let mut games: Vec<GameCore> = (0..B as u64)
        .map(|i| GameCore::seeded(rules, 0, i, [0; 4]).expect("deal"))
        .collect();
    let mut next = B as u64;
    let t = Instant::now();
    for _ in 0..STEPS {
        for g in &mut games {
            let seat = g.to_act()[0];
            let legal = g.legal_actions(seat).expect("seat");
            g.step(seat, legal[rng.below(legal.len() as u64) as usize])
                .expect("legal");
            if g.to_act().is_empty() {
                *g = GameCore::seeded(rules, 0, next, [0; 4]).expect("deal");
                next += 1;
            }
        }
    }
    (STEPS * B) as f64 / t.elapsed().as_secs_f64()
}

fn main() {
    for name in ["taiyuan", "queyimen", "hebei", "changsha"] {
        let rules = Rules::preset(name).expect("preset");
        let (one, one_cpu) = vecenv(1, rules, Policy::Random, None);
        let (two, two_cpu) = vecenv(2, rules, Policy::Random, None);
        let engine = engine_only(rules);
        println!(
            "{name:9} VecEnv B={B}: 1 thread {one:>11.0} steps/s (CPU/wall {one_cpu:.2}); \
             2 threads {two:>11.0} steps/s (CPU/wall {two_cpu:.2}), {:.2}x; \
             engine alone (GameCore random play, 1 thread) {engine:>11.0} steps/s",
            two / one
        );
    }
    let rules = Rules::preset("taiyuan").expect("preset");
    let (mut one, mut two, mut both) = ((0.0, 0.0), (0.0, 0.0), 0.0_f64);
    for _ in 0..5 {
        let a = vecenv(1, rules, Policy::FirstLegal, None);
        let b = vecenv(2, rules, Policy::FirstLegal, None);
        one = if a.0 > one.0 { a } else { one };
        two = if b.0 > two.0 { b } else { two };
        // The machine's ceiling: two one-thread envs at once, each on its own OS thread,
        // their timed steps started together.
        let both_start = Barrier::new(2);
        let (c, d) = std::thread::scope(|s| {
            let other = s.spawn(|| vecenv(1, rules, Policy::FirstLegal, Some(&both_start)));
            let mine = vecenv(1, rules, Policy::FirstLegal, Some(&both_start));
            (mine, other.join().expect("no panic"))
        });
        both = both.max(c.0 + d.0);
    }
    println!(
        "taiyuan   VecEnv B={B}, first legal action, best of 5: 1 thread {:>11.0} steps/s \
         (CPU/wall {:.2}); 2 threads {:>11.0} steps/s (CPU/wall {:.2}), {:.2}x (target 1.8x); \
         ceiling (two 1-thread envs at once) {:.2}x",
        one.0,
        one.1,
        two.0,
        two.1,
        two.0 / one.0,
        both / one.0
    );
}
