//! The shanten after an exchange: one tile of a hand (3n+2) discarded, then one drawn. What
//! a discard's useful draws (进张) are counted from: for each candidate discard, the draws
//! after which the hand is nearer to complete than a bar.
//!
//! Under the standard forms the whole table takes one pass over the groups: a discard then
//! a draw changes at most two groups' keys. A draw into the discard's own group is one join
//! against the totals of the three other groups (as [`shanten::after_draws`]); a draw into
//! another group is one join against the two untouched groups joined with the discard's
//! new row, built once per discard and group drawn into. Under the knitted forms (no
//! wildcards) the standard forms' pass leaves the draws it does not lower to the knitted
//! readings ([`knitted_after::lowering_draws`]). The other forms are asked one discard at a
//! time ([`forms::after_draws`]).

use crate::eval::forms;
use crate::eval::knitted_after;
use crate::eval::rules::{EvalRules, WinForms};
use crate::eval::shanten::{group_table, honors_table, others_against, rows_of};
use crate::eval::shape::Keys;
use crate::eval::tables::POW5;
use crate::eval::tally::Tally;
use crate::eval::totals::{Against, Keep, Totals};
use crate::hand::Hand;
use crate::tiles::{each_kind, four_kinds, odd_kinds, KindMask, ALL_KINDS, KINDS, ORPHAN_KINDS};

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
        return standard_forms(hand, discards, draws, bar, rules);
    }
    if rules.forms == WinForms::Knitted && hand.wildcards == 0 {
        return knitted(hand, discards, draws, bar, rules);
    }
    one_by_one(hand, discards, draws, bar, rules)
}

/// [`lowering_draws`] under the standard forms (`rules.forms` is [`WinForms::Standard`]),
/// for the melds the hand still needs ([`standard`]).
fn standard_forms(
    hand: &Hand,
    discards: KindMask,
    draws: &[KindMask; KINDS],
    bar: i32,
    rules: EvalRules,
) -> [KindMask; KINDS] {
    match 4 - hand.meld_count().min(4) {
        0 => standard::<0>(hand, discards, draws, bar, rules),
        1 => standard::<1>(hand, discards, draws, bar, rules),
        2 => standard::<2>(hand, discards, draws, bar, rules),
        3 => standard::<3>(hand, discards, draws, bar, rules),
        _ => standard::<4>(hand, discards, draws, bar, rules),
    }
}

