//! A profile's options and their values: the option table a profile declares, its named
//! rule sets, and the [`Rules`] value that holds a profile's number and one byte per option.
//!
//! A [`Rules`] is small and `Copy`: the profile's index and one byte per option, in the order
//! of the profile's option table (`Profile::options`). It is built and read by name in
//! `rules.rs` (the methods that ask its profile) and `parse.rs`; everything that differs
//! between rule systems is asked of the profile.

use crate::error::{Error, Result};

/// Most options a profile may have.
pub const MAX_OPTIONS: usize = 16;

/// What an option holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionType {
    Bool,
    /// One of these names; the stored value is the index.
    Choice(&'static [&'static str]),
}

/// One option of a profile, described for users (`Rules.options()`, the CLI, the docs).
#[derive(Debug, Clone, Copy)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionType,
    /// The default value: 0/1 for a bool, the choice's index.
    pub default: u8,
    /// The term players know it by.
    pub chinese: &'static str,
    /// One line: what it changes.
    pub meaning: &'static str,
}

impl OptionSpec {
    /// The value `v` as text: `true`/`false` or the choice's name.
    #[must_use]
    pub fn show(&self, v: u8) -> &'static str {
        match self.kind {
            OptionType::Bool if v != 0 => "true",
            OptionType::Bool => "false",
            OptionType::Choice(names) => names[v as usize],
        }
    }

    /// Read `text` as a value of this option (case-insensitive).
    ///
    /// # Errors
    /// [`Error::Rules`] naming the option and the text.
    pub fn read(&self, text: &str) -> Result<u8> {
        let t = text.trim().to_ascii_lowercase();
        match self.kind {
            OptionType::Bool => match t.as_str() {
                "1" | "true" | "yes" | "on" => Ok(1),
                "0" | "false" | "no" | "off" => Ok(0),
                _ => Err(Error::Rules(format!(
                    "option {} must be true or false, got {text:?}",
                    self.name
                ))),
            },
            OptionType::Choice(names) => names
                .iter()
                .position(|n| *n == t)
                .map(|i| i as u8)
                .ok_or_else(|| {
                    Error::Rules(format!(
                        "option {} must be one of {}, got {text:?}",
                        self.name,
                        names.join(", ")
                    ))
                }),
        }
    }
}

/// A named rule set: a profile and the options it turns on.
#[derive(Debug, Clone, Copy)]
pub struct Preset {
    pub name: &'static str,
    /// One line: what it is.
    pub doc: &'static str,
    /// `(option, value)` pairs, the values as [`OptionSpec::read`] reads them.
    pub settings: &'static [(&'static str, &'static str)],
}

/// A profile and its option values. Build it with [`Rules::new`], [`Rules::set`] and
/// [`Rules::check`], or [`Rules::preset`] / [`Rules::parse`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    pub(super) profile: u8,
    pub(super) values: [u8; MAX_OPTIONS],
}

impl Rules {
    /// The value of the profile's option number `index` (see its option table).
    #[inline]
    #[must_use]
    pub const fn value(&self, index: usize) -> u8 {
        self.values[index]
    }

    /// A bool option of the profile by its number.
    #[inline]
    #[must_use]
    pub const fn flag(&self, index: usize) -> bool {
        self.values[index] != 0
    }
}
