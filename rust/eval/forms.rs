//! What makes a hand complete: the win forms a profile's [`EvalRules`] selects once, and the
//! evaluators' entry points that ask them (a win, the shanten, the shanten after each
//! discard). The forms' own code lives beside: the standard shape, seven pairs and 十三幺 in
//! `shape.rs` and `shanten.rs`, lacking a suit in `suits.rs`, the 2-5-8 pair and the shapes
//! that need none in `pair258.rs`, the knitted forms (全不靠, 组合龙) in `knitted.rs`.

use super::knitted;
use super::lacking;
use super::pair258::{self, MeldInfo};
use super::rules::{EvalRules, WinForms};
use super::shanten;
use super::shape;
use super::suits::{self, ALL_SUITS};
use crate::hand::Hand;
use crate::tiles::{each_kind, held_kinds, Counts, KindMask, KINDS};

/// Whether a hand wins (docs/rules.md §4): `counts` are the natural concealed tiles, `wild`
/// the wildcards among them, `melds` the number of declared melds. The melds' kinds are not
/// seen here: a form that looks at them (lacking a suit, the 2-5-8 forms) counts them in
/// [`hand_wins`].
///
/// Precondition: counts ≤ 4, `Σcounts + wild = 14 − 3·melds`, `melds ≤ 4`.
#[inline]
#[must_use]
pub fn is_win(counts: &Counts, wild: u8, melds: u8, rules: EvalRules) -> bool {
    match rules.forms {
        WinForms::Pair258 => wild == 0 && pair258::wins(counts, MeldInfo::unknown(melds)),
        WinForms::Knitted => wild == 0 && knitted::wins(counts, melds, rules),
        WinForms::LackingASuit if suits::of_counts(counts) == ALL_SUITS => false,
        WinForms::LackingASuit | WinForms::Standard => {
            shape::is_complete(counts, wild, melds, rules)
        }
    }
}

/// Whether a validated complete hand wins, its melds counted.
#[inline]
#[must_use]
pub fn hand_wins(hand: &Hand, rules: EvalRules) -> bool {
    let complete = || shape::is_complete(&hand.counts, hand.wild, hand.meld_count(), rules);
    match rules.forms {
        WinForms::Pair258 => {
            hand.wild == 0 && pair258::wins(&hand.counts, MeldInfo::of(&hand.melds))
        }
        WinForms::Knitted => {
            hand.wild == 0 && knitted::wins(&hand.counts, hand.meld_count(), rules)
        }
        WinForms::LackingASuit => suits::of_hand(hand) != ALL_SUITS && complete(),
        WinForms::Standard => complete(),
    }
}

/// Shanten of a hand of 3n+1 or 3n+2 concealed tiles (`counts` natural, `wild` wildcards):
/// −1 complete, 0 ready, 1 one tile from ready, … When the hand must lack a suit, the
/// concealed tiles of one suit are exchanged too (the cheapest suit); the melds' kinds are
/// not seen here: [`of_hand`] counts them.
///
/// Precondition: counts ≤ 4; `Σcounts + wild` is `13 − 3·melds` or `14 − 3·melds`.
#[must_use]
pub fn shanten(counts: &Counts, wild: u8, melds: u8, rules: EvalRules) -> i32 {
    match rules.forms {
        WinForms::Pair258 => pair258::shanten(counts, wild, MeldInfo::unknown(melds)),
        WinForms::Knitted => knitted::shanten(counts, melds, rules) - i32::from(wild),
        WinForms::LackingASuit => shanten::lacking(counts, wild, melds, 0, rules),
        WinForms::Standard => shanten::any_suits(counts, wild, melds, rules),
    }
}

/// Shanten of a validated hand, its melds counted.
#[must_use]
pub fn of_hand(hand: &Hand, rules: EvalRules) -> i32 {
    let (counts, wild, melds) = (&hand.counts, hand.wild, hand.meld_count());
    match rules.forms {
        WinForms::Pair258 => pair258::shanten(counts, wild, MeldInfo::of(&hand.melds)),
        WinForms::Knitted => knitted::shanten(counts, melds, rules) - i32::from(wild),
        WinForms::LackingASuit => {
            shanten::lacking(counts, wild, melds, suits::of_melds(hand), rules)
        }
        WinForms::Standard => shanten::any_suits(counts, wild, melds, rules),
    }
}

