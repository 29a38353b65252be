//! Shanten (向听): how many tiles a hand is from ready, with wildcards.
//!
//! A hand's distance to complete is the fewest natural tiles it must exchange: the tiles a
//! complete hand can keep are what matters, and a wildcard is a tile that never needs
//! exchanging. So `distance = (14 − 3·melds) − wildcards − keep`, where `keep` is the most
//! natural tiles some complete hand (any shape) can use, and shanten is `distance − 1`:
//! −1 complete, 0 ready. Like the usual shanten, it counts tiles, not copies left in the wall.

use std::sync::LazyLock;

use crate::eval::rules::EvalRules;
use crate::eval::shape::Keys;
use crate::eval::tables::{digits, groups_of_lowest, past_most, suit_runs, wind_runs, Group, POW5};
use crate::eval::totals::{Against, Keep, Totals};
use crate::tiles::{
    each_kind, four_kinds, held_kinds, odd_kinds, pair_kinds, Counts, KindMask, ALL_KINDS, KINDS,
    ORPHAN_KINDS, SUITED_KINDS,
};

// For every count pattern of a group, its [`Keep`] row: the suits, the honors without and
// with 风嘴子.
static SUIT: LazyLock<Vec<Keep>> = LazyLock::new(|| build(9, &suit_runs()));
static HONORS: LazyLock<Vec<Keep>> = LazyLock::new(|| build(7, &[]));
static HONORS_WIND_RUNS: LazyLock<Vec<Keep>> = LazyLock::new(|| build(7, &wind_runs()));

/// Dynamic programming in key order (removing tiles lowers the key). The lowest kind `i`
/// held is either left out of the complete hand, or used in a triplet, a run or the pair,
/// taking the natural tiles the group can (`tables::groups_of_lowest`; never worse: see
/// `tables::build`); the rest of each group is tiles still to draw.
fn build(n: usize, runs: &[[usize; 3]]) -> Vec<Keep> {
    let size = POW5[n] as usize;
    let mut table = vec![[0u8; 10]; size];
    for key in 1..size {
        let c = digits(key, n);
        if past_most(&c) {
            continue;
        }
        let i = c.iter().position(|&x| x > 0).unwrap_or(0);
        let k = key as u32;
        let mut best = table[(k - POW5[i]) as usize]; // tile i left out
        let mut consider = |next: u32, used: u8, melds_used: usize, pair_used: bool| {
            let from = &table[next as usize];
            for m in melds_used..5 {
                for p in 0..2 {
                    if pair_used && p == 0 {
                        continue;
                    }
                    let (pm, pp) = (m - melds_used, if pair_used { 0 } else { p });
                    let v = from[pm * 2 + pp] + used;
                    let slot = &mut best[m * 2 + p];
                    *slot = (*slot).max(v);
                }
            }
        };
        for (next, used, group) in groups_of_lowest(k, &c, i, runs) {
            match group {
                Group::Triplet | Group::Run => consider(next, used, 1, false),
                Group::Pair => consider(next, used, 0, true),
            }
        }
        table[key] = best;
    }
    table
}

/// Build the shanten tables now (they are built on first use otherwise).
pub fn warm_up() {
    LazyLock::force(&SUIT);
    LazyLock::force(&HONORS);
    LazyLock::force(&HONORS_WIND_RUNS);
}

/// `$f::<NEED>($args)` for the number of melds `$need` (0–4) a hand still needs.
macro_rules! by_need {
    ($need:expr, $f:ident($($arg:expr),*)) => {
        match $need {
            0 => $f::<0>($($arg),*),
            1 => $f::<1>($($arg),*),
            2 => $f::<2>($($arg),*),
            3 => $f::<3>($($arg),*),
            _ => $f::<4>($($arg),*),
        }
    };
}

/// The honors' table under `rules`.
pub(crate) fn honors_table(rules: EvalRules) -> &'static [Keep] {
    if rules.wind_runs {
        &HONORS_WIND_RUNS
    } else {
        &HONORS
    }
}

