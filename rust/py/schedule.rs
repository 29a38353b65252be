//! The drivers of Python's own loops: `Schedule`, a run's hands in order for bots written in
//! Python, and `MatchDriver`, the match of `koudiandian.Match`; each hand they deal is a
//! `HandStart` (`crate::selfplay::schedule`).

use pyo3::prelude::*;

use super::args::{int_in, repr};
use super::game::PyGameCore;
use super::rules::{rules_arg, PyRules};
use super::selfplay::{check_duplicate, length_arg, length_error, py_records, PyRecord};
use crate::error::Error;
use crate::selfplay::{HandStart, Length, MatchDriver, Played, Schedule};

/// A hand as a `Schedule` or a `MatchDriver` deals it (see `crate::selfplay::HandStart`).
#[pyclass(frozen, module = "koudiandian._core", name = "HandStart")]
pub struct PyHandStart(HandStart);

#[pymethods]
impl PyHandStart {
    /// The run's unit it belongs to (0 in a match on its own).
    #[getter]
    fn unit(&self) -> u64 {
        self.0.unit
    }

    /// Its number in its match (0 for a hand on its own).
    #[getter]
    fn number(&self) -> u32 {
        self.0.number
    }

    /// Its duplicate rotation (0 otherwise).
    #[getter]
    fn rotation(&self) -> u8 {
        self.0.rotation
    }

    #[getter]
    fn seed(&self) -> u64 {
        self.0.seed
    }

    #[getter]
    fn dealer(&self) -> u8 {
        self.0.dealer
    }

    /// The scores it starts from.
    #[getter]
    fn scores(&self) -> (i32, i32, i32, i32) {
        let s = self.0.scores;
        (s[0], s[1], s[2], s[3])
    }

    /// The prevalent wind it is played under (0 东 … 3 北).
    #[getter]
    fn prevalent_wind(&self) -> u8 {
        self.0.prevalent_wind
    }

    /// The listed bot in each seat.
    #[getter]
    fn seating(&self) -> (u8, u8, u8, u8) {
        let s = self.0.seating;
        (s[0], s[1], s[2], s[3])
    }

    /// The seed of each seat's bot.
    #[getter]
    fn bot_seeds(&self) -> (u64, u64, u64, u64) {
        let h = &self.0;
        (h.bot_seed(0), h.bot_seed(1), h.bot_seed(2), h.bot_seed(3))
    }

    fn __repr__(&self) -> String {
        let h = &self.0;
        format!(
            "HandStart(unit={}, number={}, rotation={}, seed={}, dealer={}, scores={:?}, \
             seating={:?})",
            h.unit,
            h.number,
            h.rotation,
            h.seed,
            h.dealer,
            self.scores(),
            self.seating()
        )
    }
}

/// Units `start..stop` of a run under `rules` (a `Rules`, a preset name or `None`: the
/// default rules; their profile says who deals a match's first hand), hand by hand, for the
/// Python loop of `simulate`: it plays each `next_hand()` with its bots and hands the
/// finished `GameCore` to `finish`, which keeps its record, its log line (when `names`, the
/// four listed bots' names, are given) and the ranking of a match it ends; `played()` gives
/// them as `self_play` does.
#[pyclass(module = "koudiandian._core", name = "Schedule")]
pub struct PySchedule {
    schedule: Schedule,
    names: Option<[String; 4]>,
    played: Played,
}

#[pymethods]
impl PySchedule {
    #[new]
    #[pyo3(signature = (rules, seed, start, stop, *, length=None, duplicate=false, names=None))]
    fn new(
        rules: Option<&Bound<'_, PyAny>>,
        seed: u64,
        start: u64,
        stop: u64,
        length: Option<&Bound<'_, PyAny>>,
        duplicate: bool,
        names: Option<Vec<String>>,
    ) -> PyResult<Self> {
        let rules = rules_arg(rules)?.rules;
        let names = names
            .map(|n| {
                <[String; 4]>::try_from(n)
                    .map_err(|n| Error::Argument(format!("need four bot names, got {}", n.len())))
            })
            .transpose()?;
        let length = length_arg(length, true)?
            .map(|l| l.check(&rules))
            .transpose()?;
        check_duplicate(duplicate, length)?;
        if start > stop || stop > i64::MAX as u64 {
            return Err(
                Error::Argument(format!("need start ≤ stop < 2**63, got {start}..{stop}")).into(),
            );
        }
        Ok(PySchedule {
            schedule: Schedule::new(&rules, seed, length, duplicate, start, stop),
            names,
            played: Played::default(),
        })
    }

    /// The next hand to play, or `None` once the run is done.
    fn next_hand(&self) -> Option<PyHandStart> {
        self.schedule.next_hand().map(PyHandStart)
    }

    /// Take `core`, the next hand played to its end (nothing changes if it is not over).
    fn finish(&mut self, core: PyRef<'_, PyGameCore>) -> PyResult<()> {
        let Some(hand) = self.schedule.next_hand() else {
            return Err(Error::Argument("the run is done".into()).into());
        };
        let game = &core.core;
        let head = self
            .names
            .as_ref()
            .map(|names| self.schedule.log_head(&hand, names));
        let ranking = self.schedule.finish(game)?;
        self.played.keep(game, &hand, head);
        self.played.rankings.extend(ranking);
        Ok(())
    }

    /// What the finished hands left, as `self_play` returns it: `(records, rankings (each
    /// as bytes), log_lines)` (taken: a second call gives what was finished since).
    fn played(&mut self) -> (Vec<PyRecord>, Vec<[u8; 4]>, Vec<String>) {
        let played = std::mem::take(&mut self.played);
        (py_records(&played), played.rankings, played.logs)
    }
}

