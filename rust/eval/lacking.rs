//! The shanten under 缺一门 (a win lacks one of the three suits) after each discard or
//! draw, in one pass over the groups, as `shanten::after_discards` and
//! `shanten::after_draws` take it for the standard forms.
//!
//! A hand that must lack a suit is as far from complete as the best, over the suits it may
//! drop (those no meld holds), of the hand without that suit's concealed tiles
//! (`shanten::lacking`). When a suit is missing already, dropping it keeps every natural
//! tile, and dropping another keeps no more: the best is then the hand as it is, which is
//! `shanten::lacking`'s any-suits case, so one formula serves both. A discard or a draw
//! changes one group's key: without suit `s`, the standard shape joins the changed group's
//! new row with the totals of the two groups that are neither `s` nor it, and a change in
//! suit `s` itself changes nothing of dropping `s`. Seven pairs and 十三幺 are counts of
//! pairs, single tiles and orphans, changed by arithmetic. The melds never change here, so
//! neither do the suits that may be dropped.

use crate::eval::rules::EvalRules;
use crate::eval::shanten::{honors_table, row_at, rows_of, NEVER};
use crate::eval::shape::Keys;
use crate::eval::suits::{self, ALL_SUITS};
use crate::eval::tables::POW5;
use crate::eval::tally::Tally;
use crate::eval::totals::{Against, Totals};
use crate::hand::Hand;
use crate::tiles::{
    each_kind, four_kinds, held_kinds, odd_kinds, pair_kinds, Counts, KindMask, KINDS, ORPHAN_KINDS,
};

/// The kinds of each group: the three suits and the honors.
const GROUPS: [KindMask; 4] = [0x1ff, 0x1ff << 9, 0x1ff << 18, 0x7f << 27];

/// The two other suits of each suit.
const OTHER_SUITS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// The 缺一门 shanten after discarding each kind, for a validated 3n+2 hand: entry `k` is
/// `forms::of_hand` of the hand less one tile of kind `k` under [`WinForms::LackingASuit`]
/// for each kind `k` the seat holds concealed (a held wildcard kind: one wildcard fewer),
/// [`NEVER`] + 1 for the others.
///
/// [`WinForms::LackingASuit`]: crate::eval::WinForms::LackingASuit
#[must_use]
pub fn after_discards(hand: &Hand, rules: EvalRules) -> [i32; KINDS] {
    let wild_kinds = hand.wildcards & held_kinds(&hand.held);
    changed::<false>(hand, held_kinds(&hand.counts), wild_kinds, rules)
}

/// The 缺一门 shanten after drawing each kind of `kinds`, for a validated 3n+1 hand: entry
/// `k` is `forms::of_hand` of the hand with one more tile of kind `k` (a wildcard kind: one
/// wildcard more) under [`WinForms::LackingASuit`], [`NEVER`] + 1 for the kinds not in
/// `kinds`.
///
/// Precondition: the hand holds every natural kind of `kinds` at most three times
/// concealed.
///
/// [`WinForms::LackingASuit`]: crate::eval::WinForms::LackingASuit
#[must_use]
pub fn after_draws(hand: &Hand, kinds: KindMask, rules: EvalRules) -> [i32; KINDS] {
    debug_assert!(
        each_kind(kinds & !hand.wildcards).all(|k| hand.counts[k as usize] < 4),
        "a fifth tile drawn"
    );
    changed::<true>(hand, kinds & !hand.wildcards, kinds & hand.wildcards, rules)
}

/// The shanten after one natural tile of each kind of `natural`, or one wildcard (the same
/// for every kind of `wild_kinds`), leaves (`DRAW` false) or joins (`DRAW` true) the hand.
fn changed<const DRAW: bool>(
    hand: &Hand,
    natural: KindMask,
    wild_kinds: KindMask,
    rules: EvalRules,
) -> [i32; KINDS] {
    let mut out = [NEVER + 1; KINDS];
    let droppable = ALL_SUITS & !suits::of_melds(hand);
    if droppable == 0 {
        // Melds in every suit: no change wins.
        for k in each_kind(natural | wild_kinds) {
            out[k as usize] = NEVER;
        }
        return out;
    }
    let melds = hand.meld_count();
    let c = &hand.counts;
    let (whole, keeps) = match 4u8.saturating_sub(melds) {
        0 => best_keeps::<0, DRAW>(c, natural, droppable, melds, rules),
        1 => best_keeps::<1, DRAW>(c, natural, droppable, melds, rules),
        2 => best_keeps::<2, DRAW>(c, natural, droppable, melds, rules),
        3 => best_keeps::<3, DRAW>(c, natural, droppable, melds, rules),
        _ => best_keeps::<4, DRAW>(c, natural, droppable, melds, rules),
    };
    // Shanten is the natural tiles still to exchange, less one; a wildcard never needs it.
    let base = i32::from(14 - 3 * melds) - i32::from(hand.wild) - 1;
    let wild_base = if DRAW { base - 1 } else { base + 1 };
    let wild = wild_base - i32::from(whole);
    for k in each_kind(wild_kinds) {
        out[k as usize] = wild;
    }
    for k in each_kind(natural) {
        out[k as usize] = base - i32::from(keeps[k as usize]);
    }
    out
}

