//! The expert's offence: what each discard is worth to its own hand. A discard that leaves
//! the hand ready is worth its live winning tiles, each times what the win on it pays under
//! the profile's own score; one that leaves it not ready, its shanten, then the live tiles
//! that lower it (进张). Under a binding void suit, a hand far into one of its two suits
//! leans to it ([`lean_to_one_suit`]).

use crate::bots::sight::Sight;
use crate::eval::exchanges;
use crate::eval::waits::Waits;
use crate::outcome::{WinContext, WinKind};
use crate::tiles::{each_kind, four_kinds, held_kinds, Counts, KindMask, KINDS, SUITED_KINDS};

/// The suited kinds' count (0–26).
const SUITED: usize = 27;

/// What a win on `tile` with concealed `counts` (3n+1, without `tile`) pays: the profile's
/// score on a discard and on a self-draw, each where it is allowed.
fn win_value(me: &Sight<'_>, counts: &Counts, tile: usize) -> f64 {
    let mut full = *counts;
    full[tile] += 1;
    let hand = me.hand(&full, &me.melds);
    let rules = me.rules;
    let profile = rules.profile();
    let mut value = 0.0;
    for kind in [WinKind::Discard, WinKind::SelfDraw] {
        let context = WinContext::of(kind).by(me.flowers, me.dealer);
        if let Ok(s) = profile.score(rules, &hand, tile as u8, context) {
            if s.allowed {
                value += f64::from(s.payment.max(1));
            }
        }
    }
    value
}

/// The expected value of the ready hand of `counts` (3n+1) waiting on `waits`: each live
/// winning tile times what it pays.
fn ready_value(me: &Sight<'_>, counts: &Counts, waits: KindMask) -> f64 {
    let mut ev = 0.0;
    for k in each_kind(waits) {
        let k = k as usize;
        let live = me.live(k);
        if live > 0 {
            ev += f64::from(live) * win_value(me, counts, k);
        }
    }
    ev
}

/// The kinds a draw could join to `counts`: each held kind, and the suited kinds up to two
/// ranks from a held one, among the kinds in play.
fn near(me: &Sight<'_>, counts: &Counts) -> KindMask {
    near_held(me, held_kinds(counts))
}

/// [`near`] of the kinds `held`.
fn near_held(me: &Sight<'_>, held: KindMask) -> KindMask {
    /// The kinds of rank `r` or more of every suit, for `r` = 0–2.
    const RANK_FROM: [KindMask; 3] = [
        0x1ff * (1 | 1 << 9 | 1 << 18),
        0x1fe * (1 | 1 << 9 | 1 << 18),
        0x1fc * (1 | 1 << 9 | 1 << 18),
    ];
    let suited = held & SUITED_KINDS;
    let mut near = held;
    for d in 1..=2 {
        // Up and down `d` ranks within the suit: a shift, less what crossed a suit's end.
        near |= suited << d & RANK_FROM[d];
        near |= suited >> d & RANK_FROM[d] >> d;
    }
    near & me.kinds
}

/// The live tiles a draw could join to `counts` ([`near`]): a cheap stand-in for
/// [`improving`].
fn connected(me: &Sight<'_>, counts: &Counts) -> u32 {
    each_kind(near(me, counts))
        .map(|k| me.live(k as usize))
        .sum()
}

/// For each candidate discard `k` of `candidates`, the live tiles that lower the shanten
/// `s` of the seat's hand less `k`: the draws of each live kind [`near`] it that the hand
/// less `k` holds at most three of, from one [`exchanges::lowering_draws`] over every
/// candidate.
fn improving(me: &Sight<'_>, candidates: KindMask, s: i32) -> [u32; KINDS] {
    let seen = me.seen();
    // Live: seen at most three times (`Sight::live` above 0).
    let live = !four_kinds(seen);
    let (held, fours) = (held_kinds(&me.counts), four_kinds(&me.counts));
    let mut draws = [0; KINDS];
    for k in each_kind(candidates) {
        let bit = 1u64 << k;
        // The hand less one of `k`: `k` still held unless it was its only tile, and no
        // longer four.
        let held_after = if me.counts[k as usize] == 1 {
            held & !bit
        } else {
            held
        };
        draws[k as usize] = near_held(me, held_after) & live & !(fours & !bit);
    }
    let hand = me.hand(&me.counts, &me.melds);
    let lowering = exchanges::lowering_draws(&hand, candidates, &draws, s, me.eval);
    let mut out = [0; KINDS];
    for k in each_kind(candidates) {
        out[k as usize] = each_kind(lowering[k as usize])
            .map(|j| me.live(j as usize))
            .sum();
    }
    out
}

