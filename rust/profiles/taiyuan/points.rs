//! Point values (点数, docs/rules.md §4–§6): what a tile is worth, the max-point rule for a
//! self-drawn wildcard, and the thresholds that a declaration and a win need ([`Scoring`]:
//! with the options that set them, and why a win that misses them is refused).

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

/// The options of §8 that change a win's value and whether it may happen.
#[derive(Debug, Clone, Copy, Default)]
pub struct Scoring {
    /// 清一色、一条龙、七小对加番: pattern factors apply.
    pub bonus_patterns: bool,
    /// 摸五胡六: thresholds 5 (self-draw) / 6 (discard) instead of 3 / 6.
    pub draw5_win6: bool,
}

impl Scoring {
    /// The least points a win needs (docs/rules.md §4 thresholds): 3 on a self-draw (5
    /// under 摸五胡六), [`DISCARD_WIN_MIN`] on a discard.
    #[must_use]
    pub const fn least_points(self, self_draw: bool) -> u8 {
        match (self.draw5_win6, self_draw) {
            (false, true) => 3,
            (true, true) => 5,
            (_, false) => DISCARD_WIN_MIN,
        }
    }

    /// Whether a win with a tile worth `points` is allowed (docs/rules.md §4 thresholds).
    #[must_use]
    pub const fn allows_win(self, points: u8, self_draw: bool) -> bool {
        points >= self.least_points(self_draw)
    }

    /// Why a win with a tile worth `points` may not happen (`wildcard_tile`: the winning
    /// tile is a wildcard kind), as `koudiandian analyze` says it; `None` when
    /// [`super::score::score_win`] allows it.
    #[must_use]
    pub fn refusal(self, points: u8, self_draw: bool, wildcard_tile: bool) -> Option<String> {
        if !self_draw && wildcard_tile {
            return Some("a discarded wildcard cannot be won on".to_owned());
        }
        if self.allows_win(points, self_draw) {
            return None;
        }
        let least = self.least_points(self_draw);
        Some(if self_draw {
            format!("a self-draw needs {least} points or more")
        } else {
            format!("a win on a discard needs {least} points or more")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NONE: Scoring = Scoring {
        bonus_patterns: false,
        draw5_win6: false,
    };
    const DRAW5: Scoring = Scoring {
        bonus_patterns: false,
        draw5_win6: true,
    };

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

    #[test]
    fn allows_win_is_the_threshold_table() {
        // RULES §4: (draw5_win6, self-draw, the least points that win).
        let cases: &[(bool, bool, u8)] = &[
            (false, true, 3),
            (false, false, 6),
            (true, true, 5),
            (true, false, 6),
        ];
        for &(draw5_win6, self_draw, min) in cases {
            let scoring = Scoring {
                bonus_patterns: false,
                draw5_win6,
            };
            for p in 0..=10 {
                assert_eq!(
                    scoring.allows_win(p, self_draw),
                    p >= min,
                    "{p} points, self-draw {self_draw}, draw5_win6 {draw5_win6}"
                );
            }
        }
    }

    #[test]
    fn refusal_says_the_threshold_missed() {
        // RULES §4, §6: (points, self-draw, a wildcard tile, scoring, the refusal).
        let cases: &[(u8, bool, bool, Scoring, Option<&str>)] = &[
            (3, true, false, NONE, None),
            (
                2,
                true,
                false,
                NONE,
                Some("a self-draw needs 3 points or more"),
            ),
            (
                4,
                true,
                false,
                DRAW5,
                Some("a self-draw needs 5 points or more"),
            ),
            (5, true, false, DRAW5, None),
            (
                5,
                false,
                false,
                NONE,
                Some("a win on a discard needs 6 points or more"),
            ),
            (
                5,
                false,
                false,
                DRAW5,
                Some("a win on a discard needs 6 points or more"),
            ),
            (6, false, false, DRAW5, None),
            (
                10,
                false,
                true,
                NONE,
                Some("a discarded wildcard cannot be won on"),
            ),
            (
                2,
                false,
                true,
                NONE,
                Some("a discarded wildcard cannot be won on"),
            ),
            (6, true, true, NONE, None),
        ];
        for &(points, self_draw, wild, scoring, expect) in cases {
            let case =
                format!("{points} points, self-draw {self_draw}, wildcard {wild}, {scoring:?}");
            let got = scoring.refusal(points, self_draw, wild);
            assert_eq!(got.as_deref(), expect, "{case}");
            let allowed = (self_draw || !wild) && scoring.allows_win(points, self_draw);
            assert_eq!(got.is_none(), allowed, "{case}");
        }
    }
}
