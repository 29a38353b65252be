//! The shanten under the knitted forms (`knitted.rs`: the standard forms, 全不靠 and 组合龙)
//! after each discard and after each draw, in one pass instead of one [`knitted::shanten`](crate::eval::knitted::shanten)
//! per kind. The standard forms' part is the standard one-pass ([`shanten::after_discards`],
//! [`shanten::after_draws`]); the knitted forms' keep changes with one kind's count: 全不靠
//! keeps the distinct honors and the distinct kinds within one knitted straight, 组合龙 the
//! held kinds of a straight and what the standard shape keeps of the rest, so each straight
//! takes one pass over the rest's groups ([`shanten::standard_keep_changed`]). The answers
//! are [`knitted::shanten`](crate::eval::knitted::shanten)'s on each changed hand: the least of the standard forms' shanten
//! and `size − 1 −` the most any knitted reading keeps.

use crate::eval::knitted::{honors_and_knitted_keep, HONOR_KINDS, KNITTED_STRAIGHTS};
use crate::eval::rules::{EvalRules, WinForms};
use crate::eval::shanten::{self, NEVER};
use crate::eval::shape::{group_of, Keys};
use crate::hand::Hand;
use crate::tiles::{each_kind, held_kinds, pair_kinds, Counts, KindMask, KINDS, SUITED_KINDS};

/// The standard forms of `rules`: the shanten's standard part reads the same groups.
fn standard(rules: EvalRules) -> EvalRules {
    EvalRules {
        forms: WinForms::Standard,
        ..rules
    }
}

/// Whether the knitted forms can read the hand: at most one meld (with more, only the
/// standard forms).
fn knitted_forms_apply(hand: &Hand) -> bool {
    hand.meld_count() <= 1
}

/// The shanten under the knitted forms after discarding each kind: as
/// `forms::after_discards` (entry `k` the shanten of the hand less one tile of kind `k`, for
/// each kind held concealed; [`NEVER`] + 1 for the others). Precondition: a validated 3n+2
/// hand without wildcards (`forms::after_discards` asks such a hand kind by kind),
/// `rules.forms` is [`WinForms::Knitted`].
#[must_use]
pub fn after_discards(hand: &Hand, rules: EvalRules) -> [i32; KINDS] {
    debug_assert!(hand.wildcards == 0, "the knitted forms take no wildcards");
    let mut out = shanten::after_discards(hand, standard(rules));
    if !knitted_forms_apply(hand) {
        return out;
    }
    let counts = &hand.counts;
    let held = held_kinds(counts);
    let ones = ones(counts);
    let mut keep = [0u8; KINDS];
    let size = i32::from(14 - 3 * hand.meld_count());
    for k in each_kind(held) {
        let k = k as usize;
        keep[k] = standard_keep(size, out[k]);
    }
    if hand.meld_count() == 0 {
        let whole = honors_and_knitted_keep(held);
        let less = honors_and_knitted_less(held);
        for k in each_kind(held) {
            let after = if ones >> k & 1 == 1 { less(k) } else { whole };
            let k = k as usize;
            keep[k] = keep[k].max(after);
        }
    }
    let rest = rest_tiles(hand.meld_count());
    let keys = Keys::of(counts);
    let mut floor = least(&keep, held);
    for s in KNITTED_STRAIGHTS {
        let mine = held & s;
        let n = mine.count_ones() as u8;
        if n + rest <= floor {
            continue; // no discard's 组合龙 keeps more than the other readings
        }
        // The rest: the hand less one tile of each kind of the straight held.
        let (after, whole) = shanten::standard_keep_changed(
            &keys_less(&keys, mine),
            hand.meld_count() + 3,
            held & !(mine & ones),
            false,
            rules,
        );
        for k in each_kind(held) {
            // A straight's only tile of kind k leaves the straight; any other, the rest.
            let kept = if (mine & ones) >> k & 1 == 1 {
                n - 1 + whole
            } else {
                n + after[k as usize]
            };
            let k = k as usize;
            keep[k] = keep[k].max(kept);
        }
        floor = least(&keep, held);
    }
    for k in each_kind(held) {
        let k = k as usize;
        out[k] = out[k].min(size - i32::from(keep[k]) - 1);
    }
    out
}

