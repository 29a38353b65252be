//! One seat's tiles and standing, and the buffers it keeps between hands.

use crate::eval::shape::{group_of, Keys};
use crate::hand::Melds;
use crate::outcome::MeldRecord;
use crate::tiles::{Counts, KindMask, KINDS};

/// One seat's tiles and standing.
#[derive(Debug, Clone)]
pub struct Seat {
    /// Concealed tiles by kind, wildcard kinds included. Changed only through
    /// [`Seat::add`] and [`Seat::remove`], which keep `keys`.
    pub(crate) hand: Counts,
    /// The group keys of `hand` ([`Keys::of`]), kept as tiles come and go.
    pub(crate) keys: Keys,
    pub(crate) melds: Vec<MeldRecord>,
    /// Discards in order: (tile, face down).
    pub(crate) discards: Vec<(u8, bool)>,
    /// Which of `discards` another seat took (a pong, kong or chow, or a win on it), by
    /// index, in order. A seat never discards 256 tiles.
    pub(crate) claimed: Vec<u8>,
    /// Declared ready (报听).
    pub(crate) declared: bool,
    /// Passed a win on a discard (过胡): from then on only self-draw.
    pub(crate) passed_win: bool,
    /// Kinds whose added kong it gave up by choosing pong (过杠).
    pub(crate) forfeited: KindMask,
    /// Kinds it may not win on from a discard until it draws (漏胡).
    pub(crate) missed: KindMask,
    /// Made a dice kong (杠): from then on it wins or discards what it draws.
    pub(crate) locked: bool,
    /// Its opening small wins (起手小胡), and whether it declared them.
    pub(crate) opening: Vec<&'static str>,
    pub(crate) opening_declared: bool,
    /// Discards it has made (0: its first turn).
    pub(crate) turns: u16,
    /// Flowers set aside, in order.
    pub(crate) flowers: Vec<u8>,
    /// Its 跑 bid.
    pub(crate) bid: u8,
    /// The tiles it picked for the exchange before play, in order (hidden until passed).
    pub(crate) picked: Vec<u8>,
    /// The tiles it passed in the exchange, once passed (known to it and to the seat that
    /// received them; a search's worlds keep them with the receiver).
    pub(crate) passed: Vec<u8>,
    /// Its void suit (0 m, 1 p, 2 s), once every seat's is revealed.
    pub(crate) void: Option<u8>,
    /// The index in the log of the `win` event at which it left the hand, if it has.
    pub(crate) left: Option<u32>,
    /// The last waiting position whose winning tiles were asked on a discard, with them
    /// ([`GameCore::completes_discard`]).
    pub(crate) waits_kept: Option<WaitingPosition>,
}

/// A waiting position (concealed tiles and melds) and its winning tiles.
#[derive(Debug, Clone, Copy)]
pub(crate) struct WaitingPosition {
    pub(super) counts: Counts,
    pub(super) melds: Melds,
    pub(super) tiles: KindMask,
}

impl Seat {
    /// A seat before the deal, its lists in the (cleared) buffers `spare` kept.
    pub(super) fn fresh(spare: SeatBuffers) -> Self {
        Seat {
            hand: [0; KINDS],
            keys: Keys([0; 4]),
            melds: spare.melds,
            discards: spare.discards,
            claimed: spare.claimed,
            declared: false,
            passed_win: false,
            forfeited: 0,
            missed: 0,
            locked: false,
            opening: Vec::new(),
            opening_declared: false,
            turns: 0,
            flowers: spare.flowers,
            bid: 0,
            picked: Vec::new(),
            passed: Vec::new(),
            void: None,
            left: None,
            waits_kept: None,
        }
    }

    /// Whether the seat is still in the hand (has not left it after a win).
    #[inline]
    pub(crate) const fn in_hand(&self) -> bool {
        self.left.is_none()
    }

    /// `n` more tiles of `kind` in the hand.
    #[inline]
    pub(crate) fn add(&mut self, kind: u8, n: u8) {
        self.hand[kind as usize] += n;
        let (g, weight) = group_of(kind as usize);
        self.keys.0[g] += u32::from(n) * weight;
    }

    /// `n` tiles of `kind` fewer in the hand. Precondition: it holds them.
    #[inline]
    pub(crate) fn remove(&mut self, kind: u8, n: u8) {
        self.hand[kind as usize] -= n;
        let (g, weight) = group_of(kind as usize);
        self.keys.0[g] -= u32::from(n) * weight;
    }

    /// The seat's lists, cleared, for the next deal.
    pub(super) fn spare(&mut self) -> SeatBuffers {
        SeatBuffers {
            melds: cleared(&mut self.melds),
            discards: cleared(&mut self.discards),
            claimed: cleared(&mut self.claimed),
            flowers: cleared(&mut self.flowers),
        }
    }
}

/// A seat's lists, kept between hands.
pub(super) struct SeatBuffers {
    melds: Vec<MeldRecord>,
    discards: Vec<(u8, bool)>,
    claimed: Vec<u8>,
    flowers: Vec<u8>,
}

impl Default for SeatBuffers {
    fn default() -> Self {
        SeatBuffers {
            melds: Vec::with_capacity(4),
            // About a quarter of the wall: no growth in a hand.
            discards: Vec::with_capacity(32),
            claimed: Vec::with_capacity(8),
            flowers: Vec::new(),
        }
    }
}

/// `v`'s buffer, emptied, leaving an empty `Vec` (no buffer) in its place.
pub(super) fn cleared<T>(v: &mut Vec<T>) -> Vec<T> {
    let mut out = std::mem::take(v);
    out.clear();
    out
}

impl Seat {
    /// Tiles held, counting each meld as three: 14 on a turn, 13 otherwise.
    pub(crate) fn size(&self) -> u32 {
        self.hand.iter().map(|&c| u32::from(c)).sum::<u32>() + 3 * self.melds.len() as u32
    }
}
