//! `VecEnv`'s binding: its NumPy buffers are allocated once and written in place by every
//! reset and step, with the GIL released.

use numpy::{
    PyArray1, PyArray2, PyArray3, PyArrayDyn, PyArrayMethods, PyReadonlyArray1,
    PyUntypedArrayMethods,
};
use pyo3::prelude::*;

use super::args::{int_in, repr};
use super::game::PyGameCore;
use super::rl::{buffer_error, space_arg, version_arg};
use super::rules::rules_arg;
use crate::error::Error;
use crate::rl::{ActionSpace, Opponents, Out, Seeds, VecEnv, WIDTH};

/// Many tables stepped together in Rust (see `koudiandian.rl.VecEnv`).
#[pyclass(module = "koudiandian._core", name = "VecEnv")]
pub struct PyVecEnv {
    env: VecEnv,
    obs: Py<PyArray3<u8>>,
    mask: Py<PyArray2<bool>>,
    reward: Py<PyArrayDyn<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    seat: Py<PyArray1<i64>>,
    final_obs: Py<PyArray3<u8>>,
    learners: Py<PyArray1<i64>>,
}

/// The tuple a step returns: `(obs, reward, terminated, truncated, mask, seat)`.
type StepOut = (
    Py<PyAny>,
    Py<PyAny>,
    Py<PyAny>,
    Py<PyAny>,
    Py<PyAny>,
    Py<PyAny>,
);

/// A seed (0 ..= 2^64 − 1), read.
fn seed_arg(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(int_in(obj, "seed", 0, i128::from(u64::MAX))? as u64)
}

