//! Winning tiles (听口) of a waiting (3n+1) position, kind by kind: the natural tiles that
//! complete it (standard shape, seven pairs, thirteen orphans, as the rules allow), and
//! whether a drawn wildcard does (docs/rules.md §6). [`crate::eval::waits::Waits`] asks it.

use crate::eval::rules::{EvalRules, WinForms};
use crate::eval::shape::{entry, Keys};
use crate::eval::tables::{melds_need, pair_need, POW5};
use crate::eval::{knitted, shape};
use crate::tiles::{
    each_kind, four_kinds, held_kinds, pair_kinds, Counts, KindMask, ALL_KINDS, ORPHAN_KINDS,
    SUITED_KINDS,
};

/// The kinds among `candidates` that complete the position as one more natural tile. When
/// the hand must lack a suit, only the concealed tiles' suits are seen here; [`Waits::of`]
/// also counts the melds'.
///
/// Precondition: counts ≤ 4, no candidate kind with count 4,
/// `Σcounts + wild = 13 − 3·melds`.
#[must_use]
#[allow(clippy::similar_names)]
pub fn winning_mask(
    counts: &Counts,
    wild: u8,
    melds: u8,
    candidates: KindMask,
    rules: EvalRules,
) -> KindMask {
    if rules.forms == WinForms::Pair258 {
        let melds = crate::eval::pair258::MeldInfo::unknown(melds);
        return crate::eval::pair258_waits::winning_tiles(counts, counts, melds) & candidates;
    }
    if rules.forms == WinForms::Knitted {
        return knitted_winning_tiles(counts, counts, melds, rules) & candidates;
    }
    let cand = candidates & rules.kinds_in_play();
    let mut out = standard_winning(counts, wild, cand, rules);
    if melds == 0 {
        let rest = cand & !out;
        if rest != 0 {
            out |= seven_pairs_or_orphans_winning(counts, wild, rest, rules);
        }
    }
    if rules.forms == WinForms::LackingASuit {
        out &= crate::eval::suits::allowed_kinds(crate::eval::suits::of_counts(counts));
    }
    out
}

/// The kinds that complete the waiting `counts` (13 − 3·melds tiles) under the knitted forms
/// (`knitted.rs`) as one more tile, of those `held` fewer than four times: the standard forms' winning tiles from one reading of
/// the groups ([`winning_mask`]), then 全不靠's (a kind not held, when every count is
/// at most one) and 组合龙's (a straight held whole, or all but the kind drawn), each checked
/// alone.
///
/// Precondition: counts ≤ 4, `held` ≥ `counts` kind by kind, no wildcards.
#[must_use]
pub fn knitted_winning_tiles(
    counts: &Counts,
    held: &Counts,
    melds: u8,
    rules: EvalRules,
) -> KindMask {
    if rules.no_honors {
        return knitted::winning_tiles(counts, held, melds, rules);
    }
    let open = ALL_KINDS & !four_kinds(held);
    let standard = EvalRules {
        forms: crate::eval::rules::WinForms::Standard,
        ..rules
    };
    let mut out = winning_mask(counts, 0, melds, open, standard);
    let mine = held_kinds(counts);
    if melds == 0 && pair_kinds(counts) == 0 {
        for k in each_kind(open & !mine & !out) {
            let suited = (mine | 1 << k) & SUITED_KINDS;
            if knitted::KNITTED_STRAIGHTS.iter().any(|&s| suited & !s == 0) {
                out |= 1 << k;
            }
        }
    }
    if melds <= 1 {
        for s in knitted::KNITTED_STRAIGHTS {
            let missing = s & !mine;
            if missing == 0 {
                let rest = knitted::less(counts, s);
                for k in each_kind(open & !out) {
                    let mut c = rest;
                    c[k as usize] += 1;
                    if shape::is_standard(&c, 0, rules) {
                        out |= 1 << k;
                    }
                }
            } else if missing.is_power_of_two()
                && open & !out & missing != 0
                && shape::is_standard(&knitted::less(counts, s & !missing), 0, rules)
            {
                out |= missing;
            }
        }
    }
    out
}

