//! The RL layer's binding: the action numbering, masks and encodings of a live game or a
//! seat view as NumPy arrays (`VecEnv`'s binding is `vecenv.rs`).

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyBool;

use super::args::{repr, seat_arg};
use super::game::PyGameCore;
use super::rules::rules_arg;
use super::value::from_py;
use crate::error::Error;
use crate::game::SeatView;
use crate::rl::{
    actions::CODE_OF_ACTION, encode_oracle_version, encode_version, ActionSpace, Live, Version,
    WIDTH,
};

/// An encoding version's name (`"v1"`, `"v2"`, `"v3"`), read.
pub(super) fn version_arg(name: &str) -> PyResult<Version> {
    Version::parse(name).ok_or_else(|| {
        Error::Argument(format!(
            "unknown encoding version {name:?}; known: {}",
            Version::NAMES.join(", ")
        ))
        .into()
    })
}

/// An action space's number (1 or 2, not a bool), read.
pub(super) fn space_arg(obj: &Bound<'_, PyAny>) -> PyResult<ActionSpace> {
    let n = if obj.cast::<PyBool>().is_ok() {
        None
    } else {
        obj.extract::<i128>().ok()
    };
    let Some(n) = n else {
        return Err(Error::Type(format!(
            "an action space is an int (1 or 2), got {}",
            repr(obj)
        ))
        .into());
    };
    Ok(ActionSpace::of_number(n)?)
}

/// The engine code of each action number of `action_space`, in order.
#[pyfunction]
#[pyo3(signature = (action_space=None))]
pub fn rl_action_codes(action_space: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<u16>> {
    let space = action_space.map_or(Ok(ActionSpace::V1), space_arg)?;
    Ok(CODE_OF_ACTION[..space.size()].to_vec())
}

/// The size of `action_space`, once it is checked against `rules` (a `Rules`, a preset or
/// options text, `None`): `InvalidArgumentError` if the space cannot number the rules'
/// decisions (v1 and the decisions before play).
#[pyfunction]
#[pyo3(signature = (rules, action_space))]
pub fn rl_action_space(
    rules: Option<&Bound<'_, PyAny>>,
    action_space: &Bound<'_, PyAny>,
) -> PyResult<usize> {
    let space = space_arg(action_space)?;
    space.check_rules(&rules_arg(rules)?.rules)?;
    Ok(space.size())
}

/// The space of an optional argument, checked against the game's rules.
fn game_space(game: &PyGameCore, action_space: Option<&Bound<'_, PyAny>>) -> PyResult<ActionSpace> {
    let space = action_space.map_or(Ok(ActionSpace::V1), space_arg)?;
    space.check_rules(game.core.rules())?;
    Ok(space)
}

/// `(planes, width)` of the encoding `version`, or of its oracle variant.
#[pyfunction]
#[pyo3(signature = (oracle, version="v1"))]
pub fn rl_obs_shape(oracle: bool, version: &str) -> PyResult<(usize, usize)> {
    Ok((version_arg(version)?.planes(oracle), WIDTH))
}

/// `seat`'s mask over the action numbers of `action_space` (1 unless given): `True`
/// exactly at its legal actions.
#[pyfunction]
#[pyo3(signature = (game, seat, action_space=None))]
pub fn rl_action_mask<'py>(
    py: Python<'py>,
    mut game: PyRefMut<'_, PyGameCore>,
    seat: &Bound<'_, PyAny>,
    action_space: Option<&Bound<'_, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let space = game_space(&game, action_space)?;
    let legal = game.core.legal_actions(seat_arg(seat)?)?;
    let mut mask = vec![false; space.size()];
    space.write_mask(&legal, &mut mask);
    Ok(mask.into_pyarray(py))
}

/// `(observation, mask)` of `seat` for the AEC environment: the `version` encoding (or the
/// oracle's) and the `int8` mask over `action_space` (1 unless given), in one call.
#[pyfunction]
#[pyo3(signature = (game, seat, oracle, version="v1", action_space=None))]
pub fn rl_observe<'py>(
    py: Python<'py>,
    mut game: PyRefMut<'_, PyGameCore>,
    seat: &Bound<'_, PyAny>,
    oracle: bool,
    version: &str,
    action_space: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Bound<'py, PyArray2<u8>>, Bound<'py, PyArray1<i8>>)> {
    let version = version_arg(version)?;
    let space = game_space(&game, action_space)?;
    let seat = seat_arg(seat)?;
    let legal = game.core.legal_actions(seat)?;
    let mask = PyArray1::<i8>::zeros(py, space.size(), false);
    {
        let mut rw = mask.readwrite();
        let m = rw.as_slice_mut().map_err(buffer_error)?;
        for &c in &legal {
            if let Some(a) = space.action_of_code(c) {
                m[a as usize] = 1;
            }
        }
    }
    let planes = version.planes(oracle);
    let obs = PyArray2::<u8>::zeros(py, [planes, WIDTH], false);
    {
        let mut rw = obs.readwrite();
        let out = rw.as_slice_mut().map_err(buffer_error)?;
        write_encoding(&game.core, seat, oracle, version, out);
    }
    Ok((obs, mask))
}

