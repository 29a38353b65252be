//! Botzone's judge (`crate::botzone`): `BotzoneJudge`, a game judged turn by turn;
//! `botzone_judge`, the judge program; `botzone_check`, a finished log judged again;
//! `BotzonePlayer`, a built-in bot as a Botzone bot. Bad input raises
//! `koudiandian.errors.BotzoneInputError`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

use crate::bots::Bot;
use crate::botzone::{self, BotzonePlayer, InputError, Judge};
use crate::py::args::int_in;
use crate::py::game::PyGameCore;

static INPUT_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// `koudiandian.errors.BotzoneInputError`, fetched once.
fn input_error(py: Python<'_>) -> PyResult<&Py<PyType>> {
    INPUT_ERROR.get_or_try_init(py, || {
        let module = py.import("koudiandian.errors")?;
        Ok(module
            .getattr("BotzoneInputError")?
            .cast_into::<PyType>()?
            .unbind())
    })
}

impl From<InputError> for PyErr {
    fn from(e: InputError) -> PyErr {
        Python::attach(|py| match input_error(py) {
            Ok(t) => PyErr::from_type(t.bind(py).clone(), e.0),
            Err(_) => PyValueError::new_err(e.0),
        })
    }
}

/// A game judged turn by turn: `initdata` the JSON text of `{"walltiles", "quan", "srand"}`
/// (each optional, as the official judge reads them).
#[pyclass(module = "koudiandian._core", name = "BotzoneJudge")]
pub struct PyBotzoneJudge(Judge);

#[pymethods]
impl PyBotzoneJudge {
    #[new]
    fn new(initdata: &str) -> PyResult<Self> {
        let value = botzone::json_text(initdata)?;
        Ok(PyBotzoneJudge(Judge::new(botzone::init_data(&value)?)?))
    }

    /// The judge of `game`, a hand just dealt under the botzone rules (a copy: the judge
    /// plays its own); its setting is the game's wall and prevalent wind (`srand` 0).
    #[staticmethod]
    fn for_game(game: PyRef<'_, PyGameCore>) -> PyResult<Self> {
        Ok(PyBotzoneJudge(Judge::for_game(game.core.clone())?))
    }

    /// The current output, JSON text (the first: INIT, with `initdata`).
    fn output(&self) -> String {
        botzone::output_text(self.0.output())
    }

    /// Answer the current output with one log entry of answers (JSON text:
    /// `{"0": {"verdict": "OK", "response": "PASS"}, …}`); the next output, JSON text.
    fn answer(&mut self, answers: &str) -> PyResult<String> {
        let value = botzone::json_text(answers)?;
        let parsed = botzone::read_answers(&value, 2 * self.0.turn() - 1)?;
        Ok(botzone::output_text(self.0.answer(&parsed)?))
    }

    /// Whether the game is over (the output is a `finish`).
    #[getter]
    fn finished(&self) -> bool {
        self.0.finished()
    }

    /// The outputs made so far (1 on INIT).
    #[getter]
    fn turn(&self) -> usize {
        self.0.turn()
    }

    /// The engine's log of the game so far, one JSON array.
    fn log_json(&self) -> String {
        crate::selfplay::event_log_json(self.0.game().events())
    }

    /// A copy of the engine's game as it stands.
    fn game(&self) -> PyGameCore {
        PyGameCore {
            core: self.0.game().clone(),
        }
    }
}

/// The judge program: one input (`{"initdata": ..., "log": [...]}`, JSON text), the next
/// output (JSON text).
#[pyfunction]
pub fn botzone_judge(py: Python<'_>, input: &str) -> PyResult<String> {
    let input = input.to_owned();
    Ok(py.detach(move || botzone::judge_program(&input))?)
}

/// A finished game's log judged again: every difference as (turn, field, logged, ours).
#[pyfunction]
pub fn botzone_check(py: Python<'_>, log: &str) -> PyResult<Vec<(usize, String, String, String)>> {
    let log = log.to_owned();
    let diffs = py.detach(move || botzone::check_log(&log))?;
    Ok(diffs
        .into_iter()
        .map(|d| (d.turn, d.field, d.logged, d.ours))
        .collect())
}

/// A built-in bot (`random`, `greedy`, `expert`, `search[:…]`) as a Botzone bot, for one
/// game: the seat's side of the protocol, requests in, answers out.
#[pyclass(module = "koudiandian._core", name = "BotzonePlayer")]
pub struct PyBotzonePlayer(BotzonePlayer);

/// A request that is no Botzone mahjong request, as bad input.
fn request_error(e: &crate::error::Error) -> PyErr {
    InputError(e.message().to_owned()).into()
}

#[pymethods]
impl PyBotzonePlayer {
    #[new]
    #[pyo3(signature = (bot, seed=None))]
    fn new(bot: &str, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let seed = match seed {
            Some(s) => int_in(s, "seed", 0, i128::from(u64::MAX))? as u64,
            None => 0,
        };
        Ok(PyBotzonePlayer(BotzonePlayer::new(Bot::parse(bot)?, seed)))
    }

    /// The answer to the game's next request (the bot decides only where it has a choice).
    fn answer(&mut self, py: Python<'_>, request: &str) -> PyResult<String> {
        let player = &mut self.0;
        py.detach(|| player.answer(request))
            .map_err(|e| request_error(&e))
    }

    /// A turn already played (restart mode's history): the request and the bot's answer.
    fn replay(&mut self, request: &str, response: &str) -> PyResult<()> {
        self.0
            .replay(request, response)
            .map_err(|e| request_error(&e))
    }

    /// Whether the last request answered gave a choice among two answers or more.
    #[getter]
    fn had_choice(&self) -> bool {
        self.0.had_choice()
    }

    /// Why the seat's world was given up (answers are then `PLAY X` or `PASS`), if it was.
    #[getter]
    fn broken(&self) -> Option<String> {
        self.0.broken().map(str::to_owned)
    }

    /// The requests received so far.
    #[getter]
    fn turns(&self) -> usize {
        self.0.turns()
    }
}
