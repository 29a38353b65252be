//! Reinforcement-learning support, pure Rust: the versioned action numberings and masks
//! (`actions`), the versioned observation encoding (`encode`, its layout in `planes`, what
//! a seat knows in `source`, v3's planes of the decisions before play and of seats that
//! leave in `standing`), one self-resetting table
//! with built-in opponents (`table`) and the threaded vectorised environment (`vecenv`,
//! its helper threads kept in `pool`, a block of its tables and their rows in `rows`).
//! The Python binding is `py/rl.rs` (`VecEnv`: `py/vecenv.rs`); the planes are listed in docs/observation.md.

pub mod actions;
pub mod encode;
pub(crate) mod peek;
pub mod planes;
mod pool;
mod rows;
pub mod source;
mod standing;
pub mod table;
pub mod vecenv;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod v3_tests;
#[cfg(test)]
mod vecenv_tests;

pub use actions::{action_of_code, code_of_action, ActionSpace, N_ACTIONS, N_ACTIONS_V2};
pub use encode::{
    encode, encode_oracle, encode_oracle_version, encode_version, Live, Source, Version,
    ORACLE_PLANES, PLANES, PLANES_V2, PLANES_V3, WIDTH,
};
pub use table::{Opponents, Table};
pub use vecenv::{Out, Seeds, VecEnv};
