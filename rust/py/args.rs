//! Scalar arguments every binding reads alike: an int in a range, a seat, a viewer (a seat or
//! a spectator), a void suit, and an argument's `repr` for the error that names it.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

use crate::error::Error;

/// `repr(obj)` for an error message, or `"?"` when `repr` itself fails.
pub(super) fn repr(obj: &Bound<'_, PyAny>) -> String {
    obj.repr().map_or_else(|_| "?".into(), |r| r.to_string())
}

/// An int argument in `lo..=hi` (not a bool), or `InvalidArgumentError` naming it.
pub(super) fn int_in(obj: &Bound<'_, PyAny>, what: &str, lo: i128, hi: i128) -> PyResult<i128> {
    let v = if obj.cast::<PyBool>().is_ok() {
        None
    } else {
        obj.cast::<PyInt>()
            .ok()
            .and_then(|i| i.extract::<i128>().ok())
    };
    match v {
        Some(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(Error::Argument(format!(
            "{what} must be an int in {lo}..{hi}, got {}",
            repr(obj)
        ))
        .into()),
    }
}

/// A seat: an int 0–3 (not a bool), or `InvalidArgumentError`.
pub(super) fn seat_arg(obj: &Bound<'_, PyAny>) -> PyResult<u8> {
    int_in(obj, "seat", 0, 3)
        .map(|s| s as u8)
        .map_err(|_| Error::Argument(format!("seat must be 0–3, got {}", repr(obj))).into())
}

/// A seat, or `None` for a spectator.
pub(super) fn viewer_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<u8>> {
    if obj.is_none() {
        Ok(None)
    } else {
        seat_arg(obj).map(Some)
    }
}

/// A void suit (定缺): `"m"`, `"p"` or `"s"`, or an int 0–2 (not a bool); `None` for none.
/// Anything else is `InvalidArgumentError` naming the value.
pub(super) fn void_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u8>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    let suit = match obj.extract::<String>() {
        Ok(text) => "mps".find(text.as_str()).filter(|_| text.len() == 1),
        Err(_) => int_in(obj, "void_suit", 0, 2).ok().map(|s| s as usize),
    };
    suit.map(|s| Some(s as u8)).ok_or_else(|| {
        Error::Argument(format!(
            "invalid void_suit {}; expected 'm', 'p', 's' or 0–2",
            repr(obj)
        ))
        .into()
    })
}
