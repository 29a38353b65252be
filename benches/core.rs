//! Criterion benches of the pure-Rust core: `forms::is_win` and `waits::winning_mask`, per
//! hand, and the guobiao fan calculator (`profiles::guobiao::fans::score`), per won hand.
//!
//! Run with (a separate target dir keeps the main build unlocked):
//!
//! ```text
//! CARGO_TARGET_DIR=/tmp/bench-target cargo bench --bench core
//! ```
//!
//! Each bench walks a fixed, seeded set of hands and reports the time for the whole set;
//! `Throughput::Elements` makes criterion print hands/s too, and the summary printed at the
//! end divides criterion's median by the set size (ns per hand) and checks the targets.
//!
//! criterion is a dev-dependency with `default-features = false`: no `rayon` (the bootstrap
//! analysis runs on one thread), no `plotters` and no `html_reports` (no HTML report or plots
//! are written, only `<target>/criterion/**/estimates.json` and the console output), and
//! `criterion::black_box` is the volatile-read fallback, so `std::hint::black_box` is used
//! instead. None of this changes the measurement itself.

#![allow(clippy::cast_precision_loss)] // ns and counts as f64 for the summary

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, SystemTime};

mod common;

use common::{add, complete, near_complete, take, waiting, Case, Rng, N_HANDS, SEED};
use criterion::{BenchmarkId, Criterion, Throughput};
use koudiandian::eval::forms::is_win;
use koudiandian::eval::tables::warm_up;
use koudiandian::eval::waits::winning_mask;
use koudiandian::eval::{EvalRules, WinForms};
use koudiandian::hand::{Meld, MeldKind};
use koudiandian::profiles::guobiao::fans::{score, FanMeld, Situation, WinInput};
use koudiandian::tiles::{Counts, KindMask, ALL_KINDS};

/// Targets: median ns per hand.
const IS_WIN_TARGET_NS: f64 = 60.0;
const WAITS_TARGET_NS: f64 = 500.0;
const GUOBIAO_TARGET_NS: f64 = 5000.0;

/// One won guobiao hand: declared melds, the concealed tiles without the winning tile, the
/// winning tile, flowers, winds and flags.
struct Won {
    melds: Vec<FanMeld>,
    concealed: Counts,
    win: u8,
    flowers: u8,
    seat: u8,
    prevalent: u8,
    situation: Situation,
}

impl Won {
    fn input(&self) -> WinInput<'_> {
        WinInput {
            melds: &self.melds,
            concealed: &self.concealed,
            win_tile: self.win,
            flowers: self.flowers,
            seat_wind: self.seat,
            prevalent_wind: self.prevalent,
            situation: self.situation,
        }
    }
}

/// `n` won hands: 0–3 declared pongs, kongs or chows and a complete concealed part (one in
/// eight meld-less ones seven pairs), one in ten a knitted hand (全不靠, 七星不靠 or 组合龙),
/// the winning tile one of the concealed tiles, random flags, winds and flowers.
fn won_hands(rng: &mut Rng, n: usize) -> Vec<Won> {
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut melds = Vec::new();
        let mut all = [0u8; 34];
        let concealed = if rng.chance(1, 10) {
            // A knitted straight (147m 258p 369s, suits rotated) with honors or a meld.
            let rot = rng.below(3);
            let mut c = [0u8; 34];
            for s in 0..3 {
                for i in 0..3 {
                    c[9 * s + (s + rot) % 3 + 3 * i] = 1;
                }
            }
            if rng.chance(1, 2) {
                for h in 27..34 {
                    c[h] = 1;
                }
                let drop = rng.below(16);
                let held: Vec<usize> = (0..34).filter(|&k| c[k] > 0).collect();
                c[held[drop]] = 0;
                c[held[(drop + 1 + rng.below(15)) % 16]] = 0;
            } else {
                let k = 27 + rng.below(7);
                c[k] += 3;
                c[(k - 27 + 1) % 7 + 27] += 2;
            }
            c
        } else {
            let declared = rng.below(4) as u8;
            for _ in 0..declared {
                let meld = if rng.chance(1, 2) {
                    let k = rng.below(3) * 9 + rng.below(7);
                    add(&mut all, &[k, k + 1, k + 2]).then_some((
                        MeldKind::Chow,
                        k,
                        1 + rng.below(3),
                    ))
                } else {
                    let k = rng.below(34);
                    let kind = [
                        MeldKind::Pong,
                        MeldKind::Kong,
                        MeldKind::AddedKong,
                        MeldKind::ConcealedKong,
                    ][rng.below(4)];
                    let n = if kind == MeldKind::Pong { 3 } else { 4 };
                    let offer = if kind == MeldKind::ConcealedKong {
                        0
                    } else {
                        1 + rng.below(3)
                    };
                    add(&mut all, &vec![k; n]).then_some((kind, k, offer))
                };
                if let Some((kind, tile, offer)) = meld {
                    melds.push(FanMeld {
                        meld: Meld {
                            kind,
                            tile: tile as u8,
                        },
                        offer: offer as u8,
                    });
                }
            }
            complete(rng, melds.len() as u8)
        };
        let mut total = all;
        let fits = (0..34).all(|k| {
            total[k] += concealed[k];
            total[k] <= 4
        });
        if !fits {
            continue;
        }
        let mut c = concealed;
        let win = take(rng, &mut c) as u8;
        out.push(Won {
            melds,
            concealed: c,
            win,
            flowers: rng.below(4) as u8,
            seat: rng.below(4) as u8,
            prevalent: rng.below(4) as u8,
            situation: Situation {
                self_drawn: rng.chance(1, 2),
                last_copy: rng.chance(1, 8),
                kong: rng.chance(1, 10),
                wall_last: rng.chance(1, 10),
            },
        });
    }
    out
}