/// The shanten under the knitted forms after drawing each kind of `kinds`: as
/// `forms::after_draws` (entry `k` the shanten of the hand with one more tile of kind `k`;
/// [`NEVER`] + 1 for the kinds not in `kinds`). Precondition: a validated 3n+1 hand holding
/// every kind of `kinds` at most three times concealed, without wildcards
/// (`forms::after_draws` asks such a hand kind by kind), `rules.forms` is
/// [`WinForms::Knitted`].
#[must_use]
pub fn after_draws(hand: &Hand, kinds: KindMask, rules: EvalRules) -> [i32; KINDS] {
    debug_assert!(hand.wildcards == 0, "the knitted forms take no wildcards");
    let mut out = shanten::after_draws(hand, kinds, standard(rules));
    if !knitted_forms_apply(hand) || kinds == 0 {
        return out;
    }
    let counts = &hand.counts;
    let held = held_kinds(counts);
    let mut keep = [0u8; KINDS];
    let size = i32::from(14 - 3 * hand.meld_count());
    for k in each_kind(kinds) {
        let k = k as usize;
        keep[k] = standard_keep(size, out[k]);
    }
    if hand.meld_count() == 0 {
        for k in each_kind(kinds) {
            let after = held | 1 << k;
            let k = k as usize;
            keep[k] = keep[k].max(honors_and_knitted_keep(after));
        }
    }
    let rest = rest_tiles(hand.meld_count());
    let keys = Keys::of(counts);
    let mut floor = least(&keep, kinds);
    for s in KNITTED_STRAIGHTS {
        let mine = held & s;
        let n = mine.count_ones() as u8;
        if n + 1 + rest <= floor {
            continue; // no draw's 组合龙 keeps more than the other readings
        }
        // A kind of the straight not yet held joins the straight; any other, the rest (the
        // hand less one tile of each kind of the straight held).
        let joining = kinds & s & !held;
        let (after, whole) = shanten::standard_keep_changed(
            &keys_less(&keys, mine),
            hand.meld_count() + 3,
            kinds & !joining,
            true,
            rules,
        );
        for k in each_kind(kinds) {
            let kept = if joining >> k & 1 == 1 {
                n + 1 + whole
            } else {
                n + after[k as usize]
            };
            let k = k as usize;
            keep[k] = keep[k].max(kept);
        }
        floor = least(&keep, kinds);
    }
    for k in each_kind(kinds) {
        let k = k as usize;
        out[k] = out[k].min(size - i32::from(keep[k]) - 1);
    }
    out
}

/// The kinds of `kinds` after drawing one of which the knitted readings alone (全不靠, 组合龙)
/// give the hand a shanten below `bar`: keep at least `14 − 3·melds − bar` natural tiles.
/// With [`shanten::after_draws`]' kinds below `bar`, the kinds [`after_draws`] puts below
/// `bar`; what `exchanges::lowering_draws` asks of the knitted forms after the standard
/// forms' one pass. A reading that cannot reach the bar is not read: a straight holding `n`
/// kinds keeps at most `n + 1` and the rest's tiles. Precondition: as [`after_draws`].
#[must_use]
pub fn lowering_draws(hand: &Hand, kinds: KindMask, bar: i32, rules: EvalRules) -> KindMask {
    debug_assert!(hand.wildcards == 0, "the knitted forms take no wildcards");
    if !knitted_forms_apply(hand) || kinds == 0 {
        return 0;
    }
    let melds = hand.meld_count();
    // Every shanten is within −15–15: a bar past ±30 keeps its answers.
    let need = i32::from(14 - 3 * melds) - bar.clamp(-30, 30);
    let counts = &hand.counts;
    let held = held_kinds(counts);
    let mut lowering: KindMask = if melds == 0 {
        honors_and_knitted_reaching(held, kinds, need)
    } else {
        0
    };
    let rest = rest_tiles(melds);
    let mut keys = None;
    for s in KNITTED_STRAIGHTS {
        let open = kinds & !lowering;
        if open == 0 {
            break;
        }
        let mine = held & s;
        let n = mine.count_ones() as u8;
        if i32::from(n + 1 + rest) < need {
            continue; // no draw's 组合龙 on this straight reaches the bar
        }
        // A kind of the straight not yet held joins the straight; any other, the rest (the
        // hand less one tile of each kind of the straight held).
        let joining = open & s & !held;
        let keys = keys.get_or_insert_with(|| Keys::of(counts));
        let (after, whole) = shanten::standard_keep_changed(
            &keys_less(keys, mine),
            melds + 3,
            open & !joining,
            true,
            rules,
        );
        if i32::from(n + 1 + whole) >= need {
            lowering |= joining;
        }
        for k in each_kind(open & !joining) {
            if i32::from(n + after[k as usize]) >= need {
                lowering |= 1 << k;
            }
        }
    }
    lowering
}