/// The keep row of group `g` (0–3) at `key`, the honors' from `honors`. Precondition: `key`
/// is a key of group `g` (counts ≤ 4).
#[inline]
pub(crate) fn row_at(g: usize, key: u32, honors: &'static [Keep]) -> &'static Keep {
    if g < 3 {
        &SUIT[key as usize]
    } else {
        &honors[key as usize]
    }
}

/// The keep table of group `g` (0–3): the suits', or the honors' `honors`.
#[inline]
pub(crate) fn group_table(g: usize, honors: &'static [Keep]) -> &'static [Keep] {
    if g < 3 {
        &SUIT
    } else {
        honors
    }
}

/// The keep rows of the four groups at `keys`, the honors' from `honors`.
pub(crate) fn rows_of(keys: &Keys, honors: &'static [Keep]) -> [&'static Keep; 4] {
    [
        &SUIT[keys.0[0] as usize],
        &SUIT[keys.0[1] as usize],
        &SUIT[keys.0[2] as usize],
        &honors[keys.0[3] as usize],
    ]
}

/// Most natural tiles a standard-shape hand with `4 − melds` more melds and a pair can use.
pub(crate) fn standard_keep(counts: &Counts, melds: u8, rules: EvalRules) -> u8 {
    let rows = rows_of(&Keys::of(counts), honors_table(rules));
    by_need!(4 - melds, standard_of(&rows))
}

/// The standard shape's total over the four groups' `rows`.
fn standard_of<const NEED: usize>(rows: &[&Keep; 4]) -> u8 {
    Totals::<NEED>::of(rows[0])
        .with(rows[1])
        .with(rows[2])
        .against()
        .standard(rows[3])
}

/// [`standard_of`] of a suit's row `suit` and the honors' row `honors`, the other two suits
/// empty: an empty group's row (all 0: its melds and pair all drawn) joins as nothing, since
/// every keep row, and so every total, never falls with more melds or the pair allowed.
fn standard_of_two<const NEED: usize>(suit: &Keep, honors: &Keep) -> u8 {
    Totals::<NEED>::of(suit).against().standard(honors)
}

/// Most natural tiles seven pairs can use: whole pairs first (a quad is two), then halves.
pub(crate) fn seven_pairs_keep(counts: &Counts) -> u8 {
    let pairs: u8 = counts.iter().map(|&c| c / 2).sum();
    let halves: u8 = counts.iter().map(|&c| c % 2).sum();
    seven_pairs_of(pairs, halves)
}

/// Most natural tiles seven pairs can use from `pairs` whole pairs and `halves` single
/// tiles: whole pairs first, up to seven, then halves for the pairs left.
pub(crate) fn seven_pairs_of(pairs: u8, halves: u8) -> u8 {
    let full = pairs.min(7);
    2 * full + halves.min(7 - full)
}

/// Most natural tiles thirteen orphans can use: one of each orphan kind, plus one double.
/// Precondition: counts ≤ 4.
fn thirteen_orphans_keep(counts: &Counts) -> u8 {
    let distinct = (held_kinds(counts) & ORPHAN_KINDS).count_ones() as u8;
    distinct + u8::from(pair_kinds(counts) & ORPHAN_KINDS != 0)
}

/// The shanten of a hand that can never win (缺一门 with melds in all three suits): more
/// than any hand that can.
pub const NEVER: i32 = 14;

/// The shanten of a hand that must lack a suit (缺一门) when its melds hold `meld_suits` (a
/// suit mask): the best over the suits the hand may drop (a suit no meld holds); [`NEVER`] if
/// there is none.
pub(crate) fn lacking(
    counts: &Counts,
    wild: u8,
    melds: u8,
    meld_suits: u8,
    rules: EvalRules,
) -> i32 {
    let held = crate::eval::suits::of_counts(counts) | meld_suits;
    if held != crate::eval::suits::ALL_SUITS {
        // A suit is already missing: nothing to exchange for it.
        return any_suits(counts, wild, melds, rules);
    }
    let keeps = keep_dropping(counts, melds, rules);
    (0..3)
        .filter(|&s| meld_suits >> s & 1 == 0)
        .map(|s| i32::from(14 - 3 * melds) - i32::from(wild) - i32::from(keeps[s]) - 1)
        .min()
        .unwrap_or(NEVER)
}

/// The keep rows of a suit's group, by key.
pub(crate) fn suit_rows() -> &'static [Keep] {
    &SUIT
}

/// The keep rows of the honors' group without 风嘴子, by key.
pub(crate) fn honors_rows() -> &'static [Keep] {
    &HONORS
}

