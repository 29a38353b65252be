//! The expert's defence: which other seats threaten (a declared seat, or one with three open
//! melds, two late in the wall), and each discard's risk of dealing in to them, from what the
//! expert's seat sees (see the module doc of `expert`).

use crate::bots::sight::Sight;
use crate::tiles::KindMask;

/// The first honour kind (winds and dragons: 27–33).
const HONOURS: usize = 27;

/// How threatening each other seat looks (0: none, 1: declared), and the kinds that are safe
/// against it, from what the expert's seat sees.
pub(super) struct Threats {
    level: [f64; 4],
    safe: [KindMask; 4],
    /// Kinds each seat discarded face up (its 现物), for 筋.
    discarded: [KindMask; 4],
    /// The sum of the levels: 0 with no threat at the table.
    pub(super) total: f64,
}

impl Threats {
    /// The threats the seat of `sight` sees, from every other seat's discards (face-down
    /// ones: its 报听 discard), open melds and declaration.
    pub(super) fn of(sight: &Sight<'_>) -> Threats {
        let mut t = Threats {
            level: [0.0; 4],
            safe: [0; 4],
            discarded: [0; 4],
            total: 0.0,
        };
        let late = sight.wall_remaining < 24;
        // A seat that left the hand (won) threatens no one.
        for o in (0..4).filter(|&o| o != sight.seat as usize && sight.in_hand(o)) {
            let (open, declared) = (sight.open(o), sight.declared(o));
            let level = if declared {
                1.0
            } else if open >= 3 || (open >= 2 && late) {
                0.6
            } else {
                0.0
            };
            let mut own: KindMask = 0;
            for k in sight.discards(o).flatten() {
                own |= 1 << k;
            }
            t.discarded[o] = own;
            let mut safe = own;
            if declared {
                // Every kind discarded after its 报听 discard (face down: its position is
                // public, its kind is not) went past a hand whose waits are fixed.
                // Discards are made round by round: each seat's after its round `d` one.
                if let Some(d) = sight.discards(o).position(|k| k.is_none()) {
                    for other in 0..4 {
                        for k in sight.discards(other).skip(d + 1).flatten() {
                            safe |= 1 << k;
                        }
                    }
                }
            }
            t.safe[o] = safe;
            t.level[o] = level;
            t.total += level;
        }
        t
    }

    /// The risk (0–1 per threat, weighted by its level) that discarding `kind` deals in.
    pub(super) fn risk(&self, sight: &Sight<'_>, kind: usize) -> f64 {
        if self.total == 0.0 {
            return 0.0;
        }
        if !sight
            .rules
            .profile()
            .discard_win_allowed(sight.rules, kind as u8)
        {
            return 0.0;
        }
        let seen = sight.seen();
        let mut risk = 0.0;
        for o in 0..4 {
            let level = self.level[o];
            if level == 0.0 || self.safe[o] >> kind & 1 == 1 {
                continue;
            }
            if sight.void_of(o).is_some_and(|s| usize::from(s) == kind / 9) {
                continue; // no seat wins on a tile of its binding void suit
            }
            let r = if kind >= HONOURS {
                match seen[kind] {
                    4.. => 0.0,
                    3 => 0.25,
                    _ => 0.6,
                }
            } else {
                let rank = kind % 9;
                let base = match rank {
                    0 | 8 => 0.55,
                    1 | 7 => 0.8,
                    _ => 1.0,
                };
                let gone = |r: usize| self.discarded[o] >> (kind - rank + r) & 1 == 1;
                // 筋: a two-sided wait on `kind` needs the tile three away on one side.
                let low = rank < 3 || gone(rank - 3);
                let high = rank > 5 || gone(rank + 3);
                let suji = match (low, high) {
                    (true, true) => 0.35,
                    (true, false) | (false, true) => 0.75,
                    _ => 1.0,
                };
                let visible = if seen[kind] >= 4 { 0.6 } else { 1.0 };
                base * suji * visible
            };
            risk += level * r;
        }
        risk
    }
}
