//! Winning tiles (听口) under 二五八将 (`pair258.rs`): the win test on the few kinds a draw
//! can complete the hand with, those the one-pass shanten (`pair258_shanten.rs`) leaves.

use crate::eval::pair258::{wins, MeldInfo, KINDS_258};
use crate::eval::pair258_shanten;
use crate::hand::Hand;
use crate::tiles::{each_kind, held_kinds, Counts, KindMask, FIRST_HONOR};

/// The kinds that complete the waiting `counts` (13 − 3·melds tiles) as one more tile: of
/// the suited kinds `held` (the seat's tiles, melds included) holds fewer than four of,
/// those whose draw wins. The tile drawn is in a group with tiles held unless the hand wins
/// as 将将胡: a tile of its kind (a pair, a triplet, seven pairs) or of a kind next to it in
/// its suit (a run's middle tile or its end next to it), so only those kinds are tried; without
/// honors, only those whose draw leaves a hand keeping every tile
/// ([`pair258_shanten::completing`], one pass): every winning hand does.
///
/// Precondition: counts ≤ `held` ≤ 4.
#[must_use]
pub fn winning_tiles(counts: &Counts, held: &Counts, melds: MeldInfo) -> KindMask {
    let mut kinds: KindMask = (0..27usize)
        .filter(|&k| held[k] < 4)
        .fold(0, |m, k| m | 1 << k);
    kinds &= near_held(counts) | if melds.all_258 { KINDS_258 } else { 0 };
    let tiles: u32 = counts.iter().map(|&c| u32::from(c)).sum();
    if counts[FIRST_HONOR..].iter().all(|&c| c == 0)
        && tiles == 13 - 3 * u32::from(melds.count.min(4))
    {
        kinds = pair258_shanten::completing(counts, melds, kinds);
    }
    each_kind(kinds)
        .filter(|&k| {
            let mut c = *counts;
            c[k as usize] += 1;
            wins(&c, melds)
        })
        .fold(0, |m, k| m | 1 << k)
}

/// The suited kinds `counts` holds and those next to them in their suit.
fn near_held(counts: &Counts) -> KindMask {
    let held = held_kinds(counts);
    let mut near = 0;
    for s in 0..3 {
        let m = held >> (9 * s) & 0x1ff;
        near |= ((m | m << 1 | m >> 1) & 0x1ff) << (9 * s);
    }
    near
}

/// The winning tiles of a validated waiting hand.
#[must_use]
pub fn hand_waits(hand: &Hand) -> KindMask {
    winning_tiles(&hand.counts, &hand.held, MeldInfo::of(&hand.melds))
}
