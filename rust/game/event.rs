//! What happened in a hand, in order. The JSON shape of each event (the log of
//! `Game.events`, `to_json` and replay) is declared on the enum.

use serde::Serialize;

use super::action::Act;
use super::result::{HandResult, WinKind};
use crate::rules::Rules;

/// The deal: everything needed to replay the hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StartHand {
    pub dealer: u8,
    pub rules: Rules,
    pub wildcards: Vec<u8>,
    pub wall: Vec<u8>,
    pub scores: [i32; 4],
}

/// The settlement and every seat's tiles, revealed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EndHand {
    pub result: HandResult,
    /// Each seat's concealed tiles, sorted.
    pub hands: [Vec<u8>; 4],
    /// Each seat's melds as `[meld kind number, tile, source seat]`.
    pub melds: [Vec<(u8, u8, Option<u8>)>; 4],
    /// Each seat's discards in order (face-down ones revealed).
    pub discards: [Vec<u8>; 4],
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    StartHand(Box<StartHand>),
    Draw {
        seat: u8,
        tile: u8,
        /// From the back of the wall, after a kong.
        replacement: bool,
    },
    Discard {
        seat: u8,
        tile: u8,
        /// 报听 with this discard, laid face down.
        declare: bool,
        /// Made by the engine for a declared seat.
        auto: bool,
    },
    ConcealedKong {
        seat: u8,
        tile: u8,
    },
    AddedKong {
        seat: u8,
        tile: u8,
    },
    /// A seat's answer to a discard or an added kong.
    Answer {
        seat: u8,
        action: Act,
        auto: bool,
    },
    Pong {
        seat: u8,
        tile: u8,
        from: u8,
    },
    Kong {
        seat: u8,
        tile: u8,
        from: u8,
    },
    Win {
        seat: u8,
        tile: u8,
        kind: WinKind,
        from: Option<u8>,
        auto: bool,
    },
    EndHand(Box<EndHand>),
}
