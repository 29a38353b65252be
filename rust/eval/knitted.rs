//! The knitted forms of Chinese Official Mahjong (docs/rules.md, guobiao "Shapes"), beside the
//! standard shape, seven pairs and 十三幺 under `WinForms::Knitted`: 全不靠 (fourteen different
//! tiles from one knitted straight and the seven honors; 七星不靠 when all seven honors are
//! among them) and 组合龙 (the nine tiles of a knitted straight, one meld and a pair). A
//! knitted straight is 147, 258 and 369, each in a different suit (six of them). No
//! wildcards.

use crate::eval::rules::EvalRules;
use crate::eval::shanten::standard_keep;
use crate::eval::shape::{is_complete, is_standard};
use crate::hand::Hand;
use crate::tiles::{each_kind, held_kinds, Counts, KindMask, KINDS, SUITED_KINDS};

/// Ranks 1-4-7, 2-5-8, 3-6-9 of the first suit.
const KNITS: [KindMask; 3] = [0b001_001_001, 0b010_010_010, 0b100_100_100];

/// The six knitted straights, as kind masks.
pub const KNITTED_STRAIGHTS: [KindMask; 6] = {
    let orders = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = [0; 6];
    let mut i = 0;
    while i < 6 {
        // Suit s takes the knit orders[i][s].
        out[i] = KNITS[orders[i][0]] | KNITS[orders[i][1]] << 9 | KNITS[orders[i][2]] << 18;
        i += 1;
    }
    out
};

/// The seven honors.
pub const HONOR_KINDS: KindMask = ((1 << KINDS) - 1) & !SUITED_KINDS;

/// 全不靠 (七星不靠 included): no melds, fourteen different kinds, the suited ones within one
/// knitted straight.
///
/// Precondition: `Σcounts = 14 − 3·melds`.
#[must_use]
pub fn is_honors_and_knitted(counts: &Counts, melds: u8) -> bool {
    if melds != 0 || counts.iter().any(|&c| c > 1) {
        return false;
    }
    let suited = held_kinds(counts) & SUITED_KINDS;
    KNITTED_STRAIGHTS.iter().any(|&s| suited & !s == 0)
}

/// 七星不靠: 全不靠 with all seven honors.
#[must_use]
pub fn is_greater_honors_and_knitted(counts: &Counts, melds: u8) -> bool {
    is_honors_and_knitted(counts, melds) && held_kinds(counts) & HONOR_KINDS == HONOR_KINDS
}

/// The knitted straights a 组合龙 reading of the hand can use: all nine tiles held, the rest
/// (one meld and a pair, or a pair beside one declared meld) in the standard shape. At most
/// one declared meld.
///
/// Precondition: `Σcounts = 14 − 3·melds`.
pub fn knitted_straights(
    counts: &Counts,
    melds: u8,
    rules: EvalRules,
) -> impl Iterator<Item = KindMask> + '_ {
    let held = held_kinds(counts);
    KNITTED_STRAIGHTS
        .iter()
        .copied()
        .filter(move |&s| melds <= 1 && held & s == s && is_standard(&less(counts, s), 0, rules))
}

/// `counts` less one tile of each kind of `mask`. Precondition: each is held.
#[must_use]
pub fn less(counts: &Counts, mask: KindMask) -> Counts {
    let mut c = *counts;
    for k in each_kind(mask) {
        c[k as usize] -= 1;
    }
    c
}

/// 组合龙 with one meld and a pair.
#[must_use]
pub fn is_knitted_straight(counts: &Counts, melds: u8, rules: EvalRules) -> bool {
    knitted_straights(counts, melds, rules).next().is_some()
}

/// Whether the tiles win under the knitted forms: the standard forms, 全不靠 or 组合龙.
///
/// Precondition: counts ≤ 4, `Σcounts = 14 − 3·melds`, no wildcards.
#[must_use]
pub fn wins(counts: &Counts, melds: u8, rules: EvalRules) -> bool {
    is_complete(counts, 0, melds, rules)
        || is_honors_and_knitted(counts, melds)
        || is_knitted_straight(counts, melds, rules)
}

/// The kinds that complete the waiting `counts` (13 − 3·melds tiles) as one more tile, of
/// those `held` fewer than four times, kind by kind: one [`wins`] per kind (the reference
/// `winning::knitted_winning_tiles` is tested against).
#[must_use]
pub fn winning_tiles(counts: &Counts, held: &Counts, melds: u8, rules: EvalRules) -> KindMask {
    let mut out = 0;
    let mut c = *counts;
    for k in 0..KINDS {
        if held[k] < 4 {
            c[k] += 1;
            if wins(&c, melds, rules) {
                out |= 1 << k;
            }
            c[k] -= 1;
        }
    }
    out
}

/// The winning tiles of a validated waiting hand.
#[must_use]
pub fn hand_waits(hand: &Hand, rules: EvalRules) -> KindMask {
    winning_tiles(&hand.counts, &hand.held, hand.meld_count(), rules)
}