/// `koudiandian.Match`'s match (see `crate::selfplay::MatchDriver`): checks the match's
/// settings, deals its hands (`next_hand`), settles each finished `GameCore` (`settle`),
/// and says when it is over and how the seats rank; it keeps the match's rules.
#[pyclass(module = "koudiandian._core", name = "MatchDriver")]
pub struct PyMatchDriver(MatchDriver, PyRules);

/// A seat, `"random"` (drawn from the seed) or `None` (as the profile says).
fn first_dealer_arg(obj: Option<&Bound<'_, PyAny>>, rules: &PyRules, seed: u64) -> PyResult<u8> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(MatchDriver::default_first_dealer(&rules.rules, seed));
    };
    if obj.eq("random")? {
        return Ok(MatchDriver::drawn_first_dealer(seed));
    }
    int_in(obj, "first_dealer", 0, 3)
        .map(|s| s as u8)
        .map_err(|_| {
            Error::Argument(format!(
                "first_dealer must be a seat 0–3 or 'random', got {}",
                repr(obj)
            ))
            .into()
        })
}

#[pymethods]
impl PyMatchDriver {
    /// A match of `length` (`"one_round"`, a number of hands, or `None`: the profile's
    /// length, `Length::default_for`) under `rules`, seeded `seed`
    /// (0..2**64-1), first dealt by `first_dealer` (a seat, `"random"` or `None`: the
    /// profile's choice); the settings are checked in that order.
    #[new]
    #[pyo3(signature = (rules, length, seed, first_dealer=None))]
    fn new(
        rules: PyRef<'_, PyRules>,
        length: Option<&Bound<'_, PyAny>>,
        seed: &Bound<'_, PyAny>,
        first_dealer: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let length = match length {
            Some(l) => length_arg(Some(l), true)?
                .ok_or_else(|| length_error(l))?
                .check(&rules.rules)?,
            None => Length::default_for(&rules.rules),
        };
        let seed = int_in(seed, "seed", 0, i128::from(u64::MAX)).map_err(|_| {
            PyErr::from(Error::Argument(format!(
                "seed must be an int in 0..2**64-1, got {}",
                repr(seed)
            )))
        })? as u64;
        let first = first_dealer_arg(first_dealer, &rules, seed)?;
        Ok(PyMatchDriver(MatchDriver::new(length, seed, first), *rules))
    }

    #[getter]
    fn first_dealer(&self) -> u8 {
        self.0.first_dealer()
    }

    /// The dealer of the next hand (of the last, once the match is over).
    #[getter]
    fn dealer(&self) -> u8 {
        self.0.dealer()
    }

    /// The scores after the hands settled so far.
    #[getter]
    fn scores(&self) -> (i32, i32, i32, i32) {
        let s = self.0.scores();
        (s[0], s[1], s[2], s[3])
    }

    /// The hands settled so far.
    #[getter]
    fn hands(&self) -> u32 {
        self.0.hands()
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.0.is_over()
    }

    /// Seats from highest to lowest score, ties to the lower seat.
    #[getter]
    fn ranking(&self) -> Vec<usize> {
        self.0.ranking().map(usize::from).to_vec()
    }

    /// The next hand, its prevalent wind as the match's profile says (`None` once the match
    /// is over). `rules` need not be given; given, it must be the match's.
    #[pyo3(signature = (rules=None))]
    fn next_hand(&self, rules: Option<PyRef<'_, PyRules>>) -> PyResult<Option<PyHandStart>> {
        if rules.is_some_and(|r| *r != self.1) {
            let what = "next_hand's rules are the match's: pass none";
            return Err(Error::Argument(what.into()).into());
        }
        Ok(self.0.next_hand().map(|mut hand| {
            hand.prevalent_wind = self.0.prevalent_wind(&self.1.rules);
            PyHandStart(hand)
        }))
    }

    /// Who deals after `core`, a finished hand of this match (`None` while it is not over).
    fn next_dealer(&self, core: PyRef<'_, PyGameCore>) -> Option<u8> {
        self.0.next_dealer(&core.core)
    }

    /// Settle `core`, the match's next hand, finished (nothing changes if it is not over).
    fn settle(&mut self, core: PyRef<'_, PyGameCore>) -> PyResult<()> {
        Ok(self.0.settle(&core.core)?)
    }

    /// Pickling and copying: `__new__` gets the rules, `__setstate__` the match's state.
    fn __getnewargs__(&self) -> (PyRules, u32, u64) {
        (self.1, 1, 0)
    }

    /// `(length (0: one round), seed, first dealer, dealer, scores, passes, hands, over)`.
    fn __getstate__(&self) -> (u32, u64, u8, u8, [i32; 4], u32, u32, bool) {
        let m = &self.0;
        let length = match m.length() {
            Length::OneRound => 0,
            Length::Hands(n) => n,
        };
        let (dealer, scores, passes, hands, over) = m.state();
        (
            length,
            m.seed(),
            m.first_dealer(),
            dealer,
            scores,
            passes,
            hands,
            over,
        )
    }

    fn __setstate__(
        &mut self,
        state: (u32, u64, u8, u8, [i32; 4], u32, u32, bool),
    ) -> PyResult<()> {
        let (length, seed, first, dealer, scores, passes, hands, over) = state;
        let length = if length == 0 {
            Length::OneRound
        } else {
            Length::Hands(length)
        };
        self.0 =
            MatchDriver::from_state(length, seed, first, (dealer, scores, passes, hands, over))?;
        Ok(())
    }
}
