//! The one error type of the core. The Python binding maps each variant to a
//! `KoudiandianError` subclass (see `py/errors.rs`).

use std::fmt;

/// Everything that can be wrong with an input to the core.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// Tile text or a tile index that names no tile.
    InvalidTile(String),
    /// A kind held more than four times, or a bad count.
    TileCount(String),
    /// The number of tiles does not fit the call.
    HandSize(String),
    /// A malformed meld or too many melds.
    Meld(String),
    /// Bad wildcard kinds.
    Wildcard(String),
    /// A batch array of the wrong shape, dtype or content.
    Array(String),
    /// The hand given for scoring does not win.
    NotWinning(String),
    /// An unknown option, preset or profile, a bad value, or a forbidden combination.
    Rules(String),
    /// Any other argument with a bad value (a seat, a seed, scores).
    Argument(String),
    /// An explicit wall that does not hold the tiles in play, or wildcards that do not fit.
    Wall(String),
    /// An action that is not legal for that seat now (the message lists the legal ones).
    IllegalAction(String),
    /// A seat that is not to act now.
    NotYourTurn(String),
    /// An argument of the wrong type (from the Python binding: a float for a tile).
    Type(String),
    /// An event log that cannot be replayed: malformed, or not the log its decisions make.
    EventLog(String),
}

impl Error {
    /// The message, without the variant.
    pub fn message(&self) -> &str {
        match self {
            Error::InvalidTile(m)
            | Error::TileCount(m)
            | Error::HandSize(m)
            | Error::Meld(m)
            | Error::Wildcard(m)
            | Error::Array(m)
            | Error::NotWinning(m)
            | Error::Rules(m)
            | Error::Argument(m)
            | Error::Wall(m)
            | Error::IllegalAction(m)
            | Error::NotYourTurn(m)
            | Error::Type(m)
            | Error::EventLog(m) => m,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;