/// The most natural tiles a complete hand (any shape) without one suit of `droppable` can
/// use, the best over those suits: of the hand as it is, and (entry `k`, for each kind `k`
/// of `kinds`) after one tile of kind `k` leaves (`DRAW` false) or joins (`DRAW` true) it;
/// the other entries are 0. `NEED` is the melds still needed, `4 − melds`.
///
/// Preconditions: `droppable` is a non-empty suit mask; every count stays within 0–4.
fn best_keeps<const NEED: usize, const DRAW: bool>(
    counts: &Counts,
    kinds: KindMask,
    droppable: u8,
    melds: u8,
    rules: EvalRules,
) -> (u8, [u8; KINDS]) {
    let keys = Keys::of(counts);
    let honors = honors_table(rules);
    let rows = rows_of(&keys, honors);
    // Groups a and b joined, laid out against a third group's row.
    let two = |a: usize, b: usize| Totals::<NEED>::of(rows[a]).with(rows[b]).against();
    let sevens = melds == 0;
    let orphans = sevens && !rules.no_honors;
    // Seven pairs and 十三幺 take no melds: with melds, the tallies stay empty and unread.
    let masks = if sevens {
        [
            held_kinds(counts),
            pair_kinds(counts),
            four_kinds(counts),
            odd_kinds(counts),
        ]
    } else {
        [0; 4]
    };
    // Each droppable suit's tally of the other groups, the two other suits' totals, and its
    // keep of the hand as it is.
    let mut rest = [Tally::default(); 3];
    let mut suits_of_rest = [None; 3];
    let mut keep = [0u8; 3];
    let mut whole = 0;
    for s in 0..3 {
        if droppable >> s & 1 == 0 {
            continue;
        }
        let [a, b] = OTHER_SUITS[s];
        let x = two(a, b);
        rest[s] = Tally::of(!GROUPS[s], &masks);
        keep[s] = x.standard(rows[3]).max(rest[s].keep(sevens, orphans));
        suits_of_rest[s] = Some(x);
        whole = whole.max(keep[s]);
    }
    // A discard or a draw changes a keep by at most one tile (a discard never raises it, a
    // draw never lowers it), so a suit whose keep is below the best never gives more than
    // the best suit does after the change: only the best suits are tried. For each of
    // them, without[s][g] (g ≠ s) is the two groups neither suit s nor group g, laid out
    // against g's row (entry s is never read).
    let mut without: [Option<[Against; 4]>; 3] = [None; 3];
    let mut best_suits = 0u8;
    for s in 0..3 {
        if let (Some(x), true) = (suits_of_rest[s], keep[s] == whole) {
            let [a, b] = OTHER_SUITS[s];
            let mut w = [x; 4];
            w[a] = two(b, 3);
            w[b] = two(a, 3);
            without[s] = Some(w);
            best_suits |= 1 << s;
        }
    }
    let mut out = [0u8; KINDS];
    for k in each_kind(kinds) {
        let (g, i) = (k as usize / 9, k as usize % 9);
        if best_suits >> g & 1 == 1 && (!DRAW || best_suits == 1 << g) {
            // A tile of a best suit, which is dropped: that suit still keeps the best. A
            // discard raises no suit's keep; a draw raises the others' (below the best, as
            // this suit is the only best one) by at most one.
            out[k as usize] = whole;
            continue;
        }
        let key = if DRAW {
            keys.0[g] + POW5[i]
        } else {
            keys.0[g] - POW5[i]
        };
        let row = row_at(g, key, honors);
        let (count, orphan) = (counts[k as usize], ORPHAN_KINDS >> k & 1 == 1);
        let mut best = 0;
        for (s, w) in without.iter().enumerate() {
            let Some(w) = w else { continue };
            let keep_s = if s == g {
                // A tile of the dropped suit: nothing of the rest changes.
                whole
            } else {
                let others = if sevens {
                    rest[s].changed::<DRAW>(count, orphan).keep(true, orphans)
                } else {
                    0
                };
                w[g].standard(row).max(others)
            };
            best = best.max(keep_s);
        }
        out[k as usize] = best;
    }
    (whole, out)
}

#[cfg(test)]
#[path = "lacking_tests.rs"]
mod tests;
