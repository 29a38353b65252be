//! The profile seam: what differs between rule systems, asked of a [`Profile`].
//!
//! The state machine (`game/`), the evaluators (`eval/`) and the Python layer are shared; a
//! rule system is one module implementing [`Profile`] and one line in [`ALL`]
//! (`registry.rs`). `docs/architecture.md` lists the hooks and how to add a profile.
//!
//! - `options.rs`: option tables, presets and the [`Rules`] value;
//! - `profile.rs`: the [`Profile`] trait and the rules the state machine reads;
//! - `registry.rs`: every profile by number;
//! - `rules.rs`: a [`Rules`] built and read by option name (its profile asked);
//! - `parse.rs`: presets and rule text read into a [`Rules`];
//! - `analysis.rs`: one won hand settled on its own, for `koudiandian analyze`;
//! - one module (file or folder) per profile.

pub mod analysis;
pub mod changsha;
pub mod guobiao;
pub mod hebei;
pub mod options;
mod parse;
pub mod profile;
pub mod queyimen;
pub mod registry;
mod rules;
pub mod sichuan;
pub mod taiyuan;
mod tiny;
#[cfg(test)]
mod value_tests;

pub use options::{OptionSpec, OptionType, Preset, Rules, MAX_OPTIONS};
pub use profile::{HandSummary, KongPrices, PayContext, PayMoment, Profile, TurnRules, WallRules};
pub use registry::{index_of, listed, names, preset_names, ALL};
