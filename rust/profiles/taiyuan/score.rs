//! The value of a win (docs/rules.md §5.1, §6): the max-point rule, thresholds, patterns and
//! factor.

use crate::error::{Error, Result};
use crate::eval::forms::is_win;
use crate::eval::shape::{is_seven_pairs, is_standard, is_thirteen_orphans, Shape};
use crate::eval::waits::Waits;
use crate::eval::EvalRules;
use crate::hand::Hand;
use crate::outcome::{pattern, WinScore};
use crate::tiles::Counts;

use super::points::{max_points, points};

/// The options of §8 that change a win's value and whether it may happen.
#[derive(Debug, Clone, Copy, Default)]
pub struct Scoring {
    /// 清一色、一条龙、七小对加番: pattern factors apply.
    pub bonus_patterns: bool,
    /// 摸五胡六: thresholds 5 (self-draw) / 6 (discard) instead of 3 / 6.
    pub draw5_win6: bool,
}

impl Scoring {
    /// Whether a win with a tile worth `points` is allowed (docs/rules.md §4 thresholds).
    #[must_use]
    pub const fn allows_win(self, points: u8, self_draw: bool) -> bool {
        let min = match (self.draw5_win6, self_draw) {
            (false, true) => 3,
            (true, true) => 5,
            (_, false) => 6,
        };
        points >= min
    }
}

/// Each pattern's factor under `bonus_patterns` (docs/rules.md §5.1), by bit (see
/// [`pattern`]).
pub const PATTERN_FACTORS: [u32; 8] = [1, 2, 2, 2, 4, 8, 16, 1];

/// Factors of the seven-pairs family by number of quads (docs/rules.md §5.1).
const SEVEN_PAIRS_FACTOR: [u32; 4] = [2, 4, 8, 16];

/// All natural tiles and melds in one suit, no honors (清一色). Wildcards stand for that suit.
fn all_one_suit(hand: &Hand) -> bool {
    let mut suits = 0u8;
    for (k, &c) in hand.counts.iter().enumerate() {
        if c > 0 {
            suits |= 1 << (k / 9).min(3);
        }
    }
    for m in &hand.melds {
        suits |= 1 << (m.tile as usize / 9).min(3);
    }
    // Exactly one suit, and it is not the honors.
    suits.is_power_of_two() && suits != 8
}

/// Some standard reading holds 123 456 789 of one suit as three sequences (一条龙).
fn has_straight(counts: &Counts, wild: u8, melds: u8, rules: EvalRules) -> bool {
    if melds > 1 {
        return false;
    }
    (0..3).any(|s| {
        let mut rest = *counts;
        let mut missing = 0u8;
        for r in 0..9 {
            if rest[s * 9 + r] > 0 {
                rest[s * 9 + r] -= 1;
            } else {
                missing += 1;
            }
        }
        missing <= wild && is_standard(&rest, wild - missing, rules)
    })
}

/// Most quads a seven-pairs reading can hold: odd counts take a wildcard first, then
/// spare wildcards turn pairs into quads (two each) or make quads of their own (four).
fn seven_pairs_quads(counts: &Counts, wild: u8) -> usize {
    let odd = counts.iter().filter(|&&c| c & 1 == 1).count() as u8;
    let mut spare = wild - odd;
    let mut quads = counts.iter().filter(|&&c| c >= 3).count();
    let pairs = counts.iter().filter(|&&c| c == 1 || c == 2).count() as u8;
    let upgrades = pairs.min(spare / 2);
    quads += upgrades as usize;
    spare -= 2 * upgrades;
    quads += (spare / 4) as usize;
    quads.min(3)
}

/// Shape, pattern bits and raw factor (before `bonus_patterns`) of the highest-scoring
/// reading of a complete hand.
///
/// Precondition: `hand` is complete and wins.
fn best_reading(hand: &Hand, rules: EvalRules) -> (Shape, u32, u32) {
    let melds = hand.meld_count();
    let one_suit = all_one_suit(hand);
    let suit_factor = if one_suit { 2 } else { 1 };
    let mut best: Option<(Shape, u32, u32)> = None;
    let mut consider = |cand: (Shape, u32, u32)| {
        if best.is_none_or(|b| cand.2 > b.2) {
            best = Some(cand);
        }
    };
    if is_standard(&hand.counts, hand.wild, rules) {
        let straight = has_straight(&hand.counts, hand.wild, melds, rules);
        let mut bits = 0;
        if one_suit {
            bits |= pattern::ALL_ONE_SUIT;
        }
        if straight {
            bits |= pattern::STRAIGHT;
        }
        let factor = suit_factor * if straight { 2 } else { 1 };
        consider((
            Shape::Standard,
            if bits == 0 { pattern::PLAIN } else { bits },
            factor,
        ));
    }
    if melds == 0 && is_seven_pairs(&hand.counts, hand.wild) {
        let q = seven_pairs_quads(&hand.counts, hand.wild);
        let bits = pattern::SEVEN_PAIRS[q] | if one_suit { pattern::ALL_ONE_SUIT } else { 0 };
        consider((Shape::SevenPairs, bits, SEVEN_PAIRS_FACTOR[q] * suit_factor));
    }
    if melds == 0 && !rules.no_honors && is_thirteen_orphans(&hand.counts) {
        consider((Shape::ThirteenOrphans, pattern::THIRTEEN_ORPHANS, 1));
    }
    best.unwrap_or((Shape::Standard, pattern::PLAIN, 1))
}

/// Score a win with `win_tile` (docs/rules.md §5.1, §6).
///
/// Precondition: `hand` is validated and complete (3n+2) and holds `win_tile`.
///
/// # Errors
/// [`Error::NotWinning`] if the hand does not win.
pub fn score_win(
    hand: &Hand,
    win_tile: u8,
    self_draw: bool,
    rules: EvalRules,
    scoring: Scoring,
) -> Result<WinScore> {
    if !is_win(&hand.counts, hand.wild, hand.meld_count(), rules) {
        return Err(Error::NotWinning(format!(
            "the hand is not a winning hand (winning tile {})",
            crate::hand::name(win_tile)
        )));
    }
    let wildcard_tile = hand.wildcards >> win_tile & 1 == 1;
    let points = if wildcard_tile && self_draw {
        let mut before = hand.clone();
        before.wild -= 1;
        before.held[win_tile as usize] -= 1;
        let waits = Waits::of(&before, rules);
        max_points(waits.tiles).unwrap_or_else(|| points(win_tile as usize))
    } else {
        points(win_tile as usize)
    };
    // A discarded wildcard is never won on.
    let allowed = (self_draw || !wildcard_tile) && scoring.allows_win(points, self_draw);
    let (shape, patterns, raw) = best_reading(hand, rules);
    let factor = if scoring.bonus_patterns && hand.wildcards == 0 {
        raw
    } else {
        1
    };
    let payment = u32::from(points) * factor * if self_draw { 2 } else { 1 };
    Ok(WinScore {
        points,
        allowed,
        shape,
        patterns,
        factor,
        payment,
    })
}
