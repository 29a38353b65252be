//! What happened in a hand, in order. The Python layer renders these as the JSON event log.

use super::action::Act;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinKind {
    SelfDraw,
    Discard,
    RobbedKong,
}

impl WinKind {
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            WinKind::SelfDraw => "self_draw",
            WinKind::Discard => "discard",
            WinKind::RobbedKong => "robbed_kong",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    StartHand,
    Draw {
        seat: u8,
        tile: u8,
        replacement: bool,
    },
    Discard {
        seat: u8,
        tile: u8,
        declare: bool,
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
    EndHand,
}

/// How a won hand was won, for settlement (the Python layer pays it out).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    pub winner: u8,
    pub tile: u8,
    pub kind: WinKind,
    pub discarder: Option<u8>,
    /// Whether the discarder (or robbed konger) had declared when it discarded.
    pub discarder_declared: bool,
    pub points: u8,
    pub factor: u32,
    pub patterns: u32,
}
