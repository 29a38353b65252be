//! Batch kernels: rows of a `uint8 (N, 34)` count array, evaluated with the GIL released.

use numpy::ndarray::{Array2, ArrayView1, ArrayView2};
use numpy::{
    IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2,
    PyUntypedArrayMethods,
};
use pyo3::prelude::*;

use super::convert;
use crate::error::{Error, Result};
use crate::rules::EvalRules;
use crate::shape;
use crate::tiles::{Counts, KindMask, FIRST_HONOR, KINDS};
use crate::waits::winning_mask;

/// What an argument that is not the array asked for is: its dtype and ndim, or its type.
fn describe(obj: &Bound<'_, PyAny>) -> String {
    obj.getattr("dtype")
        .and_then(|d| Ok(format!("dtype {}, ndim {}", d.str()?, obj.getattr("ndim")?)))
        .unwrap_or_else(|_| {
            obj.get_type()
                .name()
                .map_or_else(|_| "?".to_owned(), |n| n.to_string())
        })
}

fn counts_array<'py>(obj: &Bound<'py, PyAny>) -> PyResult<PyReadonlyArray2<'py, u8>> {
    let arr = obj.cast::<PyArray2<u8>>().map_err(|_| {
        let detail = describe(obj);
        Error::Array(format!(
            "counts must be a uint8 array of shape (N, 34), got {detail}"
        ))
    })?;
    if arr.shape()[1] != KINDS {
        return Err(Error::Array(format!(
            "counts must have shape (N, 34), got {:?}",
            arr.shape()
        ))
        .into());
    }
    Ok(arr.readonly())
}

fn row_array<'py>(
    obj: &Bound<'py, PyAny>,
    name: &str,
    n: usize,
) -> PyResult<PyReadonlyArray1<'py, u8>> {
    let arr = obj.cast::<PyArray1<u8>>().map_err(|_| {
        let detail = describe(obj);
        Error::Array(format!(
            "{name} must be a uint8 array of shape (N,), got {detail}"
        ))
    })?;
    if arr.len() != n {
        return Err(
            Error::Array(format!("{name} has {} rows but counts has {n}", arr.len())).into(),
        );
    }
    Ok(arr.readonly())
}

/// Melds per row: one int for all rows, or a `uint8 (N,)` array.
enum MeldsArg<'py> {
    All(u8),
    PerRow(PyReadonlyArray1<'py, u8>),
}

fn melds_arg<'py>(obj: &Bound<'py, PyAny>, n: usize) -> PyResult<MeldsArg<'py>> {
    if let Ok(m) = obj.extract::<i64>() {
        if !(0..=4).contains(&m) {
            return Err(Error::Meld(format!("melds must be 0–4, got {m}")).into());
        }
        return Ok(MeldsArg::All(m as u8));
    }
    Ok(MeldsArg::PerRow(row_array(obj, "melds", n)?))
}

/// Validate one row and return its counts. `full` is 14 (complete) or 13 (waiting).
fn row(
    counts: &ArrayView2<'_, u8>,
    wild: &ArrayView1<'_, u8>,
    melds: &Melds<'_>,
    i: usize,
    full: u32,
    forbidden: KindMask,
) -> Result<(Counts, u8, u8)> {
    let mut c = [0u8; KINDS];
    for (k, (dst, &src)) in c.iter_mut().zip(counts.row(i)).enumerate() {
        if src > 4 {
            return Err(Error::Array(format!(
                "row {i}: count {src} of kind {k} (at most 4)"
            )));
        }
        if src > 0 && forbidden >> k & 1 == 1 {
            return Err(Error::Array(format!(
                "row {i}: {src} natural tiles of kind {k}, which is not in play or is a wildcard kind"
            )));
        }
        *dst = src;
    }
    let m = match melds {
        Melds::All(m) => *m,
        Melds::PerRow(a) => a[i],
    };
    if m > 4 {
        return Err(Error::Array(format!("row {i}: {m} melds (at most 4)")));
    }
    let w = wild[i];
    let total = c.iter().map(|&x| u32::from(x)).sum::<u32>() + u32::from(w);
    if total + 3 * u32::from(m) != full {
        return Err(Error::Array(format!(
            "row {i}: {total} tiles with {m} melds; expected {}",
            full - 3 * u32::from(m)
        )));
    }
    Ok((c, w, m))
}

