//! Winning shapes (docs/rules.md §4): the standard shape, seven pairs, thirteen orphans, with
//! wildcards (docs/rules.md §6) standing for any tile.

use crate::eval::rules::EvalRules;
use crate::eval::tables::{
    melds_need, pair_need, HONORS, HONORS_WIND_RUNS, MOST_GROUP_TILES, POW5, SUIT,
};
use crate::tiles::{Counts, FIRST_HONOR, ORPHAN_KINDS};

/// The base-5 keys of the four groups (three suits, honors) of a hand.
#[derive(Debug, Clone, Copy)]
pub struct Keys(pub [u32; 4]);

impl Keys {
    /// Keys of `counts`. Precondition: every count ≤ 4.
    #[inline]
    #[must_use]
    pub fn of(counts: &Counts) -> Self {
        let mut k = [0u32; 4];
        for (g, key) in k.iter_mut().enumerate() {
            let base = g * 9;
            let n = if g == 3 { 7 } else { 9 };
            let mut v = 0u32;
            for i in (0..n).rev() {
                v = v * 5 + u32::from(counts[base + i]);
            }
            *key = v;
        }
        debug_assert!(
            (0..3).all(|g| counts[g * 9..g * 9 + 9].iter().sum::<u8>() <= MOST_GROUP_TILES),
            "a suit holding more tiles than the tables are built for"
        );
        Keys(k)
    }
}

/// Table entry of group `g` at `key`.
#[inline]
#[must_use]
pub fn entry(g: usize, key: u32, rules: EvalRules) -> u8 {
    if g < 3 {
        SUIT[key as usize]
    } else if rules.wind_runs {
        HONORS_WIND_RUNS[key as usize]
    } else {
        HONORS[key as usize]
    }
}

/// Fewest wildcards that make the standard shape from the natural tiles with these table
/// entries: every group into melds, one of them with the pair.
#[inline]
#[must_use]
pub fn standard_need(entries: [u8; 4]) -> u32 {
    let mut melds = 0u32;
    let mut extra = i32::MAX;
    for e in entries {
        melds += u32::from(melds_need(e));
        extra = extra.min(i32::from(pair_need(e)) - i32::from(melds_need(e)));
    }
    (melds as i32 + extra) as u32
}

/// Whether the naturals `counts` and `wild` wildcards form the standard shape.
///
/// Precondition: counts ≤ 4; `Σcounts + wild = 3n + 2`.
#[inline]
#[must_use]
pub fn is_standard(counts: &Counts, wild: u8, rules: EvalRules) -> bool {
    let k = Keys::of(counts);
    let entries = [0, 1, 2, 3].map(|g| entry(g, k.0[g], rules));
    standard_need(entries) <= u32::from(wild)
}

/// Whether the naturals `counts` split into melds alone (no pair, no wildcards).
///
/// Precondition: counts ≤ 4; `Σcounts` a multiple of 3.
#[must_use]
pub fn melds_only(counts: &Counts, rules: EvalRules) -> bool {
    let k = Keys::of(counts);
    (0..4).all(|g| melds_need(entry(g, k.0[g], rules)) == 0)
}

/// Seven pairs (七小对): a kind with an odd count needs one wildcard; four of a kind are two pairs.
///
/// Precondition: `Σcounts + wild = 14`.
#[inline]
#[must_use]
pub fn is_seven_pairs(counts: &Counts, wild: u8) -> bool {
    crate::tiles::odd_kinds(counts).count_ones() <= u32::from(wild)
}

/// Thirteen orphans (十三幺): every natural tile a terminal or honor, at most one kind twice.
/// The wildcards fill the missing kinds (there are always enough when fourteen tiles are held).
///
/// Precondition: `Σcounts + wild = 14`; honors in play.
#[inline]
#[must_use]
pub fn is_thirteen_orphans(counts: &Counts) -> bool {
    let mut extra = 0;
    for (k, &c) in counts.iter().enumerate() {
        if c > 0 && ORPHAN_KINDS >> k & 1 == 0 {
            return false;
        }
        extra += c.saturating_sub(1);
    }
    extra <= 1
}

/// Whether the tiles form the standard shape, seven pairs (no melds) or, with honors in
/// play, 十三幺 (no melds): `counts` are the natural concealed tiles, `wild` the wildcards
/// among them, `melds` the number of declared melds. The forms a profile selects ask this
/// (`forms::is_win`).
///
/// Precondition: counts ≤ 4, `Σcounts + wild = 14 − 3·melds`, `melds ≤ 4`.
#[inline]
#[must_use]
pub fn is_complete(counts: &Counts, wild: u8, melds: u8, rules: EvalRules) -> bool {
    if is_standard(counts, wild, rules) {
        return true;
    }
    melds == 0
        && (is_seven_pairs(counts, wild) || (!rules.no_honors && is_thirteen_orphans(counts)))
}

/// The honors digit weight of kind `k` within its group, and the group.
#[inline]
#[must_use]
pub const fn group_of(kind: usize) -> (usize, u32) {
    if kind >= FIRST_HONOR {
        (3, POW5[kind - FIRST_HONOR])
    } else {
        (kind / 9, POW5[kind % 9])
    }
}

/// The winning shapes; the numbers are those of `koudiandian.Shape`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Standard = 0,
    SevenPairs = 1,
    ThirteenOrphans = 2,
    /// 全不靠 (七星不靠 among them): fourteen different knitted and honor tiles.
    HonorsAndKnitted = 3,
    /// 组合龙: a knitted straight's nine tiles, one meld and a pair.
    KnittedStraight = 4,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::hand;

    fn win(text: &str, wild: u8, melds: u8, rules: EvalRules) -> bool {
        crate::eval::forms::is_win(&hand(text), wild, melds, rules)
    }

    #[test]
    fn shapes() {
        let plain = EvalRules::default();
        let runs = EvalRules {
            wind_runs: true,
            ..plain
        };
        let cases: &[(&str, u8, u8, EvalRules, bool)] = &[
            ("123m456m789m123p55z", 0, 0, plain, true),
            ("123m456m789m123p56z", 0, 0, plain, false),
            ("1122m3344p5566s77z", 0, 0, plain, true),
            ("1111m3344p5566s77z", 0, 0, plain, true),
            ("1111m3333p5555s77z", 0, 0, plain, true),
            ("19m19p19s1234567z1m", 0, 0, plain, true),
            ("19m19p19s123456z1m", 1, 0, plain, true),
            ("19m19p19s123456z", 2, 0, plain, true),
            ("19m19p19s1234567z2m", 0, 0, plain, false),
            ("123z456m789m123p55z", 0, 0, plain, false),
            ("123z456m789m123p55z", 0, 0, runs, true),
            ("124z456m789m123p55z", 0, 0, runs, true),
            ("134z456m789m123p55z", 0, 0, runs, true),
            ("234z456m789m123p55z", 0, 0, runs, true),
            ("567z456m789m123p11z", 0, 0, runs, true),
            ("13z456m789m123p22z", 1, 0, runs, true),
            ("13z456m789m123p22z", 1, 0, plain, false),
            ("55z", 0, 4, plain, true),
            ("5z", 1, 4, plain, true),
            ("", 2, 4, plain, true),
            ("1122m3344p5566s", 2, 0, plain, true),
            ("1m", 7, 2, plain, true),
            ("1111m", 4, 2, plain, true),
        ];
        for &(text, wild, melds, rules, expect) in cases {
            assert_eq!(
                win(text, wild, melds, rules),
                expect,
                "{text} +{wild} wild, {melds} melds"
            );
        }
    }
}
