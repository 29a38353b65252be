//! Self-play inside Rust: the built-in bots play seeded hands and matches with no Python in
//! the loop, one hand after another or on several threads. The Python loop of
//! `koudiandian.simulate` plays the same hands the same way, so both give the same records
//! for the same seed (the seeds, the bots' generators and the order in which seats are asked
//! are fixed here and there alike).
//!
//! - which hand comes next and what a finished hand changes, for this loop, the Python loop
//!   and `koudiandian.Match` alike: `match_driver.rs`, a match's [`MatchDriver`] (dealer
//!   rotation, carried scores, 一圈, its end and ranking); `schedule.rs`, a run's
//!   [`Schedule`] of units; `hand_start.rs`, what a hand starts from ([`HandStart`]: its
//!   seed, dealer, scores, duplicate seats);
//! - `run.rs`: a run's [`Plan`] played by the built-in bots, on threads;
//! - `log.rs`: a hand's log as one JSON line, escaped as Python's `json.dumps` escapes it.

mod hand_start;
mod log;
mod match_driver;
mod run;
mod schedule;

pub use crate::bots::{Bot, Player};
pub use hand_start::{duplicate_seating, hand_seed, HandStart};
pub use log::{event_log_json, to_ascii_json};
pub use match_driver::{Length, MatchDriver, MatchState};
pub use run::{play, Plan, Played, Record};
pub use schedule::{Schedule, UnitKind};
