//! Self-play inside Rust: the built-in bots play seeded hands and matches with no Python in
//! the loop, one hand after another or on several threads. The Python loop of
//! `koudiandian.simulate` plays the same hands the same way, so both give the same records
//! for the same seed (the seeds, the bots' generators and the order in which seats are asked
//! are fixed here and there alike).
//!
//! - `schedule.rs`: which hand comes next and what a finished hand changes: a match's
//!   [`MatchDriver`] (dealer rotation, carried scores, 一圈, its end and ranking) and a run's
//!   [`Schedule`] of units (seeds, dealers, duplicate seats), for this loop, the Python loop
//!   and `koudiandian.Match` alike;
//! - `run.rs`: a run's [`Plan`] played by the built-in bots, on threads;
//! - `log.rs`: a hand's log as one JSON line, escaped as Python's `json.dumps` escapes it.

mod log;
mod run;
mod schedule;

pub use crate::bots::{Bot, Player};
pub use log::{event_log_json, to_ascii_json};
pub use run::{play, Plan, Played, Record};
pub use schedule::{
    duplicate_seating, hand_seed, HandStart, Length, MatchDriver, MatchState, Schedule, UnitKind,
};
