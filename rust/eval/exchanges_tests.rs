//! The property tests of `eval/exchanges.rs`: both paths against `forms::of_hand` on every
//! exchanged hand.

use super::*;
use crate::eval::forms::of_hand;
use crate::hand::{Meld, MeldKind};
use crate::rng::Rng;
use crate::tiles::Counts;

/// The evaluator option sets the tests run under: every profile's (Taiyuan with and
/// without 风嘴子 and honors, Hebei and Sichuan under the standard forms, 缺一门, the 2-5-8
/// and knitted forms).
fn option_sets() -> [EvalRules; 6] {
    [
        EvalRules::default(),
        EvalRules {
            wind_runs: true,
            ..EvalRules::default()
        },
        EvalRules {
            no_honors: true,
            ..EvalRules::default()
        },
        EvalRules {
            forms: WinForms::LackingASuit,
            no_honors: true,
            ..EvalRules::default()
        },
        EvalRules {
            forms: WinForms::Pair258,
            no_honors: true,
            ..EvalRules::default()
        },
        EvalRules {
            forms: WinForms::Knitted,
            ..EvalRules::default()
        },
    ]
}

/// A random 3n+2 hand under `rules`: concealed counts (0–4 of a kind), 0–4 melds (pongs,
/// chows, kongs), 0–2 wildcard kinds (none under the 2-5-8 and knitted forms), often a
/// suit missing or few kinds held, so that edge counts and crowded groups come up.
fn random_hand(rng: &mut Rng, rules: EvalRules) -> (Counts, Vec<Meld>, Vec<u8>) {
    let kinds: u8 = if rules.no_honors { 27 } else { 34 };
    let mut pool: Vec<u8> = (0..kinds).flat_map(|k| [k; 4]).collect();
    if rng.below(3) == 0 {
        let gone = rng.below(3) as u8;
        pool.retain(|&k| k / 9 != gone);
    }
    if rng.below(3) == 0 {
        // A crowded hand: few kinds, many copies.
        let keep: Vec<u8> = (0..6).map(|_| rng.below(u64::from(kinds)) as u8).collect();
        pool.retain(|k| keep.contains(k));
    }
    rng.shuffle(&mut pool);
    let mut counts = [0u8; KINDS];
    let mut melds = Vec::new();
    let melds_n = rng.below(5) as usize;
    let mut used = 0;
    for &t in &pool {
        if melds.len() == melds_n {
            break;
        }
        let kind = match rng.below(3) {
            0 => MeldKind::Pong,
            1 if t % 9 < 7 && t < 27 => MeldKind::Chow,
            _ => MeldKind::Kong,
        };
        melds.push(Meld { kind, tile: t });
        used += 1;
    }
    let size = 14 - 3 * melds.len();
    let mut n = 0;
    for &t in &pool[used..] {
        if n == size {
            break;
        }
        if counts[t as usize] < 4 {
            counts[t as usize] += 1;
            n += 1;
        }
    }
    let wild: Vec<u8> = if rules.forms.admits_wildcards() {
        let mut w: Vec<u8> = (0..rng.below(3))
            .map(|_| rng.below(u64::from(kinds)) as u8)
            .filter(|&k| melds.iter().all(|m| m.tile != k))
            .collect();
        w.sort_unstable();
        w.dedup();
        w
    } else {
        vec![]
    };
    (counts, melds, wild)
}

