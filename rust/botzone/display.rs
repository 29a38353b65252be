//! What the judge's `display` says of a win, as the official judge writes it from its fan
//! calculator: the fan names as the calculator's `fan_name[]` spells them, each fan with its
//! count and value in the calculator's order, and `fanCnt` — the calculator's return: the
//! fan total (花牌 included), or an error code for a hand that does not win.

use serde_json::{json, Value};

use crate::error::Error;
use crate::profiles::guobiao::fans::{self, Fan, FanCount, WinInput};

/// The calculator's `ERROR_WRONG_TILES_COUNT`.
pub const WRONG_TILES_COUNT: i32 = -1;
/// The calculator's `ERROR_TILE_COUNT_GREATER_THAN_4`.
pub const TILE_COUNT_GREATER_THAN_4: i32 = -2;
/// The calculator's `ERROR_NOT_WIN`.
pub const NOT_WIN: i32 = -3;

/// A fan's name as the calculator writes it: guobiao's name but for the three 独听 fans,
/// which the calculator calls 边张, 嵌张 and 单钓将.
#[must_use]
pub fn fan_name(fan: Fan) -> &'static str {
    match fan {
        Fan::EdgeWait => "边张",
        Fan::ClosedWait => "嵌张",
        Fan::SingleWait => "单钓将",
        other => other.name(),
    }
}

/// What the calculator answers for a hand: `fanCnt` and the fans scored (none for an
/// error code).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Calculated {
    /// The fan total with 花牌, or [`WRONG_TILES_COUNT`], [`TILE_COUNT_GREATER_THAN_4`],
    /// [`NOT_WIN`].
    pub fan_count: i32,
    pub fans: Vec<FanCount>,
    /// The fans without 花牌 reach 8 (0 for an error code).
    pub enough: bool,
}

/// The calculator's answer for `input` (guobiao's fans: the same calculator's).
#[must_use]
pub fn calculate(input: &WinInput) -> Calculated {
    match fans::score(input) {
        Ok(f) => Calculated {
            fan_count: i32::try_from(f.total()).unwrap_or(i32::MAX),
            enough: f.is_enough(),
            fans: f.items,
        },
        Err(e) => Calculated {
            fan_count: match e {
                Error::TileCount(_) => TILE_COUNT_GREATER_THAN_4,
                Error::NotWinning(_) => NOT_WIN,
                _ => WRONG_TILES_COUNT,
            },
            fans: Vec::new(),
            enough: false,
        },
    }
}

impl Calculated {
    /// The display's `fan` list: `{name, cnt, value}` per fan, in the calculator's order;
    /// `None` when no fan is scored (the judge then writes no `fan` key).
    #[must_use]
    pub fn fan_list(&self) -> Option<Value> {
        (!self.fans.is_empty()).then(|| {
            self.fans
                .iter()
                .map(|f| json!({"cnt": f.times, "name": fan_name(f.fan), "value": f.fan.value()}))
                .collect()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profiles::guobiao::fans::Situation;

    #[test]
    fn three_names_are_the_calculators() {
        assert_eq!(fan_name(Fan::EdgeWait), "边张");
        assert_eq!(fan_name(Fan::ClosedWait), "嵌张");
        assert_eq!(fan_name(Fan::SingleWait), "单钓将");
        assert_eq!(fan_name(Fan::AllTypes), "五门齐");
        assert_eq!(fan_name(Fan::ConcealedKongAndMeldedKong), "明暗杠");
    }

    fn input(hand: &str, tile: u8) -> Calculated {
        let concealed = crate::tiles::hand(hand);
        calculate(&WinInput {
            melds: &[],
            concealed: &concealed,
            win_tile: tile,
            flowers: 0,
            seat_wind: 0,
            prevalent_wind: 0,
            situation: Situation::default(),
        })
    }

    #[test]
    fn a_hand_that_does_not_win_is_error_three() {
        let c = input("1234569m 234p 112z", 31);
        assert_eq!((c.fan_count, c.fan_list()), (NOT_WIN, None));
    }

    #[test]
    fn a_fifth_copy_is_error_two() {
        let c = input("1111m 23456p 1122z", 0);
        assert_eq!(c.fan_count, TILE_COUNT_GREATER_THAN_4);
    }

    #[test]
    fn a_small_win_counts_its_fans_in_order() {
        // 123m 456m 789p 234s, waiting on 5z alone: 单钓将, far under 8 fans.
        let c = input("123456m 789p 234s 5z", 31);
        assert!(c.fan_count > 0 && !c.enough, "{c:?}");
        let list = c.fan_list().expect("fans");
        let names: Vec<&str> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["name"].as_str().unwrap())
            .collect();
        assert!(names.contains(&"单钓将"), "{names:?}");
    }
}