/// The kinds among `cand` that complete the standard shape as one more natural tile.
#[inline]
#[allow(clippy::similar_names)]
fn standard_winning(counts: &Counts, wild: u8, cand: KindMask, rules: EvalRules) -> KindMask {
    let keys = Keys::of(counts);
    let entries = [0, 1, 2, 3].map(|g| entry(g, keys.0[g], rules));
    let m = entries.map(|e| i32::from(melds_need(e)));
    let x = entries.map(|e| i32::from(pair_need(e)) - i32::from(melds_need(e)));
    let wild_i = i32::from(wild);
    let total_m: i32 = m.iter().sum();
    let min_x = x.iter().copied().min().unwrap_or(i32::MAX);
    let mut out: KindMask = 0;
    // One natural tile lowers each group's needs by at most one.
    if total_m + min_x - 1 <= wild_i {
        for g in 0..4 {
            let (first, n) = if g < 3 { (g * 9, 9) } else { (27, 7) };
            let gmask = (cand >> first) & ((1u64 << n) - 1);
            if gmask == 0 {
                continue;
            }
            let rest_m = total_m - m[g];
            let rest_x = (0..4)
                .filter(|&h| h != g)
                .map(|h| x[h])
                .min()
                .unwrap_or(i32::MAX);
            let (mg, pg) = (m[g], m[g] + x[g]);
            if rest_m + (mg - 1 + rest_x).min(pg - 1) > wild_i {
                continue;
            }
            let mut held = 0u64;
            for i in 0..n {
                held |= u64::from(counts[first + i] > 0) << i;
            }
            let near = if g < 3 {
                (held | held << 1 | held << 2 | held >> 1 | held >> 2) & 0x1ff
            } else if rules.wind_runs {
                (if held & 0xf != 0 { 0xf } else { 0 }) | (if held & 0x70 != 0 { 0x70 } else { 0 })
            } else {
                held
            };
            // Kinds with no held tile within reach join nothing: same answer for all of them.
            let far = gmask & !near;
            if far != 0 {
                let (m2, p2) = (mg + 2, (pg + 2).min(mg + 1));
                if rest_m + (m2 + rest_x).min(p2) <= wild_i {
                    out |= far << first;
                }
            }
            let mut rest = gmask & near;
            let table_key = keys.0[g];
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let e = entry(g, table_key + POW5[i], rules);
                let (m2, p2) = (i32::from(melds_need(e)), i32::from(pair_need(e)));
                if rest_m + (m2 + rest_x).min(p2) <= wild_i {
                    out |= 1 << (first + i);
                }
            }
        }
    }
    out
}

/// The kinds among `rest` that complete seven pairs or 十三幺 (a hand without melds) as one
/// more natural tile.
#[inline]
fn seven_pairs_or_orphans_winning(
    counts: &Counts,
    wild: u8,
    rest: KindMask,
    rules: EvalRules,
) -> KindMask {
    let wild_i = i32::from(wild);
    let mut out: KindMask = 0;
    // Seven pairs: X flips the parity of its own count; each odd count needs a wildcard.
    // Thirteen orphans: all naturals terminals or honors, at most one kind twice.
    let mut odd_mask = 0u64;
    let mut non_orphan = false;
    let mut extra = 0u32;
    let mut present = 0u64;
    for (k, &c) in counts.iter().enumerate() {
        odd_mask |= u64::from(c & 1) << k;
        present |= u64::from(c > 0) << k;
        extra += u32::from(c.saturating_sub(1));
        non_orphan |= c > 0 && ORPHAN_KINDS >> k & 1 == 0;
    }
    let odd = odd_mask.count_ones() as i32;
    if odd - 1 <= wild_i {
        out |= rest & odd_mask;
    }
    if odd < wild_i {
        out |= rest & !odd_mask;
    }
    if !rules.no_honors && !non_orphan {
        if extra == 0 {
            out |= rest & ORPHAN_KINDS;
        } else if extra == 1 {
            out |= rest & ORPHAN_KINDS & !present;
        }
    }
    out
}

/// Whether a waiting position completes when one more wildcard is drawn: true iff some
/// kind in play completes it as a natural tile (the wildcard stands for that kind).
#[must_use]
pub fn completes_with_wildcard(counts: &Counts, wild: u8, melds: u8, rules: EvalRules) -> bool {
    crate::eval::forms::is_win(counts, wild + 1, melds, rules)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::hand;

    fn waits(text: &str, wild: u8, melds: u8) -> String {
        let m = winning_mask(
            &hand(text),
            wild,
            melds,
            crate::tiles::ALL_KINDS,
            EvalRules::default(),
        );
        let kinds: Vec<u8> = (0..34u8).filter(|&k| m >> k & 1 == 1).collect();
        crate::tiles::format_mpsz(&kinds)
    }

    #[test]
    fn winning_tiles() {
        let cases: &[(&str, u8, u8, &str)] = &[
            ("1112345678999m", 0, 0, "123456789m"),
            ("123m456p789s1122z", 0, 0, "12z"),
            ("19m19p19s1234567z", 0, 0, "19m19p19s1234567z"),
            ("1122m3344p5566s7z", 0, 0, "7z"),
            ("1m", 0, 4, "1m"),
            ("", 1, 4, "123456789m123456789p123456789s1234567z"),
        ];
        for &(text, wild, melds, expect) in cases {
            assert_eq!(
                waits(text, wild, melds),
                expect,
                "{text} +{wild} wild, {melds} melds"
            );
        }
    }
}
