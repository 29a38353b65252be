//! The state of the optional mechanisms of a hand, one struct each, present only where the
//! profile turns the mechanism on: the dice (`WallRules::dice` with `TurnRules::dice_kongs`),
//! the 海底 offers (`TurnRules::haidi`), the bird (`TurnRules::bird`) and the wildcard
//! indicator (`WallRules::indicator`). A mechanism is shared by every profile that turns it
//! on; the state machine asks these structs, never a profile's name.

use crate::outcome::{Bird, Haidi};

/// The dice of a hand with dice kongs.
#[derive(Debug, Clone, Default)]
pub(crate) struct Dice {
    /// The rolls, in order (seeded, or given to an explicit game).
    pub(crate) rolls: Vec<(u8, u8)>,
    /// How many were rolled.
    pub(crate) used: usize,
    /// The drawn tile came by the dice (杠上开花 if it wins).
    pub(crate) replacement: bool,
    /// An added kong being answered was made with dice.
    pub(crate) pending_kong: bool,
}

/// The 海底 (the wall's last tile) of a hand that offers it seat by seat.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct HaidiOffer {
    /// The first seat it was offered to.
    pub(crate) first: Option<u8>,
    /// What became of it.
    pub(crate) outcome: Option<Haidi>,
    /// The seat on turn holds the 海底 it took.
    pub(crate) on_turn: bool,
}

/// The bird of a hand that turns one after a win.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct BirdTurn {
    pub(crate) bird: Option<Bird>,
    /// Whether its tile came from the wall (not the winning tile).
    pub(crate) from_wall: bool,
}

/// The wildcard indicator of a hand whose wildcard kind follows a turned tile.
#[derive(Debug, Clone, Default)]
pub(crate) struct IndicatorTurn {
    /// The indicator, once turned.
    pub(crate) tile: Option<u8>,
    /// The flowers turned before it.
    pub(crate) flowers: Vec<u8>,
}
