//! The state of one hand ([`GameCore`]): the wall, the four seats, whose turn it is, the open
//! claim and the log, and what it answers about itself. Fields are `pub(crate)`: the deal
//! (`deal.rs`), the step (`step.rs`) and the transitions (`turn.rs`, `claims.rs`, `end.rs`)
//! change them, everyone else reads through `GameCore`'s methods.

use super::action::ActionCode;
use super::event::Event;
use super::seat::Seat;
use super::wall::Wall;
use crate::error::{Error, Result};
use crate::eval::waits::ReadyWaits;
use crate::outcome::{Bird, Haidi, HandResult, KongRecord, MeldRecord, Outcome};
use crate::profiles::Rules;
use crate::profiles::TurnRules;
use crate::tiles::{Counts, KindMask};

/// The highest 跑 bid.
pub const MAX_BID: u8 = 3;

/// Where the hand stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Every seat bids its 跑 before the deal (profiles with bids).
    Bid,
    /// The seat `turn` holds a complete-size hand and must act.
    Turn,
    /// Seats answer a discard of `turn`.
    Claim,
    /// Seats answer an added kong of `turn` (抢杠).
    Rob,
    /// The seat `turn` is offered the wall's last tile (海底).
    Haidi,
    Over,
}

/// The state of one hand.
#[derive(Debug, Clone)]
pub struct GameCore {
    pub(crate) rules: Rules,
    pub(crate) turn_rules: TurnRules,
    pub(crate) dealer: u8,
    pub(crate) scores: [i32; 4],
    pub(crate) wall: Wall,
    pub(crate) wildcards: Vec<u8>,
    pub(crate) wild_mask: KindMask,
    pub(crate) seats: [Seat; 4],
    pub(crate) kongs: Vec<KongRecord>,
    pub(crate) phase: Phase,
    pub(crate) turn: u8,
    pub(crate) drawn: Option<u8>,
    /// Whether `drawn` came from the back of the wall, after a kong.
    pub(crate) replacement: bool,
    pub(crate) claim_tile: Option<u8>,
    pub(crate) claim_declared: bool,
    /// Per seat, the actions offered on the current discard or added kong (empty: not asked).
    pub(crate) options: [Vec<ActionCode>; 4],
    pub(crate) answers: [Option<ActionCode>; 4],
    /// Order in which seats answered, for resolution.
    pub(crate) answer_order: Vec<u8>,
    /// The turn's legal actions, valid while `legal_ready` (the buffer is kept between turns).
    pub(crate) legal: Vec<ActionCode>,
    pub(crate) legal_ready: bool,
    /// The ready discards the turn's 报听 check found, valid with `legal` if it checked
    /// (`ready_checked`; the buffer is kept between turns).
    pub(crate) ready: ReadyWaits,
    pub(crate) ready_checked: bool,
    pub(crate) events: Vec<Event>,
    /// Whether events are logged (a self-play run that keeps no logs deals without).
    pub(crate) logging: bool,
    /// The indicator turned for the wildcard kind, and the flowers turned before it.
    pub(crate) indicator: Option<u8>,
    pub(crate) indicator_flowers: Vec<u8>,
    /// Each win, the one that counts for the deal first.
    pub(crate) outcomes: Vec<Outcome>,
    /// The dice to roll, in order, and how many were rolled.
    pub(crate) dice: Vec<(u8, u8)>,
    pub(crate) dice_used: usize,
    /// The drawn tile came by the dice (杠上开花 if it wins).
    pub(crate) replacement_dice: bool,
    /// An added kong being answered was made with dice.
    pub(crate) pending_dice: bool,
    /// The 海底: the first seat it was offered to, and what became of it.
    pub(crate) haidi_first: Option<u8>,
    pub(crate) haidi: Option<Haidi>,
    /// The seat on turn holds the 海底 it took.
    pub(crate) on_haidi: bool,
    /// `special` bits of a win on the discard being answered (杠上炮, 海底炮, 地胡).
    pub(crate) claim_special: u8,
    /// Discards made in the hand.
    pub(crate) discards_made: u32,
    /// The bird turned after a win, and whether it came from the wall.
    pub(crate) bird: Option<Bird>,
    pub(crate) bird_from_wall: bool,
    pub(crate) result: Option<HandResult>,
}

