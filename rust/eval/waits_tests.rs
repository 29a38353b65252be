//! The tests of `eval/waits.rs`: ready discards and their filter against the definitions.

use super::*;
use crate::tiles::KINDS;

/// `ready_discards` against its definition for every form: each held kind whose
/// discard leaves [`Waits::of`] ready, on random hands near complete (wildcards only
/// where the forms admit them).
#[test]
fn ready_discards_match_waits_after_each_discard() {
    let mut rng = crate::rng::Rng::new(22);
    let forms = [
        WinForms::Standard,
        WinForms::LackingASuit,
        WinForms::Pair258,
    ];
    for forms in forms {
        let rules = EvalRules {
            no_honors: forms != WinForms::Standard,
            forms,
            ..EvalRules::default()
        };
        let mut ready = 0;
        for _ in 0..3_000 {
            let wild = if forms.admits_wildcards() {
                rng.below(3) as u8
            } else {
                0
            };
            let hand = near_complete(&mut rng, rules, wild);
            let got: Vec<u8> = ready_discards(&hand, rules)
                .iter()
                .map(|&(k, _)| k)
                .collect();
            let want: Vec<u8> = (0..KINDS as u8)
                .filter(|&k| hand.held[k as usize] > 0)
                .filter(|&k| {
                    let mut after = hand.clone();
                    after.held[k as usize] -= 1;
                    if hand.wildcards >> k & 1 == 1 {
                        after.wild -= 1;
                    } else {
                        after.counts[k as usize] -= 1;
                    }
                    Waits::of(&after, rules).is_ready()
                })
                .collect();
            assert_eq!(got, want, "{forms:?} {:?} +{} wild", hand.counts, hand.wild);
            ready += usize::from(!want.is_empty());
        }
        assert!(
            ready > 300,
            "{forms:?}: only {ready} hands with a ready discard"
        );
    }
}

/// A 14-tile hand without melds of the kinds in play: four groups and a pair, then up to
/// two tiles exchanged; with `wild` > 0, at least `wild` of its tiles are wildcards of
/// the last kind in play (every tile of that kind is one).
fn near_complete(rng: &mut crate::rng::Rng, rules: EvalRules, wild: u8) -> Hand {
    let kinds: u64 = if rules.no_honors { 27 } else { 34 };
    let mut counts = [0u8; KINDS];
    let mut tiles: Vec<u8> = Vec::new();
    // The tiles `ks` join the hand if no kind goes over four.
    let add = |counts: &mut Counts, tiles: &mut Vec<u8>, ks: &[u8]| {
        let mut after = *counts;
        for &k in ks {
            after[k as usize] += 1;
        }
        let fits = after.iter().all(|&c| c <= 4);
        if fits {
            *counts = after;
            tiles.extend_from_slice(ks);
        }
        fits
    };
    while tiles.len() < 12 {
        let k = rng.below(kinds) as u8;
        let run = k < 27 && k % 9 < 7 && rng.below(2) == 0;
        let ks = if run { [k, k + 1, k + 2] } else { [k; 3] };
        add(&mut counts, &mut tiles, &ks);
    }
    while !add(&mut counts, &mut tiles, &[rng.below(kinds) as u8; 2]) {}
    for _ in 0..rng.below(3) {
        let (i, k) = (rng.below(14) as usize, rng.below(kinds) as u8);
        if counts[k as usize] < 4 {
            counts[tiles[i] as usize] -= 1;
            counts[k as usize] += 1;
            tiles[i] = k;
        }
    }
    let wild_kind = kinds as usize - 1;
    if wild == 0 {
        return Hand {
            counts,
            wild,
            melds: crate::hand::Melds::default(),
            wildcards: 0,
            held: counts,
        };
    }
    // The wildcards replace tiles of other kinds: the naturals lose `wild` tiles.
    let mut held = counts;
    let mut left = wild;
    for t in &mut tiles {
        if left > 0 && usize::from(*t) != wild_kind && held[wild_kind] < 4 {
            held[*t as usize] -= 1;
            held[wild_kind] += 1;
            *t = wild_kind as u8;
            left -= 1;
        }
    }
    let mut naturals = held;
    let wild = naturals[wild_kind];
    naturals[wild_kind] = 0;
    Hand {
        counts: naturals,
        wild,
        melds: crate::hand::Melds::default(),
        wildcards: if wild > 0 { 1 << wild_kind } else { 0 },
        held,
    }
}

/// The filter of `ready_discards` against `forms::is_win` kind by kind, on random
/// 14-tile hands near and far from complete, with 0–3 wildcards and 0–3 melds.
#[test]
fn completable_after_discard_matches_is_win() {
    let mut rng = crate::rng::Rng::new(5);
    let option_sets = [
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
            ..EvalRules::default()
        },
    ];
    let mut passed = 0;
    for rules in option_sets {
        for n in 0..20_000 {
            let melds = rng.below(4) as u8;
            let wild = rng.below(4) as u8;
            let size = 14 - 3 * melds - wild;
            let mut wall: Vec<u8> = (0..34u8).flat_map(|k| [k; 4]).collect();
            if rules.no_honors || (rules.forms == WinForms::LackingASuit) {
                wall.retain(|&k| k < 27);
            }
            rng.shuffle(&mut wall);
            let mut counts = [0u8; KINDS];
            if n % 2 == 0 {
                for &t in &wall[..size as usize] {
                    counts[t as usize] += 1;
                }
            } else {
                // Near complete: runs and pongs from one suit start, then random tiles.
                let mut left = size;
                while left >= 3 {
                    let t = wall[left as usize] % 27;
                    let run = t % 9 < 7 && rng.below(2) == 0;
                    let ks: [u8; 3] = if run { [t, t + 1, t + 2] } else { [t; 3] };
                    if ks
                        .iter()
                        .all(|&k| counts[k as usize] < 4 - u8::from(!run) * 2)
                    {
                        for k in ks {
                            counts[k as usize] += 1;
                        }
                        left -= 3;
                    } else {
                        break;
                    }
                }
                for &t in &wall[20..] {
                    if left == 0 {
                        break;
                    }
                    if counts[t as usize] < 4 {
                        counts[t as usize] += 1;
                        left -= 1;
                    }
                }
            }
            let hand = Hand {
                counts,
                wild,
                melds: crate::hand::Melds::from_slice(&vec![
                    crate::hand::Meld {
                        kind: crate::hand::MeldKind::Pong,
                        tile: 33
                    };
                    melds as usize
                ]),
                wildcards: if wild > 0 { 1 << 31 } else { 0 },
                held: counts,
            };
            let (mask, wild_ok) = completable_after_discard(&hand, rules);
            for k in 0..KINDS {
                if counts[k] == 0 {
                    continue;
                }
                let mut c = counts;
                c[k] -= 1;
                let slow = crate::eval::forms::is_win(&c, wild + 1, melds, rules);
                assert_eq!(
                    mask >> k & 1 == 1,
                    slow,
                    "{rules:?} {counts:?} +{wild} wild, {melds} melds, less {k}"
                );
                passed += usize::from(slow);
            }
            if wild > 0 {
                assert_eq!(
                    wild_ok,
                    crate::eval::forms::is_win(&counts, wild, melds, rules)
                );
            }
        }
    }
    assert!(
        passed > 1000,
        "only {passed} passing discards: the hands are too far"
    );
}
