//! The property test of `eval/knitted_after.rs`' 全不靠 bound against
//! `knitted::honors_and_knitted_keep` on each drawn hand.

use super::*;
use crate::rng::Rng;
use crate::tiles::ALL_KINDS;

/// `honors_and_knitted_reaching` against `honors_and_knitted_keep` of `held` with each kind
/// drawn, on random sets of distinct kinds near a knitted straight, for every `need` from
/// −1 to 16.
#[test]
fn honors_and_knitted_reaching_matches_keep() {
    let mut rng = Rng::new(3);
    for _ in 0..20_000 {
        let straight = KNITTED_STRAIGHTS[rng.below(6) as usize];
        let mut held: KindMask = 0;
        for _ in 0..rng.below(16) {
            let k = match rng.below(3) {
                0 => each_kind(straight).nth(rng.below(9) as usize).unwrap_or(0),
                1 => 27 + rng.below(7) as u8,
                _ => rng.below(34) as u8,
            };
            held |= 1 << k;
        }
        let kinds = ALL_KINDS & rng.next_u64();
        for need in -1..=16 {
            let slow = each_kind(kinds)
                .filter(|&k| i32::from(honors_and_knitted_keep(held | 1 << k)) >= need)
                .fold(0, |m, k| m | 1 << k);
            assert_eq!(
                honors_and_knitted_reaching(held, kinds, need),
                slow,
                "{held:#x} need {need}"
            );
        }
    }
}

/// `honors_and_knitted_less` against `honors_and_knitted_keep` of the kinds less each one
/// held, on random sets of distinct kinds near a knitted straight.
#[test]
fn honors_and_knitted_less_matches_keep() {
    let mut rng = Rng::new(5);
    for _ in 0..20_000 {
        let straight = KNITTED_STRAIGHTS[rng.below(6) as usize];
        let mut held: KindMask = 0;
        for _ in 0..rng.below(18) {
            let k = match rng.below(3) {
                0 => each_kind(straight).nth(rng.below(9) as usize).unwrap_or(0),
                1 => 27 + rng.below(7) as u8,
                _ => rng.below(34) as u8,
            };
            held |= 1 << k;
        }
        let less = honors_and_knitted_less(held);
        for k in each_kind(held) {
            assert_eq!(
                less(k),
                honors_and_knitted_keep(held & !(1 << k)),
                "{held:#x} less {k}"
            );
        }
    }
}