/// One seed per table (a sequence of ints), read.
fn seeds_arg(obj: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<u64>> {
    let items: Vec<Bound<'_, PyAny>> = obj
        .try_iter()
        .map_err(|_| {
            Error::Type(format!(
                "seeds must be a sequence of ints, got {}",
                repr(obj)
            ))
        })?
        .collect::<PyResult<_>>()?;
    if items.len() != n {
        return Err(Error::Argument(format!(
            "expected {n} seeds (one per env), got {}",
            items.len()
        ))
        .into());
    }
    items.iter().map(seed_arg).collect()
}

/// The opponents' name, read.
fn opponents_arg(name: Option<&str>) -> PyResult<Opponents> {
    Ok(match name {
        None => Opponents::SelfPlay,
        Some("greedy") => Opponents::Greedy,
        Some("expert") => Opponents::Expert,
        Some("random") => Opponents::Random,
        Some("external") => Opponents::External,
        Some(other) => {
            return Err(Error::Argument(format!(
                "opponents must be None, 'greedy', 'expert', 'random' or 'external', got {other:?}"
            ))
            .into())
        }
    })
}

impl PyVecEnv {
    /// Run `f` on the env and the buffers, with the GIL released.
    fn with_buffers(
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&mut VecEnv, Out<'_>) -> crate::error::Result<()> + Send,
    ) -> PyResult<()> {
        let (obs, mask, reward) = (self.obs.bind(py), self.mask.bind(py), self.reward.bind(py));
        let (term, trunc, seat) = (
            self.terminated.bind(py),
            self.truncated.bind(py),
            self.seat.bind(py),
        );
        let (fin, learners) = (self.final_obs.bind(py), self.learners.bind(py));
        let mut o = obs.try_readwrite().map_err(buffer_error)?;
        let mut m = mask.try_readwrite().map_err(buffer_error)?;
        let mut r = reward.try_readwrite().map_err(buffer_error)?;
        let mut te = term.try_readwrite().map_err(buffer_error)?;
        let mut tr = trunc.try_readwrite().map_err(buffer_error)?;
        let mut s = seat.try_readwrite().map_err(buffer_error)?;
        let mut fo = fin.try_readwrite().map_err(buffer_error)?;
        let mut l = learners.try_readwrite().map_err(buffer_error)?;
        let out = Out {
            obs: o.as_slice_mut().map_err(buffer_error)?,
            mask: m.as_slice_mut().map_err(buffer_error)?,
            reward: r.as_slice_mut().map_err(buffer_error)?,
            terminated: te.as_slice_mut().map_err(buffer_error)?,
            truncated: tr.as_slice_mut().map_err(buffer_error)?,
            seat: s.as_slice_mut().map_err(buffer_error)?,
            final_obs: fo.as_slice_mut().map_err(buffer_error)?,
            learner: l.as_slice_mut().map_err(buffer_error)?,
        };
        let env = &mut self.env;
        Ok(py.detach(move || f(env, out))?)
    }

    fn observation(&self, py: Python<'_>) -> (Py<PyAny>, Py<PyAny>, Py<PyAny>) {
        (
            self.obs.clone_ref(py).into_any(),
            self.mask.clone_ref(py).into_any(),
            self.seat.clone_ref(py).into_any(),
        )
    }

    /// A table's index, checked.
    fn env_index(&self, i: &Bound<'_, PyAny>) -> PyResult<usize> {
        let n = self.env.num_envs();
        Ok(int_in(i, "env index", 0, n as i128 - 1)? as usize)
    }
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (num_envs, rules, seed, opponents=None, threads=None, action_space=None, version="v1", *, seeds=None, learner=None, log=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        num_envs: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        opponents: Option<&str>,
        threads: Option<&Bound<'_, PyAny>>,
        action_space: Option<&Bound<'_, PyAny>>,
        version: &str,
        seeds: Option<&Bound<'_, PyAny>>,
        learner: Option<&Bound<'_, PyAny>>,
        log: bool,
    ) -> PyResult<Self> {
        let space = action_space.map_or(Ok(ActionSpace::V1), space_arg)?;
        let version = version_arg(version)?;
        let n = int_in(num_envs, "num_envs", 1, 1 << 20)? as usize;
        let rules = rules_arg(rules)?.rules;
        let given = seeds.map(|s| seeds_arg(s, n)).transpose()?;
        let seed = match (seed, &given) {
            (Some(s), None) => seed_arg(s)?,
            (None, Some(_)) => 0,
            _ => {
                return Err(
                    Error::Argument("give either seed or seeds (one per env)".into()).into(),
                )
            }
        };
        let threads = match threads {
            Some(t) => int_in(t, "threads", 1, 256)? as usize,
            None => 1,
        };
        let learner = learner
            .map(|l| int_in(l, "learner", 0, 3))
            .transpose()?
            .map(|l| l as u8);
        let opponents = opponents_arg(opponents)?;
        let mut env = py.detach(|| {
            let seeds = given.as_deref().map_or(Seeds::Mixed(seed), Seeds::Given);
            VecEnv::seeded(n, rules, seeds, opponents, threads, space, learner)
        })?;
        env = env.with_version(version);
        env.set_log(log);
        let width = env.reward_width();
        let reward_shape: Vec<usize> = if width == 1 { vec![n] } else { vec![n, width] };
        let learners: Vec<i64> = env
            .tables()
            .iter()
            .map(|t| {
                if opponents == Opponents::SelfPlay {
                    -1
                } else {
                    i64::from(t.learner())
                }
            })
            .collect();
        let planes = version.planes(false);
        Ok(PyVecEnv {
            env,
            obs: PyArray3::zeros(py, [n, planes, WIDTH], false).unbind(),
            mask: PyArray2::zeros(py, [n, space.size()], false).unbind(),
            reward: PyArrayDyn::zeros(py, reward_shape, false).unbind(),
            terminated: PyArray1::zeros(py, n, false).unbind(),
            truncated: PyArray1::zeros(py, n, false).unbind(),
            seat: PyArray1::zeros(py, n, false).unbind(),
            final_obs: PyArray3::zeros(py, [n, planes, WIDTH], false).unbind(),
            learners: PyArray1::from_vec(py, learners).unbind(),
        })
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.env.num_envs()
    }

    /// The number of its action space (1 or 2).
    #[getter]
    fn action_space(&self) -> u8 {
        self.env.space().number()
    }

    /// The name of its observations' encoding (`"v1"`, `"v2"`, `"v3"`).
    #[getter]
    fn version(&self) -> &'static str {
        self.env.version().name()
    }

    /// The learner's seat of each table (`int64 (num_envs,)`, −1 in self-play), written in
    /// place.
    #[getter]
    fn learners(&self, py: Python<'_>) -> Py<PyAny> {
        self.learners.clone_ref(py).into_any()
    }

    /// The learner's observation of the hand each table ended on the last step (rows of
    /// tables that ended none are stale), written in place.
    #[getter]
    fn final_obs(&self, py: Python<'_>) -> Py<PyAny> {
        self.final_obs.clone_ref(py).into_any()
    }

    /// The buffers `(obs, mask, seat)` as the last call left them.
    fn rows(&self, py: Python<'_>) -> (Py<PyAny>, Py<PyAny>, Py<PyAny>) {
        self.observation(py)
    }

    /// Deal every table afresh from `seed`, or table `i` from `seeds[i]`; `(obs, mask,
    /// seat)`.
    #[pyo3(signature = (seed=None, seeds=None))]
    fn reset(
        &mut self,
        py: Python<'_>,
        seed: Option<&Bound<'_, PyAny>>,
        seeds: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(Py<PyAny>, Py<PyAny>, Py<PyAny>)> {
        match (seed, seeds) {
            (Some(s), None) => {
                let seed = seed_arg(s)?;
                self.with_buffers(py, move |env, out| env.reset(seed, out))?;
            }
            (None, Some(s)) => {
                let given = seeds_arg(s, self.env.num_envs())?;
                self.with_buffers(py, move |env, out| {
                    env.reset_seeded(Seeds::Given(&given), out)
                })?;
            }
            _ => {
                return Err(
                    Error::Argument("give either seed or seeds (one per env)".into()).into(),
                )
            }
        }
        Ok(self.observation(py))
    }

    /// One action number per table (`int64 (num_envs,)`), only where `active` (`bool
    /// (num_envs,)`) is true if given; `(obs, reward, terminated, truncated, mask, seat)`.
    #[pyo3(signature = (actions, active=None))]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: &Bound<'_, PyAny>,
        active: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<StepOut> {
        let n = self.env.num_envs();
        let arr = actions.cast::<PyArray1<i64>>().map_err(|_| {
            Error::Array(format!(
                "actions must be an int64 array of shape ({n},), got {}",
                repr(actions)
            ))
        })?;
        let arr: PyReadonlyArray1<'_, i64> = arr.readonly();
        if arr.len() != n {
            return Err(Error::Array(format!(
                "actions must have shape ({n},), got ({},)",
                arr.len()
            ))
            .into());
        }
        let acts: Vec<i64> = arr.as_array().iter().copied().collect();
        let active: Option<Vec<bool>> = match active {
            None => None,
            Some(a) => {
                let a = a.cast::<PyArray1<bool>>().map_err(|_| {
                    Error::Array(format!(
                        "active must be a bool array of shape ({n},), got {}",
                        repr(a)
                    ))
                })?;
                let a: PyReadonlyArray1<'_, bool> = a.readonly();
                if a.len() != n {
                    return Err(Error::Array(format!(
                        "active must have shape ({n},), got ({},)",
                        a.len()
                    ))
                    .into());
                }
                Some(a.as_array().iter().copied().collect())
            }
        };
        self.with_buffers(py, move |env, out| {
            env.step_active(&acts, active.as_deref(), out)
        })?;
        Ok((
            self.obs.clone_ref(py).into_any(),
            self.reward.clone_ref(py).into_any(),
            self.terminated.clone_ref(py).into_any(),
            self.truncated.clone_ref(py).into_any(),
            self.mask.clone_ref(py).into_any(),
            self.seat.clone_ref(py).into_any(),
        ))
    }

    /// Table `i` drops its hand and deals the next (no reward); its rows of `obs`, `mask`,
    /// `seat` and `learners` are rewritten.
    fn abandon(&mut self, py: Python<'_>, i: &Bound<'_, PyAny>) -> PyResult<()> {
        let i = self.env_index(i)?;
        self.with_buffers(py, move |env, out| env.abandon(i, out))
    }

    /// A copy of table `i`'s game in play, or with `ended` of the hand it ended on the
    /// last step (`None` if none ended, or the env does not log).
    #[pyo3(signature = (i, ended=false))]
    fn game(&self, i: &Bound<'_, PyAny>, ended: bool) -> PyResult<Option<PyGameCore>> {
        let i = self.env_index(i)?;
        let game = if ended {
            self.env.ended_game(i)
        } else {
            Some(self.env.game(i))
        };
        Ok(game.map(|g| PyGameCore { core: g.clone() }))
    }
}
