//! The observation encodings, versions 1 and 2 (docs/observation.md lists every plane):
//! `PLANES` (v1) or `PLANES_V2` (v2: v1's planes and the winds) rows of 34 `u8`, written
//! into a caller's buffer. Seats are relative to the observer:
//! row group `r` is seat `(seat + r) % 4` (0 itself, 1 its 下家, 2 across, 3 its 上家).
//!
//! One encoder reads either source of what a seat knows ([`Source`]): the live game
//! (`GameCore` and a seat, what `view(seat)` would show, without building the view) or a
//! `SeatView`. The oracle variant ([`encode_oracle`]) reads the live game with nothing
//! hidden and adds every hand and the wall.

use crate::game::{sees_discard, sees_meld, GameCore, Phase, SeatView};
use crate::hand::{meld_tiles, MeldKind};
use crate::tiles::{Counts, KindMask, KINDS};

/// Width of a plane: one entry per tile kind.
pub const WIDTH: usize = KINDS;
/// Planes of the v1 encoding.
pub const PLANES: usize = 22;
/// Planes of the v1 oracle encoding: the v1 planes, then the hidden information.
pub const ORACLE_PLANES: usize = PLANES + 6;
/// Entries of one v1 observation.
pub const SIZE: usize = PLANES * WIDTH;
/// Entries of one v1 oracle observation.
pub const ORACLE_SIZE: usize = ORACLE_PLANES * WIDTH;

// Plane numbers (docs/observation.md).
pub const HAND: usize = 0;
pub const DRAWN: usize = 1;
pub const CLAIM: usize = 2;
pub const WILDCARDS: usize = 3;
pub const WAITS: usize = 4;
pub const INDICATOR: usize = 5;
pub const MELDS: usize = 6;
pub const DISCARD_COUNTS: usize = 10;
pub const DISCARD_ORDER: usize = 14;
pub const UNSEEN: usize = 18;
pub const SCALARS: usize = 19;
pub const SCORES: usize = 20;
pub const FLOWERS: usize = 21;
pub const ORACLE_HANDS: usize = 22;
pub const ORACLE_WALL: usize = 25;
pub const ORACLE_WALL_FRONT: usize = 26;
pub const ORACLE_WALL_BACK: usize = 27;

// Entries of the scalar plane.
pub const S_DECLARED: usize = 0;
pub const S_DEALER: usize = 4;
pub const S_WIND: usize = 8;
pub const S_WALL: usize = 12;
pub const S_PHASE: usize = 13;
pub const S_PASSED_WIN: usize = 19;
pub const S_HIDDEN_KONGS: usize = 20;
pub const S_BIDS: usize = 24;
pub const S_FLOWERS: usize = 28;
pub const S_TURN: usize = 32;

/// Planes of the v2 encoding: the v1 planes, then the winds plane ([`WINDS`]).
pub const PLANES_V2: usize = PLANES + 1;
/// The v2 winds plane: the prevalent wind, each seat's wind and flowers.
pub const WINDS: usize = PLANES;
/// Entries of the winds plane: the prevalent wind one-hot (0–3), the observer's seat wind
/// one-hot (4–7), relative seat `r`'s wind one-hot (8 + 4r + w), seat `r`'s flowers set
/// aside (24 + r).
pub const W_PREVALENT: usize = 0;
pub const W_OWN: usize = 4;
pub const W_SEATS: usize = 8;
pub const W_FLOWERS: usize = 24;

/// A version of the encoding: v1 never changes; v2 adds the winds plane.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Version {
    #[default]
    V1,
    V2,
}

