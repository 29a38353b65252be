//! Property tests of the knitted forms (`WinForms::Knitted`: the standard forms, 全不靠 and
//! 七星不靠, 组合龙) against the brute-force reference in `brute.rs`: `hand_wins`, the
//! winning tiles of `Waits::of` and `forms::of_hand`, on hands built from those shapes
//! (a knitted straight or fourteen knitted and honor tiles, a meld and a pair, 0–1 declared
//! melds), some tiles exchanged and one dropped for a waiting hand, and on the positions of
//! `properties.rs` read under the knitted forms (their wildcards read as plain tiles: the
//! forms take none). And the one-pass shanten after each discard and each draw
//! (`forms::after_discards`, `forms::after_draws`) against the kind-by-kind reference on the
//! same hands, one tile added or dropped to reach the other size.

#[allow(dead_code)] // shared with properties.rs, which uses the rest
mod brute;
#[allow(dead_code)]
mod positions;

use brute::Brute;
use koudiandian::eval::forms::{self, hand_wins};
use koudiandian::eval::knitted;
use koudiandian::eval::waits::Waits;
use koudiandian::eval::winning::knitted_winning_tiles;
use koudiandian::eval::{EvalRules, WinForms};
use koudiandian::hand::{Hand, Meld, MeldKind, Size};
use koudiandian::tiles::{Counts, KindMask, KINDS};
use positions::{cases, Case, Kind};
use proptest::prelude::*;
use proptest::sample::Index;

const RULES: EvalRules = EvalRules {
    wind_runs: false,
    no_honors: false,
    forms: WinForms::Knitted,
};

const MAX_DRAWS: u8 = 4;

/// Ranks 1-4-7 (0), 2-5-8 (1), 3-6-9 (2) by suit, for the straight numbered `i` (0–5).
fn straight(i: usize) -> Vec<u8> {
    let firsts = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ][i % 6];
    (0..3)
        .flat_map(|s| (0..3).map(move |j| (9 * s + firsts[s] + 3 * j) as u8))
        .collect()
}

#[derive(Debug, Clone)]
struct Recipe {
    knitted_straight: bool,
    straight: usize,
    /// 全不靠: which two of the sixteen are left out.
    left_out: (Index, Index),
    /// 组合龙: the meld's first tile and whether it is a chow; the pair; whether declared.
    meld: Index,
    chow: bool,
    pair: Index,
    declared: bool,
    swaps: Vec<(Index, Index)>,
    drop: Option<Index>,
}

fn recipe() -> impl Strategy<Value = Recipe> {
    (
        any::<bool>(),
        0..6usize,
        (any::<Index>(), any::<Index>()),
        any::<Index>(),
        any::<bool>(),
        any::<Index>(),
        any::<bool>(),
        proptest::collection::vec((any::<Index>(), any::<Index>()), 0..3),
        proptest::option::of(any::<Index>()),
    )
        .prop_map(
            |(knitted_straight, straight, left_out, meld, chow, pair, declared, swaps, drop)| {
                Recipe {
                    knitted_straight,
                    straight,
                    left_out,
                    meld,
                    chow,
                    pair,
                    declared,
                    swaps,
                    drop,
                }
            },
        )
}

impl Recipe {
    /// The case, or `None` when it breaks the four-copies limit.
    fn build(&self) -> Option<Case> {
        let nine = straight(self.straight);
        let mut tiles: Vec<u8>;
        let mut melds = Vec::new();
        if self.knitted_straight {
            tiles = nine;
            let pair = self.pair.index(34) as u8;
            let (kind, first) = if self.chow {
                let t = self.meld.index(27) as u8;
                let t = t - t % 9 + (t % 9).min(6);
                (MeldKind::Chow, t)
            } else {
                (MeldKind::Pong, self.meld.index(34) as u8)
            };
            let group: Vec<u8> = if kind == MeldKind::Chow {
                vec![first, first + 1, first + 2]
            } else {
                vec![first; 3]
            };
            if self.declared {
                melds.push(Meld { kind, tile: first });
            } else {
                tiles.extend(group);
            }
            tiles.extend([pair, pair]);
        } else {
            let mut all: Vec<u8> = nine;
            all.extend(27..34);
            let a = self.left_out.0.index(16);
            let b = self.left_out.1.index(15);
            all.remove(a);
            all.remove(b);
            tiles = all;
        }
        for &(pos, kind) in &self.swaps {
            let i = pos.index(tiles.len());
            tiles[i] = kind.index(34) as u8;
        }
        if let Some(d) = self.drop {
            tiles.remove(d.index(tiles.len()));
        }
        let case = Case {
            tiles,
            melds,
            wildcards: Vec::new(),
            rules: RULES,
            intact: self.swaps.is_empty() && self.drop.is_none(),
        };
        (case.held().iter().all(|&c| c <= 4)).then_some(case)
    }
}

fn knitted_cases() -> impl Strategy<Value = Case> {
    recipe().prop_filter_map("more than four of a kind", |r| r.build())
}

/// A position of `properties.rs` under the knitted forms, its wildcards plain tiles.
fn under_knitted(kind: Kind) -> impl Strategy<Value = Case> {
    cases(kind).prop_map(|mut c| {
        c.wildcards.clear();
        c.rules = RULES;
        c.intact = false;
        c
    })
}

