//! Event logs handed in from Python: a list or tuple of event dicts read as JSON values, and
//! the decisions a log records.

use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use serde_json::Value;

use super::value::from_py;
use crate::error::Error;
use crate::game::ActionCode;

/// The events of a log (a list or tuple of dicts) as JSON values; `InvalidEventLogError`
/// names the first event that cannot be read.
pub(super) fn event_values(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Value>> {
    if obj.cast::<PyList>().is_err() && obj.cast::<PyTuple>().is_err() {
        return Err(
            Error::EventLog("an event log is a non-empty list of event dicts".into()).into(),
        );
    }
    let mut out = Vec::new();
    for (n, item) in obj.try_iter()?.enumerate() {
        let value = from_py(&item?).map_err(|e| {
            Error::EventLog(format!("event {n} cannot be read: {}", e.value(obj.py())))
        })?;
        out.push(value);
    }
    Ok(out)
}

/// The decisions that a log's events after the first record, as `(event number, seat,
/// action code)`; `InvalidEventLogError` names the first event that is malformed.
#[pyfunction]
pub fn log_decisions(events: &Bound<'_, PyAny>) -> PyResult<Vec<(usize, u8, ActionCode)>> {
    Ok(crate::game::decisions(&event_values(events)?)?
        .into_iter()
        .map(|d| (d.event, d.seat, d.action))
        .collect())
}
