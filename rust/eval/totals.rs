//! Best totals of the standard shape over groups of tiles (the three suits and the honors):
//! how the shanten tables' keep rows combine. A group's keep row gives the most natural
//! tiles of that group `m` melds (0–4) and `p` pairs (0–1) can use; the totals of several
//! groups are the best sums over every split of the melds and the pair between them, a
//! (max, +) convolution.
//!
//! The totals are laid out for the vector unit: 16 lanes of `i16`, lane `2m + p`, with
//! unreachable splits at [`NEG`]. Sums saturate, so an unreachable total stays far below
//! every reachable one (≥ 0) whatever is added to it, and no lane needs a test. Only the
//! lanes up to `m = NEED` (the melds the hand still needs) are meaningful; the others are
//! never read. Each operation is a fixed sequence of vector adds and maxima (SSE2 has
//! both for `i16`), which is why the shanten of every discard costs little more than one
//! shanten.

/// The most natural tiles of one group that `m` melds (0–4) without (`[2m]`) or with
/// (`[2m + 1]`) the pair can use.
pub type Keep = [u8; 10];

/// An unreachable total.
const NEG: i16 = i16::MIN / 2;
/// Lanes of `NEG` before the totals: a shift by `2m` (or `2m + 1`) lanes is a load at an
/// offset.
const PAD: usize = 16;

/// Best totals over some groups, up to `NEED` melds and one pair.
#[derive(Clone, Copy)]
pub struct Totals<const NEED: usize>([i16; PAD + 16]);

/// A keep row as lanes.
#[inline]
fn lanes(keep: &Keep) -> [i16; 16] {
    let mut out = [NEG; 16];
    for (o, &k) in out.iter_mut().zip(keep) {
        *o = i16::from(k);
    }
    out
}

impl<const NEED: usize> Totals<NEED> {
    /// No group yet: nothing used, no pair.
    pub const NONE: Self = {
        let mut l = [NEG; PAD + 16];
        l[PAD] = 0;
        Totals(l)
    };

    /// One group alone.
    #[inline]
    #[must_use]
    pub fn of(keep: &Keep) -> Self {
        Self::of_lanes(&lanes(keep))
    }

    #[inline]
    fn of_lanes(row: &[i16; 16]) -> Self {
        let mut l = [NEG; PAD + 16];
        l[PAD..].copy_from_slice(row);
        Totals(l)
    }

    #[inline]
    fn tail(&self) -> [i16; 16] {
        self.0[PAD..].try_into().unwrap_or([NEG; 16])
    }

    /// These groups and one more, whose keep row is `keep`.
    #[inline]
    #[must_use]
    pub fn with(&self, keep: &Keep) -> Self {
        self.convolve(&lanes(keep))
    }

    /// These groups and the disjoint groups of `other`.
    #[inline]
    #[must_use]
    pub fn and(&self, other: &Self) -> Self {
        self.convolve(&other.tail())
    }

    /// Every split of up to `NEED` melds and one pair between these totals and `row`'s.
    #[inline]
    fn convolve(&self, row: &[i16; 16]) -> Self {
        // Odd lanes (the pair) hold i16::MAX, even ones NEG: a minimum with a broadcast
        // keeps it on the odd lanes only.
        const ODD: [i16; 16] = {
            let mut cap = [NEG; 16];
            let mut l = 1;
            while l < 16 {
                cap[l] = i16::MAX;
                l += 2;
            }
            cap
        };
        let dp = &self.0;
        let mut next = [NEG; 16];
        for gm in 0..=NEED {
            // Lane 2(m + gm) + p from lane 2m + p with the row's k0, and the pair lane
            // 2(m + gm) + 1 from dp's lane 2m (one lane further) with the row's k1.
            let from = PAD - 2 * gm;
            let (Some(a), Some(b)) = (
                dp[from..].first_chunk::<16>(),
                dp[from - 1..].first_chunk::<16>(),
            ) else {
                continue;
            };
            let (k0, k1) = (row[2 * gm], row[2 * gm + 1]);
            for l in 0..16 {
                let pair = k1.min(ODD[l]);
                next[l] = next[l]
                    .max(a[l].saturating_add(k0))
                    .max(b[l].saturating_add(pair));
            }
        }
        Self::of_lanes(&next)
    }

    /// The best total of `m` melds with (`pair`) or without the pair; 0 if unreachable.
    /// Precondition: `m ≤ NEED`.
    #[inline]
    #[must_use]
    pub fn get(&self, m: usize, pair: bool) -> u8 {
        self.0[PAD + 2 * m + usize::from(pair)].max(0) as u8
    }

    /// The standard shape's total: `NEED` melds and the pair.
    #[inline]
    #[must_use]
    pub fn standard(&self) -> u8 {
        self.get(NEED, true)
    }

    /// These totals laid out against one more group's row, for [`Against::standard`].
    #[inline]
    #[must_use]
    pub fn against(&self) -> Against {
        let mut out = [NEG; 16];
        for gm in 0..=NEED {
            out[2 * gm] = self.0[PAD + 2 * (NEED - gm) + 1];
            out[2 * gm + 1] = self.0[PAD + 2 * (NEED - gm)];
        }
        Against(out)
    }
}

/// The totals of every group but one, reversed so that lane `2m + p` holds the split that
/// leaves `m` melds and `p` pairs to the last group: its standard shape is then one add
/// and one maximum over the lanes, for each row it is tried with.
#[derive(Clone, Copy)]
pub struct Against([i16; 16]);

impl Against {
    /// The standard shape's total with the last group's keep row `keep`.
    #[inline]
    #[must_use]
    pub fn standard(&self, keep: &Keep) -> u8 {
        self.standard_lanes(&lanes(keep))
    }

