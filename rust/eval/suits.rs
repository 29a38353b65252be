//! Suits held by a hand, for 缺一门 (a win must lack at least one of the three suits).
//!
//! A suit mask has bit `s` set for suit `s` (0 万, 1 筒, 2 条); honors are no suit. Wildcards
//! never add a suit: one standing alone may be read as any tile of a suit already held.

use crate::hand::Hand;
use crate::tiles::{Counts, KindMask};

/// All three suits.
pub const ALL_SUITS: u8 = 0b111;

/// The kinds of suit `s` (0–2).
#[inline]
#[must_use]
pub const fn kinds_of_suit(s: usize) -> KindMask {
    0x1ff << (9 * s)
}

/// Suits of the natural tiles `counts`.
#[inline]
#[must_use]
pub fn of_counts(counts: &Counts) -> u8 {
    let mut suits = 0;
    for s in 0..3 {
        if counts[9 * s..9 * s + 9].iter().any(|&c| c > 0) {
            suits |= 1 << s;
        }
    }
    suits
}

/// Suits of the melds' tiles.
#[inline]
#[must_use]
pub fn of_melds(hand: &Hand) -> u8 {
    hand.melds
        .iter()
        .filter(|m| m.tile < 27)
        .fold(0, |acc, m| acc | 1 << (m.tile / 9))
}

/// Suits of a hand's natural concealed tiles and melds.
#[inline]
#[must_use]
pub fn of_hand(hand: &Hand) -> u8 {
    of_counts(&hand.counts) | of_melds(hand)
}

/// The kinds a position holding `suits` may still win with under 缺一门: every kind while
/// it holds at most one suit, the kinds of its two suits (and honors) while it holds two,
/// none once it holds three.
#[inline]
#[must_use]
pub const fn allowed_kinds(suits: u8) -> KindMask {
    match suits.count_ones() {
        0 | 1 => u64::MAX,
        2 => {
            let mut mask = !crate::tiles::SUITED_KINDS;
            let mut s = 0;
            while s < 3 {
                if suits >> s & 1 == 1 {
                    mask |= kinds_of_suit(s);
                }
                s += 1;
            }
            mask
        }
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::hand;

    #[test]
    fn suits_table() {
        let cases: &[(&str, u8)] = &[
            ("", 0),
            ("1m", 1),
            ("9p", 2),
            ("5s", 4),
            ("19m1z", 1),
            ("1m1p1s", 7),
            ("1p1s77z", 6),
        ];
        for &(text, expect) in cases {
            assert_eq!(of_counts(&hand(text)), expect, "{text}");
        }
        assert_eq!(allowed_kinds(0b011), !kinds_of_suit(2), "万筒");
        assert_eq!(allowed_kinds(0b100), u64::MAX, "条");
        assert_eq!(allowed_kinds(ALL_SUITS), 0, "all three");
    }
}
