//! Fixed workloads for callgrind instruction counts (`benches/instructions.sh` runs them).
//!
//! ```text
//! instructions <workload> <iterations>
//! instructions list
//! ```
//!
//! Each run builds its seeded inputs, warms up (the lookup tables are built and the
//! workload's first calls made, outside the count), then runs `iterations` units of the
//! workload. `instructions.sh` runs every workload with N and 2N units and reports
//! `(Ir(2N) − Ir(N)) / N`, so that process start, input building, table building and
//! warm-up cancel. A unit is one call (`is_win`, `winning_tiles`), one batch call over
//! [`N_HANDS`] · 2 rows (`*_batch`), one hand (`selfplay_*`) or one `VecEnv::step` of
//! [`ENV_TABLES`] tables (`vecenv_step`).
//!
//! The inputs are those of the criterion benches: the hand sets of `benches/core.rs` (same
//! generator, same seed, same order), the plans of `benches/selfplay.rs`, the self-play
//! `VecEnv` of `benches/rl.rs` with its random legal actions drawn from the masks.
//!
//! `vecenv_step` counts only `VecEnv::step` (as `benches/rl.rs` times only the step): its
//! call sits in [`measured_step`], and the script runs this workload with
//! `--collect-atstart=no --toggle-collect=*measured_step*`; the action draws between steps
//! are not counted. Every other workload counts the whole process.

#![allow(clippy::cast_precision_loss)]

use std::hint::black_box;
use std::process::ExitCode;

mod common;

use common::{near_complete, plan, waiting, Case, Rng, N_HANDS, PROFILES, SEED};
// The crate's public API used here, all in one place (module paths may move).
use koudiandian::eval::forms::is_win;
use koudiandian::eval::tables::warm_up;
use koudiandian::eval::waits::winning_mask;
use koudiandian::eval::EvalRules;
use koudiandian::profiles::Rules;
use koudiandian::rl::encode::SIZE;
use koudiandian::rl::{ActionSpace, Opponents, Out, VecEnv, N_ACTIONS};
use koudiandian::rng::Rng as EngineRng;
use koudiandian::selfplay::{play, Bot};
use koudiandian::tiles::{Counts, KindMask, ALL_KINDS, KINDS};

/// Tables of the `vecenv_step` env (`benches/rl.rs` has 1024; fewer keep callgrind quick).
const ENV_TABLES: usize = 64;
/// Steps played before the counted ones (as `benches/rl.rs`).
const ENV_WARM_STEPS: usize = 20;

/// The kinds a hand holds four of.
fn held_four(c: &Counts) -> KindMask {
    c.iter()
        .enumerate()
        .fold(0u64, |m, (k, &x)| m | u64::from(x == 4) << k)
}

/// The hand sets of `benches/core.rs`, drawn in its order from its seed: `mixed` and
/// `no_wildcards` (complete), then the waiting `mixed` and `no_wildcards`; here the two
/// sets of each size are walked as one.
struct Hands {
    complete: Vec<Case>,
    waiting: Vec<(Case, KindMask)>,
}

impl Hands {
    fn new() -> Hands {
        let mut rng = Rng(SEED);
        let mut complete = near_complete(&mut rng, N_HANDS, 8);
        complete.extend(near_complete(&mut rng, N_HANDS, 0));
        let mut waiting = waiting(&mut rng, N_HANDS, 8);
        waiting.extend(self::waiting(&mut rng, N_HANDS, 0));
        let waiting = waiting
            .into_iter()
            .map(|c| (c, ALL_KINDS & !held_four(&c.counts)))
            .collect();
        Hands { complete, waiting }
    }
}

/// Rows as the batch kernels read them: flat `(N, 34)` counts, wildcards and melds per row.
struct Batch {
    counts: Vec<u8>,
    wild: Vec<u8>,
    melds: Vec<u8>,
}

impl Batch {
    fn of(cases: &[Case]) -> Batch {
        Batch {
            counts: cases.iter().flat_map(|c| c.counts).collect(),
            wild: cases.iter().map(|c| c.wild).collect(),
            melds: cases.iter().map(|c| c.melds).collect(),
        }
    }

    /// The rows (as `rows` in `rust/py/batch.rs`).
    fn rows(&self) -> impl Iterator<Item = (&Counts, u8, u8)> + '_ {
        self.counts
            .chunks_exact(KINDS)
            .zip(&self.wild)
            .enumerate()
            .map(|(i, (r, &w))| (r.try_into().expect("34 counts per row"), w, self.melds[i]))
    }
}