/// Most tiles 全不靠 can keep of the distinct kinds `held`: the kinds within one knitted
/// straight and the honors (at most 14).
pub(crate) fn honors_and_knitted_keep(held: KindMask) -> u8 {
    let honors = (held & HONOR_KINDS).count_ones();
    KNITTED_STRAIGHTS
        .iter()
        .map(|&s| (held & s).count_ones() + honors)
        .max()
        .unwrap_or(0)
        .min(14) as u8
}

/// Most tiles 组合龙 can keep, or `floor` if that is more: one of each held kind of a
/// knitted straight and what the standard shape keeps of the rest with three melds counted
/// as made. A straight whose bound (its held kinds, and the 3 + 2 tiles of one meld and a
/// pair, or the 2 of the pair beside a declared meld) is not above `floor` is not read.
///
/// Precondition: `melds ≤ 1`, counts ≤ 4.
fn knitted_straight_keep(counts: &Counts, melds: u8, rules: EvalRules, floor: u8) -> u8 {
    let held = held_kinds(counts);
    let rest = 3 * (1 - melds) + 2;
    KNITTED_STRAIGHTS
        .iter()
        .filter(|&&s| (held & s).count_ones() as u8 + rest > floor)
        .map(|&s| {
            let mine = held & s;
            mine.count_ones() as u8 + standard_keep(&less(counts, mine), melds + 3, rules)
        })
        .fold(floor, u8::max)
}

/// Shanten under the knitted forms: the least of the standard forms' and the knitted ones'
/// (−1 complete, 0 ready).
///
/// Precondition: counts ≤ 4; `Σcounts` is `13 − 3·melds` or `14 − 3·melds`; no wildcards.
#[must_use]
pub fn shanten(counts: &Counts, melds: u8, rules: EvalRules) -> i32 {
    let standard = crate::eval::shanten::any_suits(counts, 0, melds, rules);
    let size = i32::from(14 - 3 * melds);
    let mut keep = 0;
    if melds == 0 {
        keep = honors_and_knitted_keep(held_kinds(counts));
    }
    if melds <= 1 {
        // A knitted keep counts only above the standard forms' keep (size − 1 − standard).
        let floor = keep.max((size - 1 - standard).clamp(0, 14) as u8);
        keep = knitted_straight_keep(counts, melds, rules, floor);
    }
    standard.min(size - i32::from(keep) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::hand;

    const RULES: EvalRules = EvalRules {
        wind_runs: false,
        no_honors: false,
        forms: crate::eval::rules::WinForms::Knitted,
    };

    #[test]
    fn straights() {
        assert_eq!(KNITTED_STRAIGHTS.len(), 6);
        for s in KNITTED_STRAIGHTS {
            assert_eq!(s.count_ones(), 9);
            assert_eq!(s & !SUITED_KINDS, 0);
        }
        let all = KNITTED_STRAIGHTS.iter().fold(0, |a, &s| a | s);
        assert_eq!(all, SUITED_KINDS, "every suited kind is in some straight");
    }

    #[test]
    fn forms() {
        let cases: &[(&str, u8, bool)] = &[
            ("147m258p369s1234567z", 0, false), // 16 tiles: not a hand
            ("147m25p36s1234567z", 0, true),    // 七星不靠
            ("147m258p369s12345z", 0, true),    // 全不靠 with a whole straight
            ("147m258p369s12346z", 0, true),
            ("147m258p368s12346z", 0, false), // 8s is not 369
            ("147m258p369s123m55z", 0, true), // 组合龙 + a chow + a pair
            ("147m258p369s111z55p", 0, true), // 组合龙 + a pung + a pair
            ("147m258p369s11z", 1, true),     // 组合龙 beside a meld
            ("147m258p369s11z", 2, false),
            ("147m258p369s12z5p", 1, false),
            ("123m456m789m123p55z", 0, true), // standard
        ];
        for &(text, melds, expect) in cases {
            let c = hand(text);
            let n: u32 = c.iter().map(|&x| u32::from(x)).sum();
            if n != 14 - 3 * u32::from(melds) {
                assert!(!expect, "{text}");
                continue;
            }
            assert_eq!(wins(&c, melds, RULES), expect, "{text} with {melds} melds");
        }
        assert!(is_greater_honors_and_knitted(
            &hand("147m25p36s1234567z"),
            0
        ));
        assert!(!is_greater_honors_and_knitted(
            &hand("147m258p369s12345z"),
            0
        ));
    }

    #[test]
    fn shanten_of_knitted_hands() {
        // 13 tiles from 全不靠: ready.
        assert_eq!(shanten(&hand("147m258p369s1234z"), 0, RULES), 0);
        // 十三幺 ready.
        assert_eq!(shanten(&hand("19m19p19s1234567z"), 0, RULES), 0);
        // 组合龙 ready on a pair.
        assert_eq!(shanten(&hand("147m258p369s1z"), 1, RULES), 0);
        // Complete.
        assert_eq!(shanten(&hand("147m25p36s1234567z"), 0, RULES), -1);
    }
}
