//! Batch kernels: rows of a `uint8 (N, 34)` count array, evaluated with the GIL released.

use crate::eval::forms;
use std::borrow::Cow;

use numpy::ndarray::Array2;
use numpy::{
    IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2,
    PyUntypedArrayMethods,
};
use pyo3::prelude::*;

use super::convert;
use crate::error::{Error, Result};
use crate::eval::waits::winning_mask;
use crate::eval::EvalRules;
use crate::tiles::{Counts, KindMask, FIRST_HONOR, KINDS};

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

/// The first problem of row `i`, in the order the checks are documented: a count above 4 or a
/// forbidden kind (in kind order), then the melds, then the size. Only called once a whole-array
/// check in [`validate`] has failed, to name the row.
fn check_row(
    counts: &[u8],
    wild: &[u8],
    melds: &Melds<'_>,
    i: usize,
    full: u32,
    forbidden: KindMask,
) -> Result<()> {
    let c = &counts[i * KINDS..(i + 1) * KINDS];
    for (k, &src) in c.iter().enumerate() {
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
    }
    let m = melds.at(i);
    if m > 4 {
        return Err(Error::Array(format!("row {i}: {m} melds (at most 4)")));
    }
    let total = c.iter().map(|&x| u32::from(x)).sum::<u32>() + u32::from(wild[i]);
    if total + 3 * u32::from(m) != full {
        return Err(Error::Array(format!(
            "row {i}: {total} tiles with {m} melds; expected {}",
            full - 3 * u32::from(m)
        )));
    }
    Ok(())
}

/// Validate all rows: counts ≤ 4, no forbidden kind, melds ≤ 4, `Σcounts + wild + 3·melds =
/// full`. The checks run over the whole arrays first (they vectorise, no per-row branches or
/// `Result`s); only when one fails are the rows walked again to report the first bad one.
fn validate(
    counts: &[u8],
    wild: &[u8],
    melds: &Melds<'_>,
    full: u32,
    forbidden: KindMask,
) -> Result<()> {
    let counts_ok = counts.iter().fold(0u8, |a, &x| a.max(x)) <= 4;
    let melds_ok = match melds {
        Melds::All(m) => *m <= 4,
        Melds::PerRow(a) => a.iter().all(|&m| m <= 4),
    };
    let kinds_ok = forbidden == 0
        || counts.chunks_exact(KINDS).all(|r| {
            r.iter()
                .enumerate()
                .all(|(k, &x)| x == 0 || forbidden >> k & 1 == 0)
        });
    let sizes_ok = counts
        .chunks_exact(KINDS)
        .zip(wild)
        .enumerate()
        .all(|(i, (r, &w))| {
            r.iter().map(|&x| u32::from(x)).sum::<u32>() + u32::from(w) + 3 * u32::from(melds.at(i))
                == full
        });
    if counts_ok && melds_ok && kinds_ok && sizes_ok {
        return Ok(());
    }
    (0..wild.len()).try_for_each(|i| check_row(counts, wild, melds, i, full, forbidden))
}

/// The rows of a validated flat counts array, with their wildcards and melds.
fn rows<'a>(
    counts: &'a [u8],
    wild: &'a [u8],
    melds: &'a Melds<'a>,
) -> impl Iterator<Item = (&'a Counts, u8, u8)> + 'a {
    counts
        .chunks_exact(KINDS)
        .zip(wild)
        .enumerate()
        .map(move |(i, (r, &w))| (r.try_into().expect("34 counts per row"), w, melds.at(i)))
}

enum Melds<'a> {
    All(u8),
    PerRow(&'a [u8]),
}

impl Melds<'_> {
    #[inline]
    fn at(&self, i: usize) -> u8 {
        match self {
            Melds::All(m) => *m,
            Melds::PerRow(a) => a[i],
        }
    }
}

/// The elements in logical (row-major) order: the array's own memory when it is contiguous
/// (the usual case, no copy), else a copy.
fn flat<'a, D: numpy::ndarray::Dimension>(
    a: &'a numpy::ndarray::ArrayView<'a, u8, D>,
) -> Cow<'a, [u8]> {
    match a.as_slice() {
        Some(s) => Cow::Borrowed(s),
        None => Cow::Owned(a.iter().copied().collect()),
    }
}