/// The kinds `k` of `kinds` after drawing one of which 全不靠 keeps at least `need` tiles:
/// `honors_and_knitted_keep(held | 1 << k) >= need`, from the keep of `held` alone. A draw
/// adds one at most: a new honor, or a new suited kind of a straight holding the most.
fn honors_and_knitted_reaching(held: KindMask, kinds: KindMask, need: i32) -> KindMask {
    if need > 14 {
        return 0; // 全不靠 keeps at most fourteen
    }
    let lack = need - (held & HONOR_KINDS).count_ones() as i32;
    let most = KNITTED_STRAIGHTS
        .iter()
        .map(|&s| (held & s).count_ones() as i32)
        .max()
        .unwrap_or(0);
    if most >= lack {
        return kinds;
    }
    if most + 1 < lack {
        return 0;
    }
    let gaining = KNITTED_STRAIGHTS
        .iter()
        .filter(|&&s| (held & s).count_ones() as i32 == most)
        .fold(HONOR_KINDS, |m, &s| m | s);
    kinds & gaining & !held
}

/// [`honors_and_knitted_keep`] of the distinct kinds `held` less one kind `k` of them, for
/// each `k` asked, from one reading of `held`: an honor leaves one fewer; a suited kind one
/// fewer only if every straight holding the most holds it.
fn honors_and_knitted_less(held: KindMask) -> impl Fn(u8) -> u8 {
    let honors = (held & HONOR_KINDS).count_ones();
    let most = KNITTED_STRAIGHTS
        .iter()
        .map(|&s| (held & s).count_ones())
        .max()
        .unwrap_or(0);
    // The kinds every straight holding the most holds, and the honors.
    let losing = KNITTED_STRAIGHTS
        .iter()
        .filter(|&&s| (held & s).count_ones() == most)
        .fold(SUITED_KINDS, |m, &s| m & s)
        | HONOR_KINDS;
    move |k| (honors + most - u32::from(losing >> k & 1 == 1)).min(14) as u8
}

/// The kinds held exactly once. Precondition: counts ≤ 4.
fn ones(counts: &Counts) -> KindMask {
    held_kinds(counts) & !pair_kinds(counts)
}

/// The keys of the hand of `keys` less one tile of each kind of `mask`. Precondition: each
/// is held.
fn keys_less(keys: &Keys, mask: KindMask) -> Keys {
    let mut out = *keys;
    for k in each_kind(mask) {
        let (g, weight) = group_of(k as usize);
        out.0[g] -= weight;
    }
    out
}

/// The tiles a 组合龙 takes beside its straight: a meld and a pair, or the pair beside one
/// declared meld.
fn rest_tiles(melds: u8) -> u8 {
    3 * (1 - melds) + 2
}

/// The natural tiles the standard forms keep for a shanten `s` of a hand of `size` − 1 or
/// `size` tiles (no wildcards): `size − 1 − s`.
fn standard_keep(size: i32, s: i32) -> u8 {
    debug_assert!(s < NEVER, "the standard forms always read a hand");
    (size - 1 - s).clamp(0, 14) as u8
}

/// The least of `keep` over `kinds`.
fn least(keep: &[u8; KINDS], kinds: KindMask) -> u8 {
    each_kind(kinds)
        .map(|k| keep[k as usize])
        .min()
        .unwrap_or(0)
}

#[cfg(test)]
#[path = "knitted_after_tests.rs"]
mod tests;
