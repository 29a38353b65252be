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

    /// These totals in bytes, for [`AgainstBytes::standard_above`], saturated: a reachable
    /// total (0–14 natural tiles) as it is, an unreachable one (below `NEG / 2`) at
    /// `i8::MIN`.
    #[inline]
    #[must_use]
    pub fn bytes(&self) -> AgainstBytes {
        let mut out = [0i8; 16];
        for (o, &v) in out.iter_mut().zip(&self.0) {
            *o = v.clamp(i16::from(i8::MIN), i16::from(i8::MAX)) as i8;
        }
        AgainstBytes(out)
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

/// [`Against`] in 16 lanes of `i8`, one vector: the test of one standard shape against a
/// bar is one add, one compare and one mask per row tried.
#[derive(Clone, Copy)]
pub struct AgainstBytes([i8; 16]);

impl AgainstBytes {
    /// Whether the standard shape's total with the last group's keep row `keep` is above
    /// `least`: [`Against::standard_above`] of the totals these bytes came from.
    /// Precondition: `least` is within −100–100 (a keep row's entries are at most 14, an
    /// unreachable total's byte plus 14 stays below 0).
    #[inline]
    #[must_use]
    pub fn standard_above(&self, keep: &Keep, least: i8) -> bool {
        let mut row = [0i8; 16];
        for (r, &k) in row.iter_mut().zip(keep) {
            *r = k as i8;
        }
        let mut above = false;
        for l in 0..16 {
            above |= self.0[l].saturating_add(row[l]) > least;
        }
        above || least < 0
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
                against.bytes().standard_above(&rows[3], least as i8),
                i16::from(t.standard()) > least,
                "{rows:?} above {least} in bytes"
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
