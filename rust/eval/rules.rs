//! What the evaluators read of the rules: an [`EvalRules`] the profile compiles once, with the
//! [`WinForms`] it selects.

/// The options the evaluators read: the shapes a group may take and the forms of a complete
/// hand, compiled by the profile (`Profile::eval`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct EvalRules {
    /// 风嘴子: any three different winds, and 中发白, form a sequence.
    pub wind_runs: bool,
    /// 不带风: no honor tiles in play (108 tiles).
    pub no_honors: bool,
    /// What makes a hand complete.
    pub forms: WinForms,
}

impl EvalRules {
    /// Whether honor tiles are in play (not under `no_honors`).
    #[must_use]
    pub const fn honors(self) -> bool {
        !self.no_honors
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
}

/// The forms a complete hand may take.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum WinForms {
    /// Four melds and a pair, seven pairs, or (with honors in play) 十三幺; wildcards stand
    /// for any tile.
    #[default]
    Standard,
    /// The standard forms, the hand lacking at least one of the three suits, melds included
    /// (缺一门).
    LackingASuit,
    /// Four melds and a pair of 2, 5 or 8; any pair when every group is a triplet or the
    /// hand is of one suit; seven pairs; or every tile a 2, 5 or 8 in any shape (二五八将,
    /// 将将胡). No wildcards.
    Pair258,
    /// The standard forms and the knitted ones of Chinese Official Mahjong (`knitted.rs`):
    /// 全不靠 (七星不靠 among them) and 组合龙 with one meld and a pair. No wildcards.
    Knitted,
}

impl WinForms {
    /// Whether a wildcard may stand for a tile in a complete hand (not under the 2-5-8
    /// forms, which take no wildcards).
    #[must_use]
    pub const fn admits_wildcards(self) -> bool {
        !matches!(self, Self::Pair258 | Self::Knitted)
    }

    /// Whether every form needs the standard shape's groups, seven pairs or 十三幺, so that
    /// the group keys bound how far a hand is from ready (not so for a form that needs no
    /// such shape: the 2-5-8 forms' 将将胡, the knitted forms).
    #[must_use]
    pub const fn bounded_by_keys(self) -> bool {
        !matches!(self, Self::Pair258 | Self::Knitted)
    }

    /// Whether the forms are asked hand by hand: the ready filter and the shanten after each
    /// discard go kind by kind instead of through the standard shape's group tables.
    #[must_use]
    pub const fn by_kind(self) -> bool {
        !matches!(self, Self::Standard)
    }

    /// Whether a hand's winning tiles cost a full win check per kind, so that one tile on
    /// offer is better checked alone (the knitted forms' take one pass over the groups and a
    /// few checks: `winning::knitted_winning_tiles`).
    #[must_use]
    pub const fn costly_waits(self) -> bool {
        matches!(self, Self::Pair258)
    }
}