/// Most natural tiles `need` melds (no pair) can use, honors without runs, from the groups'
/// `keys`: of the hand as it is, and (entry `k`, for each kind `k` of `less`) of the hand
/// less `counts[k].min(2)` tiles of kind `k` (its pair, or its one tile); the other entries
/// are 0. One pass over the groups: a removal changes one group's key, joined with the
/// others' prefix and suffix.
///
/// Preconditions: `keys` are `counts`' ([`Keys::of`]); counts ≤ 4; `need ≤ 4`.
///
/// The 2-5-8 forms' reference keep asks it (`pair258_shanten_tests.rs`).
#[cfg(test)]
pub(crate) fn melds_keep_less_pairs(
    keys: &Keys,
    counts: &Counts,
    need: usize,
    less: KindMask,
) -> (u8, [u8; KINDS]) {
    let rows = rows_of(keys, &HONORS);
    by_need!(need, melds_less_pairs(keys, counts, less, &rows))
}

#[cfg(test)]
fn melds_less_pairs<const NEED: usize>(
    keys: &Keys,
    counts: &Counts,
    less: KindMask,
    rows: &[&Keep; 4],
) -> (u8, [u8; KINDS]) {
    let first = Totals::<NEED>::of(rows[0]);
    let first_two = first.with(rows[1]);
    let last = Totals::<NEED>::of(rows[3]);
    let last_two = last.with(rows[2]);
    // others[g]: every group but g.
    let others = [
        last_two.with(rows[1]),
        first.and(&last_two),
        first_two.and(&last),
        first_two.with(rows[2]),
    ];
    let whole = others[3].with(rows[3]).get(NEED, false);
    let mut out = [0u8; KINDS];
    for k in each_kind(less) {
        let (g, i) = (k as usize / 9, k as usize % 9);
        let key = (keys.0[g] - u32::from(counts[k as usize].min(2)) * POW5[i]) as usize;
        let row = if g < 3 { &SUIT[key] } else { &HONORS[key] };
        out[k as usize] = others[g].with(row).get(NEED, false);
    }
    (whole, out)
}

/// Most natural tiles of suit `s` alone (its group's key in `keys`) that `need` melds and a
/// pair can use. Preconditions: `s < 3`, `need ≤ 4`.
#[cfg(test)]
pub(crate) fn suit_keep(keys: &Keys, s: usize, need: usize) -> u8 {
    SUIT[keys.0[s] as usize][need * 2 + 1]
}

/// For each suit, the standard shape's total without that suit's group: prefix and suffix
/// joins of the groups.
fn standard_dropping<const NEED: usize>(rows: &[&Keep; 4]) -> [u8; 3] {
    let first = Totals::<NEED>::of(rows[0]);
    let first_two = first.with(rows[1]);
    let last = Totals::<NEED>::of(rows[3]);
    let last_two = last.with(rows[2]);
    [
        last_two.with(rows[1]).standard(),
        first.against().standard_with(&last_two),
        first_two.against().standard_with(&last),
    ]
}

/// For each suit, the most natural tiles a complete hand without that suit can use (any
/// shape): as [`standard_keep`] and the others on the counts with that suit removed, the
/// standard shape from prefix and suffix combinations of the groups (about the cost of one
/// [`standard_keep`], not three).
fn keep_dropping(counts: &Counts, melds: u8, rules: EvalRules) -> [u8; 3] {
    let rows = rows_of(&Keys::of(counts), honors_table(rules));
    let mut keeps = by_need!(4 - melds, standard_dropping(&rows));
    if melds == 0 {
        let (mut pairs, mut halves) = ([0u8; 4], [0u8; 4]);
        for (k, &c) in counts.iter().enumerate() {
            pairs[(k / 9).min(3)] += c / 2;
            halves[(k / 9).min(3)] += c % 2;
        }
        let (all_pairs, all_halves) = (pairs.iter().sum::<u8>(), halves.iter().sum::<u8>());
        for (s, keep) in keeps.iter_mut().enumerate() {
            *keep = (*keep).max(seven_pairs_of(all_pairs - pairs[s], all_halves - halves[s]));
            if !rules.no_honors {
                let mut rest = *counts;
                rest[9 * s..9 * s + 9].fill(0);
                *keep = (*keep).max(thirteen_orphans_keep(&rest));
            }
        }
    }
    keeps
}