    /// The standard shape's total with the disjoint groups of `other`.
    #[inline]
    #[must_use]
    pub fn standard_with<const NEED: usize>(&self, other: &Totals<NEED>) -> u8 {
        self.standard_lanes(&other.tail())
    }

    /// Whether the standard shape's total with the last group's keep row `keep` is above
    /// `least`: `self.standard(keep) > least`, without finding the best lane.
    #[inline]
    #[must_use]
    pub fn standard_above(&self, keep: &Keep, least: i16) -> bool {
        let row = lanes(keep);
        let mut above = false;
        for l in 0..16 {
            above |= self.0[l].saturating_add(row[l]) > least;
        }
        above || least < 0
    }

    /// The test of [`Against::standard_above`] against `least`, prepared once for many
    /// rows: see [`AboveBar::above`].
    #[inline]
    #[must_use]
    pub fn above_bar(&self, least: i16) -> AboveBar {
        // A row's entry at lane l must exceed t = least − total: a byte of 127 − t added
        // to it carries into the byte's top bit exactly then (entries are at most 127, so
        // no byte carries into the next). Lanes past 9 hold no split (NEG on both sides).
        // All 16 lanes, for the vector unit; lanes 10–15 (t far above 127) add 0.
        let mut below = [false; 16];
        let mut add = [0u8; 16];
        for l in 0..16 {
            let t = least.saturating_sub(self.0[l]);
            below[l] = t < 0;
            add[l] = (127 - t.clamp(0, 127)) as u8;
        }
        AboveBar {
            always: least < 0 || below.contains(&true),
            low: u64::from_le_bytes([
                add[0], add[1], add[2], add[3], add[4], add[5], add[6], add[7],
            ]),
            high: u16::from_le_bytes([add[8], add[9]]),
        }
    }

    #[inline]
    fn standard_lanes(&self, row: &[i16; 16]) -> u8 {
        let mut best = NEG;
        for l in 0..16 {
            best = best.max(self.0[l].saturating_add(row[l]));
        }
        best.max(0) as u8
    }
}

/// [`Against::standard_above`] for one bar, as a test of each keep row in two integer adds
/// (lanes 0–7 in a `u64`, 8–9 in a `u16`), for the many rows tried against the same totals.
#[derive(Clone, Copy)]
pub struct AboveBar {
    /// Every row is above the bar (a split already is, or the bar is below 0).
    always: bool,
    low: u64,
    high: u16,
}

impl AboveBar {
    /// Whether the standard shape's total with the last group's keep row `keep` is above
    /// the bar: `against.standard_above(keep, least)` of the totals and bar this came from.
    /// Precondition: `keep`'s entries are at most 127.
    #[inline]
    #[must_use]
    pub fn above(&self, keep: &Keep) -> bool {
        const TOPS: u64 = 0x8080_8080_8080_8080;
        let low = u64::from_le_bytes([
            keep[0], keep[1], keep[2], keep[3], keep[4], keep[5], keep[6], keep[7],
        ]);
        let high = u16::from_le_bytes([keep[8], keep[9]]);
        let tops = low.wrapping_add(self.low) | u64::from(high.wrapping_add(self.high));
        self.always || tops & TOPS != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The totals of one split at a time, by brute force over every allocation of melds
    /// and the pair to the groups.
    fn brute(rows: &[Keep], need: usize, pair: bool) -> Option<u8> {
        let Some((first, rest)) = rows.split_first() else {
            return (need == 0 && !pair).then_some(0);
        };
        let mut best = None;
        for m in 0..=need {
            for p in [false, true] {
                if p && !pair {
                    continue;
                }
                if let Some(r) = brute(rest, need - m, pair && !p) {
                    let v = first[2 * m + usize::from(p)] + r;
                    best = best.max(Some(v));
                }
            }
        }
        best
    }

    fn check<const NEED: usize>(rows: &[Keep; 4]) {
        let mut t = Totals::<NEED>::NONE;
        for r in rows {
            t = t.with(r);
        }
        for m in 0..=NEED {
            for pair in [false, true] {
                assert_eq!(
                    Some(t.get(m, pair)),
                    brute(rows, m, pair),
                    "{rows:?} {m} {pair}"
                );
            }
        }
        let first_two = Totals::<NEED>::of(&rows[0]).with(&rows[1]);
        let last_two = Totals::<NEED>::of(&rows[2]).with(&rows[3]);
        assert_eq!(first_two.and(&last_two).standard(), t.standard());
        assert_eq!(first_two.against().standard_with(&last_two), t.standard());
        assert_eq!(
            first_two.with(&rows[2]).against().standard(&rows[3]),
            t.standard()
        );
        let against = first_two.with(&rows[2]).against();
        for least in -2..40 {
            assert_eq!(
                against.standard_above(&rows[3], least),
                i16::from(t.standard()) > least,
                "{rows:?} above {least}"
            );
            assert_eq!(
                against.above_bar(least).above(&rows[3]),
                i16::from(t.standard()) > least,
                "{rows:?} above the bar {least}"
            );
        }
    }

    /// Random keep rows (increasing in melds and pair, as real ones are) against brute force.
    #[test]
    fn totals_match_brute_force() {
        let mut rng = crate::rng::Rng::new(11);
        for _ in 0..3000 {
            let rows: [Keep; 4] = std::array::from_fn(|_| {
                let mut row = [0u8; 10];
                for i in 1..10 {
                    row[i] = row[i - 1].max(row[i.saturating_sub(2)]) + rng.below(3) as u8;
                }
                row
            });
            check::<0>(&rows);
            check::<1>(&rows);
            check::<2>(&rows);
            check::<3>(&rows);
            check::<4>(&rows);
        }
    }
}
