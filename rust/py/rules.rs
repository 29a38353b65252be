//! `koudiandian.Rules`: the rule object, owned by the core. Built and checked once; every
//! function that takes rules takes this object (or a preset name).

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString, PyTuple};

use super::convert::{kind, utf8};
use super::value::dict_of;
use crate::error::Error;
use crate::eval::EvalRules;
use crate::profiles;
use crate::profiles::{OptionType, Rules};

/// The rules of a hand: a profile (`"taiyuan"`) and its options, frozen and validated.
#[pyclass(frozen, eq, hash, module = "koudiandian._core", name = "Rules")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyRules {
    pub rules: Rules,
    pub eval: EvalRules,
}

impl From<Rules> for PyRules {
    fn from(rules: Rules) -> Self {
        PyRules {
            rules,
            eval: rules.eval(),
        }
    }
}

fn repr(obj: &Bound<'_, PyAny>) -> String {
    obj.repr().map_or_else(|_| "?".into(), |r| r.to_string())
}

/// Set option `name` from a Python value: a bool for a bool option, a str (or str enum)
/// naming a choice.
fn set(rules: &mut Rules, name: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
    let (spec, _) = rules.get(name)?;
    let v = match spec.kind {
        OptionType::Bool => match value.cast::<PyBool>() {
            Ok(b) => u8::from(b.is_true()),
            Err(_) => {
                return Err(Error::Rules(format!(
                    "option {} must be True or False, got {}",
                    spec.name,
                    repr(value)
                ))
                .into())
            }
        },
        OptionType::Choice(names) => match value.cast::<PyString>() {
            Ok(s) => spec.read(utf8(s, &format!("option {}:", spec.name), Error::Rules)?)?,
            Err(_) => {
                return Err(Error::Rules(format!(
                    "option {} must be one of {}, got {}",
                    spec.name,
                    names
                        .iter()
                        .map(|n| format!("'{n}'"))
                        .collect::<Vec<_>>()
                        .join(", "),
                    repr(value)
                ))
                .into())
            }
        },
    };
    Ok(rules.set(spec.name, v)?)
}

/// Rules of `profile` with `options` (a mapping of names to values), checked.
fn build(profile: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<PyRules> {
    let mut rules = Rules::of_profile(profile)?;
    if let Some(options) = options {
        for (k, v) in options.iter() {
            let name = k
                .cast::<PyString>()
                .map_err(|_| Error::Rules(format!("option names are str, got {}", repr(&k))))?;
            set(&mut rules, utf8(name, "option name", Error::Rules)?, &v)?;
        }
    }
    Ok(rules.check()?.into())
}

/// The rules an entry point was given: a `Rules`, a preset or options text, or `None` for
/// the default.
///
/// # Errors
/// `InvalidArgumentError` for anything else, `InvalidRulesError` for bad text.
pub fn rules_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<PyRules> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(Rules::default().into());
    };
    if let Ok(r) = obj.cast::<PyRules>() {
        return Ok(*r.get());
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Rules::parse(utf8(s, "rules text", Error::Rules)?)?.into());
    }
    Err(Error::Argument(format!(
        "rules must be a Rules or a preset name, got {}",
        obj.get_type()
            .name()
            .map_or_else(|_| "?".into(), |n| n.to_string())
    ))
    .into())
}

