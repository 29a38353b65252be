//! Point values (点数, docs/rules.md §4–§6): what a tile is worth, the max-point rule for a
//! self-drawn wildcard, and the thresholds that a declaration and a discard win need.

use crate::eval::waits::Waits;
use crate::tiles::{each_kind, KindMask, FIRST_HONOR};

/// The least a tile must be worth to be won on a discard, and to declare ready on.
pub const DISCARD_WIN_MIN: u8 = 6;

/// Point value (点数) of a kind: its rank for suited tiles, 10 for honors.
///
/// Precondition: `kind < 34`.
#[inline]
#[must_use]
pub const fn points(kind: usize) -> u8 {
    if kind >= FIRST_HONOR {
        10
    } else {
        (kind % 9) as u8 + 1
    }
}

/// Highest point value among a set of kinds, or `None` for the empty set.
#[must_use]
pub fn max_points(kinds: KindMask) -> Option<u8> {
    each_kind(kinds).map(|k| points(k as usize)).max()
}

/// `p` of a self-drawn wildcard by the max-point rule (docs/rules.md §6): the best winning
/// tile, or the best wildcard kind when no natural tile wins; `None` when a drawn wildcard
/// does not complete the hand.
#[must_use]
pub fn wildcard_points(waits: &Waits) -> Option<u8> {
    if waits.wildcards == 0 {
        return None;
    }
    max_points(waits.tiles).or_else(|| max_points(waits.wildcards))
}

/// 报听 allowed (docs/rules.md §4, §6): a winning tile, or a drawn wildcard's `p`, is worth
/// at least [`DISCARD_WIN_MIN`].
#[must_use]
pub fn declarable(waits: &Waits) -> bool {
    max_points(waits.tiles).is_some_and(|p| p >= DISCARD_WIN_MIN)
        || wildcard_points(waits).is_some_and(|p| p >= DISCARD_WIN_MIN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_and_the_max_point_rule() {
        let cases: &[(usize, u8)] = &[(0, 1), (4, 5), (8, 9), (9, 1), (26, 9), (27, 10), (33, 10)];
        for &(kind, p) in cases {
            assert_eq!(points(kind), p, "kind {kind}");
        }
        // (winning tiles, wildcard kinds completing, wildcard points, declarable)
        let waits: &[(KindMask, KindMask, Option<u8>, bool)] = &[
            (0, 0, None, false),
            (1 << 1 | 1 << 4, 0, None, false),    // 2m 5m
            (1 << 1 | 1 << 5, 0, None, true),     // 2m 6m
            (1 << 1, 1 << 31, Some(2), false),    // 2m, a drawn wildcard scores as 2m
            (0, 1 << 31, Some(10), true),         // only a wildcard: its own kind, 10
            (0, 1 << 2 | 1 << 3, Some(4), false), // 3m 4m wildcards
        ];
        for &(tiles, wildcards, p, declare) in waits {
            let w = Waits { tiles, wildcards };
            assert_eq!(wildcard_points(&w), p, "{tiles:#b} {wildcards:#b}");
            assert_eq!(declarable(&w), declare, "{tiles:#b} {wildcards:#b}");
        }
    }
}
