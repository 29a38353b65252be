//! Reading Python arguments: tile lists (text or ints), melds, wildcard kinds.

use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString, PyTuple};

use super::args::repr;
use crate::error::Error;
use crate::eval::EvalRules;
use crate::hand::{Hand, Meld, MeldKind, Size};
use crate::tiles::{self, KINDS};

/// One tile kind from an int (or `Tile`) or one-tile text; `what` names it in errors.
fn kind_of(item: &Bound<'_, PyAny>, what: &str) -> Result<u8, Error> {
    kind_of_with(item, || what.to_owned())
}

/// Like [`kind_of`], but the description is only built for an error message: on the hot path
/// (one call per tile) an exact `int` 0–33 is read without formatting or a failed extraction.
fn kind_of_with(item: &Bound<'_, PyAny>, what: impl Fn() -> String) -> Result<u8, Error> {
    if let Ok(i) = item.cast::<PyInt>() {
        if let Ok(k) = i.extract::<i64>() {
            if (0..KINDS as i64).contains(&k) {
                return Ok(k as u8);
            }
        }
    }
    let what = &what();
    if let Ok(s) = item.cast::<PyString>() {
        let text = utf8(s, &format!("tile text {what}:"), Error::InvalidTile)?;
        let kinds = tiles::parse(text)?;
        return match kinds.as_slice() {
            [k] => Ok(*k),
            _ => Err(Error::InvalidTile(format!(
                "{what}: expected one tile, got {text:?}"
            ))),
        };
    }
    match item.extract::<i64>() {
        Ok(k) if (0..KINDS as i64).contains(&k) => Ok(k as u8),
        Ok(k) => Err(Error::InvalidTile(format!(
            "invalid tile index {k} {what}; expected 0–33"
        ))),
        // An int too large for i64 is a bad value, not a bad type.
        Err(_) if item.cast::<PyInt>().is_ok() => Err(Error::InvalidTile(format!(
            "invalid tile index {} {what}; expected 0–33",
            repr(item)
        ))),
        Err(_) => Err(Error::Type(format!(
            "invalid tile {} {what}; expected a tile index 0–33 or tile text",
            repr(item)
        ))),
    }
}

/// The text of a Python `str`. A str that is no UTF-8 (one holding a lone surrogate, such as
/// `"\ud800"`) is `as_` naming `what` and the text escaped, not a `UnicodeEncodeError`.
pub fn utf8<'a>(
    s: &'a Bound<'_, PyString>,
    what: &str,
    as_: fn(String) -> Error,
) -> Result<&'a str, Error> {
    s.to_str().map_err(|_| {
        as_(format!(
            "{what} {} is not UTF-8 text (a lone surrogate)",
            repr(s)
        ))
    })
}

/// The same problem, reported as a wildcard or meld error.
fn recast(e: Error, as_: fn(String) -> Error, prefix: &str) -> Error {
    match e {
        Error::InvalidTile(m) => as_(format!("{prefix}{m}")),
        other => other,
    }
}

