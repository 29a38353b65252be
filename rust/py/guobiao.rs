//! `guobiao_fans`: the guobiao fan calculator (`profiles::guobiao::fans::score`) called on
//! one won hand. Argument checks only; the calculator validates the hand.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyInt, PyString};

use super::convert;
use crate::error::Error;
use crate::profiles::guobiao::fans::{self, Fan, FanMeld, Situation, WinInput};
use crate::tiles::{counts_of, KINDS};

/// A small non-negative int argument (not a bool), or `InvalidArgumentError` naming it.
fn small_int(obj: &Bound<'_, PyAny>, what: &str, max: u8) -> Result<u8, Error> {
    let value = if obj.cast::<PyBool>().is_ok() {
        None
    } else {
        obj.cast::<PyInt>()
            .ok()
            .and_then(|i| i.extract::<i64>().ok())
    };
    match value {
        Some(v) if (0..=i64::from(max)).contains(&v) => Ok(v as u8),
        _ => Err(Error::Argument(format!(
            "{what} must be an int 0–{max}, got {}",
            obj.repr()
                .map_or_else(|_| "?".to_owned(), |r| r.to_string())
        ))),
    }
}

/// The fans' names as Python strings, made once (a call returns the same objects).
static NAMES: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

fn name(py: Python<'_>, fan: Fan) -> Py<PyString> {
    NAMES.get_or_init(py, || {
        Fan::ALL
            .iter()
            .map(|f| PyString::new(py, f.name()).unbind())
            .collect()
    })[fan as usize]
        .clone_ref(py)
}

/// The fans of a won hand as `(name, value, times)` in the fan table's order.
#[pyfunction]
#[pyo3(signature = (tiles, melds, offers, win_tile, flowers, self_drawn, last_copy, kong, wall_last, seat_wind, prevalent_wind))]
#[allow(clippy::too_many_arguments)]
pub fn guobiao_fans(
    tiles: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    offers: &Bound<'_, PyAny>,
    win_tile: &Bound<'_, PyAny>,
    flowers: &Bound<'_, PyAny>,
    self_drawn: bool,
    last_copy: bool,
    kong: bool,
    wall_last: bool,
    seat_wind: &Bound<'_, PyAny>,
    prevalent_wind: &Bound<'_, PyAny>,
) -> PyResult<Vec<(Py<PyString>, u8, u8)>> {
    let py = tiles.py();
    let concealed = counts_of(&convert::kinds(tiles)?)?;
    let melds = convert::melds(melds)?;
    let offers: Vec<Bound<'_, PyAny>> = offers
        .try_iter()
        .map_err(|_| Error::Type("offers must be an iterable of ints".into()))?
        .collect::<PyResult<_>>()?;
    if offers.len() != melds.len() {
        return Err(Error::Meld(format!(
            "{} offers for {} melds; expected one a meld",
            offers.len(),
            melds.len()
        ))
        .into());
    }
    let mut fan_melds = Vec::with_capacity(melds.len());
    for (meld, offer) in melds.into_iter().zip(&offers) {
        fan_melds.push(FanMeld {
            meld,
            offer: small_int(offer, "an offer", 3)?,
        });
    }
    let win = small_int(win_tile, "win_tile", KINDS as u8 - 1)
        .map_err(|e| Error::InvalidTile(e.message().to_owned()))?;
    let input = WinInput {
        melds: &fan_melds,
        concealed: &concealed,
        win_tile: win,
        flowers: small_int(flowers, "flowers", 8)?,
        seat_wind: small_int(seat_wind, "seat_wind", 3)?,
        prevalent_wind: small_int(prevalent_wind, "prevalent_wind", 3)?,
        situation: Situation {
            self_drawn,
            last_copy,
            kong,
            wall_last,
        },
    };
    let scored = fans::score(&input)?;
    Ok(scored
        .items
        .iter()
        .map(|f| (name(py, f.fan), f.fan.value(), f.times))
        .collect())
}
