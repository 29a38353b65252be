//! One rule object: a rule profile and the values of its options (docs/rules.md §8),
//! validated once.
//!
//! A [`Rules`] is small and `Copy`: the profile's index and one byte per option, in the order
//! of the profile's option table ([`Profile::options`]). Everything that differs between rule
//! systems is asked of the profile; [`EvalRules`] is the part the shared evaluators read.

use crate::error::{Error, Result};
use crate::eval::EvalRules;
use crate::profiles::{self, Profile};

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
    profile: u8,
    values: [u8; MAX_OPTIONS],
}

impl Default for Rules {
    fn default() -> Self {
        Rules::new(0)
    }
}

impl Rules {
    /// Every option of profile number `profile` at its default.
    ///
    /// Precondition: `profile < profiles::ALL.len()`.
    #[must_use]
    pub fn new(profile: u8) -> Rules {
        let mut values = [0; MAX_OPTIONS];
        for (v, spec) in values
            .iter_mut()
            .zip(profiles::ALL[profile as usize].options())
        {
            *v = spec.default;
        }
        Rules { profile, values }
    }

    /// The default rules of the profile called `name`.
    ///
    /// # Errors
    /// [`Error::Rules`] for an unknown profile.
    pub fn of_profile(name: &str) -> Result<Rules> {
        profiles::index_of(name).map(Rules::new).ok_or_else(|| {
            Error::Rules(format!(
                "unknown profile {name:?}; known: {}",
                profiles::names().join(", ")
            ))
        })
    }

    /// The rule profile: everything that differs between rule systems.
    #[must_use]
    pub fn profile(&self) -> &'static dyn Profile {
        profiles::ALL[self.profile as usize]
    }

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

    fn index(&self, name: &str) -> Result<usize> {
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
                    profiles::preset_names().join(", ")
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

    /// The preset called `name` (case-insensitive), from any profile.
    ///
    /// # Errors
    /// [`Error::Rules`] for an unknown name.
    pub fn preset(name: &str) -> Result<Rules> {
        let lower = name.trim().to_ascii_lowercase();
        for (i, profile) in profiles::ALL.iter().enumerate() {
            if let Some(p) = profile.presets().iter().find(|p| p.name == lower) {
                let mut rules = Rules::new(i as u8);
                for (k, v) in p.settings {
                    rules.set_text(k, v)?;
                }
                return rules.check();
            }
        }
        Err(Error::Rules(format!(
            "unknown rules preset {name:?}; known: {}",
            profiles::preset_names().join(", ")
        )))
    }

    /// Read a preset name and/or options, comma-separated: `"taiyuan"`,
    /// `"wind_runs,must_win"`, `"random_wildcard,wind_runs"`, `"wildcards=double"`. Names are
    /// case-insensitive, options may be named by their Chinese term, a bare option name means
    /// true. Presets apply first and combine when they do not disagree; the options then
    /// override them; when an option turned off leaves a preset's option without what it
    /// needs, that option is dropped too (`"taiyuan,dealer_bonus=false"` also turns off
    /// `dealer_selfdraw_double`). Any other conflict is an error.
    ///
    /// # Errors
    /// [`Error::Rules`] for an unknown name, a bad value, presets that disagree, a missing
    /// comma or an invalid combination.
    pub fn parse(text: &str) -> Result<Rules> {
        let mut presets: Vec<(&str, Rules)> = Vec::new();
        let mut settings: Vec<(&str, Option<&str>)> = Vec::new();
        for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (key, value) = match item.split_once('=') {
                Some((k, v)) => (k.trim(), Some(v.trim())),
                None => (item, None),
            };
            if key.contains(char::is_whitespace) || value.is_some_and(|v| v.contains(' ')) {
                return Err(Error::Rules(format!(
                    "{item:?}: separate options with commas"
                )));
            }
            let is_preset = value.is_none()
                && profiles::preset_names()
                    .iter()
                    .any(|p| p.eq_ignore_ascii_case(key));
            if is_preset {
                presets.push((key, Rules::preset(key)?));
            } else {
                settings.push((key, value));
            }
        }
        // Presets combine when they agree: each sets what differs from its profile's defaults.
        let mut rules = presets.first().map_or_else(Rules::default, |p| p.1);
        for (name, p) in &presets[presets.len().min(1)..] {
            let defaults = Rules::new(p.profile);
            for i in 0..MAX_OPTIONS {
                let (mine, theirs) = (rules.values[i], p.values[i]);
                if p.profile != rules.profile
                    || (theirs != defaults.values[i]
                        && mine != defaults.values[i]
                        && mine != theirs)
                {
                    return Err(Error::Rules(format!(
                        "conflicting presets {:?} and {name:?}",
                        presets[0].0
                    )));
                }
                if theirs != defaults.values[i] {
                    rules.values[i] = theirs;
                }
            }
        }
        rules = rules.check()?;
        let mut explicit = [false; MAX_OPTIONS];
        let defaults = Rules::new(rules.profile);
        let mut turned_off = false;
        for (key, value) in settings {
            let i = rules.index(key)?;
            rules.set_text(key, value.unwrap_or("true"))?;
            explicit[i] = true;
            turned_off |= rules.values[i] == defaults.values[i];
        }
        if let Err(first) = rules.profile().check(&rules) {
            // An option turned off drops what only a preset set and now depends on it.
            for i in (0..rules.profile().options().len()).filter(|_| turned_off) {
                if !explicit[i] && rules.values[i] != defaults.values[i] {
                    rules.values[i] = defaults.values[i];
                    if rules.profile().check(&rules).is_ok() {
                        return Ok(rules);
                    }
                }
            }
            return Err(first);
        }
        Ok(rules)
    }
}

/// The JSON shape (`Rules.to_dict()`): the profile's name, then every option by name, a
/// bool or the choice's name.
impl serde::Serialize for Rules {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("profile", self.profile().name())?;
        for (spec, v) in self.options() {
            match spec.kind {
                OptionType::Bool => m.serialize_entry(spec.name, &(v != 0))?,
                OptionType::Choice(_) => m.serialize_entry(spec.name, spec.show(v))?,
            }
        }
        m.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_err(text: &str) -> String {
        Rules::parse(text).unwrap_err().to_string()
    }

    #[test]
    fn parse_table() {
        let on = |r: &Rules, n: &str| r.get(n).unwrap().1;
        let r = Rules::parse("taiyuan").unwrap();
        assert_eq!(on(&r, "dealer_bonus"), 1, "taiyuan");
        let r = Rules::parse("Taiyuan, dealer_bonus=false").unwrap();
        assert_eq!(
            (on(&r, "dealer_bonus"), on(&r, "dealer_selfdraw_double")),
            (0, 0)
        );
        assert_eq!(
            on(&r, "feeder_pays_kong"),
            1,
            "the rest of the preset stays"
        );
        let r = Rules::parse("WILDCARDS=RANDOM,风嘴子").unwrap();
        assert_eq!((on(&r, "wildcards"), on(&r, "wind_runs")), (1, 1));
        assert_eq!(Rules::parse("").unwrap(), Rules::default());
        assert!(parse_err("foo=bar").contains("unknown option \"foo\""));
        assert!(parse_err("foo").contains("presets: default, taiyuan"));
        assert!(parse_err("random_wildcard,double_wildcard").contains("conflicting presets"));
        assert!(parse_err("wind_runs wildcards=double").contains("separate options with commas"));
        assert!(parse_err("must_win=maybe").contains("must be true or false"));
        assert!(parse_err("wildcards=many").contains("one of none, random, honor, double"));
        assert!(parse_err("no_honors,wind_runs").contains("wind_runs"));
    }
}
