//! What happened in a hand, in order. The JSON shape of each event (the log of
//! `Game.events`, `to_json` and replay) is declared on the enum; replay reads the events
//! back with it (`replay.rs`), all but the deal and the settlement, which it reads or
//! compares as JSON.

use serde::{Deserialize, Serialize};

use super::action::Act;
use crate::outcome::{HandResult, Transfer, Verdict, WinKind};
use crate::profiles::Rules;

/// The deal: everything needed to replay the hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StartHand {
    pub dealer: u8,
    pub rules: Rules,
    pub wildcards: Vec<u8>,
    pub wall: Vec<u8>,
    /// The dice the hand rolls, in order (profiles with dice kongs).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<(u8, u8)>,
    pub scores: [i32; 4],
    /// The prevalent wind (圈风: 0 东 … 3 北); not logged for 东.
    #[serde(skip_serializing_if = "is_east")]
    pub prevalent_wind: u8,
    /// The direction of the exchange before play (`next`, `previous`, `opposite`), in
    /// hands that draw one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exchange_direction: Option<&'static str>,
}

/// Whether a prevalent wind is 东 (0), which a log leaves out.
#[allow(clippy::trivially_copy_pass_by_ref)] // serde passes the field by reference
fn is_east(wind: &u8) -> bool {
    *wind == 0
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

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    #[serde(skip_deserializing)]
    StartHand(Box<StartHand>),
    /// A seat's 跑 bid; all four are logged together once every seat has bid.
    Bid {
        seat: u8,
        pao: u8,
    },
    /// A seat sets a flower aside (dealt or drawn); a replacement from the back follows.
    Flower {
        seat: u8,
        tile: u8,
    },
    /// The indicator turned after the deal, the wildcard kind (混) it gives, and the
    /// flowers turned (and set aside, out of play) before it.
    Indicator {
        tile: u8,
        hun: u8,
        flowers: Vec<u8>,
    },
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
    /// A seat's answer to a discard or an added kong, or its decision before play (a pick
    /// for the exchange, a void suit), shown to the seat alone.
    Answer {
        seat: u8,
        action: Act,
        auto: bool,
        /// A chow's run (its lowest tile), the kind picked, the void suit.
        #[serde(skip_serializing_if = "Option::is_none")]
        tile: Option<u8>,
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
    /// A kong with dice (杠): on a discard (`from`), or one's own (`concealed` or added).
    DiceKong {
        seat: u8,
        tile: u8,
        from: Option<u8>,
        concealed: bool,
    },
    /// The dice rolled for a dice kong's replacement.
    Dice {
        seat: u8,
        dice: [u8; 2],
    },
    /// A seat declares its opening small wins (起手小胡).
    OpeningWin {
        seat: u8,
        /// Not read back: the engine names them again when the decision is replayed.
        #[serde(skip_deserializing)]
        wins: Vec<&'static str>,
    },
    /// A seat takes (or refuses) the 海底.
    Haidi {
        seat: u8,
        take: bool,
    },
    /// The bird turned after a win, and the seat it hits.
    Bird {
        tile: u8,
        seat: u8,
    },
    /// 吃: `tile` is the run's lowest tile, `claimed` the discard.
    Chow {
        seat: u8,
        tile: u8,
        from: u8,
        claimed: u8,
    },
    Win {
        seat: u8,
        tile: u8,
        kind: WinKind,
        from: Option<u8>,
        auto: bool,
    },
    /// Before play, the tiles a seat passes (in the order picked, each picked by an
    /// `answer`) to seat `to`; all four are logged together once every seat has picked.
    /// Only the two seats see the tiles.
    Exchange {
        seat: u8,
        tiles: Vec<u8>,
        to: u8,
    },
    /// Before play, the suit (0 m, 1 p, 2 s) a seat declared void (定缺, by an `answer`);
    /// all four are revealed together once every seat has chosen.
    Void {
        seat: u8,
        suit: u8,
    },
    /// A winner leaves the hand, which goes on without it; its concealed tiles (the
    /// winning tile among them) are shown to all.
    Leave {
        seat: u8,
        hand: Vec<u8>,
    },
    /// A judge's verdict against a seat (`GameCore::end_by_verdict`): the hand ends, the
    /// seat paying what the rules score it (`end_hand` follows).
    Verdict {
        seat: u8,
        verdict: Verdict,
    },
    /// Transfers made at the moment of the event before (a kong, a win), in ledger order.
    /// Not read back: replay makes them again and compares.
    #[serde(skip_deserializing)]
    Pay {
        transfers: Vec<Transfer>,
    },
    #[serde(skip_deserializing)]
    EndHand(Box<EndHand>),
}
