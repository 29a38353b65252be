//! The one conversion from the core's [`Error`] to the Python exception classes of
//! `koudiandian.errors`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::error::Error;

fn class_name(e: &Error) -> &'static str {
    match e {
        Error::InvalidTile(_) => "InvalidTileError",
        Error::TileCount(_) => "TileCountError",
        Error::HandSize(_) => "HandSizeError",
        Error::Meld(_) => "MeldError",
        Error::Wildcard(_) => "WildcardError",
        Error::Array(_) => "ArrayError",
        Error::NotWinning(_) => "NotWinningError",
    }
}

impl From<Error> for PyErr {
    fn from(e: Error) -> PyErr {
        Python::attach(|py| {
            let class = py
                .import("koudiandian.errors")
                .and_then(|m| m.getattr(class_name(&e)))
                .and_then(|c| c.cast_into::<PyType>().map_err(Into::into));
            match class {
                Ok(class) => PyErr::from_type(class, e.message().to_owned()),
                Err(_) => PyValueError::new_err(e.message().to_owned()),
            }
        })
    }
}