/// `n` calls of `is_win`, walking the hands in order (again from the first after the last).
fn is_win_calls(cases: &[Case], rules: EvalRules, n: usize) -> u64 {
    let mut wins = 0u64;
    let (passes, rest) = (n / cases.len(), n % cases.len());
    for part in std::iter::repeat_n(cases, passes).chain([&cases[..rest]]) {
        for c in part {
            wins += u64::from(is_win(black_box(&c.counts), c.wild, c.melds, rules));
        }
    }
    wins
}

/// `n` calls of `winning_mask`, every kind not held four times a candidate.
fn winning_tiles_calls(cases: &[(Case, KindMask)], rules: EvalRules, n: usize) -> u64 {
    let mut acc = 0u64;
    let (passes, rest) = (n / cases.len(), n % cases.len());
    for part in std::iter::repeat_n(cases, passes).chain([&cases[..rest]]) {
        for (c, cand) in part {
            acc ^= winning_mask(black_box(&c.counts), c.wild, c.melds, *cand, rules);
        }
    }
    acc
}

/// The rows' loop of `is_win_batch` (`rust/py/batch.rs`, after the arrays are read and
/// validated): one `is_win` per row into a new `Vec<bool>`.
fn is_win_batch(batch: &Batch, rules: EvalRules) -> Vec<bool> {
    batch
        .rows()
        .map(|(c, w, m)| is_win(c, w, m, rules))
        .collect()
}

/// The rows' loop of `winning_tiles_batch` without wildcard kinds (`rust/py/batch.rs`):
/// the kinds held four times, `winning_mask`, the mask written as 34 `bool`s a row.
fn winning_tiles_batch(batch: &Batch, rules: EvalRules) -> Vec<bool> {
    let forbidden: KindMask = 0;
    let mut out = vec![false; batch.counts.len()];
    for (dst, (c, w, m)) in out.chunks_exact_mut(KINDS).zip(batch.rows()) {
        let mask = winning_mask(c, w, m, !forbidden & !held_four(c), rules);
        for (k, d) in dst.iter_mut().enumerate() {
            *d = mask >> k & 1 == 1;
        }
    }
    out
}

fn batch_calls(
    batch: &Batch,
    rules: EvalRules,
    n: usize,
    kernel: fn(&Batch, EvalRules) -> Vec<bool>,
) -> u64 {
    (0..n)
        .map(|_| {
            let out = kernel(black_box(batch), rules);
            out.iter().filter(|&&b| b).count() as u64
        })
        .sum()
}

/// Hands `0..n` of the plan on one thread, after a warm-up of 20 other hands (the shanten
/// tables of the greedy bots are built on their first decision).
fn selfplay(profile: &str, bot: Bot, n: usize) -> u64 {
    let p = plan(profile, bot);
    let far = 1 << 40;
    play(&p, far, far + 20, 1).expect("plays");
    let played = play(black_box(&p), 0, n as u64, 1).expect("plays");
    assert_eq!(played.records.len(), n);
    played
        .records
        .iter()
        .map(|r| r.value ^ u64::from(r.winner as u8) << 56)
        .fold(0, |a, x| a.rotate_left(5) ^ x)
}

/// The buffers a step writes (one row per table).
struct Buffers {
    obs: Vec<u8>,
    mask: Vec<bool>,
    reward: Vec<f32>,
    term: Vec<bool>,
    trunc: Vec<bool>,
    seat: Vec<i64>,
    final_obs: Vec<u8>,
    learner: Vec<i64>,
}

impl Buffers {
    fn out(&mut self) -> Out<'_> {
        Out {
            obs: &mut self.obs,
            mask: &mut self.mask,
            reward: &mut self.reward,
            terminated: &mut self.term,
            truncated: &mut self.trunc,
            seat: &mut self.seat,
            final_obs: &mut self.final_obs,
            learner: &mut self.learner,
        }
    }
}

/// One counted step: `instructions.sh` toggles callgrind's collection on entry and exit.
#[inline(never)]
fn measured_step(env: &mut VecEnv, actions: &[i64], buffers: &mut Buffers) {
    env.step(black_box(actions), buffers.out()).expect("legal");
}

/// A random legal action per table from the masks (as `benches/rl.rs`).
fn pick(rng: &mut EngineRng, mask: &[bool], actions: &mut [i64]) {
    for (i, a) in actions.iter_mut().enumerate() {
        let row = &mask[i * N_ACTIONS..(i + 1) * N_ACTIONS];
        let n = row.iter().filter(|&&m| m).count() as u64;
        let k = rng.below(n.max(1)) as usize;
        *a = row
            .iter()
            .enumerate()
            .filter(|(_, &m)| m)
            .nth(k)
            .map_or(0, |(j, _)| j as i64);
    }
}