/// [`lowering_draws`] under the knitted forms (`knitted.rs`), for a hand without wildcards:
/// the standard forms' one pass, then for each discard the draws it leaves out read by the
/// knitted forms alone ([`knitted_after::lowering_draws`]). A shanten under the knitted
/// forms is the least of the standard forms' and the knitted readings', so a draw is below
/// `bar` under them iff it is under either.
fn knitted(
    hand: &Hand,
    discards: KindMask,
    draws: &[KindMask; KINDS],
    bar: i32,
    rules: EvalRules,
) -> [KindMask; KINDS] {
    let standard_rules = EvalRules {
        forms: WinForms::Standard,
        ..rules
    };
    let mut out = standard_forms(hand, discards, draws, bar, standard_rules);
    if hand.meld_count() > 1 {
        return out; // the knitted readings take at most one meld
    }
    let mut less = hand.clone();
    for k in each_kind(discards) {
        let k = k as usize;
        let left = draws[k] & !out[k];
        if left == 0 {
            continue;
        }
        discard(&mut less, k, -1);
        out[k] |= knitted_after::lowering_draws(&less, left, bar, rules);
        discard(&mut less, k, 1);
    }
    out
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

impl Tally {
    /// The kinds of `draws` after which seven pairs or (`orphans`) thirteen orphans keep
    /// more than `least`, from these counts of a hand without melds whose natural counts
    /// `counts` less one of `k` (if natural) hold `odd` an odd number of times. A draw never
    /// lowers their keep, and adds one at most: to seven pairs only a kind held an odd
    /// number of times (a pair made), or any kind while fewer than seven are held (a half
    /// more); to thirteen orphans only an orphan kind. Precondition: no kind of `draws` is
    /// held four times after the discard.
    fn lowering(
        self,
        draws: KindMask,
        counts: &[u8; KINDS],
        k: usize,
        odd: KindMask,
        orphans: bool,
        least: i16,
    ) -> KindMask {
        let (sevens, thirteen) = (self.keep(true, false), self.keep(false, orphans));
        if i16::from(sevens.max(thirteen)) > least {
            return draws;
        }
        let mut can: KindMask = 0;
        if i16::from(sevens) + 1 > least && self.pairs < 7 {
            can |= odd;
            if self.pairs + self.halves < 7 {
                can = ALL_KINDS;
            }
        }
        if orphans && i16::from(thirteen) + 1 > least {
            can |= ORPHAN_KINDS;
        }
        let mut lowering = 0;
        for j in each_kind(draws & can) {
            let j = j as usize;
            let c = counts[j] - u8::from(j == k);
            let keep = self
                .changed::<true>(c, ORPHAN_KINDS >> j & 1 == 1)
                .keep(true, orphans);
            lowering |= u64::from(i16::from(keep) > least) << j;
        }
        lowering
    }
}

/// The kinds of each group: the three suits, the honors.
const GROUP_KINDS: [KindMask; 4] = [0x1ff, 0x1ff << 9, 0x1ff << 18, 0x7f << 27];

/// The totals of two groups (the six pairs of the four), each joined when first asked.
struct Two<const NEED: usize> {
    totals: [Totals<NEED>; 6],
    /// Bit `i`: `totals[i]` is joined.
    built: u8,
}

impl<const NEED: usize> Default for Two<NEED> {
    fn default() -> Self {
        Two {
            totals: [Totals::NONE; 6],
            built: 0,
        }
    }
}

impl<const NEED: usize> Two<NEED> {
    /// The totals of the two groups other than `a` and `b` (`a ≠ b`, both 0–3), of `rows`.
    fn without(&mut self, a: usize, b: usize, rows: &[&Keep; 4]) -> Totals<NEED> {
        let (a, b) = (a.min(b), a.max(b));
        let i = match (a, b) {
            (0, 1) => 0,
            (0, 2) => 1,
            (0, 3) => 2,
            (1, 2) => 3,
            (1, 3) => 4,
            _ => 5,
        };
        if self.built >> i & 1 == 0 {
            let mut t = Totals::<NEED>::NONE;
            for o in (0..4).filter(|&o| o != a && o != b) {
                t = t.with(rows[o]);
            }
            self.totals[i] = t;
            self.built |= 1 << i;
        }
        self.totals[i]
    }
}

/// The kinds of `draws` after one more of which the standard shape of the hand of `keys`
/// keeps more than `least`: each group's row one tile further, against `others` (every
/// group but that one, [`others_against`]). Precondition: `draws` are natural kinds the
/// hand holds at most three times.
#[inline]
fn whole_above(
    draws: KindMask,
    keys: &Keys,
    others: &[Against; 4],
    least: i16,
    honors: &'static [Keep],
) -> KindMask {
    let mut above_bar: KindMask = 0;
    for (g, &kinds) in GROUP_KINDS.iter().enumerate() {
        let into = draws & kinds;
        if into == 0 {
            continue;
        }
        let above = others[g].above_bar(least);
        let (key, table) = (keys.0[g], group_table(g, honors));
        for j in each_kind(into) {
            let row = &table[(key + POW5[j as usize - 9 * g]) as usize];
            above_bar |= u64::from(above.above(row)) << j;
        }
    }
    above_bar
}

/// [`lowering_draws`] under the standard forms, for a hand that needs `NEED` more melds.
/// Shanten below `bar` is keep above `14 − 3·melds − wild − 1 − bar`, and the keep is the
/// best of the standard shape's and (without melds) seven pairs' and thirteen orphans':
/// each is tested alone, the standard shape one group drawn into at a time.
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
    let odd = odd_kinds(counts);
    let base = if pairs {
        Tally::of_counts(counts)
    } else {
        Tally::default()
    };
    // The bar on keep with `wild` wildcards after the exchange.
    // Every shanten is within −15–15 (at most 14 wildcards): a bar past ±30 keeps its answers.
    let bar = bar.clamp(-30, 30) as i16;
    let least = |wild: u8| i16::from(14 - 3 * melds) - i16::from(wild) - 1 - bar;
    // A draw the whole hand gains nothing from in the standard shape gains nothing after a
    // discard either (fewer tiles never keep more): `could`, the natural draws the whole
    // hand keeps more than the bar with (the bar of a natural discard; a wildcard's is one
    // higher). A kind held four times is drawn only back after its own discard: the whole
    // hand.
    let least_whole = least(hand.wild);
    let fours = four_kinds(counts);
    let mut could: KindMask = if i16::from(whole) > least_whole {
        fours
    } else {
        0
    };
    let union = each_kind(discards).fold(0, |m, k| m | draws[k as usize]);
    could |= whole_above(
        union & !hand.wildcards & !fours,
        &keys,
        &others,
        least_whole,
        honors,
    );
    let mut two = Two::<NEED>::default();
    for k in each_kind(discards) {
        let k = k as usize;
        let want = draws[k];
        if want == 0 {
            continue;
        }
        let wild_kind = hand.wildcards >> k & 1 == 1;
        // The hand after the discard: its keys, the discarded group (4: none), its seven
        // pairs' and orphans' counts, its wildcards, its standard keep.
        let mut after = keys;
        let (gk, rest, wild, kept) = if wild_kind {
            (4, base, hand.wild - 1, whole)
        } else {
            let gk = k / 9;
            after.0[gk] -= POW5[k % 9];
            let kept = others[gk].standard(&group_table(gk, honors)[after.0[gk] as usize]);
            let rest = if pairs {
                base.changed::<false>(counts[k], ORPHAN_KINDS >> k & 1 == 1)
            } else {
                base
            };
            (gk, rest, hand.wild, kept)
        };
        let natural = want & !hand.wildcards;
        let mut lowering: KindMask = 0;
        let least_natural = least(wild);
        for (g, &kinds) in GROUP_KINDS.iter().enumerate() {
            let into = natural & could & kinds;
            if into == 0 {
                continue;
            }
            let against = if gk == 4 || g == gk {
                others[g]
            } else {
                two.without(gk, g, &rows)
                    .with(&group_table(gk, honors)[after.0[gk] as usize])
                    .against()
            };
            let above = against.above_bar(least_natural);
            let (key, table) = (after.0[g], group_table(g, honors));
            for j in each_kind(into) {
                let row = &table[(key + POW5[j as usize - 9 * g]) as usize];
                lowering |= u64::from(above.above(row)) << j;
            }
        }
        if pairs {
            let odd_after = if gk == 4 { odd } else { odd ^ 1 << k };
            lowering |= rest.lowering(
                natural & !lowering,
                counts,
                k,
                odd_after,
                orphans,
                least_natural,
            );
        }
        let wildcards = want & hand.wildcards;
        if wildcards != 0 {
            // A wildcard drawn: the naturals as after the discard, one wildcard more.
            let keep = kept.max(rest.keep(pairs, orphans));
            if i16::from(keep) > least(wild + 1) {
                lowering |= wildcards;
            }
        }
        out[k] = lowering;
    }
    out
}

#[cfg(test)]
#[path = "exchanges_tests.rs"]
mod tests;