fn check(case: &Case) -> Result<(), TestCaseError> {
    let (counts, wild) = case.naturals();
    prop_assert_eq!(wild, 0);
    let melds = case.melds.len() as u8;
    let size: u32 = counts.iter().map(|&c| u32::from(c)).sum::<u32>() + 3 * u32::from(melds);
    let mut brute = Brute::new(RULES);
    if size == 14 {
        let fast = hand_wins(&case.hand(Size::Complete), RULES);
        let slow = brute.is_win(&counts, 0, melds);
        prop_assert_eq!(fast, slow, "is_win of {}", case);
        if case.intact {
            prop_assert!(slow, "{} was built complete", case);
        }
    } else {
        let fast = Waits::of(&case.hand(Size::Waiting), RULES).tiles;
        let slow = brute.winning_tiles(&counts, 0, melds, &case.held(), 0);
        prop_assert_eq!(fast, slow, "winning tiles of {}", case);
    }
    if size != 14 {
        let fast = knitted_winning_tiles(&counts, &case.held(), melds, RULES);
        let slow = knitted::winning_tiles(&counts, &case.held(), melds, RULES);
        prop_assert_eq!(fast, slow, "knitted winning tiles of {}", case);
    }
    let fast = forms::of_hand(&case.hand(Size::Any), RULES);
    match brute.shanten(&counts, 0, melds, MAX_DRAWS) {
        Some(slow) => prop_assert_eq!(fast, slow, "shanten of {}", case),
        None => prop_assert!(fast >= i32::from(MAX_DRAWS), "shanten of {}", case),
    }
    Ok(())
}

/// The shanten after each discard of the 3n+2 hand `counts` (plus `melds`), one pass
/// against kind by kind.
fn check_discards(counts: &Counts, melds: &[Meld], case: &Case) -> Result<(), TestCaseError> {
    let hand = Hand::from_counts(counts, melds, &[]);
    let fast = forms::after_discards(&hand, RULES);
    let slow = forms::after_discards_by_kind(&hand, RULES);
    prop_assert_eq!(fast, slow, "after discards of {:?} from {}", counts, case);
    Ok(())
}

/// The shanten after each draw of `kinds` (those held at most three times) to the 3n+1
/// hand `counts`, one pass against kind by kind.
fn check_draws(
    counts: &Counts,
    melds: &[Meld],
    kinds: KindMask,
    case: &Case,
) -> Result<(), TestCaseError> {
    let hand = Hand::from_counts(counts, melds, &[]);
    let kinds = (0..KINDS)
        .filter(|&k| hand.held[k] < 4 && kinds >> k & 1 == 1)
        .fold(0, |m, k| m | 1 << k);
    let fast = forms::after_draws(&hand, kinds, RULES);
    let slow = forms::after_draws_by_kind(&hand, kinds, RULES);
    prop_assert_eq!(
        fast,
        slow,
        "after draws {:x} to {:?} from {}",
        kinds,
        counts,
        case
    );
    Ok(())
}

/// The one-pass shanten after each discard and each draw of `case`'s hand: a 3n+2 hand as
/// it is and less the tile at `other`; a 3n+1 hand as it is and with a tile of kind `other`
/// more (when the kind has a copy left). Draws of every kind and of the kinds of `subset`.
fn check_one_pass(case: &Case, other: Index, subset: u64) -> Result<(), TestCaseError> {
    let (mut counts, _) = case.naturals();
    let melds = &case.melds;
    let all: KindMask = (1 << KINDS) - 1;
    let size: usize = counts.iter().map(|&c| usize::from(c)).sum::<usize>() + 3 * melds.len();
    if size == 14 {
        check_discards(&counts, melds, case)?;
        let held: Vec<usize> = (0..KINDS).filter(|&k| counts[k] > 0).collect();
        counts[held[other.index(held.len())]] -= 1;
        check_draws(&counts, melds, all, case)?;
        check_draws(&counts, melds, subset & all, case)?;
    } else {
        check_draws(&counts, melds, all, case)?;
        check_draws(&counts, melds, subset & all, case)?;
        let k = other.index(KINDS);
        if case.held()[k] < 4 {
            counts[k] += 1;
            check_discards(&counts, melds, case)?;
        }
    }
    Ok(())
}

const fn cases_count(release: u32) -> u32 {
    if cfg!(debug_assertions) {
        release / 10
    } else {
        release
    }
}

const COMPLETE: Kind = Kind {
    waiting: false,
    random: false,
    far: false,
};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases_count(3_000)))]

    #[test]
    fn knitted_hands_match_brute_force(case in knitted_cases()) {
        check(&case)?;
    }

    #[test]
    fn positions_under_knitted_forms_match_brute_force(case in prop_oneof![
        under_knitted(COMPLETE),
        under_knitted(Kind { waiting: true, ..COMPLETE }),
        under_knitted(Kind { random: true, ..COMPLETE }),
    ]) {
        check(&case)?;
    }

    #[test]
    fn one_pass_after_discards_and_draws_match_kind_by_kind(
        case in prop_oneof![
            knitted_cases(),
            under_knitted(COMPLETE),
            under_knitted(Kind { waiting: true, ..COMPLETE }),
            under_knitted(Kind { random: true, ..COMPLETE }),
        ],
        other in any::<Index>(),
        subset in any::<u64>(),
    ) {
        check_one_pass(&case, other, subset)?;
    }
}