/// Shanten without 缺一门.
pub(crate) fn any_suits(counts: &Counts, wild: u8, melds: u8, rules: EvalRules) -> i32 {
    let mut keep = standard_keep(counts, melds, rules);
    if melds == 0 {
        keep = keep.max(seven_pairs_keep(counts));
        if !rules.no_honors {
            keep = keep.max(thirteen_orphans_keep(counts));
        }
    }
    i32::from(14 - 3 * melds) - i32::from(wild) - i32::from(keep) - 1
}

/// [`any_suits`] of each suit's tiles with the honors alone (the other two suits' tiles
/// left out): entry `s` for each suit `s` of the mask `suits`, [`NEVER`] for the others. The
/// groups' keys are read once, and each part joins only its suit's and the honors' rows
/// ([`standard_of_two`]).
///
/// Precondition: counts ≤ 4; each part holds at most `14 − 3·melds − wild` tiles.
pub(crate) fn any_suits_of_one_suit(
    counts: &Counts,
    wild: u8,
    melds: u8,
    suits: u8,
    rules: EvalRules,
) -> [i32; 3] {
    let keys = Keys::of(counts);
    let honors = honors_table(rules);
    let size = i32::from(14 - 3 * melds) - i32::from(wild);
    let held = held_kinds(counts);
    let twos = pair_kinds(counts);
    let (odd, fours) = (odd_kinds(counts), four_kinds(counts));
    std::array::from_fn(|suit| {
        if suits >> suit & 1 == 0 {
            return NEVER;
        }
        let suit_row = &SUIT[keys.0[suit] as usize];
        let honors_row = &honors[keys.0[3] as usize];
        let mut keep = by_need!(4 - melds, standard_of_two(suit_row, honors_row));
        if melds == 0 {
            let kinds = (ALL_KINDS & !SUITED_KINDS) | 0x1ff << (9 * suit);
            let pairs = ((twos & kinds).count_ones() + (fours & kinds).count_ones()) as u8;
            keep = keep.max(seven_pairs_of(pairs, (odd & kinds).count_ones() as u8));
            if !rules.no_honors {
                let distinct = (held & kinds & ORPHAN_KINDS).count_ones() as u8;
                keep = keep.max(distinct + u8::from(twos & kinds & ORPHAN_KINDS != 0));
            }
        }
        size - i32::from(keep) - 1
    })
}

/// The totals of every group but `g`, for `g` = 0–3, laid out against `g`'s row: prefix and
/// suffix joins of the groups' `rows`, each group's others joined once.
pub(crate) fn others_against<const NEED: usize>(rows: &[&Keep; 4]) -> [Against; 4] {
    let first = Totals::<NEED>::of(rows[0]);
    let first_two = first.with(rows[1]);
    let last = Totals::<NEED>::of(rows[3]);
    let last_two = last.with(rows[2]);
    [
        last_two.with(rows[1]).against(),
        first.and(&last_two).against(),
        first_two.and(&last).against(),
        first_two.with(rows[2]).against(),
    ]
}

/// [`others_against`] of a hand holding at most one suit (the other two suits' keys 0, as a
/// flush's part): an empty group's row joins as nothing ([`standard_of_two`]), so a held
/// group's others are the other held group alone, and an empty group's are both. `None`
/// for a hand holding two suits or more.
#[inline]
fn one_suit_others<const NEED: usize>(keys: &Keys, rows: &[&Keep; 4]) -> Option<[Against; 4]> {
    let s = match (keys.0[0] != 0, keys.0[1] != 0, keys.0[2] != 0) {
        (_, false, false) => 0,
        (false, true, false) => 1,
        (false, false, true) => 2,
        _ => return None,
    };
    let suit = Totals::<NEED>::of(rows[s]);
    let mut out = [suit.with(rows[3]).against(); 4];
    out[s] = Totals::<NEED>::of(rows[3]).against();
    out[3] = suit.against();
    Some(out)
}

