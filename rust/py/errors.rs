//! The one conversion from the core's [`Error`] to the Python exception classes of
//! `koudiandian.errors`, fetched once.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

use crate::error::Error;

const CLASSES: [&str; 14] = [
    "InvalidTileError",
    "TileCountError",
    "HandSizeError",
    "MeldError",
    "WildcardError",
    "ArrayError",
    "NotWinningError",
    "InvalidRulesError",
    "InvalidArgumentError",
    "InvalidWallError",
    "IllegalActionError",
    "NotYourTurnError",
    "ArgumentTypeError",
    "InvalidEventLogError",
];

fn class_index(e: &Error) -> usize {
    match e {
        Error::InvalidTile(_) => 0,
        Error::TileCount(_) => 1,
        Error::HandSize(_) => 2,
        Error::Meld(_) => 3,
        Error::Wildcard(_) => 4,
        Error::Array(_) => 5,
        Error::NotWinning(_) => 6,
        Error::Rules(_) => 7,
        Error::Argument(_) => 8,
        Error::Wall(_) => 9,
        Error::IllegalAction(_) => 10,
        Error::NotYourTurn(_) => 11,
        Error::Type(_) => 12,
        Error::EventLog(_) => 13,
    }
}

static TYPES: PyOnceLock<Vec<Py<PyType>>> = PyOnceLock::new();

fn classes(py: Python<'_>) -> PyResult<&Vec<Py<PyType>>> {
    TYPES.get_or_try_init(py, || {
        let module = py.import("koudiandian.errors")?;
        CLASSES
            .iter()
            .map(|name| Ok(module.getattr(*name)?.cast_into::<PyType>()?.unbind()))
            .collect()
    })
}

impl From<Error> for PyErr {
    fn from(e: Error) -> PyErr {
        Python::attach(|py| match classes(py) {
            Ok(types) => PyErr::from_type(
                types[class_index(&e)].bind(py).clone(),
                e.message().to_owned(),
            ),
            Err(_) => PyValueError::new_err(e.message().to_owned()),
        })
    }
}
