//! Botzone's judge (`crate::botzone`): `BotzoneJudge`, a game judged turn by turn;
//! `botzone_judge`, the judge program; `botzone_check`, a finished log judged again. Bad
//! input raises `koudiandian.errors.BotzoneInputError`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

use crate::botzone::{self, InputError, Judge};
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
