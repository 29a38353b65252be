//! The shanten after an exchange: one tile of a hand (3n+2) discarded, then one drawn. What
//! a discard's useful draws (进张) are counted from: for each candidate discard, the draws
//! after which the hand is nearer to complete than a bar.
//!
//! Under the standard forms the whole table takes one pass over the groups: a discard then
//! a draw changes at most two groups' keys. A draw into the discard's own group is one join
//! against the totals of the three other groups (as [`shanten::after_draws`]); a draw into
//! another group is one join against the two untouched groups joined with the discard's
//! new row, built once per discard and group drawn into. The other forms are asked one
//! discard at a time ([`forms::after_draws`]).

use crate::eval::forms;
use crate::eval::rules::{EvalRules, WinForms};
use crate::eval::shanten::{honors_table, others_against, row_at, rows_of, seven_pairs_of};
use crate::eval::shape::Keys;
use crate::eval::tables::POW5;
use crate::eval::totals::{Against, Totals};
use crate::hand::Hand;
use crate::tiles::{each_kind, KindMask, KINDS, ORPHAN_KINDS};

/// For each kind `k` of `discards`, the kinds `j` of `draws[k]` after which the hand less
/// one tile of `k` and with one more of `j` has a shanten ([`forms::of_hand`]) below `bar`:
/// a wildcard kind discarded is one wildcard fewer, drawn one more; drawing the kind
/// discarded gives the hand back. The entries of kinds not in `discards` are 0.
///
/// Preconditions: `hand` is a validated 3n+2 hand; it holds every kind of `discards`
/// concealed (`hand.held`, melds aside); every natural kind `j ≠ k` of `draws[k]` is held
/// at most three times concealed.
#[must_use]
pub fn lowering_draws(
    hand: &Hand,
    discards: KindMask,
    draws: &[KindMask; KINDS],
    bar: i32,
    rules: EvalRules,
) -> [KindMask; KINDS] {
    if rules.forms == WinForms::Standard {
        return match 4 - hand.meld_count().min(4) {
            0 => standard::<0>(hand, discards, draws, bar, rules),
            1 => standard::<1>(hand, discards, draws, bar, rules),
            2 => standard::<2>(hand, discards, draws, bar, rules),
            3 => standard::<3>(hand, discards, draws, bar, rules),
            _ => standard::<4>(hand, discards, draws, bar, rules),
        };
    }
    one_by_one(hand, discards, draws, bar, rules)
}

/// [`lowering_draws`] one discard at a time: [`forms::after_draws`] on the hand less each
/// discard. The reference the one-pass path is tested against, and the path of the forms
/// other than the standard ones.
pub(crate) fn one_by_one(
    hand: &Hand,
    discards: KindMask,
    draws: &[KindMask; KINDS],
    bar: i32,
    rules: EvalRules,
) -> [KindMask; KINDS] {
    let mut out = [0; KINDS];
    let mut less = hand.clone();
    for k in each_kind(discards) {
        let k = k as usize;
        discard(&mut less, k, -1);
        let after = forms::after_draws(&less, draws[k], rules);
        out[k] = each_kind(draws[k])
            .filter(|&j| after[j as usize] < bar)
            .fold(0, |m, j| m | 1 << j);
        discard(&mut less, k, 1);
    }
    out
}

/// One tile of kind `k` less (`by` −1) or back (`by` 1), as `Hand::from_counts` would hold
/// it: a wildcard kind among the wildcards, a natural one among the counts.
fn discard(hand: &mut Hand, k: usize, by: i8) {
    hand.held[k] = hand.held[k].wrapping_add_signed(by);
    if hand.wildcards >> k & 1 == 1 {
        hand.wild = hand.wild.wrapping_add_signed(by);
    } else {
        hand.counts[k] = hand.counts[k].wrapping_add_signed(by);
    }
}

/// Seven pairs' and thirteen orphans' counts of the natural tiles: whole pairs, single
/// tiles, orphan kinds held, orphan kinds held twice or more.
#[derive(Clone, Copy)]
struct Others {
    pairs: u8,
    halves: u8,
    distinct: u8,
    doubles: u8,
}

