//! The void suit in play (定缺 that binds, `TurnRules::void_binds`): a seat holding tiles of
//! its void suit may discard only those, and every one of them must go before it can win.
//! Which goes first: the one the policy's risk counts least (the expert's defence; none for
//! the greedy policy), then a lone tile before one of a pair or more (a pair's second tile
//! follows as a tile just seen), then the tile nearest the suit's middle (the one others'
//! runs use most, the more dangerous the later it goes), then the lowest kind.

use crate::bots::sight::Sight;
use crate::game::{tile_of, Act, ActionCode};
use crate::tiles::KINDS;

/// The discard of a void-suit tile among `legal` for the seat of `me`, when it holds any and
/// `legal` offers one; `risk` weighs each kind's danger now (lower first).
pub fn discard(
    me: &Sight<'_>,
    legal: &[ActionCode],
    risk: impl Fn(usize) -> f64,
) -> Option<ActionCode> {
    if !me.holds_void() {
        return None;
    }
    legal
        .iter()
        .copied()
        .filter(|&c| Act::of(c) == Act::Discard)
        .filter(|&c| (tile_of(c) as usize) < KINDS && me.void_tiles[tile_of(c) as usize] > 0)
        .min_by(|&a, &b| {
            let key = |c: ActionCode| {
                let k = tile_of(c) as usize;
                let rank = (k % 9) as i32;
                (me.void_tiles[k].min(2), (4 - rank).abs(), k)
            };
            let (ka, kb) = (tile_of(a) as usize, tile_of(b) as usize);
            risk(ka)
                .total_cmp(&risk(kb))
                .then_with(|| key(a).cmp(&key(b)))
        })
}