fn forbidden_kinds(rules: EvalRules, wildcards: &[u8]) -> KindMask {
    let honors = if rules.no_honors {
        crate::tiles::ALL_KINDS & !((1 << FIRST_HONOR) - 1)
    } else {
        0
    };
    wildcards.iter().fold(honors, |m, &k| m | 1 << k)
}

/// Read and check the arrays, then evaluate every row with the GIL released: `eval` gets the
/// flat counts, the wildcards and the melds. `full` is 14 (complete) or 13 (waiting).
fn over_rows<'py, T: Send>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    wild: &Bound<'py, PyAny>,
    melds: &Bound<'py, PyAny>,
    full: u32,
    forbidden: KindMask,
    eval: impl Fn(&[u8], &[u8], &Melds<'_>) -> T + Send + Sync,
) -> PyResult<T> {
    let counts = counts_array(counts)?;
    let n = counts.shape()[0];
    let wild = row_array(wild, "wild", n)?;
    let melds = melds_arg(melds, n)?;
    let (cv, wv) = (counts.as_array(), wild.as_array());
    let (cf, wf) = (flat(&cv), flat(&wv));
    let melds_view = match &melds {
        MeldsArg::All(_) => None,
        MeldsArg::PerRow(a) => Some(a.as_array()),
    };
    let melds_flat = melds_view.as_ref().map(flat);
    let mv = match (&melds, &melds_flat) {
        (MeldsArg::All(m), _) => Melds::All(*m),
        (_, Some(f)) => Melds::PerRow(f),
        (MeldsArg::PerRow(_), None) => unreachable!("per-row melds are flattened above"),
    };
    let out: Result<T> = py.detach(|| {
        validate(&cf, &wf, &mv, full, forbidden)?;
        Ok(eval(&cf, &wf, &mv))
    });
    Ok(out?)
}

/// `is_win` for each row; the GIL is released while the rows are evaluated.
#[pyfunction]
pub fn is_win_batch<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    wild: &Bound<'py, PyAny>,
    melds: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let rules = super::rules::rules_arg(rules)?.eval;
    let forbidden = forbidden_kinds(rules, &[]);
    let out = over_rows(py, counts, wild, melds, 14, forbidden, |cf, wf, mv| {
        rows(cf, wf, mv)
            .map(|(c, w, m)| forms::is_win(c, w, m, rules))
            .collect::<Vec<bool>>()
    })?;
    Ok(out.into_pyarray(py))
}

/// `winning_tiles` for each row as a `bool (N, 34)` mask; the GIL is released.
#[pyfunction]
pub fn winning_tiles_batch<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    wild: &Bound<'py, PyAny>,
    melds: &Bound<'py, PyAny>,
    wildcards: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<bool>>> {
    let rules = super::rules::rules_arg(rules)?.eval;
    let wildcard_kinds = convert::wildcard_kinds(wildcards)?;
    crate::hand::wildcard_mask(&wildcard_kinds, rules.honors())?;
    let forbidden = forbidden_kinds(rules, &wildcard_kinds);
    let out = over_rows(py, counts, wild, melds, 13, forbidden, |cf, wf, mv| {
        let mut out = vec![false; cf.len()];
        for (dst, (c, w, m)) in out.chunks_exact_mut(KINDS).zip(rows(cf, wf, mv)) {
            let held_four = c
                .iter()
                .enumerate()
                .fold(0u64, |acc, (k, &x)| acc | u64::from(x == 4) << k);
            let mask = winning_mask(c, w, m, !forbidden & !held_four, rules);
            for (k, d) in dst.iter_mut().enumerate() {
                *d = mask >> k & 1 == 1;
            }
        }
        out
    })?;
    let n = out.len() / KINDS;
    Ok(Array2::from_shape_vec((n, KINDS), out)
        .map_err(|e| Error::Array(e.to_string()))?
        .into_pyarray(py))
}