impl Others {
    fn of(counts: &[u8; KINDS]) -> Self {
        let mut o = Others {
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

    /// The counts after one tile of kind `k`, held `c` times, leaves (`c` ≥ 1).
    fn less(mut self, k: usize, c: u8) -> Self {
        if c % 2 == 1 {
            self.halves -= 1;
        } else {
            self.pairs -= 1;
            self.halves += 1;
        }
        if ORPHAN_KINDS >> k & 1 == 1 {
            match c {
                1 => self.distinct -= 1,
                2 => self.doubles -= 1,
                _ => {}
            }
        }
        self
    }

    /// The counts after one more tile of kind `k`, held `c` times, joins (`c` ≤ 3).
    fn more(mut self, k: usize, c: u8) -> Self {
        if c % 2 == 1 {
            self.pairs += 1;
            self.halves -= 1;
        } else {
            self.halves += 1;
        }
        if ORPHAN_KINDS >> k & 1 == 1 {
            match c {
                0 => self.distinct += 1,
                1 => self.doubles += 1,
                _ => {}
            }
        }
        self
    }

    /// The most natural tiles seven pairs (`pairs`) and thirteen orphans (`orphans`) keep.
    fn keep(self, pairs: bool, orphans: bool) -> u8 {
        let mut keep = 0;
        if pairs {
            keep = seven_pairs_of(self.pairs, self.halves);
        }
        if orphans {
            keep = keep.max(self.distinct + u8::from(self.doubles > 0));
        }
        keep
    }
}

/// [`lowering_draws`] under the standard forms, for a hand that needs `NEED` more melds.
fn standard<const NEED: usize>(
    hand: &Hand,
    discards: KindMask,
    draws: &[KindMask; KINDS],
    bar: i32,
    rules: EvalRules,
) -> [KindMask; KINDS] {
    let mut out = [0; KINDS];
    let counts = &hand.counts;
    let melds = hand.meld_count();
    let keys = Keys::of(counts);
    let honors = honors_table(rules);
    let rows = rows_of(&keys, honors);
    // others[g]: every group but g, against g's row; the whole hand.
    let others = others_against::<NEED>(&rows);
    let whole = others[3].standard(rows[3]);
    let (pairs, orphans) = (melds == 0, melds == 0 && !rules.no_honors);
    let base = Others::of(counts);
    // Shanten below `bar` ⇔ keep above `14 − 3·melds − wild − 1 − bar`: the bar on keep
    // for `wild` wildcards after the exchange.
    let least = |wild: u8| i32::from(14 - 3 * melds) - i32::from(wild) - 1 - bar;
    // pair_totals[a][b] (a < b): the two groups other than a and b joined, built when first
    // asked.
    let mut pair_totals: [[Option<Totals<NEED>>; 4]; 4] = [[None; 4]; 4];
    for k in each_kind(discards) {
        let k = k as usize;
        let want = draws[k];
        if want == 0 {
            continue;
        }
        let mut lowering: KindMask = 0;
        if hand.wildcards >> k & 1 == 1 {
            // A wildcard discarded: the naturals as they are, one wildcard fewer.
            let wild = hand.wild - 1;
            for j in each_kind(want) {
                let j = j as usize;
                let (std, rest, w) = if hand.wildcards >> j & 1 == 1 {
                    (whole, base, wild + 1)
                } else {
                    let (g, i) = (j / 9, j % 9);
                    let row = row_at(g, keys.0[g] + POW5[i], honors);
                    (others[g].standard(row), base.more(j, counts[j]), wild)
                };
                let keep = std.max(rest.keep(pairs, orphans));
                lowering |= u64::from(i32::from(keep) > least(w)) << j;
            }
            out[k] = lowering;
            continue;
        }
        let (gk, ik) = (k / 9, k % 9);
        let less_key = keys.0[gk] - POW5[ik];
        let less_row = row_at(gk, less_key, honors);
        let less_rest = base.less(k, counts[k]);
        let wild = hand.wild;
        // against[g]: every group but g after the discard, against g's row.
        let mut against: [Option<Against>; 4] = [None; 4];
        for j in each_kind(want) {
            let j = j as usize;
            let (std, rest, w) = if hand.wildcards >> j & 1 == 1 {
                (others[gk].standard(less_row), less_rest, wild + 1)
            } else {
                let (gj, ij) = (j / 9, j % 9);
                let rest = less_rest.more(j, counts[j] - u8::from(j == k));
                let std = if gj == gk {
                    others[gk].standard(row_at(gk, less_key + POW5[ij], honors))
                } else {
                    let a = *against[gj].get_or_insert_with(|| {
                        let two = *pair_totals[gk.min(gj)][gk.max(gj)].get_or_insert_with(|| {
                            let mut t = Totals::<NEED>::NONE;
                            for g in (0..4).filter(|&g| g != gk && g != gj) {
                                t = t.with(rows[g]);
                            }
                            t
                        });
                        two.with(less_row).against()
                    });
                    a.standard(row_at(gj, keys.0[gj] + POW5[ij], honors))
                };
                (std, rest, wild)
            };
            let keep = std.max(rest.keep(pairs, orphans));
            lowering |= u64::from(i32::from(keep) > least(w)) << j;
        }
        out[k] = lowering;
    }
    out
}

#[cfg(test)]
#[path = "exchanges_tests.rs"]
mod tests;
