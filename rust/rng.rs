//! The seeded generator of every random choice in a hand (docs/rules.md §2): xoshiro256** seeded
//! through SplitMix64, so the same seed gives the same wall on every platform.

use crate::tiles::{KindMask, KINDS};

/// xoshiro256** (Blackman & Vigna), state seeded from a `u64` by SplitMix64.
#[derive(Debug, Clone)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    #[must_use]
    pub fn new(seed: u64) -> Self {
        let mut x = seed;
        let mut next = || {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Rng {
            s: [next(), next(), next(), next()],
        }
    }

    /// The generator's state, for saving it ([`Rng::from_state`] restores it).
    #[must_use]
    pub const fn state(&self) -> [u64; 4] {
        self.s
    }

    /// A generator in the state `s` (as [`Rng::state`] gave it).
    #[must_use]
    pub const fn from_state(s: [u64; 4]) -> Self {
        Rng { s }
    }

    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// Uniform in `0..n` (Lemire's method with rejection: no modulo bias).
    ///
    /// Precondition: `n > 0`.
    pub fn below(&mut self, n: u64) -> u64 {
        let mut m = u128::from(self.next_u64()) * u128::from(n);
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n; // 2^64 mod n
            while (m as u64) < threshold {
                m = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        (m >> 64) as u64
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// A seeded hand's wall, wildcard kinds and dice.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Deal {
    pub wall: Vec<u8>,
    pub wildcards: Vec<u8>,
    pub dice: Vec<(u8, u8)>,
    /// The exchange's direction, as the shift of [`EXCHANGE_DIRECTIONS`] (hands that draw
    /// one).
    pub exchange_shift: Option<u8>,
}

/// The directions an exchange before play may take, by name, with the shift from a seat to
/// the seat it passes to (`next`: seat+1, `previous`: seat−1, `opposite`: seat+2), in the
/// order a seeded hand draws them.
pub const EXCHANGE_DIRECTIONS: [(&str, u8); 3] = [("next", 1), ("previous", 3), ("opposite", 2)];

/// A shuffled wall, the wildcard kinds and the dice, as a seeded hand starts (docs/rules.md
/// §2, §6), dealt into the buffers of `out` (whatever they held is replaced, so a run of
/// hands deals without allocating): four of each kind of `kinds` in kind order, then the
/// `extra` tiles (flowers) in order, shuffled; then `wildcards` kinds drawn after the deal,
/// uniformly and distinct, from the kinds of `pool` (in kind order, each drawn one
/// removed); then `dice` rolls of two dice (each `1 + below(6)`); then, if
/// `exchange_direction`, the exchange's direction, uniform over [`EXCHANGE_DIRECTIONS`].
#[allow(clippy::too_many_arguments)]
pub fn deal(
    out: &mut Deal,
    seed: u64,
    kinds: KindMask,
    extra: &[u8],
    wildcards: usize,
    pool: KindMask,
    dice: usize,
    exchange_direction: bool,
) {
    let mut rng = Rng::new(seed);
    let of = |mask: KindMask| (0..KINDS as u8).filter(move |&k| mask >> k & 1 == 1);
    out.wall.clear();
    for k in of(kinds) {
        out.wall.extend_from_slice(&[k; 4]);
    }
    out.wall.extend_from_slice(extra);
    rng.shuffle(&mut out.wall);
    let mut kinds = [0u8; KINDS];
    let mut left = 0;
    for k in of(pool) {
        kinds[left] = k;
        left += 1;
    }
    out.wildcards.clear();
    for _ in 0..wildcards.min(left) {
        let i = rng.below(left as u64) as usize;
        out.wildcards.push(kinds[i]);
        kinds.copy_within(i + 1..left, i);
        left -= 1;
    }
    let mut die = || 1 + rng.below(6) as u8;
    out.dice.clear();
    out.dice.extend((0..dice).map(|_| (die(), die())));
    out.exchange_shift = exchange_direction.then(|| EXCHANGE_DIRECTIONS[rng.below(3) as usize].1);
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::tiles::{ALL_KINDS, SUITED_KINDS};

    /// A 136-tile deal of `seed` with `wildcards` kinds from `pool` and `dice` rolls.
    fn dealt(seed: u64, wildcards: usize, pool: KindMask, dice: usize) -> Deal {
        let mut out = Deal::default();
        deal(&mut out, seed, ALL_KINDS, &[], wildcards, pool, dice, false);
        out
    }

    #[test]
    fn deterministic_and_unbiased_enough() {
        let Deal {
            wall: a,
            wildcards: wa,
            ..
        } = dealt(7, 2, ALL_KINDS, 0);
        let Deal {
            wall: b,
            wildcards: wb,
            ..
        } = dealt(7, 2, ALL_KINDS, 0);
        assert_eq!((a.clone(), wa.clone()), (b, wb));
        assert_eq!(a.len(), 136);
        assert_ne!(wa[0], wa[1]);
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..34u8).flat_map(|k| [k; 4]).collect::<Vec<_>>());
        let mut rng = Rng::new(1);
        let mut hist = [0u32; 3];
        for _ in 0..30_000 {
            hist[rng.below(3) as usize] += 1;
        }
        assert!(
            hist.iter().all(|&h| (9_000..11_000).contains(&h)),
            "{hist:?}"
        );
        let Deal {
            wall: h,
            wildcards: w,
            dice,
            ..
        } = dealt(3, 1, ALL_KINDS & !SUITED_KINDS, 4);
        assert!(dice.len() == 4 && dice.iter().all(|d| (1..=6).contains(&d.0)));
        assert_eq!(h.len(), 136);
        assert!(w[0] >= 27);
        // Dealt into the buffers of another deal: the same deal as into empty ones.
        let mut reused = dealt(3, 1, ALL_KINDS & !SUITED_KINDS, 4);
        deal(&mut reused, 7, ALL_KINDS, &[], 2, ALL_KINDS, 0, false);
        assert_eq!(reused, dealt(7, 2, ALL_KINDS, 0));
    }
}
