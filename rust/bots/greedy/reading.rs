//! How the greedy policy reads a seat's sight: by which forms ([`reading`]), whether a win
//! is allowed under a value rule, and what a discard is worth by its shanten and waits.

use crate::bots::sight::Sight;
use crate::eval::forms;
use crate::eval::waits::Waits;
use crate::eval::{EvalRules, WinForms};
use crate::hand::{Hand, Meld};
use crate::outcome::WinKind;
use crate::profiles::taiyuan::points;
use crate::tiles::{each_kind, Counts};

/// The forms the policy reads a hand by: the rules' own, or under a value rule (wins must
/// reach the profile's minimum) the standard forms of the same rules — it steers toward
/// flushes of the standard shape and takes any other win (a knitted one) when it is
/// offered, so that its shanten stays one pass over the groups.
#[must_use]
pub fn reading(rules: EvalRules, value_rule: bool) -> EvalRules {
    if value_rule {
        EvalRules {
            forms: WinForms::Standard,
            ..rules
        }
    } else {
        rules
    }
}

/// A seat's sight as the greedy policy reads it: by the forms of [`reading`], and under a
/// value rule asking the profile which wins it allows.
pub(super) struct Reading<'s, 'a> {
    pub(super) me: &'s Sight<'a>,
    pub(super) rules: EvalRules,
    /// Wins must reach a value (`TurnRules::discard_wins_scored`).
    pub(super) value_rule: bool,
}

impl<'s, 'a> Reading<'s, 'a> {
    pub(super) fn new(me: &'s Sight<'a>) -> Self {
        Reading {
            me,
            rules: reading(me.eval, me.discard_wins_scored),
            value_rule: me.discard_wins_scored,
        }
    }

    /// Whether the complete `hand` wins with `tile` as the profile allows it, as on a
    /// discard (the stricter case). Precondition: a value rule.
    pub(super) fn allowed(&self, hand: &Hand, tile: u8) -> bool {
        let rules = self.me.rules;
        let context = self.me.win_context(WinKind::Discard);
        rules
            .profile()
            .score(rules, hand, tile, context)
            .is_ok_and(|w| w.allowed)
    }

    pub(super) fn shanten_of(&self, counts: &Counts, melds: &[Meld]) -> i32 {
        forms::of_hand(&self.me.hand(counts, melds), self.rules)
    }

    /// `(−shanten, live winning tiles, best wait value)` after discarding `kind`, whose
    /// shanten is `s`: larger is better. A wait is valued by Taiyuan's point values (the
    /// policy plays for the first profile's wins under every profile).
    pub(super) fn discard_key(&self, kind: usize, s: i32) -> (i32, u32, u8) {
        if s != 0 {
            return (-s, 0, 0);
        }
        let me = self.me;
        // The engine's 报听 check found the winning tiles of the ready discards already.
        let found = me
            .ready
            .and_then(|r| r.iter().find(|&&(d, _)| d as usize == kind));
        let waits_after = || {
            let mut after = me.counts;
            after[kind] -= 1;
            Waits::of(&me.hand(&after, &me.melds), self.rules).tiles
        };
        let waits = found.map_or_else(waits_after, |&(_, tiles)| tiles);
        debug_assert_eq!(waits, waits_after());
        let (mut live, mut best) = (0, 0);
        for k in each_kind(waits) {
            let k = k as usize;
            live += me.live(k);
            best = best.max(points(k));
        }
        (0, live, best)
    }
}
