//! The observation encodings, versions 1, 2 and 3 (docs/observation.md lists every plane):
//! `PLANES` (v1), `PLANES_V2` (v2: v1's planes and the winds) or `PLANES_V3` (v3: v2's,
//! the exchange picks and the standing plane, `standing.rs`) rows of 34 `u8`, written
//! into a caller's buffer. Seats are relative to the observer:
//! row group `r` is seat `(seat + r) % 4` (0 itself, 1 its 下家, 2 across, 3 its 上家).
//!
//! One encoder reads either source of what a seat knows ([`Source`]): the live game
//! (`GameCore` and a seat, what `view(seat)` would show, without building the view) or a
//! `SeatView`. The oracle variant ([`encode_oracle`]) reads the live game with nothing
//! hidden and adds every hand and the wall.
//!
//! The planes' layout is `planes.rs` (re-exported here), what a seat knows `source.rs`.

pub use super::planes::*;
pub use super::source::{Live, Source};
use crate::game::{GameCore, Phase};
use crate::hand::meld_tiles;
use crate::tiles::{Counts, KINDS};

fn one_hot(row: &mut [u8], tile: Option<u8>) {
    if let Some(x) = tile.and_then(|t| row.get_mut(t as usize)) {
        *x = 1;
    }
}

/// The discard planes of one seat from the engine's discards (tiles 0–33), without a branch
/// per discard: a face-down one counts only when `all` are seen.
fn discards_raw(
    raw: &[(u8, bool)],
    all: bool,
    counts: &mut [u8],
    order: &mut [u8],
    seen: &mut Counts,
) {
    for (i, &(t, down)) in raw.iter().enumerate() {
        let k = t as usize % KINDS;
        let vis = u8::from(all || !down);
        counts[k] = counts[k].saturating_add(vis);
        seen[k] = seen[k].saturating_add(vis);
        if let Some(x) = order.get_mut(i) {
            *x = if vis == 1 { t + 1 } else { FACE_DOWN };
        }
    }
}

/// The discard planes of one seat from `each_discard`.
fn discards_of(
    src: &impl Source,
    owner: u8,
    counts: &mut [u8],
    order: &mut [u8],
    seen: &mut Counts,
) {
    let mut i = 0;
    src.each_discard(owner, |t| {
        let code = match t {
            Some(t) if (t as usize) < KINDS => {
                counts[t as usize] = counts[t as usize].saturating_add(1);
                seen[t as usize] = seen[t as usize].saturating_add(1);
                t + 1
            }
            _ => FACE_DOWN,
        };
        if let Some(x) = order.get_mut(i) {
            *x = code;
        }
        i += 1;
    });
}

/// `owner`'s melds into their plane `melds` (counts by kind), counted as seen; how many of
/// them are hidden (another seat's concealed kongs).
#[inline]
fn melds_of(src: &impl Source, owner: u8, melds: &mut [u8], seen: &mut Counts) -> u8 {
    let mut hidden = 0u8;
    src.each_meld(owner, |kind, tile| match tile {
        Some(t) => {
            for (k, n) in meld_tiles(kind, t) {
                if let Some(x) = melds.get_mut(k as usize) {
                    *x = x.saturating_add(n);
                    seen[k as usize] = seen[k as usize].saturating_add(n);
                }
            }
        }
        None => hidden = hidden.saturating_add(1),
    });
    hidden
}

/// Write the v1 encoding of what `src` knows into `out`, every entry (nothing of the old
/// contents survives). Precondition: `out.len() == SIZE`.
pub fn encode(src: &impl Source, out: &mut [u8]) {
    out.fill(0);
    let seat = src.seat() % 4;
    let rel = |owner: u8| ((owner + 4 - seat) % 4) as usize;
    let plane = |p: usize| p * WIDTH..(p + 1) * WIDTH;
    let hand = src.hand();
    out[plane(HAND)].copy_from_slice(&hand);
    let mut seen = hand;
    one_hot(&mut out[plane(DRAWN)], src.drawn());
    one_hot(&mut out[plane(CLAIM)], src.claim_tile());
    for &w in src.wildcards() {
        one_hot(&mut out[plane(WILDCARDS)], Some(w));
    }
    let waits = src.waits();
    for (k, x) in out[plane(WAITS)].iter_mut().enumerate() {
        *x = (waits >> k & 1) as u8;
    }
    one_hot(&mut out[plane(INDICATOR)], src.indicator());
    if let Some(t) = src.indicator().filter(|&t| (t as usize) < KINDS) {
        seen[t as usize] = seen[t as usize].saturating_add(1);
    }
    let mut scalars = [0u8; WIDTH];
    let mut flowers = [0u8; WIDTH];
    let declared = src.declared();
    let scores = src.scores();
    let bids = src.bids();
    for owner in 0..4u8 {
        let r = rel(owner);
        scalars[S_HIDDEN_KONGS + r] = melds_of(src, owner, &mut out[plane(MELDS + r)], &mut seen);
        {
            let (counts, order) = out[DISCARD_COUNTS * WIDTH..].split_at_mut(4 * WIDTH);
            let counts = &mut counts[r * WIDTH..(r + 1) * WIDTH];
            let order_start = (DISCARD_ORDER - DISCARD_COUNTS - 4 + r) * WIDTH;
            let order = &mut order[order_start..order_start + WIDTH];
            if let Some((raw, all)) = src.raw_discards(owner) {
                discards_raw(raw, all, counts, order, &mut seen);
            } else {
                discards_of(src, owner, counts, order, &mut seen);
            }
        }
        scalars[S_DECLARED + r] = u8::from(declared[owner as usize]);
        scalars[S_BIDS + r] = bids[owner as usize];
        let fl = src.flowers(owner);
        scalars[S_FLOWERS + r] = fl.len() as u8;
        for &f in fl {
            let i = f.wrapping_sub(KINDS as u8) as usize;
            if i < 8 {
                flowers[8 * r + i] = 1;
            }
        }
        let s = scores[owner as usize].clamp(-127, 127);
        out[SCORES * WIDTH + r] = (s + 128) as u8;
    }
    for (k, x) in out[plane(UNSEEN)].iter_mut().enumerate() {
        *x = 4u8.saturating_sub(seen[k]);
    }
    let dealer = rel(src.dealer() % 4);
    scalars[S_DEALER + dealer] = 1;
    scalars[S_WIND + (4 - dealer) % 4] = 1;
    scalars[S_WALL] = src.wall_remaining().min(255) as u8;
    let phase = match src.phase() {
        // Every decision before play (a bid, an exchange pick, a void suit).
        Phase::Bid | Phase::Exchange | Phase::Void => 0,
        Phase::Turn => 1,
        Phase::Claim => 2,
        Phase::Rob => 3,
        Phase::Haidi => 4,
        Phase::Over => 5,
    };
    scalars[S_PHASE + phase] = 1;
    scalars[S_PASSED_WIN] = u8::from(src.passed_win());
    scalars[S_TURN] = rel(src.turn() % 4) as u8;
    out[plane(SCALARS)].copy_from_slice(&scalars);
    out[plane(FLOWERS)].copy_from_slice(&flowers);
}