impl Version {
    /// Every version's name, in order.
    pub const NAMES: [&'static str; 2] = ["v1", "v2"];

    /// The version called `name` (`"v1"`, `"v2"`).
    #[must_use]
    pub fn parse(name: &str) -> Option<Version> {
        match name {
            "v1" => Some(Version::V1),
            "v2" => Some(Version::V2),
            _ => None,
        }
    }

    /// Planes of this version's observation, or of its oracle variant (the same planes,
    /// then the six of the hidden information).
    #[must_use]
    pub const fn planes(self, oracle: bool) -> usize {
        let base = match self {
            Version::V1 => PLANES,
            Version::V2 => PLANES_V2,
        };
        if oracle {
            base + ORACLE_PLANES - PLANES
        } else {
            base
        }
    }
}

/// The entry of a discard that lies face down, in the discard-order planes.
pub const FACE_DOWN: u8 = 35;

/// What one seat knows, as the encoder reads it. Seats are absolute (0–3).
pub trait Source {
    fn seat(&self) -> u8;
    fn dealer(&self) -> u8;
    fn phase(&self) -> Phase;
    fn turn(&self) -> u8;
    /// The seat's concealed tiles by kind.
    fn hand(&self) -> Counts;
    /// The tile the seat drew, on its own turn.
    fn drawn(&self) -> Option<u8>;
    /// The discard or added kong being answered, while it is.
    fn claim_tile(&self) -> Option<u8>;
    fn wildcards(&self) -> &[u8];
    /// The seat's winning tiles when it is ready (0 otherwise).
    fn waits(&self) -> KindMask;
    fn indicator(&self) -> Option<u8>;
    fn wall_remaining(&self) -> usize;
    fn declared(&self) -> [bool; 4];
    fn passed_win(&self) -> bool;
    fn scores(&self) -> [i32; 4];
    fn bids(&self) -> [u8; 4];
    /// `f(kind, tile)` for each meld of `owner`, `tile` `None` where the seat may not see it.
    fn each_meld(&self, owner: u8, f: impl FnMut(MeldKind, Option<u8>));
    /// `f(tile)` for each discard of `owner` in order, `None` where it lies face down to
    /// this seat.
    fn each_discard(&self, owner: u8, f: impl FnMut(Option<u8>));
    fn flowers(&self, owner: u8) -> &[u8];
    /// The prevalent wind (0 东 … 3 北).
    fn prevalent_wind(&self) -> u8;
    /// `owner`'s discards as the engine stores them, `(tile, face down)` with tiles 0–33,
    /// and whether this seat sees them all, when the source has them (the live game): the
    /// encoder then reads them without a branch per discard. `None`: use `each_discard`.
    fn raw_discards(&self, _owner: u8) -> Option<(&[(u8, bool)], bool)> {
        None
    }
}

/// The live game as `seat` sees it (exactly what `GameCore::view(seat)` shows).
pub struct Live<'a> {
    pub game: &'a GameCore,
    pub seat: u8,
    /// Nothing hidden (the oracle): every meld and discard is seen.
    pub all: bool,
}

impl Source for Live<'_> {
    fn seat(&self) -> u8 {
        self.seat
    }
    fn dealer(&self) -> u8 {
        self.game.dealer()
    }
    fn phase(&self) -> Phase {
        self.game.phase()
    }
    fn turn(&self) -> u8 {
        self.game.turn()
    }
    fn hand(&self) -> Counts {
        *self.game.hand(self.seat)
    }
    fn drawn(&self) -> Option<u8> {
        let g = self.game;
        g.drawn()
            .filter(|_| g.phase() == Phase::Turn && g.turn() == self.seat)
    }
    fn claim_tile(&self) -> Option<u8> {
        let g = self.game;
        g.claim_tile()
            .filter(|_| matches!(g.phase(), Phase::Claim | Phase::Rob))
    }
    fn wildcards(&self) -> &[u8] {
        self.game.wildcards()
    }
    fn waits(&self) -> KindMask {
        self.game.seat_waits(self.seat)
    }
    fn indicator(&self) -> Option<u8> {
        self.game.indicator()
    }
    fn wall_remaining(&self) -> usize {
        self.game.wall_remaining()
    }
    fn declared(&self) -> [bool; 4] {
        self.game.declared()
    }
    fn passed_win(&self) -> bool {
        self.game.passed_win()[self.seat as usize]
    }
    fn scores(&self) -> [i32; 4] {
        super::peek::scores(self.game)
    }
    fn bids(&self) -> [u8; 4] {
        self.game.bids()
    }
    fn each_meld(&self, owner: u8, mut f: impl FnMut(MeldKind, Option<u8>)) {
        let over = self.all || self.game.phase() == Phase::Over;
        for m in self.game.melds(owner) {
            f(
                m.kind,
                sees_meld(owner, Some(self.seat), m.kind, over).then_some(m.tile),
            );
        }
    }
    fn each_discard(&self, owner: u8, mut f: impl FnMut(Option<u8>)) {
        let over = self.all || self.game.phase() == Phase::Over;
        for &(t, down) in self.game.discards(owner) {
            f(sees_discard(owner, Some(self.seat), down, over).then_some(t));
        }
    }
    fn flowers(&self, owner: u8) -> &[u8] {
        self.game.flowers(owner)
    }
    fn prevalent_wind(&self) -> u8 {
        self.game.prevalent_wind()
    }
    fn raw_discards(&self, owner: u8) -> Option<(&[(u8, bool)], bool)> {
        let all = self.all || owner == self.seat || self.game.phase() == Phase::Over;
        Some((self.game.discards(owner), all))
    }
}