/// `_core.rules_of(rules=None)`: the rules an entry point was given, checked as every entry
/// point checks them ([`rules_arg`]), without dealing a game.
///
/// # Errors
/// As [`rules_arg`].
#[pyfunction]
#[pyo3(signature = (rules=None))]
pub fn rules_of(rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyRules> {
    rules_arg(rules)
}

#[pymethods]
impl PyRules {
    /// `Rules(profile="taiyuan", **options)`: every option not given keeps its default.
    #[new]
    #[pyo3(signature = (*, profile = None, **options), text_signature = "(*, profile='taiyuan', **options)")]
    fn new(
        profile: Option<&Bound<'_, PyString>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        match profile {
            Some(p) => build(utf8(p, "profile", Error::Rules)?, options),
            None => build("taiyuan", options),
        }
    }

    /// The names of the presets, over every profile.
    #[classattr]
    #[allow(non_snake_case)]
    fn PRESETS(py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
        PyTuple::new(py, profiles::preset_names())
    }

    /// A named rule set (see `Rules.options()` and `docs/rules.md`).
    #[staticmethod]
    fn preset(name: &Bound<'_, PyString>) -> PyResult<Self> {
        Ok(Rules::preset(utf8(name, "preset", Error::Rules)?)?.into())
    }

    /// Read a preset name and/or options: `"taiyuan"`, `"wind_runs,must_win"`,
    /// `"random_wildcard,wind_runs"`, `"wildcards=double,delayed_kong"`.
    #[staticmethod]
    fn parse(text: &Bound<'_, PyString>) -> PyResult<Self> {
        Ok(Rules::parse(utf8(text, "rules text", Error::Rules)?)?.into())
    }

    /// Build from a mapping of option names (and optionally `"profile"`), as `to_dict` gives.
    #[staticmethod]
    fn from_dict(options: &Bound<'_, PyAny>) -> PyResult<Self> {
        let dict = options
            .cast::<PyDict>()
            .map_err(|_| {
                Error::Rules(format!("expected a dict of options, got {}", repr(options)))
            })?
            .copy()?;
        let profile = match dict.get_item("profile")? {
            Some(p) => {
                dict.del_item("profile")?;
                p.extract::<String>().map_err(|_| {
                    Error::Rules(format!("profile must be a name, got {}", repr(&p)))
                })?
            }
            None => "taiyuan".to_owned(),
        };
        build(&profile, Some(&dict))
    }

    /// A copy with some options changed (validated like the constructor).
    #[pyo3(signature = (**changes))]
    fn replace(&self, changes: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let mut rules = self.rules;
        if let Some(changes) = changes {
            for (k, v) in changes.iter() {
                let k = k.cast_into::<PyString>().map_err(|e| {
                    Error::Rules(format!(
                        "option names are str, got {}",
                        repr(e.into_inner().as_any())
                    ))
                })?;
                let name = utf8(&k, "option name", Error::Rules)?;
                if name == "profile" {
                    return Err(Error::Rules(
                        "the profile cannot be replaced; build new rules".into(),
                    )
                    .into());
                }
                set(&mut rules, name, &v)?;
            }
        }
        Ok(rules.check()?.into())
    }

    /// The profile's name and every option, JSON-ready: `{"profile": "taiyuan", ...}`.
    #[allow(clippy::wrong_self_convention)] // the Python name
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        dict_of(py, &self.rules)
    }

    /// The value of option `name`: a bool, or the choice's name.
    fn get<'py>(&self, py: Python<'py>, name: &Bound<'_, PyString>) -> PyResult<Bound<'py, PyAny>> {
        let (spec, v) = self.rules.get(utf8(name, "option name", Error::Rules)?)?;
        Ok(match spec.kind {
            OptionType::Bool => PyBool::new(py, v != 0).to_owned().into_any(),
            OptionType::Choice(_) => PyString::new(py, spec.show(v)).into_any(),
        })
    }

    /// Every option of `profile`: name, type, default, choices, Chinese term, meaning.
    #[staticmethod]
    #[pyo3(signature = (profile = None), text_signature = "(profile='taiyuan')")]
    fn options<'py>(
        py: Python<'py>,
        profile: Option<&Bound<'_, PyString>>,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let profile = match profile {
            Some(p) => utf8(p, "profile", Error::Rules)?,
            None => "taiyuan",
        };
        let rules = Rules::of_profile(profile)?;
        rules
            .options()
            .map(|(spec, _)| {
                let d = PyDict::new(py);
                d.set_item("name", spec.name)?;
                match spec.kind {
                    OptionType::Bool => {
                        d.set_item("type", "bool")?;
                        d.set_item("default", spec.default != 0)?;
                        d.set_item("choices", (false, true))?;
                    }
                    OptionType::Choice(names) => {
                        d.set_item("type", "choice")?;
                        d.set_item("default", spec.show(spec.default))?;
                        d.set_item("choices", PyTuple::new(py, names)?)?;
                    }
                }
                d.set_item("chinese", spec.chinese)?;
                d.set_item("meaning", spec.meaning)?;
                Ok(d)
            })
            .collect()
    }

    /// The profiles and, for each, its presets with their one-line descriptions.
    #[staticmethod]
    fn presets() -> Vec<(&'static str, &'static str, &'static str)> {
        profiles::listed()
            .flat_map(|p| p.presets().iter().map(|s| (s.name, p.name(), s.doc)))
            .collect()
    }

    /// The profile: `"taiyuan"`.
    #[getter]
    fn profile(&self) -> &'static str {
        self.rules.profile().name()
    }

    /// Tiles in play: 136, or 108 with `no_honors`.
    #[getter]
    fn tile_count(&self) -> u32 {
        4 * self.rules.profile().wall(&self.rules).kinds.count_ones()
    }

    /// Whether a match's first dealer is drawn from the seed unless given (the profile's rule).
    #[getter]
    fn random_first_dealer(&self) -> bool {
        self.rules.profile().random_first_dealer(&self.rules)
    }

    /// The seat that deals every hand where the rules fix it (`botzone`: seat 0; a hand
    /// dealt by another is refused), else `None`.
    #[getter]
    fn fixed_dealer(&self) -> Option<u8> {
        self.rules.profile().fixed_dealer(&self.rules)
    }

    /// Whether a wall is cut in four parts, each seat taking its tiles from its own part's
    /// end (`botzone`).
    #[getter]
    fn wall_parts(&self) -> bool {
        self.rules.profile().wall(&self.rules).parts
    }

    /// How many wildcard kinds (耗子) a hand has under these rules (0 where the wildcard is
    /// turned from the wall: see `wildcard_from_indicator`).
    #[getter]
    fn wildcard_kinds(&self) -> usize {
        self.rules.profile().wall(&self.rules).wildcards
    }

    /// Whether the hand's wildcard kind follows an indicator turned after the deal (混).
    #[getter]
    fn wildcard_from_indicator(&self) -> bool {
        self.rules.profile().wall(&self.rules).indicator
    }

    /// The profile's own name for its wildcard (`"耗子"` in Taiyuan, `"混"` in hebei), or
    /// `None` for a profile that never plays with wildcards.
    #[getter]
    fn wildcard_name(&self) -> Option<&'static str> {
        self.rules.profile().wildcard_term()
    }

    /// Whether the total of a win's score items (combined as each item's `combine` says) is
    /// what one payer pays for it before the settlement's changes for a dealer, a bird or a
    /// seat paying others' shares; `False` where the items only name the win (changsha's
    /// 小胡 and 大胡, priced by the settlement's table).
    #[getter]
    fn score_items_are_payment(&self) -> bool {
        self.rules.profile().score_items_are_payment(&self.rules)
    }

    /// What the tile `tile` (an index 0–33, a `Tile` or one tile's text) is worth to a wait
    /// under these rules: Taiyuan's 点数 (the rank of a suited tile, 10 for an honour), or
    /// `None` in a profile that does not value a win by its tile.
    fn tile_points(&self, tile: &Bound<'_, PyAny>) -> PyResult<Option<u8>> {
        Ok(self
            .rules
            .profile()
            .tile_points(&self.rules, kind(tile, "given to Rules.tile_points")?))
    }

    /// Whether a seat must declare ready (报听) before it can win.
    #[getter]
    fn declares_ready(&self) -> bool {
        self.rules.profile().turn_rules(&self.rules).declare_to_win
    }

    /// How many tiles each seat picks to pass on before play (换三张), one decision at a
    /// time; 0 where these rules have no exchange.
    #[getter]
    fn exchange_tiles(&self) -> u8 {
        self.rules.profile().turn_rules(&self.rules).exchange
    }

    /// The text `Rules.parse` reads back: the profile and the options that differ.
    fn describe(&self) -> String {
        self.rules.describe()
    }

    fn __repr__(&self) -> String {
        let defaults = Rules::new(0);
        let mut parts = Vec::new();
        if self.rules.profile().name() != defaults.profile().name() {
            parts.push(format!("profile='{}'", self.rules.profile().name()));
        }
        let defaults = Rules::of_profile(self.rules.profile().name()).unwrap_or(defaults);
        for ((spec, v), (_, d)) in self.rules.options().zip(defaults.options()) {
            if v != d {
                parts.push(match spec.kind {
                    OptionType::Bool => {
                        format!("{}={}", spec.name, if v != 0 { "True" } else { "False" })
                    }
                    OptionType::Choice(_) => format!("{}='{}'", spec.name, spec.show(v)),
                });
            }
        }
        format!("Rules({})", parts.join(", "))
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyAny>,))> {
        let py = slf.py();
        let from_dict = slf.get_type().getattr("from_dict")?;
        Ok((from_dict, (dict_of(py, &slf.get().rules)?,)))
    }
}