/// `seat` is a seat number 0–3, or an [`Error::Argument`] naming `what` it is.
pub(super) fn check_seat(seat: u8, what: &str) -> Result<()> {
    if seat < 4 {
        Ok(())
    } else {
        Err(Error::Argument(format!(
            "{what} must be a seat 0–3, got {seat}"
        )))
    }
}

impl GameCore {
    // -- queries ----------------------------------------------------------------------------

    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    #[must_use]
    pub fn dealer(&self) -> u8 {
        self.dealer
    }

    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat whose turn it is, or whose discard or kong is being answered.
    #[must_use]
    pub fn turn(&self) -> u8 {
        self.turn
    }

    #[must_use]
    pub fn wildcards(&self) -> &[u8] {
        &self.wildcards
    }

    #[must_use]
    pub fn wall(&self) -> &Wall {
        &self.wall
    }

    #[must_use]
    pub fn wall_remaining(&self) -> usize {
        self.wall.remaining()
    }

    /// The log so far.
    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The settlement, once the hand is over.
    #[must_use]
    pub fn result(&self) -> Option<&HandResult> {
        self.result.as_ref()
    }

    /// A seat's concealed tiles by kind. Precondition: `seat < 4`.
    #[must_use]
    pub fn hand(&self, seat: u8) -> &Counts {
        &self.seats[seat as usize].hand
    }

    /// A seat's melds. Precondition: `seat < 4`.
    #[must_use]
    pub fn melds(&self, seat: u8) -> &[MeldRecord] {
        &self.seats[seat as usize].melds
    }

    /// A seat's discards `(tile, face down)`. Precondition: `seat < 4`.
    #[must_use]
    pub fn discards(&self, seat: u8) -> &[(u8, bool)] {
        &self.seats[seat as usize].discards
    }

    /// The tile the seat on turn drew (`None` after a pong).
    #[must_use]
    pub fn drawn(&self) -> Option<u8> {
        self.drawn
    }

    /// The discard or added kong being answered (kept after the claim).
    #[must_use]
    pub fn claim_tile(&self) -> Option<u8> {
        self.claim_tile
    }

    #[must_use]
    pub fn passed_win(&self) -> [bool; 4] {
        std::array::from_fn(|s| self.seats[s].passed_win)
    }

    /// A seat's flowers set aside. Precondition: `seat < 4`.
    #[must_use]
    pub fn flowers(&self, seat: u8) -> &[u8] {
        &self.seats[seat as usize].flowers
    }

    /// The wildcard indicator, once turned.
    #[must_use]
    pub fn indicator(&self) -> Option<u8> {
        self.indicator
    }

    /// Each seat's 跑 bid.
    #[must_use]
    pub fn bids(&self) -> [u8; 4] {
        std::array::from_fn(|s| self.seats[s].bid)
    }

    #[must_use]
    pub fn kongs(&self) -> &[KongRecord] {
        &self.kongs
    }

    #[must_use]
    pub fn declared(&self) -> [bool; 4] {
        std::array::from_fn(|s| self.seats[s].declared)
    }

    /// The seats that must decide now, in seat order.
    #[must_use]
    pub fn to_act(&self) -> Vec<u8> {
        (0..4u8).filter(|&s| self.is_to_act(s)).collect()
    }

    /// Whether `seat` must decide now (one of [`GameCore::to_act`]), without building the
    /// list. Precondition: `seat < 4`.
    #[must_use]
    pub fn is_to_act(&self, seat: u8) -> bool {
        match self.phase {
            Phase::Turn | Phase::Haidi => seat == self.turn,
            Phase::Bid | Phase::Claim | Phase::Rob => {
                !self.options[seat as usize].is_empty() && self.answers[seat as usize].is_none()
            }
            Phase::Over => false,
        }
    }

    /// The first seat of [`GameCore::to_act`], or `None` once the hand is over.
    #[must_use]
    pub fn first_to_act(&self) -> Option<u8> {
        (0..4u8).find(|&s| self.is_to_act(s))
    }
}
