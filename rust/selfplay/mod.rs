//! Self-play inside Rust: the built-in bots play seeded hands and matches with no Python in
//! the loop, one hand after another or on several threads. The Python loop of
//! `koudiandian.simulate` plays the same hands the same way, so both give the same records
//! for the same seed (the seeds, the bots' generators and the order in which seats are asked
//! are fixed here and there alike).
//!
//! - `run.rs`: a run's [`Plan`], hands and matches by index, threads, duplicate play;
//! - `log.rs`: a hand's log as one JSON line, escaped as Python's `json.dumps` escapes it.

mod log;
mod run;

pub use crate::bots::{Bot, Player};
pub use log::{event_log_json, to_ascii_json};
pub use run::{hand_seed, play, Length, Plan, Played, Record};