/// Every exchange of random hands, each path against `of_hand` on the exchanged hand, for
/// every bar from −1 to 5: the one-pass path under the standard forms, the one-by-one
/// path under every option set.
#[test]
fn lowering_draws_match_of_hand() {
    let mut rng = Rng::new(42);
    for rules in option_sets() {
        let rounds = if rules.forms == WinForms::Standard {
            1500
        } else {
            150
        };
        for _ in 0..rounds {
            let (counts, melds, wild) = random_hand(&mut rng, rules);
            let hand = Hand::from_counts(&counts, &melds, &wild);
            let in_play = rules.kinds_in_play();
            let mut discards: KindMask = 0;
            let mut draws = [0; KINDS];
            // slow[k][j]: the shanten after discarding k and drawing j.
            let mut slow = [[0i32; KINDS]; KINDS];
            for k in (0..KINDS).filter(|&k| counts[k] > 0) {
                if rng.below(5) == 0 {
                    continue; // not a candidate
                }
                discards |= 1 << k;
                let mut less = counts;
                less[k] -= 1;
                for j in each_kind(in_play) {
                    let j = j as usize;
                    if less[j] >= 4 || rng.below(6) == 0 {
                        continue;
                    }
                    draws[k] |= 1 << j;
                    let mut after = less;
                    after[j] += 1;
                    slow[k][j] = of_hand(&Hand::from_counts(&after, &melds, &wild), rules);
                }
            }
            for bar in -1..=5 {
                let fast = lowering_draws(&hand, discards, &draws, bar, rules);
                let by_one = one_by_one(&hand, discards, &draws, bar, rules);
                for k in 0..KINDS {
                    let expect = each_kind(draws[k])
                        .filter(|&j| slow[k][j as usize] < bar)
                        .fold(0u64, |m, j| m | 1 << j);
                    let expect = if discards >> k & 1 == 1 { expect } else { 0 };
                    assert_eq!(
                        fast[k], expect,
                        "{rules:?} {counts:?} {melds:?} wild {wild:?} discard {k} bar {bar}"
                    );
                    assert_eq!(by_one[k], expect, "{rules:?} {counts:?} one by one");
                }
            }
        }
    }
}

/// A random 3n+2 hand near the knitted forms: most of one knitted straight's kinds, honors,
/// and random tiles, with 0–2 melds (two: the knitted readings give way to the standard
/// forms).
fn knitted_hand(rng: &mut Rng) -> (Counts, Vec<Meld>) {
    use crate::eval::knitted::KNITTED_STRAIGHTS;
    let straight = KNITTED_STRAIGHTS[rng.below(6) as usize];
    let mut counts = [0u8; KINDS];
    let melds: Vec<Meld> = (0..[0, 0, 1, 1, 2][rng.below(5) as usize])
        .map(|i| Meld {
            kind: if rng.below(2) == 0 {
                MeldKind::Pong
            } else {
                MeldKind::Chow
            },
            tile: [1u8, 12][i],
        })
        .collect();
    let size = 14 - 3 * melds.len();
    let mut n = 0;
    while n < size {
        let k = match rng.below(4) {
            0 | 1 => each_kind(straight).nth(rng.below(9) as usize).unwrap_or(0),
            2 => 27 + rng.below(7) as u8,
            _ => rng.below(34) as u8,
        } as usize;
        if counts[k] < 4 && melds.iter().all(|m| m.tile as usize != k) {
            counts[k] += 1;
            n += 1;
        }
    }
    (counts, melds)
}

/// The knitted forms' path against the one-by-one path on hands near 全不靠 and 组合龙,
/// for every bar from −1 to 9, every held kind a candidate and every kind drawn.
#[test]
fn knitted_lowering_draws_match_one_by_one() {
    let mut rng = Rng::new(7);
    let rules = EvalRules {
        forms: WinForms::Knitted,
        ..EvalRules::default()
    };
    for _ in 0..1500 {
        let (counts, melds) = knitted_hand(&mut rng);
        let hand = Hand::from_counts(&counts, &melds, &[]);
        let discards = crate::tiles::held_kinds(&counts);
        let mut draws = [0; KINDS];
        for k in each_kind(discards) {
            let k = k as usize;
            let mut less = counts;
            less[k] -= 1;
            draws[k] = (0..KINDS)
                .filter(|&j| less[j] < 4 && rng.below(8) != 0)
                .fold(0, |m, j| m | 1 << j);
        }
        for bar in -1..=9 {
            assert_eq!(
                lowering_draws(&hand, discards, &draws, bar, rules),
                one_by_one(&hand, discards, &draws, bar, rules),
                "{counts:?} {melds:?} bar {bar}"
            );
        }
    }
}
