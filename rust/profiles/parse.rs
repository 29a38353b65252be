//! Rules by name: the presets, and text such as `"taiyuan,dealer_bonus=false"` read into a
//! [`Rules`]; the JSON shape of a [`Rules`].

use super::options::{OptionType, Rules, MAX_OPTIONS};
use super::registry::{preset_names, ALL};
use crate::error::{Error, Result};

impl Rules {
    /// The preset called `name` (case-insensitive), from any profile.
    ///
    /// # Errors
    /// [`Error::Rules`] for an unknown name.
    pub fn preset(name: &str) -> Result<Rules> {
        let lower = name.trim().to_ascii_lowercase();
        for (i, profile) in ALL.iter().enumerate() {
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
            preset_names().join(", ")
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
            // Any profile's preset, listed or not.
            let is_preset = value.is_none()
                && ALL
                    .iter()
                    .flat_map(|p| p.presets())
                    .any(|p| p.name.eq_ignore_ascii_case(key));
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
/// bool or the choice's name (a profile's quiet options only when set,
/// `Profile::quiet_options`).
impl serde::Serialize for Rules {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("profile", self.profile().name())?;
        let quiet = self.profile().quiet_options();
        for (spec, v) in self.options() {
            if v == spec.default && quiet.contains(&spec.name) {
                continue;
            }
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