impl Source for SeatView {
    /// A seat's view (the binding refuses a spectator's, which has none).
    fn seat(&self) -> u8 {
        self.seat.unwrap_or(0)
    }
    fn dealer(&self) -> u8 {
        self.dealer
    }
    fn phase(&self) -> Phase {
        self.phase
    }
    fn turn(&self) -> u8 {
        self.turn
    }
    fn hand(&self) -> Counts {
        let mut c = [0u8; KINDS];
        for &t in &self.hand {
            if let Some(x) = c.get_mut(t as usize) {
                *x = x.saturating_add(1);
            }
        }
        c
    }
    fn drawn(&self) -> Option<u8> {
        self.drawn
    }
    fn claim_tile(&self) -> Option<u8> {
        self.claim_tile
    }
    fn wildcards(&self) -> &[u8] {
        &self.wildcards
    }
    fn waits(&self) -> KindMask {
        self.winning_tiles
            .iter()
            .flatten()
            .filter(|&&t| (t as usize) < KINDS)
            .fold(0, |m, &t| m | 1 << t)
    }
    fn indicator(&self) -> Option<u8> {
        self.indicator
    }
    fn wall_remaining(&self) -> usize {
        self.wall_remaining
    }
    fn declared(&self) -> [bool; 4] {
        self.declared
    }
    fn passed_win(&self) -> bool {
        self.passed_win
    }
    fn scores(&self) -> [i32; 4] {
        self.scores
    }
    fn bids(&self) -> [u8; 4] {
        self.bids
    }
    fn each_meld(&self, owner: u8, mut f: impl FnMut(MeldKind, Option<u8>)) {
        for m in &self.melds[owner as usize % 4] {
            f(m.kind, m.tile.filter(|&t| (t as usize) < KINDS));
        }
    }
    fn each_discard(&self, owner: u8, mut f: impl FnMut(Option<u8>)) {
        for &t in &self.discards[owner as usize % 4] {
            f(t);
        }
    }
    fn flowers(&self, owner: u8) -> &[u8] {
        &self.flowers[owner as usize % 4]
    }
    fn prevalent_wind(&self) -> u8 {
        self.prevalent_wind % 4
    }
}

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
        Phase::Bid => 0,
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

/// Write the `version` encoding of what `src` knows into `out`, every entry.
/// Precondition: `out.len() == version.planes(false) * WIDTH`.
pub fn encode_version(src: &impl Source, version: Version, out: &mut [u8]) {
    encode(src, &mut out[..SIZE]);
    if version == Version::V2 {
        winds(src, &mut out[SIZE..SIZE + WIDTH]);
    }
}

/// Write the `version` oracle encoding of `seat` in `game` into `out`: the version's planes
/// with nothing hidden, then the six planes of [`encode_oracle`].
/// Preconditions: `seat < 4`, `out.len() == version.planes(true) * WIDTH`.
pub fn encode_oracle_version(game: &GameCore, seat: u8, version: Version, out: &mut [u8]) {
    encode_oracle(game, seat, &mut out[..ORACLE_SIZE]);
    if version == Version::V2 {
        out[SIZE..].rotate_right(WIDTH);
        let live = Live {
            game,
            seat,
            all: true,
        };
        winds(&live, &mut out[SIZE..SIZE + WIDTH]);
    }
}