/// The most natural tiles a standard shape with `NEED` more melds and a pair can use, after
/// one tile of each kind of `kinds` leaves (`DRAW` false) or joins (`DRAW` true) the hand
/// of `keys`, and as the hand is: [`others_against`], then one join per kind.
///
/// Precondition: every count stays within 0–4.
fn standard_changed<const NEED: usize, const DRAW: bool>(
    keys: &Keys,
    kinds: KindMask,
    honors: &[Keep],
    rows: &[&Keep; 4],
) -> ([u8; KINDS], u8) {
    let others =
        one_suit_others::<NEED>(keys, rows).unwrap_or_else(|| others_against::<NEED>(rows));
    let whole = others[3].standard(rows[3]);
    let mut out = [0u8; KINDS];
    for k in each_kind(kinds) {
        let (g, i) = (k as usize / 9, k as usize % 9);
        let key = if DRAW {
            keys.0[g] + POW5[i]
        } else {
            keys.0[g] - POW5[i]
        } as usize;
        let row = if g < 3 { &SUIT[key] } else { &honors[key] };
        out[k as usize] = others[g].standard(row);
    }
    (out, whole)
}

fn standard_after<const NEED: usize>(
    keys: &Keys,
    held: KindMask,
    honors: &[Keep],
    rows: &[&Keep; 4],
) -> ([u8; KINDS], u8) {
    standard_changed::<NEED, false>(keys, held, honors, rows)
}

fn standard_drawing<const NEED: usize>(
    keys: &Keys,
    kinds: KindMask,
    honors: &[Keep],
    rows: &[&Keep; 4],
) -> ([u8; KINDS], u8) {
    standard_changed::<NEED, true>(keys, kinds, honors, rows)
}

/// Most natural tiles a standard shape with `4 − melds` more melds and a pair can use after
/// one tile of each kind of `kinds` leaves the hand of `keys` (`draw` false) or joins it
/// (`draw` true): entry `k` for each kind of `kinds`, 0 for the others; and as it is. One pass
/// over the groups ([`standard_keep`] of each changed hand, at about the cost of two).
///
/// Precondition: every count stays within 0–4; `melds ≤ 4`.
pub(crate) fn standard_keep_changed(
    keys: &Keys,
    melds: u8,
    kinds: KindMask,
    draw: bool,
    rules: EvalRules,
) -> ([u8; KINDS], u8) {
    let keys = *keys;
    let honors = honors_table(rules);
    let rows = rows_of(&keys, honors);
    if draw {
        by_need!(4 - melds, standard_drawing(&keys, kinds, honors, &rows))
    } else {
        by_need!(4 - melds, standard_after(&keys, kinds, honors, &rows))
    }
}

/// The shanten after discarding each kind, for a validated 3n+2 hand: `out[k]` for every
/// kind `k` the seat holds concealed (a held wildcard kind: one wildcard fewer), [`NEVER`] + 1
/// for the others, for the standard forms (`forms::after_discards` sends 缺一门 to
/// `lacking::after_discards` and asks the others kind by kind). The same answers as
/// `forms::of_hand` on each hand less one tile, at about the cost of two calls instead of one
/// per kind: a discard changes one group's key, so the standard shape joins that group's new
/// row with the prefix and suffix of the others.
#[must_use]
pub fn after_discards(hand: &crate::hand::Hand, rules: EvalRules) -> [i32; KINDS] {
    let mut out = [NEVER + 1; KINDS];
    let melds = hand.meld_count();
    let base = i32::from(14 - 3 * melds);
    debug_assert!(
        !rules.forms.by_kind(),
        "forms asked kind by kind: forms::after_discards"
    );
    let counts = &hand.counts;
    let keys = Keys::of(counts);
    let held = held_kinds(counts);
    let honors = honors_table(rules);
    let rows = rows_of(&keys, honors);
    let (standard, whole) = by_need!(4 - melds, standard_after(&keys, held, honors, &rows));
    let (odd, twos) = (odd_kinds(counts), pair_kinds(counts));
    let pairs = (twos.count_ones() + four_kinds(counts).count_ones()) as u8;
    let halves = odd.count_ones() as u8;
    // Thirteen orphans: orphan kinds held, and held more than once.
    let distinct = (held & ORPHAN_KINDS).count_ones() as u8;
    let doubles = (twos & ORPHAN_KINDS).count_ones() as u8;
    let orphans = !rules.no_honors && melds == 0;
    let wild = i32::from(hand.wild);
    if hand.wild > 0 {
        // A wildcard discarded: the naturals all kept, one wildcard fewer.
        let mut keep = whole;
        if melds == 0 {
            keep = keep.max(seven_pairs_of(pairs, halves));
        }
        if orphans {
            keep = keep.max(distinct + u8::from(doubles > 0));
        }
        let s = base - (wild - 1) - i32::from(keep) - 1;
        for k in each_kind(hand.wildcards & held_kinds(&hand.held)) {
            out[k as usize] = s;
        }
    }
    for k in each_kind(held) {
        let bit = 1u64 << k;
        let mut keep = standard[k as usize];
        if melds == 0 {
            // Less one of kind k: an odd count loses a half, an even one turns a pair to a half.
            let (p, h) = if odd & bit != 0 {
                (pairs, halves - 1)
            } else {
                (pairs - 1, halves + 1)
            };
            keep = keep.max(seven_pairs_of(p, h));
        }
        if orphans {
            let (mut d, mut dd) = (distinct, doubles);
            if ORPHAN_KINDS & bit != 0 {
                match counts[k as usize] {
                    1 => d -= 1,
                    2 => dd -= 1,
                    _ => {}
                }
            }
            keep = keep.max(d + u8::from(dd > 0));
        }
        out[k as usize] = base - wild - i32::from(keep) - 1;
    }
    out
}

