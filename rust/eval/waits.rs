//! What a position waits on (听口, its [`Waits`]) and the discards that leave a hand ready
//! (docs/rules.md §4, §6). The winning tiles kind by kind are `winning.rs`'s.

use crate::eval::rules::{EvalRules, WinForms};
use crate::eval::shape::{entry, standard_need, Keys};
use crate::eval::tables::POW5;
pub use crate::eval::winning::{completes_with_wildcard, winning_mask};
use crate::hand::Hand;
use crate::tiles::{Counts, KindMask, KINDS, ORPHAN_KINDS};

/// What a waiting (3n+1) position waits on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Waits {
    /// The winning tiles of docs/rules.md §6.
    pub tiles: KindMask,
    /// The wildcard kinds whose drawn tile completes the hand: the hand's wildcard kinds
    /// when a wildcard completes it, else none.
    pub wildcards: KindMask,
}

impl Waits {
    /// The waits of a validated 3n+1 hand.
    #[must_use]
    pub fn of(hand: &Hand, rules: EvalRules) -> Self {
        if rules.forms == WinForms::Pair258 {
            return Waits {
                tiles: crate::eval::pair258_waits::hand_waits(hand),
                wildcards: 0,
            };
        }
        if rules.forms == WinForms::Knitted {
            return Waits {
                tiles: crate::eval::winning::knitted_winning_tiles(
                    &hand.counts,
                    &hand.held,
                    hand.meld_count(),
                    rules,
                ),
                wildcards: 0,
            };
        }
        let mut candidates = !hand.wildcards & !hand.held_four();
        if rules.forms == WinForms::LackingASuit {
            candidates &= crate::eval::suits::allowed_kinds(crate::eval::suits::of_hand(hand));
            if candidates == 0 {
                return Waits {
                    tiles: 0,
                    wildcards: 0,
                };
            }
        }
        let tiles = winning_mask(
            &hand.counts,
            hand.wild,
            hand.meld_count(),
            candidates,
            rules,
        );
        let wildcards = if hand.wildcards != 0
            && completes_with_wildcard(&hand.counts, hand.wild, hand.meld_count(), rules)
        {
            hand.wildcards
        } else {
            0
        };
        Waits { tiles, wildcards }
    }

    /// Ready (听牌): some natural tile or a drawn wildcard completes the hand.
    #[must_use]
    pub fn is_ready(&self) -> bool {
        self.tiles != 0 || self.wildcards != 0
    }
}

/// Whether no discard (a wildcard's included) can leave a 3n+2 hand ready, by a bound from
/// `need`, the standard shape's need of its natural tiles `counts` ([`standard_need`]): a
/// tile and two wildcards make a pong, so a group (and the standard shape) needs at most
/// two wildcards more with one tile more, and a discard lowers the need by at most two;
/// seven pairs lose at most one odd kind; thirteen orphans need every natural tile but the
/// discard to be an orphan. The forms of 缺一门 are fewer, so the bound holds for them;
/// not for forms that need no shape. Precondition: `rules.forms.bounded_by_keys()`.
pub(crate) fn never_ready_after_discard(
    counts: &Counts,
    need: u32,
    wild: u8,
    melds: u8,
    rules: EvalRules,
) -> bool {
    debug_assert!(rules.forms.bounded_by_keys());
    // More than one natural tile outside the orphan kinds (checked only when it matters).
    let non_orphans = || {
        let orphans: u8 = crate::tiles::each_kind(ORPHAN_KINDS)
            .map(|k| counts[k as usize])
            .sum();
        let naturals = (14 - 3 * melds).saturating_sub(wild);
        naturals.saturating_sub(orphans) > 1
    };
    let odd = || crate::tiles::odd_kinds(counts).count_ones();
    need > u32::from(wild) + 3
        && (melds > 0 || odd() > u32::from(wild) + 2 && (rules.no_honors || non_orphans()))
}