fn bench_guobiao(cr: &mut Criterion, hands: &[Won]) {
    let mut g = cr.benchmark_group("guobiao_score");
    g.throughput(Throughput::Elements(hands.len() as u64));
    g.bench_function("won_hands", |b| {
        b.iter(|| {
            let mut total = 0u32;
            for h in hands {
                if let Ok(f) = score(black_box(&h.input())) {
                    total += f.total();
                }
            }
            total
        });
    });
    g.finish();
}

/// Candidate kinds of a waiting hand: every kind it does not hold four of.
fn candidates(c: &Counts) -> KindMask {
    let four = c
        .iter()
        .enumerate()
        .fold(0u64, |m, (k, &x)| m | u64::from(x == 4) << k);
    ALL_KINDS & !four
}

fn check(cases: &[Case], size: u8) {
    for c in cases {
        let total: u8 = c.counts.iter().sum::<u8>() + c.wild;
        assert!(c.counts.iter().all(|&x| x <= 4) && c.wild <= 8);
        assert_eq!(total + 3 * c.melds, size);
    }
}

fn bench_is_win(cr: &mut Criterion, sets: &[(&str, Vec<Case>, EvalRules)]) {
    let mut g = cr.benchmark_group("is_win");
    for (name, cases, rules) in sets {
        g.throughput(Throughput::Elements(cases.len() as u64));
        g.bench_with_input(BenchmarkId::from_parameter(name), cases, |b, cases| {
            b.iter(|| {
                let mut wins = 0u32;
                for c in cases {
                    wins += u32::from(is_win(black_box(&c.counts), c.wild, c.melds, *rules));
                }
                wins
            });
        });
    }
    g.finish();
}

/// Named sets of waiting hands with their candidate kinds, and the rules to use.
type WaitSets<'a> = [(&'a str, Vec<(Case, KindMask)>, EvalRules)];

fn bench_waits(cr: &mut Criterion, sets: &WaitSets<'_>) {
    let mut g = cr.benchmark_group("winning_tiles");
    for (name, cases, rules) in sets {
        g.throughput(Throughput::Elements(cases.len() as u64));
        g.bench_with_input(BenchmarkId::from_parameter(name), cases, |b, cases| {
            b.iter(|| {
                let mut acc = 0u64;
                for (c, cand) in cases {
                    acc ^= winning_mask(black_box(&c.counts), c.wild, c.melds, *cand, *rules);
                }
                acc
            });
        });
    }
    g.finish();
}

/// Where criterion writes `estimates.json` (its own rule: `CRITERION_HOME`, else
/// `<target dir>/criterion`, the target dir found from `CARGO_TARGET_DIR` or the executable).
fn criterion_home() -> Option<PathBuf> {
    if let Some(h) = std::env::var_os("CRITERION_HOME") {
        return Some(h.into());
    }
    if let Some(t) = std::env::var_os("CARGO_TARGET_DIR") {
        return Some(PathBuf::from(t).join("criterion"));
    }
    let exe = std::env::current_exe().ok()?;
    // <target>/release/deps/core-xxxx
    Some(exe.parent()?.parent()?.parent()?.join("criterion"))
}

/// The median point estimate (ns per iteration) from criterion's `estimates.json`, if that
/// bench ran in this process (filtered-out benches keep the files of an earlier run).
fn median_ns(group: &str, bench: &str, since: SystemTime) -> Option<f64> {
    let path = criterion_home()?
        .join(group)
        .join(bench)
        .join("new")
        .join("estimates.json");
    if std::fs::metadata(&path).and_then(|m| m.modified()).ok()? < since {
        return None;
    }
    let text = std::fs::read_to_string(path).ok()?;
    let at = text.find("\"median\"")?;
    let rest = &text[at..];
    let pe = rest.find("\"point_estimate\":")? + "\"point_estimate\":".len();
    let num: String = rest[pe..]
        .chars()
        .take_while(|ch| ch.is_ascii_digit() || matches!(ch, '.' | 'e' | 'E' | '-' | '+'))
        .collect();
    num.parse().ok()
}

