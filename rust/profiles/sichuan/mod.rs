//! Sichuan 血战到底 (RULES-sichuan): the fan table; the profile itself comes with the lead's
//! version of this file.

// Unused until the profile reads it (the lead's version of this file drops the allow).
#[allow(dead_code)]
pub(crate) mod fans;
#[cfg(test)]
mod fans_reference;
#[cfg(test)]
mod fans_tests;
