//! The observation's layout, versions 1, 2 and 3 (docs/observation.md lists every plane):
//! the planes' numbers (rows of [`WIDTH`] `u8`), the columns of the scalar, winds and
//! standing planes, and the [`Version`]s. Seats are relative to the observer: row group `r` is seat
//! `(seat + r) % 4` (0 itself, 1 its 下家, 2 across, 3 its 上家).

use crate::tiles::KINDS;

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

/// Planes of the v3 encoding: the v2 planes, then the observer's exchange picks
/// ([`PICKED`]) and every seat's standing in a hand that goes on ([`STANDING`]).
pub const PLANES_V3: usize = PLANES_V2 + 2;
/// The v3 plane of the tiles the observer has picked to pass on (换三张), by kind, until
/// they are passed.
pub const PICKED: usize = PLANES_V2;
/// The v3 standing plane: each seat's void suit, whether it has left the hand, its
/// running score, and the decision before play under way.
pub const STANDING: usize = PLANES_V2 + 1;
/// Entries of the standing plane: relative seat `r`'s void suit one-hot (`3r + suit`, suits
/// 0 m, 1 p, 2 s), its left flag (12 + r), its running score's change since the deal
/// (`running − scores`) clamped to −127..127 plus 128 (16 + r), the same change divided by
/// [`COARSE`] (rounded down) clamped and offset alike (20 + r), then 1 in the exchange
/// phase (24) and in the void phase (25).
pub const ST_VOIDS: usize = 0;
pub const ST_LEFT: usize = 12;
pub const ST_RUNNING: usize = 16;
pub const ST_RUNNING_COARSE: usize = 20;
pub const ST_EXCHANGE: usize = 24;
pub const ST_VOID_PHASE: usize = 25;
/// The divisor of the coarse running-score entries: a change of up to ±2032 stays apart.
pub const COARSE: i32 = 16;

/// A version of the encoding: v1 never changes; v2 adds the winds plane; v3 adds the
/// exchange picks and the standing plane.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Version {
    #[default]
    V1,
    V2,
    V3,
}

impl Version {
    /// Every version's name, in order.
    pub const NAMES: [&'static str; 3] = ["v1", "v2", "v3"];

    /// The version called `name` (`"v1"`, `"v2"`, `"v3"`).
    #[must_use]
    pub fn parse(name: &str) -> Option<Version> {
        match name {
            "v1" => Some(Version::V1),
            "v2" => Some(Version::V2),
            "v3" => Some(Version::V3),
            _ => None,
        }
    }

    /// The version's name (`"v1"`, `"v2"`, `"v3"`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Version::V1 => "v1",
            Version::V2 => "v2",
            Version::V3 => "v3",
        }
    }

    /// Planes of this version's observation, or of its oracle variant (the same planes,
    /// then the six of the hidden information).
    #[must_use]
    pub const fn planes(self, oracle: bool) -> usize {
        let base = match self {
            Version::V1 => PLANES,
            Version::V2 => PLANES_V2,
            Version::V3 => PLANES_V3,
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