enum Melds<'a> {
    All(u8),
    PerRow(ArrayView1<'a, u8>),
}

fn forbidden_kinds(rules: EvalRules, wildcards: &[u8]) -> KindMask {
    let honors = if rules.no_honors {
        crate::tiles::ALL_KINDS & !((1 << FIRST_HONOR) - 1)
    } else {
        0
    };
    wildcards.iter().fold(honors, |m, &k| m | 1 << k)
}

/// `is_win` for each row; the GIL is released while the rows are evaluated.
#[pyfunction]
pub fn is_win_batch<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    wild: &Bound<'py, PyAny>,
    melds: &Bound<'py, PyAny>,
    flags: u32,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let rules = EvalRules::from_flags(flags);
    let counts = counts_array(counts)?;
    let n = counts.shape()[0];
    let wild = row_array(wild, "wild", n)?;
    let melds = melds_arg(melds, n)?;
    let (cv, wv) = (counts.as_array(), wild.as_array());
    let mv = match &melds {
        MeldsArg::All(m) => Melds::All(*m),
        MeldsArg::PerRow(a) => Melds::PerRow(a.as_array()),
    };
    let forbidden = forbidden_kinds(rules, &[]);
    let out: Result<Vec<bool>> = py.detach(|| {
        (0..n)
            .map(|i| {
                let (c, w, m) = row(&cv, &wv, &mv, i, 14, forbidden)?;
                Ok(shape::is_win(&c, w, m, rules))
            })
            .collect()
    });
    Ok(out?.into_pyarray(py))
}

/// `winning_tiles` for each row as a `bool (N, 34)` mask; the GIL is released.
#[pyfunction]
pub fn winning_tiles_batch<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    wild: &Bound<'py, PyAny>,
    melds: &Bound<'py, PyAny>,
    wildcards: &Bound<'py, PyAny>,
    flags: u32,
) -> PyResult<Bound<'py, PyArray2<bool>>> {
    let rules = EvalRules::from_flags(flags);
    let wildcard_kinds = convert::wildcard_kinds(wildcards)?;
    crate::hand::Hand::new(&[], &[], &wildcard_kinds, rules, crate::hand::Size::Any)
        .map(|_| ())
        .or_else(|e| {
            if matches!(e, Error::HandSize(_)) {
                Ok(())
            } else {
                Err(e)
            }
        })?;
    let counts = counts_array(counts)?;
    let n = counts.shape()[0];
    let wild = row_array(wild, "wild", n)?;
    let melds = melds_arg(melds, n)?;
    let (cv, wv) = (counts.as_array(), wild.as_array());
    let mv = match &melds {
        MeldsArg::All(m) => Melds::All(*m),
        MeldsArg::PerRow(a) => Melds::PerRow(a.as_array()),
    };
    let forbidden = forbidden_kinds(rules, &wildcard_kinds);
    let out: Result<Vec<bool>> = py.detach(|| {
        let mut out = vec![false; n * KINDS];
        for (i, dst) in out.chunks_exact_mut(KINDS).enumerate() {
            let (c, w, m) = row(&cv, &wv, &mv, i, 13, forbidden)?;
            let held_four = c
                .iter()
                .enumerate()
                .fold(0u64, |acc, (k, &x)| acc | u64::from(x == 4) << k);
            let mask = winning_mask(&c, w, m, !forbidden & !held_four, rules);
            for (k, d) in dst.iter_mut().enumerate() {
                *d = mask >> k & 1 == 1;
            }
        }
        Ok(out)
    });
    let out = out?;
    Ok(Array2::from_shape_vec((n, KINDS), out)
        .map_err(|e| Error::Array(e.to_string()))?
        .into_pyarray(py))
}