/// Write the v1 oracle encoding of `seat` in `game` into `out`: the v1 planes with every
/// meld and discard seen, then the other seats' concealed tiles (planes 22–24, relative
/// seats 1–3), the tiles still in the wall by kind (25), and the wall's next tiles from
/// the front and from the back (26, 27: tile + 1, flowers 35–42, 0 past the end).
/// Preconditions: `seat < 4`, `out.len() == ORACLE_SIZE`.
pub fn encode_oracle(game: &GameCore, seat: u8, out: &mut [u8]) {
    let (view, extra) = out.split_at_mut(SIZE);
    encode(
        &Live {
            game,
            seat,
            all: true,
        },
        view,
    );
    extra.fill(0);
    for r in 1..4u8 {
        let owner = (seat + r) % 4;
        let start = (r as usize - 1) * WIDTH;
        extra[start..start + WIDTH].copy_from_slice(game.hand(owner));
    }
    let (tiles, taken) = super::peek::wall(game);
    let base = (ORACLE_WALL - PLANES) * WIDTH;
    for (&t, _) in tiles.iter().zip(taken).filter(|(_, &x)| !x) {
        if (t as usize) < KINDS {
            extra[base + t as usize] += 1;
        }
    }
    let untaken = tiles
        .iter()
        .zip(taken)
        .filter(|(_, &x)| !x)
        .map(|(&t, _)| t);
    let front = (ORACLE_WALL_FRONT - PLANES) * WIDTH;
    for (i, t) in untaken.take(WIDTH).enumerate() {
        extra[front + i] = t + 1;
    }
    let back = (ORACLE_WALL_BACK - PLANES) * WIDTH;
    let untaken = tiles.iter().zip(taken).rev().filter(|(_, &x)| !x);
    for (i, (&t, _)) in untaken.take(WIDTH).enumerate() {
        extra[back + i] = t + 1;
    }
}

/// Write the v2 winds plane of what `src` knows into `out` (`WIDTH` entries, every one).
fn winds(src: &impl Source, out: &mut [u8]) {
    out.fill(0);
    let seat = src.seat() % 4;
    let dealer = src.dealer() % 4;
    out[W_PREVALENT + src.prevalent_wind() as usize % 4] = 1;
    out[W_OWN + ((seat + 4 - dealer) % 4) as usize] = 1;
    for r in 0..4u8 {
        let owner = (seat + r) % 4;
        let wind = (owner + 4 - dealer) % 4;
        out[W_SEATS + 4 * r as usize + wind as usize] = 1;
        out[W_FLOWERS + r as usize] = src.flowers(owner).len() as u8;
    }
}

/// Write the planes `version` adds to v1 (v2's winds, v3's winds, picks and standing) of
/// what `src` knows into `out`, every entry.
/// Precondition: `out.len() == (version.planes(false) - PLANES) * WIDTH`.
pub(crate) fn added_planes(src: &impl Source, version: Version, out: &mut [u8]) {
    match version {
        Version::V1 => {}
        Version::V2 => winds(src, out),
        Version::V3 => {
            let (w, rest) = out.split_at_mut(WIDTH);
            winds(src, w);
            super::standing::write(src, rest);
        }
    }
}

/// Write the `version` encoding of what `src` knows into `out`, every entry.
/// Precondition: `out.len() == version.planes(false) * WIDTH`.
pub fn encode_version(src: &impl Source, version: Version, out: &mut [u8]) {
    let (v1, added) = out.split_at_mut(SIZE);
    encode(src, v1);
    added_planes(src, version, added);
}

/// Write the `version` oracle encoding of `seat` in `game` into `out`: the version's planes
/// with nothing hidden, then the six planes of [`encode_oracle`].
/// Preconditions: `seat < 4`, `out.len() == version.planes(true) * WIDTH`.
pub fn encode_oracle_version(game: &GameCore, seat: u8, version: Version, out: &mut [u8]) {
    encode_oracle(game, seat, &mut out[..ORACLE_SIZE]);
    let added = (version.planes(false) - PLANES) * WIDTH;
    if added > 0 {
        out[SIZE..].rotate_right(added);
        let live = Live {
            game,
            seat,
            all: true,
        };
        added_planes(&live, version, &mut out[SIZE..SIZE + added]);
    }
}
