//! A hand under a void suit that binds (定缺, Sichuan): a hand holding a tile of its void suit
//! cannot win, its winning tiles are outside that suit, and while it holds one it may discard
//! only void-suit tiles. The evaluators' answers for any forms, with the void suit given:
//! what `koudiandian.winning_tiles(..., void_suit=...)` and its family ask.
//!
//! The void suit is 0 万, 1 筒 or 2 条; tiles of a wildcard kind are not read here (callers
//! refuse a wildcard kind of the void suit).

use crate::eval::forms;
use crate::eval::rules::EvalRules;
use crate::eval::shanten::NEVER;
use crate::eval::suits::kinds_of_suit;
use crate::eval::waits::{self, Waits};
use crate::hand::Hand;
use crate::tiles::{held_kinds, KindMask};

/// Whether a meld of `hand` is of suit `suit` (such a hand never wins under that void suit).
fn melded(hand: &Hand, suit: u8) -> bool {
    hand.melds.iter().any(|m| m.tile < 27 && m.tile / 9 == suit)
}

/// The concealed tiles of suit `suit` in `hand`.
#[must_use]
pub fn held(hand: &Hand, suit: u8) -> u8 {
    let base = 9 * suit as usize;
    hand.counts[base..base + 9].iter().sum()
}

/// Whether `hand` holds a tile of suit `suit`, concealed or in a meld.
#[must_use]
pub fn holds(hand: &Hand, suit: u8) -> bool {
    held(hand, suit) > 0 || melded(hand, suit)
}

/// Whether a validated complete hand wins with `suit` void: it holds no tile of that suit
/// and wins under `rules`.
#[must_use]
pub fn wins(hand: &Hand, suit: u8, rules: EvalRules) -> bool {
    !holds(hand, suit) && forms::hand_wins(hand, rules)
}

/// The waits of a validated 3n+1 hand with `suit` void: none while it holds a tile of that
/// suit (it would still hold it after winning), else its waits outside that suit.
#[must_use]
pub fn waits(hand: &Hand, suit: u8, rules: EvalRules) -> Waits {
    if holds(hand, suit) {
        return Waits {
            tiles: 0,
            wildcards: 0,
        };
    }
    let w = Waits::of(hand, rules);
    Waits {
        tiles: w.tiles & !kinds_of_suit(suit as usize),
        ..w
    }
}

/// Shanten (向听) of a validated 3n+1 or 3n+2 hand with `suit` void: the fewest tiles it must
/// exchange to be ready (3n+1) or complete (3n+2, then −1), every tile of the void suit among
/// them, minus one. Each void-suit tile must go and its replacement may be any tile, so the
/// answer is the shanten of the hand with its void-suit tiles taken out and counted as
/// missing (the shanten formula reads the tiles a complete hand keeps, against 14 − 3·melds
/// tiles). [`NEVER`] when a meld is of the void suit: such a hand never wins.
#[must_use]
pub fn shanten(hand: &Hand, suit: u8, rules: EvalRules) -> i32 {
    if melded(hand, suit) {
        return NEVER;
    }
    let mut kept = hand.clone();
    let base = 9 * suit as usize;
    kept.counts[base..base + 9].fill(0);
    forms::of_hand(&kept, rules)
}

/// For a validated 3n+2 hand with `suit` void, each kind whose discard leaves it ready, with
/// its waits (outside the void suit): while it holds void-suit tiles it may discard only
/// those, and it is ready after one only if that was the last; none with a meld of the suit.
#[must_use]
pub fn ready_discards(hand: &Hand, suit: u8, rules: EvalRules) -> Vec<(u8, Waits)> {
    if melded(hand, suit) {
        return Vec::new();
    }
    let void: KindMask = kinds_of_suit(suit as usize) & held_kinds(&hand.counts);
    match held(hand, suit) {
        0 => waits::ready_discards(hand, rules)
            .into_iter()
            .map(|(k, w)| {
                let tiles = w.tiles & !kinds_of_suit(suit as usize);
                (k, Waits { tiles, ..w })
            })
            .filter(|(_, w)| w.is_ready())
            .collect(),
        1 => {
            let k = void.trailing_zeros() as usize;
            let mut after = hand.clone();
            after.counts[k] -= 1;
            after.held[k] -= 1;
            let w = waits(&after, suit, rules);
            if w.is_ready() {
                vec![(k as u8, w)]
            } else {
                Vec::new()
            }
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::Size;

    const RULES: EvalRules = EvalRules {
        wind_runs: false,
        no_honors: true,
        forms: crate::eval::rules::WinForms::Standard,
    };

    fn hand(text: &str) -> Hand {
        let kinds = crate::tiles::parse(text).expect(text);
        Hand::new(&kinds, &[], &[], false, Size::Any).expect(text)
    }

    #[test]
    fn void_tiles_count_as_missing() {
        // (hand, void suit, shanten)
        let cases: &[(&str, u8, i32)] = &[
            ("123456789m123p55p", 2, -1),
            ("123456789m123p55p", 1, 4),
            ("123456789m123p5p", 2, 0),
            ("123456789m123p5p", 1, 4),
            ("123456789m11p55s", 0, 9),
            ("123456789m11p55s", 2, 2),
            ("123456789m112p5s", 2, 1),
            ("1112345678999p", 0, 0),
        ];
        for &(text, suit, want) in cases {
            assert_eq!(
                shanten(&hand(text), suit, RULES),
                want,
                "{text} void {suit}"
            );
        }
    }

    #[test]
    fn no_win_and_no_wait_while_a_void_tile_is_held() {
        assert!(wins(&hand("123456789m123p55p"), 2, RULES));
        assert!(!wins(&hand("123456789m123p55p"), 1, RULES));
        let w = waits(&hand("1112345678999p"), 0, RULES).tiles;
        assert_eq!(w, 0x1ff << 9, "九莲宝灯 in 筒 waits on every 筒");
        assert_eq!(waits(&hand("1112345678999p"), 1, RULES).tiles, 0);
        assert_eq!(waits(&hand("123456789m123p5s"), 2, RULES).tiles, 0);
        assert_eq!(waits(&hand("123456789m123p5s"), 0, RULES).tiles, 0);
    }

    #[test]
    fn only_void_tiles_are_discarded_while_held() {
        let kinds = |v: Vec<(u8, Waits)>| v.into_iter().map(|(k, _)| k).collect::<Vec<_>>();
        let h = hand("123456789m1123p5s");
        assert_eq!(kinds(ready_discards(&h, 2, RULES)), vec![22], "only 5s");
        assert!(ready_discards(&hand("123456789m113p55s"), 2, RULES).is_empty());
        let none_void = kinds(ready_discards(&h, 0, RULES));
        assert!(none_void.is_empty(), "{none_void:?}");
        assert!(ready_discards(&h, 1, RULES).is_empty());
    }
}