fn summary(rows: &[(&str, &str, usize, f64)], since: SystemTime) {
    println!("\nSummary (criterion median / hands in the set):");
    println!(
        "{:<32} {:>10} {:>12} {:>10}  target",
        "bench", "ns/hand", "Mhands/s", "target ns"
    );
    for &(group, bench, n, target) in rows {
        match median_ns(group, bench, since) {
            Some(ns) => {
                let per = ns / n as f64;
                let verdict = if per <= target { "met" } else { "MISSED" };
                println!(
                    "{:<32} {:>10.1} {:>12.2} {:>10.0}  {verdict}",
                    format!("{group}/{bench}"),
                    per,
                    1e3 / per,
                    target
                );
            }
            None => println!("{group}/{bench}: not run (filtered out, or a --test run)"),
        }
    }
}

fn main() {
    let started = SystemTime::now();
    warm_up();
    let mut rng = Rng(SEED);
    let plain = EvalRules::default();
    let runs = EvalRules {
        wind_runs: true,
        ..plain
    };
    // Profile queyimen's evaluator options (缺一门), on the same hands as `no_wildcards`.
    let lacking = EvalRules {
        forms: WinForms::LackingASuit,
        ..plain
    };

    let mixed = near_complete(&mut rng, N_HANDS, 8);
    check(&mixed, 14);
    let no_wild = near_complete(&mut rng, N_HANDS, 0);
    check(&no_wild, 14);
    let wins = mixed
        .iter()
        .filter(|c| is_win(&c.counts, c.wild, c.melds, plain))
        .count();
    let wins0 = no_wild
        .iter()
        .filter(|c| is_win(&c.counts, c.wild, c.melds, plain))
        .count();
    println!(
        "is_win sets: {} mixed hands (0–8 wildcards, 0–4 melds; {wins} win), {} without wildcards ({wins0} win)",
        mixed.len(),
        no_wild.len()
    );

    let with_cand = |cases: Vec<Case>| -> Vec<(Case, KindMask)> {
        cases
            .into_iter()
            .map(|c| (c, candidates(&c.counts)))
            .collect()
    };
    let w_mixed = waiting(&mut rng, N_HANDS, 8);
    check(&w_mixed, 13);
    let w_no_wild = waiting(&mut rng, N_HANDS, 0);
    check(&w_no_wild, 13);
    let w_mixed = with_cand(w_mixed);
    let w_no_wild = with_cand(w_no_wild);
    let avg = |cases: &[(Case, KindMask)]| {
        cases
            .iter()
            .map(|(c, m)| winning_mask(&c.counts, c.wild, c.melds, *m, plain).count_ones())
            .sum::<u32>() as f64
            / cases.len() as f64
    };
    println!(
        "winning_tiles sets: {} mixed waiting hands ({:.1} winning kinds on average), {} without wildcards ({:.1})",
        w_mixed.len(),
        avg(&w_mixed),
        w_no_wild.len(),
        avg(&w_no_wild)
    );

    let won = won_hands(&mut rng, N_HANDS);
    let scored = won.iter().filter(|h| score(&h.input()).is_ok()).count();
    println!("guobiao set: {} won hands ({scored} scored)", won.len());
    assert_eq!(scored, won.len(), "every hand of the set wins");

    let mut cr = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    bench_is_win(
        &mut cr,
        &[
            ("mixed", mixed.clone(), plain),
            ("no_wildcards", no_wild.clone(), plain),
            ("queyimen", no_wild, lacking),
            ("mixed_wind_runs", mixed, runs),
        ],
    );
    bench_waits(
        &mut cr,
        &[
            ("mixed", w_mixed.clone(), plain),
            ("no_wildcards", w_no_wild.clone(), plain),
            ("queyimen", w_no_wild, lacking),
            ("mixed_wind_runs", w_mixed, runs),
        ],
    );
    bench_guobiao(&mut cr, &won);
    cr.final_summary();

    summary(
        &[
            ("is_win", "mixed", N_HANDS, IS_WIN_TARGET_NS),
            ("is_win", "no_wildcards", N_HANDS, IS_WIN_TARGET_NS),
            ("is_win", "queyimen", N_HANDS, IS_WIN_TARGET_NS),
            ("is_win", "mixed_wind_runs", N_HANDS, IS_WIN_TARGET_NS),
            ("winning_tiles", "mixed", N_HANDS, WAITS_TARGET_NS),
            ("winning_tiles", "no_wildcards", N_HANDS, WAITS_TARGET_NS),
            ("winning_tiles", "queyimen", N_HANDS, WAITS_TARGET_NS),
            ("winning_tiles", "mixed_wind_runs", N_HANDS, WAITS_TARGET_NS),
            ("guobiao_score", "won_hands", N_HANDS, GUOBIAO_TARGET_NS),
        ],
        started,
    );
}
