//! 二五八将 (docs/rules.md §11, "Winning"): a standard hand wins as a 小胡 only with a pair of
//! 2, 5 or 8; the 大胡 shapes 碰碰胡 and 清一色 take any pair, 七小对 any pairs, and 将将胡
//! (every tile a 2, 5 or 8) needs no shape. The shared evaluators (`forms`, `waits`,
//! `decompose`) ask this module under `WinForms::Pair258`, and its shanten
//! (`pair258_shanten.rs`) and winning tiles (`pair258_waits.rs`). No wildcards.

use crate::eval::rules::EvalRules;
use crate::eval::shape::is_standard;
use crate::hand::{Meld, MeldKind};
use crate::tiles::{four_kinds, held_kinds, odd_kinds, pair_kinds, Counts, KindMask, FIRST_HONOR};

/// The 2-5-8 kinds: ranks 2, 5 and 8 of each suit.
pub const KINDS_258: KindMask = 0b010_010_010 * (1 | 1 << 9 | 1 << 18);

/// The 大胡 shapes, as bits.
pub mod big {
    /// 碰碰胡: every group a triplet (melds pongs or kongs), any pair.
    pub const ALL_PONGS: u8 = 1;
    /// 将将胡: every tile a 2, 5 or 8.
    pub const ALL_258: u8 = 2;
    /// 清一色: one suit, standard shape (any pair) or seven pairs.
    pub const ONE_SUIT: u8 = 4;
    /// 七小对: seven pairs.
    pub const SEVEN_PAIRS: u8 = 8;
}

/// What the win test needs of the declared melds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeldInfo {
    pub count: u8,
    /// Some meld is a chow.
    pub chow: bool,
    /// The melds' suits (bit per suit).
    pub suits: u8,
    /// Every meld's tiles are 2-5-8 kinds.
    pub all_258: bool,
}

impl MeldInfo {
    /// The melds of a hand.
    #[must_use]
    pub fn of(melds: &[Meld]) -> Self {
        MeldInfo {
            count: melds.len() as u8,
            chow: melds.iter().any(|m| m.kind == MeldKind::Chow),
            suits: melds
                .iter()
                .filter(|m| (m.tile as usize) < FIRST_HONOR)
                .fold(0, |s, m| s | 1 << (m.tile / 9)),
            all_258: melds
                .iter()
                .all(|m| m.kind != MeldKind::Chow && KINDS_258 >> m.tile & 1 == 1),
        }
    }

    /// `count` melds whose kinds are unknown (callers that give only a meld count): only
    /// the forms that do not look at the melds can win.
    #[must_use]
    pub const fn unknown(count: u8) -> Self {
        MeldInfo {
            count,
            chow: count > 0,
            suits: if count > 0 { 0b111 } else { 0 },
            all_258: count == 0,
        }
    }
}

/// The evaluators' rules of the 2-5-8 forms' shapes: suited tiles, standard groups.
fn suited_shapes() -> EvalRules {
    EvalRules {
        no_honors: true,
        ..EvalRules::default()
    }
}

fn suits_of(counts: &Counts) -> u8 {
    crate::eval::suits::of_counts(counts)
}

/// The standard shape with a 2-5-8 pair (the 小胡 shape).
///
/// Precondition: `Σcounts = 14 − 3·melds`, counts ≤ 4.
#[must_use]
pub fn standard_258(counts: &Counts) -> bool {
    (0..27usize)
        .filter(|&k| KINDS_258 >> k & 1 == 1 && counts[k] >= 2)
        .any(|k| {
            let mut c = *counts;
            c[k] -= 2;
            crate::eval::shape::melds_only(&c, suited_shapes())
        })
}

/// The 大胡 shapes (`big::*` bits) of a complete hand: concealed `counts` and `melds`.
///
/// Precondition: `Σcounts = 14 − 3·melds.count`, counts ≤ 4.
#[must_use]
pub fn big_shapes(counts: &Counts, melds: MeldInfo) -> u8 {
    let mut bits = 0;
    let seven_pairs = melds.count == 0 && counts.iter().all(|&c| c % 2 == 0);
    if seven_pairs {
        bits |= big::SEVEN_PAIRS;
    }
    if melds.all_258
        && counts
            .iter()
            .enumerate()
            .all(|(k, &c)| c == 0 || KINDS_258 >> k & 1 == 1)
    {
        bits |= big::ALL_258;
    }
    let pairs = counts.iter().filter(|&&c| c == 2).fold(0, |n, _| n + 1);
    if !melds.chow && pairs == 1 && counts.iter().all(|&c| matches!(c, 0 | 2 | 3)) {
        bits |= big::ALL_PONGS;
    }
    if (suits_of(counts) | melds.suits).is_power_of_two()
        && (seven_pairs || is_standard(counts, 0, suited_shapes()))
    {
        bits |= big::ONE_SUIT;
    }
    bits
}

/// Whether each group (a suit, the honors) holds a multiple of three tiles but one, which
/// holds two more: what the standard shape needs, its groups and pair each of one group.
fn standard_sizes(counts: &Counts) -> bool {
    let mut pairs = 0;
    for g in 0..4 {
        let tiles: u8 = counts[9 * g..(9 * g + 9).min(counts.len())].iter().sum();
        match tiles % 3 {
            0 => {}
            2 => pairs += 1,
            _ => return false,
        }
    }
    pairs == 1
}

/// Whether a complete hand wins: a 大胡 shape, or the standard shape with a 2-5-8 pair.
/// The shapes without groups are read off the kinds' counts first; 清一色 and the 小胡
/// shape both need the standard shape.
///
/// Precondition: `Σcounts = 14 − 3·melds.count`, counts ≤ 4.
#[must_use]
pub fn wins(counts: &Counts, melds: MeldInfo) -> bool {
    let (held, two) = (held_kinds(counts), pair_kinds(counts));
    let (odd, four) = (odd_kinds(counts), four_kinds(counts));
    let seven_pairs = melds.count == 0 && odd == 0;
    let all_258 = melds.all_258 && held & !KINDS_258 == 0;
    // 碰碰胡: no kind held once or four times, one held twice.
    let all_pongs = !melds.chow && held & !two == 0 && four == 0 && (two & !odd).is_power_of_two();
    seven_pairs
        || all_258
        || all_pongs
        || standard_sizes(counts)
            && is_standard(counts, 0, suited_shapes())
            && ((suits_of(counts) | melds.suits).is_power_of_two() || standard_258(counts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::hand;

    #[test]
    fn wins_by_form() {
        let none = MeldInfo::unknown(0);
        let cases: &[(&str, bool, u8)] = &[
            ("123m456m789m123p55p", true, 0),
            ("123m456m789m123p33p", false, 0),
            ("111m333m555p777s99s", true, big::ALL_PONGS),
            ("123m456m789m11122m", true, big::ONE_SUIT),
            ("1133m5577p99s1144s", true, big::SEVEN_PAIRS),
            ("22555888m222p555s", true, big::ALL_258 | big::ALL_PONGS),
            ("25825825m258p258s", true, big::ALL_258),
            ("11m", false, 0),
        ];
        for &(text, win, bits) in cases {
            let c = hand(text);
            if c.iter().map(|&x| u32::from(x)).sum::<u32>() != 14 {
                continue;
            }
            assert_eq!(big_shapes(&c, none), bits, "{text}");
            assert_eq!(wins(&c, none), win, "{text}");
        }
    }
}