/// `seat` takes action number `action` of `action_space` (1 unless given); the next seat
/// to decide, or `None` once the hand is over. An action outside the space raises
/// `InvalidArgumentError`, one outside the mask `IllegalActionError`; either changes
/// nothing.
#[pyfunction]
#[pyo3(signature = (game, seat, action, action_space=None))]
pub fn rl_step(
    mut game: PyRefMut<'_, PyGameCore>,
    seat: &Bound<'_, PyAny>,
    action: &Bound<'_, PyAny>,
    action_space: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<u8>> {
    let space = game_space(&game, action_space)?;
    let seat = seat_arg(seat)?;
    let a = if action.cast::<PyBool>().is_ok() {
        None
    } else {
        action.extract::<i128>().ok()
    };
    let Some(a) = a else {
        return Err(Error::Type(format!(
            "an action is an int 0..{}, got {}",
            space.size() - 1,
            repr(action)
        ))
        .into());
    };
    let core = &mut game.core;
    let to_act = core.to_act();
    if !to_act.contains(&seat) {
        return Err(Error::NotYourTurn(format!("seat {seat} is not to act now")).into());
    }
    let legal = core.legal_actions(seat)?;
    let code = space.check(a, seat, |n| legal.contains(&CODE_OF_ACTION[n]))?;
    crate::rl::peek::step_checked(core, seat, code);
    Ok(core.first_to_act())
}

/// Write `seat`'s `version` encoding (the oracle's with `oracle`) into `out`, of its size.
fn write_encoding(
    core: &crate::game::GameCore,
    seat: u8,
    oracle: bool,
    version: Version,
    out: &mut [u8],
) {
    if oracle {
        encode_oracle_version(core, seat, version, out);
    } else {
        let live = Live {
            game: core,
            seat,
            all: false,
        };
        encode_version(&live, version, out);
    }
}

fn encode_of(
    core: &crate::game::GameCore,
    seat: u8,
    oracle: bool,
    version: Version,
) -> PyResult<Array2<u8>> {
    let planes = version.planes(oracle);
    let mut out = vec![0u8; planes * WIDTH];
    write_encoding(core, seat, oracle, version, &mut out);
    Ok(Array2::from_shape_vec((planes, WIDTH), out).map_err(|e| Error::Array(e.to_string()))?)
}

/// The `version` encoding of what `seat` knows in the live game (`uint8 (planes, 34)`), or
/// with `oracle` the perfect-information variant.
#[pyfunction]
#[pyo3(signature = (game, seat, oracle, version="v1"))]
pub fn rl_encode_game<'py>(
    py: Python<'py>,
    game: PyRef<'_, PyGameCore>,
    seat: &Bound<'_, PyAny>,
    oracle: bool,
    version: &str,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let version = version_arg(version)?;
    Ok(encode_of(&game.core, seat_arg(seat)?, oracle, version)?.into_pyarray(py))
}

/// The `version` encoding of a seat view's dict (`SeatView.to_dict()`).
#[pyfunction]
#[pyo3(signature = (view, version="v1"))]
pub fn rl_encode_view<'py>(
    py: Python<'py>,
    view: &Bound<'_, PyAny>,
    version: &str,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let version = version_arg(version)?;
    let view: SeatView = serde_json::from_value(from_py(view)?)
        .map_err(|e| Error::Argument(format!("not a seat view: {e}")))?;
    if view.seat.is_none_or(|s| s > 3) || view.dealer > 3 || view.turn > 3 {
        return Err(Error::Argument(format!(
            "not a seat view: seat {}, dealer {}, turn {} must be 0–3",
            view.seat
                .map_or_else(|| "null".to_owned(), |s| s.to_string()),
            view.dealer,
            view.turn
        ))
        .into());
    }
    let planes = version.planes(false);
    let mut out = vec![0u8; planes * WIDTH];
    encode_version(&view, version, &mut out);
    Ok(Array2::from_shape_vec((planes, WIDTH), out)
        .map_err(|e| Error::Array(e.to_string()))?
        .into_pyarray(py))
}

/// A NumPy buffer that cannot be written (a view of it blocks writing).
pub(super) fn buffer_error(e: impl std::fmt::Display) -> PyErr {
    Error::Array(format!(
        "a VecEnv buffer cannot be written ({e}); do not keep views of it that block writing"
    ))
    .into()
}
