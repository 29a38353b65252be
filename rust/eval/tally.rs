//! What seven pairs and 十三幺 keep depends on ([`Tally`]): the whole pairs, single tiles,
//! orphan kinds held and orphan kinds held twice of a hand, updated by arithmetic when one
//! tile leaves or joins it (`lacking.rs` and `exchanges.rs` read it after each change).

use crate::eval::shanten::seven_pairs_of;
use crate::tiles::{KindMask, KINDS, ORPHAN_KINDS};

/// Pairs, single tiles, orphan kinds held and orphan kinds held twice: what seven pairs and
/// 十三幺 keep depends on.
#[derive(Clone, Copy, Default)]
pub(crate) struct Tally {
    pub(crate) pairs: u8,
    pub(crate) halves: u8,
    pub(crate) distinct: u8,
    pub(crate) doubles: u8,
}

impl Tally {
    /// The tally of the natural `counts` (each at most 4).
    pub(crate) fn of_counts(counts: &[u8; KINDS]) -> Self {
        let mut o = Tally {
            pairs: 0,
            halves: 0,
            distinct: 0,
            doubles: 0,
        };
        for (k, &c) in counts.iter().enumerate() {
            o.pairs += c / 2;
            o.halves += c % 2;
            if ORPHAN_KINDS >> k & 1 == 1 {
                o.distinct += u8::from(c > 0);
                o.doubles += u8::from(c > 1);
            }
        }
        o
    }

    /// The tally of the kinds of `within`, from the hand's kind masks.
    pub(crate) fn of(within: KindMask, masks: &[KindMask; 4]) -> Self {
        let [held, twos, fours, odd] = masks.map(|m| m & within);
        Tally {
            pairs: (twos.count_ones() + fours.count_ones()) as u8,
            halves: odd.count_ones() as u8,
            distinct: (held & ORPHAN_KINDS).count_ones() as u8,
            doubles: (twos & ORPHAN_KINDS).count_ones() as u8,
        }
    }

    /// After one tile of a kind held `count` times leaves (`DRAW` false) or joins the hand;
    /// `orphan` whether the kind is one. Precondition: `count` is 1–4 for a discard, 0–3
    /// for a draw, and the tally counts that kind.
    pub(crate) fn changed<const DRAW: bool>(self, count: u8, orphan: bool) -> Self {
        let mut t = self;
        let odd = count % 2 == 1;
        match (DRAW, odd) {
            (false, true) => t.halves -= 1,
            (false, false) => (t.pairs, t.halves) = (t.pairs - 1, t.halves + 1),
            (true, true) => (t.pairs, t.halves) = (t.pairs + 1, t.halves - 1),
            (true, false) => t.halves += 1,
        }
        if orphan {
            match (DRAW, count) {
                (false, 1) => t.distinct -= 1,
                (false, 2) => t.doubles -= 1,
                (true, 0) => t.distinct += 1,
                (true, 1) => t.doubles += 1,
                _ => {}
            }
        }
        t
    }

    /// The most natural tiles seven pairs (`sevens`) and 十三幺 (`orphans`) can use.
    pub(crate) fn keep(self, sevens: bool, orphans: bool) -> u8 {
        let mut keep = 0;
        if sevens {
            keep = seven_pairs_of(self.pairs, self.halves);
        }
        if orphans {
            keep = keep.max(self.distinct + u8::from(self.doubles > 0));
        }
        keep
    }
}
