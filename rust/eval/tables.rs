//! Lookup tables for the standard shape: for every count pattern of one suit (or of the
//! honors), the fewest wildcards that complete it into melds only, and into melds and a pair.
//!
//! A pattern is keyed in base 5 (`Σ count[i]·5^i`, each count 0–4). Each entry is one byte:
//! the low nibble is the melds-only need, the high nibble the need with the pair, both
//! saturated at 15 (more than the 8 wildcards a hand can hold). Built once, on first use.

use std::sync::LazyLock;

/// `5^i` for the digits of a key.
pub const POW5: [u32; 10] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390_625, 1_953_125];

/// The most tiles of one group a table's key is built for: a hand holds at most 14
/// concealed tiles, and an evaluation probes at most one more (a draw). Keys holding more
/// (64% of a suit's 5⁹) are never looked up and are left unbuilt, which makes building the
/// tables (at import, and at a Botzone bot's start) about three times faster.
pub const MOST_GROUP_TILES: u8 = 16;

/// Whether the key of counts `c` is past [`MOST_GROUP_TILES`] (its table entry unbuilt).
#[inline]
#[must_use]
pub fn past_most(c: &[u8; 9]) -> bool {
    c.iter().sum::<u8>() > MOST_GROUP_TILES
}

/// Suit table: 5^9 entries.
pub static SUIT: LazyLock<Vec<u8>> = LazyLock::new(|| build(9, &suit_runs()));
/// Honor table without 风嘴子: 5^7 entries.
pub static HONORS: LazyLock<Vec<u8>> = LazyLock::new(|| build(7, &[]));
/// Honor table with 风嘴子 (any three different winds, and 中发白, are sequences).
pub static HONORS_WIND_RUNS: LazyLock<Vec<u8>> = LazyLock::new(|| build(7, &wind_runs()));

/// Sequences of a suit, as three positions: 123 … 789.
pub fn suit_runs() -> Vec<[usize; 3]> {
    (0..7).map(|s| [s, s + 1, s + 2]).collect()
}

/// 风嘴子 runs among the honors (positions 0–3 winds, 4–6 白发中).
pub fn wind_runs() -> Vec<[usize; 3]> {
    vec![[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3], [4, 5, 6]]
}

/// The `n` base-5 digits (counts) of a key.
#[must_use]
pub fn digits(key: usize, n: usize) -> [u8; 9] {
    let mut c = [0u8; 9];
    let mut rest = key;
    for d in c.iter_mut().take(n) {
        *d = (rest % 5) as u8;
        rest /= 5;
    }
    c
}

/// Force the tables now (at import), so that no evaluation pays for building them.
pub fn warm_up() {
    LazyLock::force(&SUIT);
    LazyLock::force(&HONORS);
    LazyLock::force(&HONORS_WIND_RUNS);
}

/// A group that takes the lowest kind a group key holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    Triplet,
    Run,
    Pair,
}

/// The groups that can take `i`, the lowest kind that the key `key` (counts `c`, its
/// digits) holds, with the natural tiles each can use: its triplet, each of `runs` through
/// it, its pair. Each comes as the key without those tiles, how many it uses, and the group.
/// The rest of a group is wildcards (or tiles still to draw). Both the need tables here and
/// the shanten tables (`shanten.rs`) are built over these groups.
pub fn groups_of_lowest<'a>(
    key: u32,
    c: &'a [u8; 9],
    i: usize,
    runs: &'a [[usize; 3]],
) -> impl Iterator<Item = (u32, u8, Group)> + 'a {
    let of_kind = move |n: u8, g: Group| {
        let t = c[i].min(n);
        (key - u32::from(t) * POW5[i], t, g)
    };
    let through = runs.iter().filter(move |r| r.contains(&i)).map(move |run| {
        let (mut next, mut used) = (key, 0u8);
        for &p in run {
            if c[p] > 0 {
                next -= POW5[p];
                used += 1;
            }
        }
        (next, used, Group::Run)
    });
    std::iter::once(of_kind(3, Group::Triplet))
        .chain(through)
        .chain(std::iter::once(of_kind(2, Group::Pair)))
}