/// The shanten of a validated 3n+2 hand after discarding each kind: entry `k` is
/// [`of_hand`] of the hand less one tile of kind `k` for each kind `k` the seat holds
/// concealed (a held wildcard kind: one wildcard fewer), [`shanten::NEVER`] + 1 for the
/// others. The standard forms and 缺一门 take one pass over the groups
/// ([`shanten::after_discards`], [`lacking::after_discards`]); the others are asked kind by
/// kind ([`after_discards_by_kind`]).
#[must_use]
pub fn after_discards(hand: &Hand, rules: EvalRules) -> [i32; KINDS] {
    match rules.forms {
        WinForms::Standard => shanten::after_discards(hand, rules),
        WinForms::LackingASuit => lacking::after_discards(hand, rules),
        WinForms::Pair258 | WinForms::Knitted => after_discards_by_kind(hand, rules),
    }
}

/// [`after_discards`] asked kind by kind: one [`of_hand`] per kind held (the reference the
/// one-pass paths are tested against). Precondition: a validated 3n+2 hand.
#[must_use]
pub fn after_discards_by_kind(hand: &Hand, rules: EvalRules) -> [i32; KINDS] {
    let mut out = [shanten::NEVER + 1; KINDS];
    if hand.wild > 0 {
        // Wildcard kinds are never melded: a held one is a concealed wildcard.
        let mut less = hand.clone();
        less.wild -= 1;
        let s = of_hand(&less, rules);
        for k in each_kind(hand.wildcards & held_kinds(&hand.held)) {
            out[k as usize] = s;
        }
    }
    let mut less = hand.clone();
    for k in each_kind(held_kinds(&hand.counts)) {
        let k = k as usize;
        less.counts[k] -= 1;
        out[k] = of_hand(&less, rules);
        less.counts[k] += 1;
    }
    out
}

/// The shanten of a validated 3n+1 hand after drawing each kind of `kinds`: entry `k` is
/// [`of_hand`] of the hand with one more tile of kind `k` (a wildcard kind: one wildcard
/// more), [`shanten::NEVER`] + 1 for the kinds not in `kinds`. The standard forms and
/// 缺一门 take one pass over the groups ([`shanten::after_draws`], [`lacking::after_draws`]);
/// the others are asked kind by kind ([`after_draws_by_kind`]).
///
/// Precondition: the hand holds every natural kind of `kinds` at most three times
/// concealed.
#[must_use]
pub fn after_draws(hand: &Hand, kinds: KindMask, rules: EvalRules) -> [i32; KINDS] {
    match rules.forms {
        WinForms::Standard => shanten::after_draws(hand, kinds, rules),
        WinForms::LackingASuit => lacking::after_draws(hand, kinds, rules),
        WinForms::Pair258 | WinForms::Knitted => after_draws_by_kind(hand, kinds, rules),
    }
}

/// [`after_draws`] asked kind by kind: one [`of_hand`] per kind of `kinds` (the reference
/// the one-pass paths are tested against). Precondition: as [`after_draws`].
#[must_use]
pub fn after_draws_by_kind(hand: &Hand, kinds: KindMask, rules: EvalRules) -> [i32; KINDS] {
    let mut out = [shanten::NEVER + 1; KINDS];
    if kinds & hand.wildcards != 0 {
        let mut more = hand.clone();
        more.wild += 1;
        let s = of_hand(&more, rules);
        for k in each_kind(kinds & hand.wildcards) {
            out[k as usize] = s;
        }
    }
    let mut more = hand.clone();
    for k in each_kind(kinds & !hand.wildcards) {
        let k = k as usize;
        more.counts[k] += 1;
        out[k] = of_hand(&more, rules);
        more.counts[k] -= 1;
    }
    out
}

/// The lowest shanten any discard leaves a validated 3n+2 hand at: the minimum of
/// [`after_discards`] over the kinds held, from one evaluation. A discard lowers `keep` by
/// at most one, and by none when some best complete hand leaves a tile of that kind unused;
/// such a tile exists unless every natural tile is used, that is unless the hand is
/// complete (−1), whose every discard leaves it ready (0).
#[must_use]
pub fn best_after_discard(hand: &Hand, rules: EvalRules) -> i32 {
    of_hand(hand, rules).max(0)
}