/// The self-play `VecEnv` of `benches/rl.rs` (Taiyuan, one thread, [`ENV_TABLES`] tables):
/// reset, 20 steps, then `n` counted steps.
fn vecenv_steps(n: usize) -> u64 {
    let rules = Rules::preset("taiyuan").expect("preset");
    let mut env = VecEnv::new(
        ENV_TABLES,
        rules,
        1,
        Opponents::SelfPlay,
        1,
        ActionSpace::V1,
    )
    .expect("env");
    let mut buffers = Buffers {
        obs: vec![0u8; ENV_TABLES * SIZE],
        mask: vec![false; ENV_TABLES * N_ACTIONS],
        reward: vec![0f32; ENV_TABLES * env.reward_width()],
        term: vec![false; ENV_TABLES],
        trunc: vec![false; ENV_TABLES],
        seat: vec![0i64; ENV_TABLES],
        final_obs: vec![0u8; ENV_TABLES * SIZE],
        learner: vec![0i64; ENV_TABLES],
    };
    env.reset(1, buffers.out()).expect("reset");
    let mut rng = EngineRng::new(2);
    let mut actions = vec![0i64; ENV_TABLES];
    for _ in 0..ENV_WARM_STEPS {
        pick(&mut rng, &buffers.mask, &mut actions);
        env.step(&actions, buffers.out()).expect("legal");
    }
    let mut ended = 0u64;
    for _ in 0..n {
        pick(&mut rng, &buffers.mask, &mut actions);
        measured_step(&mut env, &actions, &mut buffers);
        ended += buffers.term.iter().filter(|&&t| t).count() as u64;
    }
    ended
}

/// Every workload's name.
fn names() -> Vec<String> {
    let mut names: Vec<String> = [
        "is_win",
        "winning_tiles",
        "is_win_batch",
        "winning_tiles_batch",
    ]
    .map(String::from)
    .to_vec();
    for bot in ["random", "greedy", "expert"] {
        names.extend(PROFILES.map(|p| format!("selfplay_{bot}_{p}")));
    }
    names.push("vecenv_step".into());
    names
}

/// Run `n` units of `workload` after its warm-up; a checksum of the results.
fn run(workload: &str, n: usize) -> Option<u64> {
    warm_up();
    let rules = EvalRules::default();
    let hands = || {
        let hands = Hands::new();
        // Warm-up: one pass over each set.
        black_box(is_win_calls(&hands.complete, rules, hands.complete.len()));
        black_box(winning_tiles_calls(
            &hands.waiting,
            rules,
            hands.waiting.len(),
        ));
        hands
    };
    let sum = match workload {
        "is_win" => is_win_calls(&hands().complete, rules, n),
        "winning_tiles" => winning_tiles_calls(&hands().waiting, rules, n),
        "is_win_batch" => batch_calls(&Batch::of(&hands().complete), rules, n, is_win_batch),
        "winning_tiles_batch" => {
            let waiting: Vec<Case> = hands().waiting.iter().map(|&(c, _)| c).collect();
            batch_calls(&Batch::of(&waiting), rules, n, winning_tiles_batch)
        }
        "vecenv_step" => vecenv_steps(n),
        _ => {
            let rest = workload.strip_prefix("selfplay_")?;
            let (bot, profile) = rest.split_once('_')?;
            let bot = match bot {
                "random" => Bot::Random,
                "greedy" => Bot::Greedy,
                "expert" => Bot::Expert,
                _ => return None,
            };
            if !PROFILES.contains(&profile) {
                return None;
            }
            selfplay(profile, bot, n)
        }
    };
    Some(sum)
}

/// Iterations of each workload in a smoke run (`cargo bench`, `cargo test --benches`).
fn smoke_iterations(workload: &str) -> usize {
    match workload {
        "is_win" | "winning_tiles" => 10_000,
        "is_win_batch" | "winning_tiles_batch" => 2,
        _ => 20,
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || {
        eprintln!(
            "usage: instructions <workload> <iterations> | instructions list\nworkloads: {}",
            names().join(" ")
        );
        ExitCode::FAILURE
    };
    match args.as_slice() {
        [list] if list == "list" => {
            for name in names() {
                println!("{name}");
            }
        }
        [workload, n] if !workload.starts_with('-') => {
            let Ok(n) = n.parse::<usize>() else {
                return usage();
            };
            let Some(sum) = run(workload, n) else {
                return usage();
            };
            println!("{workload} {n} checksum {sum}");
        }
        // `cargo bench` (`--bench`), `cargo test --benches` or no arguments: every workload
        // once, a few iterations each, so that a broken workload shows.
        _ if args.iter().all(|a| a.starts_with('-')) => {
            for name in names() {
                let n = smoke_iterations(&name);
                let sum = run(&name, n).expect("a workload");
                println!("{name} {n} checksum {sum}");
            }
        }
        _ => return usage(),
    }
    ExitCode::SUCCESS
}