/// A candidate discard's worth to its own hand: larger is better. A ready hand scores 1 plus
/// up to 1 for its expected value against `scale`; one `s` from ready scores `-s` plus up to
/// 0.9 for its improving tiles.
fn offence(s: i32, improving: u32, ev: f64, scale: f64) -> f64 {
    if s == 0 && ev > 0.0 {
        1.0 + (ev / scale).min(1.0)
    } else if s == 0 {
        -0.5 // ready, but on nothing that may win
    } else {
        -f64::from(s) + 0.9 * (f64::from(improving) / 24.0).min(1.0)
    }
}

/// Each held kind's worth to the hand as its discard ([`offence`]), given the shanten after
/// each discard and the best of them; `None` for a discard two or more from the best.
/// `folding`: safety decides, so the live tiles next to the kept ones stand in for the
/// exact 进张.
pub(super) fn offences(
    me: &Sight<'_>,
    shanten_after: &[i32; KINDS],
    best: i32,
    folding: bool,
) -> [Option<f64>; KINDS] {
    let held = held_kinds(&me.counts);
    let mut ev = [0.0f64; KINDS];
    let mut off = [None; KINDS];
    let mut scale: f64 = 1.0;
    for k in each_kind(held) {
        let k = k as usize;
        let s = shanten_after[k];
        if s == 0 {
            let mut after = me.counts;
            after[k] -= 1;
            let found = me
                .ready
                .and_then(|r| r.iter().find(|&&(d, _)| d as usize == k));
            let waits = found.map_or_else(
                || Waits::of(&me.hand(&after, &me.melds), me.eval).tiles,
                |&(_, w)| w,
            );
            ev[k] = ready_value(me, &after, waits);
            scale = scale.max(ev[k]);
        }
        if s <= best + 1 {
            off[k] = Some(offence(s, 0, 0.0, 1.0));
        }
    }
    // Among the discards to the best shanten (not ready), the live tiles that lower it
    // (进张), counted exactly; when folding, where safety decides, the live tiles next to
    // the kept ones stand in.
    if best > 0 {
        let mut candidates: KindMask = 0;
        for k in each_kind(held).filter(|&k| shanten_after[k as usize] == best) {
            candidates |= 1 << k;
        }
        if candidates.count_ones() > 1 {
            let exact = if folding {
                [0; KINDS]
            } else {
                improving(me, candidates, best)
            };
            for k in each_kind(candidates) {
                let k = k as usize;
                let improving = if folding {
                    let mut after = me.counts;
                    after[k] -= 1;
                    connected(me, &after) / 4
                } else {
                    exact[k]
                };
                off[k] = Some(offence(best, improving, 0.0, 1.0));
            }
        }
    }
    for k in each_kind(held) {
        let k = k as usize;
        if shanten_after[k] == 0 {
            off[k] = Some(offence(0, 0, ev[k], scale));
        }
    }
    off
}

/// Concealed tiles of one suit from which a hand under a binding void suit leans to it.
const ONE_SUIT_TILES: u8 = 9;
/// How much more a discard outside that suit is worth (a shanten step is 1).
const ONE_SUIT_LEAN: f64 = 0.6;

/// Under a binding void suit (two suits left to play), a hand not ready whose concealed tiles
/// hold [`ONE_SUIT_TILES`] of one suit, and whose melds are all of it, leans to it: each
/// discard outside it is worth [`ONE_SUIT_LEAN`] more. A one-suit hand scores among the
/// dearest patterns where suits are few (Sichuan's 清一色: 2 fans, four times a plain win),
/// which the expected value of a ready hand sees only once ready; against three greedy
/// seats on 2,000 Sichuan walls this lean gained about 0.1 points a hand (benches/README.md).
pub(super) fn lean_to_one_suit(me: &Sight<'_>, off: &mut [Option<f64>; KINDS]) {
    let suits: [u8; 3] = std::array::from_fn(|s| me.counts[9 * s..9 * s + 9].iter().sum());
    let Some(major) = (0..3).rev().max_by_key(|&s| suits[s]) else {
        return;
    };
    let melds_in = me.melds.iter().all(|m| usize::from(m.tile) / 9 == major);
    if suits[major] < ONE_SUIT_TILES || !melds_in {
        return;
    }
    for (k, o) in off.iter_mut().enumerate().take(SUITED) {
        if k / 9 != major {
            if let Some(o) = o {
                *o += ONE_SUIT_LEAN;
            }
        }
    }
}
