//! Self-play in Rust for `koudiandian.simulate`: the built-in bots play a range of hands
//! or matches with the GIL released, on one or more threads; `Rng` is the bots' seeded
//! generator for Python's `RandomBot`, so that the Python loop draws what Rust draws.

use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString};

use super::rules::rules_arg;
use crate::error::Error;
use crate::rng;
use crate::selfplay::{Bot, Length, Plan};

/// The most threads a call may start.
const MAX_THREADS: usize = 256;

/// A record as Python's `simulate` keeps it: `(winner, kind, value, deltas, discarder,
/// rotation)`.
type PyRecord = (i8, u8, u64, (i32, i32, i32, i32), i8, u8);

fn length_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Length>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    if obj
        .cast::<PyString>()
        .is_ok_and(|s| s.to_str().is_ok_and(|s| s == "one_round"))
    {
        return Ok(Some(Length::OneRound));
    }
    match obj
        .cast::<PyInt>()
        .ok()
        .and_then(|i| i.extract::<u32>().ok())
    {
        Some(n) if n >= 1 && !obj.is_instance_of::<pyo3::types::PyBool>() => {
            Ok(Some(Length::Hands(n)))
        }
        _ => Err(Error::Argument(format!(
            "length must be 'one_round' or a positive int, got {}",
            super::game::repr(obj)
        ))
        .into()),
    }
}

/// Play units `start..stop` of a run (see `crate::selfplay::Plan`) on `threads` threads;
/// returns `(records, rankings, log_lines)`.
#[pyfunction]
#[pyo3(signature = (rules, bots, seed, start, stop, *, length=None, duplicate=false, log=false, threads=1))]
#[allow(clippy::too_many_arguments)]
pub fn self_play(
    py: Python<'_>,
    rules: Option<&Bound<'_, PyAny>>,
    bots: Vec<String>,
    seed: u64,
    start: u64,
    stop: u64,
    length: Option<&Bound<'_, PyAny>>,
    duplicate: bool,
    log: bool,
    threads: usize,
) -> PyResult<(Vec<PyRecord>, Vec<[u8; 4]>, Vec<String>)> {
    let rules = rules_arg(rules)?.rules;
    if bots.len() != 4 {
        return Err(Error::Argument(format!("need four bots, got {}", bots.len())).into());
    }
    let mut named = [Bot::Random; 4];
    for (slot, name) in named.iter_mut().zip(&bots) {
        *slot = Bot::parse(name)?;
    }
    if !(1..=MAX_THREADS).contains(&threads) || start > stop || stop > i64::MAX as u64 {
        return Err(Error::Argument(format!(
            "need 1 ≤ threads ≤ {MAX_THREADS} and start ≤ stop < 2**63, got threads={threads}, \
             {start}..{stop}"
        ))
        .into());
    }
    let length = length_arg(length)?;
    if duplicate && length.is_some() {
        return Err(Error::Argument(
            "duplicate play rotates single hands: it takes no match length".into(),
        )
        .into());
    }
    let plan = Plan {
        rules,
        bots: named,
        seed,
        length,
        duplicate,
        log,
    };
    let played = py.detach(|| crate::selfplay::play(&plan, start, stop, threads))?;
    let records = played
        .records
        .iter()
        .map(|r| {
            let d = r.deltas;
            (
                r.winner,
                r.kind,
                r.value,
                (d[0], d[1], d[2], d[3]),
                r.discarder,
                r.rotation,
            )
        })
        .collect();
    Ok((records, played.rankings, played.logs))
}

/// The seed of hand `index` of a run seeded `seed` (see `crate::selfplay::hand_seed`).
#[pyfunction]
pub fn hand_seed(seed: u64, index: i64) -> u64 {
    crate::selfplay::hand_seed(seed, index)
}

/// The core's seeded generator (xoshiro256**), as the built-in random bot draws from it.
#[pyclass(module = "koudiandian._core", name = "Rng")]
pub struct PyRng(rng::Rng);

#[pymethods]
impl PyRng {
    #[new]
    fn new(seed: u64) -> Self {
        PyRng(rng::Rng::new(seed))
    }

    /// Uniform in `0..n`; `n` must be positive.
    fn below(&mut self, n: u64) -> PyResult<u64> {
        if n == 0 {
            return Err(Error::Argument("below(n) needs n ≥ 1, got 0".into()).into());
        }
        Ok(self.0.below(n))
    }

    /// Pickling and copying: the generator's four words of state (the seed given to
    /// `__new__` is overwritten by `__setstate__`).
    #[allow(clippy::unused_self)] // the protocol's method takes the instance
    fn __getnewargs__(&self) -> (u64,) {
        (0,)
    }

    fn __getstate__(&self) -> [u64; 4] {
        self.0.state()
    }

    fn __setstate__(&mut self, state: [u64; 4]) {
        self.0 = rng::Rng::from_state(state);
    }
}
