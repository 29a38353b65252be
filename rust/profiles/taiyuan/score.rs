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

use super::points::{max_points, points, Scoring};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::{Meld, MeldKind, Size};
    use crate::tiles::parse;
    use pattern::THIRTEEN_ORPHANS as THIRTEEN;
    use pattern::{ALL_ONE_SUIT as ONE_SUIT, PLAIN, SEVEN_PAIRS as PAIRS, STRAIGHT};
    use Shape::{SevenPairs as SP, Standard as STD, ThirteenOrphans as TO};

    const NONE: Scoring = Scoring {
        bonus_patterns: false,
        draw5_win6: false,
    };
    const BONUS: Scoring = Scoring {
        bonus_patterns: true,
        draw5_win6: false,
    };
    const DRAW5: Scoring = Scoring {
        bonus_patterns: false,
        draw5_win6: true,
    };

    /// The one kind of `text` (`"5m"`).
    fn kind(text: &str) -> u8 {
        parse(text).unwrap()[0]
    }

    fn pong(tile: &str) -> Meld {
        Meld {
            kind: MeldKind::Pong,
            tile: kind(tile),
        }
    }

    /// `score_win` of the complete hand `tiles` (the winning tile among them) with `melds`
    /// and the wildcard kinds `wildcards`, won with `tile`.
    fn score(
        tiles: &str,
        melds: &[Meld],
        wildcards: &str,
        tile: &str,
        self_draw: bool,
        scoring: Scoring,
    ) -> Result<WinScore> {
        let wild = parse(wildcards).unwrap();
        let hand = Hand::new(&parse(tiles).unwrap(), melds, &wild, true, Size::Complete)
            .unwrap_or_else(|e| panic!("{tiles}: {e}"));
        score_win(&hand, kind(tile), self_draw, EvalRules::default(), scoring)
    }

    #[test]
    fn thresholds_3_6_and_5_6() {
        // RULES §4: 1–2 never, 3–5 self-draw only, 6–10 both; 摸五胡六: 1–4 never, 5
        // self-draw only. The hand waits on a pair of `x`: p is x's points (§1, §5.1).
        // (x, self-draw, scoring, points, allowed, payment)
        let cases: &[(&str, bool, Scoring, u8, bool, u32)] = &[
            ("1m", true, NONE, 1, false, 2),
            ("2m", true, NONE, 2, false, 4),
            ("3m", true, NONE, 3, true, 6),
            ("3m", false, NONE, 3, false, 3),
            ("5m", false, NONE, 5, false, 5),
            ("6m", false, NONE, 6, true, 6),
            ("9m", false, NONE, 9, true, 9),
            ("2z", false, NONE, 10, true, 10),
            ("7z", true, NONE, 10, true, 20),
            ("4m", true, DRAW5, 4, false, 8),
            ("5m", true, DRAW5, 5, true, 10),
            ("5m", false, DRAW5, 5, false, 5),
            ("6m", false, DRAW5, 6, true, 6),
        ];
        for &(x, self_draw, scoring, points, allowed, payment) in cases {
            let tiles = format!("123p456p789s111z{x}{x}");
            let s = score(&tiles, &[], "", x, self_draw, scoring).unwrap();
            let case = format!("{tiles} on {x}, self-draw {self_draw}, {scoring:?}");
            assert_eq!(s.points, points, "{case}");
            assert_eq!(s.allowed, allowed, "{case}");
            assert_eq!(s.payment, payment, "{case}");
            assert_eq!((s.shape, s.patterns, s.factor), (STD, PLAIN, 1), "{case}");
        }
    }

    #[test]
    fn max_point_rule_for_a_drawn_wildcard() {
        // (tiles, wildcard kinds, winning tile, self-draw, scoring, points, allowed)
        let cases: &[(&str, &str, &str, bool, Scoring, u8, bool)] = &[
            // RULES §6: a drawn wildcard is worth the best winning tile (3m 6m: 6).
            ("123m456p789s11z45m7z", "7z", "7z", true, NONE, 6, true),
            // RULES §6: a discarded wildcard cannot be won on (p is its own kind's 10).
            ("123m456p789s11z45m7z", "7z", "7z", false, NONE, 10, false),
            // Waiting on 3m only: the wildcard is a 3, enough for a self-draw (§4) ...
            ("123m456p789s11z12m7z", "7z", "7z", true, NONE, 3, true),
            // ... but not under 摸五胡六.
            ("123m456p789s11z12m7z", "7z", "7z", true, DRAW5, 3, false),
            // RULES §6: no natural winning tile (1m is held four times): p is the
            // wildcard kind's own value, 2 here (never wins) and 9 there.
            ("1111m234p567p789s2m", "2m", "2m", true, NONE, 2, false),
            ("1111m234p567p789s9p", "9p", "9p", true, NONE, 9, true),
            // A natural tile drawn by a hand holding a wildcard is worth its own points,
            // though a wildcard would have been worth 10 (the position waits on 1z too).
            ("123m456p789s1z456m7z", "7z", "6m", true, NONE, 6, true),
            // Two wildcard kinds: 5m stands in the position, which then waits on 1z.
            ("123m456p789s11z45m7z", "5m7z", "7z", true, NONE, 10, true),
        ];
        for &(tiles, wild, tile, self_draw, scoring, points, allowed) in cases {
            let s = score(tiles, &[], wild, tile, self_draw, scoring).unwrap();
            let case = format!("{tiles} (wildcards {wild}) on {tile}, self-draw {self_draw}");
            assert_eq!((s.points, s.allowed), (points, allowed), "{case}");
            let times = if self_draw { 2 } else { 1 };
            assert_eq!(s.payment, u32::from(points) * times, "{case}");
        }
    }

    /// Score each hand `tiles` with `melds`, won with `tile` (self-drawn or not), with
    /// bonus_patterns (the factor and payment given) and without (the same shape and
    /// patterns, factor 1).
    fn check_factors(shape: Shape, melds: &[Meld], cases: &[(&str, &str, bool, u32, u32, u32)]) {
        for &(tiles, tile, self_draw, patterns, factor, payment) in cases {
            let case = format!("{tiles} {melds:?} on {tile}, self-draw {self_draw}");
            let s = score(tiles, melds, "", tile, self_draw, BONUS).unwrap();
            assert_eq!((s.shape, s.patterns), (shape, patterns), "{case}");
            assert_eq!((s.factor, s.payment), (factor, payment), "{case}");
            let s = score(tiles, melds, "", tile, self_draw, NONE).unwrap();
            assert_eq!((s.shape, s.patterns), (shape, patterns), "{case}, no bonus");
            assert_eq!(
                (s.factor, s.payment),
                (1, payment / factor),
                "{case}, no bonus"
            );
        }
    }

    const ONE_LONG: u32 = ONE_SUIT | STRAIGHT;

    #[test]
    fn standard_patterns_and_factors() {
        // (tiles, winning tile, self-draw, patterns, factor, payment)
        check_factors(
            STD,
            &[],
            &[
                // RULES §5.1: 平胡 ×1.
                ("123m456p789s111z22z", "2z", false, PLAIN, 1, 10),
                // RULES §5.1: 一条龙 ×2, and ×2 for the self-draw.
                ("123m456m789m123p55p", "9m", true, STRAIGHT, 2, 36),
                // RULES §5.1: 清一色 ×2.
                ("111m234m567m999m88m", "8m", false, ONE_SUIT, 2, 16),
                // RULES §5.1 Decision: 清一色 一条龙, the factors multiply.
                ("123m456m789m222m55m", "5m", true, ONE_LONG, 4, 40),
                // Honors are not a suit of 清一色 (RULES §5.1: "no honors").
                ("123m456m789m111z22z", "2z", false, STRAIGHT, 2, 20),
            ],
        );
        // A meld counts for 清一色: a pong of 9p leaves only the straight.
        let straight = [("123m456m789m55m", "9m", false, STRAIGHT, 2, 18)];
        check_factors(STD, &[pong("9p")], &straight);
        let both = [("123m456m789m55m", "9m", false, ONE_LONG, 4, 36)];
        check_factors(STD, &[pong("9m")], &both);
    }

    #[test]
    fn seven_pairs_and_orphans_factors() {
        // (tiles, winning tile, self-draw, patterns, factor, payment)
        check_factors(
            SP,
            &[],
            &[
                // RULES §5.1: 七小对 ×2.
                ("1133557799m1122z", "2z", false, PAIRS[0], 2, 20),
                // RULES §5.1 Decision: 清一色 七小对 is ×4, the best reading (the 清一色
                // standard reading is ×2).
                ("11223344556677m", "7m", false, PAIRS[0] | ONE_SUIT, 4, 28),
                // RULES §5.1: 黄金七小对 ×4, 豪华七小对 ×8, 豪华黄金七小对 ×16.
                ("1111m3355p7799s11z", "1z", false, PAIRS[1], 4, 40),
                ("1111m3333p5577s11z", "7s", false, PAIRS[2], 8, 56),
                ("1111m3333p5555s11z", "1z", true, PAIRS[3], 16, 320),
                // RULES §5.1 Decision: only the highest of the family, times 清一色's ×2.
                ("11113355779999m", "9m", false, PAIRS[2] | ONE_SUIT, 16, 144),
            ],
        );
        // RULES §5.1 Decision: 十三幺 ×1.
        let orphans = [("119m19p19s1234567z", "7z", false, THIRTEEN, 1, 10)];
        check_factors(TO, &[], &orphans);
    }

    #[test]
    fn wildcards_name_patterns_without_factors() {
        // RULES §6: no pattern factors in a wildcard mode, even if score_win is asked for
        // them (the profile refuses bonus_patterns with wildcards); docs/rules.md §5.4: the
        // patterns of the best reading are still named.
        // (tiles, wildcard kinds, winning tile, shape, patterns)
        let cases: &[(&str, &str, &str, Shape, u32)] = &[
            // The wildcard is the seventh pair's 7m.
            ("1122334455667m7z", "7z", "6m", SP, PAIRS[0] | ONE_SUIT),
            // Four wildcards make two of the pairs quads: 豪华七小对.
            ("1122334455m7777z", "7z", "5m", SP, PAIRS[2] | ONE_SUIT),
            // The wildcard completes the straight (it stands for 5m).
            ("1234m6789m123p55p7z", "7z", "9m", STD, STRAIGHT),
            // A wildcard kind that is not held still turns the factors off.
            ("11223344556677m", "7z", "7m", SP, PAIRS[0] | ONE_SUIT),
        ];
        for &(tiles, wild, tile, shape, patterns) in cases {
            let s = score(tiles, &[], wild, tile, false, BONUS).unwrap();
            let case = format!("{tiles} (wildcards {wild}) on {tile}");
            assert_eq!((s.shape, s.patterns), (shape, patterns), "{case}");
            assert_eq!(s.factor, 1, "{case}");
            assert_eq!(s.payment, u32::from(s.points), "{case}");
        }
    }

    #[test]
    fn a_hand_that_does_not_win_is_an_error() {
        let cases: &[(&str, &str)] = &[
            ("123m456p789s11z135m", "5m"),
            ("13579m13579p1357s", "7s"),
            ("1133557799m1112z", "2z"),
        ];
        for &(tiles, tile) in cases {
            let e = score(tiles, &[], "", tile, true, NONE).unwrap_err();
            let message = format!("the hand is not a winning hand (winning tile {tile})");
            assert_eq!(e, Error::NotWinning(message), "{tiles}");
        }
    }
}
