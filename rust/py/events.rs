//! Events as the logs render them (`GameCore.events_for`), asked of the engine: which of
//! them offer a tile to the other seats (`claim_openers`), as `crate::game::LoggedEvent`
//! decides it.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString};

use crate::error::Error;
use crate::game::LoggedEvent;

/// The positions in `events` (a log as `GameCore.events_for` renders it, any viewer's: an
/// iterable of dicts, each with a str `type`) of the events that offer a tile to the other
/// seats, opening a claim window: discards, added kongs, dice kongs added to a pong. Reads
/// three keys of each event; raises `InvalidArgumentError` for an item that is not such a
/// dict.
#[pyfunction]
pub fn claim_openers(events: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
    let mut out = Vec::new();
    for (i, item) in events.try_iter()?.enumerate() {
        let item = item?;
        let event = item.cast::<PyDict>().map_err(|_| not_an_event(i))?;
        let kind = event.get_item("type")?.ok_or_else(|| not_an_event(i))?;
        let kind = kind.cast::<PyString>().map_err(|_| not_an_event(i))?;
        let logged = LoggedEvent {
            kind: kind.to_str()?,
            from_seat: event.get_item("from")?.is_some_and(|f| !f.is_none()),
            concealed: event
                .get_item("concealed")?
                .is_some_and(|c| c.cast::<PyBool>().is_ok_and(PyBoolMethods::is_true)),
        };
        if logged.offers_tile() {
            out.push(i);
        }
    }
    Ok(out)
}

fn not_an_event(position: usize) -> PyErr {
    Error::Argument(format!(
        "invalid event at position {position}: expected a dict with a str 'type'"
    ))
    .into()
}
