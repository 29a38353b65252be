//! The table tests of `eval/shanten.rs`.

use super::*;
use crate::eval::forms::{best_after_discard, of_hand, shanten};
use crate::eval::WinForms;
use crate::hand::Hand;
use crate::tiles::hand;
use crate::tiles::{Counts, KindMask};

#[test]
fn shanten_table() {
    let plain = EvalRules::default();
    let cases: &[(&str, u8, u8, i32)] = &[
        ("123m456m789m123p55z", 0, 0, -1),
        ("123m456m789m123p5z", 0, 0, 0),
        ("1112345678999m", 0, 0, 0),
        ("1122m3344p5566s7z", 0, 0, 0),
        ("19m19p19s1234567z", 0, 0, 0),
        ("19m19p19s123456z", 1, 0, 0),
        ("147m258p369s1234z", 0, 0, 6),
        ("147m258p369s123z", 1, 0, 5),
        ("5z", 0, 4, 0),
        ("", 1, 4, 0),
        ("", 2, 4, -1),
        ("13m", 2, 3, 0),
        ("13m", 3, 3, -1),
    ];
    for &(text, wild, melds, expect) in cases {
        assert_eq!(
            shanten(&hand(text), wild, melds, plain),
            expect,
            "{text} +{wild} wild, {melds} melds"
        );
    }
}

/// A complete hand's every discard leaves it ready; a ready one's best discard keeps it.
#[test]
fn best_after_discard_of_complete_hands() {
    use crate::hand::Hand;
    let plain = EvalRules::default();
    for (text, wild, best) in [
        ("123m456m789m123p55z", &[][..], 0),
        ("123m456m789m123p55z", &[4u8][..], 0),
        ("1122m3344p5566s77z", &[][..], 0),
        ("123m456m789m123p56z", &[][..], 0),
        ("147m258p369s12345z", &[][..], 6),
    ] {
        let hand = Hand::from_counts(&hand(text), &[], wild);
        let after = after_discards(&hand, plain);
        let min = (0..KINDS)
            .filter(|&k| hand.held[k] > 0)
            .map(|k| after[k])
            .min();
        assert_eq!(min, Some(best), "{text}");
        assert_eq!(best_after_discard(&hand, plain), best, "{text}");
    }
}

/// The evaluator option sets the property tests run under.
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
            ..EvalRules::default()
        },
        EvalRules {
            forms: WinForms::Pair258,
            ..EvalRules::default()
        },
        EvalRules {
            forms: WinForms::Knitted,
            ..EvalRules::default()
        },
    ]
}

/// A random 14-tile hand under `rules`: concealed counts, 0–3 pongs, 0–2 wildcard kinds
/// (none under the 2-5-8 and knitted forms).
fn random_hand(
    rng: &mut crate::rng::Rng,
    rules: EvalRules,
) -> (Counts, Vec<crate::hand::Meld>, Vec<u8>) {
    use crate::hand::{Meld, MeldKind};
    let melds_n = rng.below(4) as usize;
    let mut wall: Vec<u8> = (0..34u8).flat_map(|k| [k; 4]).collect();
    if rules.no_honors
        || (rules.forms == WinForms::Pair258)
        || (rules.forms == WinForms::LackingASuit)
    {
        wall.retain(|&k| k < 27);
    }
    if rules.forms == WinForms::LackingASuit && rng.below(2) == 0 {
        // Half of the 缺一门 hands lack a suit already.
        let gone = rng.below(3) as u8;
        wall.retain(|&k| k / 9 != gone);
    }
    rng.shuffle(&mut wall);
    let mut melds = Vec::new();
    let mut counts = [0u8; KINDS];
    for &t in &wall[..14 - 3 * melds_n] {
        counts[t as usize] += 1;
    }
    for j in 0..melds_n {
        let t = wall[20 + j];
        if counts[t as usize] < 2 && melds.iter().all(|m: &Meld| m.tile != t) {
            melds.push(Meld {
                kind: MeldKind::Pong,
                tile: t,
            });
        }
    }
    // Keep the size 14: the melds that could not be made become tiles.
    let mut extra = 3 * (melds_n - melds.len());
    for &t in &wall[40..] {
        if extra == 0 {
            break;
        }
        if counts[t as usize] < 4 && melds.iter().all(|m| m.tile != t) {
            counts[t as usize] += 1;
            extra -= 1;
        }
    }
    let mut wild: Vec<u8> = if matches!(rules.forms, WinForms::Pair258 | WinForms::Knitted) {
        vec![]
    } else {
        (0..rng.below(3))
            .map(|_| rng.below(27) as u8)
            .collect::<Vec<_>>()
    };
    wild.sort_unstable();
    wild.dedup();
    wild.retain(|&k| melds.iter().all(|m| m.tile != k));
    (counts, melds, wild)
}

/// `after_discards` against `of_hand` on each hand less one tile, over random hands
/// with 0–2 wildcard kinds and 0–3 melds, for every evaluator option set.
#[test]
fn after_discards_matches_one_by_one() {
    let mut rng = crate::rng::Rng::new(17);
    for rules in option_sets() {
        for _ in 0..3000 {
            let (counts, melds, wild) = random_hand(&mut rng, rules);
            let hand = Hand::from_counts(&counts, &melds, &wild);
            let fast = crate::eval::forms::after_discards(&hand, rules);
            let best = (0..KINDS).filter(|&k| counts[k] > 0).map(|k| fast[k]).min();
            assert_eq!(
                Some(best_after_discard(&hand, rules)),
                best,
                "{rules:?} {counts:?} {melds:?} wild {wild:?}"
            );
            for k in 0..KINDS {
                if counts[k] == 0 {
                    continue;
                }
                let mut less = counts;
                less[k] -= 1;
                let slow = of_hand(&Hand::from_counts(&less, &melds, &wild), rules);
                assert_eq!(
                    fast[k], slow,
                    "{rules:?} {counts:?} {melds:?} wild {wild:?} less {k}"
                );
            }
        }
    }
}