/// One tile kind from an int 0–33 (or `Tile`) or one-tile text; `what` names it in errors.
pub fn kind(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u8> {
    Ok(kind_of(obj, what)?)
}

/// Tile kinds from text in any notation or an iterable of ints / `Tile`s.
pub fn kinds(obj: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    Ok(kind_list(obj)?)
}

fn kind_list(obj: &Bound<'_, PyAny>) -> Result<Vec<u8>, Error> {
    if let Ok(s) = obj.cast::<PyString>() {
        let text = s
            .to_str()
            .map_err(|_| Error::InvalidTile("unreadable tile text".into()))?;
        return tiles::parse(text);
    }
    // Fast path for lists, the common case in simulation.
    if let Ok(list) = obj.cast::<PyList>() {
        let mut out = Vec::with_capacity(list.len());
        for (pos, item) in list.iter().enumerate() {
            out.push(kind_of_with(&item, || format!("at position {pos}"))?);
        }
        return Ok(out);
    }
    let Ok(iter) = obj.try_iter() else {
        return Err(Error::Type(format!(
            "expected tiles as text or an iterable of tile indices, got {}",
            obj.get_type()
                .name()
                .map_or_else(|_| "?".to_owned(), |n| n.to_string())
        )));
    };
    let mut out = Vec::new();
    for (pos, item) in iter.enumerate() {
        let item = item.map_err(|_| Error::InvalidTile(format!("could not read tile {pos}")))?;
        out.push(kind_of_with(&item, || format!("at position {pos}"))?);
    }
    Ok(out)
}

/// Wildcard kinds: like [`kinds`], and a single int or `Tile` is one kind.
pub fn wildcard_kinds(obj: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if obj.is_none() {
        return Ok(Vec::new());
    }
    // `()` (the default) and ints without a failed extraction, which would build a Python
    // exception on every call.
    if obj.cast::<PyTuple>().is_ok_and(PyTupleMethods::is_empty) {
        return Ok(Vec::new());
    }
    if obj.cast::<PyInt>().is_ok() {
        return Ok(vec![kind_of(obj, "as a wildcard kind")
            .map_err(|e| recast(e, Error::Wildcard, "wildcards: "))?]);
    }
    kind_list(obj).map_err(|e| recast(e, Error::Wildcard, "wildcards: ").into())
}

/// A meld kind from its number (a `MeldKind`) or its name (`"pong"`, any case).
fn meld_kind(kind: &Bound<'_, PyAny>, pos: usize) -> Result<MeldKind, Error> {
    if let Ok(s) = kind.cast::<PyString>() {
        let name = s.to_str().unwrap_or("").trim().to_ascii_lowercase();
        return Ok(match name.as_str() {
            "pong" => MeldKind::Pong,
            "kong" => MeldKind::Kong,
            "added_kong" => MeldKind::AddedKong,
            "concealed_kong" => MeldKind::ConcealedKong,
            "chow" => MeldKind::Chow,
            _ => {
                return Err(Error::Meld(format!(
                    "meld {pos}: unknown meld kind {}; expected one of pong, kong, \
                     added_kong, concealed_kong, chow",
                    repr(kind)
                )))
            }
        });
    }
    if kind.cast::<PyInt>().is_err() {
        return Err(Error::Type(format!(
            "meld {pos}: the kind must be a MeldKind, its number or its name, got {}",
            repr(kind)
        )));
    }
    let i = kind.extract::<i64>().map_err(|_| {
        Error::Meld(format!(
            "meld {pos}: invalid meld kind {}; expected 0–4",
            repr(kind)
        ))
    })?;
    MeldKind::from_index(i).map_err(|e| Error::Meld(format!("meld {pos}: {}", e.message())))
}

/// Declared melds: an iterable of `Meld`s, `(kind, tile)` pairs (the kind as a number or a
/// name) or objects with `kind` and `tile` attributes (a seat view's `MeldView`s).
pub fn melds(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Meld>> {
    if let Ok(t) = obj.cast::<PyTuple>() {
        if t.is_empty() {
            return Ok(Vec::new());
        }
    }
    if obj.cast::<PyString>().is_ok() {
        return Err(Error::Type(
            "expected melds as an iterable of (kind, tile) pairs, got text".into(),
        )
        .into());
    }
    let Ok(iter) = obj.try_iter() else {
        return Err(Error::Type(format!(
            "expected melds as an iterable of (kind, tile) pairs, got {}",
            repr(obj)
        ))
        .into());
    };
    let mut out = Vec::new();
    for (pos, item) in iter.enumerate() {
        let item = item?;
        let pair: Option<(Bound<'_, PyAny>, Bound<'_, PyAny>)> = item.extract().ok();
        let (kind, tile) = match pair {
            Some(p) => p,
            None if item.cast::<PyTuple>().is_ok() || item.cast::<PyList>().is_ok() => {
                return Err(Error::Meld(format!(
                    "meld {pos} is {}; expected a (kind, tile) pair",
                    repr(&item)
                ))
                .into())
            }
            None => match (item.getattr("kind"), item.getattr("tile")) {
                (Ok(k), Ok(t)) => (k, t),
                _ => {
                    return Err(Error::Type(format!(
                        "meld {pos} is {}; expected a Meld, a (kind, tile) pair or a MeldView",
                        repr(&item)
                    ))
                    .into())
                }
            },
        };
        let kind = meld_kind(&kind, pos)?;
        if tile.is_none() {
            return Err(Error::Meld(format!(
                "meld {pos} has no tile (another seat's concealed kong, whose kind is hidden)"
            ))
            .into());
        }
        let tile =
            kind_of(&tile, &format!("in meld {pos}")).map_err(|e| recast(e, Error::Meld, ""))?;
        out.push(Meld { kind, tile });
    }
    Ok(out)
}

/// A validated hand from the three Python arguments.
pub fn hand(
    tiles: &Bound<'_, PyAny>,
    melds_obj: &Bound<'_, PyAny>,
    wildcards: &Bound<'_, PyAny>,
    rules: EvalRules,
    size: Size,
) -> PyResult<Hand> {
    let t = kinds(tiles)?;
    let m = melds(melds_obj)?;
    let w = wildcard_kinds(wildcards)?;
    Ok(Hand::new(&t, &m, &w, rules.honors(), size)?)
}
