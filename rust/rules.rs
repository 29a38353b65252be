//! The rule options that hand evaluation depends on (RULES §8), compiled to one word.

/// Options of RULES §8 that change what a hand is worth or whether it wins.
/// The bit layout is shared with `python/koudiandian/rules.py`.
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
}

pub const WIND_RUNS: u32 = 1;
pub const NO_HONORS: u32 = 2;
pub const BONUS_PATTERNS: u32 = 4;
pub const DRAW5_WIN6: u32 = 8;

impl EvalRules {
    /// Decode the rule word; unknown bits are ignored.
    #[must_use]
    pub const fn from_flags(flags: u32) -> Self {
        Self {
            wind_runs: flags & WIND_RUNS != 0,
            no_honors: flags & NO_HONORS != 0,
            bonus_patterns: flags & BONUS_PATTERNS != 0,
            draw5_win6: flags & DRAW5_WIN6 != 0,
        }
    }

    /// The kinds in play: all 34, or the 27 suited ones under `no_honors`.
    #[must_use]
    pub const fn kinds_in_play(self) -> crate::tiles::KindMask {
        if self.no_honors {
            crate::tiles::SUITED_KINDS
        } else {
            crate::tiles::ALL_KINDS
        }
    }

    /// Whether a win with a tile worth `points` is allowed (RULES §4 thresholds).
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
