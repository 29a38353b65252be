//! The PyO3 bindings: conversions in, the core's answer out. No game logic here.

pub mod analysis;
pub mod args;
pub mod batch;
pub mod botzone;
pub mod convert;
pub mod deal;
pub mod errors;
pub mod events;
pub mod functions;
pub mod game;
pub mod guobiao;
pub mod log;
pub mod policy;
pub mod rl;
pub mod rng;
pub mod rules;
pub mod schedule;
pub mod selfplay;
pub mod value;
pub mod vecenv;
pub mod win;
