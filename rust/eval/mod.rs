//! The hand evaluators: shapes, suits, winning tiles, shanten and decomposition, over the
//! lookup tables of one suit. They know no profile: what they read of the rules is an
//! [`EvalRules`], compiled by the profile once.

pub mod decompose;
pub mod pair258;
pub mod shanten;
pub mod shape;
pub mod suits;
pub mod tables;
pub mod totals;
pub mod waits;

/// The options the shared evaluators (shapes, waits, shanten, scoring) read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct EvalRules {
    /// 风嘴子: any three different winds, and 中发白, form a sequence.
    pub wind_runs: bool,
    /// 不带风: no honor tiles in play (108 tiles).
    pub no_honors: bool,
    /// 清一色、一条龙、七小对加番: pattern factors apply.
    pub bonus_patterns: bool,
    /// 摸五胡六: thresholds 5 (self-draw) / 6 (discard) instead of 3 / 6.
    pub draw5_win6: bool,
    /// 缺一门: a win must lack at least one of the three suits, melds included.
    pub lack_a_suit: bool,
    /// 二五八将: a standard win needs a 2-5-8 pair unless a 大胡 shape frees it (see
    /// `crate::eval::pair258`).
    pub pair_258: bool,
}

impl EvalRules {
    /// The kinds in play: all 34, or the 27 suited ones under `no_honors`.
    #[must_use]
    pub const fn kinds_in_play(self) -> crate::tiles::KindMask {
        if self.no_honors {
            crate::tiles::SUITED_KINDS
        } else {
            crate::tiles::ALL_KINDS
        }
    }

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
