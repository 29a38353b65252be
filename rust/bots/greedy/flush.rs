//! The greedy policy under a value rule (wins must reach the profile's minimum,
//! `TurnRules::discard_wins_scored`): it counts only the winning tiles the profile allows and
//! steers toward flushes (one suit with or without honors), the shapes that reach a value
//! most often, by the standard forms ([`super::reading`]).

use super::reading::Reading;
use crate::eval::shanten;
use crate::eval::waits::Waits;
use crate::eval::EvalRules;
use crate::hand::Meld;
use crate::tiles::{each_kind, held_kinds, Counts, KINDS};

/// How much worse than the flush target's shanten a shape that is no flush is counted
/// when wins must reach a value.
const NO_FLUSH_PENALTY: i32 = 2;

impl Reading<'_, '_> {
    /// The suits a flush may still take: those every suited meld allows (a meld's suit, or
    /// any while the melds are honors only); none once the melds hold two suits.
    fn flush_suits(melds: &[Meld]) -> impl Iterator<Item = usize> {
        let meld_suits = melds
            .iter()
            .filter(|m| m.tile < 27)
            .fold(0u8, |acc, m| acc | 1 << (m.tile / 9));
        (0..3usize).filter(move |&suit| meld_suits & !(1 << suit) == 0)
    }

    /// `counts` with only the tiles of `suit` and the honors (no wildcard kinds).
    fn flush_part(&self, counts: &Counts, suit: usize) -> Counts {
        let mut kept = *counts;
        for (k, c) in kept.iter_mut().enumerate().take(27) {
            if k / 9 != suit {
                *c = 0;
            }
        }
        for &k in self.me.wildcards {
            kept[k as usize] = 0;
        }
        kept
    }

    /// The shanten of `counts` toward a flush and its suit: the least, over
    /// [`Reading::flush_suits`], of the standard forms' shanten of the suit's tiles and the
    /// honors alone (the other suits' tiles to be exchanged; the lower suit on a tie).
    /// [`shanten::NEVER`] when the melds hold two suits.
    pub(super) fn flush_shanten(&self, counts: &Counts, melds: &[Meld]) -> (i32, Option<usize>) {
        if self.me.wildcards.is_empty() {
            // Each suit's part from one reading of the groups.
            let suits = Self::flush_suits(melds).fold(0, |m, suit| m | 1 << suit);
            if suits == 0 {
                return (shanten::NEVER, None);
            }
            let parts = shanten::any_suits_of_one_suit(
                counts,
                0,
                melds.len() as u8,
                suits,
                EvalRules::default(),
            );
            return Self::flush_suits(melds)
                .map(|suit| (parts[suit], Some(suit)))
                .min()
                .unwrap_or((shanten::NEVER, None));
        }
        let wild = self.me.hand(counts, melds).wild;
        Self::flush_suits(melds)
            .map(|suit| {
                let part = self.flush_part(counts, suit);
                let n = shanten::any_suits(&part, wild, melds.len() as u8, EvalRules::default());
                (n, Some(suit))
            })
            .min()
            .unwrap_or((shanten::NEVER, None))
    }

    /// The flush shanten after discarding each kind held of `counts` (3n+2 tiles), toward
    /// the flush the hand is nearest to now ([`Reading::flush_shanten`]): a tile outside that
    /// suit leaves its part as it was; the suit's and the honors' discards are one pass over
    /// the part's groups ([`shanten::after_discards`]).
    pub(super) fn flush_after_discards(
        &self,
        counts: &Counts,
        melds: &[Meld],
        normal: &[i32; KINDS],
    ) -> [i32; KINDS] {
        let std = EvalRules::default();
        let (whole, target) = self.flush_shanten(counts, melds);
        let mut out = [whole; KINDS];
        let held = held_kinds(counts);
        let worst = each_kind(held)
            .map(|k| normal[k as usize])
            .max()
            .unwrap_or(0);
        if whole >= worst + NO_FLUSH_PENALTY {
            // No discard brings the flush nearer than the standard shape's penalty.
            return out;
        }
        if let Some(suit) = target {
            let part = self.flush_part(counts, suit);
            if part == *counts {
                return *normal; // a flush already: the same shanten
            }
            let after = shanten::after_discards(&self.me.hand(&part, melds), std);
            for k in each_kind(held) {
                let k = k as usize;
                out[k] = if part[k] > 0 { after[k] } else { whole };
            }
        }
        out
    }

    /// The effective shanten of the hand `counts` (13 − 3·melds tiles) whose standard
    /// shanten is `normal` and flush shanten `flush`, and the live winning tiles it wins
    /// with as the profile allows: a ready hand none of whose winning tiles is allowed
    /// counts as one from ready; a hand that is no flush counts [`NO_FLUSH_PENALTY`] worse
    /// than its flush target.
    pub(super) fn value_key(
        &self,
        counts: &Counts,
        melds: &[Meld],
        (normal, flush): (i32, i32),
    ) -> (i32, u32) {
        if normal == 0 {
            let waits = Waits::of(&self.me.hand(counts, melds), self.rules).tiles;
            let mut live = 0;
            for k in each_kind(waits) {
                let left = self.me.live(k as usize);
                if left == 0 {
                    continue;
                }
                let mut won = *counts;
                won[k as usize] += 1;
                if self.allowed(&self.me.hand(&won, melds), k) {
                    live += left;
                }
            }
            if live > 0 {
                return (0, live);
            }
            return (flush.clamp(1, 1 + NO_FLUSH_PENALTY), 0);
        }
        (flush.min(normal + NO_FLUSH_PENALTY), 0)
    }

    /// A claim's yardstick without scoring: the hand's standard shanten `normal` and flush
    /// shanten `flush` (after the best discard, for a 3n+2 hand) as one number, lower
    /// better: 0 only for a ready flush, 1 for another ready hand, else the flush's shanten
    /// or [`NO_FLUSH_PENALTY`] more than the standard one.
    pub(super) fn claim_value(normal: i32, flush: i32) -> i32 {
        match (normal <= 0, flush <= 0) {
            (true, true) => 0,
            (true, false) => 1,
            _ => flush.min(normal + NO_FLUSH_PENALTY),
        }
    }
}
