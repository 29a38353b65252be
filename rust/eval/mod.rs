//! The hand evaluators: shapes, suits, winning tiles, shanten and decomposition, over the
//! lookup tables of one suit. They know no profile: what they read of the rules is an
//! [`EvalRules`], compiled by the profile once.

pub mod decompose;
pub mod exchanges;
pub mod forms;
pub mod knitted;
pub mod knitted_after;
pub mod lacking;
pub mod pair258;
pub mod pair258_shanten;
pub mod pair258_waits;
pub mod rules;
pub mod shanten;
pub mod shape;
pub mod suits;
pub mod tables;
pub(crate) mod tally;
pub mod totals;
pub mod void;
pub mod waits;
pub mod winning;

pub use rules::{EvalRules, WinForms};
