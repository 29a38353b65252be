//! JSON values to Python objects and back: how events, results and views built in the
//! core (with their shapes declared by serde) cross the boundary as plain dicts.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Number, Value};

use crate::error::Error;

/// A Python object of the value: dicts, lists, ints, strs, bools, `None`.
pub fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else {
                n.as_f64().unwrap_or(0.0).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, item) in map {
                dict.set_item(k, to_py(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

/// A Python dict of a serializable value.
pub fn dict_of<'py, T: serde::Serialize>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    let v = serde_json::to_value(value).map_err(|e| Error::Argument(e.to_string()))?;
    to_py(py, &v)
}

/// How deep [`from_py`] follows containers (serde_json's own limit when it parses text):
/// deeper, or a list that holds itself, is refused rather than overflowing the stack.
pub const MAX_DEPTH: usize = 128;

/// The JSON value of a Python object made of dicts (str keys), lists, tuples, ints, floats,
/// strs, bools and `None`, nested at most [`MAX_DEPTH`] containers deep.
///
/// # Errors
/// [`Error::Argument`] naming the first object of another type, or saying it is nested
/// deeper.
pub fn from_py(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    from_py_within(obj, MAX_DEPTH)
}

/// [`from_py`] with `depth` more containers allowed.
fn from_py_within(obj: &Bound<'_, PyAny>, depth: usize) -> PyResult<Value> {
    let is_container = obj.cast::<PyDict>().is_ok()
        || obj.cast::<PyList>().is_ok()
        || obj.cast::<PyTuple>().is_ok();
    if is_container && depth == 0 {
        return Err(Error::Argument(format!(
            "cannot read data nested more than {MAX_DEPTH} containers deep"
        ))
        .into());
    }
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if let Ok(i) = obj.cast::<PyInt>() {
        if let Ok(v) = i.extract::<i64>() {
            return Ok(Value::Number(v.into()));
        }
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        if let Some(n) = Number::from_f64(f.value()) {
            return Ok(Value::Number(n));
        }
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::String(s.to_str()?.to_owned()));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut map = Map::new();
        for (k, v) in d.iter() {
            let key = k.cast::<PyString>().map_err(|_| {
                Error::Argument(format!(
                    "expected str keys, got {}",
                    k.repr().map_or_else(|_| "?".into(), |r| r.to_string())
                ))
            })?;
            map.insert(key.to_str()?.to_owned(), from_py_within(&v, depth - 1)?);
        }
        return Ok(Value::Object(map));
    }
    if obj.cast::<PyList>().is_ok() || obj.cast::<PyTuple>().is_ok() {
        let items: PyResult<Vec<Value>> = obj
            .try_iter()?
            .map(|i| from_py_within(&i?, depth - 1))
            .collect();
        return Ok(Value::Array(items?));
    }
    Err(Error::Argument(format!(
        "cannot read {} as data",
        obj.repr().map_or_else(|_| "?".into(), |r| r.to_string())
    ))
    .into())
}