/// `after_draws` against `of_hand` on each 13-tile hand (a random hand less one tile) with
/// one more tile, for every kind held at most three times, for every evaluator option set.
#[test]
fn after_draws_matches_one_by_one() {
    let mut rng = crate::rng::Rng::new(29);
    for rules in option_sets() {
        for _ in 0..3000 {
            let (mut counts, melds, wild) = random_hand(&mut rng, rules);
            let held: Vec<usize> = (0..KINDS).filter(|&k| counts[k] > 0).collect();
            counts[held[rng.below(held.len() as u64) as usize]] -= 1;
            let kinds: KindMask = (0..KINDS)
                .filter(|&k| counts[k] < 4 && (k < 27 || !rules.no_honors))
                .fold(0, |m, k| m | 1 << k);
            let hand = Hand::from_counts(&counts, &melds, &wild);
            let fast = crate::eval::forms::after_draws(&hand, kinds, rules);
            for k in 0..KINDS {
                if kinds >> k & 1 == 0 {
                    assert_eq!(fast[k], NEVER + 1, "{rules:?} {counts:?} not drawn {k}");
                    continue;
                }
                let mut more = counts;
                more[k] += 1;
                let slow = of_hand(&Hand::from_counts(&more, &melds, &wild), rules);
                assert_eq!(
                    fast[k], slow,
                    "{rules:?} {counts:?} {melds:?} wild {wild:?} more {k}"
                );
            }
        }
    }
}

/// `any_suits_of_one_suit` against `any_suits` of each suit's tiles with the honors, over
/// random hands (3n+1 and 3n+2, 0–3 melds) for every option set without wildcards.
#[test]
fn one_suit_parts_match_any_suits() {
    let mut rng = crate::rng::Rng::new(41);
    for rules in option_sets() {
        for i in 0..3000 {
            let (mut counts, melds, _) = random_hand(&mut rng, rules);
            if i % 2 == 1 {
                let held: Vec<usize> = (0..KINDS).filter(|&k| counts[k] > 0).collect();
                counts[held[rng.below(held.len() as u64) as usize]] -= 1;
            }
            let n = melds.len() as u8;
            let fast = any_suits_of_one_suit(&counts, 0, n, 0b111, rules);
            for (suit, &got) in fast.iter().enumerate() {
                let mut part = counts;
                for (k, c) in part.iter_mut().enumerate().take(27) {
                    if k / 9 != suit {
                        *c = 0;
                    }
                }
                let slow = any_suits(&part, 0, n, rules);
                assert_eq!(got, slow, "{rules:?} {counts:?} {melds:?} suit {suit}");
            }
        }
    }
}

/// `after_discards` and `after_draws` against `of_hand` on hands of one suit and the honors
/// (or the honors alone), the flush parts whose two empty suits join as nothing, with 0–3
/// melds, for every evaluator option set.
#[test]
fn one_suit_hands_match_one_by_one() {
    let mut rng = crate::rng::Rng::new(53);
    for rules in option_sets() {
        for _ in 0..2000 {
            let (_, melds, _) = random_hand(&mut rng, rules);
            let suit = rng.below(4) as usize; // 3: no suit at all
            let pool: Vec<usize> = (0..KINDS)
                .filter(|&k| (k / 9 == suit && k < 27) || (k >= 27 && !rules.no_honors))
                .filter(|&k| melds.iter().all(|m| usize::from(m.tile) != k))
                .collect();
            if pool.is_empty() {
                continue;
            }
            let size = 14 - 3 * melds.len();
            let mut counts = [0u8; KINDS];
            let mut n = 0;
            while n < size && pool.iter().any(|&k| counts[k] < 4) {
                let k = pool[rng.below(pool.len() as u64) as usize];
                if counts[k] < 4 {
                    counts[k] += 1;
                    n += 1;
                }
            }
            if n < size {
                continue;
            }
            let hand = Hand::from_counts(&counts, &melds, &[]);
            let fast = crate::eval::forms::after_discards(&hand, rules);
            for k in (0..KINDS).filter(|&k| counts[k] > 0) {
                let mut less = counts;
                less[k] -= 1;
                let slow = of_hand(&Hand::from_counts(&less, &melds, &[]), rules);
                assert_eq!(fast[k], slow, "{rules:?} {counts:?} {melds:?} less {k}");
                let kinds: KindMask = (0..KINDS)
                    .filter(|&j| less[j] < 4 && (j < 27 || !rules.no_honors))
                    .fold(0, |m, j| m | 1 << j);
                let less_hand = Hand::from_counts(&less, &melds, &[]);
                let drawn = crate::eval::forms::after_draws(&less_hand, kinds, rules);
                for j in each_kind(kinds) {
                    let mut more = less;
                    more[j as usize] += 1;
                    let slow = of_hand(&Hand::from_counts(&more, &melds, &[]), rules);
                    assert_eq!(
                        drawn[j as usize], slow,
                        "{rules:?} {less:?} {melds:?} more {j}"
                    );
                }
            }
        }
    }
}