/// The melds-only need of a table entry.
#[inline]
#[must_use]
pub const fn melds_need(entry: u8) -> u8 {
    entry & 15
}

/// The melds-and-pair need of a table entry.
#[inline]
#[must_use]
pub const fn pair_need(entry: u8) -> u8 {
    entry >> 4
}

/// Build the table for a group of `n` kinds whose sequences are `runs`.
///
/// Dynamic programming in key order: removing tiles lowers the key, so every state a
/// state depends on is already done. The lowest kind `i` still held must belong to some
/// group: a triplet of `i`, a run through `i`, or (for the pair variant) the pair of `i`;
/// a group uses the natural tiles it can and wildcards for the rest (using a natural
/// tile is never worse: a wildcard elsewhere can take its place). Groups made only of
/// wildcards are free to form, so the pair variant is at most the melds-only need + 2.
fn build(n: usize, runs: &[[usize; 3]]) -> Vec<u8> {
    let size = POW5[n] as usize;
    let mut melds = vec![0u8; size];
    let mut pair = vec![0u8; size];
    pair[0] = 2;
    for key in 1..size {
        let c = digits(key, n);
        if past_most(&c) {
            // never looked up; were it, it would read as no complete shape
            (melds[key], pair[key]) = (15, 15);
            continue;
        }
        let i = c.iter().position(|&x| x > 0).unwrap_or(0);
        let (mut best_m, mut best_p) = (u8::MAX, u8::MAX);
        for (next, used, group) in groups_of_lowest(key as u32, &c, i, runs) {
            let next = next as usize;
            match group {
                Group::Triplet | Group::Run => {
                    best_m = best_m.min(melds[next].saturating_add(3 - used));
                    best_p = best_p.min(pair[next].saturating_add(3 - used));
                }
                Group::Pair => best_p = best_p.min(melds[next].saturating_add(2 - used)),
            }
        }
        best_p = best_p.min(best_m.saturating_add(2));
        melds[key] = best_m.min(15);
        pair[key] = best_p.min(15);
    }
    melds.iter().zip(&pair).map(|(&m, &p)| m | p << 4).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(counts: &[u8]) -> usize {
        counts
            .iter()
            .enumerate()
            .map(|(i, &c)| c as usize * POW5[i] as usize)
            .sum()
    }

    #[test]
    fn suit_entries() {
        // (counts, melds-only need, with-pair need)
        let cases: &[(&[u8], u8, u8)] = &[
            (&[0; 9], 0, 2),
            (&[1, 1, 1, 0, 0, 0, 0, 0, 0], 0, 2),
            (&[2, 0, 0, 0, 0, 0, 0, 0, 0], 1, 0),
            (&[1, 0, 1, 0, 0, 0, 0, 0, 0], 1, 3),
            (&[1, 0, 0, 1, 0, 0, 0, 0, 0], 4, 3),
            (&[3, 1, 1, 1, 1, 1, 1, 1, 3], 2, 1), // nine gates: waits on any one more
            (&[4, 0, 0, 0, 0, 0, 0, 0, 0], 2, 1),
            (&[0, 0, 0, 0, 0, 0, 0, 1, 1], 1, 3),
        ];
        for &(c, m, p) in cases {
            let e = SUIT[key(c)];
            assert_eq!((melds_need(e), pair_need(e)), (m, p), "suit {c:?}");
        }
    }

    #[test]
    fn honor_entries() {
        let e = HONORS[key(&[1, 1, 1, 0, 0, 0, 0])];
        assert_eq!((melds_need(e), pair_need(e)), (6, 5));
        let e = HONORS_WIND_RUNS[key(&[1, 1, 1, 0, 0, 0, 0])];
        assert_eq!((melds_need(e), pair_need(e)), (0, 2));
        let e = HONORS_WIND_RUNS[key(&[1, 0, 1, 1, 0, 1, 1])];
        assert_eq!(
            (melds_need(e), pair_need(e)),
            (1, 3),
            "东西北 + 发中 needs one"
        );
    }
}
