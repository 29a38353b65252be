//! 二五八将 (docs/rules.md §11, "Winning"): a standard hand wins as a 小胡 only with a pair of
//! 2, 5 or 8; the 大胡 shapes 碰碰胡 and 清一色 take any pair, 七小对 any pairs, and 将将胡
//! (every tile a 2, 5 or 8) needs no shape. The shared evaluators (`shape`, `waits`,
//! `shanten`, `decompose`) ask this module under `WinForms::Pair258`. No wildcards.

use crate::eval::rules::EvalRules;
use crate::eval::shanten;
use crate::eval::shape::{is_standard, Keys};
use crate::hand::{Hand, Meld, MeldKind};
use crate::tiles::{each_kind, held_kinds, Counts, KindMask, FIRST_HONOR};

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

/// Whether a complete hand wins: a 大胡 shape, or the standard shape with a 2-5-8 pair.
///
/// Precondition: `Σcounts = 14 − 3·melds.count`, counts ≤ 4.
#[must_use]
pub fn wins(counts: &Counts, melds: MeldInfo) -> bool {
    big_shapes(counts, melds) != 0 || standard_258(counts)
}

/// The kinds that complete the waiting `counts` (13 − 3·melds tiles) as one more tile.
#[must_use]
pub fn winning_tiles(counts: &Counts, held: &Counts, melds: MeldInfo) -> KindMask {
    let mut out = 0;
    for k in 0..27usize {
        if held[k] < 4 {
            let mut c = *counts;
            c[k] += 1;
            if wins(&c, melds) {
                out |= 1 << k;
            }
        }
    }
    out
}

/// The winning tiles of a validated waiting hand.
#[must_use]
pub fn hand_waits(hand: &Hand) -> KindMask {
    winning_tiles(&hand.counts, &hand.held, MeldInfo::of(&hand.melds))
}

/// The most concealed tiles some winning hand can keep (for shanten: the rest must be
/// exchanged): the best of the 2-5-8 standard shape and each 大胡 shape the melds allow.
///
/// Precondition: counts ≤ 4.
#[must_use]
pub fn keep(counts: &Counts, melds: MeldInfo) -> u8 {
    let need = 4 - melds.count.min(4) as usize;
    let size = 14 - 3 * melds.count.min(4);
    let keys = Keys::of(counts);
    // 小胡: a 2-5-8 pair (kept from the hand or drawn) and the melds.
    let pair_kinds = held_kinds(counts) & KINDS_258;
    let (melds_only, less) = shanten::melds_keep_less_pairs(&keys, counts, need, pair_kinds);
    let mut best = melds_only;
    for k in each_kind(pair_kinds) {
        let k = k as usize;
        best = best.max(counts[k].min(2) + less[k]);
    }
    // 碰碰胡: `need` triplets and a pair, from the kinds held most: the kinds' counts (at
    // most 3) in falling order, the pair's kind leaving the triplets and the next kind in
    // line taking its place. Only the order's values matter, so they are counted, not sorted.
    if !melds.chow {
        let mut held = [0usize; 4];
        for &c in &counts[..27] {
            held[usize::from(c.min(3))] += 1;
        }
        let mut order = [0u8; 27];
        let mut i = 0;
        for v in (0..4u8).rev() {
            order[i..i + held[usize::from(v)]].fill(v);
            i += held[usize::from(v)];
        }
        let sum: u8 = order[..need].iter().sum();
        let next = order.get(need).copied().unwrap_or(0);
        for (i, &v) in order.iter().enumerate() {
            let triplets = if i < need { sum - v + next } else { sum };
            best = best.max(v.min(2) + triplets);
        }
    }
    // 清一色: one suit, the melds' too. 七小对: seven pairs.
    let (mut pairs, mut halves) = ([0u8; 4], [0u8; 4]);
    for (k, &c) in counts.iter().enumerate() {
        pairs[(k / 9).min(3)] += c / 2;
        halves[(k / 9).min(3)] += c % 2;
    }
    for s in 0..3 {
        if melds.suits & !(1 << s) == 0 {
            best = best.max(shanten::suit_keep(&keys, s, need));
            if melds.count == 0 {
                best = best.max(shanten::seven_pairs_of(pairs[s], halves[s]));
            }
        }
    }
    if melds.count == 0 {
        let all = shanten::seven_pairs_of(pairs.iter().sum(), halves.iter().sum());
        best = best.max(all);
    }
    // 将将胡: any 2-5-8 tiles, no shape.
    if melds.all_258 {
        let n: u8 = (0..27)
            .filter(|&k| KINDS_258 >> k & 1 == 1)
            .map(|k| counts[k])
            .sum();
        best = best.max(n);
    }
    best.min(size)
}

/// Shanten under 二五八将 (no wildcards in play): the distance to the nearest winning form.
#[must_use]
pub fn shanten(counts: &Counts, wild: u8, melds: MeldInfo) -> i32 {
    let size = i32::from(14 - 3 * melds.count.min(4));
    size - i32::from(wild) - i32::from(keep(counts, melds)) - 1
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
