//! The core's seeded generator for Python's `RandomBot`, so that the Python loop draws what
//! the built-in random bot draws in Rust.

use pyo3::prelude::*;

use crate::error::Error;
use crate::rng;

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

    /// The next 64 random bits (as a search bot draws its decision's seed).
    fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
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
