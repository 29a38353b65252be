//! A [`Rules`] built and read by option name: its methods that ask its profile (by its
//! number in [`ALL`]) for the option table. The type and its table-free reads are in
//! `options.rs`; they live apart because every profile names `options.rs` and these methods
//! name every profile (through [`ALL`]), and no two files name each other through a circle.

use super::options::{OptionSpec, OptionType, Rules, MAX_OPTIONS};
use super::profile::Profile;
use super::registry::{index_of, names, preset_names, ALL};
use crate::error::{Error, Result};
use crate::eval::EvalRules;

impl Default for Rules {
    fn default() -> Self {
        Rules::new(0)
    }
}

impl Rules {
    /// Every option of profile number `profile` at its default.
    ///
    /// Precondition: `profile < ALL.len()`.
    #[must_use]
    pub fn new(profile: u8) -> Rules {
        let mut values = [0; MAX_OPTIONS];
        for (v, spec) in values.iter_mut().zip(ALL[profile as usize].options()) {
            *v = spec.default;
        }
        Rules { profile, values }
    }

    /// The default rules of the profile called `name`.
    ///
    /// # Errors
    /// [`Error::Rules`] for an unknown profile.
    pub fn of_profile(name: &str) -> Result<Rules> {
        index_of(name).map(Rules::new).ok_or_else(|| {
            Error::Rules(format!(
                "unknown profile {name:?}; known: {}",
                names().join(", ")
            ))
        })
    }

    /// The rule profile: everything that differs between rule systems.
    #[must_use]
    pub fn profile(&self) -> &'static dyn Profile {
        ALL[self.profile as usize]
    }

    pub(super) fn index(&self, name: &str) -> Result<usize> {
        let options = self.profile().options();
        options
            .iter()
            .position(|o| o.name == name || o.chinese == name)
            .or_else(|| {
                let lower = name.to_ascii_lowercase();
                options.iter().position(|o| o.name == lower)
            })
            .ok_or_else(|| {
                let known: Vec<&str> = options.iter().map(|o| o.name).collect();
                Error::Rules(format!(
                    "unknown option {name:?} for profile {}; known options: {}; presets: {}",
                    self.profile().name(),
                    known.join(", "),
                    preset_names().join(", ")
                ))
            })
    }

    /// The option called `name` (or its Chinese term) and its value.
    ///
    /// # Errors
    /// [`Error::Rules`] if the profile has no such option.
    pub fn get(&self, name: &str) -> Result<(&'static OptionSpec, u8)> {
        let i = self.index(name)?;
        Ok((&self.profile().options()[i], self.values[i]))
    }

    /// Set an option by name; a bool option takes 0/1, a choice the choice's index.
    ///
    /// # Errors
    /// [`Error::Rules`] for an unknown option or a value out of range. Combinations are
    /// checked by [`Rules::check`].
    pub fn set(&mut self, name: &str, value: u8) -> Result<()> {
        let i = self.index(name)?;
        let spec = &self.profile().options()[i];
        let max = match spec.kind {
            OptionType::Bool => 1,
            OptionType::Choice(names) => names.len() as u8 - 1,
        };
        if value > max {
            return Err(Error::Rules(format!(
                "option {} has no value {value}",
                spec.name
            )));
        }
        self.values[i] = value;
        Ok(())
    }

    /// Set an option from text, as [`OptionSpec::read`] reads it.
    ///
    /// # Errors
    /// As [`Rules::set`] and [`OptionSpec::read`].
    pub fn set_text(&mut self, name: &str, text: &str) -> Result<()> {
        let (spec, _) = self.get(name)?;
        let v = spec.read(text)?;
        self.set(spec.name, v)
    }

    /// Check the combination of options (the profile's rules, e.g. docs/rules.md §8).
    ///
    /// # Errors
    /// [`Error::Rules`] naming the options.
    pub fn check(self) -> Result<Rules> {
        self.profile().check(&self)?;
        Ok(self)
    }

    /// The options the shared evaluators read.
    #[must_use]
    pub fn eval(&self) -> EvalRules {
        self.profile().eval(self)
    }

    /// `(option, value)` of every option, in the profile's order.
    pub fn options(&self) -> impl Iterator<Item = (&'static OptionSpec, u8)> + '_ {
        self.profile().options().iter().zip(self.values)
    }

    /// The profile and each option that differs from its default, as [`Rules::parse`] reads
    /// them back: `taiyuan`, `taiyuan,dealer_bonus,wildcards=random`.
    #[must_use]
    pub fn describe(&self) -> String {
        let defaults = Rules::new(self.profile);
        let mut out = self.profile().name().to_owned();
        for ((spec, v), d) in self.options().zip(defaults.values) {
            if v != d {
                out.push(',');
                out.push_str(spec.name);
                if !matches!(spec.kind, OptionType::Bool) || v == 0 {
                    out.push('=');
                    out.push_str(spec.show(v));
                }
            }
        }
        out
    }
}