/// Whether the hand less one tile of kind `k` wins with one more wildcard, for every kind at
/// once (bit `k`): ready after discarding `k` needs it (one more wildcard finds any
/// completion, where the forms admit wildcards; otherwise every kind held passes), so it
/// is [`ready_discards`]' filter. The same answer as
/// `forms::is_win(counts − k, wild + 1, …)` for each `k`, from the group keys computed once
/// (a discard changes one group's key). `wild_discard`: whether discarding a wildcard
/// (the naturals unchanged, `wild` wildcards) passes.
fn completable_after_discard(hand: &Hand, rules: EvalRules) -> (KindMask, bool) {
    use crate::eval::shape::{is_seven_pairs, is_thirteen_orphans};
    let (counts, wild, melds) = (&hand.counts, hand.wild, hand.meld_count());
    if !rules.forms.bounded_by_keys() {
        return completable_by_kind(hand, rules);
    }
    let keys = Keys::of(counts);
    let entries = [0, 1, 2, 3].map(|g| entry(g, keys.0[g], rules));
    if never_ready_after_discard(counts, standard_need(entries), wild, melds, rules) {
        return (0, false);
    }
    if rules.forms.by_kind() {
        return completable_by_kind(hand, rules);
    }
    let odd = crate::tiles::odd_kinds(counts).count_ones();
    let wild_ok = standard_need(entries) <= u32::from(wild)
        || melds == 0
            && (is_seven_pairs(counts, wild) || !rules.no_honors && is_thirteen_orphans(counts));
    let mut mask = 0;
    for k in (0..KINDS).filter(|&k| counts[k] > 0) {
        let (g, i) = (k / 9, k % 9);
        let mut e = entries;
        e[g] = entry(g, keys.0[g] - POW5[i], rules);
        let ok = standard_need(e) <= u32::from(wild) + 1
            || melds == 0 && {
                // Seven pairs: removing one of kind k flips its parity.
                let odd_after = if counts[k] & 1 == 1 { odd - 1 } else { odd + 1 };
                odd_after <= u32::from(wild) + 1
                    || !rules.no_honors && {
                        let mut c = *counts;
                        c[k] -= 1;
                        is_thirteen_orphans(&c)
                    }
            };
        if ok {
            mask |= 1 << k;
        }
    }
    (mask, wild_ok)
}

/// [`completable_after_discard`] for the forms asked kind by kind ([`WinForms::by_kind`]).
/// Forms that admit no wildcard ([`WinForms::admits_wildcards`]) win with no more
/// wildcards, so the filter passes every natural kind held and `Waits::of` decides.
fn completable_by_kind(hand: &Hand, rules: EvalRules) -> (KindMask, bool) {
    let (counts, wild, melds) = (&hand.counts, hand.wild, hand.meld_count());
    if !rules.forms.admits_wildcards() {
        return (crate::tiles::held_kinds(counts), false);
    }
    let wins = |c: &Counts, w: u8| crate::eval::forms::is_win(c, w, melds, rules);
    let mut mask = 0;
    for k in (0..KINDS).filter(|&k| counts[k] > 0) {
        let mut c = *counts;
        c[k] -= 1;
        if wins(&c, wild + 1) {
            mask |= 1 << k;
        }
    }
    (mask, wins(counts, wild))
}

/// The winning tiles after each discard that leaves a turn's hand ready, as the turn's
/// 报听 check found them: `(kind discarded, its winning tiles)`, kept so that a bot asks no
/// second time.
pub type ReadyWaits = Vec<(u8, KindMask)>;

/// For a validated 3n+2 hand, each kind whose discard leaves it ready, with the waits after it.
#[must_use]
pub fn ready_discards(hand: &Hand, rules: EvalRules) -> Vec<(u8, Waits)> {
    let mut out = Vec::new();
    let (completable, wild_completable) = completable_after_discard(hand, rules);
    // Ready needs some completion, and one more wildcard finds any: only the discards that
    // pass this filter are checked (a held wildcard kind passes as a whole).
    let mut candidates = completable;
    if wild_completable {
        candidates |= (0..KINDS)
            .filter(|&k| hand.wildcards >> k & 1 == 1 && hand.held[k] > 0)
            .fold(0, |m, k| m | 1 << k);
    }
    while candidates != 0 {
        let k = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        let mut after = hand.clone();
        after.held[k] -= 1;
        if hand.wildcards >> k & 1 == 1 {
            after.wild -= 1;
        } else {
            after.counts[k] -= 1;
        }
        let waits = Waits::of(&after, rules);
        if waits.is_ready() {
            out.push((k as u8, waits));
        }
    }
    out
}

#[cfg(test)]
#[path = "waits_tests.rs"]
mod tests;