/// The shanten without 缺一门 ([`any_suits`]) after drawing each kind of `kinds`, for a
/// validated 3n+1 hand: `out[k]` is `forms::of_hand` of the hand with one more tile of kind
/// `k` (a wildcard kind: one more wildcard) under the standard forms; [`NEVER`] + 1 for the
/// kinds not in `kinds` (`forms::after_draws` sends 缺一门 to `lacking::after_draws` and
/// asks the other forms kind by kind). One pass over the groups, as [`after_discards`].
///
/// Precondition: the hand holds every natural kind of `kinds` at most three times
/// concealed.
#[must_use]
pub fn after_draws(hand: &crate::hand::Hand, kinds: KindMask, rules: EvalRules) -> [i32; KINDS] {
    let mut out = [NEVER + 1; KINDS];
    let melds = hand.meld_count();
    let base = i32::from(14 - 3 * melds);
    let counts = &hand.counts;
    let natural = kinds & !hand.wildcards;
    debug_assert!(
        each_kind(natural).all(|k| counts[k as usize] < 4),
        "a fifth tile drawn"
    );
    let keys = Keys::of(counts);
    let honors = honors_table(rules);
    let rows = rows_of(&keys, honors);
    let (standard, whole) = by_need!(4 - melds, standard_drawing(&keys, natural, honors, &rows));
    let (odd, twos) = (odd_kinds(counts), pair_kinds(counts));
    let pairs = (twos.count_ones() + four_kinds(counts).count_ones()) as u8;
    let halves = odd.count_ones() as u8;
    let distinct = (held_kinds(counts) & ORPHAN_KINDS).count_ones() as u8;
    let doubles = (twos & ORPHAN_KINDS).count_ones() as u8;
    let orphans = !rules.no_honors && melds == 0;
    let wild = i32::from(hand.wild);
    if kinds & hand.wildcards != 0 {
        // A wildcard drawn: the naturals as they are, one wildcard more.
        let mut keep = whole;
        if melds == 0 {
            keep = keep.max(seven_pairs_of(pairs, halves));
        }
        if orphans {
            keep = keep.max(distinct + u8::from(doubles > 0));
        }
        let s = base - (wild + 1) - i32::from(keep) - 1;
        for k in each_kind(kinds & hand.wildcards) {
            out[k as usize] = s;
        }
    }
    for k in each_kind(natural) {
        let bit = 1u64 << k;
        let mut keep = standard[k as usize];
        if melds == 0 {
            // One more of kind k: an odd count makes a pair of its half, an even one a half.
            let (p, h) = if odd & bit != 0 {
                (pairs + 1, halves - 1)
            } else {
                (pairs, halves + 1)
            };
            keep = keep.max(seven_pairs_of(p, h));
        }
        if orphans {
            let (mut d, mut dd) = (distinct, doubles);
            if ORPHAN_KINDS & bit != 0 {
                match counts[k as usize] {
                    0 => d += 1,
                    1 => dd += 1,
                    _ => {}
                }
            }
            keep = keep.max(d + u8::from(dd > 0));
        }
        out[k as usize] = base - wild - i32::from(keep) - 1;
    }
    out
}

#[cfg(test)]
#[path = "shanten_tests.rs"]
mod tests;
